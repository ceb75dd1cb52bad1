package authoring

import (
	"strings"

	"github.com/yuin/goldmark/ast"
)

// A Numbered node is a block that references can name and that the
// document may number: a theorem-like block, an equation, a table, a
// figure, a section.
type Numbered interface {
	ast.Node
	// Counter names the sequence the node is numbered in: "figure",
	// "table", "equation", "section", or a theorem-like kind such as
	// "theorem", "lemma" or "definition", each numbered on its own as
	// Quarto and sphinx-proof number them; "" for a node that is a target
	// of links but takes no number (a proof, an unnumbered block).
	Counter() string
	// Label is the name references give the node, "" for none.
	Label() string
	// SetNumber records the number the document gives the node, as "3",
	// for its renderers.
	SetNumber(number string)
}

// A PostNode is a node that a post, Markdown for a blog's own reader,
// writes in a form of its own rather than as its source was written.
type PostNode interface {
	ast.Node
	// Span returns the byte range of the node's source in the parsed
	// text, which its post form replaces.
	Span() (start, stop int)
	// WritePost writes the node's post form to w. body writes the post
	// form of a range of the source (the node's content), with the
	// PostNodes inside it written in their own forms.
	WritePost(w *strings.Builder, source []byte, body func(start, stop int))
}
