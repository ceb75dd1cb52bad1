package authoring

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Crossref holds the options of Quarto's crossref key that render
// reads (quarto.org, "Cross-Reference Options"), and the titles its
// language key gives them: whether targets are numbered by chapter, how
// an appendix's title reads, the name a reference gives each kind of
// target, in what scheme targets are numbered (arabic, Roman, letters),
// and whether references link. Its zero value is Quarto's defaults.
//
// Read takes them from a document's front matter or a project's
// _quarto.yml, a later reading overriding an earlier one key by key, as
// Quarto lays a document's metadata over its project's:
//
//	var c authoring.Crossref
//	warnings := c.Read(project) // _quarto.yml's crossref and language keys
//	warnings = append(warnings, c.Read(front)...)
//
// The texts are plain text, one line of at most MaxCrossrefText bytes;
// the writers escape them as they escape a document's own text.
type Crossref struct {
	// chapters is crossref.chapters; nil leaves Quarto's default, set
	// in a book's chapter and not elsewhere.
	chapters *bool
	// appendixTitle and appendixDelim are crossref.appendix-title and
	// appendix-delim; nil for Quarto's, language's crossref-apx-prefix
	// (else "Appendix") and " —".
	appendixTitle, appendixDelim *string
	// prefixes are crossref's *-prefix keys, by Quarto's type key
	// ("fig", "sec"; "ch" and "apx" too, which Quarto's schema has only
	// as language keys); languagePrefixes are the language key's
	// crossref-*-prefix ones, which the former override.
	prefixes, languagePrefixes map[string]string
	// noLink is crossref.ref-hyperlink: false.
	noLink bool
	// labels are crossref's numbering schemes, labels and *-labels, by
	// Quarto's type key, "" for the labels of every type.
	labels map[string]string
}

// MaxCrossrefText is the longest crossref text kept, in bytes; a longer
// one is cut, with a warning.
const MaxCrossrefText = 200

// quartoTypes are Quarto's type keys of the counters: "fig" for
// figures. A chapter's title is "ch", an appendix's "apx" (Target.kind).
var quartoTypes = map[string]string{
	CounterFigure: "fig", CounterTable: "tbl", CounterEquation: "eq", CounterSection: "sec", CounterListing: "lst",
	"theorem": "thm", "lemma": "lem", "corollary": "cor", "proposition": "prp", "conjecture": "cnj",
	"definition": "def", "example": "exm", "exercise": "exr", "solution": "sol", "remark": "rem",
}

// Read reads meta's crossref and language keys over c's options, and
// returns warnings naming what it leaves out: a value of the wrong
// type, a key render does not read, a text cut to MaxCrossrefText bytes.
// Quarto's "crossref: false" is read as no options.
func (c *Crossref) Read(meta map[string]any) []string {
	var w warnings
	// A copy of options, as a book's chapters have of its, shares their
	// maps: a chapter's own go into maps of its own.
	c.prefixes, c.languagePrefixes, c.labels = maps.Clone(c.prefixes), maps.Clone(c.languagePrefixes), maps.Clone(c.labels)
	if lang, ok := meta["language"]; ok {
		c.readLanguage(&w, lang)
	}
	v, ok := meta["crossref"]
	if !ok || v == nil || v == false {
		return w
	}
	m, ok := v.(map[string]any)
	if !ok {
		w.add("crossref: not a mapping; left out")
		return w
	}
	var unread []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		v := m[k]
		key := "crossref." + k // a key read is one of a few names
		switch k {
		case "chapters":
			b, ok := v.(bool)
			if !ok {
				w.add("%s: not true or false; left out", key)
				continue
			}
			c.chapters = &b
		case "ref-hyperlink":
			b, ok := v.(bool)
			if !ok {
				w.add("%s: not true or false; left out", key)
				continue
			}
			c.noLink = !b
		case "appendix-title":
			if s, ok := crossrefText(&w, key, v); ok {
				c.appendixTitle = &s
			}
		case "appendix-delim":
			if s, ok := crossrefText(&w, key, v); ok {
				c.appendixDelim = &s
			}
		case "labels":
			c.readLabels(&w, key, "", v)
		default:
			if typ, ok := strings.CutSuffix(k, "-labels"); ok && typ != "sec" && typ != "ch" && typ != "apx" && knownType(typ) {
				c.readLabels(&w, key, typ, v)
				continue
			}
			typ, ok := strings.CutSuffix(k, "-prefix")
			if !ok || !knownType(typ) {
				unread = append(unread, short(k))
				continue
			}
			if s, ok := crossrefText(&w, key, v); ok {
				if c.prefixes == nil {
					c.prefixes = map[string]string{}
				}
				c.prefixes[typ] = s
			}
		}
	}
	if len(unread) > 0 {
		const shown = 10
		list := strings.Join(unread[:min(len(unread), shown)], ", ")
		if len(unread) > shown {
			list += fmt.Sprintf(" and %d more", len(unread)-shown)
		}
		w.add("crossref: render does not read %s", list)
	}
	return w
}

// readLabels reads a numbering scheme of Quarto's for the type key typ,
// "" for every type: "arabic", "roman" or "roman i" (lower case), or
// "alpha x" (from the letter x); a bare "alpha", which Quarto does not
// letter (it writes the word), is read here as "alpha a".
func (c *Crossref) readLabels(w *warnings, key, typ string, v any) {
	s, ok := v.(string)
	if ok {
		s = strings.TrimSpace(s)
		scheme, start, _ := strings.Cut(s, " ")
		r, size := utf8.DecodeRuneInString(start)
		ok = scheme == "arabic" && start == "" || scheme == "roman" && (start == "" || start == "i" || start == "I") ||
			scheme == "alpha" && (start == "" || size == len(start) && unicode.IsLetter(r))
	}
	if !ok {
		w.add("%s: not arabic, roman, roman i, alpha or alpha and a letter; left out", key)
		return
	}
	if c.labels == nil {
		c.labels = map[string]string{}
	}
	c.labels[typ] = s
}

// format returns n, counted from 1, as the numbering scheme of Quarto's
// type key typ writes it: "3", "iii", "c". A letter past the last
// character is written in digits.
func (c *Crossref) format(typ string, n int) string {
	scheme, ok := c.labels[typ]
	if !ok {
		scheme = c.labels[""]
	}
	kind, start, _ := strings.Cut(scheme, " ")
	switch kind {
	case "roman":
		return roman(n, start == "i")
	case "alpha":
		first := 'a'
		if start != "" {
			first, _ = utf8.DecodeRuneInString(start)
		}
		if r := first + rune(n-1); n >= 1 && n <= maxAlpha && utf8.ValidRune(r) && unicode.IsPrint(r) {
			return string(r)
		}
	}
	return strconv.Itoa(n)
}

// maxAlpha is the most targets a type's letters number, "alpha a"
// running from a to z; past it, digits, where Quarto writes the
// characters after z.
const maxAlpha = 26

// roman returns n in Roman numerals, thousands as M's as Quarto's book
// writes them (pandoc's writes "?" from 4000), lower-case if
// lower; n < 1 in digits. For n up to MaxTargets a numeral is at most 21
// letters long, 9888's (TestRoman checks it).
func roman(n int, lower bool) string {
	if n < 1 {
		return strconv.Itoa(n)
	}
	var b strings.Builder
	for _, d := range romanDigits {
		for n >= d.value {
			b.WriteString(d.text)
			n -= d.value
		}
	}
	if lower {
		return strings.ToLower(b.String())
	}
	return b.String()
}

var romanDigits = []struct {
	value int
	text  string
}{{1000, "M"}, {900, "CM"}, {500, "D"}, {400, "CD"}, {100, "C"}, {90, "XC"}, {50, "L"}, {40, "XL"}, {10, "X"}, {9, "IX"}, {5, "V"}, {4, "IV"}, {1, "I"}}

// readLanguage reads the crossref-*-prefix keys of Quarto's language
// key, a mapping; a file's name, or a language's own mapping
// ("language: {es: …}"), is not read.
func (c *Crossref) readLanguage(w *warnings, v any) {
	m, ok := v.(map[string]any)
	if !ok {
		w.add("language: not a mapping of titles (render reads no language file); left out")
		return
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		typ, ok := strings.CutPrefix(k, "crossref-")
		if !ok {
			continue
		}
		if typ, ok = strings.CutSuffix(typ, "-prefix"); !ok || !knownType(typ) {
			continue
		}
		if s, ok := crossrefText(w, "language."+k, m[k]); ok {
			if c.languagePrefixes == nil {
				c.languagePrefixes = map[string]string{}
			}
			c.languagePrefixes[typ] = s
		}
	}
}

// knownType reports whether typ is one of Quarto's type keys render
// numbers.
func knownType(typ string) bool {
	if typ == "ch" || typ == "apx" {
		return true
	}
	for _, t := range quartoTypes {
		if t == typ {
			return true
		}
	}
	return false
}

// crossrefText returns a crossref value as one line of plain text: a
// string, or a number as YAML wrote it; at most MaxCrossrefText bytes.
func crossrefText(w *warnings, key string, v any) (string, bool) {
	var s string
	switch v := v.(type) {
	case string:
		s = v
	case int, int64, uint64, float64:
		s = fmt.Sprint(v)
	default:
		w.add("%s: not text; left out", key)
		return "", false
	}
	s = crossrefLine(s)
	if len(s) > MaxCrossrefText {
		w.add("%s: longer than %d bytes; cut", key, MaxCrossrefText)
		n := MaxCrossrefText
		for n > 0 && !utf8.RuneStart(s[n]) {
			n--
		}
		s = s[:n]
	}
	return s, true
}

// crossrefLine returns s on one line: line breaks and tabs made spaces,
// other control and format characters dropped. Leading and trailing
// spaces are kept: " —" is a delimiter's own.
func crossrefLine(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\n' || r == '\r' || r == '\t':
			return ' '
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == utf8.RuneError:
			return -1
		}
		return r
	}, s)
}

// warnings gathers the messages of reading options.
type warnings []string

func (w *warnings) add(format string, args ...any) { *w = append(*w, fmt.Sprintf(format, args...)) }

// byChapter reports whether targets are numbered by chapter ("Figure
// 2.1"), given Quarto's default for the document: book is set for a
// chapter of a book.
func (c *Crossref) byChapter(book bool) bool {
	if c.chapters != nil {
		return *c.chapters
	}
	return book
}

// prefix returns the name a reference gives a target of Quarto's type
// typ, "Figure" for "fig": crossref's, else language's, else def. An
// empty prefix is a reference of the number alone, as Quarto writes it.
func (c *Crossref) prefix(typ, def string) string {
	if p, ok := c.prefixes[typ]; ok {
		return p
	}
	if p, ok := c.languagePrefixes[typ]; ok {
		return p
	}
	return def
}

// appendixLead returns what an appendix's title starts with, as Quarto
// writes it before the title (quarto-cli's formatChapterTitle): the
// appendix title, the letter and the delimiter, "Appendix A —".
func (c *Crossref) appendixLead(letter string) string {
	title := "Appendix"
	if p, ok := c.languagePrefixes["apx"]; ok {
		title = p
	}
	// An empty title is none, as Quarto reads it.
	if c.appendixTitle != nil && *c.appendixTitle != "" {
		title = *c.appendixTitle
	}
	delim := " —"
	if c.appendixDelim != nil {
		delim = *c.appendixDelim
	}
	return title + " " + letter + delim
}
