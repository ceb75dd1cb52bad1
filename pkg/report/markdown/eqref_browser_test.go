package markdown

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/grundylab/grundy/internal/browsertest"
	"github.com/grundylab/grundy/pkg/report"
)

// TestEqrefInBrowserPost checks a post's equation numbers and references
// where Hugo publishes it: the post converted by Hugo's goldmark with
// math passed through, MathJax 2.7 typesetting it with its default
// settings (no equation numbered by MathJax itself) and numbering AMS
// environments itself, opened in headless Chromium. Each equation shows the number the page gives it, whether
// labelled in its TeX (\label, a row of an align, an equation
// environment) or outside it (Quarto's {#eq-x}, MyST's {math} with
// :label:); a reference in the text is a link that a click follows to
// the equation; an \eqref inside another formula reads the number and
// is a link to the equation too.
func TestEqrefInBrowserPost(t *testing.T) {
	if !haveMathJax(t) {
		t.Skip("no MathJax; the test runs in CI")
	}
	filler := strings.Repeat("Filler text.\n\n", 60)
	nb := refsNotebook(
		"$$\nx = 1 \\label{eq:a}\n$$\n\n"+filler+
			"$$\n\\begin{align}\na &= b \\label{eq:b}\\\\\nc &= d \\nonumber\\\\\ne &= f\n\\end{align}\n$$\n\n"+filler+
			"$$\n\\begin{equation}\\label{eq:tex} g = h \\end{equation}\n$$\n\n"+filler,
		"$$\ny = 2\n$$ {#eq-x}\n\n"+filler,
		"```{math}\n:label: eq-m\nz = 3\n```\n\n"+filler+
			"By \\eqref{eq:a}, \\eqref{eq:b}, \\eqref{eq:tex}, @eq-x and {eq}`eq-m`; "+
			"in a formula $\\eqref{eq:a} + \\eqref{eq:b} + \\eqref{eq:tex} + \\eqref{eq-x} + \\eqref{eq-m}$.\n")
	v, err := report.NewView(nb, report.ViewOptions{Name: "post", ModTime: modTime})
	if err != nil {
		t.Fatal(err)
	}
	post := Render(v).Text
	html := blogHTML(t, post)["hugo with math"]
	if bytes.Contains(html, []byte("???")) {
		t.Errorf("a reference to nothing:\n%s", html)
	}
	b := browsertest.Start(t, 3*time.Minute)
	// MathJax as it comes, numbering nothing itself, and as a blog may set
	// it, numbering AMS environments from its own count.
	ams := strings.Replace(mathjaxHead, "MathJax.Hub.Config({", `MathJax.Hub.Config({TeX: {equationNumbers: {autoNumber: "AMS"}}, `, 1)
	for name, head := range map[string]string{"default": mathjaxHead, "autoNumber AMS": ams} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "post.html")
			writeHTML(t, path, head, html)
			checkEqrefs(t, b, path, post)
		})
	}
}

// checkEqrefs opens the page of TestEqrefInBrowserPost's post and checks
// its numbers and links.
func checkEqrefs(t *testing.T, b *browsertest.Browser, path string, post []byte) {
	visit := b.Visit(t, path)
	if len(visit.Pwned) > 0 || len(visit.Dialogs) > 0 {
		t.Errorf("script ran: %v %v", visit.Pwned, visit.Dialogs)
	}
	ctx := b.Context()
	// The numbers MathJax shows, display by display.
	shown, err := chromedp.Run(ctx, chromedp.Evaluate[string](`Array.from(document.querySelectorAll(".MJXc-display")).map(d => (d.querySelector(".mjx-math").textContent.match(/\(\d+\)/g) || []).join("")).join(" ")`))
	if err != nil {
		t.Fatal(err)
	}
	if want := "(1) (2)(3) (4) (5) (6)"; shown != want {
		t.Errorf("the equations show %q, want %q\npost:\n%s", shown, want, post)
	}
	for _, tt := range []struct{ sel, text string }{
		{`p > a[href="#eq:a"]`, "(1)"}, {`p > a[href="#eq:b"]`, "(2)"}, {`p > a[href="#eq:tex"]`, "(4)"},
		{`p > a[href="#eq-x"]`, "Equation\u00a05"}, {`p > a[href="#eq-m"]`, "(6)"},
		{`a[href="#mjx-eqn-eq%3Aa"]`, "(1)"}, {`a[href="#mjx-eqn-eq%3Ab"]`, "(2)"},
		{`a[href="#mjx-eqn-eq%3Atex"]`, "(4)"}, {`a[href="#mjx-eqn-eq-x"]`, "(5)"},
		{`a[href="#mjx-eqn-eq-m"]`, "(6)"},
	} {
		text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.scrollTo(0, 0); location.hash = ""; document.querySelector('`+tt.sel+`').textContent`))
		if err != nil {
			t.Fatalf("%s: %v\npost:\n%s", tt.sel, err, post)
		}
		if text != tt.text {
			t.Errorf("%s reads %q, want %q", tt.sel, text, tt.text)
		}
		if err := chromedp.Do(ctx, chromedp.Click(tt.sel), chromedp.Sleep(300*time.Millisecond)); err != nil {
			t.Fatalf("click %s: %v", tt.sel, err)
		}
		// The link's target, and the number it reads, are in the
		// viewport after the click.
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
			const id = decodeURIComponent(location.hash.slice(1)), e = id && document.getElementById(id);
			if (!e) return false;
			const r = e.getBoundingClientRect();
			const d = Array.from(document.querySelectorAll(".MJXc-display .mjx-math")).find(d => d.getBoundingClientRect().bottom > r.top - 1);
			return r.top >= -1 && r.top < innerHeight && d && d.getBoundingClientRect().top < innerHeight && d.textContent.includes("`+strings.TrimPrefix(tt.text, "Equation\u00a0")+`");
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			t.Errorf("a click on %s does not lead to its equation", tt.sel)
		}
	}
}
