package mathml

import (
	"errors"
	"strings"
)

// arg reads a {...} group or one token at toks[i], after spaces, and
// returns it and the index after it.
func arg(toks []token, i int) ([]token, int, error) {
	for i < len(toks) && toks[i].kind == tSpace {
		i++
	}
	if i == len(toks) || toks[i].kind == tEnd {
		return nil, i, errors.New("missing argument")
	}
	if toks[i].kind != tBegin {
		return toks[i : i+1], i + 1, nil
	}
	depth := 0
	for j := i; j < len(toks); j++ {
		switch toks[j].kind {
		case tBegin:
			depth++
		case tEnd:
			depth--
			if depth == 0 {
				return toks[i+1 : j], j + 1, nil
			}
		}
	}
	return nil, i, errors.New("missing }")
}

// optArg reads a [...] argument if one follows at toks[i].
func optArg(toks []token, i int) ([]token, int, bool) {
	j := i
	for j < len(toks) && toks[j].kind == tSpace {
		j++
	}
	if j == len(toks) || !toks[j].is(tChar, "[") {
		return nil, i, false
	}
	depth := 0
	for k := j + 1; k < len(toks); k++ {
		switch {
		case toks[k].kind == tBegin:
			depth++
		case toks[k].kind == tEnd:
			depth--
		case depth == 0 && toks[k].is(tChar, "]"):
			return toks[j+1 : k], k + 1, true
		}
	}
	return nil, i, false
}

// star skips a * at toks[i].
func star(toks []token, i int) (int, bool) {
	if i < len(toks) && toks[i].is(tChar, "*") {
		return i + 1, true
	}
	return i, false
}

// plain returns tokens as the text they show, with TeX's escapes for
// special characters undone.
func plain(toks []token) string {
	var b strings.Builder
	for _, t := range toks {
		switch t.kind {
		case tCS:
			switch t.text {
			case "$", "%", "&", "_", "#", "{", "}", " ":
				b.WriteString(t.text)
			case ",", ":", ";", "quad", "qquad":
				b.WriteByte(' ')
			case "textbackslash", "backslash":
				b.WriteByte('\\')
			default:
				b.WriteString(`\` + t.text)
			}
		case tBegin, tEnd:
		case tChar:
			if t.text == "~" {
				b.WriteString("\u00a0")
			} else {
				b.WriteString(t.text)
			}
		default:
			b.WriteString(t.text)
		}
	}
	return b.String()
}
