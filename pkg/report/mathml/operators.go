package mathml

import (
	"fmt"
	"html"
	"regexp"
	"strings"
)

// funcNames are operator names MathJax knows and treeblood does not.
var funcNames = map[string]bool{"arg": true}

// simpleName is an operator name shown as text.
var simpleName = regexp.MustCompile(`^[\p{L}\p{N}'.\- ]+$`)

// operator converts \operatorname: a name shown upright as MathJax shows
// it, followed by a function application, or an operator whose scripts go
// under and over it (limits).
func (r *rewriter) operator(a []token, limits bool, depth int) error {
	s := strings.TrimSpace(plain(a))
	if !simpleName.MatchString(s) {
		return r.braced(`\mathrm{`, a, depth, `}`)
	}
	s = html.EscapeString(strings.ReplaceAll(s, " ", "\u00a0"))
	if limits {
		r.emitFrag(fragment{kind: fragReplace, html: `<mo largeop="false" lspace="0.167em" movablelimits="true" rspace="0.167em" stretchy="false">` + s + `</mo>`, limits: true})
		return nil
	}
	r.emitMathML(`<mrow><mi>` + s + `</mi><mo>&#x2061;</mo></mrow>`)
	return nil
}

// cmdOperatorname converts \operatorname and \operatorname*.
func (r *rewriter) cmdOperatorname(toks []token, i int, name string, depth int) (int, error) {
	i, limits := star(toks, i)
	a, next, err := arg(toks, i)
	if err != nil {
		return i, fmt.Errorf(`\operatorname: %w`, err)
	}
	return next, r.operator(a, limits, depth)
}

// cmdArg converts \arg.
func (r *rewriter) cmdArg(toks []token, i int, name string, depth int) (int, error) {
	r.operator([]token{{tChar, "a"}, {tChar, "r"}, {tChar, "g"}}, false, depth)
	return i, nil
}

// bigOperators are the operators that take \limits and \nolimits.
var bigOperators = map[string]bool{
	"sum": true, "prod": true, "coprod": true, "int": true, "iint": true, "iiint": true,
	"oint": true, "bigcup": true, "bigcap": true, "bigoplus": true, "bigotimes": true,
	"bigodot": true, "biguplus": true, "bigvee": true, "bigwedge": true, "bigsqcup": true,
	"lim": true, "liminf": true, "limsup": true, "max": true, "min": true, "sup": true,
	"inf": true, "det": true, "gcd": true, "Pr": true, "injlim": true, "projlim": true,
	"varliminf": true, "varlimsup": true, "varinjlim": true, "varprojlim": true,
}

// afterOperator reports whether the token before toks[i] is an operator:
// a big operator, or a group given to \mathop.
func afterOperator(toks []token, i int) bool {
	j := i - 1
	for j >= 0 && toks[j].kind == tSpace {
		j--
	}
	if j < 0 {
		return false
	}
	if toks[j].kind == tCS {
		return bigOperators[toks[j].text]
	}
	if toks[j].kind != tEnd {
		return false
	}
	for depth := 0; j >= 0; j-- {
		switch toks[j].kind {
		case tEnd:
			depth++
		case tBegin:
			depth--
		}
		if depth == 0 {
			break
		}
	}
	return j > 0 && toks[j-1].is(tCS, "mathop")
}

// cmdMod converts \mod and \pod, spaced as MathJax spaces them.
func (r *rewriter) cmdMod(toks []token, i int, name string, depth int) (int, error) {
	a, next, err := arg(toks, i)
	if err != nil {
		return i, fmt.Errorf(`\%s: %w`, name, err)
	}
	r.emitMathML(space("1em"))
	if name == "mod" {
		r.emitMathML(`<mi>mod</mi>`)
		r.emitMathML(space("0.333em"))
		r.out.WriteByte('{')
	} else {
		r.out.WriteString(`{(`)
	}
	if err := r.group(a, depth+1); err != nil {
		return i, err
	}
	if name == "pod" {
		r.out.WriteByte(')')
	}
	r.out.WriteByte('}')
	return next, nil
}

// limits rewrites \limits or \nolimits, which only an operator takes
// (MathJax refuses the others, and treeblood fails on some): elsewhere
// the command is dropped.
func (r *rewriter) limits(toks []token, i int, name string) int {
	if afterOperator(toks, i-1) {
		r.out.WriteString(`\` + name + ` `)
	}
	return i
}
