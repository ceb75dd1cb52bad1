package htmlpage

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
)

// headingIDs gives headings ids unique across all the cells of a page,
// keeping letters of every script (so Chinese headings get readable ids).
type headingIDs struct {
	used map[string]bool
	// next is, for each id made from a heading's text, the number to try
	// first after it: the numbers below it are taken. Without it, the nth
	// of n equal headings would try n-1 numbers, and 50 000 of them over a
	// billion.
	next map[string]int
}

func newHeadingIDs() *headingIDs {
	return &headingIDs{used: map[string]bool{}, next: map[string]int{}}
}

// Generate returns an unused id made from the heading text: the text's
// slug, or the slug followed by "-1", "-2"... the first not taken.
func (h *headingIDs) Generate(value []byte, kind ast.NodeKind) []byte {
	base := slug(string(value))
	if base == "" {
		base = "section"
	}
	id := base
	i := max(h.next[base], 1)
	for ; h.used[id]; i++ {
		id = base + "-" + strconv.Itoa(i)
	}
	h.next[base] = i
	h.used[id] = true
	return []byte(id)
}

// Put marks an id given by the author as used.
func (h *headingIDs) Put(value []byte) {
	h.used[string(value)] = true
}

// slug lowers letters, keeps letters and digits of any script, turns runs
// of spaces, hyphens and underscores into one hyphen, and drops the rest.
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range s {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(unicode.ToLower(r))
		case unicode.IsSpace(r) || r == '-' || r == '_':
			dash = true
		}
	}
	return b.String()
}
