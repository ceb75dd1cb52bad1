package bib

import "strings"

// A Span is a run of reference text; writers escape Text themselves.
type Span struct {
	Text string
	Emph bool   // italics (book and journal titles)
	Link string // a URL or DOI link for this span, "" for none (only http(s) URLs; the writers check again)
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
// applying the style's punctuation: a period after a closing quotation
// mark moves inside it (American usage), and a period or comma is not
// doubled after a period, question mark or exclamation mark.
func finish(f frag) []Span {
	var out []Span
	for _, s := range f {
		text := s.Text
		if n := len(out); n > 0 && text != "" {
			prev := &out[n-1]
			text = punctuate(prev, text)
		}
		if text == "" {
			continue
		}
		if n := len(out); n > 0 && out[n-1].Emph == s.Emph && out[n-1].Link == s.Link {
			out[n-1].Text += text
			continue
		}
		out = append(out, Span{Text: text, Emph: s.Emph, Link: s.Link})
	}
	return out
}

// punctuate returns next with its leading punctuation adjusted to what
// prev ends with, and may move that punctuation into prev.
func punctuate(prev *Span, next string) string {
	if next[0] != '.' && next[0] != ',' {
		return next
	}
	body := strings.TrimRight(prev.Text, "”’")
	closing := prev.Text[len(body):]
	if body != "" {
		switch body[len(body)-1] {
		case '.', '?', '!':
			if next[0] == '.' || body[len(body)-1] != '.' {
				return next[1:]
			}
		}
	}
	if closing != "" && prev.Link == "" {
		prev.Text = body + next[:1] + closing
		return next[1:]
	}
	return next
}

// plainText returns the text of spans.
func plainText(spans []Span) string {
	var b strings.Builder
	for _, s := range spans {
		b.WriteString(s.Text)
	}
	return b.String()
}
