package mathml

import (
	"fmt"
	"strings"
)

// wraps are the commands whose argument becomes the content of an element
// built here.
var wraps = map[string]string{
	"phantom":  `<mphantom>`,
	"hphantom": `<mpadded height="0" depth="0"><mphantom>`,
	"vphantom": `<mpadded width="0"><mphantom>`,
	"smash":    `<mpadded height="0" depth="0">`,
	"boxed":    `<mrow style="border: 1px solid; padding: 0.2em;">`,
	"fbox":     `<mrow style="border: 1px solid; padding: 0.2em;">`,
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
