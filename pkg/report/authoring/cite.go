package authoring

import (
	"slices"

	"github.com/grundylab/grundy/pkg/report/bib"
	"github.com/grundylab/grundy/pkg/report/sanitize"
	"html"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// KindCite is the kind of a Cite node.
var KindCite = ast.NewNodeKind("Cite")

// A Cite is a citation: "[@a; @b, p. 3]", "@a", "[-@a]", MyST's
// {cite}`a,b`, {cite:p} and {cite:t}. Unless the document has a
// bibliography, a narrative "@key" is text (an "@property" in prose), as
// Quarto reads it; a citation in brackets or a role is one whatever the
// document holds, marked when nothing resolves it.
type Cite struct {
	ast.BaseInline
	Mode  bib.Mode
	Items []bib.Item
	// Bare is set for "-@key" outside brackets: the year alone, with no
	// parentheses.
	Bare bool
	// Source is the citation as written.
	Source string

	start, stop int
	index       *Index // the document's, for the post form
}

// Kind returns KindCite.
func (*Cite) Kind() ast.NodeKind { return KindCite }

// Dump writes the node for debugging.
func (n *Cite) Dump(source []byte, level int) {
	keys := make([]string, len(n.Items))
	for i, it := range n.Items {
		keys[i] = it.Key
	}
	ast.DumpHelper(n, source, level, map[string]string{"Keys": strings.Join(keys, ",")}, nil)
}

// explicit reports whether the citation is written as one, in brackets
// or as a role, rather than as an "@key" that may be prose.
func (n *Cite) explicit() bool {
	return strings.HasPrefix(n.Source, "[") || strings.HasPrefix(n.Source, "{")
}

// Span returns the citation's range in the source.
func (n *Cite) Span() (start, stop int) { return n.start, n.stop }

// citeHTML returns a citation as a page shows it: its text as the
// bibliography's style writes it, each work's authors, year and locator
// a link to its entry in the references (as pandoc links them), marked
// when a work is missing; the citation as written, marked, when the
// document has no bibliography.
func citeHTML(x *Index, c *Cite) string {
	spans, missing, ok := x.citation(c)
	if !ok {
		return `<mark class="cite-missing" title="no bibliography">` + html.EscapeString(c.Source) + `</mark>`
	}
	var b strings.Builder
	b.WriteString(`<span class="citation">`)
	linkedSpansHTML(&b, spans)
	b.WriteString("</span>")
	if len(missing) > 0 {
		return `<mark class="cite-missing" title="not in the bibliography: ` + html.EscapeString(strings.Join(missing, ", ")) + `">` + b.String() + "</mark>"
	}
	return b.String()
}

// linkedSpansHTML writes a citation's spans as HTML, each work's text a
// link to its entry in the references, a DOI's text its own link.
func linkedSpansHTML(b *strings.Builder, spans []bib.Span) {
	for _, run := range keyRuns(spans) {
		anchor := entryAnchor(run[0].Key)
		if anchor != "" {
			b.WriteString(`<a href="#` + html.EscapeString(anchor) + `">`)
		}
		spansHTML(b, run, anchor == "") // a DOI's own link, outside any other
		if anchor != "" {
			b.WriteString("</a>")
		}
	}
}

// keyRuns splits a citation's spans into runs of one Key each: a work's
// text, or the text between works.
func keyRuns(spans []bib.Span) [][]bib.Span {
	var runs [][]bib.Span
	for i, s := range spans {
		if i > 0 && s.Key == spans[i-1].Key {
			runs[len(runs)-1] = append(runs[len(runs)-1], s)
			continue
		}
		runs = append(runs, []bib.Span{s})
	}
	return runs
}

// entryAnchor returns the anchor of a cited work's entry in the
// references, "ref-KEY"; "" for no work, or a key that cannot be an id
// (ReferencesHTML gives its entry none).
func entryAnchor(key string) string {
	if key == "" || !ValidLabel("ref-"+key) {
		return ""
	}
	return "ref-" + key
}

// WritePost writes the citation as the page shows it, in Markdown.
func (n *Cite) WritePost(w *strings.Builder, source []byte, body func(start, stop int)) {
	if n.index == nil {
		w.WriteString(n.Source) // no index: nothing resolved, nothing missing
		return
	}
	spans, missing, ok := n.index.citation(n)
	if !ok {
		w.WriteString(`<mark class="cite-missing">` + postText(n.Source) + `</mark>`)
		return
	}
	if len(missing) > 0 {
		// The mark holds HTML, as the page's does: the works found keep
		// their links.
		var b strings.Builder
		linkedSpansHTML(&b, spans)
		w.WriteString(`<mark class="cite-missing">` + b.String() + `</mark>`)
		return
	}
	for _, run := range keyRuns(spans) {
		anchor := entryAnchor(run[0].Key)
		text := spansMarkdown(run, anchor == "")
		if anchor != "" && strings.TrimSpace(text) != "" {
			text = "[" + text + "](#" + anchor + ")"
		}
		w.WriteString(text)
	}
}

// citation returns the text of a citation, the keys it cites that the
// bibliography lacks, and false when the document has no bibliography.
// Pandoc's "-@key" in text is the year alone, without parentheses.
func (x *Index) citation(c *Cite) ([]bib.Span, []string, bool) {
	s := x.styler()
	if s == nil {
		return nil, nil, false
	}
	spans, missing := s.Cite(c.Items, c.Mode)
	if c.Bare && len(spans) > 0 {
		spans = slices.Clone(spans)
		first, last := &spans[0], &spans[len(spans)-1]
		if strings.HasPrefix(first.Text, "(") && strings.HasSuffix(last.Text, ")") {
			first.Text = first.Text[1:]
			last.Text = strings.TrimSuffix(last.Text, ")")
		}
	}
	return spans, missing, true
}

// styler returns the style of the document's citations, made once from
// every key it cites; nil without a bibliography.
func (x *Index) styler() *bib.Styler {
	if x == nil {
		return nil
	}
	x.styleOnce.Do(func() {
		db := x.Bibliography
		if db == nil && x.MyST && slices.ContainsFunc(x.cited, bib.IsDOI) {
			db = &bib.Database{} // a MyST document cites DOIs without one
		}
		if db != nil {
			x.style = db.Styler(x.cited)
			x.style.LinkDOIs = x.MyST
		}
	})
	return x.style
}

// spansHTML writes spans as HTML: text escaped, titles in italics, links
// (http and https only, and none inside a link) as links.
func spansHTML(b *strings.Builder, spans []bib.Span, links bool) {
	for _, s := range spans {
		text := html.EscapeString(s.Text)
		if s.Emph {
			text = "<em>" + text + "</em>"
		}
		if links && s.Link != "" && sanitize.SafeLink(s.Link) && isWebLink(s.Link) {
			text = `<a href="` + html.EscapeString(s.Link) + `">` + text + "</a>"
		}
		b.WriteString(text)
	}
}

// spansMarkdown returns spans as Markdown that shows their text as it
// is: titles emphasised, links (when links is set, and only web links
// with no character that would end a Markdown link) as links.
func spansMarkdown(spans []bib.Span, links bool) string {
	var b strings.Builder
	for _, s := range spans {
		text := escapeMarkdown(s.Text)
		if s.Emph && strings.TrimSpace(s.Text) != "" {
			text = "*" + text + "*"
		}
		if links && s.Link != "" && sanitize.SafeLink(s.Link) && isWebLink(s.Link) && !strings.ContainsAny(s.Link, " <>()[]\\\"'`") {
			text = "[" + text + "](" + s.Link + ")"
		}
		b.WriteString(text)
	}
	return b.String()
}

// isWebLink reports whether a link is an http or https URL.
func isWebLink(link string) bool {
	return strings.HasPrefix(link, "https://") || strings.HasPrefix(link, "http://")
}

// References returns the document's reference list: the works it cites
// that its bibliography holds, in the style's order; none without a
// bibliography.
func (x *Index) References() []bib.Reference {
	if s := x.styler(); s != nil {
		return s.References()
	}
	return nil
}

// ReferencesHTML returns the reference list of a page, a section after
// its cells with an entry "ref-KEY" for each work cited, which the
// citations link to; "" when the document cites nothing it holds.
func ReferencesHTML(x *Index) string {
	refs := x.References()
	if len(refs) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(`<section class="references" id="refs">` + "\n<h2>References</h2>\n")
	for _, r := range refs {
		b.WriteString(`<div class="csl-entry"`)
		if ValidLabel("ref-" + r.Key) {
			b.WriteString(` id="ref-` + html.EscapeString(r.Key) + `"`)
		}
		b.WriteString(">")
		spansHTML(&b, r.Spans, true)
		b.WriteString("</div>\n")
	}
	b.WriteString("</section>\n")
	return b.String()
}

// ReferencesPost returns the reference list of a post, in Markdown: a
// heading, then a paragraph for each work, after an anchor "ref-KEY";
// "" when the document cites nothing it holds.
func ReferencesPost(x *Index) string {
	refs := x.References()
	if len(refs) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("## References\n\n")
	for _, r := range refs {
		if ValidLabel("ref-" + r.Key) {
			b.WriteString(`<a id="ref-` + r.Key + `"></a>`)
		}
		b.WriteString(spansMarkdown(r.Spans, true) + "\n\n")
	}
	return b.String()
}
