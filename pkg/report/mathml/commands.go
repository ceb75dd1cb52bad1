package mathml

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
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

// cmdBoldsymbol converts \boldsymbol and \bm, with bold Greek letters made
// here.
func (r *rewriter) cmdBoldsymbol(toks []token, i int, name string, depth int) (int, error) {
	a, next, err := arg(toks, i)
	if err != nil {
		return i, fmt.Errorf(`\%s: %w`, name, err)
	}
	if len(a) == 1 && a[0].kind == tCS {
		if c, ok := boldGreek(a[0].text); ok {
			r.emitMathML("<mi>" + string(c) + "</mi>")
			return next, nil
		}
	}
	if letters := plain(a); len(a) > 0 && len(a) == len(letters) && strings.IndexFunc(letters, func(c rune) bool { return c > 'z' || !isLetter(byte(c)) }) < 0 {
		// Bold italic, as TeX sets letters in \boldsymbol; treeblood
		// sets them upright.
		var b strings.Builder
		for _, c := range letters {
			if c >= 'a' {
				b.WriteRune(0x1D482 + c - 'a')
			} else {
				b.WriteRune(0x1D468 + c - 'A')
			}
		}
		r.emitMathML("<mi>" + b.String() + "</mi>")
		return next, nil
	}
	r.out.WriteString(`\boldsymbol{`)
	err = r.group(a, depth+1)
	r.out.WriteString(`}`)
	return next, err
}

// cmdFont converts a font command: \mathbf{...} and its kind.
func (r *rewriter) cmdFont(toks []token, i int, name string, depth int) (int, error) {
	a, next, err := arg(toks, i)
	if err != nil {
		return i, fmt.Errorf(`\%s: %w`, name, err)
	}
	return next, r.font(name, a, depth)
}

// font rewrites toks in the font of the command name, which treeblood
// sets. treeblood changes every letter and digit under it, the markers of
// the MathML built here too, and has no bold Greek capitals: when toks
// hold a command that may build MathML here, or such a capital, the font
// is set on each piece of them, and that MathML and the capitals are
// built here. Each level of groups reads its tokens once.
func (r *rewriter) font(name string, toks []token, depth int) error {
	if depth > 200 {
		return fmt.Errorf("%w: groups nested more than 200 deep", ErrLimit)
	}
	if !slices.ContainsFunc(toks, func(t token) bool { return name == "mathbf" && boldCapital(t) || t.kind == tCS && buildsMathML(t.text) }) {
		r.out.WriteString(`\` + name + `{`)
		err := r.group(toks, depth+1)
		r.out.WriteByte('}')
		return err
	}
	for j := 0; j < len(toks); {
		t := toks[j]
		switch {
		case name == "mathbf" && boldCapital(t):
			c, _ := boldGreek(t.text)
			r.emitMathML("<mi>" + string(c) + "</mi>")
			j++
		case t.kind == tBegin:
			a, next, err := arg(toks, j)
			if err != nil {
				return err
			}
			r.out.WriteByte('{')
			if err := r.font(name, a, depth+1); err != nil {
				return err
			}
			r.out.WriteByte('}')
			j = next
		case t.kind == tChar && (t.text == "^" || t.text == "_"):
			a, next, err := arg(toks, j+1)
			if err != nil {
				return fmt.Errorf("%s: %w", t.text, err)
			}
			r.out.WriteString(t.text + "{")
			if err := r.font(name, a, depth+1); err != nil {
				return err
			}
			r.out.WriteByte('}')
			j = next
		case t.kind == tCS && arity[t.text] > 0 && commands[t.text] == nil && t.text != "not" && t.text != "color":
			// The font on each argument: \mathbf{\hat{x}} is \hat{\mathbf{x}}.
			r.out.WriteString(`\` + t.text)
			j++
			if t.text == "sqrt" {
				if a, next, ok := optArg(toks, j); ok {
					r.out.WriteByte('[')
					if err := r.font(name, a, depth+1); err != nil {
						return err
					}
					r.out.WriteByte(']')
					j = next
				}
			}
			for k := range arity[t.text] {
				a, next, err := arg(toks, j)
				if err != nil {
					return fmt.Errorf(`\%s: argument %d: %w`, t.text, k+1, err)
				}
				r.out.WriteByte('{')
				start := r.out.Len()
				if err := r.font(name, a, depth+1); err != nil {
					return err
				}
				if base := accents[t.text] || k == 1 && (t.text == "overset" || t.text == "underset"); base && !visible(r.out.String()[start:]) {
					r.emitMathML("<mtext></mtext>")
				}
				r.out.WriteByte('}')
				j = next
			}
		case t.kind == tCS && buildsMathML(t.text):
			// Its own font, as \boldsymbol in \mathbf, or none, as
			// \text.
			next, err := r.command(toks, j+1, t.text, depth+1)
			if err != nil {
				return err
			}
			j = next
		default:
			k := j + 1
			for k < len(toks) && toks[k].kind != tBegin && toks[k].kind != tCS && !toks[k].is(tChar, "^") && !toks[k].is(tChar, "_") {
				k++
			}
			if t.kind == tCS {
				// A command that treeblood converts, with the argument
				// of \not.
				k = j + 1
				if _, next, err := arg(toks, k); err == nil && arity[t.text] > 0 {
					k = next
				}
			}
			r.out.WriteString(`\` + name + `{`)
			if err := r.group(toks[j:k], depth+1); err != nil {
				return err
			}
			r.out.WriteByte('}')
			j = k
		}
	}
	return nil
}

// buildsMathML reports whether the rewriter may build MathML of its own
// for the command, which treeblood's fonts would lose.
func buildsMathML(name string) bool {
	_, text := textVariants[name]
	_, space := spaces[name]
	_, wrap := wraps[name]
	_, arrow := arrows[name]
	_, sw := switches[name]
	return commands[name] != nil || text || space || wrap || arrow || sw || accents[name] ||
		attributeCommands[name] || funcNames[name] || bigCommand.MatchString(name)
}

// boldCapital reports whether t is a Greek capital, which treeblood
// cannot make bold.
func boldCapital(t token) bool {
	_, ok := greek[t.text]
	return ok && t.kind == tCS && t.text[0] >= 'A' && t.text[0] <= 'Z'
}

// cmdBra converts \bra, \ket and \braket of the braket package.
func (r *rewriter) cmdBra(toks []token, i int, name string, depth int) (int, error) {
	a, next, err := arg(toks, i)
	if err != nil {
		return i, fmt.Errorf(`\%s: %w`, name, err)
	}
	open, close := `\langle `, ` \rangle `
	switch name {
	case "bra":
		close = ` \vert `
	case "ket":
		open = ` \vert `
	}
	r.out.WriteString("{" + open)
	err = r.group(a, depth+1)
	r.out.WriteString(close + "}")
	return next, err
}

// cmdSubstack converts \substack, whose \\ separate rows.
func (r *rewriter) cmdSubstack(toks []token, i int, name string, depth int) (int, error) {
	a, next, err := arg(toks, i)
	if err != nil {
		return i, fmt.Errorf(`\substack: %w`, err)
	}
	r.envs++
	r.out.WriteString(`\substack{`)
	err = r.group(a, depth+1)
	r.out.WriteString(`}`)
	r.envs--
	return next, err
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

// cmdArg converts \arg, and \mathstrut and \strut, which stand as high as a
// parenthesis.
func (r *rewriter) cmdArg(toks []token, i int, name string, depth int) (int, error) {
	if name == "arg" {
		r.operator([]token{{tChar, "a"}, {tChar, "r"}, {tChar, "g"}}, false, depth)
		return i, nil
	}
	r.out.WriteByte('{')
	r.emitFrag(fragment{kind: fragOpen, html: wraps["vphantom"]})
	r.out.WriteByte('(')
	r.emitFrag(fragment{kind: fragClose})
	r.out.WriteByte('}')
	return i, nil
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

// cmdColor converts \color and \textcolor, with the colour checked.
func (r *rewriter) cmdColor(toks []token, i int, name string, depth int) (int, error) {
	model, next, _ := optArg(toks, i)
	a, next, err := arg(toks, next)
	if err != nil {
		return i, fmt.Errorf(`\%s: %w`, name, err)
	}
	c, err := colour(plain(model), plain(a))
	if err != nil {
		return i, fmt.Errorf(`\%s: %w`, name, err)
	}
	if name == "textcolor" {
		body, after, err := arg(toks, next)
		if err != nil {
			return i, fmt.Errorf(`\textcolor: %w`, err)
		}
		r.colours = append(r.colours, c)
		r.out.WriteString(`{\color{` + colourKey(len(r.colours)-1) + `}{`)
		err = r.group(body, depth+1)
		r.out.WriteString(`}}`)
		return after, err
	}
	// treeblood reads # as a macro parameter: the colour goes in by name.
	r.colours = append(r.colours, c)
	r.out.WriteString(`\color{` + colourKey(len(r.colours)-1) + `}`)
	return next, nil
}

// cmdColorbox converts \colorbox: text on a checked colour.
func (r *rewriter) cmdColorbox(toks []token, i int, name string, depth int) (int, error) {
	model, next, _ := optArg(toks, i)
	a, next, err := arg(toks, next)
	if err != nil {
		return i, fmt.Errorf(`\colorbox: %w`, err)
	}
	c, err := colour(plain(model), plain(a))
	if err != nil {
		return i, fmt.Errorf(`\colorbox: %w`, err)
	}
	body, next, err := arg(toks, next)
	if err != nil {
		return i, fmt.Errorf(`\colorbox: %w`, err)
	}
	r.out.WriteByte('{')
	r.emitFrag(fragment{kind: fragOpen, html: `<mrow mathbackground="` + c + `">`})
	if err := r.text(body, ""); err != nil {
		return i, err
	}
	r.emitFrag(fragment{kind: fragClose})
	r.out.WriteByte('}')
	return next, nil
}

// cmdBbox converts \bbox, keeping its content only.
func (r *rewriter) cmdBbox(toks []token, i int, name string, depth int) (int, error) {
	_, next, _ := optArg(toks, i)
	a, next, err := arg(toks, next)
	if err != nil {
		return i, fmt.Errorf(`\bbox: %w`, err)
	}
	r.out.WriteByte('{')
	err = r.group(a, depth+1)
	r.out.WriteByte('}')
	return next, err
}

// cmdUnicode converts \unicode{n}, a character by its number.
func (r *rewriter) cmdUnicode(toks []token, i int, name string, depth int) (int, error) {
	a, next, err := arg(toks, i)
	if err != nil {
		return i, fmt.Errorf(`\unicode: %w`, err)
	}
	s := strings.TrimSpace(plain(a))
	base := 10
	if rest, ok := strings.CutPrefix(strings.ToLower(s), "x"); ok {
		s, base = rest, 16
	}
	n, err := strconv.ParseUint(s, base, 32)
	if err != nil || !utf8.ValidRune(rune(n)) || n < 0x20 || n == marker || n == markerEnd {
		return i, fmt.Errorf(`\unicode{%s}: not a character`, plain(a))
	}
	r.emitMathML("<mi>" + html.EscapeString(string(rune(n))) + "</mi>")
	return next, nil
}

// cmdVerb converts \verb|...|, text set as it is written.
func (r *rewriter) cmdVerb(toks []token, i int, name string, depth int) (int, error) {
	if i >= len(toks) || toks[i].kind != tChar {
		return i, errors.New(`\verb: missing its delimiter`)
	}
	delim := toks[i].text
	for j := i + 1; j < len(toks); j++ {
		if toks[j].is(tChar, delim) {
			r.emitMathML(textElement(untokenize(toks[i+1:j]), "monospace"))
			return j + 1, nil
		}
	}
	return i, errors.New(`\verb: missing its closing delimiter`)
}

// cmdRule converts \rule{width}{height}, a filled box.
func (r *rewriter) cmdRule(toks []token, i int, name string, depth int) (int, error) {
	_, next, _ := optArg(toks, i)
	w, next, err := arg(toks, next)
	if err != nil {
		return i, fmt.Errorf(`\rule: %w`, err)
	}
	h, next, err := arg(toks, next)
	if err != nil {
		return i, fmt.Errorf(`\rule: %w`, err)
	}
	wl, _, ok1 := length(plain(w))
	hl, _, ok2 := length(plain(h))
	if !ok1 || !ok2 || strings.HasPrefix(wl, "-") || strings.HasPrefix(hl, "-") {
		return i, fmt.Errorf(`\rule{%s}{%s}: not lengths`, plain(w), plain(h))
	}
	r.emitMathML(`<mspace height="` + hl + `" mathbackground="currentColor" width="` + wl + `"></mspace>`)
	return next, nil
}

// cmdMathchoice converts \mathchoice, keeping the choice for the formula's
// style.
func (r *rewriter) cmdMathchoice(toks []token, i int, name string, depth int) (int, error) {
	var choices [4][]token
	next := i
	for k := range choices {
		a, n, err := arg(toks, next)
		if err != nil {
			return i, fmt.Errorf(`\mathchoice: %w`, err)
		}
		choices[k], next = a, n
	}
	pick := choices[1]
	if r.display {
		pick = choices[0]
	}
	r.out.WriteByte('{')
	err := r.group(pick, depth+1)
	r.out.WriteByte('}')
	return next, err
}

// cmdRoot converts \root n \of x, a root of degree n.
func (r *rewriter) cmdRoot(toks []token, i int, name string, depth int) (int, error) {
	for j := i; j < len(toks); j++ {
		if toks[j].is(tCS, "of") {
			r.out.WriteString(`\sqrt[`)
			if err := r.group(toks[i:j], depth+1); err != nil {
				return i, err
			}
			r.out.WriteString(`]`)
			return j + 1, nil
		}
	}
	return i, errors.New(`\root without \of`)
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

// cmdCancelto converts \cancelto{value}{x}: x struck out, with the value
// above.
func (r *rewriter) cmdCancelto(toks []token, i int, name string, depth int) (int, error) {
	v, next, err := arg(toks, i)
	if err != nil {
		return i, fmt.Errorf(`\cancelto: %w`, err)
	}
	x, next, err := arg(toks, next)
	if err != nil {
		return i, fmt.Errorf(`\cancelto: %w`, err)
	}
	r.out.WriteString(`{\cancel{`)
	if err := r.group(x, depth+1); err != nil {
		return i, err
	}
	r.out.WriteString(`}}^{`)
	if err := r.group(v, depth+1); err != nil {
		return i, err
	}
	r.out.WriteString(`}`)
	return next, nil
}

// cmdOverleftrightarrow converts the arrows over and under an expression
// treeblood lacks.
func (r *rewriter) cmdOverleftrightarrow(toks []token, i int, name string, depth int) (int, error) {
	a, next, err := arg(toks, i)
	if err != nil {
		return i, fmt.Errorf(`\%s: %w`, name, err)
	}
	arrow := map[string]string{"overleftrightarrow": `\overset{\leftrightarrow}`,
		"underleftarrow": `\underset{\leftarrow}`, "underrightarrow": `\underset{\rightarrow}`,
		"underleftrightarrow": `\underset{\leftrightarrow}`}[name]
	r.out.WriteString(arrow + "{")
	if err := r.group(a, depth+1); err != nil {
		return i, err
	}
	r.out.WriteString("}")
	return next, nil
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
	ref, ok := r.c.labels[plain(a)]
	if !ok {
		ref = "???"
		r.warn(`\%s{%s}: no such label`, name, plain(a))
	}
	if name == "eqref" {
		ref = "(" + ref + ")"
	}
	r.emitMathML(textElement(ref, ""))
	return next, nil
}

// cmdHline converts \hline, \hdashline and \cline, lines between table rows.
func (r *rewriter) cmdHline(toks []token, i int, name string, depth int) (int, error) {
	next := i
	if name == "cline" {
		_, n, err := arg(toks, i)
		if err != nil {
			return i, fmt.Errorf(`\cline: %w`, err)
		}
		next = n
	}
	if t := r.table(depth); t != nil {
		t.hlines = append(t.hlines, t.row)
	}
	return next, nil
}

// cmdBegin converts an environment.
func (r *rewriter) cmdBegin(toks []token, i int, name string, depth int) (int, error) {
	return r.environment(toks, i, depth)
}

// cmdEnd refuses an \end without its \begin.
func (r *rewriter) cmdEnd(toks []token, i int, name string, depth int) (int, error) {
	return i, errors.New(`\end without \begin`)
}

// cmdLineBreak converts \\, which ends a table row, and outside a table is
// dropped as MathJax drops it.
func (r *rewriter) cmdLineBreak(toks []token, i int, name string, depth int) (int, error) {
	if r.envs == 0 {
		// A line break outside a table: MathJax shows the lines as
		// one, without the break.
		r.out.WriteByte(' ')
		return i, nil
	}
	if t := r.table(depth); t != nil {
		t.row++
	}
	if r.rows && depth == 0 {
		r.endRow()
		r.out.WriteString(`\\`)
		r.row = &rowState{numbered: r.rowDefault}
		return i, nil
	}
	r.out.WriteString(`\\`)
	return i, nil
}

// cmdGenfrac converts \genfrac{left}{right}{thickness}{style}{num}{den}: a
// fraction, without its bar when the thickness is zero, between
// delimiters.
func (r *rewriter) cmdGenfrac(toks []token, i int, name string, depth int) (int, error) {
	var args [6][]token
	next := i
	for k := range args {
		a, n, err := arg(toks, next)
		if err != nil {
			return i, fmt.Errorf(`\genfrac: argument %d: %w`, k+1, err)
		}
		args[k], next = a, n
	}
	delim := func(a []token) (string, error) {
		s := strings.TrimSpace(untokenize(a))
		if s == "" {
			return ".", nil
		}
		if _, ok := fences[s]; !ok {
			return "", fmt.Errorf(`\genfrac: %q is not a delimiter`, s)
		}
		return s, nil
	}
	left, err := delim(args[0])
	if err != nil {
		return i, err
	}
	right, err := delim(args[1])
	if err != nil {
		return i, err
	}
	style := map[string]string{"0": `\displaystyle`, "1": `\textstyle`, "2": `\scriptstyle`, "3": `\scriptscriptstyle`}[strings.TrimSpace(plain(args[3]))]
	bar := strings.TrimSpace(plain(args[2]))
	r.out.WriteString(`{` + style + `\left` + left + `{`)
	if err := r.group(args[4], depth+1); err != nil {
		return i, err
	}
	if w, _, ok := length(bar); ok && strings.Trim(w, "0.em") == "" {
		r.out.WriteString(`\atop `)
	} else {
		r.out.WriteString(`\over `)
	}
	if err := r.group(args[5], depth+1); err != nil {
		return i, err
	}
	r.out.WriteString(`}\right` + right + `}`)
	return next, nil
}

// cmdEnclose converts \enclose{notation}{x} of MathJax's enclose
// extension: a box or a circle drawn as a border; other notations keep the
// content only.
func (r *rewriter) cmdEnclose(toks []token, i int, name string, depth int) (int, error) {
	notation, next, err := arg(toks, i)
	if err != nil {
		return i, fmt.Errorf(`\enclose: %w`, err)
	}
	_, next, _ = optArg(toks, next)
	a, next, err := arg(toks, next)
	if err != nil {
		return i, fmt.Errorf(`\enclose: %w`, err)
	}
	open := `<mrow>`
	switch n := plain(notation); {
	case strings.Contains(n, "circle"):
		open = `<mrow style="border: 1px solid; border-radius: 50%; padding: 0.2em;">`
	case strings.Contains(n, "box"):
		open = wraps["boxed"]
	}
	r.out.WriteByte('{')
	r.emitFrag(fragment{kind: fragOpen, html: open})
	err = r.group(a, depth+1)
	r.emitFrag(fragment{kind: fragClose})
	r.out.WriteByte('}')
	return next, err
}

// cmdLap converts \llap, \rlap and \mathclap and their kind: content that
// takes no width.
func (r *rewriter) cmdLap(toks []token, i int, name string, depth int) (int, error) {
	a, next, err := arg(toks, i)
	if err != nil {
		return i, fmt.Errorf(`\%s: %w`, name, err)
	}
	r.out.WriteByte('{')
	r.emitFrag(fragment{kind: fragOpen, html: `<mpadded width="0">`})
	err = r.group(a, depth+1)
	r.emitFrag(fragment{kind: fragClose})
	r.out.WriteByte('}')
	return next, err
}

// plainTables are the environments of plain TeX's table commands.
var plainTables = map[string]string{
	"displaylines": "gathered", "eqalign": "aligned", "eqalignno": "aligned", "cases": "cases",
	"matrix": "matrix", "pmatrix": "pmatrix", "bmatrix": "bmatrix", "vmatrix": "vmatrix",
}

// cmdPlainTable converts plain TeX's \matrix{...}, \pmatrix{...},
// \cases{...}, \eqalign{...} and \displaylines{...} as their
// environments.
func (r *rewriter) cmdPlainTable(toks []token, i int, name string, depth int) (int, error) {
	a, next, err := arg(toks, i)
	if err != nil {
		return i, fmt.Errorf(`\%s: %w`, name, err)
	}
	env, err := tokenize("{" + plainTables[name] + "}")
	if err != nil {
		return i, err
	}
	end, err := tokenize(`\end{` + plainTables[name] + "}")
	if err != nil {
		return i, err
	}
	if _, err := r.environment(append(append(env, a...), end...), 0, depth); err != nil {
		return i, err
	}
	return next, nil
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

// cmdSkew converts \skew{n}{\accent}{x}: the accent, not shifted.
func (r *rewriter) cmdSkew(toks []token, i int, name string, depth int) (int, error) {
	_, next, err := arg(toks, i)
	if err != nil {
		return i, fmt.Errorf(`\skew: %w`, err)
	}
	accent, next, err := arg(toks, next)
	if err != nil || len(accent) != 1 || accent[0].kind != tCS || !accents[accent[0].text] {
		return i, errors.New(`\skew: the second argument is not an accent`)
	}
	x, next, err := arg(toks, next)
	if err != nil {
		return i, fmt.Errorf(`\skew: %w`, err)
	}
	r.out.WriteString(`\` + accent[0].text + `{`)
	err = r.group(x, depth+1)
	r.out.WriteString(`}`)
	return next, err
}

// cmdBuildrel converts plain TeX's \buildrel top \over base.
func (r *rewriter) cmdBuildrel(toks []token, i int, name string, depth int) (int, error) {
	for j := i; j < len(toks); j++ {
		if toks[j].is(tCS, "over") {
			base, next, err := arg(toks, j+1)
			if err != nil {
				return i, fmt.Errorf(`\buildrel: %w`, err)
			}
			r.out.WriteString(`\overset{`)
			if err := r.group(toks[i:j], depth+1); err != nil {
				return i, err
			}
			r.out.WriteString(`}{`)
			if err := r.group(base, depth+1); err != nil {
				return i, err
			}
			r.out.WriteString(`}`)
			return next, nil
		}
	}
	return i, errors.New(`\buildrel without \over`)
}
