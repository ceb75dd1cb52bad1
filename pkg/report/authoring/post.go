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
// that it stays inside its container; a node whose post form is a block
// quote has its body's lines quoted.
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
	// in is the node being written: what its lines carry in the source
	// and what they carry in the post.
	in context
	// active are the nodes being written, innermost last: a body that
	// takes in its own node's source writes that source as it is.
	active []PostNode
}

// A context is where a node's lines stand: src is what starts each line
// of it in the source (the markers and indentation of the block quotes
// and list items around it), out what starts each line of it in the
// post (those and the quotes its PostNodes add).
type context struct{ src, out string }

// A quotingNode is a PostNode whose post form is a block quote around its
// lines, its body included: its lines carry quote in front of them.
type quotingNode interface {
	postQuote() string
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
		// The first node at or after pos that ends by stop and is not
		// being written.
		for i < len(p.nodes) {
			if s, e := p.nodes[i].Span(); s < stop && (e > stop || slices.Contains(p.active, p.nodes[i])) {
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
		p.write(string(p.source[pos:s]), true)
		p.node(p.nodes[i])
		pos = max(e, s+1)
		if e == s {
			// An empty span replaces nothing: write the byte it stands at.
			p.write(string(p.source[s:min(s+1, stop)]), true)
		}
	}
	if pos < stop {
		p.write(string(p.source[pos:stop]), true)
	}
}

// node writes the post form of n.
func (p *postWriter) node(n PostNode) {
	start, stop := n.Span()
	outer := p.in
	src, ok := continuation(p.source, start)
	if !ok {
		src = outer.src
	}
	quote := ""
	if q, ok := n.(quotingNode); ok {
		quote = q.postQuote()
	}
	p.in = context{src: src, out: outer.out + strings.TrimPrefix(src, outer.src) + quote}
	p.active = append(p.active, n)
	defer func() {
		p.in = outer
		p.active = p.active[:len(p.active)-1]
	}()
	if quote != "" && !p.atLineStart() {
		p.out.WriteString(quote)
	}
	var w strings.Builder
	flush := func() {
		p.write(w.String(), false)
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

// write writes text, each line that starts in it led by what the lines
// of the node being written carry in the post; a line of the source
// loses what it carries in the source first.
func (p *postWriter) write(s string, fromSource bool) {
	for s != "" {
		if p.in.out != "" && p.atLineStart() {
			if fromSource {
				s = s[commonPrefix(s, p.in.src):]
			}
			if s == "" || s[0] == '\n' {
				p.out.WriteString(strings.TrimRight(p.in.out, " \t"))
			} else {
				p.out.WriteString(p.in.out)
			}
		}
		line, rest, found := strings.Cut(s, "\n")
		p.out.WriteString(line)
		if found {
			p.out.WriteByte('\n')
		}
		s = rest
	}
}

// commonPrefix returns the length of the longest common prefix of a and b.
func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// atLineStart reports whether the output so far ends a line.
func (p *postWriter) atLineStart() bool {
	s := p.out.String()
	return s != "" && s[len(s)-1] == '\n'
}

// containerPrefix matches the start of a line up to a block inside block
// quotes and list items: their markers and indentation.
var containerPrefix = regexp.MustCompile(`^(?:[ \t]*(?:>|[-+*]|[0-9]{1,9}[.)])(?:[ \t]|$))*[ \t]*$`)

// continuation returns what the lines of a block starting at pos carry
// in front of them in the source to stay in the containers the block is
// in: the quote markers and indentation before pos on its line, list
// markers turned into spaces. It reports false when text other than
// those precedes pos on its line.
func continuation(source []byte, pos int) (string, bool) {
	// Back to the line's start over what a container prefix holds only,
	// so that the many inline nodes of one long line cost linear time.
	lineStart := pos
	for lineStart > 0 && strings.IndexByte(" \t>-+*.)0123456789", source[lineStart-1]) >= 0 {
		lineStart--
	}
	if lineStart > 0 && source[lineStart-1] != '\n' {
		return "", false
	}
	before := source[lineStart:pos]
	if !containerPrefix.Match(before) {
		return "", false
	}
	b := bytes.Clone(before)
	for i, c := range b {
		if c != '>' && c != ' ' && c != '\t' {
			b[i] = ' '
		}
	}
	return string(b), true
}
