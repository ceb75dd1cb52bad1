package plot

import (
	"bytes"
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"

	"github.com/janpfeifer/gonb/gonbui"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/palette"
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
	missingColor   = color.RGBA{R: 0xd9, G: 0xd9, B: 0xd9, A: 0xff}
)

// Missing marks a cell of a Heatmap grid that has no value: it is drawn in
// a neutral grey, apart from every colour of the scale, and named in the
// legend.
const Missing = math.MinInt

// Options set a figure's title, axis labels, ticks and size. Zero values
// give no title, the default labels, round ticks and the default size.
type Options struct {
	Title          string
	XLabel, YLabel string
	// ValueLabel names what a Heatmap's colours stand for; it labels the
	// colour bar. Empty means "value".
	ValueLabel string
	// MissingLabel is the legend's name for the Missing cells of a
	// Heatmap. Empty means "none".
	MissingLabel string
	// XTicks and YTicks choose the marked values on each axis.
	XTicks, YTicks Ticks
	// Width and Height are in points (1/72 inch).
	Width, Height float64
}

// Ticks chooses which values an axis marks.
type Ticks int

const (
	// Round marks whole numbers at a round step (1, 2, 5, 10, 20, ...),
	// about ten of them.
	Round Ticks = iota
	// PowersOfTwo marks 0 and 1, 2, 4, 8, ...: the values where a
	// 2-adic pattern such as the ruler sequence changes.
	PowersOfTwo
)

func (t Ticks) marker() gplot.Ticker {
	if t == PowersOfTwo {
		return powerTicks{}
	}
	return integerTicks{}
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
	// GoNB stops reading the pipe when the cell's program exits, so a
	// figure shown at the end of a cell could be lost: wait until GoNB has
	// read it, as glue does.
	gonbui.Sync()
}

func newPlot(opts Options, xLabel, yLabel string) *gplot.Plot {
	p := gplot.New()
	p.Title.Text = opts.Title
	// Without padding the title touches the frame, or the legend drawn
	// inside its top edge.
	p.Title.Padding = vg.Points(8)
	p.Legend.XOffs, p.Legend.YOffs = -vg.Points(6), -vg.Points(4)
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
	p.X.Tick.Marker = opts.XTicks.marker()
	p.Y.Tick.Marker = opts.YTicks.marker()
	return render(p, opts)
}

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
	// The values are separate numbers, not samples of a curve: dots, with
	// no lines between them that would suggest values in between.
	points, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrData, err)
	}
	points.Color = barColor
	points.Shape = draw.CircleGlyph{}
	points.Radius = vg.Points(max(0.5, min(2, 200/float64(n))))
	p.Add(points)
	p.X.Min, p.X.Max = -0.5, float64(n)-0.5
	p.Y.Min, p.Y.Max = -0.5, float64(top)+0.5
	if preperiod > 0 || period > 0 {
		p.Y.Max += 0.15 * float64(top+1) // room for the legend above the values
	}
	p.X.Tick.Marker = opts.XTicks.marker()
	p.Y.Tick.Marker = opts.YTicks.marker()
	p.Legend.Top = true
	return render(p, opts)
}

// Heatmap draws a grid of values, grid[y][x], as coloured cells with x to
// the right and y upwards, as the value grid of a two-dimensional game.
// Cells equal to Missing have no value. The colours run from light (low
// values) to dark (high values) in even steps of lightness, so that a
// grid of mostly small values stays readable; a colour bar labelled
// opts.ValueLabel gives the scale, one band per value up to 256 values
// (beyond that, one band per colour, each for an even share of the range).
func Heatmap(grid [][]int, opts Options) (*Figure, error) {
	if len(grid) == 0 || len(grid[0]) == 0 {
		return nil, fmt.Errorf("%w: grid is empty", ErrData)
	}
	lo, hi, missing := math.MaxInt, math.MinInt, false
	for y, row := range grid {
		if len(row) != len(grid[0]) {
			return nil, fmt.Errorf("%w: row %d has %d values, row 0 has %d", ErrData, y, len(row), len(grid[0]))
		}
		for _, v := range row {
			if v == Missing {
				missing = true
				continue
			}
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	if lo > hi {
		return nil, fmt.Errorf("%w: every cell is missing", ErrData)
	}
	g := intGrid{grid: grid, lo: float64(lo), hi: float64(hi)}
	if hi == lo {
		g.hi = g.lo + 1 // one colour for a constant grid
	}
	dark, err := moreland.NewLuminance(scale)
	if err != nil {
		return nil, err
	}
	cm := palette.Reverse(dark)
	cm.SetMin(g.lo)
	cm.SetMax(g.hi)
	// One colour per value up to 256 values. The span is taken unsigned:
	// hi-lo of two ints can overflow int, never uint.
	bands := 256
	if span := uint(hi) - uint(lo); span < uint(bands) {
		bands = int(span) + 1
	}
	colours, err := newColourScale(cm, bands)
	if err != nil {
		return nil, err
	}
	p := newPlot(opts, "x", "y")
	hm := plotter.NewHeatMap(g, colours)
	hm.NaN = missingColor
	p.Add(hm)
	if missing {
		label := opts.MissingLabel
		if label == "" {
			label = "none"
		}
		swatch, err := plotter.NewPolygon(plotter.XYs{{}, {X: 1}, {X: 1, Y: 1}})
		if err != nil {
			return nil, err
		}
		swatch.Color = missingColor
		swatch.LineStyle.Width = 0
		p.Legend.Add(label, swatch)
		p.Legend.Top = true
		p.Title.Padding += p.Legend.TextStyle.Height(label) + vg.Points(4)
		p.Legend.YOffs = p.Legend.TextStyle.Height(label) + vg.Points(6)
	}
	p.X.Tick.Marker = opts.XTicks.marker()
	p.Y.Tick.Marker = opts.YTicks.marker()

	bar := gplot.New()
	bar.Add(colours)
	bar.HideX()
	bar.Y.Padding = 0
	bar.Y.Tick.Marker = integerTicks{}
	bar.Y.Label.Text = opts.ValueLabel
	if bar.Y.Label.Text == "" {
		bar.Y.Label.Text = "value"
	}
	bar.Title.Text = " " // keeps the bar level with the map below the title
	bar.Title.Padding = p.Title.Padding
	return renderFunc(func(c draw.Canvas) {
		split := c.Min.X + (c.Max.X-c.Min.X)*0.82
		left, right := c, c
		left.Max.X = split
		right.Min.X = split + vg.Points(8)
		p.Draw(left)
		right.Min.Y += p.X.Label.TextStyle.Height(p.X.Label.Text) + vg.Points(22)
		bar.Draw(right)
	}, opts)
}

// colourScale is both the palette of a heatmap and the plotter of its
// colour bar, so the two cannot disagree: colour k stands for the values
// nearest lo + k*step, and the bar draws it as a band centred there.
//
// The bar is drawn as filled rectangles, not with gonum's
// plotter.ColorBar: that one draws a one-pixel-wide image, which vgsvg
// embeds as PNG data labelled image/jpg with no preserveAspectRatio, so a
// browser keeps its aspect ratio and shows a sliver, and the sanitiser,
// which accepts only true image types, drops it.
type colourScale struct {
	colors   []color.Color
	lo, step float64
}

// newColourScale takes n colours of cm at even steps over its range; n
// is at least 1.
func newColourScale(cm palette.ColorMap, n int) (colourScale, error) {
	s := colourScale{colors: make([]color.Color, n), lo: cm.Min(), step: 1}
	if n > 1 {
		s.step = (cm.Max() - cm.Min()) / float64(n-1)
	}
	// The colours come from At, not cm.Palette: the Palette of
	// palette.Reverse leaves the middle colour of an odd count nil, and
	// HeatMap leaves cells of a nil colour unpainted.
	for k := range s.colors {
		v := s.lo + float64(k)*s.step
		if k == n-1 && n > 1 {
			v = cm.Max() // exactly, where rounding could step past it
		}
		c, err := cm.At(v)
		if err != nil {
			return colourScale{}, fmt.Errorf("colour of %g: %w", v, err)
		}
		s.colors[k] = c
	}
	return s, nil
}

// Colors returns the colours from the lowest value to the highest, as the
// palette of a HeatMap.
func (s colourScale) Colors() []color.Color { return s.colors }

// DataRange reports the bar's extent: x from 0 to 1, y over every band.
func (s colourScale) DataRange() (xmin, xmax, ymin, ymax float64) {
	return 0, 1, s.lo - s.step/2, s.lo + (float64(len(s.colors))-0.5)*s.step
}

// Plot draws the bands from the lowest up. Each reaches to the top of the
// bar and the next is painted over it, so that anti-aliased edges leave no
// pale seam between neighbours.
func (s colourScale) Plot(c draw.Canvas, p *gplot.Plot) {
	trX, trY := p.Transforms(&c)
	_, _, _, ymax := s.DataRange()
	left, right, top := trX(0), trX(1), trY(ymax)
	for k, col := range s.colors {
		bottom := trY(s.lo + (float64(k)-0.5)*s.step)
		c.FillPolygon(col, []vg.Point{{X: left, Y: bottom}, {X: right, Y: bottom}, {X: right, Y: top}, {X: left, Y: top}})
	}
}

// scale holds the control colours of the heatmaps' colour map, deep blue
// to pale yellow in rising lightness (moreland's requirement); Heatmap
// reverses it so that low values are light.
var scale = []color.Color{
	color.NRGBA{R: 0x0c, G: 0x2c, B: 0x84, A: 0xff},
	color.NRGBA{R: 0x22, G: 0x5e, B: 0xa8, A: 0xff},
	color.NRGBA{R: 0x1d, G: 0x91, B: 0xc0, A: 0xff},
	color.NRGBA{R: 0x41, G: 0xb6, B: 0xc4, A: 0xff},
	color.NRGBA{R: 0x7f, G: 0xcd, B: 0xbb, A: 0xff},
	color.NRGBA{R: 0xc7, G: 0xe9, B: 0xb4, A: 0xff},
	color.NRGBA{R: 0xff, G: 0xff, B: 0xd9, A: 0xff},
}

// intGrid adapts a grid of ints to gonum's GridXYZ.
type intGrid struct {
	grid   [][]int
	lo, hi float64
}

func (g intGrid) Dims() (c, r int) { return len(g.grid[0]), len(g.grid) }
func (g intGrid) Z(c, r int) float64 {
	if v := g.grid[r][c]; v != Missing {
		return float64(v)
	}
	return math.NaN()
}
func (g intGrid) X(c int) float64 { return float64(c) }
func (g intGrid) Y(r int) float64 { return float64(r) }
func (g intGrid) Min() float64    { return g.lo }
func (g intGrid) Max() float64    { return g.hi }

// integerTicks puts ticks on whole numbers only, at most about ten labels.
type integerTicks struct{}

// Ticks returns ticks at a round integer step (1, 2 or 5 times a power of
// ten) within [lo, hi]. The step grows until the span holds at most ten
// of them, so a grid of values across the whole int range gets ten ticks,
// not a tick every few million.
func (integerTicks) Ticks(lo, hi float64) []gplot.Tick {
	step, decade := 1.0, 1.0
	for i := 0; (hi-lo)/step > 10 && !math.IsInf(step, 0); i++ {
		step = decade * []float64{2, 5, 10}[i%3]
		if i%3 == 2 {
			decade = step
		}
	}
	var ticks []gplot.Tick
	first := math.Ceil(lo/step) * step
	// Counting steps, not adding them: where floats are coarser than the
	// step, v += step would never pass hi.
	for i := 0.0; i <= 11; i++ {
		v := first + i*step
		if v > hi {
			break
		}
		if len(ticks) > 0 && ticks[len(ticks)-1].Value == v {
			continue
		}
		ticks = append(ticks, gplot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', -1, 64)})
	}
	return ticks
}

// powerTicks marks 0 and the powers of two within the axis, leaving out
// those that would crowd a larger neighbour's label.
type powerTicks struct{}

// Ticks returns 0 (when in range) and the powers of two within [lo, hi]
// that lie at least a twentieth of the span from the next larger mark.
func (powerTicks) Ticks(lo, hi float64) []gplot.Tick {
	gap := (hi - lo) / 20
	var ticks []gplot.Tick
	next := math.Inf(1)
	top := math.Exp2(math.Floor(math.Log2(hi)))
	for v := top; v >= max(lo, 1) && hi >= 1; v /= 2 {
		if next-v >= gap {
			ticks = append(ticks, gplot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', -1, 64)})
			next = v
		}
	}
	if lo <= 0 && 0 <= hi {
		if len(ticks) > 0 && next < gap {
			ticks = ticks[:len(ticks)-1]
		}
		ticks = append(ticks, gplot.Tick{Value: 0, Label: "0"})
	}
	return ticks
}
