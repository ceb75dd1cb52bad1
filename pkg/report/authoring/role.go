package authoring

import (
	"bytes"
	"cmp"
	"github.com/grundylab/grundy/pkg/report/bib"
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// roleOpen matches the start of a MyST role this package reads, its
// name and the backticks that open its content.
var roleOpen = regexp.MustCompile("^\\{(ref|numref|eq|prf:ref|proof:ref|term|download|cite|cite:p|cite:t|cite:ps|cite:ts)\\}(`+)")

// roleText matches a role's content that gives a text and a label,
// "text <label>".
var roleText = regexp.MustCompile(`(?s)^(.*?)\s*<([^<>]+)>$`)

// roleParser reads MyST's roles for references and citations:
// {ref}`label`, {ref}`text <label>`, {numref}`label` and
// {numref}`Fig. %s <label>`, {eq}`label`, {prf:ref}`label` (or {proof:ref}),
// {cite}`a,b`, {cite:p}`a` and {cite:t}`a`, and {term}`Term` and
// {term}`text <Term>`, a link to a glossary's entry, and {download}`file`,
// a link to a file to download (file download.go).
type roleParser struct{}

func (roleParser) Trigger() []byte { return []byte{'{'} }

func (roleParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, seg := block.PeekLine()
	m := roleOpen.FindSubmatchIndex(line)
	if m == nil {
		return nil
	}
	name := string(line[m[2]:m[3]])
	fence := line[m[4]:m[5]]
	rest := line[m[5]:]
	rest = rest[:min(len(rest), maxGroup)] // a role's content is short: linear time for a line of many
	closeAt := closingRun(rest, fence)
	if closeAt < 0 {
		return nil
	}
	content := strings.TrimSpace(string(rest[:closeAt]))
	end := m[5] + closeAt + len(fence)
	source := string(line[:end])
	start, stop := seg.Start, seg.Start+end
	if content == "" {
		return nil
	}
	block.Advance(end)
	if name == "download" {
		return newDownload(content, source, start, stop)
	}
	if strings.HasPrefix(name, "cite") {
		c := &Cite{Mode: bib.Parenthetical, Source: source, start: start, stop: stop}
		if name == "cite:t" || name == "cite:ts" {
			c.Mode = bib.Narrative
		}
		c.Items = roleCiteItems(content)
		return c
	}
	r := &Ref{Label: content, Source: source, start: start, stop: stop}
	if sm := roleText.FindStringSubmatch(content); sm != nil {
		r.Own, r.Label = sm[1], strings.TrimSpace(sm[2])
	}
	r.Form = roleForm(name)
	if name == "term" {
		// A term reads as written, linked to its glossary entry.
		r.term = r.Label
		r.Own, r.Label = cmp.Or(r.Own, r.Label), TermLabel(r.Label)
	}
	return r
}

// roleCiteItems reads the works a cite role names: keys separated by
// ";" (mystmd's form) or "," (sphinxcontrib-bibtex's), each with an
// optional prefix and suffix in braces, "{see}knuth1984{p. 3}", as
// mystmd reads them. A suffix follows the year after a comma, as mystmd
// writes it; a locator in it ("p. 3", "fig 1") is styled as Pandoc
// styles one.
func roleCiteItems(content string) []bib.Item {
	var items []bib.Item
	for len(content) > 0 {
		var it bib.Item
		content = strings.TrimLeft(content, " \t;,")
		if rest, ok := strings.CutPrefix(content, "{"); ok {
			end := strings.IndexByte(rest, '}')
			if end < 0 {
				// No key can be told from an open brace: the text is
				// shown as a work missing from the bibliography.
				return append(items, bib.Item{Key: strings.TrimSpace(content)})
			}
			it.Prefix, content = strings.TrimSpace(rest[:end]), rest[end+1:]
		}
		end := strings.IndexAny(content, ";,{")
		if end < 0 {
			end = len(content)
		}
		it.Key, content = strings.TrimSpace(content[:end]), content[end:]
		if rest, ok := strings.CutPrefix(content, "{"); ok {
			end := strings.IndexByte(rest, '}')
			if end < 0 {
				end = len(rest)
			}
			if sfx := strings.TrimSpace(rest[:end]); sfx != "" {
				it.Suffix = ", " + sfx
			}
			content = rest[min(end+1, len(rest)):]
		}
		if it.Key != "" {
			items = append(items, it)
		}
	}
	return items
}

// roleForm returns the form of reference a MyST role makes.
func roleForm(name string) RefForm {
	switch name {
	case "ref":
		return FormRef
	case "eq":
		return FormEq
	}
	return FormNumref // numref, prf:ref, proof:ref
}

// closingRun returns the index of the first run of backticks in s as
// long as fence, or -1.
func closingRun(s, fence []byte) int {
	for i := 0; i < len(s); {
		j := bytes.IndexByte(s[i:], '`')
		if j < 0 {
			return -1
		}
		i += j
		k := i
		for k < len(s) && s[k] == '`' {
			k++
		}
		if k-i == len(fence) {
			return i
		}
		i = k
	}
	return -1
}

// texRefParser reads \eqref{label} and \ref{label} in text, which
// MathJax resolves outside formulas too.
type texRefParser struct{}

// texRef matches \eqref{label} or \ref{label}.
var texRef = regexp.MustCompile(`^\\(eqref|ref)\{([^{}\s]{1,128})\}`)

func (texRefParser) Trigger() []byte { return []byte{'\\'} }

func (texRefParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, seg := block.PeekLine()
	m := texRef.FindSubmatch(line)
	if m == nil {
		return nil
	}
	block.Advance(len(m[0]))
	r := &Ref{Form: FormEq, Label: string(m[2]), Source: string(m[0]), start: seg.Start, stop: seg.Start + len(m[0])}
	if string(m[1]) == "ref" {
		r.Form = FormTeXRef
	}
	return r
}
