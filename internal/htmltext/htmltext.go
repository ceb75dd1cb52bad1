// Package htmltext reads and rewrites HTML as text, for the packages of
// the module, their tests and the CI's checks alike: the text a parsed
// node holds, and a fragment with some of its tags rewritten and every
// other byte kept.
package htmltext

import (
	"strings"

	"golang.org/x/net/html"
)

// Text returns the text of n: a text node's own, or that of the text
// nodes under n in document order, as a browser's textContent is.
func Text(n *html.Node) string {
	if n.Type == html.TextNode {
		return n.Data
	}
	var b strings.Builder
	for d := range n.Descendants() {
		if d.Type == html.TextNode {
			b.WriteString(d.Data)
		}
	}
	return b.String()
}

// RewriteTags returns the HTML fragment s with each start or
// self-closing tag that rewrite replaces, by writing its replacement
// (possibly nothing) to b and reporting true, replaced; every other tag,
// text and comment is kept byte for byte, and a tag left open at the end
// of s is dropped. rewrite is given the tag parsed, its attribute names
// lowercased and values unescaped.
func RewriteTags(s string, rewrite func(b *strings.Builder, tok html.Token, selfClosing bool) bool) string {
	var b strings.Builder
	z := html.NewTokenizer(strings.NewReader(s))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return b.String()
		}
		raw := string(z.Raw()) // Token may reuse the buffer that Raw returns
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			b.WriteString(raw)
			continue
		}
		if !rewrite(&b, z.Token(), tt == html.SelfClosingTagToken) {
			b.WriteString(raw)
		}
	}
}
