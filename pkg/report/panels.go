package report

import (
	"errors"
	"strconv"

	"github.com/grundylab/grundy/pkg/report/authoring"
	"github.com/grundylab/grundy/pkg/report/cellopts"
	"github.com/grundylab/grundy/pkg/report/plaintext"
)

// subfigures makes the images of cell n, labelled label, the subfigures
// of one figure, as Quarto's fig-subcap does: the figure numbered, its
// caption the cell's fig-cap; each image lettered, "(a) Plot 1" (its
// fig-subcap, or its letter alone for fig-subcap: true), labelled
// label-1, label-2..., a reference to it reading "Figure 1 (a)".
func (b *builder) subfigures(n int, images []*Block, opts *cellopts.Options, label string) {
	if len(opts.Subcaptions) > len(images) {
		b.warn(n, 0, "fig-subcap gives %d captions for %d figures: the rest are not shown", len(opts.Subcaptions), len(images))
	}
	panel := &Panel{Label: label}
	if prev, ok := b.index.Target(label); ok {
		b.warn(n, 0, "label %s is the label of %s %s already, so these figures are not numbered", label, prev.Counter, prev.Number)
		panel.Label = ""
	} else {
		caption := captionMarkdown(at(opts.Caption, 0), b.opts.Trust)
		num, err := b.index.Add(n, authoring.CounterFigure, label, plaintext.Of(caption))
		panel.Caption = "Figure " + num
		if caption != "" {
			panel.Caption += ": " + caption
		}
		if err != nil {
			b.warn(n, 0, "figure %s: %v", num, err)
			panel.Label = ""
		}
	}
	for k, img := range images {
		letter := authoring.Letter(k + 1)
		sub := captionMarkdown(at(opts.Subcaptions, k), b.opts.Trust)
		img.Caption = "(" + letter + ")"
		if sub != "" {
			img.Caption += " " + sub
		}
		p := *panel
		img.Panel = &p
		if panel.Label == "" {
			continue
		}
		subLabel := label + "-" + strconv.Itoa(k+1)
		if _, err := b.index.AddSub(n, label, subLabel, letter, plaintext.Of(sub)); err != nil {
			if !errors.Is(err, authoring.ErrLabel) || k < maxSubWarnings {
				b.warn(n, img.Output, "subfigure (%s): %v", letter, err)
			}
			continue
		}
		img.Label = subLabel
	}
}

// maxSubWarnings bounds the warnings about the labels of one cell's
// subfigures.
const maxSubWarnings = 3

// panels sets the images of cell n in the rows of the layout its options
// ask for (layout, or layout-ncol and layout-nrow), as Quarto lays out a
// cell's figures but for two things: layout wins over layout-ncol and
// layout-nrow (in Quarto they win), and images beyond the layout's cells
// each take a row of their own (Quarto repeats the last row). A layout
// that cannot be read is dropped, with a warning.
func (b *builder) panels(n int, images []*Block, opts *cellopts.Options) {
	if len(images) == 0 {
		return
	}
	var layout authoring.Layout
	var err error
	switch {
	case opts.Layout != "":
		layout, err = authoring.ParseLayout(opts.Layout)
	case opts.Columns > 0 || opts.Rows > 0:
		layout, err = authoring.Grid(opts.Columns, opts.Rows, len(images))
	}
	if err != nil {
		b.warn(n, 0, "layout: %v: the figures are shown one under another", err)
	}
	if layout == nil && images[0].Panel == nil {
		return
	}
	if images[0].Panel == nil {
		for _, img := range images {
			img.Panel = &Panel{}
		}
	}
	images[0].Panel.First, images[len(images)-1].Panel.Last = true, true
	if layout == nil {
		return
	}
	k := 0
	for r, row := range layout {
		gap, placed := 0.0, false
		for i, w := range row {
			if w < 0 {
				gap += layout.Share(r, i)
				continue
			}
			if k == len(images) {
				return
			}
			p := images[k].Panel
			p.NewRow, p.Width = !placed, layout.Percent(r, i)
			if gap > 0 {
				p.Gap = strconv.FormatFloat(gap, 'f', 3, 64) + "%"
			}
			gap, placed = 0, true
			k++
		}
	}
	for ; k < len(images); k++ {
		images[k].Panel.NewRow, images[k].Panel.Width = true, "100.000%"
	}
}
