package authoring

import (
	"strings"

	"github.com/yuin/goldmark/text"
)

// attributes are a Quarto div's attributes, {#id .class key="value"}.
type attributes struct {
	id      string
	classes []string
	pairs   []pair
}

// A pair is a key="value" attribute; seg is its value in the source.
type pair struct {
	key, value string
	seg        text.Segment
}

// value returns the value of key, "" for none.
func (a *attributes) value(key string) string {
	for _, p := range a.pairs {
		if p.key == key {
			return p.value
		}
	}
	return ""
}

// segment returns where the value of key is in the source, an empty
// segment for none, or for a value with escapes that is not as written.
func (a *attributes) segment(key string) text.Segment {
	for _, p := range a.pairs {
		if p.key == key {
			return p.seg
		}
	}
	return text.Segment{}
}

// attributesEnd returns the index of the brace that closes the braces
// info starts with, -1 for none.
func attributesEnd(info []byte) int {
	var quote byte
	for i := 1; i < len(info); i++ {
		c := info[i]
		switch {
		case quote != 0 && c == '\\':
			i++
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '}':
			return i
		}
	}
	return -1
}

// parseAttributes reads the attributes in s, found at offset at of the
// source, as Pandoc reads them: #id, .class, key=value with the value
// bare or quoted. What is not one of those is skipped.
func parseAttributes(s []byte, at int) attributes {
	var a attributes
	i := 0
	for i < len(s) {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		start := i
		for i < len(s) && s[i] != ' ' && s[i] != '\t' && s[i] != '=' {
			i++
		}
		word := string(s[start:i])
		if i < len(s) && s[i] == '=' {
			i++
			var value string
			var seg text.Segment
			if i < len(s) && (s[i] == '"' || s[i] == '\'') {
				q := s[i]
				i++
				vs := i
				var b strings.Builder
				escaped := false
				for i < len(s) && s[i] != q {
					if s[i] == '\\' && i+1 < len(s) {
						i++
						escaped = true
					}
					b.WriteByte(s[i])
					i++
				}
				value = b.String()
				if !escaped {
					seg = text.NewSegment(at+vs, at+i)
				}
				i++ // the closing quote
			} else {
				vs := i
				for i < len(s) && s[i] != ' ' && s[i] != '\t' {
					i++
				}
				value = string(s[vs:i])
				seg = text.NewSegment(at+vs, at+i)
			}
			a.pairs = append(a.pairs, pair{key: word, value: value, seg: seg})
			continue
		}
		switch {
		case strings.HasPrefix(word, "#") && a.id == "":
			a.id = word[1:]
		case strings.HasPrefix(word, "."):
			a.classes = append(a.classes, word[1:])
		}
	}
	return a
}
