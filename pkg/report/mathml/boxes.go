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
	return next, r.element(`<mpadded width="0">`, func() error { return r.group(a, depth+1) })
}

// cmdStrut converts \mathstrut and \strut, which stand as high as a
// parenthesis.
func (r *rewriter) cmdStrut(toks []token, i int, name string, depth int) (int, error) {
	return i, r.element(wraps["vphantom"], func() error {
		r.out.WriteByte('(')
		return nil
	})
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
	return next, r.braced("{", a, depth, "}")
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
	return next, r.element(open, func() error { return r.group(a, depth+1) })
}

// wrap converts one of the wraps: its argument in the element that open
// starts (as text for \fbox; \smash's optional argument skipped).
func (r *rewriter) wrap(toks []token, i int, name, open string, depth int) (int, error) {
	if name == "smash" {
		_, i, _ = optArg(toks, i)
	}
	a, next, err := arg(toks, i)
	if err != nil {
		return i, fmt.Errorf(`\%s: %w`, name, err)
	}
	return next, r.element(open, func() error {
		if name == "fbox" {
			return r.text(a, "")
		}
		return r.group(a, depth+1)
	})
}
