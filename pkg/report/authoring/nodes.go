package authoring

import (
	"fmt"

	"github.com/yuin/goldmark/ast"
)

// block holds what every node of Blocks knows about its source and its
// place among references.
type block struct {
	ast.BaseBlock
	// start and stop are the node's source: from its opening fence (or a
	// quote's ">") to the end of its closing line.
	start, stop int
	// bodyStart and bodyStop are its content: the lines between the
	// fences, less its options and its title heading.
	bodyStart, bodyStop int
	label               string
	number              string
	// myst is true for a directive, false for a Quarto div or an alert.
	myst bool
}

// Span returns the byte range of the node's source.
func (b *block) Span() (start, stop int) { return b.start, b.stop }

// Label returns the name references give the node, "" for none.
func (b *block) Label() string { return b.label }

// SetNumber records the number the document gives the node.
func (b *block) SetNumber(number string) { b.number = number }

// Number returns the number SetNumber recorded, "" for none.
func (b *block) Number() string { return b.number }

// dump writes a node of Blocks for debugging.
func dump(n ast.Node, source []byte, level int, kv ...string) {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] != "" {
			m[kv[i]] = kv[i+1]
		}
	}
	ast.DumpHelper(n, source, level, m, nil)
}

// KindTheorem is the kind of a Theorem node.
var KindTheorem = ast.NewNodeKind("Theorem")

// A Theorem is a theorem-like block: a theorem, lemma, definition,
// proof, remark and their kin, from a Quarto div (::: {#thm-sg}, ::: {.proof})
// or a sphinx-proof directive ({prf:theorem}). Its first child is a Lead,
// within the first paragraph when the block starts with one.
type Theorem struct {
	block
	// Env is the kind of statement, as sphinx-proof names it (and LaTeX
	// its environment): "theorem", "lemma", "proof", "solution"...
	Env string
	// Unnumbered is true for a proof, a Quarto remark or solution given by
	// class, and a directive with :nonumber:.
	Unnumbered bool
	// Of is the label of the exercise a solution solves, "" for none.
	Of string
	// of is the reference to that exercise, which a solution's title
	// makes: "Solution to Exercise 1", as mystmd writes it.
	of *Ref
	// Folded is true for a block shown closed, one click from open
	// (:class: dropdown).
	Folded bool
	// Classes are the block's own classes, validated.
	Classes []string
}

// Kind returns KindTheorem.
func (*Theorem) Kind() ast.NodeKind { return KindTheorem }

// Counter returns the sequence the theorem is numbered in, its Env, or
// "" for an unnumbered block.
func (t *Theorem) Counter() string {
	if t.Unnumbered {
		return ""
	}
	return t.Env
}

// Dump writes the node for debugging.
func (t *Theorem) Dump(source []byte, level int) {
	dump(t, source, level, "Env", t.Env, "Label", t.label, "Number", t.number, "Of", t.Of, "Unnumbered", fmt.Sprint(t.Unnumbered))
}

// KindCallout is the kind of a Callout node.
var KindCallout = ast.NewNodeKind("Callout")

// A Callout is a block set apart with a title: a Quarto callout
// (::: {.callout-note}), a MyST admonition ({note}, {admonition},
// {dropdown}) or a GitHub alert (> [!NOTE]). Its first child is its
// Title.
type Callout struct {
	block
	// Variant is the callout's kind: note, tip, warning, caution,
	// important, and for MyST also attention, danger, error, hint,
	// seealso; "" for a titled {admonition} or a {dropdown}.
	Variant string
	// Folded is true for a callout shown closed, one click from open;
	// Open for one that is foldable but starts open.
	Folded, Open bool
	// NoIcon is true when the writer asked for no icon (icon=false).
	NoIcon bool
	// Appearance is Quarto's appearance: "", "simple" or "minimal".
	Appearance string
	// Classes are further classes the writer gave, validated.
	Classes []string
	// alert is true for a GitHub alert, whose lines are a block quote's.
	alert bool
}

// Kind returns KindCallout.
func (*Callout) Kind() ast.NodeKind { return KindCallout }

// Counter returns "": a callout takes no number.
func (*Callout) Counter() string { return "" }

// Dump writes the node for debugging.
func (c *Callout) Dump(source []byte, level int) {
	dump(c, source, level, "Variant", c.Variant, "Label", c.label, "Folded", fmt.Sprint(c.Folded))
}

// KindTabset is the kind of a Tabset node.
var KindTabset = ast.NewNodeKind("Tabset")

// A Tabset is a set of tabs, one shown at a time: Quarto's
// ::: {.panel-tabset}, whose headings start its tabs, or MyST's
// {tab-set}. Its children are Tabs.
type Tabset struct {
	block
	// name tells the tabs' radio inputs of one set from another's; the
	// HTML renderer gives it.
	name string
}

// Kind returns KindTabset.
func (*Tabset) Kind() ast.NodeKind { return KindTabset }

// Dump writes the node for debugging.
func (t *Tabset) Dump(source []byte, level int) { dump(t, source, level, "Label", t.label) }

// KindTab is the kind of a Tab node.
var KindTab = ast.NewNodeKind("Tab")

// A Tab is one tab of a Tabset; its first child is its Title.
type Tab struct {
	block
}

// Kind returns KindTab.
func (*Tab) Kind() ast.NodeKind { return KindTab }

// Dump writes the node for debugging.
func (t *Tab) Dump(source []byte, level int) { dump(t, source, level) }

// KindDiv is the kind of a Div node.
var KindDiv = ast.NewNodeKind("Div")

// A Div is a Quarto div of no kind known here: a <div> with its id and
// classes.
type Div struct {
	block
	// Classes are the div's classes, validated.
	Classes []string
	// lay is what its layout attributes ask: Quarto lays out a div's
	// blocks as a float's.
	lay layoutAttrs
}

// Kind returns KindDiv.
func (*Div) Kind() ast.NodeKind { return KindDiv }

// Counter returns "": a div takes no number.
func (*Div) Counter() string { return "" }

// Dump writes the node for debugging.
func (d *Div) Dump(source []byte, level int) { dump(d, source, level, "Label", d.label) }

// KindFigure is the kind of a Figure node.
var KindFigure = ast.NewNodeKind("Figure")

// A Figure is MyST's {figure} directive: an image from a file beside the
// notebook, with its caption, the directive's body, as children. It is
// also MyST's {image}, an image alone, unnumbered, and MyST-NB's
// {eval:figure}, whose image is the value of an expression.
type Figure struct {
	block
	// Src is the image's path as written, relative to the notebook's
	// folder; "" when the path was refused or the figure is evaluated.
	Src string
	// Alt is the image's alternative text.
	Alt string
	// Width is the image's width in px or %, validated (a bare number is
	// px), or "".
	Width string
	// Height is the image's height in px, validated, or "".
	Height string
	// FigWidth is a figure's width, as Width, or "".
	FigWidth string
	// Classes are the figure's class names, a {figure}'s :figclass:,
	// validated, and "align-left", "align-center" or "align-right" for an
	// :align: option.
	Classes []string
	// ImageClasses are the image's class names, :class:, validated: as
	// docutils reads a {figure}'s options, :class: is its image's and
	// :figclass: the figure's.
	ImageClasses []string
	// Image is true for an {image}: no caption, no number, and a
	// reference to it reads "Image", as mystmd 1.8.3 writes it.
	Image bool
	// Eval is an {eval:figure}'s expression, as written; it is not
	// evaluated here.
	Eval string

	// sub is set for a subfigure, owner for a figure that holds them.
	sub
	owner
	// subs is set for a figure whose images are lettered subfigures.
	subs bool
	// captionStart is where the caption starts in the source of a figure
	// whose body holds images, after them.
	captionStart int
}

// Kind returns KindFigure.
func (*Figure) Kind() ast.NodeKind { return KindFigure }

// Counter returns "figure", "" for an {image} that is no subfigure.
func (f *Figure) Counter() string {
	if f.Image && f.letter == "" {
		return ""
	}
	return CounterFigure
}

// targetTitle returns the text a reference to an {image} reads.
func (f *Figure) targetTitle() string {
	if f.Image && f.letter == "" {
		return "Image"
	}
	return ""
}

// Dump writes the node for debugging.
func (f *Figure) Dump(source []byte, level int) {
	dump(f, source, level, "Src", f.Src, "Alt", f.Alt, "Eval", f.Eval, "Label", f.label)
}

// KindIndexEntry is the kind of an IndexEntry node.
var KindIndexEntry = ast.NewNodeKind("IndexEntry")

// An IndexEntry is MyST's {index} directive: entries of a book's general
// index, which a page does not show (mystmd shows none either). Its
// :name: is a target at its place, which a reference names as mystmd
// names a "(label)=" target's: by the block after it.
type IndexEntry struct {
	block
}

// Kind returns KindIndexEntry.
func (*IndexEntry) Kind() ast.NodeKind { return KindIndexEntry }

// IsRaw reports true: the entries are not Markdown.
func (*IndexEntry) IsRaw() bool { return true }

// Dump writes the node for debugging.
func (e *IndexEntry) Dump(source []byte, level int) { dump(e, source, level, "Label", e.label) }

// KindTable is the kind of a Table node.
var KindTable = ast.NewNodeKind("Table")

// A Table is MyST's {table} directive (a caption and a Markdown table)
// or {list-table} (a caption and a list of rows, each a list of cells).
// Its first child is its caption, a Title.
type Table struct {
	block
	// HeaderRows is the number of a list table's rows that are headers.
	HeaderRows int
	// list is true for a {list-table}.
	list bool
}

// Kind returns KindTable.
func (*Table) Kind() ast.NodeKind { return KindTable }

// Counter returns "table".
func (*Table) Counter() string { return "table" }

// Dump writes the node for debugging.
func (t *Table) Dump(source []byte, level int) { dump(t, source, level, "Label", t.label) }

// KindRow is the kind of a Row node.
var KindRow = ast.NewNodeKind("Row")

// A Row is a row of a list table or a grid table; its children are
// Cells.
type Row struct {
	ast.BaseBlock
	// Header is true for a row of headers.
	Header bool
	// Footer is true for a row of a grid table's foot.
	Footer bool
}

// group returns the HTML element of the rows a grid table's row is
// written in: "thead", "tbody" or "tfoot".
func (r *Row) group() string {
	switch {
	case r.Header:
		return "thead"
	case r.Footer:
		return "tfoot"
	}
	return "tbody"
}

// Kind returns KindRow.
func (*Row) Kind() ast.NodeKind { return KindRow }

// Dump writes the node for debugging.
func (r *Row) Dump(source []byte, level int) { dump(r, source, level) }

// KindCell is the kind of a Cell node.
var KindCell = ast.NewNodeKind("Cell")

// A Cell is a cell of a list table or a grid table, holding its blocks.
type Cell struct {
	ast.BaseBlock
	// Header is true for a header cell.
	Header bool
	// Align is a grid table's column alignment: "left", "center",
	// "right", or "" for none.
	Align string
	// RowSpan and ColSpan are the rows and columns a grid table's cell
	// spans, 1 for one (0 is read as 1).
	RowSpan, ColSpan int
	// item is the list item the cell was, for the post.
	item ast.Node
	// col is a grid table's cell's first column, counted from 0.
	col int
}

// Kind returns KindCell.
func (*Cell) Kind() ast.NodeKind { return KindCell }

// Dump writes the node for debugging.
func (c *Cell) Dump(source []byte, level int) { dump(c, source, level) }

// KindEquation is the kind of an Equation node.
var KindEquation = ast.NewNodeKind("Equation")

// An Equation is MyST's {math} directive: displayed TeX, numbered as a
// whole, as mystmd numbers it, unless marked ":enumerated: false". Its
// lines are the TeX.
type Equation struct {
	block
	// Unnumbered is set by ":enumerated: false".
	Unnumbered bool
}

// Kind returns KindEquation.
func (*Equation) Kind() ast.NodeKind { return KindEquation }

// IsRaw reports true: the lines are TeX.
func (*Equation) IsRaw() bool { return true }

// Counter returns "equation", or "" for an unnumbered equation.
func (e *Equation) Counter() string {
	if e.Unnumbered {
		return ""
	}
	return CounterEquation
}

// TeX returns the equation's TeX.
func (e *Equation) TeX(source []byte) string {
	return string(e.Lines().Value(source))
}

// Dump writes the node for debugging.
func (e *Equation) Dump(source []byte, level int) { dump(e, source, level, "Label", e.label) }

// KindUnknown is the kind of an Unknown node.
var KindUnknown = ast.NewNodeKind("Unknown")

// An Unknown is a directive this package does not know: shown as written,
// in a box that says so. Its lines are its body.
type Unknown struct {
	block
	// Name is the directive's name.
	Name string
}

// Kind returns KindUnknown.
func (*Unknown) Kind() ast.NodeKind { return KindUnknown }

// IsRaw reports true: the body is shown as written.
func (*Unknown) IsRaw() bool { return true }

// Dump writes the node for debugging.
func (u *Unknown) Dump(source []byte, level int) { dump(u, source, level, "Name", u.Name) }

// KindTitle is the kind of a Title node.
var KindTitle = ast.NewNodeKind("Title")

// A Title is the title of a callout or tab, or the caption of a figure or
// table: Markdown text within a line, from a directive's argument, an
// attribute or a heading. Empty when the writer gave none.
type Title struct {
	ast.BaseBlock
	// start and stop are the title's source, for the post; equal when it
	// has none.
	start, stop int
}

// Kind returns KindTitle.
func (*Title) Kind() ast.NodeKind { return KindTitle }

// Dump writes the node for debugging.
func (t *Title) Dump(source []byte, level int) { dump(t, source, level) }

// KindLead is the kind of a Lead node.
var KindLead = ast.NewNodeKind("Lead")

// A Lead starts a theorem-like block: "Theorem 1 (Title)." in bold. Its
// children are the title's inline nodes.
type Lead struct {
	ast.BaseInline
	// start and stop are the title's source, for the post.
	start, stop int
	// t is the theorem it leads.
	t *Theorem
}

// Kind returns KindLead.
func (*Lead) Kind() ast.NodeKind { return KindLead }

// Dump writes the node for debugging.
func (l *Lead) Dump(source []byte, level int) { dump(l, source, level) }
