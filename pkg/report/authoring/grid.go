package authoring

import (
	"bytes"
	"regexp"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// KindGridTable is the kind of a GridTable node.
var KindGridTable = ast.NewNodeKind("GridTable")

// A GridTable is Pandoc's grid table: rows between lines of "+---+",
// cells between bars, a header row above a line of "+===+", columns
// aligned by colons in that line (or the first, when there is no
// header), each cell's lines Markdown blocks of their own. Its children
// are Rows of Cells. A caption paragraph beside it, ": Caption {#tbl-x}",
// makes it a numbered table as it does a pipe table.
type GridTable struct {
	block
	// rest counts the table's lines the parser has still to pass over.
	rest int
}

// Kind returns KindGridTable.
func (*GridTable) Kind() ast.NodeKind { return KindGridTable }

// Dump writes the node for debugging.
func (t *GridTable) Dump(source []byte, level int) { dump(t, source, level) }

// WritePost writes the table as a pipe table, which Hugo's goldmark and
// Jekyll's kramdown read, each cell's blocks on one line.
func (t *GridTable) WritePost(w *strings.Builder, source []byte, body func(start, stop int)) {
	p := newPostBlock(w, source, body, &t.block)
	p.pipeTable(t)
	p.end()
}

// gridParser reads grid tables. A table is read whole when its first
// line is met, and only if every line of it is well formed: otherwise
// its lines are the text they are, as Pandoc leaves them.
type gridParser struct{}

func (gridParser) Trigger() []byte { return []byte{'+'} }

// gridBorder matches a table's first line: "+", then columns of dashes,
// each with an optional colon at either end, each closed by "+".
var gridBorder = regexp.MustCompile(`^\+(?::?-+:?\+)+$`)

func (gridParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	pos := pc.BlockOffset()
	if pos < 0 || pos >= len(line) || line[pos] != '+' || seg.Padding != 0 {
		return nil, parser.NoChildren
	}
	source := reader.Source()
	start := seg.Start + pos
	prefix, ok := continuation(source, start)
	if !ok {
		return nil, parser.NoChildren
	}
	g, ok := readGrid(source, start, prefix)
	if !ok {
		return nil, parser.NoChildren
	}
	t := &GridTable{rest: len(g.lines) - 1}
	t.start, t.stop = start, g.stop
	t.bodyStart, t.bodyStop = start, g.stop
	g.build(t, source)
	reader.AdvanceToEOL()
	return t, parser.NoChildren
}

func (gridParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	t := node.(*GridTable)
	if t.rest == 0 {
		return parser.Close
	}
	t.rest--
	reader.AdvanceToEOL()
	return parser.Continue | parser.NoChildren
}

func (gridParser) Close(node ast.Node, reader text.Reader, pc parser.Context) {}

func (gridParser) CanInterruptParagraph() bool { return false }

func (gridParser) CanAcceptIndentedLine() bool { return false }

// A grid is a grid table's lines as read: where each starts in the
// source, past the markers of its containers, and its text.
type grid struct {
	lines []gridLine
	// bounds are the columns, in characters, of the first line's "+".
	bounds []int
	// head is the index of the "+===+" line, 0 for none.
	head int
	// align is each column's alignment: "", "left", "center" or "right".
	align []string
	stop  int // the end of the last line, its newline included
}

// A gridLine is one line of a grid table: its text at source[at:], and
// the byte offset in it of each column boundary.
type gridLine struct {
	at   int
	text string
	cuts []int
	sep  bool // a line of "+---+" or "+===+"
}

// readGrid reads the grid table whose first line starts at start, the
// lines after it led by prefix (their containers' markers); it reports
// false for lines that are not a well-formed table.
func readGrid(source []byte, start int, prefix string) (*grid, bool) {
	g := &grid{}
	pos := start
	for first := true; pos < len(source); first = false {
		at := pos
		if !first {
			if !bytes.HasPrefix(source[pos:], []byte(prefix)) {
				break
			}
			at += len(prefix)
		}
		end := bytes.IndexByte(source[at:], '\n')
		next := len(source)
		if end < 0 {
			end = len(source)
		} else {
			end += at
			next = end + 1
		}
		text := strings.TrimRight(string(source[at:end]), " \t\r")
		if text == "" || (text[0] != '+' && text[0] != '|') {
			break
		}
		if first {
			if !gridBorder.MatchString(text) {
				return nil, false
			}
			for i := range len(text) {
				if text[i] == '+' {
					g.bounds = append(g.bounds, i)
				}
			}
		}
		l, ok := g.line(at, text)
		if !ok {
			return nil, false
		}
		g.lines = append(g.lines, l)
		g.stop = next
		pos = next
	}
	return g, g.check()
}

// line reads one line of the table, reporting false if its boundaries
// are not where the first line's are, counted in columns (runeWidth): a
// wide character takes two, a combining mark none.
func (g *grid) line(at int, text string) (gridLine, bool) {
	l := gridLine{at: at, text: text, sep: text[0] == '+'}
	if strings.ContainsRune(text, '\t') {
		return l, false // a tab's width is not the one character it is
	}
	col, b := 0, 0
	for i, r := range text {
		if b < len(g.bounds) && col == g.bounds[b] {
			want := '|'
			if l.sep {
				want = '+'
			}
			if r != want {
				return l, false
			}
			l.cuts = append(l.cuts, i)
			b++
		} else if l.sep && r != '-' && r != '=' && r != ':' {
			return l, false
		}
		col += runeWidth(r)
	}
	// The line ends at the last boundary, which it must reach.
	return l, b == len(g.bounds) && col == g.bounds[b-1]+1
}

// check reports whether the lines read are a table: separators first
// and last, a row between any two, at most one header line of "=",
// which closes the first row; it sets the alignment of the columns.
func (g *grid) check() bool {
	n := len(g.lines)
	if n < 3 || !g.lines[n-1].sep {
		return false
	}
	for i, l := range g.lines {
		if !l.sep {
			continue
		}
		if i > 0 && g.lines[i-1].sep {
			return false // a row of no lines
		}
		eq := strings.ContainsRune(l.text, '=')
		dash := strings.ContainsRune(l.text, '-')
		switch {
		case eq && dash:
			return false
		case eq && (g.head != 0 || i == n-1):
			return false
		case eq:
			g.head = i
		}
	}
	if g.head != 0 {
		for _, l := range g.lines[1:g.head] {
			if l.sep {
				return false // Pandoc's header is one row
			}
		}
	}
	spec := g.lines[g.head]
	for c := range len(g.bounds) - 1 {
		col := spec.text[spec.cuts[c]+1 : spec.cuts[c+1]]
		left, right := col[0] == ':', col[len(col)-1] == ':'
		switch {
		case left && right:
			g.align = append(g.align, "center")
		case right:
			g.align = append(g.align, "right")
		case left:
			g.align = append(g.align, "left")
		default:
			g.align = append(g.align, "")
		}
	}
	return true
}

// build gives t its rows and cells.
func (g *grid) build(t *GridTable, source []byte) {
	top := 0
	for i := 1; i < len(g.lines); i++ {
		if !g.lines[i].sep {
			continue
		}
		row := &Row{Header: g.head != 0 && i == g.head}
		for c := range len(g.bounds) - 1 {
			cell := &Cell{Header: row.Header, Align: g.align[c]}
			g.cell(cell, g.lines[top+1:i], c, source)
			row.AppendChild(row, cell)
		}
		t.AppendChild(t, row)
		top = i
	}
}

// cellParser reads the blocks of a cell: CommonMark's, headings with
// attributes as the page's parser reads them, Pandoc's fenced divs as
// plain CellDivs, and no grid table, so that tables do not nest. Its inline content is dropped; the document's
// own parser reads it, as any other block's.
var cellParser = parser.NewParser(
	parser.WithBlockParsers(append(parser.DefaultBlockParsers(), util.Prioritized(cellDivParser{}, 50))...),
	parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
	parser.WithAttribute(),
)

// cell reads column c of lines as the blocks of cell. The cell's text is
// its column of each line, less one leading space where each line that
// is not blank has one, as Pandoc reads it; its blocks are read from
// that text on its own, then their lines moved back into the source, so
// that the document's parser reads their inline content where it is.
func (g *grid) cell(cell *Cell, lines []gridLine, c int, source []byte) {
	type piece struct{ at, from, n int } // source offset, cell text offset, length
	var pieces []piece
	// pieceAt returns the index of the piece holding the cell text's
	// offset at.
	pieceAt := func(at int) int {
		i, found := slices.BinarySearchFunc(pieces, at, func(p piece, at int) int { return p.from - at })
		if !found {
			i--
		}
		return max(i, 0)
	}
	var buf []byte
	drop := 1
	for _, l := range lines {
		col := l.text[l.cuts[c]+1 : l.cuts[c+1]]
		if strings.TrimSpace(col) != "" && col[0] != ' ' {
			drop = 0
		}
	}
	for _, l := range lines {
		col := l.text[l.cuts[c]+1 : l.cuts[c+1]]
		at := l.at + l.cuts[c] + 1
		if len(col) >= drop {
			col, at = col[drop:], at+drop
		}
		col = strings.TrimRight(col, " ")
		pieces = append(pieces, piece{at: at, from: len(buf), n: len(col)})
		buf = append(buf, col...)
		buf = append(buf, '\n')
	}
	// move maps a segment of the cell's text into the source: every
	// segment lies on one line of it, and ends before or at its newline,
	// which the source does not have there.
	move := func(s text.Segment) text.Segment {
		p := pieces[pieceAt(s.Start)]
		from, to := s.Start-p.from, s.Stop-p.from
		return text.NewSegmentPadding(p.at+min(from, p.n), p.at+min(to, p.n), s.Padding)
	}
	doc := cellParser.Parse(text.NewReader(buf))
	var code []ast.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering || n.Type() != ast.TypeBlock {
			return ast.WalkContinue, nil
		}
		if n.Pos() >= 0 {
			p := pieces[pieceAt(n.Pos())]
			n.SetPos(p.at + min(n.Pos()-p.from, p.n))
		}
		lines := n.Lines()
		for i := range lines.Len() {
			lines.Set(i, move(lines.At(i)))
		}
		switch {
		case n.IsRaw():
			code = append(code, n)
		case lines.Len() > 0:
			n.RemoveChildren(n)
			splitLines(n)
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	// goldmark writes a code block's lines as they are, each ending in
	// the newline that a cell's line does not have.
	for _, n := range code {
		var by ast.Node
		switch n.(type) {
		case *ast.CodeBlock, *ast.FencedCodeBlock:
			by = &CellCode{}
		default:
			by = ast.NewParagraph() // raw HTML, read inline
		}
		by.SetLines(n.Lines())
		if _, code := by.(*CellCode); !code {
			splitLines(by)
		}
		n.Parent().ReplaceChild(n.Parent(), n, by)
	}
	// A cell of one paragraph is its text, as Pandoc writes it.
	if p, ok := doc.FirstChild().(*ast.Paragraph); ok && doc.ChildCount() == 1 {
		if p.Lines().Len() > 0 {
			tb := ast.NewTextBlock()
			tb.SetLines(p.Lines())
			p.AppendChild(p, tb)
		}
		moveChildren(cell, p)
		return
	}
	moveChildren(cell, doc)
}

// splitLines makes each line of a block of inline content a TextBlock
// of its own, its children. goldmark reads a block's lines as the lines
// of the source, each ending in a newline; a cell's line ends at a bar,
// and read so its text would be lost. The TextBlocks are written one
// line each, as a paragraph's lines are, but an inline construct cannot
// span two of them.
func splitLines(n ast.Node) {
	lines := n.Lines()
	if lines.Len() < 2 {
		return
	}
	for i := range lines.Len() {
		tb := ast.NewTextBlock()
		tb.Lines().Append(lines.At(i))
		n.AppendChild(n, tb)
	}
	n.SetLines(text.NewSegments())
}

// KindCellCode is the kind of a CellCode node.
var KindCellCode = ast.NewNodeKind("CellCode")

// A CellCode is a code block in a grid table's cell: its lines are the
// code's, each a line of the cell.
type CellCode struct{ ast.BaseBlock }

// Kind returns KindCellCode.
func (*CellCode) Kind() ast.NodeKind { return KindCellCode }

// IsRaw reports true: the lines are code, not Markdown.
func (*CellCode) IsRaw() bool { return true }

// Dump writes the node for debugging.
func (c *CellCode) Dump(source []byte, level int) { dump(c, source, level) }

// code returns the code's text, its lines joined by newlines.
func (c *CellCode) code(source []byte) string {
	var b strings.Builder
	lines := c.Lines()
	for i := range lines.Len() {
		seg := lines.At(i)
		if i > 0 {
			b.WriteByte('\n')
		}
		b.Write(seg.Value(source))
	}
	return b.String()
}

// KindCellDiv is the kind of a CellDiv node.
var KindCellDiv = ast.NewNodeKind("CellDiv")

// A CellDiv is a fenced div in a grid table's cell, "::: {.x}" to ":::":
// a plain container of blocks, its attributes not written.
type CellDiv struct{ ast.BaseBlock }

// Kind returns KindCellDiv.
func (*CellDiv) Kind() ast.NodeKind { return KindCellDiv }

// Dump writes the node for debugging.
func (d *CellDiv) Dump(source []byte, level int) { dump(d, source, level) }

// cellDivParser reads fenced divs in a cell, at most MaxDepth deep.
type cellDivParser struct{}

// cellDivDepth keeps the number of open CellDivs.
var cellDivDepth = parser.NewContextKey()

// cellDivOpen matches the opening fence of a div: colons, then
// attributes or a class name.
var cellDivOpen = regexp.MustCompile(`^:{3,}[ \t]*(?:\{[^{}\n]*\}|[A-Za-z_][A-Za-z0-9_-]*)[ \t]*:*[ \t]*\n?$`)

// cellDivClose matches a closing fence.
var cellDivClose = regexp.MustCompile(`^[ \t]{0,3}:{3,}[ \t]*\n?$`)

func (cellDivParser) Trigger() []byte { return []byte{':'} }

func (cellDivParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, _ := reader.PeekLine()
	pos := pc.BlockOffset()
	depth, _ := pc.Get(cellDivDepth).(int)
	if pos < 0 || depth >= MaxDepth || !cellDivOpen.Match(line[pos:]) {
		return nil, parser.NoChildren
	}
	pc.Set(cellDivDepth, depth+1)
	reader.AdvanceToEOL()
	return &CellDiv{}, parser.HasChildren
}

func (cellDivParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	line, _ := reader.PeekLine()
	if cellDivClose.Match(line) {
		reader.AdvanceToEOL()
		return parser.Close
	}
	return parser.Continue | parser.HasChildren
}

func (cellDivParser) Close(node ast.Node, reader text.Reader, pc parser.Context) {
	depth, _ := pc.Get(cellDivDepth).(int)
	pc.Set(cellDivDepth, depth-1)
}

func (cellDivParser) CanInterruptParagraph() bool { return true }

func (cellDivParser) CanAcceptIndentedLine() bool { return false }
