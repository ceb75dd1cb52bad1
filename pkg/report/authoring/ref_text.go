package authoring

import (
	"strings"

	"github.com/grundylab/grundy/pkg/report/mathml"
	"github.com/yuin/goldmark/ast"
)

// plainText returns the text of a node's inline content, its formulas
// as $TeX$, for a title.
func plainText(n ast.Node, source []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(source))
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.CodeSpan:
			for t := c.FirstChild(); t != nil; t = t.NextSibling() {
				if s, ok := t.(*ast.Text); ok {
					b.Write(s.Segment.Value(source))
				}
			}
			return ast.WalkSkipChildren, nil
		case *mathml.Math:
			b.WriteString("$" + string(c.TeX) + "$")
			return ast.WalkSkipChildren, nil
		case *Ref:
			b.WriteString(c.Source)
			return ast.WalkSkipChildren, nil
		case *Cite:
			b.WriteString(c.Source)
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return strings.TrimSpace(b.String())
}
