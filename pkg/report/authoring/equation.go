package authoring

import (
	"bytes"
	"html"
	"regexp"
	"strings"

	"github.com/grundylab/grundy/pkg/report/mathml"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// KindFormula is the kind of a Formula node.
var KindFormula = ast.NewNodeKind("Formula")

// A Formula is a displayed formula on lines of its own: $$...$$,
// \\[...\\] or an environment, labelled or not. A labelled one, by
// Quarto's "$$ ... $$ {#eq-x}", a MyST target before it or \label in
// its TeX, takes the next number of the document's one sequence of
// equations, shown as \tag{N} at its right; one whose TeX numbers itself
// (an AMS environment such as align) is numbered as MathJax numbers it,
// in the same sequence.
type Formula struct {
	ast.BaseBlock
	// TeX is the formula without its delimiters.
	TeX string

	label         string // from "{#eq-x}" after the formula
	id            string // the anchor, once numbered
	tag           string // the number to show as \tag, once numbered
	before, after int    // the equations numbered before and after it
	start, stop   int
	anchors       []string // labels of its TeX it gives an anchor on the page
}

// Kind returns KindFormula.
func (*Formula) Kind() ast.NodeKind { return KindFormula }

// Dump writes the node for debugging.
func (n *Formula) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"TeX": n.TeX, "Label": n.label, "Tag": n.tag}, nil)
}

// Counter returns CounterEquation.
func (*Formula) Counter() string { return CounterEquation }

// Label returns the label given after the formula, "" for none.
func (n *Formula) Label() string { return n.label }

// SetNumber makes number the equation's tag.
func (n *Formula) SetNumber(number string) { n.tag = number }

// Span returns the formula's range in the source, with its label.
func (n *Formula) Span() (start, stop int) { return n.start, n.stop }

// WritePost writes the formula as $$...$$ with its numbers as \tag (its
// own, or those of the rows it numbers) and its label, if given outside
// the TeX, as \label, after an anchor for its label and for each label of
// its rows; or as written when it has none of them.
func (n *Formula) WritePost(w *strings.Builder, source []byte, body func(start, stop int)) {
	tex := strings.TrimSpace(n.TeX)
	label := labelTeX(tex, n.id)
	switch {
	case n.tag != "":
		tex = n.tagged(tex, " ")
		if label != "" {
			tex = strings.Replace(tex, `\tag{`+n.tag+`}`, `\tag{`+n.tag+`}`+label, 1)
		}
	case n.after > n.before:
		// The rows are tagged only where they are counted as the page
		// counts them (a macro could hide a row's end).
		if tagged, count := tagRows(tex, n.before, label); count == n.after-n.before {
			tex = tagged
		}
	}
	if n.id == "" && len(n.anchors) == 0 && tex == strings.TrimSpace(n.TeX) {
		w.Write(source[n.start:n.stop])
		return
	}
	for _, id := range append([]string{n.id}, n.anchors...) {
		if id != "" {
			w.WriteString(`<a id="` + html.EscapeString(id) + `"></a>`)
		}
	}
	if n.id != "" || len(n.anchors) > 0 {
		w.WriteString("\n\n")
	}
	w.WriteString("$$\n" + tex + "\n$$")
}

// displayTeX returns the TeX the page converts: the formula, with its
// number as \tag when it takes one.
func (n *Formula) displayTeX() string { return n.tagged(n.TeX, "") }

// tagged returns tex with the formula's number as \tag, after sep, at its
// end or in the last row of the unnumbered environment that ends it.
func (n *Formula) tagged(tex, sep string) string {
	if n.tag == "" {
		return tex
	}
	tag := `\tag{` + n.tag + `}`
	if end := starredEnd.FindStringIndex(tex); end != nil {
		// A tag after an environment is none of its rows': the last row
		// takes it.
		return tex[:end[0]] + tag + tex[end[0]:]
	}
	return tex + sep + tag
}

// starredEnd finds the end of an unnumbered AMS environment that ends a
// formula.
var starredEnd = regexp.MustCompile(`\\end\s*\{(?:align|alignat|eqnarray|equation|flalign|gather|multline)\*\}\s*$`)

// equationLabel matches the label after a displayed formula: Quarto's
// "{#eq-x}", with other attributes after the id, or MyST's "(eq-x)".
var equationLabel = regexp.MustCompile(`^\s*(?:\{#([^\s{}]+)(?:\s[^{}]*)?\}|\(([^\s()]+)\))\s*$`)

// formulaOf returns the Formula a block stands for: a MathBlock, or a
// paragraph of one displayed formula and a label after it; nil for
// other blocks.
func formulaOf(n ast.Node, source []byte) *Formula {
	if mb, ok := n.(*mathml.MathBlock); ok {
		s := mb.Span
		return &Formula{TeX: strings.TrimSpace(string(source[s.TeXStart:s.TeXEnd])), start: s.Start, stop: s.End}
	}
	p, ok := n.(*ast.Paragraph)
	if !ok || p.Lines().Len() == 0 {
		return nil
	}
	m, ok := p.FirstChild().(*mathml.Math)
	if !ok || !m.Display {
		return nil
	}
	var rest bytes.Buffer
	for c := m.NextSibling(); c != nil; c = c.NextSibling() {
		t, ok := c.(*ast.Text)
		if !ok {
			return nil
		}
		rest.Write(t.Segment.Value(source))
		if t.SoftLineBreak() || t.HardLineBreak() {
			rest.WriteByte(' ')
		}
	}
	lm := equationLabel.FindSubmatch(rest.Bytes())
	if lm == nil {
		return nil
	}
	lines := p.Lines()
	first, last := lines.At(0), lines.At(lines.Len()-1)
	stop := last.Stop
	for stop > first.Start && (source[stop-1] == '\n' || source[stop-1] == '\r' || source[stop-1] == ' ') {
		stop--
	}
	label := lm[1]
	if label == nil {
		label = lm[2]
	}
	return &Formula{TeX: strings.TrimSpace(string(m.TeX)), label: string(label), start: first.Start, stop: stop}
}

// replaceWithFormula puts eq in n's place, its formula as a displayed
// Math node inside it, for the math renderer to write.
func replaceWithFormula(n ast.Node, eq *Formula) {
	eq.AppendChild(eq, &mathml.Math{Display: true, TeX: []byte(eq.TeX)})
	lines := text.NewSegments()
	eq.SetLines(lines)
	n.Parent().ReplaceChild(n.Parent(), n, eq)
}

// numberedEnvironments finds the AMS environments that number their
// equations or rows.
var numberedEnvironments = regexp.MustCompile(`\\(begin|end)\s*\{(align|alignat|eqnarray|equation|flalign|gather|multline)\}`)

// starEnvironments returns TeX with its numbered environments starred,
// for a formula that takes one number as a whole.
func starEnvironments(tex string) string {
	return numberedEnvironments.ReplaceAllString(tex, `\$1{$2*}`)
}
