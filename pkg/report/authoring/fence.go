package authoring

import (
	"bytes"
	"regexp"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// A fence is an open div or directive while its lines are read.
type fence struct {
	node ast.Node
	b    *block
	char byte // ':', '`' or '~'
	n    int  // the length of its opening fence
	// name is the directive's name, "" for a Quarto div.
	name string
	// opts reads a directive's options, until they end.
	opts        optionReader
	optionsDone bool
}

// fencesKey keeps the open fences of the document being parsed,
// outermost first.
var fencesKey = parser.NewContextKey()

func openFences(pc parser.Context) *[]*fence {
	if s, ok := pc.Get(fencesKey).(*[]*fence); ok {
		return s
	}
	s := &[]*fence{}
	pc.Set(fencesKey, s)
	return s
}

// fenceParser reads Quarto's fenced divs and MyST's directives.
type fenceParser struct{ b *Blocks }

func (*fenceParser) Trigger() []byte { return []byte{':', '`', '~'} }

// directiveHead matches a directive's name in braces, the rest of its
// line being its argument.
var directiveHead = regexp.MustCompile(`^\{([A-Za-z][A-Za-z0-9_+.-]*(?::[A-Za-z][A-Za-z0-9_+.-]*)?)\}`)

func (p *fenceParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	pos := pc.BlockOffset()
	if pos < 0 || pos >= len(line) {
		return nil, parser.NoChildren
	}
	char := line[pos]
	n := 0
	for pos+n < len(line) && line[pos+n] == char {
		n++
	}
	if n < 3 {
		return nil, parser.NoChildren
	}
	source := reader.Source()
	at := seg.Start - seg.Padding // the source offset of line[0]
	rest := line[pos+n:]
	lead := util.TrimLeftSpaceLength(rest)
	info := bytes.TrimRight(rest[lead:], " \t\r\n")
	infoAt := at + pos + n + lead
	if len(info) == 0 {
		return nil, parser.NoChildren // a closing fence, or a code block
	}
	f := &fence{char: char, n: n}
	var node ast.Node
	if m := directiveHead.FindSubmatch(info); m != nil {
		f.name = string(m[1])
		if f.name == "code-cell" {
			return nil, parser.NoChildren // a text notebook's cell, not Markdown
		}
		arg := bytes.TrimSpace(info[len(m[0]):])
		argAt := infoAt + len(m[0]) + util.TrimLeftSpaceLength(info[len(m[0]):])
		node = p.directive(f, text.NewSegment(argAt, argAt+len(arg)), source)
	} else if char == ':' {
		node = p.div(f, info, infoAt, source)
	}
	if node == nil {
		return nil, parser.NoChildren
	}
	stack := openFences(pc)
	if len(*stack) >= MaxDepth {
		p.b.warn(source, at+pos, "a fence nested deeper than %d is shown as text", MaxDepth)
		return nil, parser.NoChildren
	}
	f.node = node
	f.b.start = at + pos
	f.b.stop = seg.Stop
	f.b.bodyStart = seg.Stop
	f.b.myst = f.name != ""
	f.optionsDone = f.name == ""
	*stack = append(*stack, f)
	reader.AdvanceToEOL()
	if node.IsRaw() {
		return node, parser.NoChildren
	}
	return node, parser.HasChildren
}

// blockOf returns the block data of one of the nodes fences make.
func blockOf(n ast.Node) *block {
	switch n := n.(type) {
	case *Theorem:
		return &n.block
	case *Callout:
		return &n.block
	case *Tabset:
		return &n.block
	case *Tab:
		return &n.block
	case *Div:
		return &n.block
	case *Float:
		return &n.block
	case *Figure:
		return &n.block
	case *Table:
		return &n.block
	case *Equation:
		return &n.block
	case *Unknown:
		return &n.block
	case *IndexEntry:
		return &n.block
	case *Glossary:
		return &n.block
	}
	return nil
}

// closes reports whether line, less its first pos bytes, is a fence that
// closes f.
func (f *fence) closes(line []byte, pos int) bool {
	n := 0
	for pos+n < len(line) && line[pos+n] == f.char {
		n++
	}
	if n < 3 || len(bytes.TrimSpace(line[pos+n:])) > 0 {
		return false
	}
	// A Quarto div closes at any bare fence, as Pandoc reads them; a
	// directive at one as long as its opening fence at least.
	return f.name == "" || n >= f.n
}

func (p *fenceParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	stack := openFences(pc)
	k := len(*stack) - 1
	for k >= 0 && (*stack)[k].node != node {
		k--
	}
	if k < 0 {
		return parser.Close
	}
	f := (*stack)[k]
	line, seg := reader.PeekLine()
	w, pos := util.IndentWidth(line, reader.LineOffset())
	if w < 4 && f.closes(line, pos) && !p.claimed(f, (*stack)[k+1:], line, pos, pc) {
		f.b.bodyStop = lineStart(reader.Source(), seg.Start)
		if !f.optionsDone {
			f.b.bodyStop = max(f.b.bodyStop, f.b.bodyStart)
		}
		f.b.stop = seg.Stop
		reader.AdvanceToEOL()
		return parser.Close
	}
	f.b.stop = seg.Stop
	if !f.optionsDone && p.option(f, line, seg, reader.Source()) {
		reader.AdvanceToEOL()
		return parser.Continue | parser.NoChildren
	}
	if node.IsRaw() {
		node.Lines().Append(text.NewSegment(seg.Start, seg.Stop))
		reader.AdvanceToEOL()
		return parser.Continue | parser.NoChildren
	}
	return parser.Continue | parser.HasChildren
}

// claimed reports whether a closing fence belongs to a block open inside
// f: a fence deeper in that it closes too, or a code block, which holds
// the line as code. An HTML block does not hold it: MyST and Pandoc find
// the fence's end before they read its body, so a cell of "<p> x </p>"
// cannot run to the end of the document.
func (p *fenceParser) claimed(f *fence, deeper []*fence, line []byte, pos int, pc parser.Context) bool {
	for _, g := range deeper {
		if g.closes(line, pos) {
			return true
		}
	}
	last := pc.LastOpenedBlock().Node
	if last == nil || last == f.node {
		return false
	}
	if _, ok := last.(*ast.FencedCodeBlock); ok {
		return true
	}
	if _, ok := last.(*ast.HTMLBlock); ok {
		return false
	}
	return last.IsRaw() && blockOf(last) == nil
}

func (p *fenceParser) Close(node ast.Node, reader text.Reader, pc parser.Context) {
	stack := openFences(pc)
	for k, f := range *stack {
		if f.node != node {
			continue
		}
		*stack = append((*stack)[:k], (*stack)[k+1:]...)
		if !f.optionsDone {
			p.endOptions(f, reader.Source())
		}
		if f.b.bodyStop == 0 {
			f.b.bodyStop = f.b.stop
			what := "div"
			if f.name != "" {
				what = "directive {" + f.name + "}"
			}
			p.b.warn(reader.Source(), f.b.start, "the %s is not closed: it runs to the end of its container", what)
		}
		f.b.bodyStart = min(f.b.bodyStart, f.b.bodyStop)
		if g, ok := node.(*Glossary); ok {
			p.glossary(g, reader.Source())
		}
		break
	}
}

func (*fenceParser) CanInterruptParagraph() bool { return true }

func (*fenceParser) CanAcceptIndentedLine() bool { return false }

// lineStart returns the offset of the start of the source line holding
// pos, before any container's markers.
func lineStart(source []byte, pos int) int {
	return bytes.LastIndexByte(source[:pos], '\n') + 1
}

// option reads a line at the top of a directive's body as an option, and
// reports whether it was one; the first line that is not ends them.
func (p *fenceParser) option(f *fence, line []byte, seg text.Segment, source []byte) bool {
	option, end := f.opts.readLine(line)
	if option && !f.opts.inYAML {
		// The body starts after the option, or the YAML block's "---".
		f.b.bodyStart = seg.Stop
	}
	if end {
		p.endOptions(f, source)
	}
	return option
}

// endOptions ends a directive's options and applies them to its node.
func (p *fenceParser) endOptions(f *fence, source []byte) {
	f.optionsDone = true
	for _, problem := range f.opts.finish() {
		p.b.warn(source, f.b.start, "the options of directive {%s} %s", f.name, problem)
	}
	p.apply(f, source)
}
