package bib

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A name is one person (or body) of an author or editor list, in BibTeX's
// parts, each decoded to text.
type name struct {
	given, particle, family, suffix string
	literal                         bool // "{Corporate Name}": family alone, never abbreviated or split
}

// A nameList is a decoded author or editor field.
type nameList struct {
	names  []name
	others bool // the list ended with "and others"
}

// maxNames bounds the names read from one field: a list longer than this
// is cut, as no style shows more.
const maxNames = 200

// parseNames splits a raw author or editor value into names, BibTeX's way:
// " and " at brace depth zero separates names; each is "First von Last",
// "von Last, First" or "von Last, Jr, First"; a name wholly in braces is
// a literal (a corporate author).
func parseNames(raw string) nameList {
	var list nameList
	for _, part := range splitDepth0(raw, isAndSep) {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if part == "others" {
			list.others = true
			continue
		}
		if len(list.names) == maxNames {
			list.others = true
			break
		}
		list.names = append(list.names, parseName(part))
	}
	return list
}

// isAndSep reports whether s starts with a name separator: the word "and"
// (any case) between white space. It returns the separator's length.
func isAndSep(s string) int {
	if len(s) < 5 || !isSpace(s[0]) {
		return 0
	}
	if !strings.EqualFold(s[1:4], "and") || !isSpace(s[4]) {
		return 0
	}
	return 5
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// splitDepth0 splits s at the separators that sep finds at brace depth
// zero (sep returns a separator's length at the start of its argument, or
// 0).
func splitDepth0(s string, sep func(string) int) []string {
	var parts []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
			continue
		case '}':
			if depth > 0 {
				depth--
			}
			continue
		case '\\':
			// "\ " and "\," are not separators.
			i++
			continue
		}
		if depth == 0 {
			if n := sep(s[i:]); n > 0 {
				parts = append(parts, s[start:i])
				i += n - 1
				start = i + 1
			}
		}
	}
	return append(parts, s[start:])
}

func commaSep(s string) int {
	if s[0] == ',' {
		return 1
	}
	return 0
}

// words splits a name part into words at white space and "~" at depth
// zero. Hyphens join words in BibTeX's sense too, but the parts they join
// always go together, so they are kept inside the word.
func words(s string) []string {
	var out []string
	for _, w := range splitDepth0(s, func(t string) int {
		if isSpace(t[0]) || t[0] == '~' {
			return 1
		}
		return 0
	}) {
		if w != "" {
			out = append(out, w)
		}
	}
	return out
}

func parseName(raw string) name {
	if isBraced(raw) {
		return name{family: decodeText(raw), literal: true}
	}
	parts := splitDepth0(raw, commaSep)
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	var first, vonLast, jr []string
	switch len(parts) {
	case 1:
		ws := words(parts[0])
		if len(ws) == 0 {
			return name{}
		}
		// First is up to the first lower-case word that is not the last.
		vonStart := -1
		for i, w := range ws[:len(ws)-1] {
			if isLowerWord(w) {
				vonStart = i
				break
			}
		}
		if vonStart < 0 {
			first, vonLast = ws[:len(ws)-1], ws[len(ws)-1:]
		} else {
			first = ws[:vonStart]
			vonLast = ws[vonStart:]
		}
	case 2:
		vonLast, first = words(parts[0]), words(parts[1])
	default:
		vonLast, jr, first = words(parts[0]), words(parts[1]), words(strings.Join(parts[2:], ","))
	}
	// In "von Last", von runs to the last lower-case word that is not
	// the last word.
	n := 0
	for i, w := range vonLast[:max(len(vonLast)-1, 0)] {
		if isLowerWord(w) {
			n = i + 1
		}
	}
	return name{
		given:    joinWords(first),
		particle: joinWords(vonLast[:n]),
		family:   joinWords(vonLast[n:]),
		suffix:   joinWords(jr),
	}
}

func joinWords(ws []string) string {
	return decodeText(strings.Join(ws, " "))
}

// isBraced reports whether s is one group in braces: "{...}".
func isBraced(s string) bool {
	if len(s) < 2 || s[0] != '{' || s[len(s)-1] != '}' {
		return false
	}
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 && i < len(s)-1 {
				return false
			}
		}
	}
	return true
}

// isLowerWord reports whether a word starts a von part: its first letter
// at brace depth zero is lower case. A special character {\"o} counts by
// its letter; any other braced group makes the word upper case.
func isLowerWord(w string) bool {
	depth := 0
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case c == '{':
			if depth == 0 && i+1 < len(w) && w[i+1] == '\\' {
				return specialIsLower(w[i+1:])
			}
			depth++
		case c == '}':
			depth--
		case depth == 0:
			r, _ := utf8.DecodeRuneInString(w[i:])
			if unicode.IsLetter(r) {
				return unicode.IsLower(r)
			}
			if r >= utf8.RuneSelf {
				i += utf8.RuneLen(r) - 1
			}
		default:
			if depth > 0 {
				return false
			}
		}
	}
	return false
}

// specialIsLower reports whether a BibTeX special character, read from
// its backslash ({\"o}, {\ss}, {\relax Ch}), is lower case: a letter's
// own command (\oe, \OE) by its name, else by the first letter after the
// command.
func specialIsLower(s string) bool {
	j := 1
	for j < len(s) && isLetter(s[j]) {
		j++
	}
	if cmd := s[1:j]; symbols[cmd] != "" && isLetter(cmd[0]) {
		return cmd[0] >= 'a' && cmd[0] <= 'z'
	}
	for j < len(s) && !isLetter(s[j]) {
		j++
	}
	return j < len(s) && s[j] >= 'a' && s[j] <= 'z'
}
