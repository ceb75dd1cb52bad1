package bib

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// stopWords are the words title case leaves in lower case, except at the
// start of a title or a sentence: CSL's list, with the name particles and
// the words pandoc's citeproc adds.
var stopWords = map[string]bool{
	"a": true, "an": true, "and": true, "as": true, "at": true, "but": true,
	"by": true, "down": true, "for": true, "from": true, "in": true,
	"into": true, "nor": true, "of": true, "on": true, "onto": true, "or": true,
	"over": true, "so": true, "the": true, "till": true, "to": true, "up": true,
	"via": true, "with": true, "yet": true,
	"about": true, "van": true, "von": true, "de": true, "d": true, "l": true,
}

// Where a word stands, for the case rules: at the start of the text, at
// the start of a sentence (after ". ", ": ", "? ", "! "), after a word
// break (space, hyphen, slash, dash), or inside a word (after an
// apostrophe, say).
const (
	atStart = iota
	atSentence
	afterBreak
	afterWordChar
	afterSentenceEnd // punctuation that ends a sentence, before its space
)

// caseWords applies f to each word of the unprotected runs, with where it
// stands; protected runs are kept but move the position on, as pandoc's
// citeproc does. A word is a run of letters and digits.
func caseWords(runs []run, f func(pos int, word string) string) []run {
	out := make([]run, len(runs))
	pos := atStart
	for i, r := range runs {
		var b strings.Builder
		text := r.text
		for len(text) > 0 {
			n := strings.IndexFunc(text, func(c rune) bool { return !isWordRune(c) })
			if n == 0 {
				c, size := firstRune(text)
				b.WriteString(text[:size])
				text = text[size:]
				switch {
				case c == '.' || c == '?' || c == '!' || c == ':':
					pos = afterSentenceEnd
				case unicode.IsSpace(c) && pos == afterSentenceEnd:
					pos = atSentence
				case unicode.IsSpace(c) || c == '-' || c == '/' || c == '–' || c == '—':
					pos = afterBreak
				}
				continue
			}
			if n < 0 {
				n = len(text)
			}
			word := text[:n]
			if !r.protect {
				word = f(pos, word)
			}
			b.WriteString(word)
			text = text[n:]
			pos = afterWordChar
		}
		out[i] = run{b.String(), r.protect}
	}
	return out
}

func isWordRune(c rune) bool { return unicode.IsLetter(c) || unicode.IsDigit(c) }

func firstRune(s string) (rune, int) {
	return utf8.DecodeRuneInString(s)
}

// sentenceCase is pandoc's first step with an English BibTeX title: it
// lowers capitalized words ("Games") except at a sentence's start, so
// that title case can raise them again by its own rules.
func sentenceCase(pos int, w string) string {
	start := pos == atStart || pos == atSentence
	switch {
	case isCapitalized(w) && !start:
		return strings.ToLower(w)
	case (isCapitalized(w) || isLower(w)) && start:
		return capitalize(strings.ToLower(w))
	}
	return w
}

// titleWord is CSL's title case for one word, as pandoc's citeproc
// applies it: words in upper or mixed case are kept; the first word of a
// sentence is capitalized; so is any other word of two or more letters
// that is not a stop word.
func titleWord(pos int, w string) string {
	switch {
	case isMixed(w) || isUpper(w):
		return w
	case pos == atStart || pos == atSentence:
		return capitalize(strings.ToLower(w))
	case pos == afterBreak && !stopWords[w] && len([]rune(w)) > 1:
		return capitalize(strings.ToLower(w))
	}
	return w
}

// titleCase writes a title field in title case: pandoc lowers it to
// sentence case first (bibliography titles), then raises it.
func titleCase(runs []run) string {
	return joinRuns(caseWords(caseWords(runs, sentenceCase), titleWord))
}

// containerCase writes a journal's name in title case; pandoc does not
// lower it first, so capitals in it stay.
func containerCase(runs []run) string {
	return joinRuns(caseWords(runs, titleWord))
}

func joinRuns(runs []run) string {
	var b strings.Builder
	for _, r := range runs {
		b.WriteString(r.text)
	}
	return b.String()
}

func isCapitalized(w string) bool {
	c, size := firstRune(w)
	return unicode.IsUpper(c) && isLower(w[size:])
}

func isLower(w string) bool {
	return !strings.ContainsFunc(w, unicode.IsUpper)
}

func isUpper(w string) bool {
	return !strings.ContainsFunc(w, func(c rune) bool { return !unicode.IsUpper(c) })
}

func isMixed(w string) bool {
	return strings.ContainsFunc(w, unicode.IsUpper) && strings.ContainsFunc(w, unicode.IsLower)
}

func capitalize(w string) string {
	c, size := firstRune(w)
	return string(unicode.ToUpper(c)) + w[size:]
}

// capitalizeFirst gives s a capital first letter, as CSL's
// capitalize-first does (a word in mixed case is kept).
func capitalizeFirst(s string) string {
	n := strings.IndexFunc(s, func(c rune) bool { return !isWordRune(c) })
	if n < 0 {
		n = len(s)
	}
	if w := s[:n]; w != "" && isLower(w) {
		return capitalize(s)
	}
	return s
}
