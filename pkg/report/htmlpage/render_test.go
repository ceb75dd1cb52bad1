package htmlpage

import (
	"bytes"
	"encoding/base64"
	"strings"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/codelang"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

func renderPage(t *testing.T, nb *notebook.Notebook, opts report.ViewOptions) []byte {
	t.Helper()
	if opts.Name == "" {
		opts.Name = "page"
	}
	v, err := report.NewView(nb, opts)
	if err != nil {
		t.Fatal(err)
	}
	page, err := Render(v, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !opts.Trust {
		checkSafe(t, "page", page)
	}
	return page
}

// TestPythonCode is issue 12.4: Python cells are lexed as Python, with
// no error tokens for their comments, and magics and shell lines apart.
func TestPythonCode(t *testing.T) {
	nb := notebook.New()
	nb.Metadata = notebook.Metadata{"language_info": []byte(`{"name": "python"}`)}
	nb.Cells = []*notebook.Cell{{Type: notebook.Code, Source: "# a comment\n%matplotlib inline\n!ls $HOME\nprint('x')  # more\nnp.sum?"}}
	page := renderPage(t, nb, report.ViewOptions{})
	if bytes.Contains(page, []byte(`class="err"`)) {
		t.Errorf("error tokens:\n%s", body(page))
	}
	for _, want := range []string{`<span class="c1"># a comment</span>`, `<span class="cp">%matplotlib inline`, `<span class="nv">$HOME</span>`, `<span class="cp">np.sum?`} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("page lacks %s:\n%s", want, body(page))
		}
	}
}

// TestCombiningMarks checks that names with combining marks, which
// Python takes, are lexed as one name, and Julia's adjoint after a name
// with subscripts as an operator, with no error token.
func TestCombiningMarks(t *testing.T) {
	tests := []struct {
		src  string
		want string
	}{
		{"like_S\u0304 = 1\n", "<span class=\"n\">like_S\u0304</span>"},
		{"x = b\u0301c\n", "<span class=\"n\">b\u0301c</span>"},
		{"suite['S\u0304'] *= like_S\u0304\n", "<span class=\"n\">like_S\u0304</span>"},
	}
	for _, tt := range tests {
		var b strings.Builder
		if _, err := highlight(&b, []codelang.Segment{{Lang: "python", Text: tt.src}}, time.Now().Add(time.Hour), false); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(b.String(), `class="err"`) || !strings.Contains(b.String(), tt.want) {
			t.Errorf("%q gives\n%s\nwant %s and no error", tt.src, b.String(), tt.want)
		}
	}
	// Julia's adjoint after a name with subscripts.
	var julia strings.Builder
	if _, err := highlight(&julia, []codelang.Segment{{Lang: "julia", Text: "v₂ = a₂ - v₁*(v₁'a₂)/(v₁'v₁)\nc = 'x'\n"}}, time.Now().Add(time.Hour), false); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(julia.String(), `class="err"`) || !strings.Contains(julia.String(), `<span class="o">&#39;</span>`) || !strings.Contains(julia.String(), `<span class="sc">&#39;x&#39;</span>`) {
		t.Errorf("Julia adjoints:\n%s", julia.String())
	}
	// A mark after what is not a name is still an error.
	var b strings.Builder
	if _, err := highlight(&b, []codelang.Segment{{Lang: "python", Text: "x = 1 \u0304\n"}}, time.Now().Add(time.Hour), false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `class="err"`) {
		t.Errorf("a stray mark is no error:\n%s", b.String())
	}
}

// TestHTMLOutputMath checks that the math of an HTML output is typeset,
// as JupyterLab does, and that of a raw cell is not.
func TestHTMLOutputMath(t *testing.T) {
	nb := notebook.New()
	nb.Cells = []*notebook.Cell{
		{Type: notebook.Code, Source: "df", Outputs: []*notebook.Output{{Type: notebook.ExecuteResult, Data: notebook.MimeBundle{"text/html": []byte(`"<table><tr><th>$\\alpha$</th></tr></table>"`)}}}},
	}
	page := renderPage(t, nb, report.ViewOptions{})
	if !bytes.Contains(page, []byte(`<th><math`)) || !bytes.Contains(page, []byte(`<mi>α</mi>`)) || bytes.Contains(page, []byte(`$\alpha$`)) {
		t.Errorf("HTML output math not typeset:\n%s", body(page))
	}
}

// TestANSIColours: colours of streams and tracebacks are shown as colours.
func TestANSIColours(t *testing.T) {
	nb := notebook.New()
	nb.Cells = []*notebook.Cell{{Type: notebook.Code, Source: "x", Outputs: []*notebook.Output{
		{Type: notebook.Stream, Name: "stdout", Text: "\x1b[1;31mred\x1b[0m \x1b[38;2;10;20;30mrgb\x1b[0m <b>"},
		{Type: notebook.ErrorOutput, EName: "E", EValue: "v", Traceback: []string{"\x1b[0;32mTraceback\x1b[0m"}},
	}}}
	page := renderPage(t, nb, report.ViewOptions{})
	for _, want := range []string{`<span class="ansi-red-fg ansi-bold">red</span>`, `<span style="color: #0a141e">rgb</span> &lt;b&gt;`,
		`<pre class="output error"><span class="ansi-green-fg">Traceback</span></pre>`, `.ansi-red-fg {`, `.output.html tbody tr:nth-child(odd)`} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("page lacks %s:\n%s", want, body(page))
		}
	}
}

// TestSVGAttachment is issue 12: SVG attachments vanished from pages.
func TestSVGAttachment(t *testing.T) {
	att := notebook.MimeBundle{}
	att.SetText("image/svg+xml", `<svg viewBox="0 0 2 2"><circle r="1" onclick="x()"/></svg>`)
	nb := notebook.New()
	nb.Cells = []*notebook.Cell{{Type: notebook.Markdown, Source: "![pic](attachment:pic.svg)", Attachments: map[string]notebook.MimeBundle{"pic.svg": att}}}
	page := renderPage(t, nb, report.ViewOptions{Name: "a b"})
	svgs := svgImages(t, page)
	if len(svgs) != 1 || !strings.Contains(svgs[0], "<circle") || strings.Contains(svgs[0], "onclick") {
		t.Errorf("SVG attachment images %q in\n%s", svgs, body(page))
	}
}

// TestCutOutputNote: the page shows the note of a cut output.
func TestCutOutputNote(t *testing.T) {
	nb := notebook.New()
	nb.Cells = []*notebook.Cell{{Type: notebook.Code, Source: "x", Outputs: []*notebook.Output{
		{Type: notebook.Stream, Name: "stdout", Text: strings.Repeat("0123456789\n", 100)}}}}
	page := renderPage(t, nb, report.ViewOptions{MaxOutput: 50})
	if !bytes.Contains(page, []byte(`<p class="output note">Output cut to size: the first 44 bytes of 1.1 kB are shown.</p>`)) {
		t.Errorf("no note:\n%s", body(page))
	}
}

func TestSummary(t *testing.T) {
	got := string(Summary(`Sum $a\oplus b$ of <script>x()</script> & $$c$$ $ unclosed`))
	if strings.Contains(got, "<script") || strings.Count(got, "<math") != 2 || !strings.Contains(got, "&lt;script&gt;") ||
		!strings.HasSuffix(got, "$ unclosed") {
		t.Errorf("Summary = %s", got)
	}
}

// TestSameBytes is issue 11.8: one notebook renders to the same bytes on
// every run, however many attachments it has.
func TestSameBytes(t *testing.T) {
	c := &notebook.Cell{Type: notebook.Markdown, Attachments: map[string]notebook.MimeBundle{}}
	for i := range 30 {
		b := notebook.MimeBundle{}
		b.SetText("image/png", base64PNG(i))
		// Names that are prefixes of others, as "p.png" of "p.png.png".
		name := strings.Repeat("p", i%5+1) + ".png" + strings.Repeat(".png", i/5)
		c.Attachments[name] = b
		c.Source += "![" + name + "](attachment:" + name + ")\n"
	}
	nb := notebook.New()
	nb.Cells = []*notebook.Cell{c}
	first := renderPage(t, nb, report.ViewOptions{})
	if n := bytes.Count(first, []byte(`<img src="data:image/png;base64,`)); n != 30 {
		t.Fatalf("%d inline images, want 30:\n%s", n, body(first))
	}
	for range 10 {
		if page := renderPage(t, nb, report.ViewOptions{}); !bytes.Equal(page, first) {
			t.Fatal("two renders of one notebook differ")
		}
	}
}

// base64PNG returns distinct base64 data for each i.
func base64PNG(i int) string {
	return base64.StdEncoding.EncodeToString([]byte{0x89, 'P', 'N', 'G', byte(i)})
}

// TestAttachmentInHTMLTag: an attachment shown by an <img> tag, as people
// do to size it, is inline on the page too: as its src when shown once,
// else once in the page's style, which gives each of its <img> tags the
// image.
func TestAttachmentInHTMLTag(t *testing.T) {
	att := notebook.MimeBundle{}
	att.SetText("image/png", "iVBORw0KGgo=")
	const data = "data:image/png;base64,iVBORw0KGgo="
	for _, tt := range []struct {
		src            string
		srcs, classes  int
		keep, withhold string
	}{
		{`text <img class="wide" src='attachment:a b.png' width="300" onerror="x()">`, 1, 0, `class="wide" src="` + data + `" width="300"`, "onerror"},
		{`<img src="attachment:a b.png" width="300" onerror="x()">` + "\n\ntext <img class=wide src='attachment:a b.png'/>", 0, 2, `width="300"`, "onerror"},
	} {
		nb := notebook.New()
		nb.Cells = []*notebook.Cell{{Type: notebook.Markdown, Source: tt.src, Attachments: map[string]notebook.MimeBundle{"a b.png": att}}}
		for _, trust := range []bool{false, true} {
			page := renderPage(t, nb, report.ViewOptions{Trust: trust})
			srcs := bytes.Count(page, []byte(`src="`+data+`"`))
			classes := bytes.Count(page, []byte(`class="file-`))
			if srcs != tt.srcs || classes != tt.classes || bytes.Count(page, []byte(data)) != 1 {
				t.Errorf("trust %v: %d inline images and %d of the shared class, want %d and %d, the image once:\n%s",
					trust, srcs, classes, tt.srcs, tt.classes, page)
			}
			if !bytes.Contains(page, []byte(tt.keep)) || !trust && bytes.Contains(page, []byte(tt.withhold)) {
				t.Errorf("trust %v: want %s and no %s:\n%s", trust, tt.keep, tt.withhold, body(page))
			}
		}
	}
}
