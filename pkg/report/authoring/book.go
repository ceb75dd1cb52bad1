package authoring

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// A Chapter places a document in a Quarto book, whose chapters Quarto
// numbers in the order the book lists them (quarto.org, "Book
// Crossrefs"): in chapter 2 the figures, tables, listings, equations and
// theorem-like blocks of each kind are numbered "2.1", "2.2", …, its
// sections "2.1", "2.1.1", its title "2", which a reference reads
// "Chapter 2"; in an appendix the chapter's letter stands for its
// number, "A.1", its title read "Appendix A". An unnumbered chapter
// (its title marked ".unnumbered", as a book's preface) numbers its
// targets 1, 2, … and its sections not at all. The book's crossref
// options (Index.Crossref) may number its targets by no chapter, name
// them otherwise, and title its appendices otherwise.
//
// Where numbers carry the chapter's (a numbered chapter, or a document
// numbering by its level-1 headings), a displayed formula that takes a
// number, being labelled or holding an AMS environment, takes one for
// the whole of it, "(2.1)", its rows' \label naming that number: Quarto
// numbers the labelled formula so, and a number per row, as MathJax
// gives it, would not carry the chapter's.
type Chapter struct {
	// Number is the chapter's number, "2", or among the appendices its
	// letter, "A"; "" for an unnumbered chapter.
	Number string
	// Appendix is set for a chapter of the book's appendices.
	Appendix bool
}

// numbered reports whether the document is a numbered chapter of a
// book.
func (x *Index) numbered() bool { return x.Chapter != nil && x.Chapter.Number != "" }

// chapterPrefix returns the number that prefixes the document's numbers
// when it numbers by chapter (Crossref.byChapter): its chapter's in a
// book, "2"; in a document of no book, its current level-1 heading's,
// counted from 1, as Quarto counts them; "" for none.
func (x *Index) chapterPrefix() string {
	switch {
	case !x.chapters:
		return ""
	case x.Chapter != nil:
		return x.Chapter.Number
	case x.chapter > 0:
		return strconv.Itoa(x.chapter)
	}
	return ""
}

// inChapter returns n, a number within the document, as the document's
// chapter prefixes it: "2.n" in chapter 2, n when it numbers by no
// chapter.
func (x *Index) inChapter(n string) string {
	if p := x.chapterPrefix(); p != "" {
		return p + "." + n
	}
	return n
}

// nextChapter starts a chapter of a document of no book that numbers by
// chapter, at a level-1 heading: each kind of target is numbered from 1
// again, as Quarto restarts its counters there.
func (x *Index) nextChapter() {
	x.chapter++
	for k := range x.counts {
		if k != CounterSection {
			delete(x.counts, k)
		}
	}
	x.conv.SetEquations(0)
}

// chapterTitle numbers t, the target of a numbered chapter's title, as
// the chapter, and names it as a reference reads it: "Chapter 2",
// "Appendix A", or, when the book numbers by no chapter, "Section 2",
// as Quarto's book names it then (quarto-cli's book-crossrefs.ts). An
// appendix's title reads "Appendix A —" before its text
// (Crossref.appendixLead).
func (x *Index) chapterTitle(t *Target) {
	t.Number = x.Chapter.Number
	switch {
	case !x.chapters:
	case x.Chapter.Appendix:
		t.kind = "apx"
	default:
		t.kind = "ch"
	}
	if x.Chapter.Appendix {
		t.lead = x.Crossref.appendixLead(t.Number)
	}
}

// NumberedChapter reports whether a document a Quarto book lists takes a
// chapter's number, as Quarto decides it (quarto-cli's
// isNumberedChapter): unless its title, the front matter's or else its
// first level-1 heading (Quarto reads its first heading of any level),
// is marked unnumbered, "# Preface {.unnumbered}" or "{-}".
func NumberedChapter(front map[string]any, nb *notebook.Notebook) bool {
	if title, ok := front["title"].(string); ok {
		m := titleAttributes.FindStringSubmatch(title)
		return m == nil || !unnumberedClass(m[1])
	}
	if nb == nil {
		return true
	}
	for _, c := range nb.Cells {
		if c == nil || c.Type != notebook.Markdown {
			continue
		}
		src := []byte(c.Source)
		var h *ast.Heading
		_ = ast.Walk(scanner.Parse(text.NewReader(src)), func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if hh, ok := n.(*ast.Heading); ok && entering && hh.Level == 1 {
				h = hh
				return ast.WalkStop, nil
			}
			return ast.WalkContinue, nil
		})
		if h != nil {
			class, _ := h.AttributeString("class")
			b, _ := class.([]byte)
			m := titleAttributes.FindStringSubmatch(plainText(h, src))
			return !unnumberedClass(string(b)) && (m == nil || !unnumberedClass(m[1]))
		}
	}
	return true
}

// ChapterTitle returns a book's chapter title as Quarto shows it: with
// the attributes after it, "Preface {.unnumbered}", left out.
func ChapterTitle(title string) string {
	m := titleAttributes.FindStringSubmatchIndex(title)
	if m == nil || m[0] == 0 {
		return title
	}
	for _, f := range strings.Fields(title[m[2]:m[3]]) {
		if !strings.ContainsAny(f[:1], ".#-") && !strings.Contains(f, "=") {
			return title // braces of the title's own, "Sets {a, b}"
		}
	}
	return strings.TrimSpace(title[:m[0]])
}

// titleAttributes finds the attributes after a title, "Preface
// {.unnumbered}".
var titleAttributes = regexp.MustCompile(`\{([^{}]*)\}\s*$`)

// unnumberedClass reports whether attributes or classes mark a heading
// unnumbered, as Pandoc reads ".unnumbered" and "-".
func unnumberedClass(attrs string) bool {
	for _, f := range strings.Fields(attrs) {
		if f == "unnumbered" || f == ".unnumbered" || f == "-" {
			return true
		}
	}
	return false
}
