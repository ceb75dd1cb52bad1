package mathml

import (
	"fmt"
)

// A handler rewrites a command whose arguments start at toks[i] and
// returns the index after them.
type handler func(r *rewriter, toks []token, i int, name string, depth int) (int, error)

// commands are the handlers of the commands rewritten one by one, set in
// init because they call back into the rewriter.
var commands map[string]handler

func init() {
	commands = map[string]handler{
		"boldsymbol":          (*rewriter).cmdBoldsymbol,
		"mathbf":              (*rewriter).cmdFont,
		"mathrm":              (*rewriter).cmdFont,
		"mathit":              (*rewriter).cmdFont,
		"mathsf":              (*rewriter).cmdFont,
		"mathtt":              (*rewriter).cmdFont,
		"mathbb":              (*rewriter).cmdFont,
		"mathcal":             (*rewriter).cmdFont,
		"mathfrak":            (*rewriter).cmdFont,
		"mathscr":             (*rewriter).cmdFont,
		"bm":                  (*rewriter).cmdBoldsymbol,
		"bra":                 (*rewriter).cmdBra,
		"ket":                 (*rewriter).cmdBra,
		"braket":              (*rewriter).cmdBra,
		"substack":            (*rewriter).cmdSubstack,
		"operatorname":        (*rewriter).cmdOperatorname,
		"arg":                 (*rewriter).cmdArg,
		"mathstrut":           (*rewriter).cmdStrut,
		"strut":               (*rewriter).cmdStrut,
		"hskip":               (*rewriter).cmdHskip,
		"hspace":              (*rewriter).cmdHskip,
		"kern":                (*rewriter).cmdHskip,
		"mkern":               (*rewriter).cmdHskip,
		"mskip":               (*rewriter).cmdHskip,
		"mspace":              (*rewriter).cmdHskip,
		"hglue":               (*rewriter).cmdHskip,
		"color":               (*rewriter).cmdColor,
		"textcolor":           (*rewriter).cmdColor,
		"colorbox":            (*rewriter).cmdColorbox,
		"bbox":                (*rewriter).cmdBbox,
		"unicode":             (*rewriter).cmdUnicode,
		"verb":                (*rewriter).cmdVerb,
		"rule":                (*rewriter).cmdRule,
		"mathchoice":          (*rewriter).cmdMathchoice,
		"root":                (*rewriter).cmdRoot,
		"mod":                 (*rewriter).cmdMod,
		"pod":                 (*rewriter).cmdMod,
		"cancelto":            (*rewriter).cmdCancelto,
		"overleftrightarrow":  (*rewriter).cmdOverleftrightarrow,
		"underleftarrow":      (*rewriter).cmdOverleftrightarrow,
		"underrightarrow":     (*rewriter).cmdOverleftrightarrow,
		"underleftrightarrow": (*rewriter).cmdOverleftrightarrow,
		"tag":                 (*rewriter).cmdTag,
		"eqref":               (*rewriter).cmdEqref,
		"ref":                 (*rewriter).cmdEqref,
		"genfrac":             (*rewriter).cmdGenfrac,
		"enclose":             (*rewriter).cmdEnclose,
		"llap":                (*rewriter).cmdLap,
		"rlap":                (*rewriter).cmdLap,
		"mathllap":            (*rewriter).cmdLap,
		"mathrlap":            (*rewriter).cmdLap,
		"mathclap":            (*rewriter).cmdLap,
		"clap":                (*rewriter).cmdLap,
		"shoveleft":           (*rewriter).cmdBbox,
		"shoveright":          (*rewriter).cmdBbox,
		"displaylines":        (*rewriter).cmdPlainTable,
		"eqalign":             (*rewriter).cmdPlainTable,
		"eqalignno":           (*rewriter).cmdPlainTable,
		"cases":               (*rewriter).cmdPlainTable,
		"matrix":              (*rewriter).cmdPlainTable,
		"pmatrix":             (*rewriter).cmdPlainTable,
		"bmatrix":             (*rewriter).cmdPlainTable,
		"vmatrix":             (*rewriter).cmdPlainTable,
		"Space":               (*rewriter).cmdSpace,
		"skew":                (*rewriter).cmdSkew,
		"buildrel":            (*rewriter).cmdBuildrel,
		"hline":               (*rewriter).cmdHline,
		"hdashline":           (*rewriter).cmdHline,
		"cline":               (*rewriter).cmdHline,
		"begin":               (*rewriter).cmdBegin,
		"end":                 (*rewriter).cmdEnd,
		"\\":                  (*rewriter).cmdLineBreak,
	}
}

// command rewrites the control sequence name, whose arguments start at
// toks[i], and returns the index after them. The families are tried in
// this order, which matters where a name is in more than one.
func (r *rewriter) command(toks []token, i int, name string, depth int) (int, error) {
	if v, ok := textVariants[name]; ok {
		return r.textCommand(toks, i, name, v)
	}
	if m := bigCommand.FindStringSubmatch(name); m != nil {
		return r.big(toks, i, name, m[1])
	}
	if w, ok := spaces[name]; ok {
		r.emitMathML(space(w))
		return i, nil
	}
	if s, ok := replacements[name]; ok {
		r.out.WriteString(s)
		r.out.WriteByte(' ')
		return i, nil
	}
	if n, ok := dropped[name]; ok {
		return r.drop(toks, i, name, n)
	}
	if s, ok := switches[name]; ok {
		return r.fontSwitch(toks, i, s, depth)
	}
	if s, ok := arrows[name]; ok {
		return r.labelledArrow(toks, i, name, s, depth)
	}
	if attributeCommands[name] {
		return r.attribute(toks, i, name, depth)
	}
	if open, ok := wraps[name]; ok {
		return r.wrap(toks, i, name, open, depth)
	}
	if h, ok := commands[name]; ok {
		return h(r, toks, i, name, depth)
	}
	if name == "limits" || name == "nolimits" {
		return r.limits(toks, i, name), nil
	}
	if name == "left" || name == "right" || name == "middle" {
		return r.fence(toks, i, name), nil
	}
	if funcNames[name] {
		r.operator(toks[:0], false, depth)
		return i, nil
	}
	if n := arity[name]; n > 0 && name != "not" {
		return r.arguments(toks, i, name, n, func(a []token) error { return r.group(a, depth+1) })
	}
	r.out.WriteString(`\` + name)
	if isLetter(name[0]) {
		r.out.WriteByte(' ')
	}
	return i, nil
}

// arguments rewrites a command that treeblood converts, with each of its
// n arguments braced by inner, so that treeblood reads \frac12 as TeX
// does, one character an argument; \sqrt's optional index too.
func (r *rewriter) arguments(toks []token, i int, name string, n int, inner func([]token) error) (int, error) {
	r.out.WriteString(`\` + name)
	if name == "sqrt" {
		if a, next, ok := optArg(toks, i); ok {
			r.out.WriteByte('[')
			if err := inner(a); err != nil {
				return i, err
			}
			r.out.WriteByte(']')
			i = next
		}
	}
	for k := range n {
		a, next, err := arg(toks, i)
		if err != nil {
			return i, fmt.Errorf(`\%s: argument %d: %w`, name, k+1, err)
		}
		r.out.WriteByte('{')
		start := r.out.Len()
		if err := inner(a); err != nil {
			return i, err
		}
		base := accents[name] || name == "substack" || k == 1 && (name == "overset" || name == "underset")
		if base && !visible(r.out.String()[start:]) {
			// An accent over nothing, which treeblood cannot take
			// empty.
			r.emitMathML("<mtext></mtext>")
		}
		r.out.WriteByte('}')
		i = next
	}
	return i, nil
}

// drop rewrites a command that shows nothing by skipping its n
// arguments; \label, \notag and \nonumber are kept for the numbering.
func (r *rewriter) drop(toks []token, i int, name string, n int) (int, error) {
	switch name {
	case "notag", "nonumber":
		r.unnumber()
	case "label":
		return r.label(toks, i)
	}
	for range n {
		_, next, err := arg(toks, i)
		if err != nil {
			return i, fmt.Errorf(`\%s: %w`, name, err)
		}
		i = next
	}
	return i, nil
}

// replacements are commands treeblood lacks, rewritten as TeX it knows.
var replacements = map[string]string{
	"dotsb": `\cdots`, "dotsm": `\cdots`, "dotsi": `\cdots`, "dotsc": `\ldots`, "dotso": `\ldots`,
	"Bbb": `\mathbb`, "xor": `\veebar`, "widecheck": `\check`,
	"stackrel": `\overset`, "underbracket": `\underbrace`, "overbracket": `\overbrace`,
	"dbinom": `\displaystyle\binom`, "mathnormal": ``,
	"mathbin": ``, "mathrel": ``, "mathord": ``, "mathpunct": ``, "mathopen": ``,
	"mathclose": ``, "mathinner": ``, "amp": `\&`, "idotsint": `\int\cdots\int`,
	"overparen": `\overset{\frown}`, "underparen": `\underset{\smile}`, "utilde": `\underset{\sim}`,
}

// dropped are commands that show nothing here.
var dropped = map[string]int{
	// commands whose arguments are dropped, with their number
	"newline": 0, "nobreak": 0, "allowbreak": 0, "require": 1, "usepackage": 1, "label": 1,
	"notag": 0, "nonumber": 0, "hfill": 0, "hfil": 0, "leftroot": 1, "uproot": 1,
}
