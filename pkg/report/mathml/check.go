package mathml

import (
	"errors"
	"fmt"
	"slices"
)

// arity is the number of arguments of the commands treeblood converts,
// checked by checkArguments.
var arity = map[string]int{
	"frac": 2, "dfrac": 2, "tfrac": 2, "cfrac": 2, "binom": 2, "tbinom": 2, "overset": 2,
	"underset": 2, "sqrt": 1, "vec": 1, "hat": 1, "bar": 1, "tilde": 1, "dot": 1, "ddot": 1,
	"dddot": 1, "widehat": 1, "widetilde": 1, "overline": 1, "underline": 1, "overbrace": 1,
	"underbrace": 1, "overrightarrow": 1, "overleftarrow": 1, "mathring": 1, "breve": 1,
	"check": 1, "acute": 1, "grave": 1, "mathrm": 1, "mathbb": 1, "mathbf": 1, "mathit": 1,
	"mathsf": 1, "mathtt": 1, "mathcal": 1, "mathfrak": 1, "mathscr": 1, "cancel": 1,
	"bcancel": 1, "xcancel": 1, "pmod": 1, "not": 1, "substack": 1, "boldsymbol": 1, "color": 1,
}

// accents are the commands of arity that treeblood cannot take with an
// empty argument.
var accents = map[string]bool{
	"vec": true, "hat": true, "bar": true, "tilde": true, "dot": true, "ddot": true, "dddot": true,
	"widehat": true, "widetilde": true, "mathring": true, "breve": true, "check": true,
	"acute": true, "grave": true, "overline": true, "underline": true, "overbrace": true,
	"underbrace": true, "overrightarrow": true, "overleftarrow": true,
}

// visible reports whether TeX shows anything: a character or a command
// that takes no argument, besides the separators of a table and the
// commands that join what is around them, such as \over.
func visible(tex string) bool {
	toks, err := tokenize(tex)
	if err != nil {
		return true
	}
	return slices.ContainsFunc(toks, func(t token) bool {
		return t.kind == tChar && t.text != "&" || t.kind == tCS && arity[t.text] == 0 && !notArgument(t)
	})
}

// checkArguments checks the TeX handed to treeblood for what makes it
// fail, printing the panic it recovers from on standard output: a command
// or script without its argument, \right or \middle without \left, \left
// without \right. MathJax rejects these too.
func checkArguments(tex string) error {
	toks, err := tokenize(tex)
	if err != nil {
		return err
	}
	lefts := []int{0} // open \left per group
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.kind == tBegin:
			lefts = append(lefts, 0)
		case t.kind == tEnd:
			if lefts[len(lefts)-1] > 0 {
				return errors.New(`\left without \right`)
			}
			if len(lefts) == 1 {
				return errors.New("unmatched }")
			}
			lefts = lefts[:len(lefts)-1]
		case t.is(tCS, "left"):
			lefts[len(lefts)-1]++
		case t.is(tCS, "right") || t.is(tCS, "middle"):
			if lefts[len(lefts)-1] == 0 {
				return fmt.Errorf(`\%s without \left`, t.text)
			}
			if t.text == "right" {
				lefts[len(lefts)-1]--
			}
		}
		n := arity[t.text]
		if t.kind == tChar && (t.text == "^" || t.text == "_") {
			n = 1
		} else if t.kind != tCS {
			n = 0
		}
		j := i + 1
		if t.is(tCS, "sqrt") {
			_, j, _ = optArg(toks, j)
		}
		for k := range n {
			a, next, err := arg(toks, j)
			a = slices.DeleteFunc(slices.Clone(a), func(t token) bool { return t.kind == tSpace })
			if err == nil && (t.text == "substack" || accents[t.text]) && !slices.ContainsFunc(a, func(t token) bool {
				return t.kind == tChar || t.kind == tCS && arity[t.text] == 0
			}) {
				err = errors.New("empty")
			}
			if err == nil && len(a) == 1 && notArgument(a[0]) {
				err = fmt.Errorf("%q is not one", untokenize(a))
			}
			if err != nil {
				name := t.text
				if t.kind == tCS {
					name = `\` + name
				}
				return fmt.Errorf("%s: argument %d: %w", name, k+1, err)
			}
			j = next
		}
	}
	if lefts[len(lefts)-1] > 0 {
		return errors.New(`\left without \right`)
	}
	return nil
}

// notArgument reports whether a token cannot stand as an argument.
func notArgument(t token) bool {
	switch t.kind {
	case tChar:
		return t.text == "&" || t.text == "^" || t.text == "_"
	case tCS:
		if arity[t.text] > 0 {
			return true // its own arguments would be missing
		}
		switch t.text {
		case "\\", "over", "atop", "choose", "limits", "nolimits", "right", "middle", "left", "end", "begin":
			return true
		}
	}
	return false
}
