package mathml

import (
	"fmt"
	"html"
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
		"mathstrut":           (*rewriter).cmdArg,
		"strut":               (*rewriter).cmdArg,
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
// toks[i], and returns the index after them.
func (r *rewriter) command(toks []token, i int, name string, depth int) (int, error) {
	if v, ok := textVariants[name]; ok {
		i, _ = star(toks, i)
		a, next, err := arg(toks, i)
		if err != nil {
			return i, fmt.Errorf(`\%s: %w`, name, err)
		}
		return next, r.text(a, v)
	}
	if m := bigCommand.FindStringSubmatch(name); m != nil {
		a, next, err := arg(toks, i)
		d, ok := fences[untokenize(a)]
		if err != nil || !ok {
			return i, fmt.Errorf(`\%s must be followed by a delimiter`, name)
		}
		size := bigSizes[m[1]]
		r.emitMathML(`<mo fence="false" maxsize="` + size + `" minsize="` + size + `" stretchy="true" symmetric="true">` + html.EscapeString(d) + `</mo>`)
		return next, nil
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
		switch name {
		case "notag", "nonumber":
			if r.row != nil {
				r.row.numbered = false
			}
		case "label":
			a, next, err := arg(toks, i)
			if err != nil {
				return i, fmt.Errorf(`\label: %w`, err)
			}
			if r.row != nil {
				r.row.label = plain(a)
			}
			return next, nil
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
	if s, ok := switches[name]; ok {
		r.out.WriteString(s)
		r.out.WriteByte('{')
		if err := r.group(toks[i:], depth+1); err != nil {
			return i, err
		}
		r.out.WriteByte('}')
		return len(toks), nil
	}
	if s, ok := arrows[name]; ok {
		below, next, hasBelow := optArg(toks, i)
		above, next, err := arg(toks, next)
		if err != nil {
			return i, fmt.Errorf(`\%s: %w`, name, err)
		}
		r.out.WriteString(`\overset{`)
		if err := r.group(above, depth+1); err != nil {
			return i, err
		}
		r.out.WriteString(`}{`)
		if hasBelow {
			r.out.WriteString(`\underset{`)
			if err := r.group(below, depth+1); err != nil {
				return i, err
			}
			r.out.WriteString(`}{` + s + `}`)
		} else {
			r.out.WriteString(s)
		}
		r.out.WriteString(`}`)
		return next, nil
	}
	if attributeCommands[name] {
		_, next, err := arg(toks, i)
		if err != nil {
			return i, fmt.Errorf(`\%s: %w`, name, err)
		}
		a, next, err := arg(toks, next)
		if err != nil {
			return i, fmt.Errorf(`\%s: %w`, name, err)
		}
		if name == "mmlToken" {
			return next, r.text(a, "")
		}
		r.out.WriteByte('{')
		if err := r.group(a, depth+1); err != nil {
			return i, err
		}
		r.out.WriteByte('}')
		return next, nil
	}
	if open, ok := wraps[name]; ok {
		if name == "smash" {
			_, i, _ = optArg(toks, i)
		}
		a, next, err := arg(toks, i)
		if err != nil {
			return i, fmt.Errorf(`\%s: %w`, name, err)
		}
		r.out.WriteByte('{')
		r.emitFrag(fragment{kind: fragOpen, html: open})
		if name == "fbox" {
			if err := r.text(a, ""); err != nil {
				return i, err
			}
		} else if err := r.group(a, depth+1); err != nil {
			return i, err
		}
		r.emitFrag(fragment{kind: fragClose})
		r.out.WriteByte('}')
		return next, nil
	}
	if h, ok := commands[name]; ok {
		return h(r, toks, i, name, depth)
	}
	if name == "limits" || name == "nolimits" {
		// Only an operator takes limits (MathJax refuses the others, and
		// treeblood fails on some): elsewhere the command is dropped.
		if afterOperator(toks, i-1) {
			r.out.WriteString(`\` + name + ` `)
		}
		return i, nil
	}
	if name == "left" || name == "right" || name == "middle" {
		// treeblood takes the delimiter only right after the command.
		r.out.WriteString(`\` + name)
		for i < len(toks) && toks[i].kind == tSpace {
			i++
		}
		if i < len(toks) && toks[i].kind == tChar && isLetter(toks[i].text[0]) {
			r.out.WriteByte(' ')
		}
		return i, nil
	}
	if funcNames[name] {
		r.operator(toks[:0], false, depth)
		return i, nil
	}
	if n := arity[name]; n > 0 && name != "not" {
		// Each argument braced, so that treeblood reads \frac12 as TeX
		// does, one character an argument.
		r.out.WriteString(`\` + name)
		if name == "sqrt" {
			if a, next, ok := optArg(toks, i); ok {
				r.out.WriteByte('[')
				if err := r.group(a, depth+1); err != nil {
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
			if err := r.group(a, depth+1); err != nil {
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
	r.out.WriteString(`\` + name)
	if isLetter(name[0]) {
		r.out.WriteByte(' ')
	}
	return i, nil
}

var replacements = map[string]string{
	"dotsb": `\cdots`, "dotsm": `\cdots`, "dotsi": `\cdots`, "dotsc": `\ldots`, "dotso": `\ldots`,
	"Bbb": `\mathbb`, "xor": `\veebar`, "widecheck": `\check`,
	"stackrel": `\overset`, "underbracket": `\underbrace`, "overbracket": `\overbrace`,
	"dbinom": `\displaystyle\binom`, "mathnormal": ``,
	"mathbin": ``, "mathrel": ``, "mathord": ``, "mathpunct": ``, "mathopen": ``,
	"mathclose": ``, "mathinner": ``, "amp": `\&`, "idotsint": `\int\cdots\int`,
	"overparen": `\overset{\frown}`, "underparen": `\underset{\smile}`, "utilde": `\underset{\sim}`,
}

var dropped = map[string]int{
	// commands whose arguments are dropped, with their number
	"newline": 0, "nobreak": 0, "allowbreak": 0, "require": 1, "usepackage": 1, "label": 1,
	"notag": 0, "nonumber": 0, "hfill": 0, "hfil": 0, "leftroot": 1, "uproot": 1,
}
