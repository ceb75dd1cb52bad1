package authoring

import (
	"container/heap"
	"slices"
)

// A tracedCell is a cell of a grid table found by its borders: the
// lines and columns of its corners.
type tracedCell struct{ top, left, bottom, right int }

// trace finds the table's cells as Pandoc 3 does (after docutils): from
// each top-left corner, right along the top border to a "+", down the
// right border to a "+", back left along the bottom border and up the
// left one; a cell so traced may span rows and columns. It reports
// whether the cells fill the table, each bounded by the lines and
// columns where the others' corners are; else the lines are no table.
// (No cell crosses a line of "=": a border meets that line at a "+",
// which closes the cell, or at a "=", which stops it.) The work is bounded by a
// constant times the table's size: a table that asks for more is none.
func (g *grid) trace() bool {
	t := &tracer{g: g, budget: 16*len(g.lines)*g.width + 1024}
	seen := map[[2]int]bool{}
	corners := &cornerHeap{{0, 0}}
	rows, cols := map[int]bool{0: true}, map[int]bool{0: true}
	for corners.Len() > 0 {
		c := heap.Pop(corners).([2]int)
		if seen[c] {
			continue
		}
		seen[c] = true
		bottom, right, ok := t.cell(c[0], c[1])
		if t.budget < 0 {
			return false
		}
		if !ok {
			continue
		}
		g.cells = append(g.cells, tracedCell{top: c[0], left: c[1], bottom: bottom, right: right})
		rows[bottom], cols[right] = true, true
		heap.Push(corners, [2]int{c[0], right})
		heap.Push(corners, [2]int{bottom, c[1]})
	}
	for r := range rows {
		g.rows = append(g.rows, r)
	}
	for c := range cols {
		g.cols = append(g.cols, c)
	}
	slices.Sort(g.rows)
	slices.Sort(g.cols)
	if len(g.cells) == 0 || g.rows[len(g.rows)-1] != len(g.lines)-1 || g.cols[len(g.cols)-1] != g.width-1 {
		return false
	}
	// The cells fill the grid of rows and columns, each place once.
	rowOf, colOf := indexOf(g.rows), indexOf(g.cols)
	filled := make([]bool, (len(g.rows)-1)*(len(g.cols)-1))
	for _, c := range g.cells {
		for r := rowOf[c.top]; r < rowOf[c.bottom]; r++ {
			for k := colOf[c.left]; k < colOf[c.right]; k++ {
				i := r*(len(g.cols)-1) + k
				if filled[i] {
					return false
				}
				filled[i] = true
			}
		}
	}
	return !slices.Contains(filled, false)
}

// A tracer follows the borders of cells, counting its steps.
type tracer struct {
	g      *grid
	budget int
}

// at returns the character at line i, column j, a "=" and ":" of the
// first line or a line of "=" read as "-", and spends a step.
func (t *tracer) at(i, j int) byte {
	t.budget--
	c := t.g.char(i, j)
	if (c == '=' || c == ':') && (i == 0 || t.g.part[i]) {
		return '-'
	}
	return c
}

// cell traces the cell whose top-left corner is at line top, column
// left, returning its bottom-right corner.
func (t *tracer) cell(top, left int) (bottom, right int, ok bool) {
	if t.at(top, left) != '+' {
		return 0, 0, false
	}
	for right = left + 1; right < t.g.width && t.budget >= 0; right++ {
		switch t.at(top, right) {
		case '-':
			continue
		case '+':
			if bottom, ok := t.down(top, left, right); ok {
				return bottom, right, true
			}
			continue
		}
		return 0, 0, false
	}
	return 0, 0, false
}

// down follows the right border of a cell down to a "+" where its
// bottom border closes it.
func (t *tracer) down(top, left, right int) (int, bool) {
	for i := top + 1; i < len(t.g.lines) && t.budget >= 0; i++ {
		switch t.at(i, right) {
		case '|':
			continue
		case '+':
			if t.closes(top, left, i, right) {
				return i, true
			}
			continue
		}
		return 0, false
	}
	return 0, false
}

// closes reports whether the bottom border from (bottom, right) leads
// left to (bottom, left) and the left border up to the top.
func (t *tracer) closes(top, left, bottom, right int) bool {
	if t.at(bottom, left) != '+' {
		return false
	}
	for j := right - 1; j > left; j-- {
		if c := t.at(bottom, j); c != '-' && c != '+' {
			return false
		}
	}
	for i := bottom - 1; i > top; i-- {
		if c := t.at(i, left); c != '|' && c != '+' {
			return false
		}
	}
	return true
}

// cornerHeap holds corners to trace from, the topmost, then leftmost,
// first.
type cornerHeap [][2]int

func (h cornerHeap) Len() int { return len(h) }
func (h cornerHeap) Less(i, j int) bool {
	return h[i][0] < h[j][0] || h[i][0] == h[j][0] && h[i][1] < h[j][1]
}
func (h cornerHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *cornerHeap) Push(x any)   { *h = append(*h, x.([2]int)) }
func (h *cornerHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
