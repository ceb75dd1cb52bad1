package plaintext

import "strings"

// Shorten cuts s to at most max bytes at a space, ending it with "…".
func Shorten(s string, max int) string {
	if len(s) <= max {
		return s
	}
	if end := lastSentenceEnd(s[:max+1]); end >= max/3 {
		return s[:end]
	}
	cut := strings.LastIndexByte(s[:max], ' ')
	if cut < max/2 {
		cut = max
		for cut > 0 && s[cut]&0xc0 == 0x80 {
			cut--
		}
	}
	return strings.TrimSpace(s[:cut]) + " …"
}

// WholeSentences returns s up to the end of its last whole sentence, or
// all of s when it has none: text that stops in mid-sentence, before a
// list for instance, does not end a summary.
func WholeSentences(s string) string {
	s = strings.TrimSpace(s)
	if end := lastSentenceEnd(s); end > 0 {
		return s[:end]
	}
	return s
}

// lastSentenceEnd returns the index just past the last sentence end of s:
// a full stop, question or exclamation mark, with any closing brackets,
// quotes or emphasis after it, followed by a space or the end of s. It
// returns 0 when s has none.
func lastSentenceEnd(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] != '.' && s[i] != '?' && s[i] != '!' {
			continue
		}
		end := i + 1
		for end < len(s) && strings.IndexByte(`)]"'*_`, s[end]) >= 0 {
			end++
		}
		if end == len(s) || s[end] == ' ' {
			return end
		}
	}
	return 0
}
