// Package bib reads BibTeX databases and formats citations and reference
// lists from them as pandoc does with its default style, the Chicago
// Manual of Style author–date (pandoc's built-in chicago-author-date CSL).
//
// A document that cites works makes one Styler from every key it cites,
// then asks it for each citation and for the reference list:
//
//	db, err := bib.Parse(data) // the caller reads the .bib file
//	s := db.Styler(cited)      // every key the document cites, in any order
//	spans, missing := s.Cite([]bib.Item{{Key: "knuth1984", Suffix: "p. 3"}}, bib.Parenthetical)
//	refs := s.References()     // sorted, each with its key for an anchor "ref-KEY"
//
// The Styler is needed because the in-text forms of a citation depend on
// all the works the document cites, exactly as in pandoc: two works of
// one author and year are told apart as 1984a and 1984b (in both the
// citations and the reference list), two cited authors of one family name
// by their initials, two author lists that "et al." would make look alike
// by more names. Database.Cite and Database.References are thin forms
// that make a Styler from their own keys alone; use them only for a
// document with a single citation, or accept that disambiguation then
// sees only those keys.
//
// Text comes back as Spans: plain text (never markup: a writer escapes
// it), some of it in italics (book and journal titles), some of it a link
// (a DOI as https://doi.org/..., or a URL; only http and https URLs are
// ever links). A key the database lacks is shown as "key?" and listed in
// Cite's missing result, for the caller to warn about.
//
// An Item's Suffix is the text after the key as written, with or without
// the comma before it: a locator at its start ("p. 3", "pp. 3-5",
// "chap. 2", "12-14"; a bare one must start with a digit) is formatted as
// the style says (a page range in Chicago's short form, "438–44"); the
// rest follows as written.
//
// Parse reads BibTeX as BibTeX does: entries in braces or parentheses,
// @string macros (with jan ... dec predefined) and "#" concatenation,
// @preamble (ignored), @comment and text between entries (skipped). Field
// names and entry types are lower-cased; keys are looked up exactly, then
// without regard to case. Entry.Fields holds each value decoded to
// Unicode: TeX accents (\"o, {\"o}, \'{e}, \c{c}, \v s, ...) and special
// letters (\ss, \o, \aa, \l, ...) resolved, braces removed, "~" a no-break
// space, "--" and "---" dashes, “quotes”, \&, \% and friends, \url and
// \emph and other commands reduced to their text. Names ("Last, First and
// First von Last and {Corporate Name} and others") are split BibTeX's way
// when formatting.
//
// A .bib file is untrusted. Parse bounds what it reads (MaxSize,
// MaxEntries, MaxFieldSize, MaxDepth, and @string expansion to a constant
// times the input's size) and reports malformed input and exceeded limits
// as a *SyntaxError with a line number, wrapping ErrSyntax or ErrLimit.
// Formatting writes at most a constant times its input. Recoverable
// problems (duplicate keys, undefined macros) are Database.Warnings.
//
// What differs from pandoc is listed in the package's tests
// (TestAgainstPandoc), which compare both on a database of real and
// synthetic entries when pandoc is installed.
package bib
