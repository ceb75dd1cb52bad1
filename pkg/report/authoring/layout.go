package authoring

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
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
// layout-ncol and layout-nrow give it (ncol wins when both are set):
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
		ncol = (count + nrow - 1) / nrow
	}
	count = min(count, MaxLayoutCells)
	var l Layout
	for k := 0; k < count; k += ncol {
		row := make([]float64, ncol)
		for i := range row {
			row[i] = 1
		}
		l = append(l, row)
	}
	return l, nil
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

// KindLayoutRow is the kind of a LayoutRow node.
var KindLayoutRow = ast.NewNodeKind("LayoutRow")

// A LayoutRow is a row of a float's layout; its children are LayoutCells.
type LayoutRow struct {
	ast.BaseBlock
}

// Kind returns KindLayoutRow.
func (*LayoutRow) Kind() ast.NodeKind { return KindLayoutRow }

// Dump writes the node for debugging.
func (r *LayoutRow) Dump(source []byte, level int) { dump(r, source, level) }

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
}

// Kind returns KindLayoutCell.
func (*LayoutCell) Kind() ast.NodeKind { return KindLayoutCell }

// Dump writes the node for debugging.
func (c *LayoutCell) Dump(source []byte, level int) { dump(c, source, level, "Width", c.Width) }

// layOut puts the blocks of body in the rows and cells of l, in order,
// one block a cell; blocks beyond the layout's cells each take a row of
// their own (Quarto repeats the last row), and cells beyond the blocks
// stay empty.
func layOut(body ast.Node, l Layout) {
	var blocks []ast.Node
	for c := body.FirstChild(); c != nil; c = c.NextSibling() {
		blocks = append(blocks, c)
	}
	body.RemoveChildren(body)
	next := 0
	for r, widths := range l {
		row := &LayoutRow{}
		for i, w := range widths {
			cell := &LayoutCell{Width: l.Percent(r, i), Spacer: w < 0}
			if !cell.Spacer && next < len(blocks) {
				cell.AppendChild(cell, blocks[next])
				next++
			}
			row.AppendChild(row, cell)
		}
		body.AppendChild(body, row)
	}
	for _, b := range blocks[next:] {
		row, cell := &LayoutRow{}, &LayoutCell{Width: "100.000%"}
		cell.AppendChild(cell, b)
		row.AppendChild(row, cell)
		body.AppendChild(body, row)
	}
}

// layOutDiv sets a div's blocks in the rows its layout attributes ask
// for, as Quarto lays out a div that is not a float.
func layOutDiv(d *Div) {
	l := d.lay.layout
	if l == nil && (d.lay.columns > 0 || d.lay.rows > 0) && d.HasChildren() {
		l, _ = Grid(d.lay.columns, d.lay.rows, d.ChildCount())
	}
	if l != nil {
		layOut(d, l)
	}
}

func layoutRowHTML(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		w.WriteString(`<div class="layout-row">` + "\n")
	} else {
		w.WriteString("</div>\n")
	}
	return ast.WalkContinue, nil
}

func layoutCellHTML(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	c := node.(*LayoutCell)
	if !entering {
		w.WriteString("</div>\n")
		return ast.WalkContinue, nil
	}
	class := "layout-cell"
	if c.Spacer {
		class = "layout-spacer"
	}
	// Width is made here from numbers: nothing of the source is in it.
	w.WriteString(`<div class="` + class + `" style="flex-basis: ` + c.Width + `">` + "\n")
	return ast.WalkContinue, nil
}
