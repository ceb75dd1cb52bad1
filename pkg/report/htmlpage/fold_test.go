package htmlpage

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/codelang"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// viewBody renders blocks as a page and returns its body.
func viewBody(t *testing.T, blocks ...report.Block) string {
	t.Helper()
	page, err := Render(&report.View{Blocks: blocks}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return body(page)
}

func TestFoldsInPage(t *testing.T) {
	code := report.Block{Kind: report.KindCode, Cell: 1, CellType: notebook.Code, Segments: []codelang.Segment{{Lang: "go", Text: "x()"}}}
	out := report.Block{Kind: report.KindStream, Cell: 1, Output: 1, CellType: notebook.Code, Name: "stdout", Text: "out\n"}
	fold := func(b report.Block, f report.Fold, summary string, open bool) report.Block {
		b.Fold, b.Summary, b.Open = f, summary, open
		return b
	}
	const codeHTML = `<pre class="chroma"><code><span class="line"><span class="cl"><span class="nf">x</span><span class="p">()</span><span class="w">` + "\n</span></span></span></code></pre>"
	tests := []struct {
		name   string
		blocks []report.Block
		want   string
	}{
		{"folded source", []report.Block{fold(code, report.FoldSource, "Code", false), out},
			`<div class="cell code">` + "\n" + `<details class="fold source"><summary>Code</summary>` + "\n" + codeHTML + "</details>\n" + `<pre class="output stream stdout">out</pre>` + "\n</div>"},
		{"open", []report.Block{fold(code, report.FoldSource, "Code", true)}, `<details class="fold source" open><summary>Code</summary>`},
		{"outputs", []report.Block{code, fold(out, report.FoldOutputs, "Show code cell outputs", false)},
			codeHTML + `<details class="fold outputs"><summary>Show code cell outputs</summary>` + "\n" + `<pre class="output stream stdout">out</pre>` + "\n</details>\n</div>"},
		{"whole cell, then the next cell", []report.Block{fold(code, report.FoldCell, "C", false), fold(out, report.FoldCell, "C", false),
			{Kind: report.KindMarkdown, Cell: 2, CellType: notebook.Markdown, Text: "next"}},
			`<details class="fold cell"><summary>C</summary>` + "\n" + codeHTML + `<pre class="output stream stdout">out</pre>` + "\n</details>\n</div>\n" + `<div class="cell markdown">` + "\n<p>next</p>"},
		{"summary escaped", []report.Block{fold(code, report.FoldSource, `<img src=x onerror="alert(1)">`, false)},
			`<summary>&lt;img src=x onerror=&#34;alert(1)&#34;&gt;</summary>`},
		{"rest of an output", []report.Block{out, {Kind: report.KindStream, Cell: 1, Output: 1, Name: "stderr", Text: "more <b>\n", Rest: true, Summary: "Show 1 more line"}},
			`<pre class="output stream stdout">out</pre>` + "\n" + `<details class="more"><summary>Show 1 more line</summary>` + "\n" + `<pre class="output stream stderr">more &lt;b&gt;</pre>` + "\n</details>"},
		{"figure", []report.Block{{Kind: report.KindImage, Cell: 1, Output: 1, MIME: "image/png", Data: []byte{1}, Alt: `A "chart"`, Caption: "Figure 1: values of $g(n) < 3$ & *more*", Label: "fig-v", Width: 40}},
			`<figure class="output image" id="fig-v"><img src="data:image/png;base64,AQ==" alt="A &#34;chart&#34;" width="40">` + "\n<figcaption>Figure 1: values of <math"},
		{"figure without caption", []report.Block{{Kind: report.KindImage, Cell: 1, Output: 1, MIME: "image/png", Data: []byte{1}, Alt: "Figure from cell 1"}},
			`<figure class="output image"><img src="data:image/png;base64,AQ==" alt="Figure from cell 1"></figure>`},
		{"numbered lines", []report.Block{{Kind: report.KindCode, Cell: 1, Text: "a\nb\n", Segments: []codelang.Segment{{Lang: "python", Text: "a\nb\n"}}, LineNumbers: true}},
			`<span class="line"><span class="ln">2</span><span class="cl"><span class="n">b</span>`},
		{"figure with classes", []report.Block{{Kind: report.KindImage, Cell: 1, Output: 1, MIME: "image/png", Data: []byte{1}, Alt: "A", Classes: []string{"shadow", `x"y`}}},
			`<figure class="output image shadow x&#34;y"><img`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := viewBody(t, tt.blocks...); !strings.Contains(got, tt.want) {
				t.Errorf("page\n%s\nlacks\n%s", got, tt.want)
			}
		})
	}
	caption := viewBody(t, tests[6].blocks...)
	if !strings.Contains(caption, "</math> &amp; <em>more</em></figcaption>") {
		t.Errorf("caption text not escaped, or its Markdown not read, after its formula:\n%s", caption)
	}
}

// TestFigureIDs: a numbered figure keeps its label as id, which a
// heading of the same text does not take, and references link to it.
func TestFigureIDs(t *testing.T) {
	nb := notebook.New()
	nb.Metadata["kernelspec"] = json.RawMessage(`{"name": "gonb", "language": "go"}`)
	png := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}}
	png.Data.SetText("image/png", "iVBORw0KGgo=")
	nb.Cells = []*notebook.Cell{
		{Type: notebook.Markdown, Source: "## Fig values\n\nAs @fig-values shows."},
		{Type: notebook.Code, Source: "//| label: fig-values\n//| fig-cap: The values & <b>more</b>\n//| fig-alt: A chart\nshow()", Outputs: []*notebook.Output{png}},
	}
	// References join a name and its number with a no-break space.
	page := strings.ReplaceAll(body(renderPage(t, nb, report.ViewOptions{})), "\u00a0", " ")
	for _, want := range []string{`<h2 id="fig-values-1">`, `<a class="ref" href="#fig-values">Figure 1</a>`, `<figure class="output image" id="fig-values">`,
		`alt="A chart"`, "<figcaption>Figure 1: The values &amp; more</figcaption>"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s:\n%s", want, page)
		}
	}
	if strings.Count(page, `id="fig-values"`) != 1 {
		t.Errorf("id fig-values used more than once:\n%s", page)
	}
}

// TestGluedFigures: a glue:figure's table or text is a <figure> around
// the block as it is shown elsewhere, its caption escaped with formulas
// typeset; a glued formula's label is its id, which a heading does not
// take.
func TestGluedFigures(t *testing.T) {
	table := report.Block{Kind: report.KindHTML, Cell: 1, Glue: "tbl", Text: "<table><tr><td>1</td></tr></table>",
		Caption: "Figure 1: A **table** of $x<y$", Label: "fig-t"}
	text := report.Block{Kind: report.KindText, Cell: 1, Glue: "n", Text: "7", Caption: "Seven"}
	formula := report.Block{Kind: report.KindMath, Cell: 1, Glue: "eq", Text: "x^2", Display: true, Label: "eq-x"}
	heading := report.Block{Kind: report.KindMarkdown, Cell: 1, Text: "## Eq x"}
	page := viewBody(t, heading, table, text, formula)
	for _, want := range []string{
		`<figure class="output glued" id="fig-t">` + "\n" + `<div class="output html"><table><tr><td>1</td></tr></table></div>` + "\n" +
			`<figcaption>Figure 1: A <strong>table</strong> of <math`,
		`<figure class="output glued">` + "\n" + `<pre class="output text">7</pre>` + "\n<figcaption>Seven</figcaption></figure>",
		`<div class="output math" id="eq-x">`,
		`<h2 id="eq-x-1">`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks\n%s\n%s", want, page)
		}
	}
	if strings.Count(page, "<figcaption>") != 2 || strings.Contains(page, "<b>") {
		t.Errorf("captions not once each, or raw HTML in one:\n%s", page)
	}
}

// TestCaptionsAndLegends: a table's caption is above it, a figure's
// below; a legend follows the caption in the <figcaption>, converted as
// the page's Markdown; an image's classes are the figure's.
func TestCaptionsAndLegends(t *testing.T) {
	table := report.Block{Kind: report.KindHTML, Cell: 1, Output: 1, Text: "<table><tr><td>1</td></tr></table>",
		Caption: "Table 1: *Values*", Label: "tbl-v", CaptionAbove: true}
	image := report.Block{Kind: report.KindImage, Cell: 2, Output: 1, MIME: "image/png", Data: []byte("x"), Alt: "A fish",
		Caption: "Figure 1: Fish", Legend: "A *legend* <script>alert(1)</script>", Classes: []string{"shadow"}}
	above := image
	above.Cell, above.CaptionAbove, above.Legend, above.Caption = 3, true, "Only a legend", ""
	page := viewBody(t, table, image, above)
	for _, want := range []string{
		`<figure class="output glued" id="tbl-v">` + "\n<figcaption>Table 1: <em>Values</em></figcaption>\n" + `<div class="output html"><table>`,
		`<figure class="output image shadow"><img src="data:image/png;base64,eA==" alt="A fish">` + "\n<figcaption>Figure 1: Fish" + `<div class="legend">` + "\n<p>A <em>legend</em> ",
		`<figure class="output image shadow"><figcaption><div class="legend">` + "\n<p>Only a legend</p>\n</div></figcaption>\n<img ",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks\n%s\n%s", want, page)
		}
	}
	if strings.Contains(page, "<script>alert") {
		t.Errorf("a legend's script is in the page:\n%s", page)
	}
}

// TestPromptHideInPage: a folded part's control shows code_prompt_hide's
// text once open, the stylesheet choosing; both texts escaped.
func TestPromptHideInPage(t *testing.T) {
	code := report.Block{Kind: report.KindCode, Cell: 1, Lang: "go", Text: "x", Fold: report.FoldSource, Summary: "Show <b>", SummaryHide: "Hide <b>"}
	page := viewBody(t, code)
	want := `<summary><span class="prompt-show">Show &lt;b&gt;</span><span class="prompt-hide">Hide &lt;b&gt;</span></summary>`
	if !strings.Contains(page, want) {
		t.Errorf("page lacks\n%s\n%s", want, page)
	}
	for _, rule := range []string{"details.fold > summary .prompt-hide, details.fold[open] > summary .prompt-show { display: none; }", "details.fold[open] > summary .prompt-hide { display: inline; }"} {
		if !strings.Contains(css(), rule) {
			t.Errorf("stylesheet lacks %q", rule)
		}
	}
}

// TestTabWidth: code and outputs show a tab as four columns, on screen
// and on paper (the rule is in no media query).
func TestTabWidth(t *testing.T) {
	c := css()
	rule := strings.Index(c, "tab-size: 4")
	if rule < 0 || !strings.Contains(c[:rule], "pre, code {") {
		t.Fatalf("no tab-size: 4 for pre and code")
	}
	if open := strings.Count(c[:rule], "{") - strings.Count(c[:rule], "}"); open != 1 {
		t.Errorf("tab-size: 4 is inside a media query (%d open braces before it)", open)
	}
}

// TestMarkdownDialects: a text/markdown output in a dialect (MyST-NB's
// markdown_format) is read in it: CommonMark has no tables and neither
// it nor GitHub's reads MyST's or Quarto's constructs; formulas are
// typeset in all.
func TestMarkdownDialects(t *testing.T) {
	const src = "| a |\n|---|\n| 1 |\n\n:::{note}\nN\n:::\n\n$x$ and ~~gone~~"
	tests := []struct {
		dialect      string
		table, note  bool
		strike, math bool
	}{
		{"", true, true, true, true},
		{"gfm", true, false, true, true},
		{"commonmark", false, false, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.dialect, func(t *testing.T) {
			page := viewBody(t, report.Block{Kind: report.KindMarkdown, Cell: 1, Output: 1, Text: src, Dialect: tt.dialect})
			for what, got := range map[string][2]bool{
				"table":           {strings.Contains(page, "<table>"), tt.table},
				"admonition":      {!strings.Contains(page, ":::{note}"), tt.note},
				"strikethrough":   {strings.Contains(page, "<del>"), tt.strike},
				"formula typeset": {strings.Contains(page, "<math"), tt.math},
			} {
				if got[0] != got[1] {
					t.Errorf("%s: %v, want %v\n%s", what, got[0], got[1], page)
				}
			}
		})
	}
}
