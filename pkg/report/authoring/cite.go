package authoring

import (
	"html"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// Mode is how a citation reads: in parentheses, "(Knuth 1984)", or as
// part of the sentence, "Knuth (1984)".
type Mode uint8

// The modes of citations.
const (
	Parenthetical Mode = iota + 1
	Narrative
)

// A CiteItem is one work cited: its key, the text before and after it
// in the citation ("see", "p. 3"), and whether the author is left out
// ("[-@key]").
type CiteItem struct {
	Key, Prefix, Suffix string
	SuppressAuthor      bool
}

// A Bibliography is the works a document's citations refer to.
type Bibliography interface {
	// Has reports whether the bibliography holds the work key.
	Has(key string) bool
}

// KindCite is the kind of a Cite node.
var KindCite = ast.NewNodeKind("Cite")

// A Cite is a citation: "[@a; @b, p. 3]", "@a", "[-@a]", MyST's
// {cite}`a,b`, {cite:p} and {cite:t}. Unless the document has a
// bibliography, a narrative "@key" is text (an "@property" in prose), as
// Quarto reads it.
type Cite struct {
	ast.BaseInline
	Mode  Mode
	Items []CiteItem
	// Bare is set for "-@key" outside brackets: the year alone, with no
	// parentheses.
	Bare bool
	// Source is the citation as written.
	Source string

	start, stop int
}

// Kind returns KindCite.
func (*Cite) Kind() ast.NodeKind { return KindCite }

// Dump writes the node for debugging.
func (n *Cite) Dump(source []byte, level int) {
	keys := make([]string, len(n.Items))
	for i, it := range n.Items {
		keys[i] = it.Key
	}
	ast.DumpHelper(n, source, level, map[string]string{"Keys": strings.Join(keys, ",")}, nil)
}

// Span returns the citation's range in the source.
func (n *Cite) Span() (start, stop int) { return n.start, n.stop }

// citeHTML returns a citation as a page shows it.
func citeHTML(x *Index, c *Cite) string {
	return `<mark class="cite-missing" title="no bibliography holds this work">` + html.EscapeString(c.Source) + `</mark>`
}

// WritePost writes the citation as the page shows it, in Markdown.
func (n *Cite) WritePost(w *strings.Builder, source []byte, body func(start, stop int)) {
	w.WriteString(`<mark class="cite-missing">` + html.EscapeString(n.Source) + `</mark>`)
}
