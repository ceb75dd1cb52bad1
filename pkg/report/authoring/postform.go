package authoring

import (
	"bytes"
	"html"
	"math"
	"strconv"
	"strings"

	"github.com/grundylab/grundy/pkg/report/internal/codefence"
	"github.com/yuin/goldmark/ast"
)

// The post forms of the nodes of Blocks are Markdown that Hugo's goldmark
// and Jekyll's kramdown read alike and that the post's sanitiser leaves
// as it is: an anchor <a id="label"></a> where a label was, a bold lead
// or title, and the node's content as its writer wrote it. A callout is
// a block quote. Folded blocks are written open, as the post writer
// writes every fold holding Markdown (kramdown would show Markdown inside
// <details> as text).

// postBlock writes the frame of a node's post form around its parts.
type postBlock struct {
	w      *strings.Builder
	source []byte
	body   func(start, stop int)
	b      *block
	// open is true while the last thing written may not end its line.
	open bool
}

func newPostBlock(w *strings.Builder, source []byte, body func(start, stop int), b *block) *postBlock {
	p := &postBlock{w: w, source: source, body: body, b: b}
	if blankBefore(source, b.start) {
		w.WriteString("\n")
	}
	return p
}

// blankBefore reports whether the line before the one at pos holds
// something other than container markers: a blank line must set the
// post form apart from it.
func blankBefore(source []byte, pos int) bool {
	ls := lineStart(source, pos)
	if ls == 0 {
		return false
	}
	prev := source[lineStart(source, ls-1) : ls-1]
	return len(bytes.Trim(prev, "> \t\r")) > 0
}

// text writes generated text.
func (p *postBlock) text(s string) {
	if s != "" {
		p.w.WriteString(s)
		p.open = s[len(s)-1] != '\n'
	}
}

// copy writes source[start:stop] through body.
func (p *postBlock) copy(start, stop int) {
	if start >= stop {
		return
	}
	p.body(start, stop)
	p.open = p.source[stop-1] != '\n'
}

// anchor writes the node's anchor, if it has a label.
func (p *postBlock) anchor() {
	if p.b.label != "" {
		p.text(`<a id="` + html.EscapeString(p.b.label) + `"></a>`)
	}
}

// paragraph ends the paragraph being written with a blank line.
func (p *postBlock) paragraph() {
	if p.open {
		p.text("\n")
	}
	p.text("\n")
}

// end ends the post form: its last line, and a blank line when source
// follows that would otherwise join it.
func (p *postBlock) end() {
	if p.open {
		p.text("\n")
	}
	if p.b.stop < len(p.source) {
		next := p.source[p.b.stop:lineEnd(p.source, p.b.stop)]
		if len(bytes.Trim(next, "> \t\r\n")) > 0 {
			p.text("\n")
		}
	}
}

// WritePost writes the theorem as its anchor, its bold lead
// "Theorem 1 (Title)." and its content, a proof ended by ∎.
func (t *Theorem) WritePost(w *strings.Builder, source []byte, body func(start, stop int)) {
	p := newPostBlock(w, source, body, &t.block)
	p.anchor()
	lead := t.name()
	if t.number != "" && !t.Unnumbered {
		lead += " " + t.number
	}
	switch {
	case t.of != nil && t.of.checked:
		var of strings.Builder
		t.of.WritePost(&of, source, body)
		lead += " to " + of.String()
	case t.of != nil:
		lead += " to [" + t.Of + "](#" + t.Of + ")" // no index: its label
	}
	p.text("**" + lead)
	first, _ := t.FirstChild().(*ast.Paragraph)
	var l *Lead
	if first != nil {
		l, _ = first.FirstChild().(*Lead)
	}
	if l != nil && l.stop > l.start {
		p.text(" (")
		p.copy(l.start, l.stop)
		p.text(")")
	}
	p.text(".**")
	start := t.bodyStart
	if first != nil && first.Lines().Len() > 0 {
		p.text(" ")
		start = first.Lines().At(0).Start
	} else {
		p.paragraph()
	}
	stop := t.bodyStop
	if t.Env != "proof" {
		p.copy(start, stop)
		p.end()
		return
	}
	// The end-of-proof mark ends the last paragraph, or stands alone.
	if last, ok := t.LastChild().(*ast.Paragraph); ok && last.Lines().Len() > 0 {
		end := last.Lines().At(last.Lines().Len() - 1).Stop
		for end > start && (source[end-1] == '\n' || source[end-1] == '\r' || source[end-1] == ' ') {
			end--
		}
		p.copy(start, end)
		p.text(" ∎")
		p.copy(end, stop)
	} else {
		p.copy(start, stop)
		p.paragraph()
		p.text("∎")
	}
	p.end()
}

// postQuote makes a callout a block quote, except an alert, whose lines
// are one already.
func (c *Callout) postQuote() string {
	if c.alert {
		return ""
	}
	return "> "
}

// WritePost writes the callout as a block quote opening with its title
// in bold.
func (c *Callout) WritePost(w *strings.Builder, source []byte, body func(start, stop int)) {
	p := newPostBlock(w, source, body, &c.block)
	if c.alert {
		p.text("> ")
	}
	p.anchor()
	p.text("**")
	if t, ok := c.FirstChild().(*Title); ok && t.stop > t.start {
		p.copy(t.start, t.stop)
	} else {
		p.text(c.defaultTitle())
	}
	p.text("**\n")
	if c.alert {
		// The alert's own lines carry their quote markers; the line that
		// sets its title apart needs one.
		p.text(">")
	}
	p.text("\n")
	p.copy(c.bodyStart, c.bodyStop)
	p.end()
}

// WritePost writes a tab set as its tabs one after another.
func (t *Tabset) WritePost(w *strings.Builder, source []byte, body func(start, stop int)) {
	writeAnchored(w, source, body, &t.block)
}

// WritePost writes a tab as a section: its title in bold, then its
// content.
func (t *Tab) WritePost(w *strings.Builder, source []byte, body func(start, stop int)) {
	p := newPostBlock(w, source, body, &t.block)
	p.anchor()
	if ttl, ok := t.FirstChild().(*Title); ok && ttl.stop > ttl.start {
		p.text("**")
		p.copy(ttl.start, ttl.stop)
		p.text("**")
		p.paragraph()
	}
	p.copy(t.bodyStart, t.bodyStop)
	p.end()
}

// WritePost writes a div as its anchor and its content.
func (d *Div) WritePost(w *strings.Builder, source []byte, body func(start, stop int)) {
	writeAnchored(w, source, body, &d.block)
}

// writeAnchored writes a block's anchor, as a paragraph of its own when it
// has a label, then its content as it is.
func writeAnchored(w *strings.Builder, source []byte, body func(start, stop int), b *block) {
	p := newPostBlock(w, source, body, b)
	p.anchor()
	if b.label != "" {
		p.paragraph()
	}
	p.copy(b.bodyStart, b.bodyStop)
	p.end()
}

// altEscaper escapes the characters that have a meaning in image text.
var altEscaper = strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`, "<", `\<`, ">", `\>`, "*", `\*`, "_", `\_`, "`", "\\`", "\n", " ")

// WritePost writes a figure as its anchor and image in one paragraph,
// then its caption, "*Figure 1:*" and the caption's text. A figure whose
// body holds images writes them first, its own as "(a)" when they are
// subfigures, each subfigure its image and its caption, "*(b)* text",
// one under another as a blog shows them.
func (f *Figure) WritePost(w *strings.Builder, source []byte, body func(start, stop int)) {
	p := newPostBlock(w, source, body, &f.block)
	p.anchor()
	switch {
	case f.body() != nil && f.Src == "":
	case f.Src != "" && (f.Width != "" || f.Height != "" || len(f.ImageClasses) > 0):
		// CommonMark's image has no size or class; Jekyll keeps an <img>,
		// and Hugo with goldmark's unsafe HTML on, which posts need.
		p.text(`<img src="` + html.EscapeString(pathURL(f.Src)) + `" alt="` + html.EscapeString(strings.Join(strings.Fields(f.Alt), " ")) + `"` +
			classAttribute(f.ImageClasses) + sizeAttribute("width", f.Width) + sizeAttribute("height", f.Height) + ">")
	case f.Src != "":
		p.text("![" + altEscaper.Replace(f.Alt) + "](" + pathURL(f.Src) + ")")
	case f.Eval != "" && f.Alt != "":
		p.text("(The image, “" + postText(f.Alt) + "”, is the value of an expression, which is not evaluated here.)")
	case f.Eval != "":
		p.text("(The image is the value of an expression, which is not evaluated here.)")
	default:
		p.text("(The image is not shown: its path is not a file beside the notebook.)")
	}
	if f.subs && f.Src != "" {
		p.paragraph()
		p.text("*(a)*")
	}
	captionStart := f.bodyStart
	if f.body() != nil {
		if p.open {
			p.paragraph()
		}
		captionStart = min(max(f.captionStart, f.bodyStart), f.bodyStop)
		p.copy(f.bodyStart, captionStart)
	}
	if p.open || f.body() != nil {
		p.paragraph()
	}
	lead := captionNumber(CounterFigure, f.number, f.letter)
	switch {
	case f.Image && f.letter == "":
		// An {image} has no caption: its body, if any, follows the image.
	case lead != "" && f.captionText() && f.letter == "":
		p.text("*" + lead + ":* ")
	case lead != "" && f.captionText():
		p.text("*" + lead + "* ")
	case lead != "":
		p.text("*" + lead + "*")
	}
	p.copy(captionStart, f.bodyStop)
	p.end()
}

// sizeAttribute returns an <img> element's width or height attribute,
// with a space before it, for a size matched by widthForm: whole pixels
// (HTML's form) or a whole percentage (HTML 4's, which browsers still
// honour), the forms the post's sanitiser keeps; "" for none.
func sizeAttribute(name, size string) string {
	if size == "" {
		return ""
	}
	num := strings.TrimRight(size, "px%")
	v, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return ""
	}
	unit := ""
	if strings.HasSuffix(size, "%") {
		unit = "%"
	}
	return " " + name + `="` + strconv.Itoa(max(int(math.Round(v)), 1)) + unit + `"`
}

// WritePost writes an index entry as its anchor alone: the index is not
// shown.
func (e *IndexEntry) WritePost(w *strings.Builder, source []byte, body func(start, stop int)) {
	p := newPostBlock(w, source, body, &e.block)
	p.anchor()
	p.end()
}

// WritePost writes a table as its anchor and caption, "**Table 1:**" and
// the caption's text, in one paragraph, then the table: a {table}'s as
// written, a list table's as a pipe table of the cells' text (or as its
// list, if it holds more than rows or a cell holds a block such as an
// {image}).
func (t *Table) WritePost(w *strings.Builder, source []byte, body func(start, stop int)) {
	p := newPostBlock(w, source, body, &t.block)
	p.anchor()
	ttl, titled := t.FirstChild().(*Title)
	titled = titled && ttl.stop > ttl.start
	switch {
	case t.number != "" && titled:
		p.text("**Table " + t.number + ":** ")
	case t.number != "":
		p.text("**Table " + t.number + "**")
	}
	if titled {
		p.copy(ttl.start, ttl.stop)
	}
	if p.open {
		p.paragraph()
	}
	if !t.list || !rowsOnly(t) {
		p.copy(t.bodyStart, t.bodyStop)
		p.end()
		return
	}
	p.pipeTable(t)
	p.end()
}

// rowsOnly reports whether a list table holds rows and nothing else but
// its title: what a pipe table can show. A list table that holds more
// (a cell's HTML block can run past the fence, taking the Markdown after
// it) is written as its list, so that nothing is lost.
func rowsOnly(t *Table) bool {
	rows := 0
	for n := t.FirstChild(); n != nil; n = n.NextSibling() {
		switch n.(type) {
		case *Title:
		case *Row:
			rows++
			if holdsBlockForm(n) {
				return false
			}
		default:
			return false
		}
	}
	return rows > 0
}

// holdsBlockForm reports whether a row holds a block with a post form
// of its own, such as an {image}, which a cell's text would lose.
func holdsBlockForm(row ast.Node) bool {
	found := false
	_ = ast.Walk(row, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if _, ok := n.(PostNode); ok && entering && n.Type() == ast.TypeBlock {
			found = true
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	return found
}

// pipeTable writes the rows of a list table or a grid table as a pipe
// table, the first row its header, the columns aligned as the first
// row's cells are. A grid table's cell that spans rows or columns is
// written in its first place, the places it covers left empty: a pipe
// table spans nothing.
func (p *postBlock) pipeTable(t ast.Node) {
	width := 0
	var align []string
	for n := t.FirstChild(); n != nil; n = n.NextSibling() {
		r, ok := n.(*Row)
		if !ok {
			continue
		}
		firstRow := align == nil
		k := 0
		for c := r.FirstChild(); c != nil; c = c.NextSibling() {
			cell := c.(*Cell)
			pos := max(k, cell.col)
			k = pos + max(cell.ColSpan, 1)
			if firstRow {
				align = append(align, make([]string, k-len(align))...)
				align[pos] = cell.Align
			}
		}
		width = max(width, k)
	}
	var delim strings.Builder
	for i := range width {
		mark := "---"
		if i < len(align) && alignMarks[align[i]] != "" {
			mark = alignMarks[align[i]]
		}
		delim.WriteString("| " + mark + " ")
	}
	delim.WriteString("|\n")
	first := true
	for n := t.FirstChild(); n != nil; n = n.NextSibling() {
		r, ok := n.(*Row)
		if !ok {
			continue
		}
		if first && !r.Header {
			p.text(strings.Repeat("| ", width) + "|\n")
			p.text(delim.String())
		}
		k := 0
		for c := r.FirstChild(); c != nil; c = c.NextSibling() {
			cell := c.(*Cell)
			for ; k < cell.col; k++ {
				p.text("|   ")
			}
			p.text("| ")
			p.cellText(c)
			p.text(" ")
			k++
			// The columns it spans, but its first, are empty.
			for range max(cell.ColSpan, 1) - 1 {
				p.text("|   ")
				k++
			}
		}
		p.text(strings.Repeat("|   ", max(width-k, 0)) + "|\n")
		if first && r.Header {
			p.text(delim.String())
		}
		first = false
	}
}

// alignMarks are the pipe table's marks of a column's alignment.
var alignMarks = map[string]string{"left": ":--", "center": ":-:", "right": "--:"}

// cellEscaper writes a cell's text so that it stays one cell of one row.
var cellEscaper = strings.NewReplacer("|", `\|`, "\n", " ", "\r", "")

// cellCode writes a code block's text as HTML in one cell of a row: its
// lines kept apart by <br>, its bars character references.
var cellCode = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "|", "&#124;", "\r", "", "\n", "<br>")

// cellText writes a list table cell's text on one line: its paragraphs'
// (or a tight item's text's) lines through body, a code block as <code>
// with its lines kept apart, and where a bar or another block is in it,
// its text escaped.
func (p *postBlock) cellText(cell ast.Node) {
	sep := ""
	for _, b := range leafBlocks(cell) {
		lines := b.Lines()
		if code, ok := codeOf(b, p.source); ok {
			p.text(sep + "<code>" + cellCode.Replace(strings.TrimRight(code, "\r\n")) + "</code>")
			sep = " "
			continue
		}
		// A heading is strong text: a pipe table's cell holds no heading,
		// and kramdown shows an <h1> in one as text.
		_, heading := b.(*ast.Heading)
		if heading {
			p.text(sep + "<strong>")
			sep = ""
		}
		for i := range lines.Len() {
			seg := lines.At(i)
			s := bytes.TrimRight(p.source[seg.Start:seg.Stop], "\r\n")
			p.text(sep)
			sep = " "
			if inline := b.Kind() == ast.KindParagraph || b.Kind() == ast.KindTextBlock || heading; inline && !bytes.ContainsAny(s, "|\n") {
				p.copy(seg.Start, seg.Start+len(s))
			} else {
				p.text(cellEscaper.Replace(strings.TrimSpace(string(s))))
			}
		}
		if heading {
			p.text("</strong>")
		}
	}
}

// codeOf returns the text of a code block, reporting whether b is one.
func codeOf(b ast.Node, source []byte) (string, bool) {
	if c, ok := b.(*CellCode); ok {
		return c.code(source), true
	}
	if _, fenced := b.(*ast.FencedCodeBlock); !fenced && b.Kind() != ast.KindCodeBlock {
		return "", false
	}
	var text strings.Builder
	lines := b.Lines()
	for i := range lines.Len() {
		seg := lines.At(i)
		text.Write(source[seg.Start:seg.Stop])
	}
	return text.String(), true
}

// leafBlocks returns the blocks in n that hold lines, in order: the
// paragraphs and code of a cell, also those in its lists and quotes.
func leafBlocks(n ast.Node) []ast.Node {
	var out []ast.Node
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering && c != n && c.Type() == ast.TypeBlock && (c.Lines().Len() > 0 || c.IsRaw()) {
			out = append(out, c)
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return out
}

// WritePost writes an equation as its anchor and the TeX between $$
// lines, its number as \tag, which MathJax shows, and its label as
// \label, which MathJax's \eqref reads; the environments in it are
// starred, as the page shows them, the number being the whole
// equation's.
func (e *Equation) WritePost(w *strings.Builder, source []byte, body func(start, stop int)) {
	p := newPostBlock(w, source, body, &e.block)
	p.anchor()
	if e.label != "" {
		p.paragraph()
	}
	p.text("$$\n")
	lines := e.Lines()
	if e.number == "" {
		for i := range lines.Len() {
			seg := lines.At(i)
			p.copy(seg.Start, seg.Stop)
		}
		if p.open {
			p.text("\n")
		}
	} else {
		tex := strings.TrimSpace(e.TeX(source))
		f := &Formula{tag: e.number}
		p.text(f.tagged(starEnvironments(tex), "\n") + labelTeX(tex, e.label) + "\n")
	}
	p.text("$$")
	p.end()
}

// postQuote makes an unknown directive a block quote.
func (*Unknown) postQuote() string { return "> " }

// WritePost writes an unknown directive as a block quote that says it is
// not known, holding its source as a code block.
func (u *Unknown) WritePost(w *strings.Builder, source []byte, body func(start, stop int)) {
	p := newPostBlock(w, source, body, &u.block)
	p.text("**Directive `{" + strings.ReplaceAll(u.Name, "`", "") + "}` is not known here; it is shown as written.**")
	p.paragraph()
	src := string(source[u.start:u.stop])
	mark := codefence.Block(src)
	p.text(mark + "text\n")
	p.copy(u.start, u.stop)
	if p.open {
		p.text("\n")
	}
	p.text(mark)
	p.end()
}

// postTextEscaper escapes what Hugo's goldmark or Jekyll's kramdown
// would read as markup in text between inline HTML tags, which both read
// as Markdown: with a backslash where both take one ("[](#x)" would be
// a link with no text), as a character reference where kramdown does
// not.
var postTextEscaper = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "<", `\<`, ">", `\>`,
	"$", `\$`, "{", `\{`, "}", `\}`, "!", `\!`, "|", `\|`, "#", `\#`, "&", "&amp;", "~", "&#126;",
	"\n", " ", "\r", " ",
)

// postText returns text as Markdown of a post that shows it as it is.
func postText(text string) string { return postTextEscaper.Replace(text) }
