package authoring

import (
	"strings"

	"github.com/grundylab/grundy/pkg/report/bib"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/util"
)

// KindRefList is the kind of a RefList node.
var KindRefList = ast.NewNodeKind("RefList")

// A RefList is a bracketed list that holds Quarto's cross-references,
// "[@fig-a; @fig-b]", "[see @thm-a]": never a citation. Its children are
// the references, each as Quarto writes it ("Figure 1", a prefix in
// place of the kind's name, "see 1", "-@fig-a" the number alone), joined
// by ", " as Quarto's ref-delim joins them. Quarto drops the citations of
// a list that also holds cross-references (quarto-cli issue 1186), and
// the text after a reference ("[@fig-a, left]"); here the citations
// follow the references as a citation of their own, "Figure 1 (Knuth
// 1984)", and the text follows its reference, "Figure 1, left", each
// with a warning, so that nothing written is lost.
type RefList struct {
	ast.BaseInline
	// Source is the list as written.
	Source string
	// Mixed is set for a list that holds citations as well.
	Mixed bool
	// Suffixed is set for a list with text after a reference.
	Suffixed bool

	start, stop int
}

// Kind returns KindRefList.
func (*RefList) Kind() ast.NodeKind { return KindRefList }

// Dump writes the node for debugging.
func (n *RefList) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Source": n.Source}, nil)
}

// Span returns the list's range in the source.
func (n *RefList) Span() (start, stop int) { return n.start, n.stop }

// WritePost writes each reference and citation of the list in its post
// form, and the text between them.
func (n *RefList) WritePost(w *strings.Builder, source []byte, body func(start, stop int)) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case PostNode:
			c.WritePost(w, source, body)
		case *ast.String:
			w.WriteString(escapeMarkdown(string(c.Value)))
		}
	}
}

// refList returns the node of a bracketed list whose items hold a
// cross-reference, its parts as written.
func refList(items []bib.Item, parts []string, source string, start, stop int) *RefList {
	n := &RefList{Source: source, start: start, stop: stop}
	var cites []bib.Item
	var citeParts []string
	for i, it := range items {
		if !isCrossref(it.Key) {
			cites = append(cites, it)
			citeParts = append(citeParts, strings.TrimSpace(parts[i]))
			continue
		}
		if n.ChildCount() > 0 {
			n.AppendChild(n, ast.NewString([]byte(", ")))
		}
		at := "@" + it.Key
		if it.SuppressAuthor {
			at = "-" + at
		}
		r := atNode(it.Key, it.SuppressAuthor, at, -1, -1).(*Ref)
		r.Own = it.Prefix // Quarto's prefix stands in place of the kind's name
		n.AppendChild(n, r)
		if it.Suffix != "" {
			n.Suffixed = true
			if !strings.HasPrefix(it.Suffix, ",") {
				it.Suffix = " " + it.Suffix
			}
			n.AppendChild(n, ast.NewString([]byte(it.Suffix)))
		}
	}
	if len(cites) > 0 {
		n.Mixed = true
		n.AppendChild(n, ast.NewString([]byte(" ")))
		n.AppendChild(n, &Cite{Mode: bib.Parenthetical, Items: cites, Source: "[" + strings.Join(citeParts, "; ") + "]", start: -1, stop: -1})
	}
	return n
}

// renderRefList renders nothing of its own: its children are the text.
func renderRefList(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	return ast.WalkContinue, nil
}
