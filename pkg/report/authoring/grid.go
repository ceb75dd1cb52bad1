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
// cells between bars, header rows above a line of "+===+", columns
// aligned by colons in that line (or the first, when there is no
// header), each cell's lines Markdown blocks of their own. When its last
// line is a line of "=" too, the rows below the "=" line before it are
// the table's foot, as Pandoc 3 reads it; a "=" line between the two is
// a row's border. A cell whose
// borders enclose more than one row or column spans them, as Pandoc 3
// reads it; columns are counted as a monospaced font shows them, a wide
// character taking two. Its children
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
// source, past the markers of its containers, and its text; and the
// cells traced in them.
type grid struct {
	lines []gridLine
	width int // every line's, in columns
	// head is the index of the first "+===+" line, 0 for none; foot
	// that of the line above the foot, 0 for none.
	head, foot int
	// part is true for each line of "=".
	part []bool
	// cells are the cells traced, in order of their top, then left.
	cells []tracedCell
	// rows and cols are the lines and columns that bound cells, in order.
	rows, cols []int
	// align is each column's alignment: "", "left", "center" or "right".
	align []string
	stop  int // the end of the last line, its newline included
}

// A gridLine is one line of a grid table: its text at source[at:], and
// the byte offset in it of each column's character, -1 for the second
// column of a wide character.
type gridLine struct {
	at   int
	text string
	col  []int
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
		if first && !gridBorder.MatchString(text) {
			return nil, false
		}
		l, ok := g.line(at, text)
		if !ok {
			return nil, false
		}
		g.lines = append(g.lines, l)
		g.stop = next
		pos = next
	}
	return g, g.check() && g.trace()
}

// line reads one line of the table, its characters counted in columns
// (runeWidth: a wide character takes two, a combining mark none),
// reporting false if it is not as wide as the first line.
func (g *grid) line(at int, text string) (gridLine, bool) {
	l := gridLine{at: at, text: text}
	if strings.ContainsRune(text, '\t') {
		return l, false // a tab's width is not the one character it is
	}
	for i, r := range text {
		switch runeWidth(r) {
		case 0:
			if len(l.col) == 0 {
				return l, false
			}
		case 2:
			l.col = append(l.col, i, -1)
		default:
			l.col = append(l.col, i)
		}
	}
	if len(g.lines) == 0 {
		g.width = len(l.col)
	}
	last := text[len(text)-1]
	return l, len(l.col) == g.width && (last == '+' || last == '|')
}

// char returns the character at line i, column j: 0 for the second
// column of a wide character.
func (g *grid) char(i, j int) byte {
	l := g.lines[i]
	if j < 0 || j >= len(l.col) || l.col[j] < 0 {
		return 0
	}
	return l.text[l.col[j]]
}

// headLine matches the line between a table's head and its body.
var headLine = regexp.MustCompile(`^\+(?::?=+:?\+)+$`)

// check reports whether the lines read may be a table, and finds its
// parts as Pandoc 3 (its gridtables library) does: the rows above the
// first line of "=" are the head; when the last line is one of "=" and
// another stands above it, the rows below that other are the foot. A
// line of "=" that is neither is a row's border. The first line of "="
// sets the alignment of the columns, else the table's first line does.
func (g *grid) check() bool {
	n := len(g.lines)
	if n < 3 {
		return false
	}
	g.part = make([]bool, n)
	var parts []int
	for i, l := range g.lines[1:] {
		if headLine.MatchString(l.text) { // a line with another "=" is text, or no border
			parts = append(parts, i+1)
			g.part[i+1] = true
		}
	}
	if len(parts) == 0 {
		return true
	}
	g.head = parts[0]
	if k := len(parts); k >= 2 && parts[k-1] == n-1 {
		g.foot = parts[k-2]
	}
	return true
}

// columnAligns returns the alignment of the columns that start after
// each "+" of the line that sets them: the head line, or the first.
func (g *grid) columnAligns() map[int]string {
	spec := g.lines[g.head]
	out := map[int]string{}
	left := 0
	for j := 1; j < g.width; j++ {
		if g.char(g.head, j) != '+' {
			continue
		}
		colText := spec.text[spec.col[left]+1 : spec.col[j]]
		l, r := colText[0] == ':', colText[len(colText)-1] == ':'
		switch {
		case l && r:
			out[left] = "center"
		case r:
			out[left] = "right"
		case l:
			out[left] = "left"
		}
		left = j
	}
	return out
}

// build gives t its rows and cells, a cell spanning the rows and columns
// its borders enclose.
func (g *grid) build(t *GridTable, source []byte) {
	rowOf := indexOf(g.rows)
	colOf := indexOf(g.cols)
	aligns := g.columnAligns()
	k := 0
	for r := range len(g.rows) - 1 {
		row := &Row{Header: g.head != 0 && g.rows[r] < g.head, Footer: g.foot != 0 && g.rows[r] >= g.foot}
		for ; k < len(g.cells) && rowOf[g.cells[k].top] == r; k++ {
			tc := g.cells[k]
			cell := &Cell{Header: row.Header, Align: aligns[tc.left], col: colOf[tc.left],
				RowSpan: rowOf[tc.bottom] - r, ColSpan: colOf[tc.right] - colOf[tc.left]}
			g.cell(cell, tc, source)
			row.AppendChild(row, cell)
		}
		t.AppendChild(t, row)
	}
}

// indexOf maps each of xs to its index.
func indexOf(xs []int) map[int]int {
	m := make(map[int]int, len(xs))
	for i, x := range xs {
		m[x] = i
	}
	return m
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

// cell reads the text inside a traced cell's borders as the blocks of
// cell. The cell's text is its part of each line, less one leading space where each line that
// is not blank has one, as Pandoc reads it; its blocks are read from
// that text on its own, then their lines moved back into the source, so
// that the document's parser reads their inline content where it is.
func (g *grid) cell(cell *Cell, tc tracedCell, source []byte) {
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
	lines := g.lines[tc.top+1 : tc.bottom]
	// column returns a line's text inside the cell's borders, and where
	// it starts in the line.
	column := func(l gridLine) (string, int) {
		from, to := l.col[tc.left]+1, l.col[tc.right]
		return l.text[from:to], from
	}
	var buf []byte
	drop := 1
	for _, l := range lines {
		col, _ := column(l)
		if strings.TrimSpace(col) != "" && col[0] != ' ' {
			drop = 0
		}
	}
	for _, l := range lines {
		col, from := column(l)
		at := l.at + from
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
