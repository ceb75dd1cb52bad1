package bib

import (
	"strconv"
	"strings"
)

// A work is an entry read the way pandoc reads BibTeX into CSL: a CSL
// type and the variables Chicago author–date uses.
type work struct {
	key                string
	kind               string // CSL type: article-journal, book, chapter, ...
	authors, editors   nameList
	title, container   []run
	series             []run
	year               string // "" when the entry has none
	volume, issue      string
	pages              string
	publisher, place   string
	edition, genre     string
	number, seriesNum  string
	doi, url, accessed string
	month, day         int // 1 to 12 and 1 to 31, 0 for none
	english            bool
}

// kinds maps BibTeX entry types to CSL types, as pandoc maps them.
var kinds = map[string]string{
	"article":       "article-journal",
	"book":          "book",
	"booklet":       "book",
	"manual":        "book",
	"proceedings":   "book",
	"collection":    "book",
	"inbook":        "chapter",
	"incollection":  "chapter",
	"inproceedings": "paper-conference",
	"conference":    "paper-conference",
	"phdthesis":     "thesis",
	"mastersthesis": "thesis",
	"thesis":        "thesis",
	"techreport":    "report",
	"report":        "report",
	"unpublished":   "manuscript",
	"online":        "webpage",
	"electronic":    "webpage",
	"www":           "webpage",
}

func newWork(e *Entry) *work {
	f := e.Fields
	w := &work{
		key:      e.Key,
		kind:     kinds[e.Type],
		authors:  parseNames(e.raw["author"]),
		editors:  parseNames(e.raw["editor"]),
		title:    decode(e.raw["title"]),
		year:     f["year"],
		volume:   f["volume"],
		pages:    f["pages"],
		place:    f["address"],
		edition:  f["edition"],
		doi:      f["doi"],
		url:      f["url"],
		accessed: f["urldate"],
		month:    parseMonth(f["month"]),
		english:  isEnglish(f["langid"], f["hyphenation"]),
	}
	if w.kind == "" {
		w.kind = "document"
	}
	// biblatex's names for the same fields, which pandoc reads too.
	if w.place == "" {
		w.place = f["location"]
	}
	if w.year == "" {
		w.year, w.month, w.day = isoDate(f["date"])
	}
	w.publisher = f["publisher"]
	if w.publisher == "" {
		w.publisher = f["organization"]
	}
	switch w.kind {
	case "article-journal":
		w.container = decode(e.raw["journal"])
		if len(w.container) == 0 {
			w.container = decode(e.raw["journaltitle"])
		}
		w.issue = f["number"]
		w.series = decode(e.raw["series"])
	case "chapter", "paper-conference":
		w.container = decode(e.raw["booktitle"])
		w.series = decode(e.raw["series"])
		w.seriesNum = f["number"]
	case "thesis":
		w.publisher = f["school"]
		if w.publisher == "" {
			w.publisher = f["institution"]
		}
		w.genre = map[string]string{"phdthesis": "PhD thesis", "mastersthesis": "Master’s thesis"}[e.Type]
		if t := f["type"]; t != "" {
			w.genre = t
		}
	case "report":
		w.publisher = f["institution"]
		if w.publisher == "" {
			w.publisher = f["publisher"]
		}
		w.number = f["number"]
		w.genre = f["type"]
	default:
		w.series = decode(e.raw["series"])
		w.seriesNum = f["number"]
	}
	if hp := f["howpublished"]; hp != "" {
		if isWebURL(hp) {
			if w.url == "" {
				w.url = hp
			}
		} else if w.publisher == "" {
			w.publisher = hp
		}
	}
	if w.doi != "" {
		w.doi = strings.TrimPrefix(strings.TrimPrefix(w.doi, "https://doi.org/"), "http://dx.doi.org/")
	}
	return w
}

// isWebURL reports whether s is an http or https URL, the only links a
// reference may carry.
func isWebURL(s string) bool {
	l := strings.ToLower(s)
	if !strings.HasPrefix(l, "https://") && !strings.HasPrefix(l, "http://") {
		return false
	}
	return !strings.ContainsAny(s, " \t\n\r\"<>\\^`{|}") && len(s) > len("https://")
}

// contributors returns the names that stand for the work's creators,
// with whether they are editors: the authors, else the editors (CSL's
// substitution), else none.
func (w *work) contributors() (nameList, bool) {
	if len(w.authors.names) > 0 {
		return w.authors, false
	}
	if len(w.editors.names) > 0 {
		return w.editors, true
	}
	return nameList{}, false
}

// italicTitle reports whether the style sets the title in italics rather
// than quotes.
func (w *work) italicTitle() bool { return w.kind == "book" }

// parseMonth reads a month field: a number from 1 to 12, or a month's
// English name or its first three letters (what the macros jan ... dec
// give). Anything else is no month.
func parseMonth(s string) int {
	s = strings.ToLower(strings.TrimSpace(s))
	if n, err := strconv.Atoi(s); err == nil {
		if n >= 1 && n <= 12 {
			return n
		}
		return 0
	}
	for i, m := range monthsLong {
		if l := strings.ToLower(m); s == l || len(s) == 3 && strings.HasPrefix(l, s) {
			return i + 1
		}
	}
	return 0
}

// isoDate reads biblatex's date field, "2003", "2003-05" or "2003-05-17":
// its year as written, and its month and day, 0 when not given. Anything
// else is no date.
func isoDate(s string) (year string, month, day int) {
	parts := strings.Split(strings.TrimSpace(s), "-")
	if len(parts) > 3 || len(parts[0]) != 4 || strings.Trim(parts[0], "0123456789") != "" {
		return "", 0, 0
	}
	if len(parts) > 1 {
		if m, err := strconv.Atoi(parts[1]); err == nil && m >= 1 && m <= 12 {
			month = m
		}
	}
	if len(parts) > 2 && month > 0 {
		if d, err := strconv.Atoi(parts[2]); err == nil && d >= 1 && d <= 31 {
			day = d
		}
	}
	return parts[0], month, day
}

// isEnglish reports whether an entry's language, biblatex's langid or else
// its hyphenation field, is English (or not given): pandoc changes the
// case of English titles only.
func isEnglish(langid, hyphenation string) bool {
	lang := strings.ToLower(strings.TrimSpace(langid))
	if lang == "" {
		lang = strings.ToLower(strings.TrimSpace(hyphenation))
	}
	switch lang {
	case "", "english", "american", "british", "canadian", "australian", "newzealand", "usenglish", "ukenglish":
		return true
	}
	return lang == "en" || strings.HasPrefix(lang, "en-")
}

// titleCase writes a title in title case when the work is in English,
// else as it is.
func (w *work) titleCase(runs []run) string {
	if !w.english {
		return joinRuns(runs)
	}
	return titleCase(runs)
}

// containerCase is titleCase for a journal's name.
func (w *work) containerCase(runs []run) string {
	if !w.english {
		return joinRuns(runs)
	}
	return containerCase(runs)
}
