package bib

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A locator is the part of a cited work a citation points to: "p. 3" is
// {page, "3"}.
type locator struct {
	label string // CSL's term: "page", "chapter", ...
	value string
}

// locatorTerms maps what a writer may put before a locator to CSL's
// term, as pandoc recognises them (English, singular and plural, long
// and short).
var locatorTerms = map[string]string{
	"p.": "page", "pp.": "page", "page": "page", "pages": "page",
	"chap.": "chapter", "chaps.": "chapter", "chapter": "chapter", "chapters": "chapter",
	"sec.": "section", "secs.": "section", "section": "section", "sections": "section", "§": "section", "§§": "section",
	"vol.": "volume", "vols.": "volume", "volume": "volume", "volumes": "volume",
	"para.": "paragraph", "paras.": "paragraph", "paragraph": "paragraph", "paragraphs": "paragraph",
	"¶": "paragraph", "¶¶": "paragraph",
	"fig.": "figure", "figs.": "figure", "figure": "figure", "figures": "figure",
	"n.": "note", "nn.": "note", "note": "note", "notes": "note",
	"no.": "issue", "nos.": "issue", "number": "issue", "numbers": "issue",
	"l.": "line", "ll.": "line", "line": "line", "lines": "line",
	"pt.": "part", "pts.": "part", "part": "part", "parts": "part",
	"bk.": "book", "bks.": "book", "book": "book", "books": "book",
	"col.": "column", "cols.": "column", "column": "column", "columns": "column",
	"v.": "verse", "vv.": "verse", "verse": "verse", "verses": "verse",
	"op.": "opus", "opp.": "opus", "opus": "opus", "opera": "opus",
	"fol.": "folio", "fols.": "folio", "folio": "folio", "folios": "folio",
	"s.v.": "sub verbo", "s.vv.": "sub verbo", "sub verbo": "sub verbo", "sub verbis": "sub verbo",
}

// shortLabels are the style's short forms of the terms, singular and
// plural.
var shortLabels = map[string][2]string{
	"chapter": {"chap.", "chaps."}, "section": {"sec.", "secs."}, "volume": {"vol.", "vols."},
	"paragraph": {"para.", "paras."}, "figure": {"fig.", "figs."}, "note": {"n.", "nn."},
	"issue": {"no.", "nos."}, "line": {"l.", "ll."}, "part": {"pt.", "pts."},
	"book": {"bk.", "bks."}, "column": {"col.", "cols."}, "verse": {"v.", "vv."},
	"opus": {"op.", "opp."}, "folio": {"fol.", "fols."}, "sub verbo": {"s.v.", "s.vv."},
}

// splitLocator reads a citation's suffix as pandoc does: a locator at its
// start ("p. 3", "chap. 2", "12-14"; a bare one must start with a digit),
// then the rest as written. The suffix may begin with the comma that
// separates it from the key.
func splitLocator(suffix string) (*locator, string) {
	s := strings.TrimSpace(suffix)
	s = strings.TrimSpace(strings.TrimPrefix(s, ","))
	if s == "" {
		return nil, ""
	}
	label := ""
	body := s
	if word, after, ok := labelWord(s); ok {
		if term, known := locatorTerms[strings.ToLower(word)]; known {
			label, body = term, strings.TrimLeft(after, " \u00a0")
		} else if second, rest, ok := labelWord(strings.TrimLeft(after, " ")); ok && strings.HasPrefix(after, " ") {
			// A term of two words, "sub verbo".
			if term, known := locatorTerms[strings.ToLower(word+" "+second)]; known {
				label, body = term, strings.TrimLeft(rest, " \u00a0")
			}
		}
	}
	n := valueLen(body, label != "")
	if n == 0 {
		// No locator: the suffix is text, after a comma if it had one.
		if strings.HasPrefix(strings.TrimSpace(suffix), ",") {
			return nil, ", " + s
		}
		return nil, " " + s
	}
	if label == "" {
		label = "page"
	}
	return &locator{label: label, value: body[:n]}, body[n:]
}

// labelWord returns the first word of s, up to white space or a digit.
func labelWord(s string) (word, rest string, ok bool) {
	i := strings.IndexFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsDigit(r) })
	if i <= 0 {
		return "", "", false
	}
	return s[:i], s[i:], true
}

// valueLen returns the length of the locator value at the start of s:
// words of letters and digits joined by hyphens, dashes, or commas and
// ampersands followed by a digit. Without a label it must start with a
// digit.
func valueLen(s string, labelled bool) int {
	if s == "" {
		return 0
	}
	r, _ := utf8.DecodeRuneInString(s)
	if !unicode.IsDigit(r) && !(labelled && (unicode.IsLetter(r))) {
		return 0
	}
	end := 0
	i := 0
	for i < len(s) {
		// One alphanumeric word.
		j := i
		for j < len(s) {
			r, size := utf8.DecodeRuneInString(s[j:])
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				break
			}
			j += size
		}
		if j == i {
			break
		}
		end = j
		// A joiner to another word.
		k := j
		switch {
		case strings.HasPrefix(s[k:], "-"):
			k++
		case strings.HasPrefix(s[k:], "–"), strings.HasPrefix(s[k:], "—"):
			k += len("–")
		case strings.HasPrefix(s[k:], ","), strings.HasPrefix(s[k:], "&"):
			k++
			for k < len(s) && s[k] == ' ' {
				k++
			}
			if k >= len(s) || s[k] < '0' || s[k] > '9' {
				return end
			}
		default:
			return end
		}
		i = k
	}
	return end
}

// pointLocator writes a citation's locator as the style does: a page as
// its number (after the volume of a multi-volume book: "1:3"), any other
// label in its short form ("chap. 2", "vol. 1, chap. 2").
func (s *Styler) pointLocator(w *work, loc *locator) frag {
	if loc == nil {
		return nil
	}
	bookLike := w.kind == "book" || w.kind == "report"
	value := strings.ReplaceAll(loc.value, "-", "–")
	if loc.label == "page" {
		value = pageRange(loc.value)
		if bookLike && w.volume != "" {
			return plain(w.volume + ":" + value)
		}
		return plain(value)
	}
	labels := shortLabels[loc.label]
	label := labels[0]
	if strings.ContainsAny(loc.value, "-–—,&") {
		label = labels[1]
	}
	if bookLike && w.volume != "" {
		return plain("vol. " + w.volume + ", " + label + " " + value)
	}
	return plain(label + " " + value)
}

// pageRange writes page ranges in the style's form ("chicago": 321–28,
// 107–8, 1496–1504) with en dashes; anything it cannot read as a range
// of numbers has its hyphens made en dashes.
func pageRange(pages string) string {
	parts := strings.Split(pages, ",")
	for i, p := range parts {
		parts[i] = rangeOne(p)
	}
	return strings.Join(parts, ",")
}

func rangeOne(p string) string {
	trimmed := strings.TrimSpace(p)
	lead := p[:strings.Index(p, trimmed)]
	var a, b string
	for _, sep := range []string{"--", "–", "-", "—"} {
		if x, y, ok := strings.Cut(trimmed, sep); ok {
			a, b = strings.TrimSpace(x), strings.TrimSpace(strings.TrimLeft(y, "-–"))
			break
		}
	}
	if a == "" {
		return p
	}
	na, errA := strconv.Atoi(a)
	nb, errB := strconv.Atoi(b)
	if errA != nil || errB != nil || nb <= na || len(b) > 9 {
		return lead + a + "–" + b
	}
	return lead + a + "–" + chicagoSecond(na, nb, a, b)
}

// chicagoSecond shortens the second number of a range as Chicago does.
func chicagoSecond(na, nb int, a, b string) string {
	if na < 100 || na%100 == 0 || len(a) != len(b) {
		return b
	}
	// The digits of b that differ from a's, at least as many as the
	// rule asks.
	same := 0
	for same < len(a) && a[same] == b[same] {
		same++
	}
	keep := len(b) - same
	if na%100 < 10 {
		keep = max(keep, 1)
	} else {
		keep = max(keep, 2)
	}
	if len(a) == 4 && len(b)-same >= 3 {
		return b
	}
	return b[len(b)-keep:]
}
