package report

import (
	"cmp"
	"errors"
	"strconv"
	"strings"

	"github.com/grundylab/grundy/pkg/report/authoring"
	"github.com/grundylab/grundy/pkg/report/cellopts"
	"github.com/grundylab/grundy/pkg/report/plaintext"
)

// A subfloatSet is what makes a cell's figures or tables the subfloats
// of one: Quarto's fig-subcap or tbl-subcap.
type subfloatSet struct {
	// counter is the sequence the whole is numbered in, "figure" or
	// "table"; option names the option, for warnings.
	counter, option string
	// label is the cell's label, caption the whole's caption and subs the
	// subfloats' captions, Markdown, none for letters alone.
	label, caption string
	subs           []string
}

// subfloats makes items, outputs of cell n, the subfloats of one figure
// or table, as Quarto's fig-subcap and tbl-subcap do: the whole numbered
// in its counter, its caption "Figure 1: Plots" ("Table 1: Tables",
// shown above its subtables); each item lettered, "(a) Plot 1" (its
// subcaption, or its letter alone), labelled label-1, label-2..., a
// reference to it reading "Figure 1 (a)" or "Table 1 (a)".
func (b *builder) subfloats(n int, items []*Block, s subfloatSet) {
	what := s.counter + "s"
	if len(s.subs) > len(items) {
		b.warn(n, 0, "%s gives %d captions for %d %s: the rest are not shown", s.option, len(s.subs), len(items), what)
	}
	panel := &Panel{Label: s.label, CaptionAbove: s.counter == authoring.CounterTable}
	if prev, ok := b.index.Target(s.label); ok {
		b.warn(n, 0, "label %s is the label of %s %s already, so these %s are not numbered", s.label, prev.Counter, prev.Number, what)
		panel.Label = ""
	} else {
		caption := captionMarkdown(s.caption, b.opts.Trust)
		num, err := b.index.Add(n, s.counter, s.label, plaintext.Of(caption))
		panel.Caption = strings.ToUpper(s.counter[:1]) + s.counter[1:] + " " + num
		if caption != "" {
			panel.Caption += ": " + caption
		}
		if err != nil {
			b.warn(n, 0, "%s %s: %v", s.counter, num, err)
			panel.Label = ""
		}
	}
	for k, item := range items {
		letter := authoring.Letter(k + 1)
		sub := captionMarkdown(at(s.subs, k), b.opts.Trust)
		item.Caption = "(" + letter + ")"
		if sub != "" {
			item.Caption += " " + sub
		}
		p := *panel
		item.Panel = &p
		if panel.Label == "" {
			continue
		}
		subLabel := s.label + "-" + strconv.Itoa(k+1)
		if _, err := b.index.AddSub(n, s.label, subLabel, letter, plaintext.Of(sub)); err != nil {
			if !errors.Is(err, authoring.ErrLabel) || k < maxSubWarnings {
				b.warn(n, item.Output, "sub%s (%s): %v", s.counter, letter, err)
			}
			continue
		}
		item.Label = subLabel
	}
}

// maxSubWarnings bounds the warnings about the labels of one cell's
// subfloats.
const maxSubWarnings = 3

// panels sets items, the images of cell n or its subtables, in the rows
// of the layout its options ask for, as Quarto's layout.lua lays out a
// cell's outputs: layout-ncol, or layout-nrow, in rows of equal cells,
// winning over layout, whose last row is repeated for items beyond its
// cells (authoring.Arrange); layout-valign aligns the cells in their
// rows, layout-align the items in their cells (by default centred, as
// Quarto centres a cell holding an image or a table). A layout or an
// alignment that cannot be read is dropped, with a warning.
func (b *builder) panels(n int, items []*Block, opts *cellopts.Options) {
	if len(items) == 0 {
		return
	}
	var l authoring.Layout
	var err error
	switch {
	case opts.Layout == "":
	case opts.Columns > 0 || opts.Rows > 0:
		b.warn(n, 0, "layout is not used: layout-ncol and layout-nrow win over it, as in Quarto")
	default:
		if l, err = authoring.ParseLayout(opts.Layout); err != nil {
			b.warn(n, 0, "layout: %v: the %s are shown one under another", err, itemsName(items))
		}
	}
	layout, err := authoring.Arrange(opts.Columns, opts.Rows, l, len(items))
	if err != nil {
		b.warn(n, 0, "layout: %v: the %s are shown one under another", err, itemsName(items))
	}
	valign, err := authoring.ParseVAlign(opts.VAlign)
	if err != nil {
		b.warn(n, 0, "%v: top, the default, is used", err)
	}
	align, err := authoring.ParseAlign(opts.Align)
	if err != nil {
		b.warn(n, 0, "%v: the default is used", err)
	}
	if layout == nil && items[0].Panel == nil {
		return
	}
	if items[0].Panel == nil {
		for _, it := range items {
			it.Panel = &Panel{}
		}
	}
	items[0].Panel.First, items[len(items)-1].Panel.Last = true, true
	if layout == nil {
		return
	}
	k := 0
	place := func(width, gap string, newRow bool) {
		p := items[k].Panel
		p.NewRow, p.Width, p.Gap = newRow, width, gap
		p.VAlign, p.Align = valign, cmp.Or(align, "center")
		k++
	}
	for r, row := range layout {
		gap, placed := 0.0, false
		for i, w := range row {
			if w < 0 {
				gap += layout.Share(r, i)
				continue
			}
			if k == len(items) {
				return
			}
			g := ""
			if gap > 0 {
				g = strconv.FormatFloat(gap, 'f', 3, 64) + "%"
			}
			place(layout.Percent(r, i), g, !placed)
			gap, placed = 0, true
		}
	}
	// Beyond a layout whose last row is all spacers.
	for k < len(items) {
		place("100.000%", "", true)
	}
}

// itemsName names what panels lays out, for a warning.
func itemsName(items []*Block) string {
	if items[0].Kind == KindImage {
		return "figures"
	}
	return "tables"
}
