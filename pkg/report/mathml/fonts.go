package mathml

import (
	"fmt"
	"slices"
	"strings"
)

// switches set the rest of their group in the font of a command.
var switches = map[string]string{"it": `\mathit`, "cal": `\mathcal`, "tt": `\mathtt`, "sf": `\mathsf`}

// greek is the order of the Greek letters in Unicode's mathematical
// alphabets, by TeX name.
var greek = map[string]int{
	"alpha": 0, "beta": 1, "gamma": 2, "delta": 3, "varepsilon": 4, "zeta": 5, "eta": 6,
	"theta": 7, "iota": 8, "kappa": 9, "lambda": 10, "mu": 11, "nu": 12, "xi": 13, "pi": 15,
	"rho": 16, "varsigma": 17, "sigma": 18, "tau": 19, "upsilon": 20, "varphi": 21, "chi": 22,
	"psi": 23, "omega": 24, "partial": 25, "epsilon": 26, "vartheta": 27, "varkappa": 28,
	"phi": 29, "varrho": 30, "varpi": 31,
	"Gamma": 2, "Delta": 3, "Theta": 7, "Lambda": 10, "Xi": 13, "Pi": 15, "Sigma": 18,
	"Upsilon": 20, "Phi": 21, "Psi": 23, "Omega": 24,
}

// boldGreek returns the bold letter \boldsymbol makes of a Greek letter:
// bold italic for small letters, bold upright for capitals, as TeX sets
// them; treeblood has no bold Greek.
func boldGreek(name string) (rune, bool) {
	k, ok := greek[name]
	if !ok {
		return 0, false
	}
	if isLetter(name[0]) && name[0] >= 'A' && name[0] <= 'Z' {
		return 0x1D6A8 + rune(k), true
	}
	return 0x1D736 + rune(k), true
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
	return next, r.braced(`\boldsymbol{`, a, depth, `}`)
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
		return r.braced(`\`+name+`{`, toks, depth, "}")
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
			next, err := r.arguments(toks, j+1, t.text, arity[t.text], func(a []token) error { return r.font(name, a, depth+1) })
			if err != nil {
				return err
			}
			j = next
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
			if err := r.braced(`\`+name+`{`, toks[j:k], depth, "}"); err != nil {
				return err
			}
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
	return next, r.braced("{", pick, depth, "}")
}

// fontSwitch rewrites a switch such as \it, which sets the rest of its
// group in the font of the command s.
func (r *rewriter) fontSwitch(toks []token, i int, s string, depth int) (int, error) {
	r.out.WriteString(s)
	if err := r.braced("{", toks[i:], depth, "}"); err != nil {
		return i, err
	}
	return len(toks), nil
}
