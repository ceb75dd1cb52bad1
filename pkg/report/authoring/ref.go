package authoring

import (
	"cmp"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
)

// RefForm is the form a reference is written in, which decides its text.
type RefForm uint8

// The forms of references.
const (
	// FormAt is Quarto's "@fig-x" (or "[@fig-x]"): "Figure 1".
	FormAt RefForm = iota + 1
	// FormNumber is Quarto's "-@fig-x": the number alone, "1".
	FormNumber
	// FormRef is MyST's {ref}`label`: the target's title, or its kind and
	// number; with text, {ref}`text <label>`, the text.
	FormRef
	// FormNumref is MyST's {numref}`label`: "Figure 1", or the text given
	// with "%s" or "{number}" standing for the number.
	FormNumref
	// FormEq is MyST's {eq}`label`, and \eqref{label} in text: "(1)".
	FormEq
	// FormTeXRef is \ref{label} in text: the number alone.
	FormTeXRef
	// FormLink is a link with no text to a target, "[](#label)": the text
	// MyST gives it ("Figure 1", "(1)", a section's title).
	FormLink
)

// KindRef is the kind of a Ref node.
var KindRef = ast.NewNodeKind("Ref")

// A Ref is a reference to a target, resolved by the Refs extender's
// transformer: a link to it with the text its form gives, or, for a
// label no target has, the reference as written, marked.
type Ref struct {
	ast.BaseInline
	Form RefForm
	// Label is the target's label.
	Label string
	// Own is the reference's own text or template, "" for none; for
	// FormAt, Quarto's prefix ("see" in "[see @fig-x]"), written in place
	// of the kind's name.
	Own string
	// Capital is set for "@Fig-x", written at the start of a sentence.
	Capital bool
	// Source is the reference as written, shown when it is unresolved.
	Source string

	start, stop int
	resolved    string // the text, once resolved
	found       bool
	checked     bool  // resolved against an index
	page        *Page // the other page of the project the target is on; nil for this document
	// elsewhere is set for a reference in Quarto's form that another page
	// of the project could resolve, which Quarto leaves unresolved.
	elsewhere bool
	// term is the term a {term} role names, "" for other references.
	term string
	// unlinked is set for a resolved reference in Quarto's form in a
	// document whose crossref says "ref-hyperlink: false": its text alone.
	unlinked bool
}

// Kind returns KindRef.
func (*Ref) Kind() ast.NodeKind { return KindRef }

// Dump writes the node for debugging.
func (n *Ref) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Label": n.Label, "Own": n.Own, "Form": fmt.Sprint(n.Form)}, nil)
}

// Span returns the reference's range in the source.
func (n *Ref) Span() (start, stop int) { return n.start, n.stop }

// Resolved returns the reference's text and whether its target was found.
func (n *Ref) Resolved() (string, bool) { return n.resolved, n.found }

// resolve sets the reference's text from its target, if there is one.
func (n *Ref) resolve(x *Index) {
	n.checked = true
	t, ok := Target{}, false
	if x != nil {
		t, n.page, ok = x.lookup(n.Label, n.quarto())
	}
	n.found = ok
	if !ok {
		n.resolved = n.Source
		n.elsewhere = x != nil && n.quarto() && x.elsewhere(n.Label)
		return
	}
	n.resolved = x.refText(n.Form, n.Own, t)
	n.unlinked = n.quarto() && !x.MyST && x.Crossref.noLink
	if n.Capital {
		n.resolved = capitalize(n.resolved)
	}
}

// refText returns the text of a reference of a form, with its own text
// or template, to t, as Quarto and mystmd write it; in a document mystmd
// numbers, {ref} and "[](#x)" to a numbered section read "Section 1.2",
// as mystmd writes them.
func (x *Index) refText(form RefForm, own string, t Target) string {
	myst := x.MyST
	// A no-break space, as Quarto and mystmd write it: "Figure" never
	// ends a line without its number. With no name, as an empty
	// crossref prefix asks, the number alone.
	numbered := t.Number
	if name := x.refName(t); name != "" {
		numbered = name + "\u00a0" + t.Number
	}
	switch {
	case t.Number == "":
		numbered = cmp.Or(t.Title, t.Label)
	case t.Counter == CounterEquation && form != FormAt:
		numbered = "(" + t.Number + ")"
	}
	switch form {
	case FormAt:
		if own != "" {
			// Quarto's "[see @fig-x]": the prefix in place of the name.
			return own + "\u00a0" + cmp.Or(t.Number, numbered)
		}
	case FormNumber, FormTeXRef:
		return cmp.Or(t.Number, numbered)
	case FormEq:
		if t.Number != "" {
			return "(" + t.Number + ")"
		}
	case FormRef:
		if own != "" {
			return own
		}
		if t.Counter == CounterSection && (!myst || t.Number == "") {
			return cmp.Or(t.Title, numbered)
		}
	case FormNumref:
		if own != "" && t.Number != "" {
			return strings.NewReplacer("%s", t.Number, "{number}", t.Number, "{name}", t.Title).Replace(own)
		}
		if own != "" {
			// mystmd's mark for a number a template asks of a target
			// that has none.
			return strings.NewReplacer("%s", "??", "{number}", "??", "{name}", t.Title).Replace(own)
		}
	case FormLink:
		if t.Counter == CounterSection && (!myst || t.Number == "") {
			return cmp.Or(t.Title, numbered)
		}
	}
	return numbered
}

// refName returns the name a reference gives t before its number:
// "Figure", "Chapter", or in a Quarto document the crossref option's or
// language's prefix of its type, "Fig." for "fig-prefix: Fig.".
func (x *Index) refName(t Target) string {
	def := counterName(t.Counter)
	switch t.kind {
	case "ch":
		def = "Chapter"
	case "apx":
		def = "Appendix"
	}
	if x.MyST {
		return def
	}
	return x.Crossref.prefix(cmp.Or(t.kind, quartoTypes[t.Counter]), def)
}

// counterName returns the name a reference gives a counter's targets,
// "Figure" for "figure", "Theorem" for "theorem".
func counterName(counter string) string {
	if name, ok := theoremNames[counter]; ok {
		return name
	}
	return capitalize(counter)
}

// theoremNames are the names of Quarto's theorem-like kinds by their
// label prefixes, for a counter named by its prefix.
var theoremNames = map[string]string{
	"thm": "Theorem", "lem": "Lemma", "cor": "Corollary", "prp": "Proposition", "cnj": "Conjecture",
	"def": "Definition", "exm": "Example", "exr": "Exercise", "sol": "Solution", "rem": "Remark",
	"fig": "Figure", "tbl": "Table", "eq": "Equation", "sec": "Section",
}

// capitalize returns s with its first letter upper-case.
func capitalize(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}

// WritePost writes a resolved reference as a link, an unresolved one
// marked, as the page shows them.
func (n *Ref) WritePost(w *strings.Builder, source []byte, body func(start, stop int)) {
	if !n.checked {
		w.WriteString(n.Source) // no index: nothing resolved, nothing missing
		return
	}
	if !n.found || !ValidLabel(n.Label) {
		w.WriteString(`<mark class="` + missingClass(n) + `">` + postText(missingText(n)) + `</mark>`)
		return
	}
	if n.unlinked {
		w.WriteString(escapeMarkdown(n.resolved))
		return
	}
	w.WriteString("[" + escapeMarkdown(n.resolved) + "](" + n.postHref() + ")")
}

// missingClass returns the classes of an unresolved reference's mark:
// "ref-missing", and "ref-elsewhere" for one another page could resolve.
func missingClass(n *Ref) string {
	if n.elsewhere {
		return "ref-missing ref-elsewhere"
	}
	return "ref-missing"
}

// quarto reports whether the reference is written in Quarto's form,
// "@fig-x" or "-@fig-x".
func (n *Ref) quarto() bool { return n.Form == FormAt || n.Form == FormNumber }

// href returns the address a resolved reference links on a page:
// "#label", or the other page's address and the label.
func (n *Ref) href() string {
	if n.page != nil {
		return n.page.URL + "#" + n.Label
	}
	return "#" + n.Label
}

// postHref returns the address a resolved reference links in a post:
// "#label", or the other post's address and the label.
func (n *Ref) postHref() string {
	if n.page != nil {
		return n.page.Post + "#" + n.Label
	}
	return "#" + n.Label
}

// markdownEscaper escapes the characters that have a meaning in
// Markdown text, or in the HTML and math a blog's reader finds in it.
var markdownEscaper = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "<", `\<`, ">", `\>`,
	"$", `\$`, "&", `\&`, "#", `\#`, "!", `\!`, "|", `\|`, "~", `\~`, "{", `\{`, "}", `\}`,
	"@", `\@`, "\n", " ", "\r", " ",
)

// escapeMarkdown returns text as Markdown that shows it as it is.
func escapeMarkdown(text string) string { return markdownEscaper.Replace(text) }
