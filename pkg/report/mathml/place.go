package mathml

import (
	"fmt"
	"github.com/grundylab/grundy/internal/htmltext"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/grundylab/grundy/pkg/report/sanitize"
	"golang.org/x/net/html"
)

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

// firstElement returns the first element named name below n, or nil.
func firstElement(n *html.Node, name string) *html.Node {
	for d := range n.Descendants() {
		if d.Type == html.ElementNode && d.Data == name {
			return d
		}
	}
	return nil
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
	table := firstElement(group, "mtable")
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
	sem := firstElement(math, "semantics")
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
