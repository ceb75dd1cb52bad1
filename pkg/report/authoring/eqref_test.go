package authoring

import (
	"strings"
	"testing"
)

// TestEquationAnchors checks that every label an \eqref may name has
// one anchor on the page, a formula's own as its id and its rows' as
// anchors inside it, and that \eqref and \ref link to them from text
// and from inside math.
func TestEquationAnchors(t *testing.T) {
	out, _ := page(t, "$$\nE = mc^2\n$$ {#eq-energy}\n\n$$\na = b \\label{eq-b}\n$$\n\n"+
		"\\begin{align}\nx &= 1 \\label{eq-x} \\\\\ny &= 2 \\label{eq-y}\n\\end{align}\n\n"+
		"\\begin{equation}\nw \\label{eq-w}\n\\end{equation}\n\n$$\nv \\label{eq-x}\n$$\n",
		"By $\\eqref{eq-energy}$, $\\eqref{eq-b}$, $\\ref{eq-y}$, $\\eqref{eq-w}$ and \\eqref{eq-x}.")
	for _, id := range []string{"eq-energy", "eq-b", "eq-x", "eq-y", "eq-w"} {
		if n := strings.Count(out, `id="`+id+`"`); n != 1 {
			t.Errorf("id %s %d times in\n%s", id, n, out)
		}
	}
	inOrder(t, "page", out, []string{
		`<div class="math-display"><span class="equation-anchor" id="eq-x"></span><span class="equation-anchor" id="eq-y"></span>`,
		`<span class="equation-anchor" id="eq-w"></span>`,
		`<a href="#eq-energy">(1)</a>`, `<a href="#eq-b">(2)</a>`, `<a href="#eq-y">4</a>`, `<a href="#eq-w">(5)</a>`, `<a class="ref" href="#eq-x">(3)</a>`,
	})
}
