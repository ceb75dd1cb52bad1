package report

import (
	"encoding/base64"
	"reflect"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// glueFigureNotebook is figureNotebook's notebook of the cells, then a
// code cell that glues, without display, "n" (7), "pic" (a PNG whose text
// form says nothing), "tbl" (a table) and "eq" (a formula).
func glueFigureNotebook(t *testing.T, cells ...string) *notebook.Notebook {
	nb := figureNotebook("", cells...)
	nb.Cells = append(nb.Cells, &notebook.Cell{Type: notebook.Code, Source: "glue()", Metadata: notebook.Metadata{}, Outputs: []*notebook.Output{
		out(t, map[string]any{GluePrefix + "text/plain": "7"}, scrapbook("n", GluePrefix)),
		out(t, map[string]any{GluePrefix + "image/png": tinyPNG, GluePrefix + "text/plain": "<Figure size 640x480 with 1 Axes>"}, scrapbook("pic", GluePrefix)),
		out(t, map[string]any{GluePrefix + "text/html": "<table><tr><td>1</td></tr></table>", GluePrefix + "text/plain": "table"}, scrapbook("tbl", GluePrefix)),
		out(t, map[string]any{GluePrefix + "text/latex": `$$x^2$$`}, scrapbook("eq", GluePrefix)),
	}})
	return nb
}

// TestGlueFigures checks that a glue:figure is a figure as a cell's image
// is: its caption the first paragraph of its body, the paragraphs after
// it its legend (raw HTML left out), numbered with a :name: in the
// sequence of the cells' labelled figures, and given alternative text by
// the same rules.
func TestGlueFigures(t *testing.T) {
	const (
		figA = "//| label: fig-a\n//| fig-alt: [a, b]\nshow()"
		figB = "//| label: fig-b\n//| fig-alt: [c, d]\nshow()"
	)
	tests := []struct {
		name     string
		cells    []string
		want     []string // label|caption|alt of each image, or label|caption|kind of a block with a caption
		warnings []string
	}{
		{"one sequence", []string{figA, "md:```{glue:figure} pic\n:alt: Pixels\n:name: fig-g\n\nThe *glued* {glue}`n` and $x^2$.\n```", figB},
			[]string{"fig-a|Figure 1|a", "||b", "fig-g|Figure 2: The *glued* 7 and $x^2$.|Pixels", "fig-b|Figure 3|c", "||d"}, nil},
		{"a name of any label form", []string{"md:```{glue:figure} pic\n:alt: Pixels\n:name: sorted-means.v2\n```"},
			[]string{"sorted-means.v2|Figure 1|Pixels"}, nil},
		{"a name that is no label", []string{"md:```{glue:figure} pic\n:alt: Pixels\n:name: two words\n\nCap\n```"},
			[]string{"|Cap|Pixels"}, []string{`cell 1: glue: the {glue:figure} directive's :name: "two words" is not a label`}},
		{"a name numbered already", []string{figA, "md:```{glue:figure} pic\n:alt: Pixels\n:name: fig-a\n```"},
			[]string{"fig-a|Figure 1|a", "||b", "||Pixels"}, []string{"cell 2: label fig-a is the label of figure 1 already"}},
		{"caption stands for alt", []string{"md:```{glue:figure} pic\nRed *pixels*\n```"}, []string{"|Red *pixels*|Red pixels"}, nil},
		{"no alt", []string{"md:```{glue:figure} pic\n```"}, []string{"||Figure from cell 2"},
			[]string{`cell 1: glue: figure "pic" has no alt text: "Figure from cell 2" stands in; give the {glue:figure} directive an :alt: option`}},
		{"no alt, numbered", []string{"md:```{glue:figure} pic\n:name: fig-p\n```"}, []string{"fig-p|Figure 1|Figure 1, from cell 2"},
			[]string{`cell 1: glue: figure "pic" has no alt text: "Figure 1, from cell 2" stands in`}},
		{"no alt, no figure", []string{"md:```{glue} pic\n```"}, []string{"||Figure from cell 2"},
			[]string{`cell 1: glue: figure "pic" has no alt text: "Figure from cell 2" stands in; quote it with a {glue:figure} directive and an :alt: option`}},
		{"a table", []string{"md:```{glue:figure} tbl\n:name: fig-t\n\nA table.\n```"}, []string{"fig-t|Figure 1: A table.|html"}, nil},
		{"a legend", []string{"md:```{glue:figure} pic\n:alt: Pixels\n:name: fig-l\n\nThe caption,\non two lines.\n\nThe *legend* <b>x</b>, {glue}`n`.\n\nIts second paragraph.\n```"},
			[]string{"fig-l|Figure 1: The caption, on two lines.|Pixels|legend The *legend* x, 7.\n\nIts second paragraph."}, nil},
		{"a formula", []string{"md:```{glue:figure} eq\n:name: fig-e\n```\n\n```{glue:math} eq\n:label: eq-x\n```"},
			[]string{"fig-e|Figure 1|math", "eq-x||math"}, nil},
		{"a formula's label that is no label", []string{"md:```{glue:math} eq\n:label: x\" onclick=\"y\n```"},
			nil, []string{`cell 1: glue: the {glue:math} directive's label "x\" onclick=\"y" is not a label`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := mustView(t, glueFigureNotebook(t, tt.cells...), ViewOptions{})
			var got []string
			for _, b := range v.Blocks {
				switch {
				case b.Kind == KindImage && b.Legend != "":
					got = append(got, b.Label+"|"+b.Caption+"|"+b.Alt+"|legend "+b.Legend)
				case b.Kind == KindImage:
					got = append(got, b.Label+"|"+b.Caption+"|"+b.Alt)
				case b.Caption != "" || b.Label != "":
					got = append(got, b.Label+"|"+b.Caption+"|"+b.Kind.String())
				}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("figures %q, want %q", got, tt.want)
			}
			checkWarnings(t, v, tt.warnings)
		})
	}
}

// TestGlueFigureReferences checks that "@fig-NAME" links to a glued
// figure named fig-NAME as to a cell's, by its number in one sequence,
// and that an inline glued image, which no option describes, gets the
// alternative text that stands in for a cell's.
func TestGlueFigureReferences(t *testing.T) {
	nb := glueFigureNotebook(t, "md:See @fig-g, then -@fig-a; {glue}`pic` inline.",
		"//| label: fig-a\n//| fig-alt: [a, b]\nshow()", "md:```{glue:figure} pic\n:alt: Pixels\n:name: fig-g\n```")
	v := mustView(t, nb, ViewOptions{})
	if len(v.Warnings) > 0 {
		t.Errorf("warnings %q", warningTexts(v))
	}
	png, err := base64.StdEncoding.DecodeString(tinyPNG)
	if err != nil {
		t.Fatal(err)
	}
	want := "See @fig-g, then -@fig-a; ![Figure from cell 4](" + contentPath("post_files", png, ".png") + ") inline."
	if got := v.Blocks[0].Text; got != want {
		t.Errorf("Markdown %q, want %q", got, want)
	}
	if got, want := renderMarkdown(t, v)[0], `<p>See <a class="ref" href="#fig-g">Figure 2</a>, then <a class="ref" href="#fig-a">1</a>; <img`; !strings.HasPrefix(got, want) {
		t.Errorf("page %q, want %q", got, want)
	}
	if want := "See Figure 2, then 1; inline."; v.Meta.Summary != want {
		t.Errorf("summary %q, want %q", v.Meta.Summary, want)
	}
}
