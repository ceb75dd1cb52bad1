package authoring

import (
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// alertParser reads GitHub's alerts: a block quote whose first line is
// [!NOTE], [!TIP], [!IMPORTANT], [!WARNING] or [!CAUTION] alone.
type alertParser struct{}

// alertMarker matches the first line of an alert from its ">".
var alertMarker = regexp.MustCompile(`(?i)^>[ \t]?\[!(note|tip|important|warning|caution)\][ \t]*\r?\n?$`)

func (*alertParser) Trigger() []byte { return []byte{'>'} }

func (*alertParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	pos := pc.BlockOffset()
	if pos < 0 || pos >= len(line) || line[pos] != '>' {
		return nil, parser.NoChildren
	}
	m := alertMarker.FindSubmatch(line[pos:])
	if m == nil {
		return nil, parser.NoChildren
	}
	c := &Callout{Variant: strings.ToLower(string(m[1])), alert: true}
	c.start = seg.Start - seg.Padding + pos
	c.stop, c.bodyStart, c.bodyStop = seg.Stop, seg.Stop, seg.Stop
	c.AppendChild(c, title(text.Segment{}))
	reader.AdvanceToEOL()
	return c, parser.HasChildren
}

func (*alertParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	// A line of the alert is a line of a block quote.
	line, seg := reader.PeekLine()
	w, pos := util.IndentWidth(line, reader.LineOffset())
	if w > 3 || pos >= len(line) || line[pos] != '>' {
		return parser.Close
	}
	c := node.(*Callout)
	c.stop, c.bodyStop = seg.Stop, seg.Stop
	pos++
	reader.Advance(pos)
	if pos < len(line) && (line[pos] == ' ' || line[pos] == '\t') {
		padding := 0
		if line[pos] == '\t' {
			padding = util.TabWidth(reader.LineOffset()) - 1
		}
		reader.AdvanceAndSetPadding(1, padding)
	}
	return parser.Continue | parser.HasChildren
}

func (*alertParser) Close(node ast.Node, reader text.Reader, pc parser.Context) {}

func (*alertParser) CanInterruptParagraph() bool { return true }

func (*alertParser) CanAcceptIndentedLine() bool { return false }
