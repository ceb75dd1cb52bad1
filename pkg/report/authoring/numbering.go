package authoring

import (
	"regexp"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// Configure sets how x numbers a notebook, from its front matter and
// its Markdown, before any of it is recorded: as Quarto does, or as
// mystmd does (MyST).
//
// A notebook is read as MyST when its front matter holds mystmd's
// numbering key, or when, with none of Quarto's keys (number-sections,
// crossref, format), its Markdown uses MyST's syntax (a directive, a
// role or a target "(label)=") and none of Quarto's (a fenced div with
// attributes, "{#fig-x}", "@fig-x").
//
// The first level-1 heading is the document's title, no section, unless
// the front matter gives a title of other text: then it is a section, as
// both tools number it.
//
// The front matter's crossref and language keys are read over
// x.Crossref (see Crossref), with a warning, about cell 1, for what is
// left out; a MyST document numbers by no chapter.
//
// Sections are numbered by Quarto's "number-sections: true" and by
// mystmd's "numbering: {headings: true}"; mystmd reads neither
// "numbering: true" nor "numbering: headings" so (checked with mystmd
// 1.8.3's --jats), and neither does Configure.
func (x *Index) Configure(front map[string]any, nb *notebook.Notebook) {
	x.frontTitle, _ = front["title"].(string)
	numbering, hasNumbering := front["numbering"]
	x.MyST = hasNumbering || !quartoFront(front) && nb != nil && mystMarkdown(nb)
	switch {
	case x.MyST:
		m, _ := numbering.(map[string]any)
		x.NumberSections = m["headings"] == true
	case x.numbered():
		x.NumberSections = front["number-sections"] != false
	default:
		x.NumberSections = front["number-sections"] == true
	}
	for _, w := range x.Crossref.Read(front) {
		x.warn(1, "front matter: %s", w)
	}
	x.chapters = !x.MyST && x.Crossref.byChapter(x.Chapter != nil)
}

// quartoFront reports whether front matter holds a key only Quarto reads.
func quartoFront(front map[string]any) bool {
	for _, k := range []string{"number-sections", "crossref", "format"} {
		if _, ok := front[k]; ok {
			return true
		}
	}
	return false
}

// The marks of each dialect in Markdown.
var (
	mystSyntax = regexp.MustCompile("(?m)^[ \t]{0,3}(?:`{3,}|~{3,}|:{3,})\\{[A-Za-z][\\w:-]*\\}" + // a directive
		"|\\{[A-Za-z][\\w:-]*\\}`" + // a role
		`|(?m)^[ \t]{0,3}\([A-Za-z0-9_][^()\s]*\)=[ \t]*$`) // a target
	quartoSyntax = regexp.MustCompile(`(?m)^[ \t]{0,3}:{3,}[ \t]*\{[ \t]*[.#]` + // a fenced div with attributes
		`|\{#(?:fig|tbl|eq|sec|lst|thm|lem|cor|prp|cnj|def|exm|exr|sol|rem)-` + // a label
		`|(?:^|[\s\[;(])-?@(?:fig|tbl|eq|sec|lst|thm|lem|cor|prp|cnj|def|exm|exr|sol|rem)-[A-Za-z0-9_]`) // a reference
)

// mystMarkdown reports whether the notebook's Markdown uses MyST's
// syntax and none of Quarto's.
func mystMarkdown(nb *notebook.Notebook) bool {
	myst := false
	for _, c := range nb.Cells {
		if c == nil || c.Type != notebook.Markdown {
			continue
		}
		if quartoSyntax.MatchString(c.Source) {
			return false
		}
		myst = myst || mystSyntax.MatchString(c.Source)
	}
	return myst
}
