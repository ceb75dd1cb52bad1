package plot

import (
	"bytes"
	"errors"
	"flag"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var regen = flag.Bool("regen", false, "rewrite the golden images in testdata")

// grundySubtraction returns g(0..n-1) of the subtraction game with the given
// moves, by the definition (mex of the options), for test data.
func grundySubtraction(n int, moves []int) []int {
	g := make([]int, n)
	for i := range g {
		seen := map[int]bool{}
		for _, m := range moves {
			if m <= i {
				seen[g[i-m]] = true
			}
		}
		for seen[g[i]] {
			g[i]++
		}
	}
	return g
}

func histogram(values []int) []int {
	var h []int
	for _, v := range values {
		for len(h) <= v {
			h = append(h, 0)
		}
		h[v]++
	}
	return h
}

// figures are the golden cases: the seeds' kinds of figure on small data.
func figures() map[string]func() (*Figure, error) {
	squares := grundySubtraction(300, []int{1, 4, 9, 16, 25, 36, 49, 64, 81, 100, 121, 144, 169, 196, 225, 256, 289})
	sub := grundySubtraction(40, []int{2, 3, 7}) // period 5 from the start
	grid := make([][]int, 16)
	for y := range grid {
		grid[y] = make([]int, 16)
		for x := range grid[y] {
			grid[y][x] = x ^ y
		}
	}
	return map[string]func() (*Figure, error){
		"histogram": func() (*Figure, error) {
			return Histogram(histogram(squares), Options{Title: "Subtract a square: Grundy values of n < 300"})
		},
		"sequence": func() (*Figure, error) {
			return Sequence(sub, 0, 5, Options{Title: "Subtract 2, 3 or 7"})
		},
		"preperiod": func() (*Figure, error) {
			return Sequence([]int{0, 1, 0, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3}, 2, 3, Options{Title: "Preperiod 2, period 3"})
		},
		"heatmap": func() (*Figure, error) {
			return Heatmap(grid, Options{Title: "x XOR y", ValueLabel: "x XOR y"})
		},
		"missing": func() (*Figure, error) {
			holes := make([][]int, 8)
			for y := range holes {
				holes[y] = make([]int, 8)
				for x := range holes[y] {
					holes[y][x] = x ^ y
					if x < y {
						holes[y][x] = Missing
					}
				}
			}
			return Heatmap(holes, Options{Title: "x XOR y above the diagonal", ValueLabel: "x XOR y", MissingLabel: "x < y"})
		},
		"ruler": func() (*Figure, error) {
			ruler := make([]int, 65)
			for n := 1; n < len(ruler); n++ {
				for m := n; m%2 == 0; m /= 2 {
					ruler[n]++
				}
			}
			return Sequence(ruler, 0, 0, Options{Title: "2-adic valuation", XTicks: PowersOfTwo})
		},
	}
}

func TestGolden(t *testing.T) {
	for name, draw := range figures() {
		t.Run(name, func(t *testing.T) {
			fig, err := draw()
			if err != nil {
				t.Fatal(err)
			}
			checkSVG(t, fig.SVG)
			checkGolden(t, name+"_golden.svg", fig.SVG, bytes.Equal)
			checkGolden(t, name+"_golden.png", fig.PNG, samePixels)
		})
	}
}

func checkSVG(t *testing.T, svg []byte) {
	t.Helper()
	if !bytes.Contains(svg, []byte("<svg")) || !bytes.HasSuffix(bytes.TrimSpace(svg), []byte("</svg>")) {
		t.Errorf("not an SVG document: %.80q", svg)
	}
}

func checkGolden(t *testing.T, file string, got []byte, equal func(a, b []byte) bool) {
	t.Helper()
	path := filepath.Join("testdata", file)
	if *regen {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -regen to create it)", err)
	}
	if !equal(got, want) {
		bad := filepath.Join(t.TempDir(), file)
		_ = os.WriteFile(bad, got, 0o644)
		t.Errorf("%s differs from the golden file; got %s (go test -regen rewrites it)", file, bad)
	}
}

// samePixels decodes two PNG images and compares their pixels, so that a
// change in the encoder alone does not count.
func samePixels(a, b []byte) bool {
	ia, err1 := png.Decode(bytes.NewReader(a))
	ib, err2 := png.Decode(bytes.NewReader(b))
	if err1 != nil || err2 != nil || ia.Bounds() != ib.Bounds() {
		return false
	}
	r := ia.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if ia.At(x, y) != ib.At(x, y) {
				return false
			}
		}
	}
	return true
}

func TestPNGSize(t *testing.T) {
	fig, err := Histogram([]int64{3, 1}, Options{Width: 100, Height: 50})
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(fig.PNG))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Width != 200 || cfg.Height != 100 {
		t.Errorf("PNG is %dx%d, want 200x100 (two pixels per point)", cfg.Width, cfg.Height)
	}
	if !bytes.Contains(fig.SVG, []byte(`width="100pt" height="50pt"`)) {
		t.Errorf("SVG size: %.200s", fig.SVG)
	}
}

// TestHistogramBars checks the bar heights by reading the PNG: each bar's
// top, found by scanning its column, must be proportional to its count.
func TestHistogramBars(t *testing.T) {
	counts := []int{4, 2, 1, 3}
	fig, err := Histogram(counts, Options{Width: 200, Height: 200})
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(fig.PNG))
	if err != nil {
		t.Fatal(err)
	}
	// Find the columns and heights of the bars: runs of bar colour on the
	// row just above the x axis.
	heights := barHeights(img)
	if len(heights) != len(counts) {
		t.Fatalf("found %d bars, want %d", len(heights), len(counts))
	}
	unit := float64(heights[0]) / float64(counts[0])
	for i, h := range heights {
		if want := unit * float64(counts[i]); abs(float64(h)-want) > 2 {
			t.Errorf("bar %d is %d pixels high, want %.0f", i, h, want)
		}
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func isBar(img image.Image, x, y int) bool {
	r, g, b, _ := img.At(x, y).RGBA()
	return r>>8 == 0x1f && g>>8 == 0x77 && b>>8 == 0xb4
}

func barHeights(img image.Image) []int {
	r := img.Bounds()
	// The lowest row with bar colour is the bars' base.
	base := -1
	for y := r.Max.Y - 1; y >= r.Min.Y && base < 0; y-- {
		for x := r.Min.X; x < r.Max.X; x++ {
			if isBar(img, x, y) {
				base = y
				break
			}
		}
	}
	var heights []int
	for x := r.Min.X; x < r.Max.X; x++ {
		if !isBar(img, x, base) || x > r.Min.X && isBar(img, x-1, base) {
			continue
		}
		mid := x
		for mid < r.Max.X && isBar(img, mid, base) {
			mid++
		}
		mid = (x + mid) / 2
		h := 0
		for y := base; y >= r.Min.Y && isBar(img, mid, y); y-- {
			h++
		}
		heights = append(heights, h)
	}
	return heights
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name string
		f    func() (*Figure, error)
		msg  string
	}{
		{"empty histogram", func() (*Figure, error) { return Histogram([]int{}, Options{}) }, "no values"},
		{"negative count", func() (*Figure, error) { return Histogram([]int{1, -1}, Options{}) }, "negative"},
		{"empty sequence", func() (*Figure, error) { return Sequence(nil, 0, 0, Options{}) }, "empty"},
		{"negative value", func() (*Figure, error) { return Sequence([]int{0, -1}, 0, 0, Options{}) }, "negative"},
		{"period too long", func() (*Figure, error) { return Sequence([]int{0, 1}, 1, 2, Options{}) }, "do not fit"},
		{"negative period", func() (*Figure, error) { return Sequence([]int{0, 1}, 0, -1, Options{}) }, "must not be negative"},
		{"empty grid", func() (*Figure, error) { return Heatmap([][]int{{}}, Options{}) }, "empty"},
		{"ragged grid", func() (*Figure, error) { return Heatmap([][]int{{1, 2}, {3}}, Options{}) }, "row 1 has 1"},
	}
	for _, tt := range tests {
		_, err := tt.f()
		if !errors.Is(err, ErrData) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: error %v, want ErrData with %q", tt.name, err, tt.msg)
		}
	}
}

// TestMissingCells reads the heatmap's PNG: a grid with missing cells
// must show the grey of Missing and a legend naming it, and a grid with
// none must show neither.
func TestMissingCells(t *testing.T) {
	grid := [][]int{{0, 1, 2}, {Missing, 3, 4}, {Missing, Missing, 5}}
	for _, tt := range []struct {
		grid    [][]int
		missing bool
	}{{grid, true}, {[][]int{{0, 1}, {2, 3}}, false}} {
		fig, err := Heatmap(tt.grid, Options{MissingLabel: "unreachable"})
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(fig.PNG))
		if err != nil {
			t.Fatal(err)
		}
		grey := 0
		r := img.Bounds()
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if cr, cg, cb, _ := img.At(x, y).RGBA(); cr>>8 == 0xd9 && cg>>8 == 0xd9 && cb>>8 == 0xd9 {
					grey++
				}
			}
		}
		if got := grey > 1000; got != tt.missing {
			t.Errorf("grid %v: %d grey pixels, want missing cells shown: %v", tt.grid, grey, tt.missing)
		}
		if got := bytes.Contains(fig.SVG, []byte("unreachable")); got != tt.missing {
			t.Errorf("grid %v: legend names the missing cells: %v, want %v", tt.grid, got, tt.missing)
		}
	}
	if _, err := Heatmap([][]int{{Missing}}, Options{}); !errors.Is(err, ErrData) {
		t.Errorf("all-missing grid: %v, want ErrData", err)
	}
}

func TestPowerTicks(t *testing.T) {
	tests := []struct {
		lo, hi float64
		want   []float64
	}{
		{-0.5, 64.5, []float64{0, 4, 8, 16, 32, 64}},
		{0, 1000, []float64{0, 64, 128, 256, 512}},
		{3, 40, []float64{4, 8, 16, 32}},
		{0.5, 10, []float64{1, 2, 4, 8}},
		{-3, 0.5, []float64{0}},
	}
	for _, tt := range tests {
		var got []float64
		for _, tk := range (powerTicks{}).Ticks(tt.lo, tt.hi) {
			got = append(got, tk.Value)
		}
		slices.Sort(got)
		slices.Sort(tt.want)
		if !slices.Equal(got, tt.want) {
			t.Errorf("[%g, %g]: ticks %v, want %v", tt.lo, tt.hi, got, tt.want)
		}
	}
}

func TestConstantGrid(t *testing.T) {
	if _, err := Heatmap([][]int{{7, 7}, {7, 7}}, Options{}); err != nil {
		t.Error(err)
	}
}

func TestIntegerTicks(t *testing.T) {
	// The last two: the whole int range, and a span finer than the floats
	// there (1e17+1 == 1e17), where adding the step never passes hi.
	for _, tt := range []struct{ lo, hi float64 }{{-0.5, 3.5}, {0, 99}, {-0.5, 299.5}, {0, 1e6}, {math.MinInt, math.MaxInt}, {1e17, 1e17 + 5}} {
		ticks := integerTicks{}.Ticks(tt.lo, tt.hi)
		if len(ticks) == 0 || len(ticks) > 11 {
			t.Errorf("[%g, %g]: %d ticks", tt.lo, tt.hi, len(ticks))
		}
		for _, tk := range ticks {
			if tk.Value != math.Trunc(tk.Value) || tk.Value < tt.lo || tk.Value > tt.hi {
				t.Errorf("[%g, %g]: tick %g", tt.lo, tt.hi, tk.Value)
			}
		}
	}
}

func BenchmarkSequence(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		values := grundySubtraction(n, []int{1, 3, 4})
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Sequence(values, 0, 7, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkHistogram(b *testing.B) {
	for _, values := range []int{10, 100, 1000} {
		counts := make([]int64, values)
		for v := range counts {
			counts[v] = int64(1000 - v)
		}
		b.Run(strconv.Itoa(values), func(b *testing.B) {
			for b.Loop() {
				if _, err := Histogram(counts, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkHeatmap(b *testing.B) {
	for _, side := range []int{16, 64, 256} {
		grid := make([][]int, side)
		for y := range grid {
			grid[y] = make([]int, side)
			for x := range grid[y] {
				grid[y][x] = x ^ y
			}
		}
		b.Run(strconv.Itoa(side), func(b *testing.B) {
			for b.Loop() {
				if _, err := Heatmap(grid, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
