package bib

import (
	"sort"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// An Item is one cited work inside a citation.
type Item struct {
	Key            string
	Prefix, Suffix string // "see", "p. 3" as written (the suffix holds the locator as written)
	SuppressAuthor bool   // [-@key]
}

// A Mode is the form of a citation.
type Mode int

const (
	// Parenthetical puts the whole citation in parentheses:
	// [@a; @b, p. 3] is "(Knuth 1984; Berlekamp, Conway, and Guy 2001, 3)".
	Parenthetical Mode = iota
	// Narrative puts the authors in the sentence and the rest in
	// parentheses: @a and {cite:t}`a` are "Knuth (1984)".
	Narrative
)

// A Reference is one entry of a reference list: the cited key (pandoc's
// anchors are "ref-" + Key) and its text.
type Reference struct {
	Key   string
	Spans []Span
}

// A Styler formats the citations and the reference list of one document
// in Chicago author–date. It is made from every key the document cites,
// because the in-text forms depend on them all: two works of one author
// and year become 1984a and 1984b, two authors of one family name are
// told apart by their initials, two lists of authors that "et al." would
// confuse show more names. A Styler is safe for concurrent use.
type Styler struct {
	db    *Database
	works map[*Entry]*work
	order []*work // reference-list order
	// Citation forms decided from all cited works.
	yearSuffix map[*work]string
	givenForm  map[*work]int
	showNames  map[*work]int
}

// Styler returns the styler of a document that cites the given keys
// (repeats and keys the database lacks are allowed, and ignored).
func (db *Database) Styler(cited []string) *Styler {
	s := &Styler{
		db:         db,
		works:      map[*Entry]*work{},
		yearSuffix: map[*work]string{},
		givenForm:  map[*work]int{},
		showNames:  map[*work]int{},
	}
	for _, k := range cited {
		e, ok := db.Entry(k)
		if !ok {
			continue
		}
		if _, seen := s.works[e]; seen {
			continue
		}
		w := newWork(e)
		s.works[e] = w
		s.order = append(s.order, w)
	}
	sortWorks(s.order)
	s.disambiguate()
	return s
}

// Cite formats one citation of the document: a group of items. missing
// lists the keys the database lacks, each once; each is shown as "key?",
// as pandoc shows it.
func (db *Database) Cite(items []Item, mode Mode) (spans []Span, missing []string) {
	keys := make([]string, len(items))
	for i, it := range items {
		keys[i] = it.Key
	}
	return db.Styler(keys).Cite(items, mode)
}

// References returns the reference list of the cited keys, sorted as the
// style sorts (by authors, year, title), each work once; keys the database
// lacks are left out.
func (db *Database) References(cited []string) []Reference {
	return db.Styler(cited).References()
}

// References returns the reference list of the styler's cited keys.
func (s *Styler) References() []Reference {
	refs := make([]Reference, 0, len(s.order))
	prevNames := ""
	for _, w := range s.order {
		names := s.bibContributors(w)
		shown := names
		if names != "" && names == prevNames {
			shown = "———"
		}
		prevNames = names
		refs = append(refs, Reference{Key: w.key, Spans: finish(s.bibEntry(w, shown))})
	}
	return refs
}

// work returns the work of a key, made on the spot for a key the styler
// was not made with (it is then formatted without disambiguation).
func (s *Styler) work(key string) *work {
	e, ok := s.db.Entry(key)
	if !ok {
		return nil
	}
	if w, ok := s.works[e]; ok {
		return w
	}
	return newWork(e)
}

// Cite formats one citation: a group of items, in the given mode.
func (s *Styler) Cite(items []Item, mode Mode) (spans []Span, missing []string) {
	var f frag
	seen := map[string]bool{}
	prevNames := ""
	for i, it := range items {
		w := s.work(it.Key)
		if w == nil {
			if !seen[it.Key] {
				seen[it.Key] = true
				missing = append(missing, it.Key)
			}
			if i > 0 {
				f = append(f, Span{Text: "; "})
			}
			f = append(f, affix("", plain(it.Prefix), " ")...)
			f = append(f, Span{Text: it.Key + "?"})
			prevNames = ""
			continue
		}
		names := s.citeContributors(w)
		loc, rest := splitLocator(it.Suffix)
		tail := join(", ", s.citeDate(w), s.pointLocator(w, loc))
		tail = append(tail, plain(rest)...)
		if mode == Narrative {
			if i > 0 {
				f = append(f, Span{Text: "; "})
			}
			f = append(f, affix("", plain(it.Prefix), " ")...)
			if !it.SuppressAuthor {
				f = append(f, names...)
				f = append(f, Span{Text: " "})
			}
			f = append(f, affix("(", tail, ")")...)
			continue
		}
		// Adjacent works of the same authors share them: "Knuth 1974a,
		// 1974b" (CSL's collapse by year). Next to a locator the
		// delimiter stays "; ".
		key := plainText(finish(names))
		collapse := i > 0 && it.Prefix == "" && !it.SuppressAuthor && key != "" && key == prevNames
		switch {
		case collapse:
			if items[i-1].Suffix != "" || it.Suffix != "" {
				f = append(f, Span{Text: "; "})
			} else {
				f = append(f, Span{Text: ", "})
			}
			f = append(f, tail...)
		default:
			if i > 0 {
				f = append(f, Span{Text: "; "})
			}
			f = append(f, affix("", plain(it.Prefix), " ")...)
			if !it.SuppressAuthor {
				f = append(f, names...)
				if w.year == "" && w.accessed == "" {
					f = append(f, Span{Text: ", "})
				} else {
					f = append(f, Span{Text: " "})
				}
			}
			f = append(f, tail...)
		}
		prevNames = key
		if it.SuppressAuthor || it.Prefix != "" {
			prevNames = ""
		}
	}
	if mode == Parenthetical {
		f = affix("(", f, ")")
	}
	return finish(f), missing
}

// citeContributors is the short form of a work's creators in a citation,
// or its title when it has none.
func (s *Styler) citeContributors(w *work) frag {
	l, _ := w.contributors()
	if len(l.names) == 0 {
		return s.title(w, maxCiteTitle)
	}
	show := citeEtAlFirst
	if n, ok := s.showNames[w]; ok {
		show = n
	}
	return plain(citeNames(l, show, s.givenForm[w]))
}

// citeDate is the year in a citation, with its disambiguating letter.
func (s *Styler) citeDate(w *work) frag {
	if w.year == "" {
		if sfx := s.yearSuffix[w]; sfx != "" {
			return plain("n.d." + sfx)
		}
		return plain("n.d.")
	}
	return plain(clip(w.year, maxCiteName) + s.yearSuffix[w])
}

// bibContributors is the reference list's form of a work's creators, ""
// when the title stands in for them.
func (s *Styler) bibContributors(w *work) string {
	l, editors := w.contributors()
	if len(l.names) == 0 {
		return ""
	}
	names := bibNames(l)
	if editors {
		if len(l.names) > 1 || l.others {
			return names + ", eds."
		}
		return names + ", ed."
	}
	return names
}

// title is the work's title in the style's form: in italics for a book,
// else in quotation marks, in title case; cut to limit runes.
func (s *Styler) title(w *work, limit int) frag {
	if len(w.title) == 0 {
		return nil
	}
	t := clip(titleCase(w.title), limit)
	if w.italicTitle() {
		return emph(t)
	}
	return plain("“" + t + "”")
}

// bibEntry lays out one reference, following the style's bibliography
// layout for the types a BibTeX file has.
func (s *Styler) bibEntry(w *work, names string) frag {
	_, editorsAsAuthors := w.contributors()
	chapterLike := w.kind == "chapter" || w.kind == "paper-conference"
	bookLike := w.kind == "book" || w.kind == "report"
	var date frag
	if w.year == "" {
		date = plain("n.d." + s.yearSuffix[w])
	} else {
		date = plain(w.year + s.yearSuffix[w])
	}
	title := s.title(w, MaxFieldSize)
	head := join(". ", plain(names), date)
	if names == "" {
		// The title stands in for the authors.
		head = join(". ", title, date)
		title = nil
	}
	f := join(". ", head, title)

	// description: the genre of a report or similar, with its number.
	if len(w.title) > 0 && w.kind != "thesis" {
		f = append(f, affix(". ", join(" ", plain(capitalizeFirst(w.genre)), plain(w.number)), "")...)
	}
	// secondary contributors: editors besides authors.
	if !chapterLike && !editorsAsAuthors && len(w.editors.names) > 0 {
		label := "Edited by "
		f = append(f, Span{Text: ". " + label + editedBy(w.editors)})
	}
	// container title
	if len(w.container) > 0 {
		var c frag
		title := titleCase(w.container)
		if w.kind == "article-journal" {
			title = containerCase(w.container)
		}
		c = emph(title)
		if chapterLike {
			c = append(plain("In "), c...)
		}
		f = append(f, affix(". ", c, "")...)
	}
	if chapterLike && !editorsAsAuthors && len(w.editors.names) > 0 {
		f = append(f, Span{Text: ", edited by " + editedBy(w.editors)})
	}
	// edition
	if ed := w.edition; ed != "" {
		switch {
		case bookLike && isNumeric(ed):
			f = append(f, Span{Text: ". " + ordinal(ed) + " ed"})
		case bookLike:
			f = append(f, Span{Text: ". " + capitalizeFirst(ed)})
		case chapterLike && isNumeric(ed):
			f = append(f, Span{Text: ", " + ordinal(ed) + " ed."})
		case chapterLike:
			f = append(f, Span{Text: ", " + ed})
		}
	}
	// pages of a chapter, after its volume
	if chapterLike && w.pages != "" {
		f = append(f, Span{Text: ", " + affixText("", w.volume, ":") + pageRange(w.pages)})
	}
	switch {
	case w.kind == "article-journal":
		if s := titleCase(w.series); s != "" {
			f = append(f, affix(", ", join(" ", plain(s), plain(w.seriesNum)), ", ")...)
		}
		month := ""
		if w.month > 0 {
			month = monthsLong[w.month-1]
		}
		switch {
		case w.volume != "" && w.issue != "":
			f = append(f, Span{Text: " " + w.volume + " (" + w.issue + ")"})
		case w.volume != "":
			f = append(f, Span{Text: " " + w.volume + affixText(" (", month, ")")})
		case w.issue != "":
			f = append(f, Span{Text: ", no. " + w.issue + affixText(" (", month, ")")})
		default:
			f = append(f, plain(affixText(", ", month, ""))...)
		}
	case bookLike:
		f = append(f, affix(". ", plain(affixText("Vol. ", w.volume, "")), "")...)
	case chapterLike && w.pages == "":
		f = append(f, affix(". ", plain(affixText("Vol. ", w.volume, "")), "")...)
	}
	// collection title (a book's series)
	if w.kind != "article-journal" {
		if st := titleCase(w.series); st != "" {
			sep := ", "
			if isNumeric(w.seriesNum) {
				sep = " "
			}
			f = append(f, Span{Text: ". " + st + affixText(sep, w.seriesNum, "")})
		}
	}
	// issue: publisher, with a thesis's genre first
	if w.kind != "article-journal" {
		var genre frag
		if w.kind == "thesis" {
			genre = plain(capitalizeFirst(w.genre))
		}
		pub := plain(joinNonEmpty(": ", w.place, w.publisher))
		f = append(f, affix(". ", join(", ", genre, pub), "")...)
	}
	// pages of an article
	if w.kind == "article-journal" && w.pages != "" {
		if w.volume != "" || w.issue != "" {
			f = append(f, Span{Text: ": " + pageRange(w.pages)})
		} else {
			f = append(f, Span{Text: ", " + pageRange(w.pages)})
		}
	}
	// access: a web page's date, the access date of an undated work, the
	// DOI or URL.
	var access []frag
	if w.kind == "webpage" && w.year != "" {
		date := w.year
		if w.month > 0 {
			date = monthsLong[w.month-1] + " " + date
		}
		access = append(access, plain(date))
	}
	if w.year == "" && w.accessed != "" {
		access = append(access, plain("Accessed "+textDate(w.accessed)))
	}
	access = append(access, link(w))
	f = append(f, affix(". ", join(". ", access...), "")...)
	return append(f, Span{Text: "."})
}

// link is the DOI as an https://doi.org/ link, else the URL; the text is
// a link only when it is an http(s) URL.
func link(w *work) frag {
	u := w.url
	if w.doi != "" {
		u = "https://doi.org/" + w.doi
	}
	if u == "" {
		return nil
	}
	if isWebURL(u) {
		return frag{{Text: u, Link: u}}
	}
	return plain(u)
}

func affixText(prefix, s, suffix string) string {
	if s == "" {
		return ""
	}
	return prefix + s + suffix
}

// isNumeric reports whether s is a number as CSL's is-numeric means it:
// digits, perhaps with an ordinal ending ("2nd").
func isNumeric(s string) bool {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return false
	}
	switch s[i:] {
	case "", "st", "nd", "rd", "th":
		return true
	}
	return false
}

// ordinal writes a number as an English ordinal: 2 is "2nd".
func ordinal(s string) string {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	digits := s[:i]
	n, err := strconv.Atoi(digits)
	if err != nil {
		return s
	}
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return digits + suffix
}

var monthsLong = []string{"January", "February", "March", "April", "May", "June", "July",
	"August", "September", "October", "November", "December"}

// textDate writes an ISO date (2024-05-01) as "May 1, 2024"; anything else
// is written as it is.
func textDate(s string) string {
	parts := strings.Split(s, "-")
	if len(parts) != 3 {
		return s
	}
	m, err1 := strconv.Atoi(parts[1])
	d, err2 := strconv.Atoi(parts[2])
	if err1 != nil || err2 != nil || m < 1 || m > 12 {
		return s
	}
	return monthsLong[m-1] + " " + strconv.Itoa(d) + ", " + parts[0]
}

// sortWorks orders works as the reference list does: by authors (family
// name, then given), year, then title; the title stands in for missing
// authors.
func sortWorks(ws []*work) {
	type keyed struct {
		names      []string
		year, titl string
	}
	keys := make(map[*work]keyed, len(ws))
	for _, w := range ws {
		var k keyed
		l, _ := w.contributors()
		for _, n := range l.names {
			k.names = append(k.names, fold(joinNonEmpty(" ", n.family, n.given, n.particle, n.suffix)))
		}
		k.titl = fold(decodeTitle(w))
		if len(k.names) == 0 {
			k.names = []string{k.titl}
		}
		k.year = yearKey(w.year)
		keys[w] = k
	}
	sort.SliceStable(ws, func(i, j int) bool {
		a, b := keys[ws[i]], keys[ws[j]]
		for n := 0; n < len(a.names) && n < len(b.names); n++ {
			if a.names[n] != b.names[n] {
				return a.names[n] < b.names[n]
			}
		}
		if len(a.names) != len(b.names) {
			return len(a.names) < len(b.names)
		}
		if a.year != b.year {
			return a.year < b.year
		}
		return a.titl < b.titl
	})
}

// yearKey orders years as pandoc does: a year that is not a number
// ("forthcoming", "2001--2004") first, then years by number, then works
// without a year.
func yearKey(year string) string {
	switch {
	case year == "":
		return "2"
	case strings.Trim(year, "0123456789") == "" && len(year) <= 16:
		return "1" + strings.Repeat("0", 16-len(year)) + year
	}
	return "0" + year
}

func decodeTitle(w *work) string {
	var b strings.Builder
	for _, r := range w.title {
		b.WriteString(r.text)
	}
	return b.String()
}

// fold is a sort key for text: accents removed, lower case.
func fold(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}
