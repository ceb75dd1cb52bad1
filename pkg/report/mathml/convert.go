package mathml

import (
	"bytes"
	"errors"
	"fmt"
	"log"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
	_ "unsafe" // for go:linkname, to take treeblood's log

	"github.com/grundylab/grundy/internal/htmltext"
	"github.com/grundylab/grundy/pkg/report/sanitize"
	"github.com/wyatt915/treeblood"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// ErrTeX is wrapped by the errors of Converter for formulas that cannot be
// converted.
var ErrTeX = errors.New("cannot convert TeX to MathML")

// treebloodLog is treeblood's logger, which writes its warnings to
// standard error and offers no way to redirect them; they are taken here
// and returned as warnings instead.
//
//go:linkname treebloodLog github.com/wyatt915/treeblood.logger
var treebloodLog *log.Logger

// treebloodMu serialises the use of treeblood, whose log is global.
var (
	treebloodMu  sync.Mutex
	treebloodOut bytes.Buffer
)

func init() {
	treebloodLog.SetOutput(&treebloodOut)
	treebloodLog.SetFlags(0)
	treebloodLog.SetPrefix("")
}

// A Converter converts TeX formulas to MathML for one document, as MathJax
// does for one page: macros defined with \newcommand, \def or
// \DeclareMathOperator in one formula hold for the later ones, and
// equations are numbered through the document. A Converter is not safe for
// concurrent use; different Converters are.
type Converter struct {
	doc       *treeblood.Pitziil
	defs      map[string]*macro
	labels    map[string]string
	equations int
	warnings  []string
	nesting   int // \text{$...$} being converted inside one another
}

// New returns a Converter for a new document.
func New() *Converter {
	doc := treeblood.NewDocument(nil, false)
	doc.PrintOneLine = true
	return &Converter{doc: doc, defs: map[string]*macro{}, labels: map[string]string{}}
}

// Inline converts a formula set in the text, as $...$ is. Its warnings are
// kept for TakeWarnings.
func (c *Converter) Inline(tex string) (string, error) {
	return c.keep(c.Convert(tex, false))
}

// Display converts a formula displayed on its own line, as $$...$$ is. Its
// warnings are kept for TakeWarnings.
func (c *Converter) Display(tex string) (string, error) {
	return c.keep(c.Convert(tex, true))
}

func (c *Converter) keep(mml string, warnings []string, err error) (string, error) {
	c.warnings = append(c.warnings, warnings...)
	return mml, err
}

// TakeWarnings returns the warnings of the formulas converted by Inline,
// Display and the Extender since the last call, and forgets them.
func (c *Converter) TakeWarnings() []string {
	w := c.warnings
	c.warnings = nil
	return w
}

// Convert converts one formula, displayed or inline, to a <math> element
// that holds only what package sanitize's MathML policy allows, whatever
// the TeX. It returns the warnings of the conversion, such as a command it
// does not know, which it shows as MathJax does, in red. A formula that
// only defines macros gives no element. The errors wrap ErrTeX, and
// ErrLimit for TeX beyond the limits.
func (c *Converter) Convert(tex string, display bool) (mml string, warnings []string, err error) {
	mml, _, warnings, err = c.convert(tex, display, true)
	return mml, warnings, err
}

// convert is Convert, which returns the tag of a displayed equation apart
// when tagInside is false, for the page to lay out: a <math> element of
// the tag, such as "(1)", or of the tags of the rows of a numbered
// environment (see tagTable).
func (c *Converter) convert(tex string, display, tagInside bool) (mml, tag string, warnings []string, err error) {
	r, err := c.rewrite(tex, display)
	if err != nil {
		return "", "", nil, fmt.Errorf("%w %q: %w", ErrTeX, abbreviate(tex), err)
	}
	if strings.TrimSpace(r.out.String()) == "" && r.tag == "" {
		return "", "", r.warnings, nil
	}
	if !tagInside {
		tag, r.tag = r.tag, ""
		r.tagsApart = true
	}
	out, err := c.finish(r, tex)
	if err != nil {
		return "", "", nil, fmt.Errorf("%w %q: %w", ErrTeX, abbreviate(tex), err)
	}
	if len(r.rowTags) > 0 {
		tags, err := tagTable(r.rowTags)
		if err != nil {
			return "", "", nil, fmt.Errorf("%w %q: %w", ErrTeX, abbreviate(tex), err)
		}
		return out, tags, r.warnings, nil
	}
	if tag != "" {
		// MathML, to be in the font of the formula.
		tag = `<math display="inline"><mtext>` + html.EscapeString(tag) + `</mtext></math>`
	}
	return out, tag, r.warnings, nil
}

// A rowTag is the tag of a row of a table, kept apart from the table.
type rowTag struct {
	row *html.Node
	tag string
}

// tagTable returns the tags of rows as a <math> element of their own: a
// table whose rows stand as high as the rows tagged, each holding an
// invisible copy of its row, of no width, and the tag. Set beside the
// formula, at the right of the line, it puts each tag level with its row.
func tagTable(rows []rowTag) (string, error) {
	elem := func(name string, attr ...html.Attribute) *html.Node {
		return &html.Node{Type: html.ElementNode, Data: name, Namespace: "math", Attr: attr}
	}
	math := elem("math", html.Attribute{Key: "display", Val: "block"})
	table := elem("mtable")
	for _, a := range rows[0].row.Parent.Attr {
		if a.Key == "rowspacing" || a.Key == "displaystyle" {
			table.Attr = append(table.Attr, a)
		}
	}
	math.AppendChild(table)
	tagged := false
	for _, rt := range rows {
		row := elem("mtr")
		cell := elem("mtd", html.Attribute{Key: "style", Val: textAlign("right")})
		pad := elem("mpadded", html.Attribute{Key: "width", Val: "0"})
		phantom := elem("mphantom")
		for _, c := range elements(rt.row, "mtd") {
			copied := elem("mrow")
			for k := c.FirstChild; k != nil; k = k.NextSibling {
				copied.AppendChild(clone(k))
			}
			phantom.AppendChild(copied)
		}
		pad.AppendChild(phantom)
		cell.AppendChild(pad)
		if rt.tag != "" {
			text := elem("mtext")
			text.AppendChild(&html.Node{Type: html.TextNode, Data: rt.tag})
			cell.AppendChild(text)
			tagged = true
		}
		row.AppendChild(cell)
		table.AppendChild(row)
	}
	if !tagged {
		return "", nil
	}
	var b strings.Builder
	if err := html.Render(&b, math); err != nil {
		return "", err
	}
	return strings.TrimSpace(sanitize.MathML(b.String())), nil
}

// clone returns a deep copy of n.
func clone(n *html.Node) *html.Node {
	c := &html.Node{Type: n.Type, Data: n.Data, DataAtom: n.DataAtom, Namespace: n.Namespace, Attr: slices.Clone(n.Attr)}
	for k := n.FirstChild; k != nil; k = k.NextSibling {
		c.AppendChild(clone(k))
	}
	return c
}

// abbreviate shortens a formula for an error message.
func abbreviate(tex string) string {
	const limit = 80
	if len(tex) <= limit {
		return tex
	}
	cut := limit
	for cut > 0 && !utf8.RuneStart(tex[cut]) {
		cut--
	}
	return tex[:cut] + "…"
}

// rewrite expands the macros of tex and rewrites what treeblood lacks.
func (c *Converter) rewrite(tex string, display bool) (*rewriter, error) {
	toks, err := tokenize(tex)
	if err != nil {
		return nil, err
	}
	toks, err = expand(toks, c.defs)
	if err != nil {
		return nil, err
	}
	r := &rewriter{c: c, display: display}
	if display {
		r.row = &rowState{}
	}
	if err := r.group(toks, 0); err != nil {
		return nil, err
	}
	if display {
		r.endEquation()
	}
	if err := checkArguments(r.out.String()); err != nil {
		return nil, err
	}
	return r, nil
}

// inner converts tokens of a formula inside \text{...$...$...} and returns
// the MathML of its content, without the <math> element.
func (c *Converter) inner(toks []token) (string, error) {
	r := &rewriter{c: c}
	if err := r.group(toks, 0); err != nil {
		return "", err
	}
	if err := checkArguments(r.out.String()); err != nil {
		return "", err
	}
	math, err := c.tree(r)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for n := range math.Descendants() {
		if n.Type == html.ElementNode && n.Data == "semantics" {
			if n.FirstChild != nil && n.FirstChild.Data != "annotation" {
				if err := html.Render(&b, n.FirstChild); err != nil {
					return "", err
				}
			}
			break
		}
	}
	return b.String(), nil
}

// treeblood converts rewritten TeX, returning treeblood's log as warnings.
func (c *Converter) treeblood(tex string, display bool) (string, []string, error) {
	treebloodMu.Lock()
	defer treebloodMu.Unlock()
	treebloodOut.Reset()
	var out string
	var err error
	if display {
		out, err = c.doc.DisplayStyle(tex)
	} else {
		out, err = c.doc.TextStyle(tex)
	}
	var warnings []string
	for line := range strings.Lines(treebloodOut.String()) {
		line = strings.TrimSpace(line)
		switch {
		case line == "":
		case strings.HasPrefix(line, "WARN:") || strings.HasPrefix(line, "NOTE:") || len(warnings) == 0:
			warnings = append(warnings, line)
		default:
			warnings[len(warnings)-1] += " " + line
		}
	}
	// TeX pairs no delimiters but \left and \right, which are checked
	// before: [0, 1) is an interval, not a mistake, in MathJax as in TeX.
	warnings = slices.DeleteFunc(warnings, func(w string) bool {
		return strings.HasPrefix(w, "WARN: Potentially unmatched")
	})
	if err != nil {
		return "", warnings, errors.New(firstLine(err.Error()))
	}
	return out, warnings, nil
}

// firstLine returns the first line of treeblood's message, without the
// HTML excerpt that follows it.
func firstLine(msg string) string {
	msg, _, _ = strings.Cut(msg, "<pre>")
	msg, _, _ = strings.Cut(msg, "\n")
	return strings.TrimSpace(msg)
}

// tree converts the rewritten formula and returns its <math> element with
// the fragments in place.
func (c *Converter) tree(r *rewriter) (*html.Node, error) {
	out, err := c.run(r)
	if err != nil {
		return nil, err
	}
	return c.place(r, out)
}

// run converts the rewritten formula with treeblood, keeping its
// warnings.
func (c *Converter) run(r *rewriter) (string, error) {
	out, warnings, err := c.treeblood(r.out.String(), r.display)
	for i, w := range warnings {
		if !slices.Contains(warnings[:i], w) {
			r.warn("%s", w)
		}
	}
	return out, err
}

// place reads treeblood's MathML and puts the fragments in it.
func (c *Converter) place(r *rewriter, out string) (*html.Node, error) {
	nodes, err := html.ParseFragment(strings.NewReader(out), &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body})
	if err != nil {
		return nil, fmt.Errorf("reading the MathML: %w", err)
	}
	var math *html.Node
	for _, n := range nodes {
		if n.Type == html.ElementNode && n.Data == "math" {
			math = n
		}
	}
	if math == nil {
		return nil, errors.New("no <math> element made")
	}
	repairTables(math)
	var rows *[]rowTag
	if r.tagsApart {
		rows = &r.rowTags
	}
	if err := placeFragments(math, r.frags, rows); err != nil {
		return nil, err
	}
	if len(r.colours) > 0 {
		keys := make(map[string]string, len(r.colours))
		for i, c := range r.colours {
			keys[colourKey(i)] = c
		}
		for n := range math.Descendants() {
			for i, a := range n.Attr {
				if a.Key == "mathcolor" {
					n.Attr[i].Val = keys[a.Val]
				}
			}
		}
	}
	for n := range math.Descendants() {
		if n.Type == html.ElementNode && n.Data == "merror" {
			r.warn("unknown command \\%s", htmltext.Text(n))
		}
	}
	return math, nil
}

// finish converts the rewritten formula to its final, sanitised MathML.
func (c *Converter) finish(r *rewriter, source string) (string, error) {
	out, err := c.run(r)
	if err != nil {
		return "", err
	}
	if len(r.frags) == 0 && len(r.colours) == 0 && r.tag == "" && !strings.Contains(out, "<mtable") {
		// Nothing to place: the MathML is edited as text, which is much
		// faster than as a tree.
		return strings.TrimSpace(sanitize.MathML(plainFinish(r, out, source))), nil
	}
	math, err := c.place(r, out)
	if err != nil {
		return "", err
	}
	for n := range math.Descendants() {
		if n.Type == html.ElementNode && n.Data == "annotation" {
			for n.FirstChild != nil {
				n.RemoveChild(n.FirstChild)
			}
			n.AppendChild(&html.Node{Type: html.TextNode, Data: source})
			break
		}
	}
	if r.tag != "" {
		addTag(math, r.tag)
	}
	var b strings.Builder
	if err := html.Render(&b, math); err != nil {
		return "", err
	}
	return strings.TrimSpace(sanitize.MathML(b.String())), nil
}

// plainFinish reports the <merror> elements of treeblood's MathML as
// warnings and gives it the formula's own source as its annotation.
func plainFinish(r *rewriter, out, source string) string {
	for rest := out; ; {
		_, after, ok := strings.Cut(rest, "<merror>")
		if !ok {
			break
		}
		name, tail, _ := strings.Cut(after, "</merror>")
		r.warn("unknown command \\%s", html.UnescapeString(name))
		rest = tail
	}
	const open = `<annotation encoding="application/x-tex">`
	start := strings.LastIndex(out, open)
	end := strings.LastIndex(out, "</annotation>")
	if start < 0 || end < start {
		return out
	}
	return out[:start+len(open)] + html.EscapeString(source) + out[end:]
}

var markerText = regexp.MustCompile("^\uE000([0-9]+)\uE001$")

// placeFragments puts the MathML of the fragments where treeblood left
// their markers.
//
// The tags of table rows go in a cell of their own at the end of each row,
// or, when rows is not nil, into rows, for a table of tags beside the
// formula.
func placeFragments(math *html.Node, frags []fragment, rows *[]rowTag) error {
	if len(frags) == 0 {
		return nil
	}
	found := make([]*html.Node, len(frags))
	for n := range math.Descendants() {
		if n.Type != html.ElementNode || n.Data != "mtext" {
			continue
		}
		m := markerText.FindStringSubmatch(strings.TrimSpace(htmltext.Text(n)))
		if m == nil {
			continue
		}
		k, err := strconv.Atoi(m[1])
		if err != nil || k >= len(frags) {
			return fmt.Errorf("marker %s out of range", m[1])
		}
		// The marker's own group: the element that stands for it.
		for n.Parent != nil && n.Parent.Data == "mrow" && n.PrevSibling == nil && n.NextSibling == nil {
			n = n.Parent
		}
		found[k] = n
	}
	for k, f := range frags {
		n := found[k]
		if n == nil {
			if f.kind == fragClose {
				continue
			}
			return fmt.Errorf("fragment %d lost in conversion", k)
		}
		switch f.kind {
		case fragReplace:
			nodes, err := html.ParseFragment(strings.NewReader(f.html), n.Parent)
			if err != nil {
				return err
			}
			for _, m := range nodes {
				n.Parent.InsertBefore(m, n)
			}
			parent := n.Parent
			parent.RemoveChild(n)
			if f.limits && len(nodes) == 1 && parent.FirstChild == nodes[0] {
				if under, ok := map[string]string{"msub": "munder", "msup": "mover", "msubsup": "munderover"}[parent.Data]; ok {
					parent.Data, parent.DataAtom = under, 0
				}
			}
		case fragRowTag:
			row := n.Parent
			for row != nil && row.Data != "mtr" {
				row = row.Parent
			}
			n.Parent.RemoveChild(n)
			switch {
			case row == nil || row.Parent == nil:
				// A row dropped as empty.
			case rows != nil:
				*rows = append(*rows, rowTag{row, f.html})
			default:
				row.AppendChild(tagCell(f.html, "padding-left: 2em; text-align: right;"))
			}
		case fragOpen:
			end := found[f.partner]
			if end == nil || end.Parent != n.Parent {
				// The group did not stay together: keep its content only.
				n.Parent.RemoveChild(n)
				if end != nil {
					end.Parent.RemoveChild(end)
				}
				found[f.partner] = nil
				continue
			}
			nodes, err := html.ParseFragment(strings.NewReader(f.html), n.Parent)
			if err != nil || len(nodes) != 1 {
				return fmt.Errorf("fragment %q: %v", f.html, err)
			}
			inner := nodes[0]
			for inner.FirstChild != nil {
				inner = inner.FirstChild
			}
			for s := n.NextSibling; s != end; {
				next := s.NextSibling
				n.Parent.RemoveChild(s)
				inner.AppendChild(s)
				s = next
			}
			n.Parent.InsertBefore(nodes[0], n)
			n.Parent.RemoveChild(n)
			end.Parent.RemoveChild(end)
			found[f.partner] = nil
			drawLines(nodes[0], f)
		}
	}
	return nil
}

// elements returns the element children of n named name.
func elements(n *html.Node, name string) []*html.Node {
	var out []*html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.Data == name {
			out = append(out, c)
		}
	}
	return out
}

// addStyle sets CSS declarations, "property: value;" one or more, in the
// style of an element, in place of the values its properties have.
func addStyle(n *html.Node, decls string) {
	props := map[string]bool{}
	for d := range strings.SplitSeq(decls, ";") {
		if p, _, ok := strings.Cut(d, ":"); ok {
			props[strings.TrimSpace(p)] = true
		}
	}
	for i, a := range n.Attr {
		if a.Key != "style" {
			continue
		}
		var kept []string
		for d := range strings.SplitSeq(a.Val, ";") {
			if p, _, _ := strings.Cut(d, ":"); strings.TrimSpace(d) != "" && !props[strings.TrimSpace(p)] {
				kept = append(kept, strings.TrimSpace(d)+";")
			}
		}
		n.Attr[i].Val = strings.Join(append(kept, decls), " ")
		return
	}
	n.Attr = append(n.Attr, html.Attribute{Key: "style", Val: decls})
}

// textAlign returns the declarations that align a table cell: Chromium
// sets the content of a cell to the left for text-align: right, and to the
// right for -webkit-right, which other browsers ignore.
func textAlign(a string) string {
	if a == "right" {
		return "text-align: right; text-align: -webkit-right;"
	}
	return "text-align: " + a + ";"
}

// drawLines draws the \hline of the first table in group, and the lines
// of its column specification, as borders of its cells, since MathML Core
// draws no rowlines, columnlines or frame; it also aligns the columns as
// the specification says, and drops an empty last row, which a final \\
// leaves.
func drawLines(group *html.Node, f fragment) {
	var table *html.Node
	for n := range group.Descendants() {
		if n.Type == html.ElementNode && n.Data == "mtable" {
			table = n
			break
		}
	}
	if table == nil {
		return
	}
	if group.Data == "mstyle" {
		// Cells do not take the display style of what holds the table.
		table.Attr = append(slices.DeleteFunc(table.Attr, func(a html.Attribute) bool { return a.Key == "displaystyle" }),
			html.Attribute{Key: "displaystyle", Val: "true"})
	}
	rows := elements(table, "mtr")
	if k := len(rows) - 1; k > 0 && strings.TrimSpace(htmltext.Text(rows[k])) == "" {
		table.RemoveChild(rows[k])
		rows = rows[:k]
	}
	if l := f.layout; l != nil {
		align := map[string]string{"l": "left", "c": "center", "r": "right"}
		for _, row := range rows {
			cells := elements(row, "mtd")
			for j, cell := range cells {
				if j < len(l.aligns) {
					addStyle(cell, textAlign(align[l.aligns[j]]))
				}
				if j < len(l.lines) && l.lines[j] != "none" {
					addStyle(cell, "border-right: 1px "+l.lines[j]+";")
				}
			}
			if len(cells) > 0 && l.left != "none" {
				addStyle(cells[0], "border-left: 1px "+l.left+";")
			}
			if len(cells) > 0 && l.right != "none" {
				addStyle(cells[len(cells)-1], "border-right: 1px "+l.right+";")
			}
		}
	}
	for _, h := range f.hlines {
		switch {
		case h < len(rows):
			for _, cell := range elements(rows[h], "mtd") {
				addStyle(cell, "border-top: 1px solid;")
			}
		case len(rows) > 0:
			for _, cell := range elements(rows[len(rows)-1], "mtd") {
				addStyle(cell, "border-bottom: 1px solid;")
			}
		}
	}
}

// repairTables puts what treeblood leaves directly in an <mtable>, as it
// does for a table of one cell, into a row and a cell of its own, and
// aligns to the right the cells it means to (see textAlign).
func repairTables(math *html.Node) {
	for n := range math.Descendants() {
		if n.Type == html.ElementNode && n.Data == "mtd" {
			for _, a := range n.Attr {
				if a.Key == "style" && (strings.Contains(a.Val, "text-align:right") || strings.Contains(a.Val, "text-align: right")) {
					addStyle(n, textAlign("right"))
				}
			}
		}
		if n.Type != html.ElementNode || n.Data != "mtable" || n.FirstChild == nil {
			continue
		}
		var stray []*html.Node
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode || c.Data != "mtr" {
				stray = append(stray, c)
			}
		}
		if len(stray) == 0 {
			continue
		}
		row := &html.Node{Type: html.ElementNode, Data: "mtr", Namespace: "math"}
		cell := &html.Node{Type: html.ElementNode, Data: "mtd", Namespace: "math"}
		row.AppendChild(cell)
		n.InsertBefore(row, stray[0])
		for _, c := range stray {
			n.RemoveChild(c)
			if c.Type == html.TextNode {
				c = textToken(c.Data)
			}
			cell.AppendChild(c)
		}
	}
}

// textToken returns the token element treeblood meant for text it left
// bare: a number or an identifier.
func textToken(s string) *html.Node {
	name := "mi"
	if strings.Trim(s, "0123456789.") == "" {
		name = "mn"
	}
	n := &html.Node{Type: html.ElementNode, Data: name, Namespace: "math"}
	n.AppendChild(&html.Node{Type: html.TextNode, Data: strings.TrimSpace(s)})
	return n
}

// tagCell returns a table cell holding an equation's tag.
func tagCell(tag, style string) *html.Node {
	cell := &html.Node{Type: html.ElementNode, Data: "mtd", Namespace: "math",
		Attr: []html.Attribute{{Key: "class", Val: "math-tag"}, {Key: "style", Val: style}}}
	if tag != "" {
		text := &html.Node{Type: html.ElementNode, Data: "mtext", Namespace: "math"}
		text.AppendChild(&html.Node{Type: html.TextNode, Data: tag})
		cell.AppendChild(text)
	}
	return cell
}

// addTag sets a displayed equation in a table the width of the line, with
// its tag at the right, as MathJax shows it.
func addTag(math *html.Node, tag string) {
	var sem *html.Node
	for n := range math.Descendants() {
		if n.Type == html.ElementNode && n.Data == "semantics" {
			sem = n
			break
		}
	}
	if sem == nil || sem.FirstChild == nil || sem.FirstChild.Data == "annotation" {
		return
	}
	body := sem.FirstChild
	elem := func(name string, attr ...html.Attribute) *html.Node {
		return &html.Node{Type: html.ElementNode, Data: name, Namespace: "math", Attr: attr}
	}
	table := elem("mtable", html.Attribute{Key: "displaystyle", Val: "true"}, html.Attribute{Key: "style", Val: "width: 100%;"})
	row := elem("mtr")
	table.AppendChild(row)
	row.AppendChild(elem("mtd", html.Attribute{Key: "style", Val: "width: 50%;"}))
	cell := elem("mtd")
	row.AppendChild(cell)
	row.AppendChild(tagCell(tag, "width: 50%; text-align: right;"))
	sem.InsertBefore(table, body)
	sem.RemoveChild(body)
	cell.AppendChild(body)
}
