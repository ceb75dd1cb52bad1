package authoring

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestParseLayout(t *testing.T) {
	for _, tt := range []struct {
		in, want string // want "" for an error
		cells    int
	}{
		{"[[1,1],[1]]", "[[1,1],[1]]", 3},
		{"[[1, 1], [1]]", "[[1,1],[1]]", 3},
		{"[[70,30], [100]]", "[[70,30],[100]]", 3},
		{"[[40,-20,40], [100]]", "[[40,-20,40],[100]]", 3},
		{"[15,-2,10]", "[[15,-2,10]]", 2},
		{"[[0.5,0.25]]", "[[0.5,0.25]]", 2},
		{"[[1e6,-1e6]]", "[[1e+06,-1e+06]]", 1},
		{"[]", "", 0},
		{"[[]]", "", 0},
		{"[[1,0]]", "", 0},
		{"[[1e7]]", "", 0},
		{"[[1e400]]", "", 0},
		{"[[[1]]]", "", 0},
		{"[[1],2]", "", 0},
		{`[["1"]]`, "", 0},
		{"[[1,1],[1]", "", 0},
		{"1", "", 0},
		{"[[null]]", "", 0},
		{"[" + strings.Repeat("1,", MaxLayoutCells) + "1]", "", 0},
		{strings.Repeat("[", 600) + strings.Repeat("]", 600), "", 0},
		{"[" + strings.Repeat("1,", 1_000_000) + "1]", "", 0},
	} {
		l, err := ParseLayout(tt.in)
		switch {
		case tt.want == "" && !errors.Is(err, ErrLayout):
			t.Errorf("ParseLayout(%.40q) = %v, %v; want an error wrapping ErrLayout", tt.in, l, err)
		case tt.want != "" && (err != nil || l.String() != tt.want || l.Cells() != tt.cells):
			t.Errorf("ParseLayout(%.40q) = %v (%d cells), %v; want %s (%d)", tt.in, l, l.Cells(), err, tt.want, tt.cells)
		}
	}
}

func TestGrid(t *testing.T) {
	for _, tt := range []struct {
		ncol, nrow, count int
		want              string // "" for an error
	}{
		{2, 0, 4, "[[1,1],[1,1]]"},
		{2, 0, 3, "[[1,1],[1,1]]"},
		{0, 2, 4, "[[1,1],[1,1]]"},
		{0, 2, 5, "[[1,1,1],[1,1,1]]"},
		{3, 5, 3, "[[1,1,1]]"},
		{1, 0, 2, "[[1],[1]]"},
		{0, 0, 2, ""},
		{2, 0, 0, ""},
		{-1, 0, 2, ""},
		{MaxLayoutCells + 1, 0, 2, ""},
		{0, 1_000_000, 2, ""},
	} {
		l, err := Grid(tt.ncol, tt.nrow, tt.count)
		if (tt.want == "") != (err != nil) || err == nil && l.String() != tt.want {
			t.Errorf("Grid(%d, %d, %d) = %v, %v; want %q", tt.ncol, tt.nrow, tt.count, l, err, tt.want)
		}
	}
	// A row for each item of a million: no more, and no fewer.
	if l, err := Grid(1, 0, 1_000_000); err != nil || len(l) != 1_000_000 {
		t.Errorf("Grid(1, 0, 1e6) has %d rows, %v; want 1000000", len(l), err)
	}
	if l, err := Grid(0, 1, 1_000_000); err != nil || len(l) != (1_000_000+MaxLayoutCells-1)/MaxLayoutCells || len(l[0]) != MaxLayoutCells {
		t.Errorf("Grid(0, 1, 1e6) has %d rows of %d, %v; want rows of %d", len(l), len(l[0]), err, MaxLayoutCells)
	}
}

func TestLayoutPercent(t *testing.T) {
	l := Layout{{40, -20, 40}, {3}}
	for _, tt := range []struct {
		r, i int
		want string
	}{{0, 0, "40.000%"}, {0, 1, "20.000%"}, {1, 0, "100.000%"}} {
		if got := l.Percent(tt.r, tt.i); got != tt.want {
			t.Errorf("Percent(%d, %d) = %s, want %s", tt.r, tt.i, got, tt.want)
		}
	}
}

func FuzzParseLayout(f *testing.F) {
	for _, s := range []string{"[[1,1],[1]]", "[[40,-20,40], [100]]", "[15,-2,10]", "[[1e6]]", "[[[1]]]", "[]", "[[1],[-1]]", "[[-1e6,1e6]]", "center", "default"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLayout(s)
		if err != nil {
			if !errors.Is(err, ErrLayout) {
				t.Fatalf("error %v does not wrap ErrLayout", err)
			}
			return
		}
		cells := 0
		for r, row := range l {
			if len(row) == 0 {
				t.Fatalf("empty row in %v", l)
			}
			for i, w := range row {
				cells++
				if w == 0 || w > MaxLayoutWidth || w < -MaxLayoutWidth {
					t.Fatalf("width %g in %v", w, l)
				}
				if p := l.Percent(r, i); strings.ContainsAny(p, "\"<>;") || !strings.HasSuffix(p, "%") {
					t.Fatalf("percent %q", p)
				}
			}
		}
		if cells > MaxLayoutCells {
			t.Fatalf("%d cells", cells)
		}
		again, err := ParseLayout(l.String())
		if err != nil || again.String() != l.String() {
			t.Fatalf("%v reads back as %v, %v", l, again, err)
		}
		// Fitted to as many items as bytes read, the layout holds them
		// all, unless its last row is spacers alone, in rows of the last
		// row's shape.
		count := len(s)
		fit := l.Fit(count)
		last := Layout{l[len(l)-1]}
		per := last.Cells()
		switch {
		case per == 0 && len(fit) != len(l):
			t.Fatalf("%v fitted to %d grew to %v", l, count, fit)
		case per > 0 && (fit.Cells() < count || fit.Cells()-count >= per && len(fit) > len(l)):
			t.Fatalf("%v fitted to %d: %d cells in %d rows", l, count, fit.Cells(), len(fit))
		}
		for _, row := range fit[len(l):] {
			if got := (Layout{row}); got.String() != last.String() {
				t.Fatalf("%v fitted: row %v", l, row)
			}
		}
		if fit[:len(l)].String() != l.String() {
			t.Fatalf("Fit changed %v to %v", l, fit[:len(l)])
		}
		// The same text as an alignment is one of Quarto's or an error.
		if v, err := ParseVAlign(s); !slices.Contains([]string{"top", "center", "bottom"}, v) || err != nil && !errors.Is(err, ErrLayout) {
			t.Fatalf("ParseVAlign(%q) = %q, %v", s, v, err)
		}
		if a, err := ParseAlign(s); !slices.Contains([]string{"", "left", "center", "right"}, a) || err != nil && !errors.Is(err, ErrLayout) {
			t.Fatalf("ParseAlign(%q) = %q, %v", s, a, err)
		}
	})
}

// TestFloatLayout: a float div's layout sets its content in rows of
// cells, a negative width a spacer; layout-nrow makes columns of its
// content; a layout that cannot be read is dropped with a warning.
func TestFloatLayout(t *testing.T) {
	doc := "::: {#fig-x layout=\"[[1,-1,1],[1]]\"}\n![A](a.png){#fig-a}\n\n![B](b.png){#fig-b}\n\n![C](c.png){#fig-c}\n\nAll\n:::\n\n" +
		"::: {#fig-y layout-nrow=2}\n![D](d.png)\n\n![E](e.png)\n\n![F](f.png)\n\n![G](g.png)\n:::\n\nSee @fig-b and @fig-c.\n"
	out, _ := page(t, doc)
	for _, want := range []string{
		`<div class="layout-row">` + "\n" + `<div class="layout-cell layout-align-center" style="flex-basis: 33.333%">` + "\n" + `<figure id="fig-a"`,
		`<div class="layout-spacer" style="flex-basis: 33.333%">` + "\n</div>\n" + `<div class="layout-cell layout-align-center" style="flex-basis: 33.333%">` + "\n" + `<figure id="fig-b"`,
		`<div class="layout-cell layout-align-center" style="flex-basis: 100.000%">` + "\n" + `<figure id="fig-c"`,
		`<span class="caption-number">Figure 1:</span> All`,
		"<div class=\"layout-row\">\n<div class=\"layout-cell layout-align-center\" style=\"flex-basis: 50.000%\">\n<p><img src=\"f.png\" alt=\"F\"></p>",
		`Figure&nbsp;1 (b)`, `Figure&nbsp;1 (c)`,
	} {
		if !strings.Contains(out, want) && !strings.Contains(out, strings.ReplaceAll(want, "&nbsp;", "\u00a0")) {
			t.Errorf("page lacks\n%s\nin\n%s", want, out)
		}
	}
	for _, bad := range []string{`[[1,1]`, `[[1e9]]`, `[[[1]]]`, "[" + strings.Repeat("1,", 200) + "1]"} {
		md, warnings := newMarkdown()
		var out bytes.Buffer
		if err := md.Convert([]byte("::: {#fig-z layout=\""+bad+"\"}\n![A](a.png)\n:::\n"), &out); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(out.String(), "layout-row") {
			t.Errorf("layout %.30q laid out:\n%s", bad, out.String())
		}
		if len(*warnings) != 1 || !strings.Contains((*warnings)[0], "layout") {
			t.Errorf("layout %.30q: warnings %q", bad, *warnings)
		}
	}
}

// TestDivLayout: a div that is not a float lays out its blocks as a
// float does, as Quarto's figure panels without a caption.
func TestDivLayout(t *testing.T) {
	out, _ := page(t, "::: {layout-ncol=2}\n![Surus](surus.png)\n\n![Hanno](hanno.png)\n\n![Lin](lin.png)\n:::\n\n::: {layout=\"[[1,1],[1]]\" .wide}\nA\n\nB\n\nC\n:::\n")
	for _, want := range []string{
		"<div>\n<div class=\"layout-row\">\n<div class=\"layout-cell layout-align-center\" style=\"flex-basis: 50.000%\">\n<p><img src=\"surus.png\" alt=\"Surus\"></p>\n</div>\n<div class=\"layout-cell layout-align-center\" style=\"flex-basis: 50.000%\">\n<p><img src=\"hanno.png\"",
		"<div class=\"layout-row\">\n<div class=\"layout-cell layout-align-center\" style=\"flex-basis: 50.000%\">\n<p><img src=\"lin.png\" alt=\"Lin\"></p>\n</div>\n<div class=\"layout-cell\" style=\"flex-basis: 50.000%\">\n</div>\n</div>",
		"<div class=\"wide\">\n<div class=\"layout-row\">\n<div class=\"layout-cell layout-align-left\" style=\"flex-basis: 50.000%\">\n<p>A</p>",
		"<div class=\"layout-cell layout-align-left\" style=\"flex-basis: 100.000%\">\n<p>C</p>",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("page lacks\n%s\nin\n%s", want, out)
		}
	}
}

func ExampleParseLayout() {
	l, err := ParseLayout("[[40,-20,40], [100]]")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(l, l.Cells(), l.Percent(0, 0), l.Percent(0, 1))
	_, err = ParseLayout("[[1e9]]")
	fmt.Println(errors.Is(err, ErrLayout))
	// Output:
	// [[40,-20,40],[100]] 3 40.000% 20.000%
	// true
}

// TestArrange checks Quarto's precedence (layout.lua: layout-ncol, then
// layout-nrow, win over layout) and the rows added to a layout too short
// for its items (width.lua: its last row repeated).
func TestArrange(t *testing.T) {
	two := Layout{{1, 1}}
	for _, tt := range []struct {
		name              string
		ncol, nrow, count int
		l                 Layout
		want              string // "" for none
	}{
		{"ncol wins over layout", 2, 0, 3, Layout{{1}, {1}, {1}}, "[[1,1],[1,1]]"},
		{"nrow wins over layout", 0, 1, 3, Layout{{1}}, "[[1,1,1]]"},
		{"ncol wins over nrow", 1, 3, 2, nil, "[[1],[1]]"},
		{"layout as given", 0, 0, 3, Layout{{1, 1}, {1}}, "[[1,1],[1]]"},
		{"last row repeated", 0, 0, 5, Layout{{2, 1}, {1}}, "[[2,1],[1],[1],[1]]"},
		{"last row of two repeated", 0, 0, 5, two, "[[1,1],[1,1],[1,1]]"},
		{"spacers hold nothing", 0, 0, 4, Layout{{-1, 1, -1}}, "[[-1,1,-1],[-1,1,-1],[-1,1,-1],[-1,1,-1]]"},
		{"a last row of spacers", 0, 0, 3, Layout{{1}, {-1}}, "[[1],[-1]]"},
		{"nothing set", 0, 0, 3, nil, ""},
	} {
		l, err := Arrange(tt.ncol, tt.nrow, tt.l, tt.count)
		got := ""
		if l != nil {
			got = l.String()
		}
		if err != nil || got != tt.want {
			t.Errorf("%s: Arrange(%d, %d, %v, %d) = %s, %v; want %s", tt.name, tt.ncol, tt.nrow, tt.l, tt.count, got, err, tt.want)
		}
	}
	if two.String() != "[[1,1]]" {
		t.Errorf("Arrange changed its argument: %v", two)
	}
	if l := Layout(nil).Fit(3); l != nil {
		t.Errorf("Fit of no rows = %v", l)
	}
	if l := (Layout{{1}}).Fit(1_000_000); len(l) != 1_000_000 {
		t.Errorf("Fit(1e6) of one cell has %d rows", len(l))
	}
}

func TestParseAlign(t *testing.T) {
	for _, tt := range []struct {
		in, valign, align string
		vbad, bad         bool
	}{
		{"", "top", "", false, false},
		{"default", "top", "", false, false},
		{"top", "top", "", false, true},
		{"top-baseline", "top", "", false, true},
		{"center", "center", "center", false, false},
		{"bottom", "bottom", "", false, true},
		{"left", "top", "left", true, false},
		{"right", "top", "right", true, false},
		{"Center", "top", "", true, true},
		{`center" onload="x`, "top", "", true, true},
		{strings.Repeat("x", 1_000_000), "top", "", true, true},
	} {
		v, err := ParseVAlign(tt.in)
		if v != tt.valign || (err != nil) != tt.vbad || err != nil && (!errors.Is(err, ErrLayout) || len(err.Error()) > 200) {
			t.Errorf("ParseVAlign(%.20q) = %q, %v; want %q", tt.in, v, err, tt.valign)
		}
		a, err := ParseAlign(tt.in)
		if a != tt.align || (err != nil) != tt.bad || err != nil && (!errors.Is(err, ErrLayout) || len(err.Error()) > 200) {
			t.Errorf("ParseAlign(%.20q) = %q, %v; want %q", tt.in, a, err, tt.align)
		}
	}
}

// TestLayoutAlign: layout-valign classes a float's and a div's rows,
// layout-align their cells, as Quarto's HTML aligns them; a cell holding
// an image or a table is centred by default, another left; a value not
// Quarto's is a warning and the default.
func TestLayoutAlign(t *testing.T) {
	for _, tt := range []struct {
		name, doc string
		want      []string
		warning   string
	}{
		{"valign bottom", "::: {#fig-x layout-ncol=2 layout-valign=bottom}\n![A](a.png)\n\n![B](b.png)\n:::\n",
			[]string{`<div class="layout-row layout-valign-bottom">` + "\n" + `<div class="layout-cell layout-align-center" style="flex-basis: 50.000%">`}, ""},
		{"valign center, align right", "::: {layout-ncol=2 layout-valign=\"center\" layout-align=\"right\"}\nA\n\n![B](b.png)\n:::\n",
			[]string{`<div class="layout-row layout-valign-center">` + "\n" + `<div class="layout-cell layout-align-right" style="flex-basis: 50.000%">` + "\n<p>A</p>"}, ""},
		{"align left", "::: {layout-ncol=2 layout-align=left}\n![A](a.png)\n\n![B](b.png)\n:::\n",
			[]string{`<div class="layout-row">` + "\n" + `<div class="layout-cell layout-align-left" style="flex-basis: 50.000%">` + "\n<p><img"}, ""},
		{"default", "::: {layout-ncol=2 layout-valign=default layout-align=default}\nA\n\n| T |\n|---|\n| 1 |\n:::\n",
			[]string{`<div class="layout-row">` + "\n" + `<div class="layout-cell layout-align-left" style="flex-basis: 50.000%">` + "\n<p>A</p>", `<div class="layout-cell layout-align-center" style="flex-basis: 50.000%">` + "\n<table>"}, ""},
		{"a heading shares the next block's cell", "::: {layout-ncol=2}\n### List One\n\n- A\n\n### List Two\n\n| T |\n|---|\n| 1 |\n\n## Alone\n:::\n",
			[]string{`<div class="layout-cell layout-align-left" style="flex-basis: 50.000%">` + "\n<h3>List One</h3>\n<ul>\n<li>A</li>\n</ul>\n</div>",
				`<div class="layout-cell layout-align-center" style="flex-basis: 50.000%">` + "\n<h3>List Two</h3>\n<table>",
				`<div class="layout-row">` + "\n" + `<div class="layout-cell layout-align-left" style="flex-basis: 50.000%">` + "\n<h2>Alone</h2>\n</div>"}, ""},
		{"bad valign", "::: {layout-ncol=1 layout-valign=middle}\nA\n:::\n",
			[]string{`<div class="layout-row">` + "\n" + `<div class="layout-cell layout-align-left" style="flex-basis: 100.000%">`}, "layout-valign"},
		{"script in align", "::: {layout-ncol=1 layout-align='\"><script>alert(1)</script>'}\nA\n:::\n",
			[]string{`<div class="layout-row">` + "\n" + `<div class="layout-cell layout-align-left" style="flex-basis: 100.000%">`}, "layout-align"},
		{"layout beside ncol", "::: {layout-ncol=2 layout=\"[[1],[1]]\"}\nA\n\nB\n:::\n",
			[]string{`<div class="layout-row">` + "\n" + `<div class="layout-cell layout-align-left" style="flex-basis: 50.000%">` + "\n<p>A</p>\n</div>\n" + `<div class="layout-cell layout-align-left" style="flex-basis: 50.000%">` + "\n<p>B</p>"}, "layout-ncol and layout-nrow win"},
	} {
		md, warnings := newMarkdown()
		var out bytes.Buffer
		if err := md.Convert([]byte(tt.doc), &out); err != nil {
			t.Fatal(err)
		}
		for _, want := range tt.want {
			if !strings.Contains(out.String(), want) {
				t.Errorf("%s: page lacks\n%s\nin\n%s", tt.name, want, out.String())
			}
		}
		if strings.Contains(out.String(), "<script") {
			t.Errorf("%s: script in\n%s", tt.name, out.String())
		}
		switch {
		case tt.warning == "" && len(*warnings) > 0:
			t.Errorf("%s: warnings %q", tt.name, *warnings)
		case tt.warning != "" && (len(*warnings) != 1 || !strings.Contains((*warnings)[0], tt.warning)):
			t.Errorf("%s: warnings %q, want one of %s", tt.name, *warnings, tt.warning)
		}
	}
}
