package authoring

import (
	"cmp"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/grundylab/grundy/pkg/report/bib"
	"github.com/grundylab/grundy/pkg/report/mathml"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// The counters of the numbered things every document has; a theorem-like
// block's counter is its kind, such as "theorem" or "lemma".
const (
	CounterFigure   = "figure"
	CounterTable    = "table"
	CounterEquation = "equation"
	CounterSection  = "section"
)

// MaxTargets is the number of targets an Index records; the targets
// after it are numbered but cannot be referred to, with a warning.
const MaxTargets = 10_000

// ErrLabel is wrapped by the errors of Index.Add for a label that is
// malformed, too long, taken already, or one too many.
var ErrLabel = errors.New("bad label")

// ValidLabel reports whether label can name a target: ASCII letters,
// digits and "_" in words joined by "-", ".", ":" or "/", so that it may
// stand as an element id and a URL fragment as it is, and at most 128
// bytes.
func ValidLabel(label string) bool { return validLabel(label) }

// A Target is something a reference can name: a numbered figure, table,
// equation, section or theorem-like block, or an unnumbered block with
// a label.
type Target struct {
	// Label is the target's name, its anchor in a page and a post.
	Label string
	// Counter is the sequence the target is numbered in (see Numbered).
	Counter string
	// Number is its number, as "3" or "2.1" for a section; "" for none.
	Number string
	// Title is its title as plain text: a heading's text, a caption, a
	// theorem's name; "" for none.
	Title string
	// Cell is the notebook cell it is in, counted from 1.
	Cell int

	// kind is Quarto's type key a reference names the target by, in
	// place of its counter's: "ch" for a chapter's title, "apx" for an
	// appendix's.
	kind string
	// lead is what a heading shows in place of its number: an appendix's
	// "Appendix A —"; "" for the number.
	lead string
}

// An Index numbers the targets of one document in order, as Quarto and
// mystmd number them, so that a document rendered a piece at a time
// (a notebook, cell by cell) shows the same numbers in every writer.
// Add and Markdown record the document's parts in order; the Refs
// extender then numbers the nodes and resolves the references of each
// piece it parses.
type Index struct {
	// NumberSections numbers headings, "1", "1.2", as Quarto does with
	// number-sections: true and mystmd with numbering: {headings: true};
	// a reference to a section then reads "Section 1.2", where without it
	// it reads the section's title.
	NumberSections bool
	// MyST numbers as mystmd does: every displayed formula takes a number,
	// labelled or not, one for the whole formula (an AMS environment's
	// rows take none of their own), and but a {math} directive marked
	// ":enumerated: false"; MyST's {ref} and "[](#label)" to a numbered
	// section read "Section 1.2". Without it formulas are numbered as
	// Quarto numbers them: labelled ones, and AMS environments as
	// MathJax numbers them. Configure sets it.
	MyST bool
	// Chapter places the document in a Quarto book, numbering its
	// targets as the chapter's (see Chapter); nil for a document of its
	// own. It is set before Configure, which then numbers the sections
	// of a numbered chapter unless the front matter says
	// "number-sections: false", as a book numbers them.
	Chapter *Chapter
	// Crossref holds the options of Quarto's crossref key: the project's
	// (its _quarto.yml's), set before Configure, which reads the front
	// matter's over them.
	Crossref Crossref

	frontTitle string // the front matter's title, "" for none

	targets  map[string]*Target
	entries  []entry // the numbered nodes of the Markdown, in order
	counts   map[string]int
	sections []int // the number of the current section at each level
	top      int   // the heading level numbered as the first, 0 until a heading is seen
	// chapters numbers targets by chapter (Crossref.byChapter); in a
	// document of no book, its level-1 headings are the chapters, and
	// chapter is the current one's number, 0 before the first.
	chapters bool
	chapter  int
	headings int // the headings seen
	conv     *mathml.Converter
	warnings []Warning
	warned   map[int]int // the warnings about each cell, for warn's limit
	refs     []pending
	cited    []string
	citedSet map[string]bool
	// Bibliography, when set before the writers render the document,
	// holds the works its citations refer to; without one, Pandoc's
	// citations ("[@key]", "@key") are text, as Quarto reads them.
	Bibliography *bib.Database

	styleOnce sync.Once
	style     *bib.Styler

	project *Project // the site's other pages (Join); nil for none
	page    string   // this document's name among them
}

// A Warning is something odd about the document, placed by cell.
type Warning struct {
	Cell int
	Msg  string
}

// An entry is a numbered node of the Markdown: its target, and for a
// displayed formula the tag it must be given, "" when the formula numbers
// itself (an AMS environment) or takes no number.
type entry struct {
	target *Target
	tag    string
	// before and count are the numbers of equations numbered before and
	// after the node, for the converter of a page to follow.
	before, count int
	// star is set for a formula numbered as a whole, whose environments
	// must not number their rows (MyST).
	star bool
}

// pending is a reference or citation seen, checked when the whole
// document has been read.
type pending struct {
	cell  int
	label string
	cite  bool
	role  bool // in brackets or a MyST role, a citation whatever the document holds
	// quarto is set for Quarto's forms ("@fig-x", "[@key]"), which name
	// another page's target in a MyST document only (see lookup).
	quarto bool
	// term is the term a {term} role names, "" for other references.
	term string
}

// NewIndex returns an empty Index.
func NewIndex() *Index {
	return &Index{targets: map[string]*Target{}, counts: map[string]int{}, conv: mathml.New(), citedSet: map[string]bool{}}
}

// Add records a target outside the Markdown, such as a code cell's
// figure, as the next in its counter's sequence, and returns its number.
// An empty label numbers the target without naming it. The error, which
// wraps ErrLabel, is for a label that cannot be recorded; the target is
// numbered all the same.
func (x *Index) Add(cell int, counter, label, title string) (string, error) {
	t := &Target{Counter: counter, Title: title, Cell: cell}
	x.number(t)
	return t.Number, x.name(t, label)
}

// AddSub records a subfigure of the figure labelled parent, a target
// outside the Markdown such as a code cell's, numbered as Quarto numbers
// it, "1 (a)" for the letter "a", and returns its number. The error wraps
// ErrLabel, as Add's does, or ErrNoTarget when parent names nothing.
func (x *Index) AddSub(cell int, parent, label, letter, title string) (string, error) {
	p := x.targets[parent]
	if p == nil || p.Number == "" {
		return "", fmt.Errorf("%w %q", ErrNoTarget, parent)
	}
	t := &Target{Counter: p.Counter, Number: p.Number + " (" + letter + ")", Title: title, Cell: cell}
	return t.Number, x.name(t, label)
}

// ErrNoTarget is wrapped by the error of AddSub for a parent that names
// no numbered target.
var ErrNoTarget = errors.New("no numbered target")

// number gives t the next number of its counter.
func (x *Index) number(t *Target) {
	switch t.Counter {
	case "":
	case CounterEquation:
		n := x.conv.Equations() + 1
		x.conv.SetEquations(n)
		t.Number = x.inChapter(x.numberText(t.Counter, n))
	default:
		x.counts[t.Counter]++
		t.Number = x.inChapter(x.numberText(t.Counter, x.counts[t.Counter]))
	}
}

// numberText returns the n-th number of a counter as the document writes
// it: in a Quarto document, in its crossref labels' scheme ("iii", "c").
func (x *Index) numberText(counter string, n int) string {
	if x.MyST {
		return strconv.Itoa(n)
	}
	return x.Crossref.format(quartoTypes[counter], n)
}

// name records t under label, if it can be.
func (x *Index) name(t *Target, label string) error {
	switch {
	case label == "":
		return nil
	case !ValidLabel(label):
		return fmt.Errorf("%w %q: want ASCII letters, digits and \"_\", joined by \"-\", \".\", \":\" or \"/\", at most %d bytes", ErrLabel, clip(label), maxName)
	case x.targets[label] != nil:
		prev := x.targets[label]
		return fmt.Errorf("%w %q: the label of %s already (cell %d)", ErrLabel, label, describe(prev), prev.Cell)
	case len(x.targets) >= MaxTargets:
		return fmt.Errorf("%w %q: more than %d labels", ErrLabel, label, MaxTargets)
	}
	t.Label = label
	x.targets[label] = t
	if t.Counter == CounterEquation && t.Number != "" {
		x.conv.SetLabel(label, t.Number)
	}
	return nil
}

// Target returns the target labelled label, if there is one.
func (x *Index) Target(label string) (Target, bool) {
	if t := x.targets[label]; t != nil {
		return *t, true
	}
	return Target{}, false
}

// Math records a displayed formula outside the Markdown (a text/latex
// output), which numbers its AMS environments on a page as it does.
func (x *Index) Math(tex string) {
	_ = x.conv.Number(tex) // a formula that fails fails on the page too, numbering the same
}

// Warnings returns what the index found odd, and forgets it.
func (x *Index) Warnings() []Warning {
	w := x.warnings
	x.warnings = nil
	return w
}

// warn records a warning about cell; past maxWarnings of them a cell gets
// one more saying the rest are left out, and then none.
func (x *Index) warn(cell int, format string, args ...any) {
	if x.warned == nil {
		x.warned = map[int]int{}
	}
	x.warned[cell]++
	switch n := x.warned[cell]; {
	case n == maxWarnings+1:
		x.warnings = append(x.warnings, Warning{Cell: cell, Msg: "more warnings about the labels of this cell are left out"})
		return
	case n > maxWarnings:
		return
	}
	x.warnings = append(x.warnings, Warning{Cell: cell, Msg: fmt.Sprintf(format, args...)})
}

// scanner parses Markdown as the writers do, to find its numbered nodes
// and references; it renders nothing.
var scanner = goldmark.New(goldmark.WithExtensions(extension.GFM, extension.Footnote, extension.DefinitionList, &mathml.Extender{}, &Blocks{}, &Refs{}),
	goldmark.WithParserOptions(parser.WithAttribute())).Parser()

// Markdown records the targets and references of a piece of Markdown,
// the source of cell, in order.
func (x *Index) Markdown(cell int, source string) {
	src := mathml.JoinLines([]byte(source))
	doc := scanner.Parse(text.NewReader(src))
	x.scan(cell, doc, src)
}

// scan records what doc holds: its numbered nodes, headings and
// displayed formulas as entries, its references for Check.
func (x *Index) scan(cell int, doc ast.Node, source []byte) {
	var pendingLabel string // a MyST target, "(label)=", for the next block
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if t, ok := n.(*TargetNode); ok {
			pendingLabel = t.label
			return ast.WalkSkipChildren, nil
		}
		if e, ok := n.(*IndexEntry); ok {
			next, numbered := e.NextSibling().(Numbered)
			switch {
			case e.label == "":
			case e.NextSibling() == nil, numbered && next.Label() != "":
				// Nothing follows to take the name: a target at the
				// entry, as Sphinx makes one, read by its label.
				x.plainTarget(cell, e.label, "")
			default:
				pendingLabel = e.label
			}
			return ast.WalkSkipChildren, nil
		}
		label := ""
		if n.Type() == ast.TypeBlock && n.Kind() != ast.KindDocument {
			label, pendingLabel = pendingLabel, ""
		}
		if name := blockNames[n.Kind()]; name != "" && label != "" {
			x.plainTarget(cell, label, name)
		}
		if t, ok := n.(*GlossaryTerm); ok {
			x.plainTarget(cell, t.Label, plainText(t, source))
		}
		if n.Kind() == east.KindDefinitionList && label != "" {
			// mystmd reads a definition list by its first term.
			term := ""
			if t := n.FirstChild(); t != nil && t.Kind() == east.KindDefinitionTerm {
				term = plainText(t, source)
			}
			x.plainTarget(cell, label, cmp.Or(term, "Definition List"))
		}
		switch n := n.(type) {
		case *ast.Link, *ast.Image:
			return ast.WalkSkipChildren, nil // a link's text links nowhere else
		case *Ref:
			if len(x.refs) < MaxTargets {
				x.refs = append(x.refs, pending{cell: cell, label: n.Label, quarto: n.quarto(), term: n.term})
			}
			return ast.WalkSkipChildren, nil
		case *RefList:
			if n.Mixed {
				x.warn(cell, "%s: Quarto drops the citations of a list that holds cross-references; they are shown after the references", clip(n.Source))
			}
			if n.Suffixed {
				x.warn(cell, "%s: Quarto drops the text after a cross-reference; it is shown after the reference", clip(n.Source))
			}
			return ast.WalkContinue, nil
		case *Download:
			if !n.Linked() {
				x.warn(cell, "download %s: only a relative path inside the notebook's folder is linked; shown marked", short(n.Path))
			}
			return ast.WalkSkipChildren, nil
		case *Cite:
			for _, it := range n.Items {
				x.cite(cell, it.Key, n.explicit(), !strings.HasPrefix(n.Source, "{"))
			}
			return ast.WalkSkipChildren, nil
		case *ast.Heading:
			x.heading(cell, n, source, label)
			return ast.WalkContinue, nil
		case *Formula:
			x.equation(cell, n, label)
			return ast.WalkSkipChildren, nil
		case Numbered:
			t := &Target{Counter: n.Counter(), Cell: cell}
			if tt, ok := n.(interface{ targetTitle() string }); ok {
				t.Title = tt.targetTitle()
			}
			if th, ok := n.(*Theorem); ok && th.of != nil {
				x.solution(cell, t, th.of.Label)
			}
			x.numberNode(t, n)
			x.entries = append(x.entries, entry{target: t, count: x.conv.Equations()})
			if err := x.name(t, cmp.Or(n.Label(), label)); err != nil {
				x.warn(cell, "%s %v", describe(t), err)
			}
			return ast.WalkContinue, nil
		}
		if m, ok := n.(*mathml.Math); ok && m.Display {
			x.Math(string(m.TeX))
		}
		return ast.WalkContinue, nil
	})
}

// blockNames are the names mystmd 1.8.3 gives a "(label)=" target's
// block when it takes no number: a reference to it reads the name.
var blockNames = map[ast.NodeKind]string{
	ast.KindParagraph: "Paragraph", ast.KindList: "List", ast.KindBlockquote: "Blockquote",
}

// plainTarget records a target that takes no number, read by its title,
// or by its label for none.
func (x *Index) plainTarget(cell int, label, title string) {
	t := &Target{Title: title, Cell: cell}
	if err := x.name(t, label); err != nil {
		x.warn(cell, "%s %v", describe(t), err)
	}
}

// solution records a solution's reference to the exercise it solves,
// and names the solution as mystmd does, "Solution to Exercise 1", when
// the exercise comes before it.
func (x *Index) solution(cell int, t *Target, exercise string) {
	if len(x.refs) < MaxTargets {
		x.refs = append(x.refs, pending{cell: cell, label: exercise})
	}
	if ex, ok := x.Target(exercise); ok {
		t.Title = "Solution to " + x.refText(FormRef, "", ex)
	}
}

// heading numbers a heading as a section and records its label, given
// by an id attribute ("{#sec-x}") or a MyST target before it.
func (x *Index) heading(cell int, h *ast.Heading, source []byte, label string) {
	t := &Target{Counter: CounterSection, Title: plainText(h, source), Cell: cell}
	_, unnumbered := h.AttributeString("class")
	// A document's first heading, of level 1, is its title (the page
	// shows it as such), not its first section, unless the front matter
	// titles the document otherwise.
	title := x.headings == 0 && h.Level == 1 && (x.frontTitle == "" || x.frontTitle == t.Title)
	x.headings++
	if title && x.numbered() {
		x.chapterTitle(t)
	}
	chapter := x.chapters && x.Chapter == nil && h.Level == 1 && !title && !unnumbered
	if chapter {
		x.nextChapter()
	}
	if x.NumberSections && !unnumbered && !title {
		if x.top == 0 || h.Level < x.top {
			x.top = h.Level
		}
		depth := h.Level - x.top
		for len(x.sections) <= depth {
			x.sections = append(x.sections, 0)
		}
		x.sections = x.sections[:depth+1]
		x.sections[depth]++
		parts := make([]string, len(x.sections))
		for i, s := range x.sections {
			parts[i] = strconv.Itoa(s)
		}
		// A book's sections take their chapter's number whether or not
		// its other targets do, as Quarto's references across chapters
		// number them (book-crossrefs.ts).
		t.Number = strings.Join(parts, ".")
		if x.numbered() {
			t.Number = x.Chapter.Number + "." + t.Number
		}
		if chapter {
			t.kind = "ch"
		}
	}
	if id, ok := h.AttributeString("id"); ok && label == "" {
		label, _ = id.(string)
		if b, ok := id.([]byte); ok {
			label = string(b)
		}
	}
	x.entries = append(x.entries, entry{target: t, count: x.conv.Equations()})
	if err := x.name(t, label); err != nil {
		x.warn(cell, "heading %q: %v", clip(t.Title), err)
	}
}

// equation numbers a displayed formula that is labelled, by Quarto's
// "{#eq-x}" after it, a MyST target or \label in its TeX, or that holds
// an environment numbered as MathJax numbers AMS environments; the
// labels of its rows' \label name their numbers.
func (x *Index) equation(cell int, eq *Formula, label string) {
	label = cmp.Or(eq.label, label)
	before := x.conv.Equations()
	err := x.conv.Number(eq.TeX)
	t := &Target{Counter: CounterEquation, Cell: cell}
	e := entry{target: t, before: before}
	labels := texLabels.FindAllStringSubmatch(eq.TeX, -1)
	switch {
	case x.chapterPrefix() != "" && !x.MyST && (label != "" || len(labels) > 0 || err == nil && x.conv.Equations() > before):
		// Numbered by chapter, one number for the whole formula, "2.1",
		// as Quarto numbers a labelled one; the labels of its rows name
		// that number.
		x.conv.SetEquations(before)
		x.number(t)
		e.tag, e.star = t.Number, true
		if label == "" && len(labels) > 0 {
			label = labels[0][1]
		}
		for _, m := range labels {
			if m[1] != label && x.targets[m[1]] == nil {
				x.nameEquation(cell, &Target{Counter: CounterEquation, Number: t.Number, Cell: cell}, m[1])
			}
		}
	case x.MyST:
		// One number for the whole formula, as mystmd gives it; the
		// labels of its rows name that number.
		x.conv.SetEquations(before)
		x.number(t)
		e.tag, e.star = t.Number, true
		for _, m := range labels {
			if m[1] != label && x.targets[m[1]] == nil {
				x.nameEquation(cell, &Target{Counter: CounterEquation, Number: t.Number, Cell: cell}, m[1])
			}
		}
	case err == nil && x.conv.Equations() > before:
		t.Number = strconv.Itoa(before + 1)
		for _, m := range labels {
			if n, ok := x.conv.Label(m[1]); ok && n != "" && m[1] != label && x.targets[m[1]] == nil {
				x.nameEquation(cell, &Target{Counter: CounterEquation, Number: n, Cell: cell}, m[1])
			}
		}
	case label != "" || len(labels) > 0:
		// A labelled formula that would take no number takes the next.
		x.conv.SetEquations(before)
		x.number(t)
		e.tag = t.Number
		if label == "" {
			label = labels[0][1]
		}
	default:
		x.conv.SetEquations(before)
	}
	e.count = x.conv.Equations()
	x.entries = append(x.entries, e)
	if label != "" {
		x.nameEquation(cell, t, label)
	}
}

// nameEquation records an equation's label, with a warning if it cannot.
func (x *Index) nameEquation(cell int, t *Target, label string) {
	if err := x.name(t, label); err != nil {
		x.warn(cell, "equation (%s): %v", t.Number, err)
	}
}

// texLabels finds \label{name} in TeX.
var texLabels = regexp.MustCompile(`\\label\s*\{\s*([^{}\s]+)\s*\}`)

// cite records a citation of key, and a warning when the document has a
// bibliography without it; role is set for a citation in brackets or a
// MyST role, quarto for one in Pandoc's form rather than a role.
func (x *Index) cite(cell int, key string, role, quarto bool) {
	if !x.citedSet[key] && len(x.cited) < MaxTargets {
		x.citedSet[key] = true
		x.cited = append(x.cited, key)
	}
	if len(x.refs) < MaxTargets {
		x.refs = append(x.refs, pending{cell: cell, label: key, cite: true, role: role, quarto: quarto})
	}
}

// Check returns a warning for each reference to no target and each
// citation of a work the bibliography lacks, once the whole document has
// been recorded; at most a few for each cell, the rest counted.
func (x *Index) Check() []Warning {
	var out []Warning
	perCell := map[int]int{}
	seen := map[pending]bool{}
	for _, p := range x.refs {
		switch {
		case p.cite && x.MyST && bib.IsDOI(p.label):
			continue // linked to doi.org, as mystmd links a DOI it does not look up
		case p.cite && x.Bibliography == nil && (!p.role || x.has(p.label, p.quarto)):
			continue
		case p.cite && x.Bibliography != nil && x.cites(p.label, p.quarto):
			continue
		case !p.cite && x.has(p.label, p.quarto):
			continue
		}
		// One warning for a label unresolved in a cell, in whichever
		// form it is written.
		key := p
		key.quarto = false
		if seen[key] {
			continue
		}
		seen[key] = true
		perCell[p.cell]++
		if perCell[p.cell] > maxWarnings {
			continue
		}
		switch {
		case p.cite && x.Bibliography == nil:
			out = append(out, Warning{Cell: p.cell, Msg: fmt.Sprintf("citation @%s: the document names no bibliography (bibliography: in its front matter, or its project's _quarto.yml, myst.yml or _config.yml), shown marked", clip(p.label))})
		case p.cite:
			out = append(out, Warning{Cell: p.cell, Msg: fmt.Sprintf("citation @%s: no such work in the bibliography, shown marked", clip(p.label))})
		case p.quarto && x.elsewhere(p.label):
			out = append(out, Warning{Cell: p.cell, Msg: fmt.Sprintf("reference %s: another page has this label, which Quarto resolves across documents in books only; shown marked, as a Quarto website shows it", clip(p.label))})
		case (!p.quarto || x.MyST || x.inBook()) && len(x.duplicated(p.label)) > 1:
			pages := x.duplicated(p.label)
			out = append(out, Warning{Cell: p.cell, Msg: fmt.Sprintf("reference %s: %d pages have this label (%s and %s first), and a reference from another page cannot choose; shown marked", clip(p.label), len(pages), pages[0], pages[1])})
		case p.term != "":
			out = append(out, Warning{Cell: p.cell, Msg: fmt.Sprintf("term %s: no glossary defines it, shown marked", short(p.term))})
		default:
			out = append(out, Warning{Cell: p.cell, Msg: fmt.Sprintf("reference %s: no figure, table, equation, section or block has this label, shown marked", clip(p.label))})
		}
	}
	for cell, n := range perCell {
		if n > maxWarnings {
			out = append(out, Warning{Cell: cell, Msg: fmt.Sprintf("%d more references to no target", n-maxWarnings)})
		}
	}
	return out
}

// maxWarnings is the number of unresolved references of a cell each
// named in a warning.
const maxWarnings = 5

// cites reports whether the bibliography holds key, or a target has it
// as its label (mystmd reads "@label" as a reference), in a citation of
// Quarto's form or not.
func (x *Index) cites(key string, quarto bool) bool {
	if _, ok := x.Bibliography.Entry(key); ok {
		return true
	}
	return x.has(key, quarto)
}

// has reports whether a target has the label that a reference of
// Quarto's form or not names (see lookup).
func (x *Index) has(label string, quarto bool) bool {
	_, _, ok := x.lookup(label, quarto)
	return ok
}

// Cited returns the keys of the works cited, in the order first cited.
func (x *Index) Cited() []string { return x.cited }

// describe names a target for a message: "figure 2", "section", "equation".
func describe(t *Target) string {
	if t.Number == "" {
		return cmp.Or(t.Counter, "block")
	}
	return t.Counter + " " + t.Number
}

// clip shortens a text for a message.
func clip(s string) string {
	if len(s) <= 60 {
		return s
	}
	cut := 60
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}
