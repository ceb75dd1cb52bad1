package plot

import (
	"bytes"
	"errors"
	"fmt"
	"image/color"
	"slices"
	"strconv"

	"github.com/janpfeifer/gonb/gonbui"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// ErrData is wrapped by the errors for data that cannot be drawn.
var ErrData = errors.New("cannot plot the data")

// Default figure size in points.
const (
	DefaultWidth  = 480
	DefaultHeight = 300
)

// Colours of the figures.
var (
	barColor       = color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}
	preperiodColor = color.NRGBA{R: 0xff, G: 0x7f, B: 0x0e, A: 0x50}
	periodColor    = color.NRGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 0x50}
	markColor      = color.RGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff}
)

// Options set a figure's title, axis labels and size. Zero values give no
// title, the default labels and the default size.
type Options struct {
	Title          string
	XLabel, YLabel string
	// Width and Height are in points (1/72 inch).
	Width, Height float64
}

// A Figure is a drawn plot.
type Figure struct {
	SVG []byte
	PNG []byte
}

// Show displays the figure in a GoNB notebook cell, as SVG (which GoNB
// sends inside HTML). Outside a notebook it does nothing.
func (f *Figure) Show() {
	gonbui.DisplaySVG(string(f.SVG))
}

func newPlot(opts Options, xLabel, yLabel string) *gplot.Plot {
	p := gplot.New()
	p.Title.Text = opts.Title
	p.X.Label.Text = xLabel
	if opts.XLabel != "" {
		p.X.Label.Text = opts.XLabel
	}
	p.Y.Label.Text = yLabel
	if opts.YLabel != "" {
		p.Y.Label.Text = opts.YLabel
	}
	return p
}

// render draws p as SVG and as a PNG at 2 pixels per point, for sharp
// images on high-resolution screens.
func render(p *gplot.Plot, opts Options) (*Figure, error) {
	return renderFunc(p.Draw, opts)
}

// renderFunc is render for a figure drawn by a function.
func renderFunc(drawTo func(draw.Canvas), opts Options) (*Figure, error) {
	w, h := vg.Length(opts.Width), vg.Length(opts.Height)
	if w <= 0 {
		w = DefaultWidth
	}
	if h <= 0 {
		h = DefaultHeight
	}
	svg := vgsvg.New(w, h)
	drawTo(draw.New(svg))
	var sb bytes.Buffer
	if _, err := svg.WriteTo(&sb); err != nil {
		return nil, err
	}
	img := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(144), vgimg.UseBackgroundColor(color.White))
	drawTo(draw.New(img))
	var pb bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(&pb); err != nil {
		return nil, err
	}
	return &Figure{SVG: sb.Bytes(), PNG: pb.Bytes()}, nil
}

// Histogram draws the distribution of Grundy values: counts[v] is the
// number of positions of value v, one bar per value.
func Histogram[T int | int64](counts []T, opts Options) (*Figure, error) {
	if len(counts) == 0 {
		return nil, fmt.Errorf("%w: histogram has no values", ErrData)
	}
	bins := make([]plotter.HistogramBin, len(counts))
	for v, c := range counts {
		if c < 0 {
			return nil, fmt.Errorf("%w: count %d of value %d is negative", ErrData, c, v)
		}
		bins[v] = plotter.HistogramBin{Min: float64(v) - 0.4, Max: float64(v) + 0.4, Weight: float64(c)}
	}
	p := newPlot(opts, "Grundy value", "positions")
	h := &plotter.Histogram{Bins: bins, Width: 0.8, FillColor: barColor}
	h.LineStyle.Width = 0
	p.Add(h)
	p.X.Min, p.X.Max = -0.6, float64(len(counts))-0.4
	p.Y.Min = 0
	p.Y.Max = float64(slices.Max(counts)) * 1.05
	p.X.Tick.Marker = integerTicks{}
	p.Y.Tick.Marker = integerTicks{}
	return render(p, opts)
}

// maxMarkers is the longest sequence drawn with a marker on each value;
// longer ones are drawn as a line only, which is as readable and far
// faster to rasterise.
const maxMarkers = 500

// lineChunk is the number of segments of a sequence drawn as one path.
const lineChunk = 64

// Sequence draws a Grundy sequence g(0), g(1), ... with its preperiod
// (values 0 to preperiod-1) shaded and its period marked: the first period
// after the preperiod shaded, and a tick line at the start of every later
// period when there are few enough to see. A period of 0 means none is
// known and marks nothing.
func Sequence(values []int, preperiod, period int, opts Options) (*Figure, error) {
	n := len(values)
	switch {
	case n == 0:
		return nil, fmt.Errorf("%w: sequence is empty", ErrData)
	case preperiod < 0 || period < 0:
		return nil, fmt.Errorf("%w: preperiod %d and period %d must not be negative", ErrData, preperiod, period)
	case preperiod > n || period > 0 && preperiod+period > n:
		return nil, fmt.Errorf("%w: preperiod %d and period %d do not fit in %d values", ErrData, preperiod, period, n)
	}
	pts := make(plotter.XYs, n)
	top := 0
	for i, v := range values {
		if v < 0 {
			return nil, fmt.Errorf("%w: value %d at %d is negative", ErrData, v, i)
		}
		pts[i] = plotter.XY{X: float64(i), Y: float64(v)}
		top = max(top, v)
	}
	p := newPlot(opts, "n", "g(n)")
	band := func(from, to int, c color.Color, label string) error {
		poly, err := plotter.NewPolygon(plotter.XYs{
			{X: float64(from) - 0.5, Y: -0.5}, {X: float64(to) - 0.5, Y: -0.5},
			{X: float64(to) - 0.5, Y: float64(top) + 0.5}, {X: float64(from) - 0.5, Y: float64(top) + 0.5},
		})
		if err != nil {
			return err
		}
		poly.Color = c
		poly.LineStyle.Width = 0
		p.Add(poly)
		p.Legend.Add(label, poly)
		return nil
	}
	if preperiod > 0 {
		if err := band(0, preperiod, preperiodColor, "preperiod "+strconv.Itoa(preperiod)); err != nil {
			return nil, err
		}
	}
	if period > 0 {
		if err := band(preperiod, preperiod+period, periodColor, "period "+strconv.Itoa(period)); err != nil {
			return nil, err
		}
		if starts := (n - preperiod) / period; starts <= 60 {
			for s := preperiod + period; s < n; s += period {
				l, err := plotter.NewLine(plotter.XYs{{X: float64(s) - 0.5, Y: -0.5}, {X: float64(s) - 0.5, Y: float64(top) + 0.5}})
				if err != nil {
					return nil, err
				}
				l.Color = markColor
				l.Dashes = []vg.Length{vg.Points(2), vg.Points(2)}
				l.Width = vg.Points(0.5)
				p.Add(l)
			}
		}
	}
	// The rasteriser slows down with the square of a path's length, so the
	// line is drawn in short pieces that meet at their ends.
	for from := 0; from < n; from += lineChunk {
		line, err := plotter.NewLine(pts[from:min(n, from+lineChunk+1)])
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrData, err)
		}
		line.Color = barColor
		line.Width = vg.Points(0.5)
		p.Add(line)
	}
	if n <= maxMarkers {
		points, err := plotter.NewScatter(pts)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrData, err)
		}
		points.Color = barColor
		points.Shape = draw.CircleGlyph{}
		points.Radius = vg.Points(max(0.6, min(2, 200/float64(n))))
		p.Add(points)
	}
	p.X.Min, p.X.Max = -0.5, float64(n)-0.5
	p.Y.Min, p.Y.Max = -0.5, float64(top)+0.5
	if preperiod > 0 || period > 0 {
		p.Y.Max += 0.15 * float64(top+1) // room for the legend above the values
	}
	p.Y.Tick.Marker = integerTicks{}
	p.Legend.Top = true
	return render(p, opts)
}

// Heatmap draws a grid of values, grid[y][x], as coloured cells with x to
// the right and y upwards, as the value grid of a two-dimensional game.
func Heatmap(grid [][]int, opts Options) (*Figure, error) {
	if len(grid) == 0 || len(grid[0]) == 0 {
		return nil, fmt.Errorf("%w: grid is empty", ErrData)
	}
	lo, hi := grid[0][0], grid[0][0]
	for y, row := range grid {
		if len(row) != len(grid[0]) {
			return nil, fmt.Errorf("%w: row %d has %d values, row 0 has %d", ErrData, y, len(row), len(grid[0]))
		}
		for _, v := range row {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	g := intGrid{grid: grid, lo: float64(lo), hi: float64(hi)}
	if hi == lo {
		g.hi = g.lo + 1 // one colour for a constant grid
	}
	cm := moreland.ExtendedBlackBody()
	cm.SetMin(g.lo)
	cm.SetMax(g.hi)
	pal := cm.Palette(max(2, min(256, hi-lo+1)))
	p := newPlot(opts, "x", "y")
	p.Add(plotter.NewHeatMap(g, pal))
	p.X.Tick.Marker = integerTicks{}
	p.Y.Tick.Marker = integerTicks{}

	bar := gplot.New()
	bar.Add(&plotter.ColorBar{ColorMap: cm, Vertical: true})
	bar.HideX()
	bar.Y.Padding = 0
	bar.Y.Tick.Marker = integerTicks{}
	bar.Title.Text = " " // keeps the bar level with the map below the title
	return renderFunc(func(c draw.Canvas) {
		split := c.Min.X + (c.Max.X-c.Min.X)*0.86
		left, right := c, c
		left.Max.X = split
		right.Min.X = split + vg.Points(8)
		p.Draw(left)
		right.Max.Y -= vg.Points(0)
		right.Min.Y += p.X.Label.TextStyle.Height(p.X.Label.Text) + vg.Points(22)
		bar.Draw(right)
	}, opts)
}

// intGrid adapts a grid of ints to gonum's GridXYZ.
type intGrid struct {
	grid   [][]int
	lo, hi float64
}

func (g intGrid) Dims() (c, r int)   { return len(g.grid[0]), len(g.grid) }
func (g intGrid) Z(c, r int) float64 { return float64(g.grid[r][c]) }
func (g intGrid) X(c int) float64    { return float64(c) }
func (g intGrid) Y(r int) float64    { return float64(r) }
func (g intGrid) Min() float64       { return g.lo }
func (g intGrid) Max() float64       { return g.hi }

// integerTicks puts ticks on whole numbers only, at most about ten labels.
type integerTicks struct{}

// Ticks returns ticks at a round integer step within [lo, hi].
func (integerTicks) Ticks(lo, hi float64) []gplot.Tick {
	span := hi - lo
	step := 1.0
	for _, s := range []float64{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000, 200000, 500000, 1e6, 2e6, 5e6} {
		step = s
		if span/s <= 10 {
			break
		}
	}
	var ticks []gplot.Tick
	for v := float64(int64(lo/step)) * step; v <= hi; v += step {
		if v >= lo {
			ticks = append(ticks, gplot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', -1, 64)})
		}
	}
	return ticks
}
