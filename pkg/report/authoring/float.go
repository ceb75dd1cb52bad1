package authoring

import (
	"cmp"
	"html"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// floatKinds maps the id prefixes of Quarto's float divs to the counters
// they are numbered in: "::: {#fig-x}" is a figure, whatever it holds.
var floatKinds = map[string]string{"fig": CounterFigure, "tbl": CounterTable, "lst": CounterListing}

// CounterListing is the counter of Quarto's listings, "::: {#lst-x}".
const CounterListing = "listing"

// maxColumns bounds layout-ncol: a wider layout is refused.
const maxColumns = 12

// KindFloat is the kind of a Float node.
var KindFloat = ast.NewNodeKind("Float")

// A Float is Quarto's cross-reference div: "::: {#fig-x}", "::: {#tbl-x}"
// or "::: {#lst-x}" around any content (images, a table, code, text),
// numbered as a figure, a table or a listing. Its caption is its last
// paragraph when it holds more than that one block, as Quarto reads it
// (an image alone in its paragraph is content, never the caption), else
// its "fig-cap" (tbl-cap, lst-cap) attribute. Figures show their caption
// below, tables and listings above, as Quarto's defaults and the
// "cap-location" attributes place them.
//
// A float inside a float, and a Markdown figure or a captioned table
// labelled "fig-" or "tbl-" inside one, are its subfloats: lettered (a), (b)... in order, with
// no number of their own; a reference to one reads "Figure 1 (a)", as
// Quarto writes it. Its layout attributes (layout-ncol, layout-nrow,
// layout, layout-valign, layout-align) set its content in rows of cells,
// as Arrange and Alignment read them.
//
// Its children are a FloatCaption and a FloatBody, the caption first
// when it stands above.
type Float struct {
	block
	// Sequence is the counter the float is numbered in: "figure", "table"
	// or "listing".
	Sequence string
	// Layout is the rows of cells its content is set in: those of
	// layout-ncol or layout-nrow, or else of the layout attribute, fitted
	// to the content (Arrange); nil for none.
	Layout Layout
	// Classes are the div's classes, validated.
	Classes []string
	// Top is set for a caption shown above the content.
	Top bool

	sub
	owner
	// lay is what its layout attributes ask.
	lay layoutAttrs
}

// owner is what a float or a figure that holds subfloats knows of
// itself while an Index scans the document, for its subfloats' numbers.
type owner struct {
	// target is its target, once numbered.
	target *Target
	// joined is set for mystmd's subfigures, whose numbers join the
	// letter to the figure's, "2a", where Quarto's read "2 (a)".
	joined bool
}

// own returns the owner data of a float or a figure.
func (o *owner) own() *owner { return o }

// sub is what a subfloat knows of the float it is in.
type sub struct {
	parent *owner
	letter string // "a", "b", ... "z", "aa"...
}

// parentFloat returns what a subfloat is in and its letter; nil for a
// float of its own.
func (s *sub) parentFloat() (*owner, string) { return s.parent, s.letter }

// Kind returns KindFloat.
func (*Float) Kind() ast.NodeKind { return KindFloat }

// Counter returns the float's type, "figure", "table" or "listing".
func (f *Float) Counter() string { return f.Sequence }

// Dump writes the node for debugging.
func (f *Float) Dump(source []byte, level int) {
	dump(f, source, level, "Sequence", f.Sequence, "Label", f.label, "Number", f.number, "Sub", f.letter)
}

// caption returns the float's caption.
func (f *Float) caption() *FloatCaption {
	for c := f.FirstChild(); c != nil; c = c.NextSibling() {
		if fc, ok := c.(*FloatCaption); ok {
			return fc
		}
	}
	return nil
}

// KindFloatCaption is the kind of a FloatCaption node.
var KindFloatCaption = ast.NewNodeKind("FloatCaption")

// A FloatCaption is a Float's caption, its inline content; empty when the
// float has none.
type FloatCaption struct {
	ast.BaseBlock
	// start and stop are the caption's text in the source, for the post;
	// equal when it has none there (an attribute with escapes).
	start, stop int
	// para is set for a caption that was the float's last paragraph.
	para bool
	// text is a caption given in an attribute with escapes, as it reads.
	text string
}

// Kind returns KindFloatCaption.
func (*FloatCaption) Kind() ast.NodeKind { return KindFloatCaption }

// Dump writes the node for debugging.
func (c *FloatCaption) Dump(source []byte, level int) { dump(c, source, level) }

// KindFloatBody is the kind of a FloatBody node.
var KindFloatBody = ast.NewNodeKind("FloatBody")

// A FloatBody holds a Float's content, the blocks but its caption.
type FloatBody struct {
	ast.BaseBlock
}

// Kind returns KindFloatBody.
func (*FloatBody) Kind() ast.NodeKind { return KindFloatBody }

// Dump writes the node for debugging.
func (b *FloatBody) Dump(source []byte, level int) { dump(b, source, level) }

// float makes the node of a float div, with the caption its attributes
// give.
func (p *fenceParser) float(a *attributes, prefix string, classes []string, source []byte, at int) *Float {
	f := &Float{Sequence: floatKinds[prefix], Classes: classes, Top: prefix != "fig"}
	switch cmp.Or(a.value(prefix+"-cap-location"), a.value("cap-location")) {
	case "top":
		f.Top = true
	case "bottom", "margin":
		f.Top = false
	}
	f.lay = p.layoutAttrs(a, source, at)
	c := &FloatCaption{}
	if seg := a.segment(prefix + "-cap"); seg.Len() > 0 {
		c.Lines().Append(seg)
		c.start, c.stop = seg.Start, seg.Stop
	} else {
		// A value with escapes is not as written: shapeFloat makes it the
		// caption's text, once the inline parsers are done.
		c.text = a.value(prefix + "-cap")
	}
	f.AppendChild(f, c)
	return f
}

// layoutAttrs is what a div's layout attributes ask for.
type layoutAttrs struct {
	columns, rows int // layout-ncol and layout-nrow, 0 for none
	layout        Layout
	align         Alignment
}

// layoutAttrs reads a div's layout-ncol, layout-nrow, layout,
// layout-valign and layout-align, warning of each that cannot be read
// and dropping it; layout beside layout-ncol or layout-nrow is dropped
// too, as Quarto's layout.lua ignores it.
func (p *fenceParser) layoutAttrs(a *attributes, source []byte, at int) layoutAttrs {
	var l layoutAttrs
	if n := a.value("layout-ncol"); n != "" {
		k, err := strconv.Atoi(n)
		if err != nil || k < 1 || k > maxColumns {
			p.b.warn(source, at, "layout-ncol %s is not a number of columns from 1 to %d: dropped", short(n), maxColumns)
		} else {
			l.columns = k
		}
	}
	if n := a.value("layout-nrow"); n != "" {
		k, err := strconv.Atoi(n)
		if err != nil || k < 1 || k > MaxLayoutCells {
			p.b.warn(source, at, "layout-nrow %s is not a number of rows from 1 to %d: dropped", short(n), MaxLayoutCells)
		} else {
			l.rows = k
		}
	}
	switch v := a.value("layout"); {
	case v == "":
	case l.columns > 0 || l.rows > 0:
		p.b.warn(source, at, "layout %s is not used: layout-ncol and layout-nrow win over it, as in Quarto", short(v))
	default:
		layout, err := ParseLayout(v)
		if err != nil {
			p.b.warn(source, at, "layout: %v: dropped", err)
		}
		l.layout = layout
	}
	var err error
	if l.align.VAlign, err = ParseVAlign(a.value("layout-valign")); err != nil {
		p.b.warn(source, at, "%v: top, the default, is used", err)
	}
	if l.align.Align, err = ParseAlign(a.value("layout-align")); err != nil {
		p.b.warn(source, at, "%v: the default is used", err)
	}
	return l
}

// floatTransformer gives floats their shape: while blocks are read
// (first), a caption taken from the last paragraph and a body; once
// Markdown figures and captioned tables are made (last), subfloats
// lettered and the content of floats and divs set in their layout's
// cells, a figure or a table with its caption in one cell.
type floatTransformer struct{ last bool }

func (t *floatTransformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	var floats []*Float
	var divs []*Div
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		switch n := n.(type) {
		case *Float:
			if entering {
				floats = append(floats, n)
			}
		case *Div:
			if entering && t.last {
				divs = append(divs, n)
			}
		}
		return ast.WalkContinue, nil
	})
	for _, f := range floats {
		if t.last {
			letterSubfloats(f)
			layOutFloat(f)
		} else {
			shapeFloat(f, reader.Source())
		}
	}
	for _, d := range divs {
		layOutDiv(d)
	}
}

// layOutFloat sets the content of a float in the cells its layout
// attributes ask for.
func layOutFloat(f *Float) {
	var body *FloatBody
	for c := f.FirstChild(); c != nil; c = c.NextSibling() {
		if b, ok := c.(*FloatBody); ok {
			body = b
		}
	}
	if body != nil {
		f.Layout = layOut(body, f.lay)
	}
}

// shapeFloat takes a float's caption from its last paragraph, if it has
// one and more, and puts its content in a FloatBody.
func shapeFloat(f *Float, source []byte) {
	c := f.caption()
	if c == nil {
		return
	}
	f.RemoveChild(f, c)
	if c.text != "" {
		c.AppendChild(c, ast.NewString([]byte(c.text)))
	}
	if p, ok := f.LastChild().(*ast.Paragraph); ok && f.ChildCount() > 1 && p.Lines().Len() > 0 && !loneImage(p, source) {
		c = &FloatCaption{para: true}
		lines := p.Lines()
		c.start, c.stop = lines.At(0).Start, lines.At(lines.Len()-1).Stop
		for c.stop > c.start && (source[c.stop-1] == '\n' || source[c.stop-1] == '\r') {
			c.stop--
		}
		moveChildren(c, p)
		f.RemoveChild(f, p)
	}
	body := &FloatBody{}
	moveChildren(body, f)
	if f.Top {
		f.AppendChild(f, c)
		f.AppendChild(f, body)
	} else {
		f.AppendChild(f, body)
		f.AppendChild(f, c)
	}
}

// loneImage reports whether a paragraph is an image alone, with or
// without attributes after it: a figure in Pandoc 3, no caption.
func loneImage(p *ast.Paragraph, source []byte) bool {
	img, ok := p.FirstChild().(*ast.Image)
	if !ok {
		return false
	}
	if img.NextSibling() == nil {
		return true
	}
	lines := p.Lines()
	rest := strings.TrimSpace(string(source[lastText(img):lines.At(lines.Len()-1).Stop]))
	// After the image's text: "](dest)" and perhaps "{...}".
	if i := strings.Index(rest, ")"); i >= 0 {
		rest = strings.TrimSpace(rest[i+1:])
	}
	return strings.HasPrefix(rest, "{") && strings.HasSuffix(rest, "}")
}

// letterSubfloats letters the subfloats of f: the floats and the
// Markdown figures labelled as floats that it holds, not those inside
// them.
func letterSubfloats(f *Float) {
	if f.parent != nil {
		return // its subfloats are its parent's
	}
	k := 0
	_ = ast.Walk(f, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering || n == f {
			return ast.WalkContinue, nil
		}
		var s *sub
		switch n := n.(type) {
		case *Float:
			s = &n.sub
		case *ImageFigure:
			if n.Counter() != "" {
				s = &n.sub
			}
		case *TableFigure:
			if strings.HasPrefix(n.label, "tbl-") {
				s = &n.sub
			}
		}
		if s == nil {
			return ast.WalkContinue, nil
		}
		k++
		s.parent, s.letter = &f.owner, Letter(k)
		return ast.WalkSkipChildren, nil
	})
}

// Letter returns the letter of the kth subfloat, from 1: a to z, as
// Quarto and mystmd letter them; past z, aa, ab... (Quarto writes the
// characters after z there, mystmd starts again at a).
func Letter(k int) string {
	var b []byte
	for k > 0 {
		k--
		b = append([]byte{byte('a' + k%26)}, b...)
		k /= 26
	}
	return string(b)
}

// subfloat is a node that may be a subfloat: a Float, an ImageFigure, a
// TableFigure or a Figure.
type subfloat interface {
	parentFloat() (*owner, string)
}

// numberNode gives t, the target of n, its number: a subfloat's is its
// float's and its letter, "1 (a)", as Quarto refers to it ("1a" for
// mystmd's subfigures); another's the next of its counter.
func (x *Index) numberNode(t *Target, n Numbered) {
	if s, ok := n.(subfloat); ok {
		if p, letter := s.parentFloat(); p != nil && p.target != nil {
			t.Number = p.target.Number + " (" + letter + ")"
			if p.joined {
				t.Number = p.target.Number + letter
			}
			return
		}
	}
	x.number(t)
	if o, ok := n.(interface{ own() *owner }); ok {
		o.own().target = t
	}
}

// captionNumber returns what a caption starts with: "Figure 1" for a
// float of its own, "(a)" for a subfloat, "" for neither.
func captionNumber(counter, number, letter string) string {
	switch {
	case letter != "":
		return "(" + letter + ")"
	case number != "":
		return counterName(counter) + " " + number
	}
	return ""
}

// floatRenderer writes floats as HTML: a <figure> with its id and its
// <figcaption>, the content in a <div>, set in columns by layout-ncol.
type floatRenderer struct{}

func (floatRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindFloat, floatHTML)
	reg.Register(KindFloatCaption, floatCaptionHTML)
	reg.Register(KindFloatBody, floatBodyHTML)
	reg.Register(KindLayoutRow, layoutRowHTML)
	reg.Register(KindLayoutCell, layoutCellHTML)
}

func floatHTML(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	f := node.(*Float)
	if !entering {
		w.WriteString("</figure>\n")
		return ast.WalkContinue, nil
	}
	classes := []string{"float", "float-" + f.Sequence}
	if f.parent != nil {
		classes = append(classes, "subfloat")
	}
	open(w, "figure", f.label, append(classes, f.Classes...)...)
	w.WriteString("\n")
	return ast.WalkContinue, nil
}

func floatCaptionHTML(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	c := node.(*FloatCaption)
	f, _ := c.Parent().(*Float)
	if f == nil {
		return ast.WalkSkipChildren, nil
	}
	lead := captionNumber(f.Sequence, f.number, f.letter)
	if lead == "" && !c.HasChildren() {
		return ast.WalkSkipChildren, nil
	}
	if !entering {
		w.WriteString("</figcaption>\n")
		return ast.WalkContinue, nil
	}
	w.WriteString("<figcaption>")
	if lead != "" {
		w.WriteString(`<span class="caption-number">` + html.EscapeString(lead))
		if c.HasChildren() && f.letter == "" {
			w.WriteString(":")
		}
		w.WriteString("</span>")
		if c.HasChildren() {
			w.WriteString(" ")
		}
	}
	return ast.WalkContinue, nil
}

func floatBodyHTML(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	fig, _ := node.Parent().(*Figure)
	if !entering {
		w.WriteString("</div>\n")
		if fig != nil && fig.captioned() {
			figcaption(w, fig)
		}
		return ast.WalkContinue, nil
	}
	if fig != nil {
		openWith(w, "div", "", "", "float-body")
		w.WriteString("\n")
		if fig.Src != "" {
			ownSubfigure(w, fig)
		}
		return ast.WalkContinue, nil
	}
	openWith(w, "div", "", "", "float-body")
	w.WriteString("\n")
	return ast.WalkContinue, nil
}

// WritePost writes a float as its anchor, its content as written and its
// caption, "*Figure 1:* Caption" (a subfloat's "*(a)* Caption"), below
// the content or above it as on the page. A blog shows its subfloats one
// under another.
func (f *Float) WritePost(w *strings.Builder, source []byte, body func(start, stop int)) {
	p := newPostBlock(w, source, body, &f.block)
	p.anchor()
	if f.label != "" {
		p.paragraph()
	}
	c := f.caption()
	stop := f.bodyStop
	if c != nil && c.para {
		// The content ends with its last line that is not blank.
		stop = min(max(lineStart(source, c.start), f.bodyStart), f.bodyStop)
		for stop > f.bodyStart && strings.IndexByte(" \t\r\n", source[stop-1]) >= 0 {
			stop--
		}
		if stop > f.bodyStart {
			stop = lineEnd(source, stop)
		}
	}
	if f.Top {
		if p.writeCaption(f, c) {
			p.paragraph()
		}
		p.copy(f.bodyStart, stop)
	} else {
		p.copy(f.bodyStart, stop)
		if p.open {
			p.text("\n")
		}
		p.text("\n")
		p.writeCaption(f, c)
	}
	p.end()
}

// writeCaption writes a float's caption in the post, reporting whether
// it wrote anything.
func (p *postBlock) writeCaption(f *Float, c *FloatCaption) bool {
	lead := captionNumber(f.Sequence, f.number, f.letter)
	text := c != nil && (c.stop > c.start || c.text != "")
	switch {
	case lead != "" && text && f.letter == "":
		p.text("*" + lead + ":* ")
	case lead != "":
		p.text("*" + lead + "*")
		if text {
			p.text(" ")
		}
	}
	switch {
	case !text:
	case c.stop > c.start:
		p.copy(c.start, c.stop)
	default:
		p.text(postText(c.text))
	}
	return lead != "" || text
}
