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
}

func newHeadingIDs() *headingIDs {
	return &headingIDs{used: map[string]bool{}}
}

// Generate returns an unused id made from the heading text.
func (h *headingIDs) Generate(value []byte, kind ast.NodeKind) []byte {
	base := slug(string(value))
	if base == "" {
		base = "section"
	}
	id := base
	for i := 1; h.used[id]; i++ {
		id = base + "-" + strconv.Itoa(i)
	}
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
