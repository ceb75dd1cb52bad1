package mathml

import (
	"errors"
	"fmt"
)

// arrows are the arrows with labels, by the arrow each is drawn as.
var arrows = map[string]string{
	"xrightarrow": `\longrightarrow`, "xleftarrow": `\longleftarrow`,
	"xleftrightarrow": `\longleftrightarrow`, "xRightarrow": `\Longrightarrow`,
	"xLeftarrow": `\Longleftarrow`, "xLeftrightarrow": `\Longleftrightarrow`,
	"xmapsto": `\longmapsto`, "xhookrightarrow": `\hookrightarrow`, "xhookleftarrow": `\hookleftarrow`,
	"xtwoheadrightarrow": `\twoheadrightarrow`, "xtwoheadleftarrow": `\twoheadleftarrow`,
	"xrightharpoonup": `\rightharpoonup`, "xrightharpoondown": `\rightharpoondown`,
	"xleftharpoonup": `\leftharpoonup`, "xleftharpoondown": `\leftharpoondown`,
	"xrightleftharpoons": `\rightleftharpoons`, "xleftrightharpoons": `\leftrightharpoons`,
	"xlongequal": `=`,
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
	if err := r.braced(arrow+"{", a, depth, "}"); err != nil {
		return i, err
	}
	return next, nil
}

// cmdBuildrel converts plain TeX's \buildrel top \over base.
func (r *rewriter) cmdBuildrel(toks []token, i int, name string, depth int) (int, error) {
	for j := i; j < len(toks); j++ {
		if toks[j].is(tCS, "over") {
			base, next, err := arg(toks, j+1)
			if err != nil {
				return i, fmt.Errorf(`\buildrel: %w`, err)
			}
			if err := r.braced(`\overset{`, toks[i:j], depth, `}{`); err != nil {
				return i, err
			}
			if err := r.group(base, depth+1); err != nil {
				return i, err
			}
			r.out.WriteString(`}`)
			return next, nil
		}
	}
	return i, errors.New(`\buildrel without \over`)
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
	if err := r.braced(`{\cancel{`, x, depth, `}}^{`); err != nil {
		return i, err
	}
	if err := r.group(v, depth+1); err != nil {
		return i, err
	}
	r.out.WriteString(`}`)
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
	return next, r.braced(`\`+accent[0].text+`{`, x, depth, `}`)
}

// cmdRoot converts \root n \of x, a root of degree n.
func (r *rewriter) cmdRoot(toks []token, i int, name string, depth int) (int, error) {
	for j := i; j < len(toks); j++ {
		if toks[j].is(tCS, "of") {
			if err := r.braced(`\sqrt[`, toks[i:j], depth, `]`); err != nil {
				return i, err
			}
			return j + 1, nil
		}
	}
	return i, errors.New(`\root without \of`)
}

// labelledArrow converts \xrightarrow[below]{above} and its kind to the
// arrow s with the labels over and under it.
func (r *rewriter) labelledArrow(toks []token, i int, name, s string, depth int) (int, error) {
	below, next, hasBelow := optArg(toks, i)
	above, next, err := arg(toks, next)
	if err != nil {
		return i, fmt.Errorf(`\%s: %w`, name, err)
	}
	if err := r.braced(`\overset{`, above, depth, `}{`); err != nil {
		return i, err
	}
	if hasBelow {
		if err := r.braced(`\underset{`, below, depth, `}{`+s+`}`); err != nil {
			return i, err
		}
	} else {
		r.out.WriteString(s)
	}
	r.out.WriteString(`}`)
	return next, nil
}
