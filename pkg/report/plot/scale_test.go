package plot

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/sanitize"
)

// split is where Heatmap divides a figure of the default width between the
// map (left) and the colour bar (right), in points.
const split = 0.82 * DefaultWidth

var (
	filledPath = regexp.MustCompile(`<path d="([^"]*)" style="fill:\s*(#[0-9A-Fa-f]{6})"\s*/>`)
	tickPath   = regexp.MustCompile(`<path d="M([-\d.e]+),([-\d.e]+)L([-\d.e]+),([-\d.e]+)" style="fill:\s*none;\s*stroke`)
	number     = regexp.MustCompile(`-?[\d.]+(?:e-?\d+)?`)
)

// box is a filled rectangle of an SVG figure, in points with y upwards.
type box struct {
	x0, y0, x1, y1 float64
	fill           string
}

// boxes reads the filled paths of an SVG figure drawn by vgsvg, as it
// writes them and as the sanitiser rewrites them. White is left out: it is
// the background of the map and of the bar.
func boxes(t *testing.T, svg string) []box {
	t.Helper()
	var out []box
	for _, m := range filledPath.FindAllStringSubmatch(svg, -1) {
		if strings.EqualFold(m[2], "#FFFFFF") {
			continue
		}
		b := box{x0: math.Inf(1), y0: math.Inf(1), x1: math.Inf(-1), y1: math.Inf(-1), fill: strings.ToUpper(m[2])}
		nums := number.FindAllString(m[1], -1)
		if len(nums) < 6 || len(nums)%2 != 0 {
			t.Fatalf("path %q is not a polygon", m[1])
		}
		for i := 0; i < len(nums); i += 2 {
			x, err1 := strconv.ParseFloat(nums[i], 64)
			y, err2 := strconv.ParseFloat(nums[i+1], 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("path %q: %v %v", m[1], err1, err2)
			}
			b.x0, b.x1, b.y0, b.y1 = min(b.x0, x), max(b.x1, x), min(b.y0, y), max(b.y1, y)
		}
		out = append(out, b)
	}
	return out
}

// rgb returns the channels of a colour #RRGGBB.
func rgb(hex string) [3]int {
	v, _ := strconv.ParseUint(hex[1:], 16, 32)
	return [3]int{int(v >> 16 & 0xff), int(v >> 8 & 0xff), int(v & 0xff)}
}

// luminance is the relative luminance of a colour #RRGGBB, without the
// sRGB curve: enough to order colours of one ramp by lightness.
func luminance(hex string) float64 {
	c := rgb(hex)
	return 0.2126*float64(c[0]) + 0.7152*float64(c[1]) + 0.0722*float64(c[2])
}

// TestColourScale reads the SVG of heatmaps: the colour bar must be drawn
// as vector bands (no embedded image, which viewers squeeze to a sliver
// and the sanitiser drops), one per value up to 256 values, light to
// dark upwards, each value's label at the middle of its band, every cell
// painted in its value's band colour, and all of it kept by the sanitiser.
func TestColourScale(t *testing.T) {
	tests := []struct {
		name string
		grid [][]int
	}{
		{"three values", [][]int{{0, 1, 2}, {1, 2, 0}, {2, 0, 1}}},
		{"negative", [][]int{{-2, -1, 0, 1, 2}, {2, 1, 0, -1, -2}}},
		{"constant", [][]int{{7, 7}, {7, 7}}},
		{"xor", xorGrid(16)},
		{"64 values", rampGrid(8, 8)},
		{"300 values", rampGrid(20, 15)},
		{"whole int range", [][]int{{math.MinInt + 1, math.MaxInt}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fig, err := Heatmap(tt.grid, Options{})
			if err != nil {
				t.Fatal(err)
			}
			svg := string(fig.SVG)
			if strings.Contains(svg, "<image") {
				t.Errorf("the figure embeds an image")
			}
			lo, hi := slices.Min(slices.Concat(tt.grid...)), slices.Max(slices.Concat(tt.grid...))
			var cells, bands []box
			for _, b := range boxes(t, svg) {
				if b.x0 >= split {
					bands = append(bands, b)
				} else {
					cells = append(cells, b)
				}
			}
			n := 256
			if span := uint(hi) - uint(lo); span < 256 {
				n = int(span) + 1
			}
			checkBands(t, bands, n)
			checkCells(t, cells, bands, tt.grid, lo, hi)
			if n <= 10 {
				checkTicks(t, svg, bands)
			}
			var kept []box
			for _, b := range boxes(t, sanitize.SVG(svg)) {
				if b.x0 >= split {
					kept = append(kept, b)
				}
			}
			if !slices.Equal(kept, bands) {
				t.Errorf("the sanitiser kept %d of %d bands of the colour bar", len(kept), len(bands))
			}
		})
	}
}

// checkBands checks that there are n bands of different colours, each
// starting above the last, reaching one top, as wide as the bar, and
// darker upwards.
func checkBands(t *testing.T, bands []box, n int) {
	t.Helper()
	if len(bands) != n {
		t.Fatalf("%d bands in the colour bar, want %d", len(bands), n)
	}
	fills := map[string]bool{}
	for k, b := range bands {
		fills[b.fill] = true
		if b.x1-b.x0 < 20 {
			t.Errorf("band %d is %.1f points wide", k, b.x1-b.x0)
		}
		if b.y1 != bands[0].y1 || b.x0 != bands[0].x0 || b.x1 != bands[0].x1 {
			t.Errorf("band %d %+v is not aligned with band 0 %+v", k, b, bands[0])
		}
		if k > 0 {
			if b.y0 <= bands[k-1].y0 {
				t.Errorf("band %d starts at %g, not above band %d at %g", k, b.y0, k-1, bands[k-1].y0)
			}
			if luminance(b.fill) > luminance(bands[k-1].fill)+1 {
				t.Errorf("band %d %s is lighter than band %d %s below it", k, b.fill, k-1, bands[k-1].fill)
			}
		}
	}
	// Up to 64 bands every colour differs; more may round to the same
	// 8-bit colour as a neighbour.
	if want := min(n, 64); len(fills) < want {
		t.Errorf("%d distinct colours in %d bands, want at least %d", len(fills), n, want)
	}
}

// checkCells checks that every cell is painted and in the colour of the
// band for its value: with n bands over [lo, hi], value v has the band
// nearest (v-lo)/(hi-lo)*(n-1).
func checkCells(t *testing.T, cells, bands []box, grid [][]int, lo, hi int) {
	t.Helper()
	if want := len(grid) * len(grid[0]); len(cells) != want {
		t.Fatalf("%d cells painted, want %d", len(cells), want)
	}
	var xs, ys []float64
	for _, c := range cells {
		xs, ys = append(xs, c.x0), append(ys, c.y0)
	}
	slices.Sort(xs)
	slices.Sort(ys)
	xs, ys = slices.Compact(xs), slices.Compact(ys)
	for _, c := range cells {
		col, _ := slices.BinarySearch(xs, c.x0)
		row, _ := slices.BinarySearch(ys, c.y0)
		v := grid[row][col]
		k := 0
		if hi > lo {
			k = int((float64(v)-float64(lo))*float64(len(bands)-1)/(float64(hi)-float64(lo)) + 0.5)
		}
		if c.fill != bands[k].fill {
			t.Errorf("cell (%d, %d) of value %d is %s, its band %d is %s", col, row, v, c.fill, k, bands[k].fill)
		}
	}
}

// checkTicks checks that the colour bar marks each value at the middle of
// its band.
func checkTicks(t *testing.T, svg string, bands []box) {
	t.Helper()
	var ticks []float64
	for _, m := range tickPath.FindAllStringSubmatch(svg, -1) {
		x, _ := strconv.ParseFloat(m[1], 64)
		y0, _ := strconv.ParseFloat(m[2], 64)
		y1, _ := strconv.ParseFloat(m[4], 64)
		if x >= split && y0 == y1 {
			ticks = append(ticks, y0)
		}
	}
	slices.Sort(ticks)
	if len(ticks) != len(bands) {
		t.Fatalf("%d ticks on the colour bar, want one per band, %d", len(ticks), len(bands))
	}
	for k, y := range ticks {
		top := bands[k].y1
		if k+1 < len(bands) {
			top = bands[k+1].y0
		}
		if mid := (bands[k].y0 + top) / 2; math.Abs(y-mid) > 0.05 {
			t.Errorf("tick %d at %g, the middle of its band is %g", k, y, mid)
		}
	}
}

func xorGrid(side int) [][]int {
	grid := make([][]int, side)
	for y := range grid {
		grid[y] = make([]int, side)
		for x := range grid[y] {
			grid[y][x] = x ^ y
		}
	}
	return grid
}

// rampGrid holds 0 to w*h-1, row by row.
func rampGrid(w, h int) [][]int {
	grid := make([][]int, h)
	for y := range grid {
		grid[y] = make([]int, w)
		for x := range grid[y] {
			grid[y][x] = x + w*y
		}
	}
	return grid
}
