package authoring

import (
	"bytes"
	"regexp"
	"slices"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
)

// Post returns the post form of source, the Markdown of one block as its
// writer wrote it: source read by goldmark with GitHub's Markdown,
// footnotes, definition lists and the given extenders (Blocks, Refs),
// each PostNode found written in its own form and every other byte as
// written. Source with no PostNode in it is returned as it is.
func Post(source []byte, extenders ...goldmark.Extender) []byte {
	exts := append([]goldmark.Extender{extension.GFM, extension.Footnote, extension.DefinitionList}, extenders...)
	doc := goldmark.New(goldmark.WithExtensions(exts...)).Parser().Parse(text.NewReader(source))
	return PostOf(doc, source)
}

// PostOf returns the post form of source, as Post does, from doc, the
// document parsed from it: a caller that numbers the document's nodes
// between parsing and writing calls it.
//
// A PostNode is replaced outermost first; its WritePost writes the
// PostNodes inside it through body. A node inside a block quote or a
// list item writes its own lines, and each line after its first is given
// the quote markers and indentation of the line the node starts on, so
// that it stays inside its container.
func PostOf(doc ast.Node, source []byte) []byte {
	var nodes []PostNode
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if p, ok := n.(PostNode); ok && entering {
			if start, stop := p.Span(); 0 <= start && start <= stop && stop <= len(source) {
				nodes = append(nodes, p)
			}
		}
		return ast.WalkContinue, nil
	})
	if len(nodes) == 0 {
		return source
	}
	// Outer nodes first among those that start together.
	slices.SortStableFunc(nodes, func(a, b PostNode) int {
		as, ae := a.Span()
		bs, be := b.Span()
		if as != bs {
			return as - bs
		}
		return be - ae
	})
	p := &postWriter{source: source, nodes: nodes}
	p.out.Grow(len(source))
	p.copy(0, len(source))
	return []byte(p.out.String())
}

// postWriter writes a post form: the source with its PostNodes replaced.
type postWriter struct {
	out    strings.Builder
	source []byte
	nodes  []PostNode // sorted by start, outer first
}

// copy writes source[start:stop] with the PostNodes that lie wholly in it
// written in their post forms.
func (p *postWriter) copy(start, stop int) {
	start, stop = max(start, 0), min(stop, len(p.source))
	pos := start
	for pos < stop {
		i, _ := slices.BinarySearchFunc(p.nodes, pos, func(n PostNode, pos int) int {
			s, _ := n.Span()
			return s - pos
		})
		// The first node at or after pos that ends by stop.
		for i < len(p.nodes) {
			if s, e := p.nodes[i].Span(); s < stop && e > stop {
				i++
				continue
			}
			break
		}
		if i == len(p.nodes) {
			break
		}
		s, e := p.nodes[i].Span()
		if s >= stop {
			break
		}
		p.out.Write(p.source[pos:s])
		p.node(p.nodes[i])
		pos = max(e, s+1)
		if e == s {
			// An empty span replaces nothing: write the byte it stands at.
			p.out.Write(p.source[s:min(s+1, stop)])
		}
	}
	if pos < stop {
		p.out.Write(p.source[pos:stop])
	}
}

// node writes the post form of n.
func (p *postWriter) node(n PostNode) {
	start, stop := n.Span()
	prefix := continuation(p.source, start)
	var w strings.Builder
	flush := func() {
		p.generated(w.String(), prefix)
		w.Reset()
	}
	n.WritePost(&w, p.source, func(s, e int) {
		flush()
		// The body lies inside the node: a range beyond it would write
		// the source twice.
		p.copy(max(s, start), min(e, stop))
	})
	flush()
}

// generated writes text that a node wrote, each line that starts in it
// after the first given prefix.
func (p *postWriter) generated(s, prefix string) {
	for s != "" {
		if prefix != "" && p.atLineStart() {
			p.out.WriteString(prefix)
		}
		line, rest, found := strings.Cut(s, "\n")
		p.out.WriteString(line)
		if found {
			p.out.WriteByte('\n')
		}
		s = rest
	}
}

// atLineStart reports whether the output so far ends a line.
func (p *postWriter) atLineStart() bool {
	s := p.out.String()
	return s != "" && s[len(s)-1] == '\n'
}

// containerPrefix matches the start of a line up to a block inside block
// quotes and list items: their markers and indentation.
var containerPrefix = regexp.MustCompile(`^(?:[ \t]*(?:>|[-+*]|[0-9]{1,9}[.)])(?:[ \t]|$))*[ \t]*$`)

// continuation returns what the lines of a block starting at pos need in
// front of them to stay in the containers the block is in: the quote
// markers and indentation before pos on its line, list markers turned
// into spaces; "" when text other than those precedes it.
func continuation(source []byte, pos int) string {
	lineStart := bytes.LastIndexByte(source[:pos], '\n') + 1
	before := source[lineStart:pos]
	if len(before) == 0 || !containerPrefix.Match(before) {
		return ""
	}
	b := bytes.Clone(before)
	for i, c := range b {
		if c != '>' && c != ' ' && c != '\t' {
			b[i] = ' '
		}
	}
	return string(b)
}
