package plaintext

import (
	"strings"
	"unicode/utf8"
)

// Clean returns text from a notebook with line ends made "\n",
// invalid UTF-8 and control characters other than tab and newline
// replaced by U+FFFD, as CommonMark treats NUL.
func Clean(s string) string {
	if !needsCleaning(s) {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r == '\r':
			b.WriteByte('\n')
		case r == '\t' || r == '\n':
			b.WriteRune(r)
		case r < 0x20 || (r >= 0x7f && r < 0xa0):
			b.WriteRune(utf8.RuneError)
		default:
			b.WriteRune(r) // RuneError for invalid bytes
		}
	}
	return b.String()
}

func needsCleaning(s string) bool {
	for _, r := range s {
		if r < 0x20 && r != '\t' && r != '\n' || r >= 0x7f && r < 0xa0 || r == utf8.RuneError {
			return true
		}
	}
	return false
}
