package authoring

import (
	"html"
	"net/url"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// htmlRenderer writes the nodes of Blocks as HTML. Every id it writes is
// a validated label, every class a validated class name, and every text
// escaped.
type htmlRenderer struct {
	b *Blocks
	// tabsets counts the tabsets written, so that each set's radio inputs
	// have a name of their own on the page.
	tabsets int
}

func (r *htmlRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindTheorem, r.theorem)
	reg.Register(KindLead, r.lead)
	reg.Register(KindCallout, r.callout)
	reg.Register(KindTitle, r.title)
	reg.Register(KindTabset, r.tabset)
	reg.Register(KindTab, r.tab)
	reg.Register(KindDiv, r.div)
	reg.Register(KindFigure, r.figure)
	reg.Register(KindLegend, r.legend)
	reg.Register(KindTable, r.table)
	reg.Register(KindRow, r.row)
	reg.Register(KindGridTable, r.gridTable)
	reg.Register(KindCellCode, r.cellCode)
	reg.Register(KindCellDiv, r.cellDiv)
	reg.Register(KindCell, r.cell)
	reg.Register(KindEquation, r.equation)
	reg.Register(KindUnknown, r.unknown)
	reg.Register(KindIndexEntry, r.indexEntry)
	reg.Register(KindGlossary, r.glossary)
	reg.Register(KindGlossaryTerm, r.glossaryTerm)
	reg.Register(KindGlossaryDefinition, r.glossaryDefinition)
}

// open writes the start tag of an element with an id (if any) and
// classes; the id is a label and the classes class names, checked when
// they were read.
func open(w util.BufWriter, tag, id string, classes ...string) {
	openWith(w, tag, id, "", classes...)
}

// openWith writes a start tag as open does, with attrs, attributes
// written here, after the classes.
func openWith(w util.BufWriter, tag, id, attrs string, classes ...string) {
	w.WriteString("<" + tag)
	if id != "" {
		w.WriteString(` id="` + html.EscapeString(id) + `"`)
	}
	var cs []string
	for _, c := range classes {
		if c != "" {
			cs = append(cs, html.EscapeString(c))
		}
	}
	if len(cs) > 0 {
		w.WriteString(` class="` + strings.Join(cs, " ") + `"`)
	}
	w.WriteString(attrs + ">")
}

// name returns the name a theorem-like block is shown by.
func (t *Theorem) name() string {
	if n := typeNames[t.Env]; n != "" {
		return n
	}
	return "Statement"
}

func (r *htmlRenderer) theorem(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	t := node.(*Theorem)
	tag := "div"
	if t.Folded {
		tag = "details"
	}
	if entering {
		classes := []string{"theorem"}
		if t.Env != "theorem" {
			classes = append(classes, t.Env)
		}
		open(w, tag, t.label, append(classes, t.Classes...)...)
		if t.Folded {
			w.WriteString("<summary>" + html.EscapeString(t.name()) + "</summary>")
		}
		w.WriteString("\n")
	} else {
		w.WriteString("</" + tag + ">\n")
	}
	return ast.WalkContinue, nil
}

func (r *htmlRenderer) lead(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	l := node.(*Lead)
	t := l.t
	if entering {
		w.WriteString(`<strong class="theorem-lead">` + html.EscapeString(t.name()))
		if t.number != "" && !t.Unnumbered {
			w.WriteString(" " + html.EscapeString(t.number))
		}
		if t.of != nil {
			w.WriteString(" to " + leadRefHTML(t.of))
		}
		if l.HasChildren() {
			w.WriteString(" (")
		}
	} else {
		if l.HasChildren() {
			w.WriteString(")")
		}
		w.WriteString(".</strong> ")
	}
	return ast.WalkContinue, nil
}

func (r *htmlRenderer) callout(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	c := node.(*Callout)
	tag := "div"
	if c.Folded {
		tag = "details"
	}
	if !entering {
		w.WriteString("</div>\n</" + tag + ">\n")
		return ast.WalkContinue, nil
	}
	classes := []string{"callout"}
	if c.Variant != "" {
		classes = append(classes, "callout-"+c.Variant)
	}
	if c.Appearance != "" {
		classes = append(classes, "callout-"+c.Appearance)
	}
	if c.NoIcon {
		classes = append(classes, "callout-no-icon")
	}
	attrs := ""
	if c.Folded && c.Open {
		attrs = ` open=""`
	}
	openWith(w, tag, c.label, attrs, append(classes, c.Classes...)...)
	w.WriteString("\n")
	return ast.WalkContinue, nil
}

// defaultTitle returns the title a callout shows when its writer gave
// none.
func (c *Callout) defaultTitle() string {
	if t := calloutTypes[c.Variant]; t != "" {
		return t
	}
	if c.Folded {
		return "Details"
	}
	return "Note"
}

func (r *htmlRenderer) title(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	t := node.(*Title)
	switch p := t.Parent().(type) {
	case *Callout:
		tag := "div"
		if p.Folded {
			tag = "summary"
		}
		if entering {
			w.WriteString("<" + tag + ` class="callout-title">`)
			if !t.HasChildren() {
				w.WriteString(html.EscapeString(p.defaultTitle()))
			}
		} else {
			w.WriteString("</" + tag + ">\n<div class=\"callout-body\">\n")
		}
	case *Tab:
		if entering {
			w.WriteString(`<label class="tab-label" for="` + p.id() + `">`)
		} else {
			w.WriteString("</label>\n<div class=\"tab-panel\">\n")
		}
	case *Table:
		if entering {
			if t.HasChildren() || p.number != "" {
				w.WriteString(`<figcaption class="table-caption">`)
				r.caption(w, "Table", p.number, t.HasChildren())
			}
		} else {
			if t.HasChildren() || p.number != "" {
				w.WriteString("</figcaption>\n")
			}
			if p.list {
				w.WriteString("<table>\n")
			}
		}
	default:
		if entering {
			w.WriteString("<p>")
		} else {
			w.WriteString("</p>\n")
		}
	}
	return ast.WalkContinue, nil
}

// caption writes the start of a caption, "Table 2: ", with the number
// when it has one, and a colon when text follows.
func (r *htmlRenderer) caption(w util.BufWriter, what, number string, text bool) {
	if number == "" {
		return
	}
	w.WriteString(`<span class="caption-number">` + what + " " + html.EscapeString(number))
	if text {
		w.WriteString(":")
	}
	w.WriteString("</span> ")
}

func (r *htmlRenderer) tabset(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	t := node.(*Tabset)
	if entering {
		r.tabsets++
		t.name = "tabset-" + strconv.Itoa(r.tabsets)
		open(w, "div", t.label, "tabset")
		w.WriteString("\n")
	} else {
		w.WriteString("</div>\n")
	}
	return ast.WalkContinue, nil
}

// id returns the id of a tab's radio input.
func (t *Tab) id() string {
	set, ok := t.Parent().(*Tabset)
	if !ok {
		return ""
	}
	k := 1
	for c := t.PreviousSibling(); c != nil; c = c.PreviousSibling() {
		if _, ok := c.(*Tab); ok {
			k++
		}
	}
	return set.name + "-" + strconv.Itoa(k)
}

func (r *htmlRenderer) tab(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	t := node.(*Tab)
	set, ok := t.Parent().(*Tabset)
	if !ok {
		// A tab outside a tab set is a titled section.
		if entering {
			open(w, "section", t.label, "tab")
			w.WriteString("\n")
		} else {
			w.WriteString("</section>\n")
		}
		return ast.WalkContinue, nil
	}
	if !entering {
		w.WriteString("</div>\n")
		return ast.WalkContinue, nil
	}
	w.WriteString(`<input type="radio" class="tab-input" name="` + set.name + `" id="` + t.id() + `"`)
	first := true
	for c := t.PreviousSibling(); c != nil; c = c.PreviousSibling() {
		if _, ok := c.(*Tab); ok {
			first = false
		}
	}
	if first {
		w.WriteString(" checked")
	}
	w.WriteString(">\n")
	return ast.WalkContinue, nil
}

func (r *htmlRenderer) div(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	d := node.(*Div)
	if entering {
		open(w, "div", d.label, d.Classes...)
		w.WriteString("\n")
	} else {
		w.WriteString("</div>\n")
	}
	return ast.WalkContinue, nil
}

func (r *htmlRenderer) figure(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	f := node.(*Figure)
	// An {image} has no caption: its body, if any, follows the image.
	captioned := f.captioned()
	tag, classes := "figure", []string{"figure"}
	if f.Image && f.letter == "" {
		tag, classes = "div", []string{"image"}
	}
	if !entering {
		if captioned && f.legendOf() == nil {
			w.WriteString("</figcaption>\n")
		}
		w.WriteString("</" + tag + ">\n")
		return ast.WalkContinue, nil
	}
	if f.letter != "" {
		classes = append(classes, "subfigure")
	}
	if f.subs {
		classes = append(classes, "subfigures")
	}
	openWith(w, tag, f.label, sizeStyle(f.FigWidth, ""), append(classes, f.Classes...)...)
	if f.body() != nil {
		// The images are the body's to write, the caption after them.
		w.WriteString("\n")
		return ast.WalkContinue, nil
	}
	figureImage(w, f)
	if captioned {
		figcaption(w, f)
	}
	return ast.WalkContinue, nil
}

// glossary writes a glossary as a definition list, each term with its
// id.
func (r *htmlRenderer) glossary(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	g := node.(*Glossary)
	if entering {
		open(w, "dl", g.label, "glossary")
		w.WriteString("\n")
	} else {
		w.WriteString("</dl>\n")
	}
	return ast.WalkContinue, nil
}

func (r *htmlRenderer) glossaryTerm(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		open(w, "dt", node.(*GlossaryTerm).Label)
	} else {
		w.WriteString("</dt>\n")
	}
	return ast.WalkContinue, nil
}

func (r *htmlRenderer) glossaryDefinition(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		w.WriteString("<dd>\n")
	} else {
		w.WriteString("</dd>\n")
	}
	return ast.WalkContinue, nil
}

// legend closes its figure's caption and writes the legend after it.
func (r *htmlRenderer) legend(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		if f, ok := node.Parent().(*Figure); ok && f.captioned() {
			w.WriteString("</figcaption>\n")
		}
		w.WriteString(`<div class="legend">` + "\n")
	} else {
		w.WriteString("</div>\n")
	}
	return ast.WalkContinue, nil
}

// sizeStyle returns a style attribute, with a space before it, that
// gives an element a width and a height as CSS, "" for neither.
func sizeStyle(width, height string) string {
	var css []string
	if width != "" {
		css = append(css, "width: "+cssWidth(width))
	}
	if height != "" {
		css = append(css, "height: "+cssWidth(height))
	}
	if css == nil {
		return ""
	}
	return ` style="` + html.EscapeString(strings.Join(css, "; ")) + `"`
}

// cssWidth returns a width as CSS: a bare number is pixels.
func cssWidth(w string) string {
	if strings.HasSuffix(w, "%") || strings.HasSuffix(w, "px") {
		return w
	}
	return w + "px"
}

// pathURL returns a relative file path as a URL path, each of its parts
// escaped.
func pathURL(p string) string {
	parts := strings.Split(p, "/")
	for i, s := range parts {
		parts[i] = url.PathEscape(s)
	}
	return strings.Join(parts, "/")
}

func (r *htmlRenderer) table(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	t := node.(*Table)
	if entering {
		open(w, "figure", t.label, "table-block")
		w.WriteString("\n")
	} else {
		if t.list {
			w.WriteString("</table>\n")
		}
		w.WriteString("</figure>\n")
	}
	return ast.WalkContinue, nil
}

func (r *htmlRenderer) gridTable(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		w.WriteString("<table>\n")
	} else {
		w.WriteString("</table>\n")
	}
	return ast.WalkContinue, nil
}

func (r *htmlRenderer) cellCode(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		w.WriteString("<pre><code>" + html.EscapeString(node.(*CellCode).code(source)) + "</code></pre>\n")
	}
	return ast.WalkSkipChildren, nil
}

func (r *htmlRenderer) cellDiv(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		w.WriteString("<div>\n")
	} else {
		w.WriteString("</div>\n")
	}
	return ast.WalkContinue, nil
}

func (r *htmlRenderer) row(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	row := node.(*Row)
	// A grid table's rows are in a head, a body and a foot, as Pandoc
	// writes them.
	_, grid := row.Parent().(*GridTable)
	prev, _ := row.PreviousSibling().(*Row)
	next, _ := row.NextSibling().(*Row)
	if entering {
		if grid && (prev == nil || prev.group() != row.group()) {
			w.WriteString("<" + row.group() + ">\n")
		}
		w.WriteString("<tr>\n")
		return ast.WalkContinue, nil
	}
	w.WriteString("</tr>\n")
	if grid && (next == nil || next.group() != row.group()) {
		w.WriteString("</" + row.group() + ">\n")
	}
	return ast.WalkContinue, nil
}

func (r *htmlRenderer) cell(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	tag := "td"
	if node.(*Cell).Header {
		tag = "th"
	}
	if entering {
		c := node.(*Cell)
		w.WriteString("<" + tag)
		if c.RowSpan > 1 {
			w.WriteString(` rowspan="` + strconv.Itoa(c.RowSpan) + `"`)
		}
		if c.ColSpan > 1 {
			w.WriteString(` colspan="` + strconv.Itoa(c.ColSpan) + `"`)
		}
		switch a := c.Align; a {
		case "left", "center", "right":
			w.WriteString(` style="text-align:` + a + `"`)
		}
		w.WriteString(">")
	} else {
		w.WriteString("</" + tag + ">\n")
	}
	return ast.WalkContinue, nil
}

func (r *htmlRenderer) equation(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	e := node.(*Equation)
	open(w, "div", e.label, "math-display", "equation")
	tex := strings.TrimSpace(e.TeX(source))
	if e.number != "" {
		tex = starEnvironments(tex) // one number for the whole, shown after it
	}
	mml, err := "", error(nil)
	if r.b.Math != nil {
		mml, err = r.b.Math(tex)
		if err != nil {
			r.b.warn(source, e.start, "the {math} directive's TeX cannot be shown: %v", err)
		}
	}
	if mml != "" && err == nil {
		w.WriteString(mml)
	} else {
		w.WriteString(`<pre class="math-tex"><code>` + html.EscapeString(tex) + `</code></pre>`)
	}
	if e.number != "" {
		w.WriteString(`<span class="equation-number">(` + html.EscapeString(e.number) + `)</span>`)
	}
	w.WriteString("</div>\n")
	return ast.WalkSkipChildren, nil
}

func (r *htmlRenderer) indexEntry(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if e := node.(*IndexEntry); entering && e.label != "" {
		open(w, "div", e.label, "target")
		w.WriteString("</div>\n")
	}
	return ast.WalkSkipChildren, nil
}

func (r *htmlRenderer) unknown(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	u := node.(*Unknown)
	w.WriteString(`<div class="directive-unknown">` + "\n")
	w.WriteString(`<p class="directive-unknown-title">Directive <code>{` + html.EscapeString(u.Name) + `}</code> is not known here; it is shown as written.</p>` + "\n")
	w.WriteString("<pre><code>" + html.EscapeString(string(source[u.start:u.stop])) + "</code></pre>\n</div>\n")
	return ast.WalkSkipChildren, nil
}
