package authoring

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/util"
)

// ErrLayout is wrapped by the errors of ParseLayout and Grid for a layout
// that is malformed or too large.
var ErrLayout = errors.New("bad layout")

// Bounds of a layout: more rows, cells or text than these is refused,
// and so is a width beyond MaxLayoutWidth either way.
const (
	MaxLayoutCells = 64
	MaxLayoutWidth = 1e6
	maxLayoutText  = 1024
)

// A Layout is Quarto's layout of a float's content: rows, each a list of
// cell widths, in any unit (a row's widths are shares of the row, "[[70,
// 30], [100]]"); a negative width is a spacer, a gap of that share that
// takes no content.
type Layout [][]float64

// ParseLayout reads Quarto's layout attribute or cell option, a list of
// rows, "[[1,1],[1]]", or one row, "[15,-2,10]". A width of zero, a
// number that is not finite or beyond MaxLayoutWidth, lists nested
// deeper than rows, an empty row, or more than MaxLayoutCells widths in
// all are refused with an error wrapping ErrLayout.
func ParseLayout(s string) (Layout, error) {
	if len(s) > maxLayoutText {
		return nil, fmt.Errorf("%w: longer than %d bytes", ErrLayout, maxLayoutText)
	}
	var v []any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		return nil, fmt.Errorf("%w %s: not a list of rows of numbers, as [[1,1],[1]]", ErrLayout, short(s))
	}
	return LayoutOf(v)
}

// LayoutOf reads a layout already parsed, as YAML gives a cell option:
// a list of rows of numbers, or one row of numbers, with the limits of
// ParseLayout.
func LayoutOf(v []any) (Layout, error) {
	if len(v) == 0 {
		return nil, fmt.Errorf("%w: no rows", ErrLayout)
	}
	if _, nested := v[0].([]any); !nested {
		v = []any{v}
	}
	var l Layout
	cells := 0
	for i, r := range v {
		row, ok := r.([]any)
		if !ok || len(row) == 0 {
			return nil, fmt.Errorf("%w: row %d is not a list of widths", ErrLayout, i+1)
		}
		widths := make([]float64, 0, len(row))
		for _, c := range row {
			cells++
			if cells > MaxLayoutCells {
				return nil, fmt.Errorf("%w: more than %d cells", ErrLayout, MaxLayoutCells)
			}
			w, ok := layoutNumber(c)
			if !ok || w == 0 || math.IsNaN(w) || math.Abs(w) > MaxLayoutWidth {
				return nil, fmt.Errorf("%w: row %d: a width is a number from -%g to %g, not 0", ErrLayout, i+1, float64(MaxLayoutWidth), float64(MaxLayoutWidth))
			}
			widths = append(widths, w)
		}
		l = append(l, widths)
	}
	return l, nil
}

// layoutNumber returns a width as JSON or YAML gives it.
func layoutNumber(v any) (float64, bool) {
	switch v := v.(type) {
	case float64:
		return v, true
	case int:
		return float64(v), true
	case int64:
		return float64(v), true
	case uint64:
		return float64(v), true
	}
	return 0, false
}

// Grid returns the layout of count items in columns, as Quarto's
// layout-ncol and layout-nrow give it (layout.lua: ncol wins when both
// are set; nrow makes ceil(count/nrow) columns; this package, not Quarto,
// caps them at MaxLayoutCells):
// rows of equal cells, the last row as wide as the others.
func Grid(ncol, nrow, count int) (Layout, error) {
	switch {
	case count < 1:
		return nil, fmt.Errorf("%w: nothing to lay out", ErrLayout)
	case ncol < 0 || nrow < 0 || ncol > MaxLayoutCells || nrow > MaxLayoutCells:
		return nil, fmt.Errorf("%w: a number of columns or rows is from 1 to %d", ErrLayout, MaxLayoutCells)
	case ncol == 0 && nrow == 0:
		return nil, fmt.Errorf("%w: neither columns nor rows", ErrLayout)
	case ncol == 0:
		ncol = min((count+nrow-1)/nrow, MaxLayoutCells)
	}
	row := make([]float64, ncol)
	for i := range row {
		row[i] = 1
	}
	return Layout{row}.Fit(count), nil
}

// Arrange returns the layout of count items that a float's, a div's or a
// code cell's options ask for, as Quarto's layout.lua reads them:
// layout-ncol or layout-nrow (Grid) when either is set, winning over
// layout; else layout, fitted to the items (Fit). It returns nil and no
// error when none is set.
func Arrange(ncol, nrow int, l Layout, count int) (Layout, error) {
	switch {
	case ncol > 0 || nrow > 0:
		return Grid(ncol, nrow, count)
	case l != nil:
		return l.Fit(count), nil
	}
	return nil, nil
}

// Fit returns the layout with its last row repeated until its cells hold
// count items, as Quarto's width.lua extends a layout too short for its
// items. Where Quarto adds too few rows for a last row with spacers, and
// drops the items left over, Fit adds rows until every item has a cell.
// A last row of spacers alone holds nothing: the layout is returned as
// it is, and a caller gives each item left over a row of its own; so is
// a layout of no rows.
func (l Layout) Fit(count int) Layout {
	if len(l) == 0 {
		return l
	}
	l = slices.Clip(l) // the rows added share no array with the caller's
	last := l[len(l)-1]
	per := Layout{last}.Cells()
	if per == 0 {
		return l
	}
	for have := l.Cells(); have < count; have += per {
		l = append(l, last)
	}
	return l
}

// Cells returns the number of cells of the layout that take content,
// spacers left out.
func (l Layout) Cells() int {
	n := 0
	for _, row := range l {
		for _, w := range row {
			if w > 0 {
				n++
			}
		}
	}
	return n
}

// Percent returns the width of cell i of row r as a percentage of its
// row, spacers' shares counted, as CSS: "33.333%".
func (l Layout) Percent(r, i int) string {
	return strconv.FormatFloat(l.Share(r, i), 'f', 3, 64) + "%"
}

// Share returns the width of cell i of row r as a percentage of its row,
// spacers' shares counted.
func (l Layout) Share(r, i int) float64 {
	sum := 0.0
	for _, w := range l[r] {
		sum += math.Abs(w)
	}
	return math.Abs(l[r][i]) / sum * 100
}

// String returns the layout as Quarto writes it, "[[1,1],[1]]".
func (l Layout) String() string {
	rows := make([]string, len(l))
	for i, row := range l {
		ws := make([]string, len(row))
		for k, w := range row {
			ws[k] = strconv.FormatFloat(w, 'g', -1, 64)
		}
		rows[i] = "[" + strings.Join(ws, ",") + "]"
	}
	return "[" + strings.Join(rows, ",") + "]"
}

// Alignment is how a layout sets its cells, as Quarto's layout-valign
// and layout-align ask.
type Alignment struct {
	// VAlign is the cells' alignment in their row: "top", "center" or
	// "bottom"; "" is "top".
	VAlign string
	// Align is the content's alignment in its cell: "left", "center" or
	// "right"; "" for Quarto's default, center for a cell that holds an
	// image or a table, left for another.
	Align string
}

// ParseVAlign reads layout-valign: "top", "center" or "bottom";
// "default" and "" are "top", Quarto's default, and so is
// "top-baseline", which Quarto reads for LaTeX and sets as "top" in
// HTML. Another value is an error wrapping ErrLayout.
func ParseVAlign(s string) (string, error) {
	switch s {
	case "", "default", "top", "top-baseline":
		return "top", nil
	case "center", "bottom":
		return s, nil
	}
	return "top", fmt.Errorf("%w: layout-valign %s is not top, center, bottom or default", ErrLayout, short(s))
}

// ParseAlign reads layout-align: "left", "center" or "right"; "default"
// and "" are "", each cell then aligned by its content (Alignment.Align).
// Another value is an error wrapping ErrLayout.
func ParseAlign(s string) (string, error) {
	switch s {
	case "", "default":
		return "", nil
	case "left", "center", "right":
		return s, nil
	}
	return "", fmt.Errorf("%w: layout-align %s is not left, center, right or default", ErrLayout, short(s))
}

// KindLayoutRow is the kind of a LayoutRow node.
var KindLayoutRow = ast.NewNodeKind("LayoutRow")

// A LayoutRow is a row of a float's layout; its children are LayoutCells.
type LayoutRow struct {
	ast.BaseBlock
	// VAlign is its cells' alignment, as Alignment.VAlign.
	VAlign string
}

// Kind returns KindLayoutRow.
func (*LayoutRow) Kind() ast.NodeKind { return KindLayoutRow }

// Dump writes the node for debugging.
func (r *LayoutRow) Dump(source []byte, level int) { dump(r, source, level, "VAlign", r.VAlign) }

// KindLayoutCell is the kind of a LayoutCell node.
var KindLayoutCell = ast.NewNodeKind("LayoutCell")

// A LayoutCell is a cell of a float's layout, holding one block of its
// content, or none for a spacer.
type LayoutCell struct {
	ast.BaseBlock
	// Width is the cell's share of its row, as CSS: "50.000%".
	Width string
	// Spacer is set for a gap, which holds nothing.
	Spacer bool
	// Align is its content's alignment: "left", "center" or "right".
	Align string
}

// Kind returns KindLayoutCell.
func (*LayoutCell) Kind() ast.NodeKind { return KindLayoutCell }

// Dump writes the node for debugging.
func (c *LayoutCell) Dump(source []byte, level int) {
	dump(c, source, level, "Width", c.Width, "Align", c.Align)
}

// layOut puts the blocks of body in the rows and cells its layout
// attributes ask for (Arrange), in order, one block a cell, aligned as
// they ask, and returns the layout, nil for none. A heading shares the
// cell of the block after it, as Quarto's layout.lua combines them
// (where Quarto keeps only the last of headings in a row, and drops one
// with no block after it, each is kept here). Blocks beyond a layout
// whose last row is all spacers each take a row of their own, and cells
// beyond the blocks stay empty.
func layOut(body ast.Node, a layoutAttrs) Layout {
	var items [][]ast.Node
	open := false // the last item is headings waiting for a block
	for c := body.FirstChild(); c != nil; c = c.NextSibling() {
		if !open {
			items = append(items, nil)
		}
		items[len(items)-1] = append(items[len(items)-1], c)
		_, open = c.(*ast.Heading)
	}
	if len(items) == 0 {
		return nil
	}
	l, _ := Arrange(a.columns, a.rows, a.layout, len(items))
	if l == nil {
		return nil
	}
	body.RemoveChildren(body)
	next := 0
	cell := func(width string, spacer bool) *LayoutCell {
		c := &LayoutCell{Width: width, Spacer: spacer}
		if spacer || next >= len(items) {
			return c
		}
		c.Align = a.align.Align
		for _, n := range items[next] {
			c.AppendChild(c, n)
			c.Align = cmp.Or(c.Align, contentAlign(n))
		}
		if c.Align == "" {
			c.Align = "left"
		}
		next++
		return c
	}
	for r, widths := range l {
		if next == len(items) && r > 0 {
			break
		}
		row := &LayoutRow{VAlign: a.align.VAlign}
		for i, w := range widths {
			row.AppendChild(row, cell(l.Percent(r, i), w < 0))
		}
		body.AppendChild(body, row)
	}
	for next < len(items) {
		row := &LayoutRow{VAlign: a.align.VAlign}
		row.AppendChild(row, cell("100.000%", false))
		body.AppendChild(body, row)
	}
	return l
}

// contentAlign returns the alignment Quarto gives a cell by default that
// holds n: center for an image or a table, "" for other content, which
// a cell of nothing else sets left.
func contentAlign(n ast.Node) string {
	align := ""
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		switch c.(type) {
		case *ast.Image, *east.Table, *GridTable, *Table:
			align = "center"
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	return align
}

// layOutDiv sets a div's blocks in the rows its layout attributes ask
// for, as Quarto lays out a div that is not a float.
func layOutDiv(d *Div) { layOut(d, d.lay) }

func layoutRowHTML(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		w.WriteString("</div>\n")
		return ast.WalkContinue, nil
	}
	w.WriteString(`<div class="` + LayoutRowClass(node.(*LayoutRow).VAlign) + `">` + "\n")
	return ast.WalkContinue, nil
}

func layoutCellHTML(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	c := node.(*LayoutCell)
	if !entering {
		w.WriteString("</div>\n")
		return ast.WalkContinue, nil
	}
	class := LayoutCellClass(c.Align)
	if c.Spacer {
		class = "layout-spacer"
	}
	// Width is made here from numbers: nothing of the source is in it.
	w.WriteString(`<div class="` + class + `" style="flex-basis: ` + c.Width + `">` + "\n")
	return ast.WalkContinue, nil
}

// LayoutRowClass returns the classes of a layout's row on a page,
// "layout-row", with "layout-valign-center" or "layout-valign-bottom"
// for a row so aligned; another value is top, the row's default.
func LayoutRowClass(valign string) string {
	switch valign {
	case "center", "bottom":
		return "layout-row layout-valign-" + valign
	}
	return "layout-row"
}

// LayoutCellClass returns the classes of a layout's cell on a page,
// "layout-cell" and "layout-align-left", "-center" or "-right" for a
// cell so aligned; another value, as an empty cell's "", adds none.
func LayoutCellClass(align string) string {
	switch align {
	case "left", "center", "right":
		return "layout-cell layout-align-" + align
	}
	return "layout-cell"
}
