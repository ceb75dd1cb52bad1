package terminal

import (
	"strings"
	"unicode"
)

// Safe returns s made safe to print on a terminal: escape
// sequences (colours, but also OSC 52, which sets the clipboard, and OSC 0,
// the window title) are removed, and so are all other control characters
// but the newline and the tab, C1 controls included, and the bidirectional
// overrides that make text read differently from what it is. Invalid UTF-8
// becomes U+FFFD. Notebook text, kernel messages and file names are
// untrusted: they go through Safe before they reach the terminal.
func Safe(s string) string {
	s = strings.ToValidUTF8(Strip(s), "\uFFFD")
	if strings.IndexFunc(s, unsafeRune) < 0 {
		return s
	}
	return strings.Map(func(r rune) rune {
		if unsafeRune(r) {
			return -1
		}
		return r
	}, s)
}

// SafeLine is Safe on one line: newlines and tabs become spaces.
func SafeLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' {
			return ' '
		}
		return r
	}, Safe(s))
}

// unsafeRune reports whether r may change what a terminal shows beyond
// printing itself.
func unsafeRune(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return false
	case unicode.IsControl(r), r == '\u2028', r == '\u2029':
		return true
	case r == '\u061c', r == '\u200e', r == '\u200f',
		r >= '\u202a' && r <= '\u202e', r >= '\u2066' && r <= '\u2069':
		return true
	}
	return false
}
