package authoring

import (
	"bytes"
	"errors"
	"fmt"
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
	if l, err := Grid(1, 0, 1_000_000); err != nil || len(l) != MaxLayoutCells {
		t.Errorf("Grid(1, 0, 1e6) has %d rows, %v; want %d", len(l), err, MaxLayoutCells)
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
	for _, s := range []string{"[[1,1],[1]]", "[[40,-20,40], [100]]", "[15,-2,10]", "[[1e6]]", "[[[1]]]", "[]"} {
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
		`<div class="layout-row">` + "\n" + `<div class="layout-cell" style="flex-basis: 33.333%">` + "\n" + `<figure id="fig-a"`,
		`<div class="layout-spacer" style="flex-basis: 33.333%">` + "\n</div>\n" + `<div class="layout-cell" style="flex-basis: 33.333%">` + "\n" + `<figure id="fig-b"`,
		`<div class="layout-cell" style="flex-basis: 100.000%">` + "\n" + `<figure id="fig-c"`,
		`<span class="caption-number">Figure 1:</span> All`,
		`style="grid-template-columns: repeat(2, minmax(0, 1fr))"`,
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
		"<div>\n<div class=\"layout-row\">\n<div class=\"layout-cell\" style=\"flex-basis: 50.000%\">\n<p><img src=\"surus.png\" alt=\"Surus\"></p>\n</div>\n<div class=\"layout-cell\" style=\"flex-basis: 50.000%\">\n<p><img src=\"hanno.png\"",
		"<div class=\"layout-row\">\n<div class=\"layout-cell\" style=\"flex-basis: 50.000%\">\n<p><img src=\"lin.png\" alt=\"Lin\"></p>\n</div>\n<div class=\"layout-cell\" style=\"flex-basis: 50.000%\">\n</div>\n</div>",
		"<div class=\"wide\">\n<div class=\"layout-row\">\n<div class=\"layout-cell\" style=\"flex-basis: 50.000%\">\n<p>A</p>",
		"<div class=\"layout-cell\" style=\"flex-basis: 100.000%\">\n<p>C</p>",
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
