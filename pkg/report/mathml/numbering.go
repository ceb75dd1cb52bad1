package mathml

import (
	"fmt"
	"html"
	"regexp"
	"strconv"
	"strings"
)

// rowState is a numbered equation or row of a numbered environment.
type rowState struct {
	numbered bool   // numbered unless \notag
	tag      string // from \tag, with its parentheses
	label    string
}

// rowNumbered are the environments whose rows are numbered one by one,
// singleNumbered those numbered as a whole.
var rowNumbered = map[string]bool{"align": true, "gather": true, "alignat": true, "eqnarray": true, "flalign": true}

var singleNumbered = map[string]bool{"equation": true, "multline": true}

// number returns the tag of the current row or equation, numbering it if
// it takes a number, and records its label.
func (r *rewriter) number() string {
	row := r.row
	tag := row.tag
	if tag == "" && row.numbered {
		r.c.equations++
		tag = "(" + strconv.Itoa(r.c.equations) + ")"
	}
	if row.label != "" {
		r.c.labels[row.label] = strings.TrimSuffix(strings.TrimPrefix(tag, "("), ")")
	}
	return tag
}

// endRow ends a row of an environment numbered by rows.
func (r *rewriter) endRow() {
	r.emitFrag(fragment{kind: fragRowTag, html: r.number()})
}

// endEquation ends a displayed equation numbered as a whole.
func (r *rewriter) endEquation() {
	r.tag = r.number()
}

// cmdTag converts \tag and \tag*, the tag of the current equation or row.
func (r *rewriter) cmdTag(toks []token, i int, name string, depth int) (int, error) {
	i, bare := star(toks, i)
	a, next, err := arg(toks, i)
	if err != nil {
		return i, fmt.Errorf(`\tag: %w`, err)
	}
	tag := plain(a)
	if !bare {
		tag = "(" + tag + ")"
	}
	if r.row == nil {
		r.warn(`\tag{%s} outside a displayed equation`, plain(a))
		return next, nil
	}
	r.row.tag = tag
	return next, nil
}

// cmdEqref converts \eqref and \ref, the tag of a labelled equation.
func (r *rewriter) cmdEqref(toks []token, i int, name string, depth int) (int, error) {
	a, next, err := arg(toks, i)
	if err != nil {
		return i, fmt.Errorf(`\%s: %w`, name, err)
	}
	label := plain(a)
	ref, ok := r.c.labels[label]
	if !ok {
		ref = "???"
		r.warn(`\%s{%s}: no such label`, name, label)
	}
	if name == "eqref" {
		ref = "(" + ref + ")"
	}
	if !ok || !anchorForm.MatchString(label) || len(label) > maxAnchor {
		r.emitMathML(textElement(ref, ""))
		return next, nil
	}
	// A link to the equation, which a browser follows: an HTML <a> in a
	// token element, where HTML's parser reads HTML, since Chromium
	// follows no href on a MathML element (checked with Chromium 156).
	r.emitMathML(`<mtext><a href="#` + label + `">` + html.EscapeString(ref) + `</a></mtext>`)
	return next, nil
}

// anchorForm matches a label that the page gives its equation as an
// id: ASCII words joined by "-", ".", ":" or "/", as package authoring
// reads labels; maxAnchor bounds its length.
var anchorForm = regexp.MustCompile(`^[A-Za-z0-9_]+(?:[-.:/][A-Za-z0-9_]+)*$`)

const maxAnchor = 128

// unnumber rewrites \notag and \nonumber: the current row or equation
// takes no number.
func (r *rewriter) unnumber() {
	if r.row != nil {
		r.row.numbered = false
	}
}

// label rewrites \label{name}, the label of the current row or equation.
func (r *rewriter) label(toks []token, i int) (int, error) {
	a, next, err := arg(toks, i)
	if err != nil {
		return i, fmt.Errorf(`\label: %w`, err)
	}
	if r.row != nil {
		r.row.label = plain(a)
	}
	return next, nil
}

// Number numbers the equations of a displayed formula as Convert would,
// without converting it: the equations it takes are counted (Equations)
// and its labels recorded (Label), and the macros it defines hold for
// the formulas after it. A document's numbers can so be known before its
// formulas are converted, for references that come before them.
func (c *Converter) Number(tex string) error {
	if _, err := c.rewrite(tex, true); err != nil {
		return fmt.Errorf("%w %q: %w", ErrTeX, abbreviate(tex), err)
	}
	return nil
}

// Equations returns the number of equations numbered so far.
func (c *Converter) Equations() int { return c.equations }

// SetEquations makes n the number of equations numbered so far, for an
// equation the document numbers itself (a labelled one, given its number
// with \tag): the next numbered equation takes n+1.
func (c *Converter) SetEquations(n int) { c.equations = n }

// Label returns the number of the equation labelled name with \label
// ("3", or the text of its \tag), and whether there is one.
func (c *Converter) Label(name string) (string, bool) {
	n, ok := c.labels[name]
	return n, ok
}

// SetLabel makes number the number that \eqref{name} and \ref{name} show,
// for a label the document gives (one given outside the TeX, or one of
// an equation further on).
func (c *Converter) SetLabel(name, number string) { c.labels[name] = number }
