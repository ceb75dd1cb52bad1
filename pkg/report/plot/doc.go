// Package plot draws the figures of Grundy-value writeups with gonum/plot:
// the distribution of Grundy values, a Grundy sequence with its preperiod
// and period marked, and a two-dimensional grid of values. Each figure
// comes as SVG and PNG bytes and shows itself in a GoNB notebook with one
// call:
//
//	fig, err := plot.Histogram(seq.Histogram(), plot.Options{Title: "Grundy values, n < 1000"})
//	if err != nil { ... }
//	fig.Show()
//
// Options choose what a reader needs to see the structure: ticks at the
// powers of two (PowersOfTwo) for 2-adic patterns, a label for a
// heatmap's colour bar, and a name for cells with no value (Missing),
// drawn apart from every colour of the scale.
//
// The functions take plain slices, so the game packages need not know
// about plotting. They check their data and return an error wrapping
// ErrData for data they cannot draw (nothing to draw, negative values or
// counts, a ragged grid, a period outside the sequence, a grid with no
// value at all).
package plot
