package report

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/grundylab/grundy/pkg/report/glue"
	"github.com/grundylab/grundy/pkg/report/mathml"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/plaintext"
	"github.com/grundylab/grundy/pkg/report/sanitize"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	gmhtml "github.com/yuin/goldmark/renderer/html"
	xhtml "golang.org/x/net/html"
)

// engines are the Markdown readers a glued text must mean nothing to:
// the page's (math found as Jupyter finds it) and a blog's (GitHub's
// Markdown with autolinks), both with raw HTML on.
var engines = map[string]goldmark.Markdown{
	"page": goldmark.New(goldmark.WithExtensions(extension.GFM, extension.Footnote, &mathml.Extender{}), goldmark.WithRendererOptions(gmhtml.WithUnsafe())),
	"blog": goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(gmhtml.WithUnsafe())),
}

// readBack renders Markdown with an engine and returns the HTML elements
// of the result (besides html, head and body) and its text.
func readBack(t *testing.T, engine goldmark.Markdown, md string) (elements []string, text string) {
	t.Helper()
	var out bytes.Buffer
	if err := engine.Convert([]byte(md), &out); err != nil {
		t.Fatal(err)
	}
	doc, err := xhtml.Parse(&out)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for n := range doc.Descendants() {
		switch {
		case n.Type == xhtml.ElementNode && n.Data != "html" && n.Data != "head" && n.Data != "body":
			elements = append(elements, n.Data)
		case n.Type == xhtml.TextNode:
			b.WriteString(n.Data)
		}
	}
	return elements, b.String()
}

func fields(s string) string { return strings.Join(strings.Fields(s), " ") }

// checkGlueText places a value as role() does, mid-line and at the start
// of a line, and reads the Markdown back: one paragraph, no math, its
// text the value's.
func checkGlueText(t *testing.T, value string) {
	t.Helper()
	value = plaintext.Clean(value)
	for _, c := range []struct{ before, after string }{{"a ", " b"}, {"", " rest of the line"}, {"", ". Then"}, {"Title\n", ""}, {"", ""}} {
		atStart := lineStartsAt([]byte(c.before+"x"), len(c.before))
		md := c.before + glueText(value, atStart && startsBlock(collapseSpace(value)+c.after)) + c.after
		if spans := mathml.FindMath([]byte(md)); len(spans) > 0 {
			t.Fatalf("value %q as %q: math found %+v", value, md, spans)
		}
		for name, engine := range engines {
			elements, text := readBack(t, engine, md)
			want := fields(c.before + collapseSpace(value) + c.after)
			if want == "" {
				continue
			}
			if !slices.Equal(elements, []string{"p"}) || fields(text) != want {
				t.Fatalf("value %q written %q reads in the %s engine as %q in %v, want %q in one <p>", value, md, name, text, elements, want)
			}
		}
	}
}

func TestGlueText(t *testing.T) {
	for _, v := range glueTextSeeds {
		checkGlueText(t, v)
	}
}

var glueTextSeeds = []string{
	"1160", "3.14", "-1", "- 1", "-", "+", "---", "===", "1.", "1)", "12345678. x", "# heading", "> quote", "    code", "\tcode",
	"*em* _em_ **b** ~~s~~", "`code`", "``", "$x$", "$$x$$", `\(x\)`, `\\(x\\)`, `\begin{align}x\end{align}`, "{glue}`n`",
	"<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "<!-- c -->", "&amp; &lt; &#60;", "[a](javascript:alert(1))",
	"![i](https://example.com/x.png)", "https://example.com", "www.example.com", "a@example.com", "| a | b |", "a\nb\n\nc",
	"line  \nbreak", "x\\", "<https://example.com>", "[^1]", "[x]: https://example.com", "é 博弈 😀", "'quoted' \"double\"",
	"a_b_c", "\u00a0nbsp\u2028sep", "~~~", "```go", "<div>", "</p>", "%", "100%", "1e+16", "-0.0", "inf",
}

// FuzzGlueText checks glueText on any value.
func FuzzGlueText(f *testing.F) {
	for _, v := range glueTextSeeds {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, value string) {
		if !utf8.ValidString(value) || len(value) > 200 {
			return
		}
		checkGlueText(t, value)
	})
}

// TestInlineHTML checks that the text of a glued HTML value is no
// Markdown to either engine: the elements are the value's own, its
// emphasis, math and links stay text.
func TestInlineHTML(t *testing.T) {
	tests := []struct {
		html     string
		elements []string
		text     string
	}{
		{"<b>*x* $y$ _z_ [l](u) `c`</b>", []string{"p", "span", "b"}, "*x* $y$ _z_ [l](u) `c`"},
		{"<table>\n<tr><td>1 | 2</td></tr>\n</table>", nil, "1 | 2"},
		{"plain <i>text</i>\n\nwith a blank line", []string{"p", "span", "i"}, "plain text with a blank line"},
		{`<a href="https://example.com" title="a&#10;b">link</a>`, []string{"p", "span", "a"}, "link"},
		{"<!-- a comment -->x", []string{"p", "span"}, "x"},
	}
	for _, tt := range tests {
		md := "Value " + inlineHTML(sanitize.HTML(tt.html)) + " here."
		for name, engine := range engines {
			elements, text := readBack(t, engine, md)
			if tt.elements != nil && !slices.Equal(elements, tt.elements) || fields(text) != fields("Value "+tt.text+" here.") {
				t.Errorf("%s: %q as %q reads as %q in %v, want %q in %v", name, tt.html, md, text, elements, tt.text, tt.elements)
			}
		}
	}
}

func TestStripLatexDelimiters(t *testing.T) {
	for in, want := range map[string]string{
		"$x^2$": "x^2", "$$ x $$": "x", `\(a\)`: "a", `\[b\]`: "b", `$\displaystyle \sum_k k$`: `\displaystyle \sum_k k`,
		"x": "x", "$": "$", "$$": "", "$a$ and $b$": "a$ and $b",
	} {
		if got := stripLatexDelimiters(in); got != want {
			t.Errorf("stripLatexDelimiters(%q) = %q, want %q", in, got, want)
		}
	}
}

// out makes a display output with a JSON bundle and metadata.
func out(t *testing.T, data map[string]any, meta map[string]any) *notebook.Output {
	t.Helper()
	o := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}, Metadata: notebook.Metadata{}}
	for k, v := range data {
		raw, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		o.Data[k] = raw
	}
	for k, v := range meta {
		raw, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		o.Metadata[k] = raw
	}
	return o
}

func scrapbook(name, prefix string) map[string]any {
	return map[string]any{"scrapbook": map[string]any{"name": name, "mime_prefix": prefix}}
}

func TestGlueOutput(t *testing.T) {
	tests := []struct {
		name          string
		o             *notebook.Output
		glued, hidden bool
		mimes         []string
	}{
		{"display=False", out(t, map[string]any{GluePrefix + "text/plain": "1"}, scrapbook("n", GluePrefix)), true, true, []string{"text/plain"}},
		{"display=True", out(t, map[string]any{"text/plain": "1"}, scrapbook("n", "")), true, false, []string{"text/plain"}},
		{"prefix named, keys plain", out(t, map[string]any{"text/plain": "1"}, scrapbook("n", GluePrefix)), true, false, []string{"text/plain"}},
		{"some keys prefixed", out(t, map[string]any{GluePrefix + "text/plain": "1", "text/html": "<b>1</b>"}, scrapbook("n", GluePrefix)), true, false, []string{"text/html", "text/plain"}},
		{"no scrapbook", out(t, map[string]any{GluePrefix + "text/plain": "1"}, nil), false, false, nil},
		{"no name", out(t, map[string]any{"text/plain": "1"}, map[string]any{"scrapbook": map[string]any{"mime_prefix": ""}}), false, false, nil},
		{"name not a string", out(t, map[string]any{"text/plain": "1"}, map[string]any{"scrapbook": map[string]any{"name": 3}}), false, false, nil},
		{"a stream", &notebook.Output{Type: notebook.Stream, Name: "stdout", Text: "x"}, false, false, nil},
	}
	for _, tt := range tests {
		_, data, hidden, ok := glueOutput(tt.o)
		if ok != tt.glued || hidden != tt.hidden || ok && !slices.Equal(data.MIMETypes(), tt.mimes) {
			t.Errorf("%s: glued %v hidden %v %v, want %v %v %v", tt.name, ok, hidden, data.MIMETypes(), tt.glued, tt.hidden, tt.mimes)
		}
	}
}

// glueNotebook has a Markdown cell with the given source, then a code
// cell that glues the outputs.
func glueNotebook(md string, outs ...*notebook.Output) *notebook.Notebook {
	nb := notebook.New()
	nb.Cells = []*notebook.Cell{
		{Type: notebook.Markdown, Source: md, Metadata: notebook.Metadata{}},
		{Type: notebook.Code, Source: "glue()", Metadata: notebook.Metadata{}, Outputs: outs},
	}
	return nb
}

func markdownOf(v *View) string {
	var b strings.Builder
	for _, blk := range v.Blocks {
		if blk.Kind == KindMarkdown {
			b.WriteString(strings.TrimSpace(blk.Text) + "\n")
		}
	}
	return b.String()
}

// TestGlueWarnings checks that each fault gives a warning naming the
// cell and the name, and that the role is shown marked, not dropped.
func TestGlueWarnings(t *testing.T) {
	n := out(t, map[string]any{GluePrefix + "text/plain": "1160"}, scrapbook("n", GluePrefix))
	word := out(t, map[string]any{GluePrefix + "text/plain": "'abc'"}, scrapbook("word", GluePrefix))
	red := out(t, map[string]any{GluePrefix + "text/plain": "\x1b[31m12\x1b[0m"}, scrapbook("red", GluePrefix))
	tests := []struct {
		md, warning, shown string
	}{
		{"{glue}`nope`", `no value is glued as "nope"`, `<mark class="glue-missing">&#123;glue&#125;&#96;nope&#96;</mark>`},
		{"{glue:text}`nope:,`", `no value is glued as "nope"`, `<mark class="glue-missing">`},
		{"{glue:text}`word:.2f`", `{glue:text}` + "`word:.2f`" + `: value does not fit the format spec: "abc" is not a number; the plain text is shown`, "'abc'"},
		{"{glue:text}`n:.2q`", `bad format spec ".2q"`, "1160"},
		// Terminal colours are no part of a glued text.
		{"{glue}`red` {glue:text}`red:03` {glue:text}`red:.1f` {glue}`nope`", `no value is glued as "nope"`, "12 012 12.0 <mark"},
		{"{glue:math}`n`", `"n" has no text/latex form`, `<mark class="glue-missing">`},
		{"{glue:md}`n`", `"n" has no text/markdown form`, `<mark class="glue-missing">`},
		{"{glue:md}`n:rst`", `unknown Markdown format "rst"`, `<mark class="glue-missing">`},
		{"{glue}`other.ipynb::n`", "quotes another notebook", "{glue}`other.ipynb::n`"},
		{"{glue:text}`other.ipynb::n:,`", "quotes another notebook", "{glue:text}`other.ipynb::n:,`"},
		{"```{glue} nope\n```", `{glue} directive: no value is glued as "nope"`, `<mark class="glue-missing">&#96;&#96;&#96;&#123;glue&#125; nope &#96;&#96;&#96;</mark>`},
		{"```{glue:math} n\n```", `{glue:math} directive: "n" has no LaTeX form`, `<mark class="glue-missing">`},
		{"```{glue:figure}\n```", "directive: it names no value", `<mark class="glue-missing">`},
		{"```{glue} n\n:doc: other.ipynb\n```", "quotes another notebook", "```{glue} n\n:doc: other.ipynb\n```"},
		{"- item\n\n  ```{glue} n\n  ```", `the {glue} directive for "n" is inside a list or a quote`, "  ```{glue} n"},
	}
	for _, tt := range tests {
		v, err := NewView(glueNotebook(tt.md, n, word, red), ViewOptions{Name: "w"})
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(v.Warnings, func(w Warning) bool { return strings.Contains(w.Msg, tt.warning) })
		if i < 0 || v.Warnings[i].Cell != 1 || !strings.HasPrefix(v.Warnings[i].Msg, "glue: ") {
			t.Errorf("%q: warnings %v, want one for cell 1 saying %q", tt.md, v.Warnings, tt.warning)
		}
		if md := markdownOf(v); !strings.Contains(md, tt.shown) {
			t.Errorf("%q shows %q, want %q in it", tt.md, md, tt.shown)
		}
	}
}

// TestGlueOrder checks that a value may be glued after the Markdown that
// quotes it, by a cell left out of the writeup, that a name glued twice
// keeps its last value with a warning, and that hidden glue outputs are
// no blocks while shown ones are.
func TestGlueOrder(t *testing.T) {
	nb := notebook.New()
	nb.Cells = []*notebook.Cell{
		{Type: notebook.Markdown, Source: "Total {glue}`total`, shown {glue}`shown`.", Metadata: notebook.Metadata{}},
		{Type: notebook.Code, Source: "a", Metadata: notebook.Metadata{}, Outputs: []*notebook.Output{
			out(t, map[string]any{GluePrefix + "text/plain": "1"}, scrapbook("total", GluePrefix)),
			out(t, map[string]any{"text/plain": "7"}, scrapbook("shown", "")),
		}},
		{Type: notebook.Code, Source: "b", Metadata: notebook.Metadata{"tags": []byte(`["remove-cell"]`)}, Outputs: []*notebook.Output{
			out(t, map[string]any{GluePrefix + "text/plain": "2"}, scrapbook("total", GluePrefix)),
		}},
	}
	v, err := NewView(nb, ViewOptions{Name: "o"})
	if err != nil {
		t.Fatal(err)
	}
	if got := markdownOf(v); got != "Total 2, shown 7.\n" {
		t.Errorf("Markdown %q", got)
	}
	var kinds []string
	for _, b := range v.Blocks {
		kinds = append(kinds, fmt.Sprintf("%s %d.%d %s", b.Kind, b.Cell, b.Output, strings.TrimSpace(b.Text)))
	}
	want := []string{"markdown 1.0 Total 2, shown 7.", "code 2.0 a", "text 2.2 7"}
	if !slices.Equal(kinds, want) {
		t.Errorf("blocks %q, want %q", kinds, want)
	}
	if !slices.ContainsFunc(v.Warnings, func(w Warning) bool {
		return w.Cell == 3 && w.Output == 1 && strings.Contains(w.Msg, `"total" glued again (first in cell 2)`)
	}) {
		t.Errorf("no warning for the name glued twice: %v", v.Warnings)
	}
	if g := v.Glue["total"]; g == nil || g.Cell != 3 || g.Shown || !v.Glue["shown"].Shown {
		t.Errorf("glue table %+v", v.Glue)
	}
}

// TestGlueInMeta: the metadata reads the text and the front matter with
// their glue pasted, and the front matter cell is not shown.
func TestGlueInMeta(t *testing.T) {
	nb := notebook.New()
	nb.Cells = []*notebook.Cell{
		{Type: notebook.Raw, Source: "---\ntitle: \"Heaps up to {glue}`n`\"\n---", Metadata: notebook.Metadata{}},
		{Type: notebook.Markdown, Source: "There are {glue}`n` heaps.", Metadata: notebook.Metadata{}},
		{Type: notebook.Code, Source: "a", Metadata: notebook.Metadata{}, Outputs: []*notebook.Output{
			out(t, map[string]any{GluePrefix + "text/plain": "7"}, scrapbook("n", GluePrefix)),
		}},
	}
	v, err := NewView(nb, ViewOptions{Name: "m"})
	if err != nil {
		t.Fatal(err)
	}
	if v.Meta.Title != "Heaps up to 7" || v.Meta.Summary != "There are 7 heaps." {
		t.Errorf("title %q, summary %q", v.Meta.Title, v.Meta.Summary)
	}
	if len(v.Blocks) == 0 || v.Blocks[0].Cell != 2 {
		t.Errorf("the front matter cell is shown: %+v", v.Blocks)
	}
}

// TestGlueFromGo reads what pkg/report/glue writes from a GoNB cell: the
// reading side and the writing side agree.
func TestGlueFromGo(t *testing.T) {
	count, _ := new(big.Int).SetString("173895000000000000000000", 10)
	var outs []*notebook.Output
	for _, g := range []struct {
		name string
		v    any
		show bool
	}{
		{"count", count, false}, {"ratio", 0.8125, false}, {"shown", 42, true},
		{"eq", glue.LaTeX(`\sum_{k=1}^n k`), false}, {"md", glue.Markdown("*bold*"), false},
		{"fig", glue.PNG(pixel), false},
	} {
		rec, err := glue.Record(g.name, g.v, g.show)
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, out(t, rec.Data, rec.Metadata))
	}
	md := "{glue:text}`count:,` positions, {glue:text}`ratio:.1%`, {glue}`shown`, $n$ {glue:math}`eq`, {glue:md}`md`.\n\n" +
		"```{glue:figure} fig\n:alt: one pixel\n\nThe {glue}`count` pixels.\n```"
	v, err := NewView(glueNotebook(md, outs...), ViewOptions{Name: "go"})
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Warnings) > 0 {
		t.Errorf("warnings: %v", v.Warnings)
	}
	wantMD := "173,895,000,000,000,000,000,000 positions, 81.2%, 42, $n$ $\\sum_{k=1}^n k$, *bold*.\n"
	if got := markdownOf(v); got != wantMD {
		t.Errorf("Markdown %q, want %q", got, wantMD)
	}
	var fig *Block
	for i := range v.Blocks {
		if v.Blocks[i].Kind == KindImage {
			fig = &v.Blocks[i]
		}
	}
	if fig == nil || fig.Cell != 1 || fig.Glue != "fig" || fig.Alt != "one pixel" || fig.Caption != "The 173895000000000000000000 pixels." ||
		!bytes.Equal(fig.Data, pixel) || fig.File != contentPath("go_files", pixel, ".png") || v.File(fig.File) == nil {
		t.Errorf("figure block %+v", fig)
	}
	// The shown value is an output of the code cell, the others are not.
	outputs := 0
	for _, b := range v.Blocks {
		if b.Cell == 2 && b.Output > 0 {
			outputs++
		}
	}
	if outputs != 1 {
		t.Errorf("%d outputs shown for the code cell, want 1 (the glue.Show value)", outputs)
	}
}

// pixel is a 1×1 red PNG.
var pixel = []byte{
	0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
	0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53,
	0xde, 0x00, 0x00, 0x00, 0x0c, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0x00,
	0x00, 0x03, 0x01, 0x01, 0x00, 0xc9, 0xfe, 0x92, 0xef, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e,
	0x44, 0xae, 0x42, 0x60, 0x82,
}

// TestGlueLimits checks that a glued value is held to the view's limits:
// a long HTML value quoted inline gives its text form, a large image a
// note.
func TestGlueLimits(t *testing.T) {
	long := out(t, map[string]any{GluePrefix + "text/html": "<p>" + strings.Repeat("x", 300) + "</p>", GluePrefix + "text/plain": "short"}, scrapbook("long", GluePrefix))
	img := out(t, map[string]any{GluePrefix + "image/png": base64.StdEncoding.EncodeToString(bytes.Repeat(pixel, 20))}, scrapbook("img", GluePrefix))
	v, err := NewView(glueNotebook("A {glue}`long` value and {glue}`img`.", long, img), ViewOptions{Name: "l", MaxOutput: 100, MaxImage: 200})
	if err != nil {
		t.Fatal(err)
	}
	want := "A short value and (an image of 1.3 kB, too large to show)."
	if got := markdownOf(v); strings.TrimSpace(got) != want {
		t.Errorf("Markdown %q, want %q", got, want)
	}
	if len(v.Files) != 0 {
		t.Errorf("files %v", v.Files)
	}
}

// BenchmarkGlueView measures the view of the MyST-NB glue notebook
// against the same notebook with its glue roles written out, so that the
// cost of reading glue shows as a ratio.
func BenchmarkGlueView(b *testing.B) {
	nb, err := notebook.ReadFile("testdata/glue.ipynb")
	if err != nil {
		b.Fatal(err)
	}
	plain := nb.Clone()
	for _, c := range plain.Cells {
		if c.Type == notebook.Markdown {
			c.Source = strings.NewReplacer("{glue", "(glue", "```{", "```(").Replace(c.Source)
		}
	}
	for name, nb := range map[string]*notebook.Notebook{"glue": nb, "plain": plain} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := NewView(nb, ViewOptions{Name: "g"}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestGlueWithinBudget checks that glued Markdown joins the Markdown
// budget wherever it is quoted: a value nested too deep for a parser,
// quoted by a directive or by a role at the start of a line, is shown as
// text with a note and a warning, and reaches no Markdown block.
func TestGlueWithinBudget(t *testing.T) {
	deep := strings.Repeat(">", 200000) + " x"
	for _, src := range []string{"```{glue:md} q\n```", "{glue:md}`q`", "Before.\n\n{glue}`q`\n"} {
		t.Run(src, func(t *testing.T) {
			n := 1
			code := &notebook.Cell{Type: notebook.Code, Source: "glue()", Metadata: notebook.Metadata{}, ExecutionCount: &n, Outputs: []*notebook.Output{
				out(t, map[string]any{GluePrefix + "text/markdown": deep, GluePrefix + "text/plain": "md"}, scrapbook("q", GluePrefix)),
			}}
			nb := notebook.New()
			nb.Cells = []*notebook.Cell{code, {Type: notebook.Markdown, Source: src, Metadata: notebook.Metadata{}}}
			v := mustView(t, nb, ViewOptions{})
			asText := false
			for _, blk := range v.Blocks {
				if blk.Kind == KindMarkdown && strings.Contains(blk.Text, ">>>>") {
					t.Errorf("the deep quote is in a Markdown block: %.80q", blk.Text)
				}
				asText = asText || blk.Kind == KindText && strings.Contains(blk.Text, ">>>>")
			}
			if !asText {
				t.Error("the deep quote is not shown as text")
			}
			if ws := warningTexts(v); len(ws) != 1 || !strings.Contains(ws[0], "Markdown shown as text") {
				t.Errorf("warnings %q, want one that Markdown is shown as text", ws)
			}
		})
	}
}
