package mathml

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// marker and markerEnd enclose the number of a fragment in the TeX handed to
// treeblood, as \text{<marker>n<markerEnd>}; the MathML built here for the
// fragment replaces the <mtext> that treeblood makes of it. tokenize turns
// both characters in a formula into U+FFFD, so only markers carry them.
const (
	marker    = '\uE000'
	markerEnd = '\uE001'
)

type fragKind uint8

const (
	fragReplace fragKind = iota // replace the <mtext> by html
	fragRowTag                  // remove the <mtext>; give its table row a tag cell
	fragOpen                    // the first child of the group to become the element html
	fragClose                   // the last child of that group
)

// A fragment is MathML built here for TeX that treeblood does not convert,
// or converts unsafely.
type fragment struct {
	kind fragKind
	html string // for fragOpen, the start tag of the element
	// limits makes a base operator take its scripts under and over it.
	limits bool
	// partner is the index of the fragClose of a fragOpen.
	partner int
	// hlines are the rows of the table in a fragOpen's group that have a
	// line above them (\hline); the number of rows means a line below the
	// last.
	hlines []int
	// layout is the column specification of that table, if it has one.
	layout *columnLayout
}

// rewriter turns expanded TeX into TeX that treeblood converts safely,
// with fragments for the rest.
type rewriter struct {
	c       *Converter
	display bool
	out     strings.Builder
	frags   []fragment
	open    []int // fragOpen fragments not yet closed
	colours []string
	// tagsApart keeps the tags of table rows out of the table, in rowTags.
	tagsApart bool
	rowTags   []rowTag
	envs      int // environments and \substack open
	tables    []*table
	warnings  []string
	// row is the equation or row being numbered; nil for inline math.
	row *rowState
	// rows is true inside a top-level environment numbered by rows, whose
	// rows are numbered unless \notag when rowDefault.
	rows, rowDefault bool
	// tag is the tag of the whole display, set when it is not numbered by
	// rows.
	tag string
}

func (r *rewriter) emitFrag(f fragment) {
	if f.kind == fragClose {
		r.frags[r.open[len(r.open)-1]].partner = len(r.frags)
		r.open = r.open[:len(r.open)-1]
	}
	if f.kind == fragOpen {
		r.open = append(r.open, len(r.frags))
	}
	r.frags = append(r.frags, f)
	fmt.Fprintf(&r.out, `{\text{%c%d%c}}`, marker, len(r.frags)-1, markerEnd)
}

// element rewrites what content writes into the element that open
// starts, built here around what treeblood makes of it.
func (r *rewriter) element(open string, content func() error) error {
	r.out.WriteByte('{')
	r.emitFrag(fragment{kind: fragOpen, html: open})
	if err := content(); err != nil {
		return err
	}
	r.emitFrag(fragment{kind: fragClose})
	r.out.WriteByte('}')
	return nil
}

// braced rewrites toks, a group one level down from depth, between open
// and close.
func (r *rewriter) braced(open string, toks []token, depth int, close string) error {
	r.out.WriteString(open)
	if err := r.group(toks, depth+1); err != nil {
		return err
	}
	r.out.WriteString(close)
	return nil
}

func (r *rewriter) emitMathML(s string) { r.emitFrag(fragment{kind: fragReplace, html: s}) }

func (r *rewriter) warn(format string, args ...any) {
	r.warnings = append(r.warnings, fmt.Sprintf(format, args...))
}

// group rewrites toks, a group or a whole formula.
func (r *rewriter) group(toks []token, depth int) error {
	if depth > 200 {
		return fmt.Errorf("%w: groups nested more than 200 deep", ErrLimit)
	}
	for i := 0; i < len(toks); {
		t := toks[i]
		i++
		switch t.kind {
		case tBegin:
			a, next, err := arg(toks, i-1)
			if err != nil {
				return err
			}
			if emptyBase(a, toks[next:]) {
				// The empty base of a prescript, {}_{t+1}z, built here:
				// treeblood fails on it after a space such as \;.
				r.emitMathML("<mrow></mrow>")
				i = next
				continue
			}
			if err := r.braced("{", a, depth, "}"); err != nil {
				return err
			}
			i = next
			continue
		case tEnd:
			return errors.New("unmatched }")
		case tParam:
			return fmt.Errorf("#%s outside a macro definition", t.text)
		case tChar, tSpace:
			r.out.WriteString(t.text)
			if (t.text == "^" || t.text == "_") && i < len(toks) {
				// One character is the script, as in TeX: x^12 is x^1 2,
				// where treeblood would read the number 12.
				j := i
				for j < len(toks) && toks[j].kind == tSpace {
					j++
				}
				switch {
				case j < len(toks) && toks[j].kind == tChar:
					r.out.WriteString("{" + toks[j].text + "}")
					i = j + 1
				case j < len(toks) && toks[j].kind == tCS && scriptCommand(toks[j].text):
					// A command with its arguments is the script, as
					// MathJax reads x^\frac12 or x_\mathrm{max}: braced
					// for treeblood, which takes only the command.
					next, err := r.script(toks, j, depth)
					if err != nil {
						return err
					}
					i = next
				}
			}
			continue
		}
		next, err := r.command(toks, i, t.text, depth)
		if err != nil {
			return err
		}
		i = next
	}
	return nil
}

// emptyBase reports whether a group of nothing, group, is the base of the
// script that starts rest.
func emptyBase(group, rest []token) bool {
	if slices.ContainsFunc(group, func(t token) bool { return t.kind != tSpace }) {
		return false
	}
	for _, t := range rest {
		if t.kind != tSpace {
			return t.is(tChar, "^") || t.is(tChar, "_")
		}
	}
	return false
}

// scriptCommand reports whether a command, and the arguments it takes,
// can stand as a script unbraced: not one that needs what is before it
// or that runs to the end of its group.
func scriptCommand(name string) bool {
	if _, ok := switches[name]; ok {
		return false
	}
	switch name {
	case "\\", "over", "atop", "choose", "limits", "nolimits", "right", "middle", "begin", "end":
		return false
	}
	return true
}

// script rewrites the command at toks[j], with its arguments, as a
// braced script, and returns the index after it. A \left takes all up to
// its \right and the delimiter after it.
func (r *rewriter) script(toks []token, j, depth int) (int, error) {
	r.out.WriteByte('{')
	defer r.out.WriteByte('}')
	if !toks[j].is(tCS, "left") {
		return r.command(toks, j+1, toks[j].text, depth+1)
	}
	open := 0
	for k := j; k < len(toks); k++ {
		switch {
		case toks[k].is(tCS, "left"):
			open++
		case toks[k].is(tCS, "right"):
			open--
		}
		if open > 0 {
			continue
		}
		_, end, err := arg(toks, k+1)
		if err != nil {
			return k, fmt.Errorf(`\right: %w`, err)
		}
		return end, r.group(toks[j:end], depth+1)
	}
	return len(toks), errors.New(`\left without \right`)
}
