// Package bib reads BibTeX databases and formats citations and reference
// lists from them as pandoc does with its default style, the Chicago
// Manual of Style author–date (pandoc 2.17's built-in chicago-author-date
// CSL).
//
// A document that cites works makes one Styler from every key it cites,
// then asks it for each citation and for the reference list:
//
//	db, err := bib.Parse(data) // the caller reads the .bib file
//	s := db.Styler(cited)      // every key the document cites, in any order, repeats allowed
//	spans, missing := s.Cite([]bib.Item{{Key: "knuth1984", Suffix: "p. 3"}}, bib.Parenthetical)
//	refs := s.References()     // sorted, each with its key for an anchor "ref-KEY"
//
// The Styler is needed because the in-text form of a citation depends on
// all the works the document cites, as in pandoc: two works of one author
// and year are told apart as 1984a and 1984b (in the citations and the
// reference list alike), two cited authors of one family name by their
// initials ("J. Smith", "C. A. B. Smith"), two author lists that "et al."
// would make look alike by more names ("Alpha, Beta, et al."). So collect
// every cited key of the document (of every cell of a notebook) first,
// make one Styler, then format. Database.Cite and Database.References are
// thin forms that make a Styler from their own keys alone: right for a
// document with one citation, wrong for more. A Styler is safe for
// concurrent use; so is a Database.
//
// Citations read as pandoc writes them: "(Knuth 1984b, 3)" in
// Parenthetical mode, "Knuth (1984b, 3)" in Narrative mode; several items
// are separated by "; ", and works of the same authors are put together
// at the first one's place, sharing the authors ("Knuth 1974, 1984a";
// CSL's cite grouping, which an item with a prefix, or with text after
// its locator, stays out of). An Item's Prefix comes first ("see"); its Suffix
// is the text after the key as written, with or without the comma before
// it: a locator at its start ("p. 3", "pp. 3-5", "chap. 2", "sec. 4",
// "12-14"; a bare one must start with a digit) is formatted as the style
// says (a page range in Chicago's short form, "438–44"; a page of a
// multi-volume book after its volume, "1:3"), and the rest follows as
// written. SuppressAuthor leaves the authors out: "(1984b)". A key the
// database lacks is shown as "key?", as pandoc shows it, and listed once
// in Cite's missing result for the caller to warn about.
//
// Text comes back as Spans: plain text, never markup (a writer escapes
// it), some of it in italics (titles of books and journals), some of it a
// link (a DOI as https://doi.org/..., or a URL; only http and https URLs
// are ever links, and a writer should check them again). In a citation,
// the spans of each work's authors, year and locator carry its key
// (Span.Key), so that a writer can link them to the work's entry as
// pandoc does with link-citations: "(see [Knuth 1984, 3] and more;
// [Conway 1976])". Reference.Key
// and the "key?" of a missing key are the .bib file's and the document's
// own text: a writer that makes an id of them ("ref-" + Key) escapes or
// validates them.
//
// Parse reads BibTeX as BibTeX does: entries in braces or parentheses,
// @string macros (with jan ... dec predefined) and "#" concatenation,
// @preamble (ignored), @comment and text between entries (skipped), and
// crossref (an entry takes the fields it lacks from the entry it names,
// that entry's title as its booktitle). Formatting reads BibTeX's fields
// and, as pandoc does, biblatex's date, journaltitle and location; titles
// are set in title case unless langid (or hyphenation) names a language
// other than English. Entry types and field names are lower-cased; keys
// are looked up exactly, then without regard to case.
// Entry.Fields holds each value decoded to Unicode: TeX accents (\"o,
// {\"o}, \'{e}, \c{c}, \v s, ...) and letters (\ss, \o, \aa, \l, \i, ...)
// resolved, braces removed, "~" a no-break space, "--" and "---" dashes,
// TeX's quotation marks curly, \&, \%, \$ and the like, and \emph, \textsc, \url and
// other commands reduced to their text; url and doi are kept verbatim.
// Names ("Last, First and First von Last and {Corporate Name} and
// others") are split BibTeX's way when formatting. Problems Parse can
// live with, each naming its line, are Database.Warnings: duplicate keys
// (the first entry wins), fields given twice, undefined macros (empty, as
// in BibTeX), crossrefs to no entry.
//
// A .bib file is untrusted. Parse bounds what it reads (MaxSize,
// MaxEntries, MaxFieldSize, MaxDepth) and what @string macros and crossref
// may add (four times the input's size), and reports malformed input and
// exceeded limits as a *SyntaxError with a line number, wrapping ErrSyntax
// or ErrLimit. Formatting takes time and writes text linear in its input:
// a reference is a constant times its entry; an in-text citation of a
// work at most a few kilobytes plus its prefix and suffix, since names
// and titles in citations are cut (with "…") far beyond any real one.
//
// Where this package and pandoc differ, knowingly, is listed in the
// package's test TestAgainstPandoc, which compares both, italics and links
// included, on a database of real and synthetic entries and on citations
// of every form, when pandoc is installed: BibTeX's special characters
// ({\"o}) do not protect case here, as in BibTeX, where pandoc protects
// them (and writes "gödel" for G{\"o}del in a title); {\'\i} is "í"; a
// month written out ("July") is read; a year range keeps TeX's dash,
// "2001–2004", where pandoc writes "2001--2004"; the text after a locator
// is written as given, where pandoc's Markdown reader puts a no-break
// space after an abbreviation in it ("sec. 3").
package bib
