package authoring

import (
	"unicode"

	"golang.org/x/text/width"
)

// runeWidth returns the columns a character takes in a grid table, as
// Pandoc counts them: two for an East Asian wide or fullwidth character
// (漢, Ａ), none for a combining mark or a zero-width character, one for
// any other, so that a table lined up in a monospaced editor reads as
// its writer drew it.
func runeWidth(r rune) int {
	switch {
	case unicode.In(r, unicode.Mn, unicode.Me) || r == '\u200b' || r == '\u200c' || r == '\u200d' || r == '\ufeff':
		return 0
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	return 1
}
