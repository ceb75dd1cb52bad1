package markdown

import (
	"strings"
	"testing"

	"github.com/grundylab/grundy/internal/htmltext"
	"github.com/grundylab/grundy/pkg/report"
	xhtml "golang.org/x/net/html"
)

// hostileText is output or code that would be markup, or end a block,
// if it were not escaped: tags, the ends of the elements around it, blank
// lines, indented lines and Markdown.
const hostileText = "a <img src=x onerror=alert(1)>\n</code></pre></details><script>alert(2)</script>\n\n\n    indented\n# not a heading\n[x](javascript:alert(3)) & &amp; `tick`\n\t</PRE>\n<!-- open comment\nend"

// postBody renders blocks as a post and returns its body, without the
// front matter.
func postBody(blocks ...report.Block) string {
	v := &report.View{Blocks: blocks}
	_, body, _ := strings.Cut(string(Render(v).Text), "\n---\n")
	return strings.TrimPrefix(body, "\n")
}

func TestFoldsInPost(t *testing.T) {
	code := report.Block{Kind: report.KindCode, Cell: 1, Lang: "go", Text: "x := 1\n\tif a < b {}"}
	out := report.Block{Kind: report.KindStream, Cell: 1, Output: 1, Name: "stdout", Text: "out\n"}
	fold := func(b report.Block, f report.Fold, summary string) report.Block {
		b.Fold, b.Summary = f, summary
		return b
	}
	tests := []struct {
		name   string
		blocks []report.Block
		want   string
	}{
		{"unfolded", []report.Block{code, out}, "```go\nx := 1\n\tif a < b {}\n```\n\n```\nout\n```\n"},
		{"folded source", []report.Block{fold(code, report.FoldSource, "Code"), out},
			"<details>\n<summary>Code</summary>\n\n<pre><code class=\"language-go\">x := 1\n\tif a &lt; b {}</code></pre>\n\n</details>\n\n```\nout\n```\n"},
		{"open", []report.Block{func() report.Block { b := fold(code, report.FoldSource, "Code"); b.Open = true; return b }()},
			"<details open=\"\">\n<summary>Code</summary>\n\n"},
		{"a whole cell", []report.Block{fold(code, report.FoldCell, "Show code cell content"), fold(out, report.FoldCell, "Show code cell content")},
			"<details>\n<summary>Show code cell content</summary>\n\n<pre><code class=\"language-go\">x := 1\n\tif a &lt; b {}</code></pre>\n\n<pre><code>out</code></pre>\n\n</details>\n"},
		{"two folds of one cell", []report.Block{fold(code, report.FoldSource, "S"), fold(out, report.FoldOutputs, "O")},
			"<details>\n<summary>S</summary>\n\n<pre><code class=\"language-go\">x := 1\n\tif a &lt; b {}</code></pre>\n\n</details>\n\n<details>\n<summary>O</summary>\n\n<pre><code>out</code></pre>\n\n</details>\n"},
		{"summary escaped, one line", []report.Block{fold(code, report.FoldSource, "<b>set\n\nup</b>")},
			"<details>\n<summary>&lt;b&gt;set up&lt;/b&gt;</summary>\n\n"},
		{"Markdown unfolded", []report.Block{fold(report.Block{Kind: report.KindMarkdown, Cell: 2, Text: "*hidden* note"}, report.FoldCell, "S")},
			"*hidden* note\n"},
		{"folded figure, note, math, HTML", []report.Block{
			fold(report.Block{Kind: report.KindImage, Cell: 3, Output: 1, File: "p_files/cell3-1.png", Alt: `a "b" <c>`, Caption: "Figure 1: x < y", Label: "fig-a"}, report.FoldOutputs, "O"),
			fold(report.Block{Kind: report.KindNote, Cell: 3, Output: 2, Text: "a <note>"}, report.FoldOutputs, "O"),
			fold(report.Block{Kind: report.KindMath, Cell: 3, Output: 3, Text: "a<b\n\nc", Display: true}, report.FoldOutputs, "O"),
			fold(report.Block{Kind: report.KindHTML, Cell: 3, Output: 4, Text: "<table>\n\n<tr><td>1</td></tr></table>"}, report.FoldOutputs, "O"),
		}, "<details>\n<summary>O</summary>\n\n<figure id=\"fig-a\">\n<img src=\"p_files/cell3-1.png\" alt=\"a &#34;b&#34; &lt;c&gt;\">\n<figcaption>Figure 1: x &lt; y</figcaption>\n</figure>\n\n" +
			"<p><em>a &lt;note&gt;</em></p>\n\n<div class=\"math\">$$a&lt;b\nc$$</div>\n\n<div>\n<table>\n<tr><td>1</td></tr></table>\n</div>\n\n</details>\n"},
		{"rest of a long output", []report.Block{out, func() report.Block {
			b := out
			b.Text = "more <b>\n"
			b.Rest, b.Summary = true, "Show 1 more line"
			return b
		}()},
			"```\nout\n```\n\n<details>\n<summary>Show 1 more line</summary>\n\n<pre><code>more &lt;b&gt;</code></pre>\n\n</details>\n"},
		{"figure", []report.Block{{Kind: report.KindImage, Cell: 4, Output: 1, File: "p_files/cell4-1.png", Alt: "Values [1]", Caption: "Figure 2: *The* values of $g(n) < 3$ & more", Label: "fig-v"}},
			"<a id=\"fig-v\"></a>![Values \\[1\\]](p_files/cell4-1.png)\n\n_Figure 2: *The* values of $g(n) \\lt 3$ & more_\n"},
		{"figure without caption", []report.Block{{Kind: report.KindImage, Cell: 4, Output: 1, File: "p_files/cell4-1.png", Alt: "Figure from cell 4"}},
			"![Figure from cell 4](p_files/cell4-1.png)\n"},
		{"glued table as a figure", []report.Block{{Kind: report.KindHTML, Cell: 5, Glue: "t", Text: "<table><tr><td>1</td></tr></table>", Caption: "Figure 3: A *table* <b>", Label: "fig-t"}},
			"<a id=\"fig-t\"></a>\n\n<div>\n<table><tr><td>1</td></tr></table>\n</div>\n\n_Figure 3: A *table* <b>_\n"},
		{"glued text as a figure, folded", []report.Block{fold(report.Block{Kind: report.KindText, Cell: 5, Glue: "n", Text: "7\n\n<i>", Caption: "Figure 3: Seven <b>", Label: "fig-n"}, report.FoldCell, "S")},
			"<details>\n<summary>S</summary>\n\n<figure id=\"fig-n\">\n\n<pre><code>7\n\n&lt;i&gt;</code></pre>\n\n<figcaption>Figure 3: Seven</figcaption>\n</figure>\n\n</details>\n"},
		{"table caption above", []report.Block{{Kind: report.KindHTML, Cell: 6, Output: 1, Text: "<table><tr><td>1</td></tr></table>", Caption: "Table 1: *Values*", Label: "tbl-v", CaptionAbove: true}},
			"<a id=\"tbl-v\"></a>\n\n_Table 1: *Values*_\n\n<div>\n<table><tr><td>1</td></tr></table>\n</div>\n"},
		{"legend", []report.Block{{Kind: report.KindImage, Cell: 6, Output: 1, File: "p_files/f.png", Alt: "A fish", Caption: "Figure 1: Fish", Legend: "A *legend* <script>x</script>\n\nof two paragraphs"}},
			"![A fish](p_files/f.png)\n\n*Figure 1: Fish*\n\nA *legend* x\n\nof two paragraphs\n"},
		{"image classes", []report.Block{{Kind: report.KindImage, Cell: 6, Output: 1, File: "p_files/f.png", Alt: `A "fish"`, Classes: []string{"shadow", "bg-primary"}, Width: 300}},
			"<img src=\"p_files/f.png\" alt=\"A &#34;fish&#34;\" class=\"shadow bg-primary\" width=\"300\">\n"},
		{"folded table caption above, legend", []report.Block{fold(report.Block{Kind: report.KindText, Cell: 6, Output: 1, Text: "1 2", Caption: "Table 1: *V*", CaptionAbove: true, Legend: "more <b>text</b>"}, report.FoldOutputs, "O")},
			"<details>\n<summary>O</summary>\n\n<figure>\n<figcaption>Table 1: V more text</figcaption>\n\n<pre><code>1 2</code></pre>\n\n</figure>\n\n</details>\n"},
		{"folded image with classes", []report.Block{fold(report.Block{Kind: report.KindImage, Cell: 6, Output: 1, File: "p_files/f.png", Alt: "A", Classes: []string{"shadow"}}, report.FoldOutputs, "O")},
			"<details>\n<summary>O</summary>\n\n<figure>\n<img src=\"p_files/f.png\" alt=\"A\" class=\"shadow\">\n</figure>\n\n</details>\n"},
		{"open control's text not in a post", []report.Block{func() report.Block {
			b := fold(code, report.FoldSource, "Show")
			b.SummaryHide = "Hide"
			return b
		}()}, "<details>\n<summary>Show</summary>\n\n<pre>"},
		{"Markdown in a dialect as it is", []report.Block{{Kind: report.KindMarkdown, Cell: 7, Output: 1, Text: ":::{note}\nSee @fig-x <script>x</script>\n:::", Dialect: "commonmark"}},
			":::{note}\nSee @fig-x x\n:::\n"},
		{"glued formula's label", []report.Block{{Kind: report.KindMath, Cell: 5, Glue: "eq", Text: "x", Display: true, Label: "eq-x"}}, "<a id=\"eq-x\"></a>\n\n$$\nx\n$$\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := postBody(tt.blocks...)
			if !strings.HasPrefix(got, tt.want) {
				t.Errorf("post\n%s\nwant it to start\n%s", got, tt.want)
			}
		})
	}
}

func TestCaptionText(t *testing.T) {
	tests := []struct {
		in      string
		trusted bool
		want    string
	}{
		{"plain", false, "plain"},
		{"Figure 1: a_b *c* **d** [e](#f) `g`", false, "Figure 1: a_b *c* **d** [e](#f) `g`"},
		{"x <script>alert(1)</script> <b>y</b>", false, "x alert(1) <b>y</b>"},
		{"x <span onclick=\"f()\">y</span>", false, "x <span>y</span>"},
		{"x <span onclick=\"f()\">y</span>", true, "x <span onclick=\"f()\">y</span>"},
		{"$a<b$ and $$[x]>y$$", false, `$a\lt b$ and $$\lbrack x\rbrack \gt y$$`},
		{"two\nlines  here", false, "two lines here"},
	}
	for _, tt := range tests {
		if got := CaptionText(tt.in, tt.trusted); got != tt.want {
			t.Errorf("CaptionText(%q, %v) = %q, want %q", tt.in, tt.trusted, got, tt.want)
		}
	}
}

// TestFoldsReadBack reads posts with folds, long outputs and captions
// as a blog's CommonMark engine with raw HTML allowed does (goldmark,
// unsafe): every hostile text comes back as the same text, in a <pre>,
// <summary> or alt, and makes no element of its own; a hostile caption,
// inline Markdown, makes no element but emphasis, code and links, and no
// attribute that runs script.
func TestFoldsReadBack(t *testing.T) {
	caption := strings.Join(strings.Fields(hostileText), " ")
	for _, f := range []report.Fold{report.FoldSource, report.FoldOutputs, report.FoldCell} {
		blocks := []report.Block{
			{Kind: report.KindCode, Cell: 1, Lang: "go", Text: hostileText, Fold: f, Summary: hostileText},
			{Kind: report.KindStream, Cell: 1, Output: 1, Text: "head\n", Fold: f, Summary: hostileText},
			{Kind: report.KindStream, Cell: 1, Output: 1, Text: hostileText, Rest: true, Fold: f, Summary: hostileText},
			{Kind: report.KindImage, Cell: 1, Output: 2, File: "p_files/x.png", Alt: hostileText, Caption: caption, Label: "fig-x", Fold: f, Summary: hostileText},
			// A glue:figure's text, folded.
			{Kind: report.KindText, Cell: 1, Output: 3, Glue: "g", Text: hostileText, Caption: caption, Label: "fig-z", Fold: f, Summary: hostileText},
			{Kind: report.KindStream, Cell: 2, Output: 1, Text: hostileText, Rest: true, Summary: hostileText},
			{Kind: report.KindImage, Cell: 3, Output: 1, File: "p_files/y.png", Alt: hostileText, Caption: caption, Label: "fig-y"},
			// A glue:figure's text, not folded.
			{Kind: report.KindText, Cell: 4, Glue: "g", Text: hostileText, Caption: caption, Label: "fig-w"},
		}
		body := postBody(blocks...)
		doc, page := unsafePage(t, []byte(body))
		pres, summaries, captions := 0, 0, 0
		for n := range doc.Descendants() {
			if n.Type != xhtml.ElementNode {
				continue
			}
			switch n.Data {
			case "html", "head", "body", "details", "summary", "pre", "code", "p", "em", "figure", "figcaption", "img", "a":
			default:
				t.Errorf("fold %d: element <%s> made:\n%s\n%s", f, n.Data, body, page)
			}
			for _, a := range n.Attr {
				if strings.HasPrefix(a.Key, "on") || strings.Contains(a.Val, "javascript:") && a.Key != "alt" {
					t.Errorf("fold %d: <%s %s=%q>", f, n.Data, a.Key, a.Val)
				}
			}
			text := htmltext.Text(n)
			switch n.Data {
			case "pre":
				if text == hostileText {
					pres++
				}
			case "summary":
				if text == strings.Join(strings.Fields(hostileText), " ") {
					summaries++
				}
			case "figcaption":
				captions++
			}
		}
		// The code, two rests and the folded glued text come back whole
		// in a <pre> each; the summaries of the fold and the two rests
		// on one line; the two folded figures have a <figcaption>.
		if pres != 4 || summaries != 3 || captions != 2 {
			t.Errorf("fold %d: %d <pre> and %d <summary> hold the text whole, %d <figcaption>, want 4, 3 and 2:\n%s\n%s", f, pres, summaries, captions, body, page)
		}
	}
}
