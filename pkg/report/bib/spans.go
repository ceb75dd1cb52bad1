package bib

import (
	"bytes"
	"strings"
)

// A Span is a run of reference text; writers escape Text themselves.
type Span struct {
	Text string
	Emph bool   // italics (book and journal titles)
	Link string // a URL or DOI link for this span, "" for none (only http(s) URLs; the writers check again)
	// Key is, in a citation, the key of the cited work whose authors,
	// year and locator this span writes, the text pandoc links to the
	// work's entry; "" for the punctuation, prefixes and suffixes around
	// them, for a key the database lacks, and in a reference list.
	Key string
}

// keyed returns f with its spans marked as the citation of key.
func keyed(key string, f frag) frag {
	out := make(frag, len(f))
	for i, s := range f {
		s.Key = key
		out[i] = s
	}
	return out
}

// A frag is a piece of formatted text being assembled.
type frag []Span

func plain(s string) frag {
	if s == "" {
		return nil
	}
	return frag{{Text: s}}
}

func emph(s string) frag {
	if s == "" {
		return nil
	}
	return frag{{Text: s, Emph: true}}
}

// join joins the non-empty frags with delim, as a CSL group does.
func join(delim string, fs ...frag) frag {
	var out frag
	for _, f := range fs {
		if len(f) == 0 {
			continue
		}
		if len(out) > 0 && delim != "" {
			out = append(out, Span{Text: delim})
		}
		out = append(out, f...)
	}
	return out
}

// affix wraps a non-empty frag in prefix and suffix; an empty one stays
// empty, as CSL's affixes do.
func affix(prefix string, f frag, suffix string) frag {
	if len(f) == 0 {
		return nil
	}
	out := make(frag, 0, len(f)+2)
	if prefix != "" {
		out = append(out, Span{Text: prefix})
	}
	out = append(out, f...)
	if suffix != "" {
		out = append(out, Span{Text: suffix})
	}
	return out
}

// finish flattens f into spans, merging neighbours of one style and
// applying the style's punctuation: a period or comma after a closing
// quotation mark moves inside it (American usage), and a period is not
// doubled after a period, question mark or exclamation mark (nor a comma
// after the last two). It takes time linear in f's text.
func finish(f frag) []Span {
	var out []Span
	var cur []byte // the text of the last span of out, still growing
	for _, s := range f {
		text := s.Text
		if len(out) > 0 && text != "" {
			cur, text = punctuate(cur, out[len(out)-1].Link != "", text)
		}
		if text == "" {
			continue
		}
		if n := len(out); n > 0 && out[n-1].Emph == s.Emph && out[n-1].Link == s.Link && out[n-1].Key == s.Key {
			cur = append(cur, text...)
			continue
		}
		if n := len(out); n > 0 {
			out[n-1].Text = string(cur)
		}
		cur = append(cur[:0:0], text...)
		out = append(out, Span{Emph: s.Emph, Link: s.Link, Key: s.Key})
	}
	if n := len(out); n > 0 {
		out[n-1].Text = string(cur)
	}
	return out
}

// punctuate returns prev and next with next's leading punctuation
// adjusted to what prev ends with, perhaps moved into prev. A link's text
// is never changed.
func punctuate(prev []byte, link bool, next string) ([]byte, string) {
	if next[0] != '.' && next[0] != ',' {
		return prev, next
	}
	body := prev
	for {
		if t := bytes.TrimSuffix(body, []byte("”")); len(t) < len(body) {
			body = t
			continue
		}
		if t := bytes.TrimSuffix(body, []byte("’")); len(t) < len(body) {
			body = t
			continue
		}
		break
	}
	if len(body) > 0 {
		switch end := body[len(body)-1]; end {
		case '.', '?', '!':
			if next[0] == '.' || end != '.' {
				return prev, next[1:]
			}
		}
	}
	if len(body) < len(prev) && !link {
		closing := string(prev[len(body):])
		prev = append(append(body, next[0]), closing...)
		return prev, next[1:]
	}
	return prev, next
}

// plainText returns the text of spans.
func plainText(spans []Span) string {
	var b strings.Builder
	for _, s := range spans {
		b.WriteString(s.Text)
	}
	return b.String()
}
