package mathml

import (
	"errors"
	"fmt"
)

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
	r.out.WriteString(arrow + "{")
	if err := r.group(a, depth+1); err != nil {
		return i, err
	}
	r.out.WriteString("}")
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
