package mathml

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// spaces are the widths of the commands of fixed space treeblood lacks.
var spaces = map[string]string{
	">": "0.222em", "enspace": "0.5em", "enskip": "0.5em", "thinspace": "0.167em", "medspace": "0.222em",
	"thickspace": "0.278em", "negthinspace": "-0.167em", "negmedspace": "-0.222em",
	"negthickspace": "-0.278em", "space": "0.25em", "nobreakspace": "0.25em",
}

// dimension is a TeX length: a sign, a number and a unit.
var dimension = regexp.MustCompile(`^\s*([-+]?)\s*([0-9]*\.?[0-9]+)\s*(em|ex|pt|px|mu|cm|mm|in|pc|bp)`)

// ems is the size of a unit in em, with 1em = 10pt as in MathJax.
var ems = map[string]float64{
	"em": 1, "ex": 0.43, "pt": 0.1, "px": 1.0 / 16, "mu": 1.0 / 18, "cm": 2.845, "mm": 0.2845,
	"in": 7.227, "pc": 1.2, "bp": 0.1004,
}

// length reads a TeX dimension such as "1.5em" or "-3mu" and returns it in
// em, with the number of bytes read; a glue's "plus" and "minus" parts are
// not read.
func length(s string) (string, int, bool) {
	m := dimension.FindStringSubmatchIndex(s)
	if m == nil {
		return "", 0, false
	}
	v, err := strconv.ParseFloat(s[m[4]:m[5]], 64)
	if err != nil || v > 1000 {
		return "", 0, false
	}
	v *= ems[s[m[6]:m[7]]]
	if s[m[2]:m[3]] == "-" {
		v = -v
	}
	return strconv.FormatFloat(v, 'f', 3, 64) + "em", m[1], true
}

// space returns an <mspace> for a width in em; a negative one pulls the
// next element back, as MathJax does.
func space(width string) string {
	if strings.HasPrefix(width, "-") {
		return `<mspace style="margin-left: ` + width + `;" width="0em"></mspace>`
	}
	return `<mspace width="` + width + `"></mspace>`
}

// cmdHskip converts the commands of horizontal space given as a length.
func (r *rewriter) cmdHskip(toks []token, i int, name string, depth int) (int, error) {
	if name == "hspace" || name == "mspace" {
		i, _ = star(toks, i)
		a, next, err := arg(toks, i)
		if err != nil {
			return i, fmt.Errorf(`\%s: %w`, name, err)
		}
		w, _, ok := length(plain(a))
		if !ok {
			return i, fmt.Errorf(`\%s: %q is not a length`, name, plain(a))
		}
		r.emitMathML(space(w))
		return next, nil
	}
	// The dimension follows as plain tokens, up to the unit.
	var s strings.Builder
	j := i
	for j < len(toks) && (toks[j].kind == tChar || toks[j].kind == tSpace) && s.Len() < 40 {
		s.WriteString(toks[j].text)
		j++
	}
	w, n, ok := length(s.String())
	if !ok {
		return i, fmt.Errorf(`\%s: missing a length`, name)
	}
	for consumed := 0; consumed < n; i++ {
		consumed += len(toks[i].text)
	}
	r.emitMathML(space(w))
	return i, nil
}

// cmdSpace converts MathJax's \Space{width}{height}{depth}.
func (r *rewriter) cmdSpace(toks []token, i int, name string, depth int) (int, error) {
	next := i
	var w string
	for k := range 3 {
		a, n, err := arg(toks, next)
		if err != nil {
			return i, fmt.Errorf(`\Space: %w`, err)
		}
		if k == 0 {
			l, _, ok := length(plain(a))
			if !ok {
				return i, fmt.Errorf(`\Space: %q is not a length`, plain(a))
			}
			w = l
		}
		next = n
	}
	r.emitMathML(space(w))
	return next, nil
}
