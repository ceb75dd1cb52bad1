package report

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// panelsNotebook returns a Python notebook whose first code cell, with
// the options given, shows n images, and whose last cell is Markdown.
func panelsNotebook(options string, n int, md string) *notebook.Notebook {
	nb := notebook.New()
	nb.Metadata["kernelspec"] = json.RawMessage(`{"name": "python3", "language": "python"}`)
	var outs []*notebook.Output
	for range n {
		outs = append(outs, rich("image/png", tinyPNG))
	}
	nb.Cells = []*notebook.Cell{
		{Type: notebook.Code, Source: options + "plot()", Outputs: outs},
		{Type: notebook.Markdown, Source: md},
	}
	return nb
}

// panelsOf describes the images of a view: label, caption and panel.
func panelsOf(v *View) []string {
	var got []string
	for _, b := range v.Blocks {
		if b.Kind != KindImage {
			continue
		}
		s := fmt.Sprintf("%q %q", b.Label, b.Caption)
		if p := b.Panel; p != nil {
			s += fmt.Sprintf(" panel %q %q first=%v last=%v row=%v %s %s", p.Label, p.Caption, p.First, p.Last, p.NewRow, p.Width, p.Gap)
		}
		got = append(got, s)
	}
	return got
}

// TestSubfigures: Quarto's fig-subcap makes a cell's figures subfigures
// of one, numbered as Quarto numbers them, "@fig-plots-2" reading
// "Figure 1 (b)"; layout-ncol, layout-nrow and layout set them in rows.
func TestSubfigures(t *testing.T) {
	for _, tt := range []struct {
		name, options string
		images        int
		want          []string
		warn          string
	}{
		{"two in two columns", "#| label: fig-plots\n#| fig-cap: Plots\n#| fig-subcap:\n#|   - Plot 1\n#|   - Plot 2\n#| layout-ncol: 2\n", 2, []string{
			`"fig-plots-1" "(a) Plot 1" panel "fig-plots" "Figure 1: Plots" first=true last=false row=true 50.000% `,
			`"fig-plots-2" "(b) Plot 2" panel "fig-plots" "Figure 1: Plots" first=false last=true row=false 50.000% `,
		}, ""},
		{"letters alone", "#| label: fig-plots\n#| fig-cap: Plots\n#| fig-subcap: true\n", 2, []string{
			`"fig-plots-1" "(a)" panel "fig-plots" "Figure 1: Plots" first=true last=false row=false  `,
			`"fig-plots-2" "(b)" panel "fig-plots" "Figure 1: Plots" first=false last=true row=false  `,
		}, ""},
		{"layout with a spacer", "#| label: fig-plots\n#| fig-subcap: [A, B, C]\n#| layout: [[40,-20,40], [100]]\n", 3, []string{
			`"fig-plots-1" "(a) A" panel "fig-plots" "Figure 1" first=true last=false row=true 40.000% `,
			`"fig-plots-2" "(b) B" panel "fig-plots" "Figure 1" first=false last=false row=false 40.000% 20.000%`,
			`"fig-plots-3" "(c) C" panel "fig-plots" "Figure 1" first=false last=true row=true 100.000% `,
		}, ""},
		{"more images than cells: the last row repeated", "#| fig-cap: [A, B, C]\n#| layout: \"[[1,1]]\"\n", 3, []string{
			`"" "A" panel "" "" first=true last=false row=true 50.000% `,
			`"" "B" panel "" "" first=false last=false row=false 50.000% `,
			`"" "C" panel "" "" first=false last=true row=true 50.000% `,
		}, ""},
		{"a last row with a spacer repeated", "#| layout: [[2], [-1, 1]]\n", 3, []string{
			`"" "" panel "" "" first=true last=false row=true 100.000% `,
			`"" "" panel "" "" first=false last=false row=true 50.000% 50.000%`,
			`"" "" panel "" "" first=false last=true row=true 50.000% 50.000%`,
		}, ""},
		{"a last row of spacers", "#| layout: [[1], [-1]]\n", 2, []string{
			`"" "" panel "" "" first=true last=false row=true 100.000% `,
			`"" "" panel "" "" first=false last=true row=true 100.000% `,
		}, ""},
		{"layout-ncol wins over layout", "#| layout: [[1], [1]]\n#| layout-ncol: 2\n", 2, []string{
			`"" "" panel "" "" first=true last=false row=true 50.000% `,
			`"" "" panel "" "" first=false last=true row=false 50.000% `,
		}, "layout is not used: layout-ncol and layout-nrow win over it"},
		{"layout-ncol wins over a layout that cannot be read", "#| layout: [[1e9]]\n#| layout-ncol: 2\n", 2, []string{
			`"" "" panel "" "" first=true last=false row=true 50.000% `,
			`"" "" panel "" "" first=false last=true row=false 50.000% `,
		}, "layout is not used"},
		{"layout-nrow wins over layout", "#| layout: [[1], [1]]\n#| layout-nrow: 1\n", 2, []string{
			`"" "" panel "" "" first=true last=false row=true 50.000% `,
			`"" "" panel "" "" first=false last=true row=false 50.000% `,
		}, "layout is not used"},
		{"layout-nrow", "#| layout-nrow: 2\n", 3, []string{
			`"" "" panel "" "" first=true last=false row=true 50.000% `,
			`"" "" panel "" "" first=false last=false row=false 50.000% `,
			`"" "" panel "" "" first=false last=true row=true 50.000% `,
		}, ""},
		{"too many subcaptions", "#| label: fig-p\n#| fig-subcap: [A, B, C]\n", 2, []string{
			`"fig-p-1" "(a) A" panel "fig-p" "Figure 1" first=true last=false row=false  `,
			`"fig-p-2" "(b) B" panel "fig-p" "Figure 1" first=false last=true row=false  `,
		}, "fig-subcap gives 3 captions for 2 figures"},
		{"no label", "#| fig-subcap: [A, B]\n", 2, []string{`"" ""`, `"" ""`}, "the cell has no such label"},
		{"hostile layout", "#| layout: [[1e9, 1]]\n", 2, []string{`"" ""`, `"" ""`}, "cell 1: layout: bad layout"},
		{"nested layout", "#| layout: [[[1]]]\n", 2, []string{`"" ""`, `"" ""`}, "cell 1: layout: bad layout"},
		{"many cells", "#| layout: [" + strings.Repeat("1,", 100) + "1]\n", 2, []string{`"" ""`, `"" ""`}, "more than 64 cells"},
		{"long layout", "#| layout: [" + strings.Repeat("1,", 5000) + "1]\n", 2, []string{`"" ""`, `"" ""`}, "longer than 1024 bytes"},
		{"huge layout", "#| layout: [" + strings.Repeat("1,", 50000) + "1]\n", 2, []string{`"" ""`, `"" ""`}, "too large"},
		{"huge ncol", "#| layout-ncol: 1000000\n", 2, []string{`"" ""`, `"" ""`}, "a number of columns or rows is from 1 to 64"},
		{"negative nrow", "#| layout-nrow: -2\n", 2, []string{`"" ""`, `"" ""`}, "option layout-nrow: -2 is not a whole number from 1"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			v := mustView(t, panelsNotebook(tt.options, tt.images, "See @fig-plots-2."), ViewOptions{})
			if got := panelsOf(v); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("images\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			if tt.warn != "" && !slices.ContainsFunc(v.Warnings, func(w Warning) bool { return strings.Contains(w.String(), tt.warn) }) {
				t.Errorf("no warning %q in %q", tt.warn, v.Warnings)
			}
		})
	}
}

// TestSubtables: Quarto's tbl-subcap makes the tables a cell shows the
// subtables of one, "@tbl-x-2" reading "Table 1 (b)", their caption
// above, as Quarto places a table's; layout-valign and layout-align set
// them in their cells. The same code letters subfigures.
func TestSubtables(t *testing.T) {
	table := func(s string) *notebook.Output { return rich("text/markdown", "| "+s+" |\n|---|\n| 1 |") }
	for _, tt := range []struct {
		name, options string
		outputs       int
		want          []string
		warn          string
	}{
		{"two in two columns", "#| label: tbl-x\n#| tbl-cap: Tables\n#| tbl-subcap: [Cars, Pressure]\n#| layout-ncol: 2\n#| layout-valign: bottom\n", 2, []string{
			`"tbl-x-1" "(a) Cars" above=true panel "tbl-x" "Table 1: Tables" above=true first=true last=false row=true 50.000%  bottom center`,
			`"tbl-x-2" "(b) Pressure" above=true panel "tbl-x" "Table 1: Tables" above=true first=false last=true row=false 50.000%  bottom center`,
		}, ""},
		{"letters alone, aligned left", "#| label: tbl-x\n#| tbl-subcap: true\n#| layout-nrow: 1\n#| layout-align: left\n#| layout-valign: center\n", 2, []string{
			`"tbl-x-1" "(a)" above=true panel "tbl-x" "Table 1" above=true first=true last=false row=true 50.000%  center left`,
			`"tbl-x-2" "(b)" above=true panel "tbl-x" "Table 1" above=true first=false last=true row=false 50.000%  center left`,
		}, ""},
		{"no layout", "#| label: tbl-x\n#| tbl-subcap: [A]\n", 1, []string{
			`"tbl-x-1" "(a) A" above=true panel "tbl-x" "Table 1" above=true first=true last=true row=false    `,
		}, ""},
		{"no tbl- label", "#| label: fig-x\n#| tbl-subcap: [A, B]\n", 2, []string{`"" "" above=false`, `"" "" above=false`}, "tbl-subcap makes subtables of a table labelled tbl-"},
		{"too many subcaptions", "#| label: tbl-x\n#| tbl-subcap: [A, B, C]\n", 2, []string{
			`"tbl-x-1" "(a) A" above=true panel "tbl-x" "Table 1" above=true first=true last=false row=false    `,
			`"tbl-x-2" "(b) B" above=true panel "tbl-x" "Table 1" above=true first=false last=true row=false    `,
		}, "tbl-subcap gives 3 captions for 2 tables"},
		{"a million subcaptions", "#| label: tbl-x\n#| tbl-subcap: [" + strings.Repeat("A,", 1_000_000) + "A]\n", 1, []string{
			`"" "" above=false`,
		}, "cell 1"},
		{"a label that is no label", "#| label: \"tbl-\\\"><script>x</script>\"\n#| tbl-subcap: true\n", 2, []string{
			`"" "(a)" above=true panel "" "Table 1" above=true first=true last=false row=false    `,
			`"" "(b)" above=true panel "" "Table 1" above=true first=false last=true row=false    `,
		}, "cell 1: table 1: bad label"},
		{"bad valign", "#| label: tbl-x\n#| tbl-subcap: true\n#| layout-ncol: 1\n#| layout-valign: middle\n", 1, []string{
			`"tbl-x-1" "(a)" above=true panel "tbl-x" "Table 1" above=true first=true last=true row=true 100.000%  top center`,
		}, "cell 1: bad layout: layout-valign \"middle\" is not top, center, bottom or default"},
		{"script as align", "#| label: tbl-x\n#| tbl-subcap: true\n#| layout-ncol: 1\n#| layout-align: \"<script>x</script>\"\n", 1, []string{
			`"tbl-x-1" "(a)" above=true panel "tbl-x" "Table 1" above=true first=true last=true row=true 100.000%  top center`,
		}, "cell 1: bad layout: layout-align"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			nb := panelsNotebook(tt.options, 0, "See @tbl-x.")
			for k := range tt.outputs {
				nb.Cells[0].Outputs = append(nb.Cells[0].Outputs, table(strconv.Itoa(k)))
			}
			v := mustView(t, nb, ViewOptions{})
			var got []string
			for _, b := range v.Blocks {
				if b.Cell != 1 || b.Output == 0 {
					continue
				}
				s := fmt.Sprintf("%q %q above=%v", b.Label, b.Caption, b.CaptionAbove)
				if p := b.Panel; p != nil {
					s += fmt.Sprintf(" panel %q %q above=%v first=%v last=%v row=%v %s %s %s %s", p.Label, p.Caption, p.CaptionAbove, p.First, p.Last, p.NewRow, p.Width, p.Gap, p.VAlign, p.Align)
				}
				got = append(got, s)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("tables\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			if tt.warn != "" && !slices.ContainsFunc(v.Warnings, func(w Warning) bool { return strings.Contains(w.String(), tt.warn) }) {
				t.Errorf("no warning %q in %q", tt.warn, v.Warnings)
			}
			if tt.warn == "" && len(v.Warnings) > 0 {
				t.Errorf("warnings %q", v.Warnings)
			}
		})
	}
}
