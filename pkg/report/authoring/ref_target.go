package authoring

import (
	"html"
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// KindTarget is the kind of a TargetNode.
var KindTarget = ast.NewNodeKind("Target")

// A TargetNode is MyST's target, "(label)=" on a line of its own: the
// label of the heading or block after it.
type TargetNode struct {
	ast.BaseBlock
	label       string
	heading     bool // the block after it is a heading, which takes the label as its id
	start, stop int
}

// Kind returns KindTarget.
func (*TargetNode) Kind() ast.NodeKind { return KindTarget }

// Dump writes the node for debugging.
func (n *TargetNode) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Label": n.label}, nil)
}

// Span returns the target's line in the source.
func (n *TargetNode) Span() (start, stop int) { return n.start, n.stop }

// WritePost writes the target as an anchor, which a blog's reader keeps.
func (n *TargetNode) WritePost(w *strings.Builder, source []byte, body func(start, stop int)) {
	if ValidLabel(n.label) {
		w.WriteString(`<a id="` + html.EscapeString(n.label) + `"></a>`)
	}
}

// targetLine matches a MyST target line.
var targetLine = regexp.MustCompile(`^ {0,3}\(([^()\s]+)\)=[ \t]*\r?\n?$`)

type targetParser struct{}

func (targetParser) Trigger() []byte { return []byte{'('} }

func (targetParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	m := targetLine.FindSubmatch(line)
	if m == nil {
		return nil, parser.NoChildren
	}
	reader.AdvanceToEOL()
	stop := seg.Stop
	for stop > seg.Start && (reader.Source()[stop-1] == '\n' || reader.Source()[stop-1] == '\r') {
		stop--
	}
	return &TargetNode{label: string(m[1]), start: seg.Start, stop: stop}, parser.Close
}

func (targetParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	return parser.Close
}

func (targetParser) Close(node ast.Node, reader text.Reader, pc parser.Context) {}

func (targetParser) CanInterruptParagraph() bool { return true }

func (targetParser) CanAcceptIndentedLine() bool { return false }
