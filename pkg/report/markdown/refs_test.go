package markdown

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// refsNotebook returns a Go notebook of Markdown cells and one code
// cell, labelled fig-plot, that shows an image.
func refsNotebook(md ...string) *notebook.Notebook {
	nb := notebook.New()
	nb.Metadata["kernelspec"] = json.RawMessage(`{"name": "gonb", "language": "go"}`)
	for _, m := range md {
		nb.Cells = append(nb.Cells, &notebook.Cell{Type: notebook.Markdown, Source: m})
	}
	png := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}}
	png.Data.SetText("image/png", "iVBORw0KGgo=")
	nb.Cells = append(nb.Cells, &notebook.Cell{Type: notebook.Code, Source: "//| label: fig-plot\n//| fig-cap: Values\n//| fig-alt: A chart\nshow()", Outputs: []*notebook.Output{png}})
	return nb
}

// TestRefsInPost checks the post form of references, labelled
// equations, targets, table captions and numbered sections: links with
// the page's texts, \tag in the formula, anchors, and what is not a
// reference as written.
func TestRefsInPost(t *testing.T) {
	nb := refsNotebook("---\nnumber-sections: true\n---\n",
		"## Intro {#sec-intro}\n\nSee @fig-plot, [@eq-a], -@eq-a, {eq}`eq-a`, @sec-intro, [](#tbl-v), {ref}`tgt` and @fig-none; me@fig-plot.org. [](#nowhere)",
		"$$\na = b\n$$ {#eq-a}\n\n(tgt)=\n### Below\n\n| n | g |\n|---|---|\n| 1 | 1 |\n\n: Values {#tbl-v}\n")
	v, err := report.NewView(nb, report.ViewOptions{Name: "post", ModTime: modTime})
	if err != nil {
		t.Fatal(err)
	}
	post := string(Render(v).Text)
	for _, want := range []string{
		"## 1 Intro {#sec-intro}",
		"See [Figure\u00a01](#fig-plot), [Equation\u00a01](#eq-a), [1](#eq-a), [(1)](#eq-a), [Section\u00a01](#sec-intro), [Table\u00a01](#tbl-v), [Below](#tgt) and <mark class=\"ref-missing\">?@fig-none</mark>; me@fig-plot.org.",
		// A reference to nothing shows as written, its Markdown escaped.
		"<mark class=\"ref-missing\">\\[\\](\\#nowhere)</mark>",
		"<a id=\"eq-a\"></a>\n\n$$\na = b \\tag{1}\\label{eq-a}\n$$",
		"<a id=\"tgt\"></a>\n### 1.1 Below",
		"<a id=\"tbl-v\"></a>Table 1: Values",
	} {
		if !strings.Contains(post, want) {
			t.Errorf("post lacks\n%s\n%s", want, post)
		}
	}
	if len(v.Warnings) != 2 || !strings.Contains(v.Warnings[0].String(), "fig-none") || !strings.Contains(v.Warnings[1].String(), "nowhere") {
		t.Errorf("warnings %q, want one for fig-none and one for nowhere", v.Warnings)
	}
}

// TestCitationInLinkText: a citation in a link's text, as mystmd's own
// documentation writes "[@jupyter-book](https://github.com/jupyter-book)",
// is the link's text as written, in the post as on the page, and does not
// stop the post being written.
func TestCitationInLinkText(t *testing.T) {
	nb := refsNotebook("For example: [@jupyter-book](https://github.com/jupyter-book) or [see [@knuth1984; @eq-x]](https://example.org).")
	v, err := report.NewView(nb, report.ViewOptions{Name: "post", ModTime: modTime})
	if err != nil {
		t.Fatal(err)
	}
	post := string(Render(v).Text)
	if want := "[@jupyter-book](https://github.com/jupyter-book)"; !strings.Contains(post, want) {
		t.Errorf("post lacks\n%s\n%s", want, post)
	}
}

// TestEquationWithBlockLines: a labelled formula with a line that
// Markdown would read as a list item or a quote, as Quarto's own
// Black-Scholes example has ("  + \mathrm r ..."), is numbered in the
// post as on the page, on lines a blog keeps in the formula.
func TestEquationWithBlockLines(t *testing.T) {
	for _, tex := range []string{"a\n  + b", "a\n- b", "a\n> b", "a\n1. b"} {
		nb := refsNotebook("See @eq-bs.\n\n$$\n" + tex + "\n$$ {#eq-bs}\n\nNote.\n")
		v, err := report.NewView(nb, report.ViewOptions{Name: "post", ModTime: modTime})
		if err != nil {
			t.Fatal(err)
		}
		post := string(Render(v).Text)
		if !strings.Contains(post, "<a id=\"eq-bs\"></a>\n\n$$\na ") || !strings.Contains(post, `b \tag{1}\label{eq-bs}`+"\n$$\n") || strings.Contains(post, "{#eq-bs}") {
			t.Errorf("%q: formula not numbered whole:\n%s", tex, post)
		}
	}
}
