package mathml

import (
	"bytes"
	"fmt"
	"html"
	"strings"
	"unicode"

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
	// Display is true for $$...$$, \\[...\\] and environments.
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

// A MathBlock is displayed math that starts a line and ends one, such as
// $$...$$ or \begin{align}...\end{align} on lines of their own.
type MathBlock struct {
	ast.BaseBlock
	// Span is the formula in the source.
	Span Span
}

// Kind returns KindMathBlock.
func (*MathBlock) Kind() ast.NodeKind { return KindMathBlock }

// IsRaw reports true: the lines are TeX, not Markdown.
func (*MathBlock) IsRaw() bool { return true }

// Dump writes the node for debugging.
func (n *MathBlock) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, nil, nil)
}

// Extender adds math to a goldmark Markdown: the parsers that find
// formulas as FindMath does, and a renderer that writes MathML.
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
		parser.WithASTTransformers(util.Prioritized(htmlBlockMath{}, 150)),
	)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(&nodeRenderer{conv: conv}, 150)))
}

// spansKey keeps the formulas of the document being parsed, by start.
var spansKey = parser.NewContextKey()

func spansOf(pc parser.Context, source []byte) map[int]Span {
	if m, ok := pc.Get(spansKey).(map[int]Span); ok {
		return m
	}
	m := map[int]Span{}
	for _, s := range FindMath(source) {
		m[s.Start] = s
	}
	pc.Set(spansKey, m)
	return m
}

type blockParser struct{}

func (blockParser) Trigger() []byte { return []byte{'$', '\\'} }

func (blockParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	_, seg := reader.PeekLine()
	pos := pc.BlockOffset()
	if pos < 0 {
		return nil, parser.NoChildren
	}
	source := reader.Source()
	s, ok := spansOf(pc, source)[seg.Start+pos]
	if !ok || !s.Display {
		return nil, parser.NoChildren
	}
	// Only a formula that ends its line is a block; text after it keeps
	// the formula in a paragraph.
	if len(bytes.TrimSpace(source[s.End:lineEndAt(source, s.End)])) > 0 {
		return nil, parser.NoChildren
	}
	node := &MathBlock{Span: s}
	reader.AdvanceToEOL()
	if s.End <= seg.Stop {
		return node, parser.Close
	}
	return node, parser.NoChildren
}

func (blockParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	n := node.(*MathBlock)
	_, seg := reader.PeekLine()
	if seg.Start >= n.Span.End {
		return parser.Close
	}
	reader.AdvanceToEOL()
	if n.Span.End <= seg.Stop {
		return parser.Close
	}
	return parser.Continue | parser.NoChildren
}

func (blockParser) Close(node ast.Node, reader text.Reader, pc parser.Context) {}

func (blockParser) CanInterruptParagraph() bool { return true }

func (blockParser) CanAcceptIndentedLine() bool { return false }

type inlineParser struct{}

func (inlineParser) Trigger() []byte { return []byte{'$', '\\'} }

func (inlineParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	_, seg := block.PeekLine()
	source := block.Source()
	s, ok := spansOf(pc, source)[seg.Start]
	if !ok {
		return nil
	}
	// The formula may run over lines of the paragraph; its TeX is taken
	// from the paragraph's lines, without the markers of a list or quote
	// around them.
	line, pos := block.Position()
	var tex []byte
	for {
		l, seg := block.PeekLine()
		if l == nil || seg.Start > s.End {
			block.SetPosition(line, pos)
			return nil
		}
		if from, to := max(seg.Start, s.TeXStart), min(seg.Stop, s.TeXEnd); from < to {
			tex = append(tex, source[from:to]...)
		}
		if s.End <= seg.Stop {
			block.Advance(s.End - seg.Start)
			return &Math{Display: s.Display, TeX: unmask(tex)}
		}
		block.AdvanceLine()
	}
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
	s := node.(*MathBlock).Span
	w.WriteString(`<div class="math-display">`)
	r.write(w, trimTeX(string(unmask(source[s.TeXStart:s.TeXEnd]))), true)
	w.WriteString("</div>\n")
	return ast.WalkSkipChildren, nil
}

// write writes the MathML of a formula, or its source in an error style
// when it cannot be converted; both the warnings and the error are kept in
// the Converter for TakeWarnings. The tag of a displayed equation is set
// at the right edge of the line, in a <span> beside the MathML, since
// MathML cannot reach the width of the page; a <span>, not a <div>, as
// a display may stand in a paragraph.
func (r *nodeRenderer) write(w util.BufWriter, tex string, display bool) {
	r.conv.writeHTML(w, tex, display)
}

// trimTeX returns tex without the space around it, but for a space after
// a backslash that ends it: "\\" and a line break is a control space, as
// MathJax reads it, not a backslash ending the formula.
func trimTeX(tex string) string {
	right := strings.TrimRightFunc(tex, unicode.IsSpace)
	trimmed := strings.TrimLeftFunc(right, unicode.IsSpace)
	n := len(trimmed) - len(strings.TrimRight(trimmed, `\`))
	if n%2 == 1 && len(right) < len(tex) {
		return trimmed + " "
	}
	return trimmed
}

// writer is what writeHTML writes to.
type writer interface {
	WriteString(string) (int, error)
}

// writeHTML writes the HTML of a formula as the Extender shows it (see
// nodeRenderer.write).
func (c *Converter) writeHTML(w writer, tex string, display bool) {
	mml, tag, warnings, err := c.convert(tex, display, false)
	c.warnings = append(c.warnings, warnings...)
	if err != nil {
		c.warnings = append(c.warnings, err.Error())
		w.WriteString(`<code class="math-error" title="`)
		w.WriteString(html.EscapeString(err.Error()))
		w.WriteString(`">`)
		w.WriteString(html.EscapeString(tex))
		w.WriteString("</code>")
		return
	}
	switch {
	case mml == "" && tag == "":
		// A formula that only defines macros: an empty element, as
		// MathJax typesets it, so that the page holds one element a
		// formula.
		if display {
			w.WriteString(`<math display="block"></math>`)
		} else {
			w.WriteString(`<math display="inline"></math>`)
		}
		return
	case tag == "":
		w.WriteString(mml)
		return
	}
	w.WriteString(`<span class="math-tagged" style="display: block; position: relative; padding: 0 4em;">`)
	w.WriteString(mml)
	w.WriteString(`<span class="math-tag" style="position: absolute; right: 0; top: 50%; transform: translateY(-50%);">`)
	w.WriteString(tag) // MathML made by convert
	w.WriteString(`</span></span>`)
}
