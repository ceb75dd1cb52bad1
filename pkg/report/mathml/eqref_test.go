package mathml

import (
	"strings"
	"testing"
)

// TestEqrefLinks checks that \eqref and \ref to a known label link to
// it, within the page, and that a label unknown, or one that cannot be
// an id as written, is text.
func TestEqrefLinks(t *testing.T) {
	c := New()
	c.SetLabel("eq-a", "1")
	c.SetLabel("use/hiding", "2")
	c.SetLabel(`x"><script>`, "3")
	c.SetLabel("a b", "4")
	for _, tt := range []struct{ tex, want string }{
		{`\eqref{eq-a}`, `<mtext><a href="#eq-a">(1)</a></mtext>`},
		{`\ref{eq-a}`, `<mtext><a href="#eq-a">1</a></mtext>`},
		{`\eqref{use/hiding}`, `<mtext><a href="#use/hiding">(2)</a></mtext>`},
		{`\eqref{x"><script>}`, `<mtext>(3)</mtext>`},
		{`\eqref{a b}`, `<mtext>(4)</mtext>`},
		{`\eqref{nothing}`, `<mtext>(???)</mtext>`},
	} {
		mml, _, err := c.Convert(tt.tex, false)
		if err != nil {
			t.Fatalf("%s: %v", tt.tex, err)
		}
		if !strings.Contains(mml, tt.want) {
			t.Errorf("%s gives\n%s\nwithout %s", tt.tex, mml, tt.want)
		}
		checkSafe(t, tt.tex, mml)
	}
}
