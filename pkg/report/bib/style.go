package bib

import (
	"regexp"
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

// A Reference is one entry of a reference list: the key as first cited
// (pandoc's anchors are "ref-" + Key; the key is untrusted text) and its
// text.
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
	// LinkDOIs, when set, writes a cited key that the database lacks
	// and that is a DOI (IsDOI) as a link to https://doi.org/, as mystmd
	// writes a DOI it does not look up, rather than as missing.
	LinkDOIs bool

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
		// The reference carries the key as the document cites it, which
		// may differ in case from the .bib file's.
		w.key = k
		s.works[e] = w
		s.order = append(s.order, w)
	}
	sortWorks(s.order)
	s.disambiguate()
	return s
}

// Cite formats a citation alone: it is db.Styler(its keys).Cite, so its
// years and names are told apart from its own items only. A document
// with more than one citation uses one Styler for all. missing lists the
// keys the database lacks, each once; each is shown as "key?", as pandoc
// shows it.
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
	cs := make([]cite, len(items))
	seen := map[string]bool{}
	for i, it := range items {
		cs[i] = s.cite(it)
		if cs[i].w == nil && !seen[it.Key] && !s.linked(it.Key) {
			seen[it.Key] = true
			missing = append(missing, it.Key)
		}
	}
	var f frag
	if mode == Narrative {
		for i, c := range cs {
			if i > 0 {
				f = append(f, Span{Text: "; "})
			}
			f = append(f, affix("", plain(c.item.Prefix), " ")...)
			switch {
			case c.w == nil:
				f = append(f, s.unknown(c.item.Key)...)
			case c.item.SuppressAuthor:
				f = append(f, affix("(", c.tail, ")")...)
			default:
				f = append(f, c.names...)
				f = append(f, affix(" (", c.tail, ")")...)
			}
		}
		return finish(f), missing
	}
	for i, g := range groupCites(cs) {
		if i > 0 {
			f = append(f, Span{Text: "; "})
		}
		f = append(f, s.citeGroup(g)...)
	}
	return finish(affix("(", f, ")")), missing
}

// unknown returns the text of a cited key the database lacks: the key
// marked "?", or a DOI's link when the styler links them.
func (s *Styler) unknown(key string) frag {
	if s.linked(key) {
		return frag{{Text: key, Link: "https://doi.org/" + key}}
	}
	return plain(key + "?")
}

// linked reports whether a key the database lacks is written as a link.
func (s *Styler) linked(key string) bool { return s.LinkDOIs && IsDOI(key) }

// doiForm matches a DOI as Crossref suggests matching modern ones:
// "10.", a registrant code of 4 to 9 digits, "/", and a suffix of
// letters, digits and -._;()/: only.
var doiForm = regexp.MustCompile(`(?i)^10\.[0-9]{4,9}/[-._;()/:a-z0-9]+$`)

// IsDOI reports whether key is a DOI, such as "10.1093/nar/22.22.4673".
func IsDOI(key string) bool { return len(key) <= maxDOI && doiForm.MatchString(key) }

// maxDOI is the longest key IsDOI takes for a DOI.
const maxDOI = 256

// A cite is one item of a citation, read.
type cite struct {
	item   Item
	w      *work // nil for a key the database lacks
	names  frag  // the authors' short form, or the title standing in
	key    string
	tail   frag // the year, the locator and the rest of the suffix
	hasLoc bool
	rest   string // the suffix after its locator
}

func (s *Styler) cite(it Item) cite {
	c := cite{item: it, w: s.work(it.Key)}
	if c.w == nil {
		return c
	}
	c.names = s.citeContributors(c.w)
	if l, _ := c.w.contributors(); len(l.names) > 0 {
		c.key = plainText(finish(c.names))
	}
	loc, rest := splitLocator(it.Suffix)
	c.hasLoc, c.rest = loc != nil, rest
	c.tail = append(keyed(it.Key, join(", ", s.citeDate(c.w), s.pointLocator(c.w, loc))), plain(rest)...)
	return c
}

// groupCites puts cites of the same authors together, at the place of the
// first, as CSL's cite grouping does: "Knuth 1974, 1984a". A cite joins an
// earlier one when it has no prefix and no text after its locator, and
// the earlier one has no such text either.
func groupCites(cs []cite) [][]cite {
	var groups [][]cite
	open := map[string]int{} // names -> the group that takes more
	for _, c := range cs {
		if c.key != "" && c.item.Prefix == "" && c.rest == "" {
			if g, ok := open[c.key]; ok {
				groups[g] = append(groups[g], c)
				continue
			}
		}
		groups = append(groups, []cite{c})
		if _, ok := open[c.key]; c.key != "" && c.rest == "" && !ok {
			open[c.key] = len(groups) - 1
		}
	}
	return groups
}

// citeGroup writes cites of the same authors: the authors once (unless
// the first cite suppresses them), then each year with its locator,
// separated by ", ", or by "; " when some cite of the group has a
// locator.
func (s *Styler) citeGroup(g []cite) frag {
	first := g[0]
	f := affix("", plain(first.item.Prefix), " ")
	switch {
	case first.w == nil:
		return append(f, s.unknown(first.item.Key)...)
	case !first.item.SuppressAuthor:
		// The authors and the year are one link, "Knuth 1984", as pandoc
		// links them.
		f = append(f, keyed(first.item.Key, first.names)...)
		if first.w.year == "" && first.w.accessed == "" {
			// "n.d." follows a comma.
			f = append(f, Span{Text: ", ", Key: first.item.Key})
		} else {
			f = append(f, Span{Text: " ", Key: first.item.Key})
		}
	}
	f = append(f, first.tail...)
	delim := ", "
	for _, c := range g {
		if c.hasLoc {
			delim = "; "
		}
	}
	for _, c := range g[1:] {
		f = append(f, Span{Text: delim})
		f = append(f, c.tail...)
	}
	return f
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
	t := clip(w.titleCase(w.title), limit)
	if w.italicTitle() {
		return emph(t)
	}
	// Quotation marks inside quotation marks become single ones.
	return plain("“" + innerQuotes.Replace(t) + "”")
}

var innerQuotes = strings.NewReplacer("“", "‘", "”", "’")

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
