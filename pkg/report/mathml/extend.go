package mathml

import (
	"bytes"
	"fmt"
	"html"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// KindMath is the kind of a Math node.
var KindMath = ast.NewNodeKind("Math")

// A Math node is a formula within a paragraph.
type Math struct {
	ast.BaseInline
	// Display is true for $$...$$ and \[...\], false for $...$ and \(...\).
	Display bool
	// TeX is the formula without its delimiters.
	TeX []byte
}

// Kind returns KindMath.
func (*Math) Kind() ast.NodeKind { return KindMath }

// Dump writes the node for debugging.
func (n *Math) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Display": fmt.Sprint(n.Display), "TeX": string(n.TeX)}, nil)
}

// KindMathBlock is the kind of a MathBlock node.
var KindMathBlock = ast.NewNodeKind("MathBlock")

// A MathBlock is displayed math on lines of its own, between $$ or \[ and
// \] lines. Its Lines hold the formula.
type MathBlock struct {
	ast.BaseBlock
	closer []byte
	closed bool
}

// Kind returns KindMathBlock.
func (*MathBlock) Kind() ast.NodeKind { return KindMathBlock }

// IsRaw reports true: the lines are TeX, not Markdown.
func (*MathBlock) IsRaw() bool { return true }

// Dump writes the node for debugging.
func (n *MathBlock) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, nil, nil)
}

// Extender adds math to a goldmark Markdown: the parsers for the delimiters
// and a renderer that writes MathML.
type Extender struct {
	// Converter converts the formulas; nil means New(). Give each document
	// its own Converter, or share one to carry \newcommand definitions over.
	Converter *Converter
}

// Extend installs the math parsers and renderer into m.
func (e *Extender) Extend(m goldmark.Markdown) {
	conv := e.Converter
	if conv == nil {
		conv = New()
	}
	m.Parser().AddOptions(
		parser.WithBlockParsers(util.Prioritized(blockParser{}, 150)),
		parser.WithInlineParsers(util.Prioritized(inlineParser{}, 150)),
	)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(&nodeRenderer{conv: conv}, 150)))
}

// delimiters returns the closing delimiter and whether the math is displayed
// for an opening delimiter at the start of line, or nil.
func delimiters(line []byte) (opener, closer []byte, display bool) {
	switch {
	case bytes.HasPrefix(line, []byte("$$")):
		return line[:2], line[:2], true
	case bytes.HasPrefix(line, []byte(`\[`)):
		return line[:2], []byte(`\]`), true
	case bytes.HasPrefix(line, []byte(`\(`)):
		return line[:2], []byte(`\)`), false
	case bytes.HasPrefix(line, []byte("$")):
		return line[:1], line[:1], false
	}
	return nil, nil, false
}

type blockParser struct{}

func (blockParser) Trigger() []byte { return []byte{'$', '\\'} }

func (blockParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	pos := pc.BlockOffset()
	if pos < 0 {
		return nil, parser.NoChildren
	}
	opener, closer, display := delimiters(line[pos:])
	if !display {
		return nil, parser.NoChildren
	}
	rest := bytes.TrimRight(line[pos+len(opener):], " \t\r\n")
	node := &MathBlock{closer: closer}
	start := seg.Start + pos + len(opener)
	if bytes.HasSuffix(rest, closer) {
		// One line, $$ x $$: a block only if nothing follows the closer.
		body := rest[:len(rest)-len(closer)]
		if len(bytes.TrimSpace(body)) == 0 || bytes.Contains(body, closer) {
			return nil, parser.NoChildren
		}
		node.Lines().Append(text.NewSegment(start, start+len(body)))
		node.closed = true
		reader.AdvanceToEOL()
		return node, parser.Close
	}
	if bytes.Contains(rest, closer) {
		return nil, parser.NoChildren // $$a$$ b: display math within a paragraph
	}
	if len(bytes.TrimSpace(rest)) > 0 {
		node.Lines().Append(text.NewSegment(start, seg.Stop))
	}
	reader.AdvanceToEOL()
	return node, parser.NoChildren
}

func (blockParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	n := node.(*MathBlock)
	line, seg := reader.PeekLine()
	trimmed := bytes.TrimRight(line, " \t\r\n")
	if bytes.HasSuffix(trimmed, n.closer) {
		n.Lines().Append(text.NewSegment(seg.Start, seg.Start+len(trimmed)-len(n.closer)))
		n.closed = true
		reader.AdvanceToEOL()
		return parser.Close
	}
	n.Lines().Append(seg)
	reader.AdvanceToEOL()
	return parser.Continue | parser.NoChildren
}

func (blockParser) Close(node ast.Node, reader text.Reader, pc parser.Context) {}

func (blockParser) CanInterruptParagraph() bool { return true }

func (blockParser) CanAcceptIndentedLine() bool { return false }

type inlineParser struct{}

func (inlineParser) Trigger() []byte { return []byte{'$', '\\'} }

// unclosedKey keeps, per paragraph and closing delimiter, the earliest
// opener from which no closer was found: no later opener of that kind in
// the paragraph can close either, since its closers are a subset.
var unclosedKey = parser.NewContextKey()

type unclosed struct {
	parent ast.Node
	from   map[string]int
}

func (inlineParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, seg := block.PeekLine()
	opener, closer, display := delimiters(line)
	if opener == nil {
		return nil
	}
	single := len(opener) == 1
	if single && (len(line) < 2 || isSpace(line[1])) {
		return nil
	}
	u, _ := pc.Get(unclosedKey).(*unclosed)
	if u == nil || u.parent != parent {
		u = &unclosed{parent: parent, from: map[string]int{}}
		pc.Set(unclosedKey, u)
	}
	if from, ok := u.from[string(closer)]; ok && seg.Start > from {
		return nil
	}
	block.Advance(len(opener))
	var tex []byte
	for {
		line, _ := block.PeekLine()
		if line == nil {
			u.from[string(closer)] = seg.Start
			return nil
		}
		for i := 0; i < len(line); i++ {
			if bytes.HasPrefix(line[i:], closer) && !(single && spaceBefore(tex, line, i)) {
				tex = append(tex, line[:i]...)
				if len(bytes.TrimSpace(tex)) == 0 {
					return nil
				}
				block.Advance(i + len(closer))
				return &Math{Display: display, TeX: tex}
			}
			if line[i] == '\\' && closer[0] != '\\' {
				i++ // an escaped character, such as \$, cannot close
			}
		}
		tex = append(tex, line...)
		block.AdvanceLine()
	}
}

// spaceBefore reports whether position i of line follows white space or
// nothing: a closing $ must follow the formula directly.
func spaceBefore(tex, line []byte, i int) bool {
	switch {
	case i > 0:
		return isSpace(line[i-1])
	case len(tex) > 0:
		return isSpace(tex[len(tex)-1])
	}
	return true
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r'
}

type nodeRenderer struct {
	conv *Converter
}

func (r *nodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindMath, r.renderMath)
	reg.Register(KindMathBlock, r.renderBlock)
}

func (r *nodeRenderer) renderMath(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		n := node.(*Math)
		r.write(w, string(n.TeX), n.Display)
	}
	return ast.WalkSkipChildren, nil
}

func (r *nodeRenderer) renderBlock(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	var tex bytes.Buffer
	lines := node.Lines()
	for i := range lines.Len() {
		seg := lines.At(i)
		tex.Write(seg.Value(source))
	}
	w.WriteString(`<div class="math-display">`)
	r.write(w, strings.TrimSpace(tex.String()), true)
	w.WriteString("</div>\n")
	return ast.WalkSkipChildren, nil
}

// write writes the MathML of a formula, or its source in an error style
// when it cannot be converted; both the warnings and the error are kept in
// the Converter for TakeWarnings.
func (r *nodeRenderer) write(w util.BufWriter, tex string, display bool) {
	mml, warnings, err := r.conv.Convert(tex, display)
	r.conv.warnings = append(r.conv.warnings, warnings...)
	if err == nil {
		w.WriteString(mml)
		return
	}
	r.conv.warnings = append(r.conv.warnings, err.Error())
	w.WriteString(`<code class="math-error" title="`)
	w.WriteString(html.EscapeString(err.Error()))
	w.WriteString(`">`)
	w.WriteString(html.EscapeString(tex))
	w.WriteString("</code>")
}
