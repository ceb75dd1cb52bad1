package report

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/grundylab/grundy/pkg/report/internal/pyformat"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/plaintext"
	"github.com/grundylab/grundy/pkg/report/terminal"
	xhtml "golang.org/x/net/html"
)

// A pastedCell is a Markdown or raw cell's source with its glue found and
// its roles' values made, once: glueMeta makes it for the metadata, and
// markdown makes the cell's blocks of it.
type pastedCell struct {
	// src is the cell's source, cleaned, and refs its glue.
	src  string
	refs []glueRef
	// values holds the Markdown that stands for each role among refs,
	// by its index; directives have none.
	values map[int]string
	// warnings and files are the roles' warnings and files, which the
	// view gets only with the cell's blocks.
	warnings []Warning
	files    []File
}

// text returns the Markdown text src[start:end] with the values of the
// roles among refs[from:to] in place of the roles.
func (p *pastedCell) text(start, end, from, to int) string {
	var out strings.Builder
	last := start
	for k := from; k < to; k++ {
		value, ok := p.values[k]
		if !ok {
			continue // a directive not at the top level: left as written
		}
		out.WriteString(p.src[last:p.refs[k].Start])
		out.WriteString(value)
		last = p.refs[k].End
	}
	out.WriteString(p.src[last:end])
	return out.String()
}

// paste returns the cell's source, cleaned, with its glue found and its
// roles' values made, their warnings and files kept aside.
func (b *builder) paste(cell int, src string) *pastedCell {
	p := &pastedCell{src: src, refs: findGlue([]byte(src)), values: map[int]string{}}
	warnings, files := len(b.v.Warnings), len(b.v.Files)
	for k, r := range p.refs {
		if !r.Directive {
			p.values[k] = b.role(cell, src[r.Start:r.End], r)
		}
	}
	p.warnings = slices.Clone(b.v.Warnings[warnings:])
	p.files = slices.Clone(b.v.Files[files:])
	b.v.Warnings, b.v.Files = b.v.Warnings[:warnings], b.v.Files[:files]
	for _, f := range p.files {
		delete(b.files, f.Path)
	}
	return p
}

// markdown returns the blocks of a Markdown cell's source: its glue roles
// replaced by the values they quote (made once, by glueMeta), its glue
// directives as blocks of their own between the Markdown before and after
// them; links rewrites the links of each Markdown text.
func (b *builder) markdown(cell int, src string, links func(string) string) []Block {
	p := b.pasted[cell]
	if p == nil || p.src != src {
		p = b.paste(cell, src)
	}
	b.v.Warnings = append(b.v.Warnings, p.warnings...)
	for _, f := range p.files {
		b.file(f.MIME, f.Data)
	}
	var blocks []Block
	from, start := 0, 0 // the refs and the text since the last directive
	for k, r := range p.refs {
		if r.Nested {
			b.warn(cell, 0, "glue: the {%s} directive for %q is inside a list or a quote, where it is not read; it is shown as code", r.Name, r.Arg)
		}
		if !r.Directive || r.Nested {
			continue
		}
		blocks = append(blocks, b.markdownText(cell, p, start, r.Start, from, k, links)...)
		blocks = append(blocks, b.directive(cell, src[r.Start:r.End], r)...)
		from, start = k+1, r.End
	}
	return append(blocks, b.markdownText(cell, p, start, len(src), from, len(p.refs), links)...)
}

// markdownText returns the block of the Markdown text src[start:end] of
// a pasted cell, the roles among refs[from:to] replaced and its links
// rewritten, or none if it is blank.
func (b *builder) markdownText(cell int, p *pastedCell, start, end, from, to int, links func(string) string) []Block {
	if strings.TrimSpace(p.src[start:end]) == "" {
		return nil
	}
	return b.markdownBlocks(cell, 0, links(p.text(start, end, from, to)))
}

// pasteRoles returns the Markdown text src[start:end] with the glue roles
// among refs, the glue found in it, replaced.
func (b *builder) pasteRoles(cell int, src string, start, end int, refs []glueRef) string {
	var out strings.Builder
	last := start
	for _, r := range refs {
		if r.Directive {
			continue // not at the top level of a caption: left as written
		}
		out.WriteString(src[last:r.Start])
		out.WriteString(b.role(cell, src[r.Start:r.End], r))
		last = r.End
	}
	out.WriteString(src[last:end])
	return out.String()
}

// role returns the Markdown that stands for a glue role; written is its
// source.
func (b *builder) role(cell int, written string, r glueRef) string {
	key, spec, hasSpec := r.Arg, "", false
	if r.Name == "glue:text" || r.Name == "glue:md" {
		if k, s, ok := cutLast(r.Arg, ":"); ok && (b.v.Glue[r.Arg] == nil || strings.Contains(k, "::")) {
			key, spec, hasSpec = k, s, true
		}
	}
	if strings.Contains(key, "::") {
		b.warn(cell, 0, "glue: %s quotes another notebook, which a single page cannot read; left as written", written)
		return written
	}
	g := b.v.Glue[key]
	if g == nil {
		b.warn(cell, 0, "glue: no value is glued as %q in this notebook (%s)", key, written)
		return missingGlue(written)
	}
	// The work is paid for before it is done, by the value's size, and
	// what escaping adds to it after (which may overdraw the allowance by
	// one value's escapes).
	size := glueSize(g, r.Name)
	if !b.affordGlue(cell, written, size) {
		return missingGlue(written)
	}
	value := b.roleValue(cell, written, key, spec, hasSpec, g, r)
	b.spendGlue(len(value) - size)
	return value
}

// roleValue returns the Markdown that stands for a glue role quoting the
// glued value g by key, with the format spec if hasSpec.
func (b *builder) roleValue(cell int, written, key, spec string, hasSpec bool, g *Glued, r glueRef) string {
	// The value may start a block with what follows it on its line.
	text := func(s string) string { return glueText(s, r.AtLineStart && startsBlock(collapseSpace(s)+r.LineRest)) }
	switch r.Name {
	case "glue:text":
		plain, ok := g.Data.Text("text/plain")
		if !ok {
			b.warn(cell, 0, "glue: %q has no text/plain form (%s)", key, written)
			return missingGlue(written)
		}
		plain, cut := b.cut(plaintext.Clean(terminal.Strip(plain)))
		if cut {
			b.warn(cell, 0, "glue: %s: the text of %q is cut to %s", written, key, byteSize(len(plain)))
			plain += "…"
		}
		formatted, err := pyformat.Format(plain, spec)
		if err != nil {
			b.warn(cell, 0, "glue: %s: %v; the plain text is shown", written, err)
			formatted = plain
		}
		return text(formatted)
	case "glue:md":
		if hasSpec && !slices.Contains([]string{"commonmark", "gfm", "myst"}, spec) {
			b.warn(cell, 0, "glue: %s: unknown Markdown format %q, read as CommonMark", written, spec)
		}
		md, ok := g.Data.Text("text/markdown")
		if !ok {
			b.warn(cell, 0, "glue: %q has no text/markdown form (%s)", key, written)
			return missingGlue(written)
		}
		if md, ok = b.cut(md); ok {
			b.warn(cell, 0, "glue: %s: the Markdown of %q is cut to %s", written, key, byteSize(len(md)))
		}
		return strings.Join(strings.Fields(plaintext.Clean(md)), " ")
	case "glue:math":
		return b.inlineMath(cell, written, key, g, text)
	}
	return b.inlineValue(cell, written, g, text)
}

// inlineValue returns a glued value in its preferred representation, as
// Markdown within a line.
func (b *builder) inlineValue(cell int, written string, g *Glued, text func(string) string) string {
	mime := preferredMIME(g.Data)
	value, _ := g.Data.Text(mime)
	value = plaintext.Clean(terminal.Strip(value))
	if limit := b.opts.MaxOutput; limit >= 0 && len(value) > limit && !strings.HasPrefix(mime, "image/") {
		b.warn(cell, 0, "glue: %s: the %s value of %s is too long to quote; its text form is shown", written, mime, byteSize(len(value)))
		mime = "text/plain"
		value, _ = g.Data.Text(mime)
		value, _ = b.cut(plaintext.Clean(terminal.Strip(value)))
	}
	switch mime {
	case "":
		b.warn(cell, 0, "glue: %q has no form a page can show (%s)", g.Name, written)
		return missingGlue(written)
	case "text/html":
		if svg, ok := svgOnly(value); ok {
			return b.inlineImage(g, "image/svg+xml", []byte(svg))
		}
		return inlineHTML(b.html(value))
	case "text/markdown":
		return strings.Join(strings.Fields(value), " ")
	case "text/latex":
		return b.inlineMath(cell, written, g.Name, g, text)
	case "image/svg+xml":
		return b.inlineImage(g, mime, []byte(value))
	case "text/plain", "application/json":
		return text(value)
	}
	data, err := decodeBase64(value)
	if err != nil {
		b.warn(cell, 0, "glue: %s: %s is not base64: %v", written, mime, err)
		return missingGlue(written)
	}
	return b.inlineImage(g, mime, data)
}

// inlineMath returns a glued value's text/latex as an inline formula.
// A formula that could end early or run on into the Markdown around it
// (a dollar, a backtick, unbalanced braces, a blank line) is shown as
// text instead, with a warning.
func (b *builder) inlineMath(cell int, written, key string, g *Glued, text func(string) string) string {
	latex, ok := g.Data.Text("text/latex")
	if !ok {
		b.warn(cell, 0, "glue: %q has no text/latex form (%s)", key, written)
		return missingGlue(written)
	}
	tex := strings.Join(strings.Fields(stripLatexDelimiters(plaintext.Clean(latex))), " ")
	if !safeInlineTeX(tex) {
		b.warn(cell, 0, "glue: %s: the LaTeX of %q cannot be written as one inline formula; it is shown as text", written, key)
		return text(tex)
	}
	return "$" + tex + "$"
}

// safeInlineTeX reports whether tex, between single dollars, is one
// formula to Jupyter's math finder and to Markdown: no dollar or
// backtick, braces balanced.
func safeInlineTeX(tex string) bool {
	if tex == "" || strings.ContainsAny(tex, "`") {
		return false
	}
	depth := 0
	for i := 0; i < len(tex); i++ {
		switch tex[i] {
		case '\\':
			i++ // \$, \{ and \} are characters
		case '$':
			return false
		case '{':
			depth++
		case '}':
			depth--
			if depth < 0 {
				return false
			}
		}
	}
	return depth == 0 && !strings.HasSuffix(tex, `\`)
}

// stripLatexDelimiters takes off the delimiters of a formula that the
// math block or role adds again: $$...$$, $...$, \(...\) and \[...\].
func stripLatexDelimiters(s string) string {
	s = strings.TrimSpace(s)
	for _, d := range [][2]string{{"$$", "$$"}, {"$", "$"}, {`\(`, `\)`}, {`\[`, `\]`}} {
		if len(s) >= len(d[0])+len(d[1]) && strings.HasPrefix(s, d[0]) && strings.HasSuffix(s, d[1]) {
			return strings.TrimSpace(s[len(d[0]) : len(s)-len(d[1])])
		}
	}
	return s
}

// inlineImage returns a Markdown image of a glued value, written as a
// file beside the post (and inline in the page).
func (b *builder) inlineImage(g *Glued, mime string, data []byte) string {
	if b.opts.MaxImage >= 0 && len(data) > b.opts.MaxImage {
		return glueText(fmt.Sprintf("(an image of %s, too large to show)", byteSize(len(data))), false)
	}
	if mime == "image/svg+xml" {
		data = b.svg(data)
	}
	file := b.file(mime, data)
	alt := altText(g.Data)
	if alt == "" {
		// A role has no option for alternative text.
		alt = standInAlt(&Block{}, g.Cell, 0, 1)
	}
	return "![" + glueText(alt, false) + "](" + LinkPath(file) + ")"
}

// glueSize returns the bytes of the representation of g that the glue
// role or directive name pastes.
func glueSize(g *Glued, name string) int {
	data := g.Data
	switch name {
	case "glue:text":
		return len(data["text/plain"])
	case "glue:md":
		return len(data["text/markdown"])
	case "glue:math":
		return len(data["text/latex"])
	}
	return len(data[preferredMIME(data)])
}

// preferredMIME returns the representation of a bundle a view shows, or
// "".
func preferredMIME(data notebook.MimeBundle) string {
	for _, m := range mimeOrder {
		if _, ok := data[m]; ok {
			return m
		}
	}
	return ""
}

// directive returns the blocks of a glue directive, marked as the glued
// value's; written is its source.
func (b *builder) directive(cell int, written string, r glueRef) []Block {
	g := b.v.Glue[r.Arg]
	if text, unpasted := b.unpasted(cell, written, r, g); unpasted {
		return b.markdownBlocks(cell, 0, text)
	}
	if !b.affordGlue(cell, written, glueSize(g, r.Name)) {
		return b.markdownBlocks(cell, 0, missingGlue(strings.TrimRight(written, "\n")))
	}
	var blocks []Block
	switch r.Name {
	case "glue:math":
		latex, _ := g.Data.Text("text/latex")
		label := cmp.Or(r.Options["label"], r.Options["name"])
		if label != "" && !labelForm.MatchString(label) {
			b.warn(cell, 0, "glue: the {glue:math} directive's label %q is not a label (letters, digits, \"_\", joined by \"-\", \".\" or \":\"), so the formula has no anchor", plaintext.Shorten(label, 60))
			label = ""
		}
		blocks = []Block{{Kind: KindMath, Cell: cell, Text: stripLatexDelimiters(plaintext.Clean(latex)), Display: true, Label: label}}
	case "glue:md":
		md, _ := g.Data.Text("text/markdown")
		blocks = b.markdownBlocks(cell, 0, plaintext.Clean(md))
	default:
		blocks = b.rich(cell, 0, g.Data, g.Metadata, false, "")
	}
	if r.Name == "glue:figure" {
		b.glueFigure(cell, blocks, r)
	}
	for i := range blocks {
		blocks[i].Glue = g.Name
		if img := &blocks[i]; img.Kind == KindImage && img.Alt == "" {
			img.Alt = standInAlt(img, g.Cell, 0, 1)
			hint := "quote it with a {glue:figure} directive and an :alt: option"
			if r.Name == "glue:figure" {
				hint = "give the {glue:figure} directive an :alt: option"
			}
			b.warn(cell, 0, "glue: figure %q has no alt text: %q stands in; %s", g.Name, img.Alt, hint)
		}
	}
	return blocks
}

// unpasted reports whether a glue directive, of the glued value g, cannot
// be pasted, and then warns why and returns the Markdown that stands for
// it: as written when it quotes another notebook, which a page cannot
// read; marked as missing when it names no value, or one without the
// form it needs.
func (b *builder) unpasted(cell int, written string, r glueRef, g *Glued) (string, bool) {
	if doc := r.Options["doc"]; doc != "" || strings.Contains(r.Arg, "::") {
		b.warn(cell, 0, "glue: the {%s} directive for %q quotes another notebook, which a single page cannot read; left as written", r.Name, r.Arg)
		return written, true
	}
	var why string
	switch {
	case r.Arg == "":
		why = "it names no value"
	case g == nil:
		why = fmt.Sprintf("no value is glued as %q", r.Arg)
	case r.Name == "glue:math" && g.Data["text/latex"] == nil:
		why = fmt.Sprintf("%q has no LaTeX form", r.Arg)
	case r.Name == "glue:md" && g.Data["text/markdown"] == nil:
		why = fmt.Sprintf("%q has no Markdown form", r.Arg)
	case preferredMIME(g.Data) == "":
		why = fmt.Sprintf("%q has no form a page can show", r.Arg)
	default:
		return "", false
	}
	b.warn(cell, 0, "glue: {%s} directive: %s", r.Name, why)
	return missingGlue(strings.TrimRight(written, "\n")), true
}

// glueFigure makes the last of the blocks of a glue:figure directive a
// figure: its caption the first paragraph of the directive's body, its
// roles pasted, as one line of inline Markdown, and its legend the
// paragraphs after it; its alternative text the :alt: option (or the
// caption as plain text); numbered when the
// directive has a :name:, in the sequence of the cells' figures. The rest
// of a long text is not the figure; the text before it is.
func (b *builder) glueFigure(cell int, blocks []Block, r glueRef) {
	last := len(blocks) - 1
	for last > 0 && blocks[last].Rest {
		last--
	}
	if last < 0 {
		return
	}
	fig := &blocks[last]
	pasted := b.pasteRoles(cell, r.Body, 0, len(r.Body), r.Caption)
	caption, legend := b.captionAndLegend(cell, pasted)
	fig.Caption, fig.Legend = caption, legend
	switch label := r.Options["name"]; {
	case label == "":
	case !labelForm.MatchString(label):
		b.warn(cell, 0, "glue: the {glue:figure} directive's :name: %q is not a label (letters, digits, \"_\", joined by \"-\", \".\" or \":\"), so the figure is not numbered", plaintext.Shorten(label, 60))
	default:
		b.number(cell, fig, label, caption)
	}
	if fig.Kind != KindImage {
		return
	}
	switch alt := strings.Join(strings.Fields(plaintext.Clean(r.Options["alt"])), " "); {
	case alt != "":
		fig.Alt = alt
	case caption != "":
		fig.Alt = plaintext.Of(caption)
	}
}

// missingGlue returns Markdown that shows a glue role or directive that
// could not be filled, as written, marked for the reader.
func missingGlue(written string) string {
	return `<mark class="glue-missing">` + glueText(written, false) + "</mark>"
}

// cutLast cuts s around the last sep, as Python's rsplit(sep, 1).
func cutLast(s, sep string) (before, after string, found bool) {
	if i := strings.LastIndex(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):], true
	}
	return s, "", false
}

// blockStart matches the start of a line that Markdown reads as a block
// (or the end of a paragraph) by a character that glueText leaves as it
// is: indentation, a list marker, a setext underline or a thematic
// break. The others (#, >, <, `, ~, |, =, *, _) it always escapes.
var blockStart = regexp.MustCompile(`^(?:[ \t]|[-+](?:[ \t]|$)|(?:-[ \t]*)+$|[0-9]{1,9}[.)](?:[ \t]|$))`)

// startsBlock reports whether a line that starts with s would start a
// block.
func startsBlock(s string) bool { return blockStart.MatchString(s) }

// collapseSpace returns s with each run of white space made one space,
// and line breaks at its ends taken off.
func collapseSpace(s string) string {
	var b strings.Builder
	inSpace := false
	for _, r := range strings.Trim(s, "\r\n") {
		if unicode.IsSpace(r) {
			if !inSpace {
				b.WriteByte(' ')
			}
			inSpace = true
			continue
		}
		inSpace = false
		b.WriteRune(r)
	}
	return b.String()
}

// glueText returns text for Markdown that reads as the text itself and
// nothing else, on one line: to goldmark with raw HTML on, to a blog's
// CommonMark renderer, and to Jupyter's math finder. White space runs
// become one space; the characters that Markdown, GFM's autolinks or the
// math finder give a meaning are written as numeric character references
// (which every CommonMark reader takes as the characters, and no
// delimiter search sees). escapeFirst writes the first character so too:
// the text starts a line, where "1. " or "- " would start a list.
func glueText(s string, escapeFirst bool) string {
	s = collapseSpace(s)
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		escape := strings.IndexByte("\\`*_{}[]<>#!|~$&:@=^", c) >= 0 ||
			i == 0 && escapeFirst && c < 0x80 ||
			c == '.' && i >= 3 && strings.EqualFold(s[i-3:i], "www")
		if escape {
			fmt.Fprintf(&b, "&#%d;", c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// tagBreaks writes the line breaks and tabs of a tag's attribute values
// as character references, which keep a tag on one line.
var tagBreaks = strings.NewReplacer("\n", "&#10;", "\r", "&#13;", "\t", "&#9;")

// inlineHTML returns HTML that Markdown keeps within the line: its text
// written as glueText writes it (so that no Markdown inside it is read),
// its tags on one line, comments dropped, all in a span so that a line
// it starts is no HTML block.
func inlineHTML(h string) string {
	var b strings.Builder
	b.WriteString(`<span class="glued">`)
	z := xhtml.NewTokenizer(strings.NewReader(h))
	for {
		tt := z.Next()
		switch tt {
		case xhtml.ErrorToken:
			b.WriteString("</span>")
			return b.String()
		case xhtml.TextToken:
			text := string(z.Text())
			lead, trail := "", ""
			if strings.TrimLeft(text, " \t\r\n") != text {
				lead = " "
			}
			if strings.TrimRight(text, " \t\r\n") != text && strings.TrimSpace(text) != "" {
				trail = " "
			}
			b.WriteString(lead + glueText(text, false) + trail)
		case xhtml.StartTagToken, xhtml.EndTagToken, xhtml.SelfClosingTagToken:
			b.WriteString(tagBreaks.Replace(z.Token().String()))
		}
	}
}

// glueMeta returns the notebook whose metadata a view reads: nb itself,
// or, when Markdown or raw cells (front matter too) quote glued values, a
// copy with the roles replaced, so that a title or a summary shows the
// values too. It pastes each such cell once, for the metadata and for the
// cell's blocks (markdown): what a role lacks is said in the warnings of
// its cell, when the cell is shown.
func (b *builder) glueMeta(nb *notebook.Notebook) *notebook.Notebook {
	size := 0
	for _, c := range nb.Cells {
		if c != nil {
			size += len(c.Source)
		}
	}
	for _, g := range b.v.Glue {
		for _, v := range g.Data {
			size += len(v)
		}
	}
	b.glueAllowed = glueAllowance(size)
	b.glueLeft = b.glueAllowed
	var cp *notebook.Notebook
	for i, c := range nb.Cells {
		if c == nil || c.Type == notebook.Code || !strings.Contains(c.Source, "{glue") {
			continue
		}
		if cp == nil {
			copied := *nb
			copied.Cells = slices.Clone(nb.Cells)
			cp = &copied
		}
		pasted := *c
		p := b.paste(i+1, plaintext.Clean(c.Source))
		if b.pasted == nil {
			b.pasted = map[int]*pastedCell{}
		}
		b.pasted[i+1] = p
		pasted.Source = p.text(0, len(p.src), 0, len(p.refs))
		cp.Cells[i] = &pasted
	}
	if cp == nil {
		return nb
	}
	return cp
}
