package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/authoring"
	"github.com/grundylab/grundy/pkg/report/mathml"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

const tinyPNG = "iVBORw0KGgo="

// figureNotebook returns a Go notebook of the cells: "md:TEXT" a Markdown
// cell, anything else the source of a code cell that shows two images,
// a PNG with the text form plain and a GoNB SVG figure with none.
func figureNotebook(plain string, cells ...string) *notebook.Notebook {
	nb := notebook.New()
	nb.Metadata["kernelspec"] = json.RawMessage(`{"name": "gonb", "language": "go"}`)
	for _, c := range cells {
		if text, ok := strings.CutPrefix(c, "md:"); ok {
			nb.Cells = append(nb.Cells, &notebook.Cell{Type: notebook.Markdown, Source: text})
			continue
		}
		png := rich("image/png", tinyPNG)
		if plain != "" {
			png.Data.SetText("text/plain", plain)
		}
		svg := rich("text/html", `<div><svg width="4" height="4"></svg></div>`)
		nb.Cells = append(nb.Cells, &notebook.Cell{Type: notebook.Code, Source: c, Outputs: []*notebook.Output{png, svg}})
	}
	return nb
}

// figureFields lists the images of a view as "label|caption|alt".
func figureFields(v *View) []string {
	var out []string
	for _, b := range v.Blocks {
		if b.Kind == KindImage {
			out = append(out, b.Label+"|"+b.Caption+"|"+b.Alt)
		}
	}
	return out
}

func warningTexts(v *View) []string {
	var out []string
	for _, w := range v.Warnings {
		out = append(out, w.String())
	}
	return out
}

// checkWarnings checks that the view's warnings start, in order, with
// the texts of prefixes.
func checkWarnings(t *testing.T, v *View, prefixes []string) {
	t.Helper()
	got := warningTexts(v)
	if len(got) != len(prefixes) {
		t.Fatalf("warnings %q, want %d", got, len(prefixes))
	}
	for i, w := range prefixes {
		if !strings.HasPrefix(got[i], w) {
			t.Errorf("warning %q, want one starting %q", got[i], w)
		}
	}
}

func TestFigures(t *testing.T) {
	tests := []struct {
		name     string
		plain    string
		cells    []string
		want     []string
		warnings []string
	}{
		{"no options", "<Figure size 640x480 with 1 Axes>", []string{"show()"},
			[]string{"||Figure 1 of cell 1", "||Figure 2 of cell 1"},
			[]string{`cell 1: output 1: figure has no alt text: "Figure 1 of cell 1" stands in; give the cell a line "//| fig-alt: [what figure 1 shows, what figure 2 shows]" at its top`,
				`cell 1: output 2: figure has no alt text: "Figure 2 of cell 1" stands in`}},
		{"text form as alt", "Histogram of values", []string{"//| fig-alt: [\"\", The sequence]\nshow()"},
			[]string{"||Histogram of values", "||The sequence"}, nil},
		{"caption and alt", "", []string{"//| fig-cap: The *values* of $g(n)$\n//| fig-alt: A bar chart\nshow()"},
			[]string{"|The *values* of $g(n)$|A bar chart", "||Figure 2 of cell 1"}, []string{"cell 1: output 2: figure has no alt text"}},
		{"caption stands for alt", "", []string{"//| fig-cap: [One, Two]\nshow()"},
			[]string{"|One|One", "|Two|Two"}, nil},
		{"numbered", "", []string{"//| label: fig-a\n//| fig-cap: [First, Second]\nshow()", "//| label: fig-b\n//| fig-alt: [x, y]\nshow()"},
			[]string{"fig-a|Figure 1: First|First", "|Second|Second", "fig-b|Figure 2|x", "||y"}, nil},
		{"numbered, no alt", "", []string{"//| label: fig-a\n//| fig-alt: [\"\", y]\nshow()"},
			[]string{"fig-a|Figure 1|Figure 1, from cell 1", "||y"}, []string{`cell 1: output 1: figure has no alt text: "Figure 1, from cell 1" stands in`}},
		{"other labels", "", []string{"//| label: tbl-x\n//| fig-alt: [a, b]\nshow()"}, []string{"||a", "||b"},
			[]string{"cell 1: label tbl-x names no table: the cell shows no output other than images"}},
		{"bad label", "", []string{"//| label: fig-a b\n//| fig-alt: [a, b]\nshow()"}, []string{"||a", "||b"},
			[]string{`cell 1: label "fig-a b" is not a figure label`}},
		{"repeated label", "", []string{"//| label: fig-a\n//| fig-alt: [a, b]\nshow()", "//| label: fig-a\n//| fig-alt: [c, d]\nshow()"},
			[]string{"fig-a|Figure 1|a", "||b", "||c", "||d"}, []string{"cell 2: label fig-a is the label of figure 1 already"}},
		{"hidden figure", "", []string{"//| label: fig-a\n//| output: false\nshow()"}, nil,
			[]string{"cell 1: label fig-a names no figure: the cell shows no image"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := mustView(t, figureNotebook(tt.plain, tt.cells...), ViewOptions{})
			if got := figureFields(v); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("figures %q, want %q", got, tt.want)
			}
			checkWarnings(t, v, tt.warnings)
			for _, b := range v.Blocks {
				if b.Kind == KindImage && (b.Alt == "" || strings.EqualFold(b.Alt, "output")) {
					t.Errorf("image of cell %d has alt %q", b.Cell, b.Alt)
				}
			}
		})
	}
}

func TestReferences(t *testing.T) {
	const missing = `<mark class="ref-missing" title="no target has this label">`
	tests := []struct {
		name, md, want string
		warnings       []string
	}{
		{"plain", "See @fig-a and @fig-b.", `See <a class="ref" href="#fig-a">Figure 1</a> and <a class="ref" href="#fig-b">Figure 2</a>.`, nil},
		{"start of a sentence", "@Fig-a shows it", `<a class="ref" href="#fig-a">Figure 1</a> shows it`, nil},
		{"number alone", "Figures -@fig-a and -@fig-b", `Figures <a class="ref" href="#fig-a">1</a> and <a class="ref" href="#fig-b">2</a>`, nil},
		{"brackets", "(see [@fig-b])", `(see <a class="ref" href="#fig-b">Figure 2</a>)`, nil},
		{"emphasis", "*@fig-a*", `<em><a class="ref" href="#fig-a">Figure 1</a></em>`, nil},
		{"not in code", "`@fig-a` and", "<code>@fig-a</code> and", nil},
		{"not in math", "$x @fig-a$ and", `<math`, nil},
		{"not in links", "[@fig-a](http://x)", `<a href="http://x">@fig-a</a>`, nil},
		{"not an address", "me@fig-a.org, \\@fig-a", `<a href="mailto:me@fig-a.org">me@fig-a.org</a>, @fig-a`, nil},
		{"unknown", "@fig-none and @fig-none again, @fig-a", missing + `?@fig-none</mark> and ` + missing + `?@fig-none</mark> again, <a class="ref" href="#fig-a">Figure 1</a>`,
			[]string{"cell 1: reference fig-none: no figure, table, equation, section or block has this label, shown marked"}},
		{"across lines", "see\n@fig-a", "see\n<a class=\"ref\" href=\"#fig-a\">Figure 1</a>", nil},
		{"many unknown", "@fig-u1 @fig-u2 @fig-u3 @fig-u1 @fig-u4 @fig-u5 @fig-u6 @fig-u7", missing + "?@fig-u1</mark>",
			[]string{"cell 1: reference fig-u1: no figure, table, equation, section or block has this label, shown marked",
				"cell 1: reference fig-u2: no figure, table, equation, section or block has this label, shown marked",
				"cell 1: reference fig-u3: no figure, table, equation, section or block has this label, shown marked",
				"cell 1: reference fig-u4: no figure, table, equation, section or block has this label, shown marked",
				"cell 1: reference fig-u5: no figure, table, equation, section or block has this label, shown marked",
				"cell 1: 2 more references to no target"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nb := figureNotebook("", "md:"+tt.md, "//| label: fig-a\n//| fig-alt: [a, b]\nshow()", "//| label: fig-b\n//| fig-alt: [c, d]\nshow()")
			v := mustView(t, nb, ViewOptions{})
			if got := renderMarkdown(t, v)[0]; !strings.Contains(got, tt.want) {
				t.Errorf("page %q, want %q", got, tt.want)
			}
			if got := warningTexts(v); !reflect.DeepEqual(got, tt.warnings) {
				t.Errorf("warnings %q, want %q", got, tt.warnings)
			}
		})
	}
	// The summary, plain text, reads as the page does.
	v := mustView(t, figureNotebook("", "md:As @fig-a shows, and [@fig-b], -@fig-a, @fig-c.", "//| label: fig-a\n//| fig-alt: [a, b]\nshow()",
		"//| label: fig-b\n//| fig-alt: [c, d]\nshow()"), ViewOptions{})
	if want := "As Figure 1 shows, and Figure 2, 1, ?@fig-c."; v.Meta.Summary != want {
		t.Errorf("summary %q, want %q", v.Meta.Summary, want)
	}
}

// renderMarkdown renders the Markdown blocks of a view as the page
// does, their references resolved from the view's index.
func renderMarkdown(t testing.TB, v *View) []string {
	t.Helper()
	conv := mathml.New()
	md := goldmark.New(goldmark.WithExtensions(extension.GFM, &mathml.Extender{Converter: conv}, &authoring.Blocks{}, &authoring.Refs{Index: v.Index, Converter: conv}))
	var out []string
	for _, b := range v.Blocks {
		if b.Kind != KindMarkdown {
			continue
		}
		var buf bytes.Buffer
		if err := md.Convert(mathml.JoinLines([]byte(b.Text)), &buf); err != nil {
			t.Fatal(err)
		}
		// References join a name and its number with a no-break space,
		// a space here.
		out = append(out, strings.ReplaceAll(strings.TrimSpace(buf.String()), "\u00a0", " "))
	}
	return out
}

// BenchmarkConventions renders notebooks whose cells use options,
// figures, folds and references, at two sizes: the time should grow as
// the notebook does.
func BenchmarkConventions(b *testing.B) {
	for _, n := range []int{100, 1000} {
		var cells []string
		for i := range n {
			cells = append(cells, fmt.Sprintf("md:As @fig-f%d and @fig-f%d show, `code @fig-x` and $@fig$.", i, i/2),
				fmt.Sprintf("//| label: fig-f%d\n//| fig-cap: Values $g(%d)$\n//| fig-alt: [a, b]\n//| code-fold: true\n%%%%\nshow(%d)", i, i, i))
		}
		nb := figureNotebook("", cells...)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := NewView(nb, ViewOptions{Name: "b"}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestTableLabels: a code cell labelled tbl-NAME numbers its first
// output as a table, with tbl-cap, which "@tbl-NAME" refers to, in the
// sequence of the Markdown's tables.
func TestTableLabels(t *testing.T) {
	nb := figureNotebook("", "md:| a |\n|---|\n| 1 |\n\n: First {#tbl-md}\n\nSee @tbl-cell and @tbl-md.")
	out := &notebook.Output{Type: notebook.ExecuteResult, Data: notebook.MimeBundle{}}
	out.Data.SetText("text/html", "<table><tr><td>1</td></tr></table>")
	count := 1
	nb.Cells = append(nb.Cells, &notebook.Cell{Type: notebook.Code, Source: "//| label: tbl-cell\n//| tbl-cap: Values\nshow()", ExecutionCount: &count, Outputs: []*notebook.Output{out}})
	v := mustView(t, nb, ViewOptions{})
	var captions []string
	for _, b := range v.Blocks {
		if b.Label != "" {
			captions = append(captions, b.Label+"|"+b.Caption)
		}
	}
	if got, want := strings.Join(captions, " "), "tbl-cell|Table 2: Values"; got != want {
		t.Errorf("captions %q, want %q", got, want)
	}
	if got, want := renderMarkdown(t, v)[0], `See <a class="ref" href="#tbl-cell">Table 2</a> and <a class="ref" href="#tbl-md">Table 1</a>.`; !strings.Contains(got, want) {
		t.Errorf("page %q lacks %q", got, want)
	}
	checkWarnings(t, v, nil)
}

// TestCaptionMarkdown: a caption is one line of inline Markdown without
// raw HTML; a first character that would start another block is escaped.
func TestCaptionMarkdown(t *testing.T) {
	for src, want := range map[string]string{
		"The **values**\n of `g`":  "The **values** of `g`",
		"# not a heading":          `\# not a heading`,
		"- not a list":             `\- not a list`,
		"1. not a list":            `\1. not a list`,
		"> not a quote":            `\> not a quote`,
		"***":                      `\***`,
		"**bold** start":           "**bold** start",
		"<b>x</b> and <<i>i>y":     "x and y",
		"<<<<<b>b>b>b>b>":          `\<b>`,
		"$x < y$ and [a link](#x)": "$x < y$ and [a link](#x)",
		"":                         "",
	} {
		if got := captionMarkdown(src, false); got != want {
			t.Errorf("captionMarkdown(%q) = %q, want %q", src, got, want)
		}
	}
	if got := captionMarkdown("<b>x</b>", true); got != `\<b>x</b>` {
		t.Errorf("trusted: %q, want the HTML kept", got)
	}
}
