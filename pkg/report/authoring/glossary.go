package authoring

import (
	"bytes"
	"hash/fnv"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// KindGlossary is the kind of a Glossary node.
var KindGlossary = ast.NewNodeKind("Glossary")

// A Glossary is the {glossary} directive: terms and their definitions,
// each term a target that the {term} role links to. Its body is read in
// both of the forms it is written in: Sphinx's (and Jupyter Book's),
// term lines with the definition indented under them, two term lines
// in a row naming one definition, and mystmd's, a definition list,
// "Term" then ": definition". Its children are GlossaryTerms, each
// followed by the GlossaryDefinition of the terms before it, if any; a
// definition's lines are read as paragraphs (a block nested in one is
// read as text).
type Glossary struct {
	block
}

// KindGlossaryTerm is the kind of a GlossaryTerm node.
var KindGlossaryTerm = ast.NewNodeKind("GlossaryTerm")

// A GlossaryTerm is a term of a Glossary, its inline content.
type GlossaryTerm struct {
	ast.BaseBlock
	// Label is the term's label, TermLabel of its text: of a link's
	// text, "[MyST](https://mystmd.org)" labelled "term-myst", as mystmd
	// reads a term with markup by its text alone.
	Label string
}

// Kind returns KindGlossaryTerm.
func (*GlossaryTerm) Kind() ast.NodeKind { return KindGlossaryTerm }

// Dump writes the node for debugging.
func (t *GlossaryTerm) Dump(source []byte, level int) { dump(t, source, level, "Label", t.Label) }

// KindGlossaryDefinition is the kind of a GlossaryDefinition node.
var KindGlossaryDefinition = ast.NewNodeKind("GlossaryDefinition")

// A GlossaryDefinition is the definition of the terms before it in a
// Glossary, its paragraphs.
type GlossaryDefinition struct {
	ast.BaseBlock
}

// Kind returns KindGlossaryDefinition.
func (*GlossaryDefinition) Kind() ast.NodeKind { return KindGlossaryDefinition }

// Dump writes the node for debugging.
func (d *GlossaryDefinition) Dump(source []byte, level int) { dump(d, source, level) }

// Kind returns KindGlossary.
func (*Glossary) Kind() ast.NodeKind { return KindGlossary }

// IsRaw reports true: the body is read here, in either form, not as
// Markdown blocks.
func (*Glossary) IsRaw() bool { return true }

// Dump writes the node for debugging.
func (g *Glossary) Dump(source []byte, level int) { dump(g, source, level, "Label", g.label) }

// maxTermLabel bounds the part of a term's label taken from its text.
const maxTermLabel = 96

// TermLabel returns the label of a glossary's term: "term-" and the
// term in lower case, its runs of other characters than ASCII letters
// and digits one "-" each, as mystmd matches a {term} to its entry
// whatever its case. A term with no ASCII letter or digit is named by a
// hash of its text.
func TermLabel(term string) string {
	var b strings.Builder
	b.WriteString("term-")
	dash := false
	for _, r := range strings.ToLower(strings.Join(strings.Fields(term), " ")) {
		switch {
		case b.Len() >= len("term-")+maxTermLabel:
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			if dash && b.Len() > len("term-") {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		default:
			dash = true
		}
	}
	if b.Len() == len("term-") {
		h := fnv.New64a()
		h.Write([]byte(strings.ToLower(strings.Join(strings.Fields(term), " "))))
		b.WriteString("h" + strconv.FormatUint(h.Sum64(), 36))
	}
	return b.String()
}

// A glossaryEntry is one entry of a glossary's body: its terms and the
// paragraphs of its definition, each a list of lines.
type glossaryEntry struct {
	terms []text.Segment
	defs  [][]text.Segment
}

// readGlossary reads a glossary's body, its lines in the source, in
// Sphinx's form or mystmd's (see Glossary). A line that starts at the
// margin is a term, another term of the same entry when the line before
// it is one; an indented line, or one that starts ": ", is a line of
// the definition of the terms before it, a blank line ending its
// paragraph. A line at the margin right after a definition line that
// started ": " continues it, as a definition list's paragraph runs on.
func readGlossary(lines []text.Segment, source []byte) []glossaryEntry {
	var entries []glossaryEntry
	var cur *glossaryEntry
	const (
		afterBlank = iota
		afterTerm
		afterDef   // an indented definition line
		afterColon // a definition line in mystmd's form
	)
	state := afterBlank
	for _, seg := range lines {
		line := seg.Value(source)
		content := bytes.TrimRight(line, " \t\r\n")
		trimmed := bytes.TrimLeft(content, " \t")
		lead := len(content) - len(trimmed)
		body := text.NewSegment(seg.Start+lead, seg.Start+len(content))
		colon := lead < 4 && len(trimmed) >= 1 && trimmed[0] == ':' && (len(trimmed) == 1 || trimmed[1] == ' ' || trimmed[1] == '\t')
		switch {
		case len(trimmed) == 0:
			state = afterBlank
		case colon && cur != nil:
			rest := bytes.TrimLeft(trimmed[1:], " \t")
			cur.defs = append(cur.defs, []text.Segment{text.NewSegment(body.Stop-len(rest), body.Stop)})
			state = afterColon
		case (lead > 0 || state == afterColon) && cur != nil && (state == afterDef || state == afterColon):
			last := &cur.defs[len(cur.defs)-1]
			*last = append(*last, body)
		case lead > 0 && cur != nil && (state == afterTerm || state == afterBlank && len(cur.defs) > 0):
			cur.defs = append(cur.defs, []text.Segment{body})
			state = afterDef
		case state == afterTerm && cur != nil:
			cur.terms = append(cur.terms, body)
		default:
			// A term, or a definition with no term before it, which is
			// shown as a term rather than lost.
			entries = append(entries, glossaryEntry{terms: []text.Segment{body}})
			cur = &entries[len(entries)-1]
			state = afterTerm
		}
	}
	return entries
}

// glossary gives a glossary its definition list, read from its lines,
// once they are all read.
func (p *fenceParser) glossary(g *Glossary, source []byte) {
	lines := g.Lines()
	segs := make([]text.Segment, lines.Len())
	for i := range segs {
		segs[i] = lines.At(i)
	}
	g.SetLines(text.NewSegments())
	for _, e := range readGlossary(segs, source) {
		for _, t := range e.terms {
			dt := &GlossaryTerm{}
			dt.Lines().Append(t)
			g.AppendChild(g, dt)
		}
		if len(e.defs) == 0 {
			continue
		}
		dd := &GlossaryDefinition{}
		for _, d := range e.defs {
			para := ast.NewParagraph()
			for i, l := range d {
				// A paragraph's lines but its last end in their newline.
				if i < len(d)-1 {
					l.Stop = max(l.Stop, min(lineEnd(source, l.Stop), g.stop))
				}
				para.Lines().Append(l)
			}
			dd.AppendChild(dd, para)
		}
		g.AppendChild(g, dd)
	}
}

// labelTerms labels a glossary's terms, once their inline content is
// read.
func labelTerms(g *Glossary, source []byte) {
	for c := g.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*GlossaryTerm); ok {
			t.Label = TermLabel(plainText(t, source))
		}
	}
}

// WritePost writes a glossary as a definition list, which Hugo's
// goldmark and Jekyll's kramdown read alike: each term on a line of its
// own after its anchor, each paragraph of its definition after ": ".
func (g *Glossary) WritePost(w *strings.Builder, source []byte, body func(start, stop int)) {
	p := newPostBlock(w, source, body, &g.block)
	p.anchor()
	if g.label != "" {
		p.paragraph()
	}
	for c := g.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *GlossaryTerm:
			if _, ok := c.PreviousSibling().(*GlossaryDefinition); ok {
				p.paragraph()
			}
			p.text(`<a id="` + c.Label + `"></a>`)
			seg := c.Lines().At(0)
			p.copy(seg.Start, seg.Stop)
			p.text("\n")
		case *GlossaryDefinition:
			for para := c.FirstChild(); para != nil; para = para.NextSibling() {
				lines := para.Lines()
				for i := range lines.Len() {
					if i == 0 {
						p.text(": ")
					} else {
						p.text("  ")
					}
					seg := lines.At(i)
					p.copy(seg.Start, seg.Stop)
					if p.open {
						p.text("\n")
					}
				}
			}
		}
	}
	p.end()
}
