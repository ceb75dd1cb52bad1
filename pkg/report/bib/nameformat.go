package bib

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Given-name forms in a citation (CSL's given-name disambiguation).
const (
	familyOnly = iota // Knuth
	initials          // D. E. Knuth
	fullGiven         // Donald E. Knuth
)

// sortOrder writes a name family first, as the reference list's first
// name: "Neumann, John von", "Lenstra, Hendrik W., Jr.".
func (n name) sortOrder() string {
	if n.literal || n.given == "" && n.particle == "" {
		return joinNonEmpty(", ", n.family, n.suffix)
	}
	return joinNonEmpty(", ", n.family, joinNonEmpty(" ", n.given, n.particle), n.suffix)
}

// display writes a name given name first: "John von Neumann".
func (n name) display() string {
	if n.literal {
		return n.family
	}
	return joinNonEmpty(" ", n.given, n.particle, n.family, n.suffix)
}

// short writes a name as a citation does: the family name, with the
// given name as form asks.
func (n name) short(form int) string {
	if n.literal {
		return n.family
	}
	switch form {
	case initials:
		return joinNonEmpty(" ", initialsOf(n.given), n.family)
	case fullGiven:
		return joinNonEmpty(" ", n.given, n.family)
	}
	return n.family
}

// initialsOf abbreviates given names: "Hendrik W." is "H. W.",
// "Jean-Pierre" is "J.-P.".
func initialsOf(given string) string {
	var parts []string
	for _, w := range strings.Fields(given) {
		var hy []string
		for _, p := range strings.Split(w, "-") {
			r, _ := utf8.DecodeRuneInString(p)
			if r == utf8.RuneError || !unicode.IsLetter(r) {
				continue
			}
			hy = append(hy, string(r)+".")
		}
		if len(hy) > 0 {
			parts = append(parts, strings.Join(hy, "-"))
		}
	}
	return strings.Join(parts, " ")
}

func joinNonEmpty(sep string, parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, sep)
}

// andList joins names as Chicago does: "A", "A and B", "A, B, and C".
// always puts the comma before "and" with two names too (the reference
// list's rule).
func andList(names []string, always bool) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	case 2:
		if always {
			return names[0] + ", and " + names[1]
		}
		return names[0] + " and " + names[1]
	}
	return strings.Join(names[:len(names)-1], ", ") + ", and " + names[len(names)-1]
}

// Et-al rules of the style: citations show one name when there are four
// or more; the reference list shows seven when there are eleven or more.
const (
	citeEtAlMin, citeEtAlFirst = 4, 1
	bibEtAlMin, bibEtAlFirst   = 11, 7
)

// bibNames writes a name list for the reference list: the first name
// family first, the others given name first.
func bibNames(l nameList) string {
	names := l.names
	etAl := l.others
	if len(names) >= bibEtAlMin {
		names, etAl = names[:bibEtAlFirst], true
	}
	parts := make([]string, len(names))
	for i, n := range names {
		if i == 0 {
			parts[i] = n.sortOrder()
		} else {
			parts[i] = n.display()
		}
	}
	if etAl {
		return etAlList(parts)
	}
	return andList(parts, true)
}

// editedBy writes editors given name first, for "edited by ..." and
// "Edited by ...".
func editedBy(l nameList) string {
	parts := make([]string, len(l.names))
	for i, n := range l.names {
		parts[i] = n.display()
	}
	if l.others {
		return etAlList(parts)
	}
	return andList(parts, false)
}

// citeNames writes a name list for a citation, showing show names before
// "et al." when the list is long, the first name in the given form.
func citeNames(l nameList, show, form int) string {
	names := l.names
	etAl := l.others
	if len(names) >= citeEtAlMin && show < len(names) {
		names, etAl = names[:show], true
	}
	parts := make([]string, len(names))
	for i, n := range names {
		f := familyOnly
		if i == 0 {
			f = form
		}
		parts[i] = clip(n.short(f), maxCiteName)
	}
	if etAl {
		return etAlList(parts)
	}
	return andList(parts, false)
}

// etAlList writes names cut short: "A et al.", "A, B, et al." (the comma
// before "et al." only after two names or more).
func etAlList(parts []string) string {
	if len(parts) == 1 {
		return parts[0] + " et al."
	}
	return strings.Join(parts, ", ") + ", et al."
}

// Bounds on what one citation of a work shows, so that citing a work many
// times costs a constant per citation however long its fields are: a
// name, and a title standing in for the authors, are cut with "…".
const (
	maxCiteName  = 100
	maxCiteTitle = 300
)

// clip cuts s to at most n runes, marking the cut with "…".
func clip(s string, n int) string {
	i := 0
	for pos := range s {
		if i == n {
			return s[:pos] + "…"
		}
		i++
	}
	return s
}
