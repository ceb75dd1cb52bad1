package authoring

import (
	"html"
	"strings"

	"github.com/grundylab/grundy/pkg/report/mathml"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Refs is the goldmark extension for cross-references, equations and
// citations. It reads Quarto's references ("@fig-x", "[@fig-x]",
// "-@fig-x", "@Fig-x"), MyST's roles ({ref}, {numref}, {eq}, {prf:ref}),
// links with no text to a label ("[](#label)"), MyST's targets
// ("(label)="), labelled equations ("$$ ... $$ {#eq-x}", \label), \eqref
// and \ref in text, and citations ("[@a; @b, p. 3]", "@a", "[-@a]",
// {cite}, {cite:p}, {cite:t}).
//
// With an Index that recorded the whole document (Index.Markdown for
// each piece of Markdown, in order, and Index.Add for what the Markdown
// does not hold), its transformer numbers the document's nodes as the
// index did and resolves each reference: a link to its target with the
// text Quarto or mystmd gives it, or, for a label no target has, the
// reference as written in a <mark class="ref-missing">. Give each
// rendering of a document its own Refs: it counts the pieces it parses.
type Refs struct {
	// Index holds the document's targets; nil numbers and resolves
	// nothing (the parse of Index.Markdown itself).
	Index *Index
	// Converter is the page's formula converter, whose count of equations
	// follows the index's (nil in a post).
	Converter *mathml.Converter

	cursor int  // the next entry of the index
	lost   bool // the pieces parsed no longer match the index's entries
	seeded bool // the Converter knows the labels of the index's equations
	// anchored are the labels of equations given an id on the page.
	anchored map[string]bool
}

// Extend installs the parsers, the transformer and the renderers.
func (e *Refs) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		// Headings' ids: "## Title {#sec-x}".
		parser.WithAttribute(),
		parser.WithBlockParsers(util.Prioritized(targetParser{}, 90)),
		parser.WithInlineParsers(
			util.Prioritized(roleParser{}, 140),
			util.Prioritized(texRefParser{}, 160),
			util.Prioritized(atParser{}, 190),
		),
		parser.WithASTTransformers(util.Prioritized(&refTransformer{refs: e}, 900)),
	)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(&refRenderer{refs: e}, 150)))
}

type refTransformer struct{ refs *Refs }

// Transform makes displayed formulas Equations and, with an index,
// numbers the document's nodes and resolves its references.
func (t *refTransformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	source := reader.Source()
	var replace [][2]ast.Node
	var targets []*TargetNode
	var tables []ast.Node
	var headings []*ast.Heading
	var paragraphs []*ast.Paragraph
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if eq := formulaOf(n, source); eq != nil {
			replace = append(replace, [2]ast.Node{n, eq})
			return ast.WalkSkipChildren, nil
		}
		switch n := n.(type) {
		case *TargetNode:
			targets = append(targets, n)
		case *east.Table:
			tables = append(tables, n)
			return ast.WalkSkipChildren, nil
		case *GridTable:
			tables = append(tables, n)
		case *ast.Heading:
			headings = append(headings, n)
		case *ast.Paragraph:
			if _, ok := n.FirstChild().(*ast.Image); ok {
				paragraphs = append(paragraphs, n)
			}
		case *ast.Link:
			if r := linkRef(n, source); r != nil {
				replace = append(replace, [2]ast.Node{n, r})
				return ast.WalkSkipChildren, nil
			}
		}
		return ast.WalkContinue, nil
	})
	for _, r := range replace {
		if eq, ok := r[1].(*Formula); ok {
			replaceWithFormula(r[0], eq)
		} else {
			r[0].Parent().ReplaceChild(r[0].Parent(), r[0], r[1])
		}
	}
	for _, tb := range tables {
		captionTable(tb, source)
	}
	for _, p := range paragraphs {
		imageFigure(p, source)
	}
	for _, h := range headings {
		keepID(h)
	}
	for _, tn := range targets {
		if h, ok := tn.NextSibling().(*ast.Heading); ok && ValidLabel(tn.label) {
			tn.heading = true
			h.SetAttributeString("id", []byte(tn.label))
		}
	}
	if t.refs.Index != nil {
		t.refs.resolve(doc, source)
	}
}

// keepID removes a heading's attributes but its id, noting whether it
// is marked unnumbered ("{.unnumbered}" or "{-}", as Pandoc reads them):
// "{style=...}" or "{onclick=...}" written after a heading sets nothing
// on a page.
func keepID(h *ast.Heading) {
	id, hasID := h.AttributeString("id")
	unnumbered := false
	if class, ok := h.AttributeString("class"); ok {
		if b, ok := class.([]byte); ok {
			for _, c := range strings.Fields(string(b)) {
				unnumbered = unnumbered || c == "unnumbered" || c == "-"
			}
		}
	}
	h.RemoveAttributes()
	if hasID {
		h.SetAttributeString("id", id)
	}
	if unnumbered {
		h.SetAttributeString("class", []byte("unnumbered"))
	}
}

// linkRef returns the reference a link with no text to "#label" is, as
// MyST reads "[](#label)", or nil.
func linkRef(l *ast.Link, source []byte) *Ref {
	dest := string(l.Destination)
	if l.ChildCount() > 0 || !strings.HasPrefix(dest, "#") || len(dest) < 2 {
		return nil
	}
	r := &Ref{Form: FormLink, Label: dest[1:], Source: "[](" + dest + ")"}
	if seg, ok := linkSpan(l, source); ok {
		r.start, r.stop = seg[0], seg[1]
	}
	return r
}

// linkSpan finds the range of "[](#label)" in the source: the link's
// text is empty, so the position of its destination is searched for
// from the link's own position.
func linkSpan(l *ast.Link, source []byte) ([2]int, bool) {
	pos := l.Pos()
	if pos < 0 || pos >= len(source) {
		return [2]int{}, false
	}
	want := "[](" + string(l.Destination) + ")"
	if strings.HasPrefix(string(source[pos:]), want) {
		return [2]int{pos, pos + len(want)}, true
	}
	return [2]int{}, false
}

// resolve numbers the nodes of doc from the index's entries, in order,
// and resolves its references and citations.
func (e *Refs) resolve(doc ast.Node, source []byte) {
	x := e.Index
	if e.Converter != nil && !e.seeded {
		// \eqref in a formula may name an equation further on, or one
		// labelled outside TeX.
		for label, t := range x.targets {
			if t.Counter == CounterEquation && t.Number != "" {
				e.Converter.SetLabel(label, t.Number)
			}
		}
		e.seeded = true
	}
	var after []func()
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *Ref:
			n.resolve(x)
			return ast.WalkSkipChildren, nil
		case *ast.Image:
			for _, c := range refsIn(n) {
				after = append(after, func() { replace(c, ast.NewString([]byte(sourceOf(c)))) })
			}
			return ast.WalkSkipChildren, nil
		case *Cite:
			n.index = x
			if r := e.citeAsText(n); r != nil {
				after = append(after, func() { replace(n, r) })
			}
			return ast.WalkSkipChildren, nil
		case *ast.Heading:
			if en, ok := e.next(CounterSection); ok && en.target.Number != "" {
				num := &SectionNumber{Number: en.target.Number, Lead: en.target.lead, at: headingTextStart(n)}
				after = append(after, func() { n.InsertBefore(n, n.FirstChild(), num) })
			}
			return ast.WalkContinue, nil
		case *Formula:
			if en, ok := e.next(CounterEquation); ok {
				n.tag, n.before, n.after = en.tag, en.before, en.count
				n.id = en.target.Label
				e.anchorLabels(n)
				if en.star {
					n.TeX = starEnvironments(n.TeX)
				}
				if m, ok := n.FirstChild().(*mathml.Math); ok {
					m.TeX = []byte(n.displayTeX())
				}
			}
			return ast.WalkSkipChildren, nil
		case Numbered:
			if th, ok := n.(*Theorem); ok && th.of != nil {
				th.of.resolve(x)
			}
			if en, ok := e.next(n.Counter()); ok {
				n.SetNumber(en.target.Number)
				if n.Counter() == CounterEquation && e.Converter != nil {
					sync := &equationSync{count: en.count}
					after = append(after, func() { n.Parent().InsertAfter(n.Parent(), n, sync) })
				}
			}
			return ast.WalkContinue, nil
		case *ast.Link:
			// A link's text links nowhere else.
			for _, c := range refsIn(n) {
				after = append(after, func() { replace(c, ast.NewString([]byte(sourceOf(c)))) })
			}
			if e.linkPage(n, source, &after) {
				return ast.WalkContinue, nil
			}
			dest := string(n.Destination)
			if ValidLabel(dest) && !strings.Contains(dest, ":") && !strings.Contains(dest, "/") && !strings.Contains(dest, ".") {
				if _, pg, ok := x.lookup(dest, false); ok {
					// MyST's [text](label)
					r := &Ref{Label: dest, page: pg}
					n.Destination = []byte(r.href())
					if at := destinationAt(n, source, dest); at >= 0 {
						after = append(after, func() { n.AppendChild(n, &labelDestination{label: dest, post: r.postHref(), at: at}) })
					}
				}
			}
		}
		return ast.WalkContinue, nil
	})
	for _, f := range after {
		f()
	}
}

// destinationAt returns where a link's destination, written as dest,
// starts in the source: after the first "](" that follows the link's
// text; -1 when it is not written so.
func destinationAt(l *ast.Link, source []byte, dest string) int {
	pos := l.Pos()
	if pos < 0 || pos >= len(source) {
		return -1
	}
	i := strings.Index(string(source[pos:]), "]("+dest)
	if i < 0 {
		return -1
	}
	at := pos + i + 2
	if end := at + len(dest); end < len(source) && strings.IndexByte(") \t\n", source[end]) < 0 {
		return -1
	}
	return at
}

// kindLabelDestination is the kind of a labelDestination node.
var kindLabelDestination = ast.NewNodeKind("LabelDestination")

// A labelDestination is the destination of MyST's "[text](label)", a
// label, which the page links as "#label": the post writes it so too,
// where a blog would read a file's name. It shows nothing on the page.
type labelDestination struct {
	ast.BaseInline
	label string
	post  string // the address the post links: "#label", or another post's and the label
	at    int
	// start and lead, for a link with no text to another page, are
	// where the link starts and what the post writes from there to the
	// address: "[", the link's text, "](".
	start int
	lead  string
}

func (*labelDestination) Kind() ast.NodeKind { return kindLabelDestination }

func (n *labelDestination) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Label": n.label}, nil)
}

// Span returns the label's range in the source, from the link's start
// when the post writes its text.
func (n *labelDestination) Span() (start, stop int) {
	if n.lead != "" {
		return n.start, n.at + len(n.label)
	}
	return n.at, n.at + len(n.label)
}

// WritePost writes the label as a link to its anchor.
func (n *labelDestination) WritePost(w *strings.Builder, source []byte, body func(start, stop int)) {
	w.WriteString(n.lead + n.post)
}

// replace puts by in n's place, unless n was taken out already: a
// citation inside a link's text is both made text as the link's and
// resolved as itself.
func replace(n, by ast.Node) {
	if p := n.Parent(); p != nil {
		p.ReplaceChild(p, n, by)
	}
}

// refsIn returns the references and citations inside n.
func refsIn(n ast.Node) []ast.Node {
	var out []ast.Node
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering && (c.Kind() == KindRef || c.Kind() == KindCite || c.Kind() == KindRefList) {
			out = append(out, c)
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return out
}

// sourceOf returns a reference or citation as written.
func sourceOf(n ast.Node) string {
	if r, ok := n.(*Ref); ok {
		return r.Source
	}
	if l, ok := n.(*RefList); ok {
		return l.Source
	}
	return n.(*Cite).Source
}

// next returns the index's next entry, if it is of the counter: the
// pieces parsed are the pieces the index recorded, in the same order,
// unless a writer parsed something else, after which nothing is numbered.
func (e *Refs) next(counter string) (entry, bool) {
	if e.lost || e.cursor >= len(e.Index.entries) {
		e.lost = true
		return entry{}, false
	}
	en := e.Index.entries[e.cursor]
	if en.target.Counter != counter {
		e.lost = true
		return entry{}, false
	}
	e.cursor++
	return en, true
}

// citeAsText returns what a citation becomes that is no citation: a
// reference, when its one key is a label ("@label" reads so in mystmd),
// or its text, when the document has no bibliography and it is a bare
// "@key" (an "@property" in prose); nil for a citation.
func (e *Refs) citeAsText(c *Cite) ast.Node {
	x := e.Index
	if len(c.Items) == 1 && !strings.HasPrefix(c.Source, "{") {
		if x.has(c.Items[0].Key, true) {
			r := &Ref{Form: FormAt, Label: c.Items[0].Key, Source: c.Source, start: c.start, stop: c.stop}
			if c.Bare {
				r.Form = FormNumber
			}
			r.resolve(x)
			return r
		}
	}
	if x.Bibliography == nil && !c.explicit() {
		return ast.NewString([]byte(c.Source))
	}
	return nil
}

// headingTextStart returns where a heading's text starts in the source.
func headingTextStart(h *ast.Heading) int {
	if h.Lines().Len() > 0 {
		return h.Lines().At(0).Start
	}
	return -1
}

// KindSectionNumber is the kind of a SectionNumber node.
var KindSectionNumber = ast.NewNodeKind("SectionNumber")

// A SectionNumber is the number before a heading's text, "2.1", when
// the document numbers its sections.
type SectionNumber struct {
	ast.BaseInline
	Number string
	// Lead is what the heading shows in place of Number alone: an
	// appendix's title, "Appendix A —" (Crossref.appendixLead); "" for
	// Number.
	Lead string
	at   int
}

// Shown returns what the heading shows before its text, in a page and a
// post alike: "2.1", "Appendix A —".
func (n *SectionNumber) Shown() string {
	if n.Lead != "" {
		return n.Lead
	}
	return n.Number
}

// Kind returns KindSectionNumber.
func (*SectionNumber) Kind() ast.NodeKind { return KindSectionNumber }

// Dump writes the node for debugging.
func (n *SectionNumber) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Number": n.Number}, nil)
}

// Span returns the empty range where the heading's text starts.
func (n *SectionNumber) Span() (start, stop int) { return n.at, n.at }

// WritePost writes the heading's Shown text and a space.
func (n *SectionNumber) WritePost(w *strings.Builder, source []byte, body func(start, stop int)) {
	w.WriteString(escapeMarkdown(n.Shown()) + " ")
}

// equationSync keeps a page's count of equations after a node numbered
// as an equation that another extension renders (MyST's {math}).
var kindEquationSync = ast.NewNodeKind("EquationSync")

type equationSync struct {
	ast.BaseBlock
	count int
}

func (*equationSync) Kind() ast.NodeKind { return kindEquationSync }

func (n *equationSync) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

type refRenderer struct{ refs *Refs }

func (r *refRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindRef, r.ref)
	reg.Register(KindCite, r.cite)
	reg.Register(KindDownload, func(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			w.WriteString(downloadHTML(node.(*Download)))
		}
		return ast.WalkSkipChildren, nil
	})
	reg.Register(KindFormula, r.equation)
	reg.Register(KindTarget, r.target)
	reg.Register(KindRefList, renderRefList)
	reg.Register(KindSectionNumber, r.sectionNumber)
	reg.Register(kindEquationSync, r.sync)
	reg.Register(KindTableFigure, r.tableFigure)
	reg.Register(KindTableCaption, r.tableCaption)
	reg.Register(kindLabelDestination, func(util.BufWriter, []byte, ast.Node, bool) (ast.WalkStatus, error) {
		return ast.WalkContinue, nil
	})
	reg.Register(KindImageFigure, func(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		imageFigureHTML(w, node.(*ImageFigure), entering)
		return ast.WalkContinue, nil
	})
	reg.Register(KindFigureCaption, func(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		figureCaptionHTML(w, node.(*FigureCaption), entering)
		return ast.WalkContinue, nil
	})
}

func (r *refRenderer) tableFigure(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*TableFigure)
	if !entering {
		w.WriteString("</figure>\n")
		return ast.WalkContinue, nil
	}
	w.WriteString(`<figure class="table"`)
	if n.label != "" && ValidLabel(n.label) {
		w.WriteString(` id="` + html.EscapeString(n.label) + `"`)
	}
	w.WriteString(">\n")
	return ast.WalkContinue, nil
}

func (r *refRenderer) tableCaption(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*TableCaption)
	if !entering {
		w.WriteString("</figcaption>\n")
		return ast.WalkContinue, nil
	}
	w.WriteString("<figcaption>")
	if lead := captionNumber(CounterTable, n.table.number, n.table.letter); lead != "" {
		w.WriteString(html.EscapeString(tableLead(lead, n.table.letter)))
	}
	return ast.WalkContinue, nil
}

func (r *refRenderer) ref(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		w.WriteString(refHTML(node.(*Ref)))
	}
	return ast.WalkSkipChildren, nil
}

// refHTML returns a resolved reference as a link, an unresolved one
// marked.
func refHTML(n *Ref) string {
	if !n.checked {
		return html.EscapeString(n.Source) // no index: nothing resolved, nothing missing
	}
	if !n.found || !ValidLabel(n.Label) {
		if n.elsewhere {
			return `<mark class="` + missingClass(n) + `" title="another page has this label; Quarto resolves references across documents in books only">` + html.EscapeString(missingText(n)) + `</mark>`
		}
		return `<mark class="ref-missing" title="no target has this label">` + html.EscapeString(missingText(n)) + `</mark>`
	}
	if n.unlinked {
		return html.EscapeString(n.resolved)
	}
	return `<a class="ref" href="` + html.EscapeString(n.href()) + `">` + html.EscapeString(n.resolved) + `</a>`
}

// leadRefHTML returns a reference in a block's title, a solution's to
// its exercise, as refHTML does, a link without the class of the
// references in the text; with no index, a link that reads its label.
func leadRefHTML(n *Ref) string {
	switch {
	case !n.checked:
		return `<a href="#` + html.EscapeString(n.Label) + `">` + html.EscapeString(n.Label) + `</a>`
	case n.found && ValidLabel(n.Label):
		return `<a href="` + html.EscapeString(n.href()) + `">` + html.EscapeString(n.resolved) + `</a>`
	}
	return refHTML(n)
}

// missingText is what an unresolved reference shows: "?@fig-x" for
// Quarto's forms, as Quarto shows it, else the reference as written.
func missingText(n *Ref) string {
	if n.Form == FormAt || n.Form == FormNumber {
		return "?@" + n.Label
	}
	return n.Source
}

func (r *refRenderer) cite(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		if c := node.(*Cite); c.index == nil {
			w.WriteString(html.EscapeString(c.Source))
		} else {
			w.WriteString(citeHTML(c.index, c))
		}
	}
	return ast.WalkSkipChildren, nil
}

func (r *refRenderer) equation(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*Formula)
	if !entering {
		w.WriteString("</div>\n")
		if r.refs.Converter != nil && r.refs.Index != nil && !r.refs.lost {
			r.refs.Converter.SetEquations(n.after)
		}
		return ast.WalkContinue, nil
	}
	if r.refs.Converter != nil && r.refs.Index != nil && !r.refs.lost {
		r.refs.Converter.SetEquations(n.before)
	}
	// A formula with no number and no label is shown as any other.
	w.WriteString(`<div class="math-display`)
	if n.tag != "" || n.id != "" {
		w.WriteString(` equation`)
	}
	w.WriteString(`"`)
	if n.id != "" && ValidLabel(n.id) {
		w.WriteString(` id="` + html.EscapeString(n.id) + `"`)
	}
	w.WriteString(">")
	writeAnchors(w, n)
	return ast.WalkContinue, nil
}

func (r *refRenderer) target(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*TargetNode)
	if entering && !n.heading && ValidLabel(n.label) {
		w.WriteString(`<div class="target" id="` + html.EscapeString(n.label) + `"></div>` + "\n")
	}
	return ast.WalkSkipChildren, nil
}

func (r *refRenderer) sectionNumber(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		w.WriteString(`<span class="header-section-number">` + html.EscapeString(node.(*SectionNumber).Shown()) + "</span> ")
	}
	return ast.WalkSkipChildren, nil
}

func (r *refRenderer) sync(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering && r.refs.Converter != nil {
		r.refs.Converter.SetEquations(node.(*equationSync).count)
	}
	return ast.WalkSkipChildren, nil
}
