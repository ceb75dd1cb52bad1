package htmlpage

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/internal/golden"
	"github.com/grundylab/grundy/pkg/report/internal/reporttest"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"golang.org/x/net/html"
)

var modTime = time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)

// body returns the part of a page between <body> and </body>: the CSS,
// the same on every page, is tested on its own.
func body(page []byte) string {
	s := string(page)
	start := strings.Index(s, "<body>")
	end := strings.LastIndex(s, "</body>")
	if start < 0 || end < start {
		return s
	}
	return s[start : end+len("</body>")+1]
}

func convertCase(t *testing.T, input string) []byte {
	t.Helper()
	nb, name, trust := reporttest.GoldenCase(t, input)
	v, err := report.NewView(nb, report.ViewOptions{Name: name, ModTime: modTime})
	if err != nil {
		t.Fatal(err)
	}
	page, err := Convert(nb, v.Meta, Options{MathFont: "assets/latinmodern-math.otf", Home: "index.html", Trust: trust})
	if err != nil {
		t.Fatal(err)
	}
	return page
}

func TestGolden(t *testing.T) {
	golden.Run(t, filepath.Join("testdata", "cases.txt"), func(t *testing.T, input string) string {
		page := convertCase(t, input)
		if !strings.Contains(input, "trust") {
			checkSafe(t, input, page)
		}
		return body(page)
	})
}

func TestHead(t *testing.T) {
	page := convertCase(t, "math.ipynb")
	for _, want := range []string{
		`<meta name="viewport" content="width=device-width, initial-scale=1">`,
		`<title>Nim sums and the mex rule</title>`,
		`url("assets/latinmodern-math.otf") format("opentype")`,
		`math { font-family: "Latin Modern Math", "STIX Two Math", math;`,
		`@media (prefers-color-scheme: dark)`,
		`.chroma .kd {`,
	} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("page head lacks %q", want)
		}
	}
	for _, network := range []string{"http://", "https://", "//cdn", "@import"} {
		head, _, _ := strings.Cut(string(page), "<body>")
		if strings.Contains(strings.ReplaceAll(head, "http://www.w3.org", ""), network) {
			t.Errorf("page head refers to the network: %q", network)
		}
	}
	noFont, err := Convert(notebook.New(), report.Meta{Title: "t"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(noFont, []byte("@font-face")) {
		t.Error("a page without MathFont loads a font")
	}
}

// attacks is a notebook in which every place untrusted HTML can come from
// tries to run code or load from the network.
func attacks() *notebook.Notebook {
	nb := notebook.New()
	md := strings.Join([]string{
		`<script>alert(1)</script>`,
		`Inline <img src=x onerror="alert(2)"> and <a href="javascript:alert(3)">link</a>.`,
		`[md link](javascript:alert(4)) and ![md image](https://tracker.example/p.png)`,
		`<div onclick="alert(5)" style="background: url(https://tracker.example/x)">div</div>`,
		`<svg onload="alert(6)"><script>alert(7)</script><use href="https://e.example/s.svg#a"/></svg>`,
		`<iframe src="https://e.example"></iframe><object data="x.swf"></object>`,
		`<details ontoggle="alert(8)" open><summary>s</summary></details>`,
	}, "\n\n")
	nb.Cells = append(nb.Cells, &notebook.Cell{Type: notebook.Markdown, Source: md})
	out := func(mime, s string) *notebook.Output {
		o := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}}
		o.Data.SetText(mime, s)
		return o
	}
	nb.Cells = append(nb.Cells, &notebook.Cell{Type: notebook.Code, Source: "x", Outputs: []*notebook.Output{
		out("text/html", `<p onmouseover="alert(9)">p</p><script>alert(10)</script><img src="http://e.example/i.png">`),
		out("image/svg+xml", `<svg onload="alert(11)"><a xlink:href="javascript:alert(12)"><text>t</text></a></svg>`),
		out("text/markdown", `<b onclick="alert(13)">md</b> [x](javascript:alert(14))`),
		out("text/latex", `$x$ <script>alert(15)</script>`),
	}})
	nb.Cells = append(nb.Cells, &notebook.Cell{Type: notebook.Raw, Source: `<script>alert(16)</script><i onclick="alert(17)">raw</i>`,
		Metadata: notebook.Metadata{"format": []byte(`"text/html"`)}})
	return nb
}

func TestUntrustedHTMLIsSafe(t *testing.T) {
	page, err := Convert(attacks(), report.Meta{Title: "attacks"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkSafe(t, "attacks", page)
	for _, kept := range []string{"<div>div</div>", "<p>p</p>", "<b>md</b>", "<i>raw</i>"} {
		if !bytes.Contains(page, []byte(kept)) {
			t.Errorf("sanitising lost %q", kept)
		}
	}
	// The SVG output is an image, sanitised, in a data: URI.
	svgs := svgImages(t, page)
	if len(svgs) != 1 || !strings.Contains(svgs[0], "<text>t</text></svg>") || strings.Contains(svgs[0], "javascript") {
		t.Errorf("SVG images %q, want one sanitised keeping its text", svgs)
	}
	trusted, err := Convert(attacks(), report.Meta{Title: "attacks"}, Options{Trust: true})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(trusted, []byte(`<script>alert(1)</script>`)) || !bytes.Contains(trusted, []byte(`onmouseover="alert(9)"`)) {
		t.Error("a trusted notebook's HTML was changed")
	}
}

var remoteCSS = regexp.MustCompile(`(?i)url\(\s*['"]?[a-z]*:?//`)

// checkSafe parses a page as a browser would and fails on anything in its
// body that could run code or load from the network.
func checkSafe(t *testing.T, name string, page []byte) {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		switch n.Data {
		case "script", "iframe", "object", "embed", "link", "base", "form", "frame":
			t.Errorf("%s: <%s> in the page", name, n.Data)
		case "style":
			if n.Parent == nil || n.Parent.Data != "head" {
				t.Errorf("%s: <style> outside the head", name)
			}
		}
		for _, a := range n.Attr {
			val := strings.ToLower(strings.Join(strings.Fields(a.Val), ""))
			switch {
			case strings.HasPrefix(a.Key, "on"):
				t.Errorf("%s: handler %s=%q on <%s>", name, a.Key, a.Val, n.Data)
			case strings.Contains(val, "javascript:"):
				t.Errorf("%s: javascript URL in %s=%q", name, a.Key, a.Val)
			case remoteCSS.MatchString(val):
				t.Errorf("%s: remote url() in %s=%q", name, a.Key, a.Val)
			case (a.Key == "src" || a.Key == "href" && n.Data != "a" || a.Key == "xlink:href") &&
				!strings.HasPrefix(val, "data:image/") && (strings.Contains(val, "//") || strings.Contains(val, ":")):
				t.Errorf("%s: <%s %s=%q> loads from elsewhere", name, n.Data, a.Key, a.Val)
			}
		}
	}
}

func TestMarkdownImages(t *testing.T) {
	nb := notebook.New()
	nb.Cells = []*notebook.Cell{{Type: notebook.Markdown, Source: "![a](pic.png) ![b](https://e.example/b.png) ![c](javascript:x) ![d](data:image/png;base64,AAAA)"}}
	page, err := Convert(nb, report.Meta{Title: "t"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<img src="pic.png" alt="a">`,
		`<a class="remote-image" href="https://e.example/b.png">b</a>`,
		`<span class="remote-image">c</span>`,
		`<img src="data:image/png;base64,AAAA" alt="d">`,
	} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("page lacks %s:\n%s", want, body(page))
		}
	}
	trusted, err := Convert(nb, report.Meta{Title: "t"}, Options{Trust: true})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(trusted, []byte(`<img src="https://e.example/b.png" alt="b">`)) {
		t.Errorf("a trusted page does not load its image from the web:\n%s", body(trusted))
	}
}

func TestContents(t *testing.T) {
	nb := notebook.New()
	nb.Cells = []*notebook.Cell{
		{Type: notebook.Markdown, Source: "# Title\n\n## One\n\ntext"},
		{Type: notebook.Markdown, Source: "### One point one"},
		{Type: notebook.Markdown, Source: "## One"},
		{Type: notebook.Markdown, Source: "## 解决方案"},
	}
	page, err := Convert(nb, report.Meta{Title: "Title"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := `<ul>
<li>
<a href="#one">One</a><ul>
<li>
<a href="#one-point-one">One point one</a></li>
</ul>
</li>
<li>
<a href="#one-1">One</a></li>
<li>
<a href="#%E8%A7%A3%E5%86%B3%E6%96%B9%E6%A1%88">解决方案</a></li>
</ul>
`
	if !bytes.Contains(page, []byte(want)) {
		t.Errorf("contents:\n%s\nwant\n%s", body(page), want)
	}
	if bytes.Count(page, []byte("<h1")) != 1 {
		t.Errorf("the title heading is not shown exactly once:\n%s", body(page))
	}
}

// TestContentsMath checks that the contents show the headings as the page
// does: their formulas, and their text read as Markdown, escaped.
func TestContentsMath(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{"## Discretizing $\\frac{a}{b}$ now\n\n## b", []string{`<a href="#discretizing-fracab-now">Discretizing <math `, `<mfrac><mi>a</mi><mi>b</mi></mfrac>`, `</math> now</a>`}},
		{"## \\begin{equation}\nf = 1\n\\end{equation}\n\n## b\n\n$$x$$", []string{`<a href="#beginequation-f-1-endequation"><math class="math-textstyle" display="inline"`, `f = 1 \end{equation}</annotation></semantics></math></a>`}},
		{"## x &lt; $y<z$ *w*\n\n## b", []string{`x &lt; <math `, `<mo>&lt;</mo>`, `</math> w</a>`}},
		{"## plain *em* &amp; \\$5\n\n## b", []string{`<a href="#plain-em-amp-5">plain em &amp; $5</a>`}},
	}
	for _, tt := range tests {
		nb := notebook.New()
		nb.Cells = []*notebook.Cell{{Type: notebook.Markdown, Source: tt.src}}
		page, err := Convert(nb, report.Meta{Title: "t"}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		checkSafe(t, tt.src, page)
		i := bytes.Index(page, []byte(`class="toc"`))
		if i < 0 {
			t.Errorf("%q: no contents:\n%s", tt.src, body(page))
			continue
		}
		contents := page[i : i+bytes.Index(page[i:], []byte("</nav>"))]
		for _, w := range tt.want {
			if !bytes.Contains(contents, []byte(w)) {
				t.Errorf("%q: contents lack %q:\n%s", tt.src, w, contents)
			}
		}
	}
}

// TestTitleMath checks that the header and the index typeset the
// formulas of a title, as Jupyter shows the heading it comes from, and
// that the window title keeps them as text.
func TestTitleMath(t *testing.T) {
	nb := notebook.New()
	nb.Cells = []*notebook.Cell{{Type: notebook.Markdown, Source: "# The $k$-means <b>way</b>\n\ntext"}}
	meta := report.Meta{Title: "The $k$-means <b>way</b>", Date: modTime}
	page, err := Convert(nb, meta, Options{})
	if err != nil {
		t.Fatal(err)
	}
	index, err := Index("Writeups", []Entry{{URL: "k.html", Meta: meta}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		page []byte
		want []string
	}{
		{"page", page, []string{`<title>The $k$-means &lt;b&gt;way&lt;/b&gt;</title>`, `<h1>The <math `, `<mi>k</mi>`, `-means &lt;b&gt;way&lt;/b&gt;</h1>`}},
		{"index", index, []string{`<a href="k.html">The <math `, `-means &lt;b&gt;way&lt;/b&gt;</a>`}},
	} {
		checkSafe(t, tt.name, tt.page)
		for _, w := range tt.want {
			if !bytes.Contains(tt.page, []byte(w)) {
				t.Errorf("%s lacks %q:\n%s", tt.name, w, tt.page)
			}
		}
	}
}

func TestIndex(t *testing.T) {
	entries := []Entry{
		{URL: "a.html", Meta: report.Meta{Title: "A <b>", Date: modTime, Tags: []string{"x"}, Summary: "Sum $a\\oplus b$ <script>x()</script>"}},
		{URL: "b.html", Meta: report.Meta{Title: "B", Date: modTime}},
	}
	page, err := Index("Writeups", entries, Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkSafe(t, "index", page)
	for _, want := range []string{`<h1>Writeups</h1>`, `<a href="a.html">A &lt;b&gt;</a>`, `<span class="tag">x</span>`, `<math `, `<a href="b.html">B</a>`} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("index lacks %q:\n%s", want, body(page))
		}
	}
}

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{
		"Hello, World!":        "hello-world",
		"Sprague–Grundy 定理":    "spraguegrundy-定理",
		"  a -- b__c  ":        "a-b-c",
		"$g(n)$ values":        "gn-values",
		"!!!":                  "",
		"Ünïcödé Wörds":        "ünïcödé-wörds",
		"Project Euler 310 ok": "project-euler-310-ok",
	} {
		if got := slug(in); got != want {
			t.Errorf("slug(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzConvert(f *testing.F) {
	reporttest.FuzzNotebooks(f, func(t *testing.T, _ []byte, nb *notebook.Notebook) {
		page, err := Convert(nb, report.Meta{Title: "fuzz"}, Options{})
		if err != nil {
			return
		}
		checkSafe(t, "fuzz", page)
	})
}

// FuzzMarkdownCell puts arbitrary text in a markdown cell and an HTML
// output of an untrusted notebook: nothing unsafe may come out.
func FuzzMarkdownCell(f *testing.F) {
	for _, s := range []string{"<script>x</script>", "<img src=x onerror=y>", "$a<b>$", "[l](javascript:x)", "<svg onload=x>", "# h\n\n$$\nx\n$$"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		nb := notebook.New()
		o := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}}
		o.Data.SetText("text/html", s)
		nb.Cells = []*notebook.Cell{{Type: notebook.Markdown, Source: s}, {Type: notebook.Code, Outputs: []*notebook.Output{o}}}
		page, err := Convert(nb, report.Meta{Title: "fuzz"}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		checkSafe(t, fmt.Sprintf("%q", s), page)
	})
}

func BenchmarkConvert(b *testing.B) {
	reporttest.BenchmarkConvert(b, "## Step %d\n\nThe value $g(%d) = \\operatorname{mex}\\{0\\}$ is <b>known</b>.", func(nb *notebook.Notebook) error {
		_, err := Convert(nb, report.Meta{Title: "t"}, Options{})
		return err
	})
}

// svgImages returns the SVG documents of a page's data:image/svg+xml
// images.
func svgImages(t *testing.T, page []byte) []string {
	t.Helper()
	var out []string
	const prefix = `src="data:image/svg+xml;base64,`
	for rest := string(page); ; {
		i := strings.Index(rest, prefix)
		if i < 0 {
			return out
		}
		rest = rest[i+len(prefix):]
		end := strings.IndexByte(rest, '"')
		data, err := base64.StdEncoding.DecodeString(rest[:end])
		if err != nil {
			t.Fatalf("SVG image is not base64: %v", err)
		}
		out = append(out, string(data))
	}
}

func TestBadImage(t *testing.T) {
	nb := notebook.New()
	o := &notebook.Output{Type: notebook.ExecuteResult, Data: notebook.MimeBundle{}}
	o.Data.SetText("image/png", "%%%")
	nb.Cells = []*notebook.Cell{{Type: notebook.Code, Outputs: []*notebook.Output{o}}}
	_, err := Convert(nb, report.Meta{}, Options{})
	if !errors.Is(err, report.ErrOutput) || !strings.HasPrefix(err.Error(), "cell 1: output 1: ") {
		t.Errorf("error %v, want ErrOutput naming cell 1, output 1", err)
	}
}

// hiddenRemote are image destinations that a browser decodes to an
// address on the web (issue 23): each must be shown as a link, never
// loaded, in every form of Markdown image.
var hiddenRemote = []string{
	`http&colon;//e.example/a.png`, `http&#x3A;//e.example/a.png`, `http&#58;//e.example/a.png`,
	`&#104;ttp://e.example/a.png`, `&#x68;ttps://e.example/a.png`, `HTTP&colon;//e.example/a.png`,
	`&#47;&#47;e.example/a.png`, `&sol;/e.example/a.png`, `\\\\e.example/a.png`, `/\\e.example/a.png`,
	`&#92;&#92;e.example/a.png`, `&#x2F;/e.example/a.png`, `&#9;//e.example/a.png`, `&#10;/&#10;/e.example/a.png`,
	`http\:\/\/e.example/a.png`, `&amp;#104;ttp://e.example/a.png`,
}

// hiddenScript are link destinations that decode to a script.
var hiddenScript = []string{
	`javascript:alert(1)`, `JAVASCRIPT:alert(1)`, `javascript&colon;alert(1)`, `javascript&#58;alert(1)`,
	`javascript&#x3A;alert(1)`, `&#106;avascript:alert(1)`, `&#x6a;avascript:alert(1)`, `java&#9;script:alert(1)`,
	`java&NewLine;script:alert(1)`, `javascript\:alert(1)`, `vbscript:msgbox(1)`, `data:text/html,x`,
	`data&colon;text/html;base64,eA==`, `file:///etc/passwd`,
}

// TestEscapedDestinations writes each hidden address in an image and a
// link, inline, between angle brackets, by reference and as an autolink:
// the page loads none and links to no script.
func TestEscapedDestinations(t *testing.T) {
	forms := func(dest string) []string {
		return []string{"![x](" + dest + ")", "![x](<" + dest + ">)", "![x][r]\n\n[r]: " + dest, "[x](" + dest + ")", "[x][r]\n\n[r]: <" + dest + ">", "<" + dest + ">"}
	}
	for _, dest := range slices.Concat(hiddenRemote, hiddenScript) {
		for _, src := range forms(dest) {
			nb := notebook.New()
			nb.Cells = []*notebook.Cell{{Type: notebook.Markdown, Source: src}}
			page, err := Convert(nb, report.Meta{Title: "t"}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			checkSafe(t, fmt.Sprintf("%q", src), page)
			doc, err := html.Parse(bytes.NewReader(page))
			if err != nil {
				t.Fatal(err)
			}
			for n := range doc.Descendants() {
				for _, a := range n.Attr {
					if (a.Key == "src" || a.Key == "href") && n.Data != "link" && !strings.HasPrefix(a.Val, "data:") && !strings.HasPrefix(a.Val, "#") {
						if l := strings.ToLower(a.Val); n.Data == "img" || strings.Contains(l, "script:") || strings.HasPrefix(l, "data:") || strings.HasPrefix(l, "file:") {
							t.Errorf("%q: <%s %s=%q>", src, n.Data, a.Key, a.Val)
						}
					}
				}
			}
		}
	}
}
