package authoring

import (
	"html"
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// KindTableFigure is the kind of a TableFigure node.
var KindTableFigure = ast.NewNodeKind("TableFigure")

// A TableFigure is a pipe table or a grid table with Pandoc's caption, a paragraph
// starting ": " (or "Table: ") right before or after it, labelled by an
// id at the caption's end: ": Grundy values {#tbl-values}". Its
// children are the caption (a TableCaption) and the table.
type TableFigure struct {
	ast.BaseBlock
	label  string
	number string
	// at is where the table's first row starts in the source when its
	// caption follows it, -1 otherwise: the post writes the caption
	// there, above the table, as the page shows it.
	at      int
	caption *TableCaption
	// sub is set for a subtable of a Float, lettered in its caption.
	sub
}

// Span returns the range of the table and the caption that follows it,
// which the post writes caption first; else a range outside the source,
// which the post leaves alone.
func (n *TableFigure) Span() (start, stop int) {
	if n.at < 0 {
		return -1, -1
	}
	return n.at, n.caption.stop
}

// WritePost writes the caption that follows the table above it.
func (n *TableFigure) WritePost(w *strings.Builder, source []byte, body func(start, stop int)) {
	n.caption.writeCaption(w, body)
	w.WriteString("\n\n")
	body(n.at, n.caption.start)
}

// Kind returns KindTableFigure.
func (*TableFigure) Kind() ast.NodeKind { return KindTableFigure }

// Dump writes the node for debugging.
func (n *TableFigure) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Label": n.label, "Number": n.number}, nil)
}

// Counter returns CounterTable.
func (*TableFigure) Counter() string { return CounterTable }

// Label returns the label at the caption's end, "" for none.
func (n *TableFigure) Label() string { return n.label }

// SetNumber records the table's number.
func (n *TableFigure) SetNumber(number string) { n.number = number }

// KindTableCaption is the kind of a TableCaption node.
var KindTableCaption = ast.NewNodeKind("TableCaption")

// A TableCaption is a table's caption: its inline content, without the
// ": " before it and the label after it.
type TableCaption struct {
	ast.BaseBlock
	table       *TableFigure
	start, stop int // the caption paragraph in the source
	text        [2]int
}

// Kind returns KindTableCaption.
func (*TableCaption) Kind() ast.NodeKind { return KindTableCaption }

// Dump writes the node for debugging.
func (n *TableCaption) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

// Span returns the caption paragraph's range in the source.
func (n *TableCaption) Span() (start, stop int) { return n.start, n.stop }

// WritePost writes the caption as a paragraph, with the table's anchor
// and number, its text as written: above the table, where the caption
// comes first in the source (a caption that follows its table lies in
// the TableFigure's span, which writes it).
func (n *TableCaption) WritePost(w *strings.Builder, source []byte, body func(start, stop int)) {
	n.writeCaption(w, body)
}

// writeCaption writes the caption's post form.
func (n *TableCaption) writeCaption(w *strings.Builder, body func(start, stop int)) {
	if n.table.label != "" && ValidLabel(n.table.label) {
		w.WriteString(`<a id="` + html.EscapeString(n.table.label) + `"></a>`)
	}
	if lead := captionNumber(CounterTable, n.table.number, n.table.letter); lead != "" {
		w.WriteString(tableLead(lead, n.table.letter))
	}
	body(n.text[0], n.text[1])
}

// tableCaption matches Pandoc's table caption: ": text {#label}".
var tableCaption = regexp.MustCompile(`^(?::|Table:)[ \t]+`)

// captionLabel matches the attributes ending a caption, "{#tbl-x}".
var captionLabel = regexp.MustCompile(`[ \t]*\{#([^\s{}]+)(?:\s[^{}]*)?\}[ \t]*$`)

// captionTable makes a pipe table or a grid table and the caption
// paragraph beside it a TableFigure, reporting whether it did.
func captionTable(t ast.Node, source []byte) bool {
	p, ok := t.NextSibling().(*ast.Paragraph)
	after := ok && isCaption(p, source)
	if !after {
		p, ok = t.PreviousSibling().(*ast.Paragraph)
		if !ok || !isCaption(p, source) {
			return false
		}
	}
	lines := p.Lines()
	start, stop := lines.At(0).Start, lines.At(lines.Len()-1).Stop
	for stop > start && (source[stop-1] == '\n' || source[stop-1] == '\r') {
		stop--
	}
	text := [2]int{start + len(tableCaption.Find(source[start:stop])), stop}
	fig := &TableFigure{at: -1}
	if g, ok := t.(*GridTable); ok && after {
		fig.at = g.start
	} else if pipe, ok := t.(*east.Table); ok && after {
		fig.at = tableStart(pipe, source)
	}
	if m := captionLabel.FindSubmatchIndex(source[text[0]:text[1]]); m != nil {
		fig.label = string(source[text[0]+m[2] : text[0]+m[3]])
		text[1] = text[0] + m[0]
	}
	caption := &TableCaption{table: fig, start: start, stop: stop, text: text}
	fig.caption = caption
	// The caption's inline nodes, less the marker and the label, which
	// lie in its first and last text.
	for c := p.FirstChild(); c != nil; {
		next := c.NextSibling()
		if tx, ok := c.(*ast.Text); ok {
			tx.Segment.Start = max(tx.Segment.Start, text[0])
			tx.Segment.Stop = min(tx.Segment.Stop, text[1])
			if tx.Segment.Start >= tx.Segment.Stop {
				c = next
				continue
			}
		}
		caption.AppendChild(caption, c)
		c = next
	}
	parent := t.Parent()
	parent.ReplaceChild(parent, t, fig)
	parent.RemoveChild(parent, p)
	fig.AppendChild(fig, caption)
	fig.AppendChild(fig, t)
	return true
}

// isCaption reports whether a paragraph is a table's caption.
func isCaption(p *ast.Paragraph, source []byte) bool {
	return p.Lines().Len() > 0 && tableCaption.Match(source[p.Lines().At(0).Start:p.Lines().At(0).Stop])
}

// tableStart returns where a pipe table's first row starts in the
// source, after the markers of the block quotes and list items around
// it: before the "|" and spaces that lead its first text; -1 when the
// table has no text to find it by.
func tableStart(t *east.Table, source []byte) int {
	first := -1
	_ = ast.Walk(t, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if tx, ok := n.(*ast.Text); ok && entering {
			first = tx.Segment.Start
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	if first < 0 || first > len(source) {
		return -1
	}
	for first > 0 && strings.IndexByte(" \t|", source[first-1]) >= 0 {
		first--
	}
	for first < len(source) && (source[first] == ' ' || source[first] == '\t') {
		first++
	}
	// Only quote markers and indentation may come before it on its line:
	// a text that starts after markup ("*a*") does not start the row.
	if strings.Trim(string(source[lineStart(source, first):first]), " \t>") != "" {
		return -1
	}
	return first
}

// tableLead returns what starts a table's caption: "Table 1: ", or a
// subtable's letter, "(a) ".
func tableLead(lead, letter string) string {
	if letter != "" {
		return lead + " "
	}
	return lead + ": "
}
