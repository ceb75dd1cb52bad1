package authoring

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// transformer gives the nodes of Blocks the shape their renderers need,
// once their content is parsed: a theorem's title becomes its Lead, a
// Quarto callout's first heading its title, a Quarto tabset's headings
// its tabs, a list table's lists its rows and cells.
type transformer struct{ b *Blocks }

func (t *transformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	source := reader.Source()
	var nodes []ast.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering && blockOf(n) != nil {
			nodes = append(nodes, n)
		}
		return ast.WalkContinue, nil
	})
	for _, n := range nodes {
		switch n := n.(type) {
		case *Theorem:
			t.theorem(n, source)
		case *Callout:
			if !n.myst && !n.alert {
				headingTitle(n, &n.block, source)
			}
		case *Tabset:
			if !n.myst {
				quartoTabs(n)
			}
		case *Table:
			if n.list {
				t.listTable(n, source)
			}
		case *Glossary:
			labelTerms(n, source)
		case *Figure:
			if n.Image && n.HasChildren() {
				t.b.warn(source, n.start, "an {image} takes no body (mystmd drops it): it is shown after the image")
			}
			subfigures(n, source)
			legend(n)
		}
	}
}

// headingTitle makes a Quarto block's first heading its title, when its
// attributes gave it none.
func headingTitle(n ast.Node, b *block, source []byte) {
	ttl, ok := n.FirstChild().(*Title)
	if !ok || ttl.Lines().Len() > 0 {
		return
	}
	h, ok := ttl.NextSibling().(*ast.Heading)
	if !ok || h.Lines().Len() == 0 {
		return
	}
	seg := h.Lines().At(0)
	ttl.start, ttl.stop = seg.Start, seg.Stop
	moveChildren(ttl, h)
	n.RemoveChild(n, h)
	b.bodyStart = max(b.bodyStart, lineEnd(source, seg.Stop))
}

// lineEnd returns the offset just after the line holding pos.
func lineEnd(source []byte, pos int) int {
	for pos < len(source) && source[pos] != '\n' {
		pos++
	}
	return min(pos+1, len(source))
}

// moveChildren moves the children of from to the end of to.
func moveChildren(to, from ast.Node) {
	for c := from.FirstChild(); c != nil; {
		next := c.NextSibling()
		from.RemoveChild(from, c)
		to.AppendChild(to, c)
		c = next
	}
}

// theorem turns a theorem's title into its Lead, within its first
// paragraph when it starts with one.
func (t *transformer) theorem(n *Theorem, source []byte) {
	if !n.myst {
		headingTitle(n, &n.block, source)
	}
	lead := &Lead{t: n}
	if ttl, ok := n.FirstChild().(*Title); ok {
		lead.start, lead.stop = ttl.start, ttl.stop
		moveChildren(lead, ttl)
		n.RemoveChild(n, ttl)
	}
	if p, ok := n.FirstChild().(*ast.Paragraph); ok {
		p.InsertBefore(p, p.FirstChild(), lead)
		return
	}
	p := ast.NewParagraph()
	p.AppendChild(p, lead)
	n.InsertBefore(n, n.FirstChild(), p)
}

// quartoTabs makes a Quarto tabset's headings of the level of its first
// one start its tabs. What comes before the first stays before them.
func quartoTabs(n *Tabset) {
	level := 0
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok {
			level = h.Level
			break
		}
	}
	if level == 0 {
		return
	}
	var tab *Tab
	for c := n.FirstChild(); c != nil; {
		next := c.NextSibling()
		if h, ok := c.(*ast.Heading); ok && h.Level == level {
			tab = &Tab{}
			tab.start, tab.stop = -1, -1 // written as the section it is
			ttl := &Title{}
			moveChildren(ttl, h)
			tab.AppendChild(tab, ttl)
			n.ReplaceChild(n, h, tab)
		} else if tab != nil {
			n.RemoveChild(n, c)
			tab.AppendChild(tab, c)
		}
		c = next
	}
}

// listTable makes a list table's list of lists its rows and cells. A
// body of another shape is left as it is, with a warning.
func (t *transformer) listTable(n *Table, source []byte) {
	var list *ast.List
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if l, ok := c.(*ast.List); ok {
			list = l
			break
		}
	}
	if list == nil {
		t.b.warn(source, n.start, "the list-table holds no list of rows: shown as written")
		return
	}
	var rows []*Row
	for item := list.FirstChild(); item != nil; item = item.NextSibling() {
		var cells *ast.List
		for c := item.FirstChild(); c != nil; c = c.NextSibling() {
			if l, ok := c.(*ast.List); ok {
				cells = l
			}
		}
		if cells == nil || item.ChildCount() != 1 {
			t.b.warn(source, n.start, "a row of the list-table is not a list of cells: the table is shown as a list")
			return
		}
		row := &Row{Header: len(rows) < n.HeaderRows}
		for item := cells.FirstChild(); item != nil; item = item.NextSibling() {
			cell := &Cell{Header: row.Header, item: item}
			row.AppendChild(row, cell)
		}
		rows = append(rows, row)
	}
	for _, row := range rows {
		for c := row.FirstChild(); c != nil; c = c.NextSibling() {
			cell := c.(*Cell)
			moveChildren(cell, cell.item)
		}
		n.InsertBefore(n, list, row)
	}
	n.RemoveChild(n, list)
}
