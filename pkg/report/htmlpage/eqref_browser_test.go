package htmlpage

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/grundylab/grundy/internal/browsertest"
	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// TestEqrefInBrowser checks in headless Chromium that an \eqref or \ref
// inside a formula is a link the browser follows, a real click on it
// scrolling to the equation: in a Quarto document, one labelled by
// {#eq-x}, one by \label, and a row of an align; in a MyST document, a
// {math} block's :label:, by {eq} and by \eqref; and that a figure
// div's subfigures stand side by side as layout-ncol asks.
func TestEqrefInBrowser(t *testing.T) {
	filler := strings.Repeat("Filler text.\n\n", 80)
	b := browsertest.Start(t, 60*time.Second)
	for _, doc := range []struct {
		name, md string
		clicks   []struct{ sel, href, text string }
		pair     bool // the document has the figure div fig-pair
	}{
		{"quarto", "$$\nE = mc^2\n$$ {#eq-energy}\n\n" + filler +
			"$$\na = b \\label{eq-b}\n$$\n\n" + filler +
			"\\begin{align}\nx &= 1 \\label{eq-x} \\\\\ny &= 2 \\label{eq-y}\n\\end{align}\n\n" + filler +
			"By $\\eqref{eq-energy}$, $z = \\eqref{eq-b}$ and $\\ref{eq-y}$.\n\n" +
			"::: {#fig-pair layout-ncol=2}\n![Left](l.png){#fig-pair-a}\n\n![Right](r.png){#fig-pair-b}\n\nA pair\n:::\n",
			[]struct{ sel, href, text string }{{"math mtext > a", "#eq-energy", "(1)"}, {"math mtext > a", "#eq-b", "(2)"}, {"math mtext > a", "#eq-y", "4"}},
			true},
		{"myst", filler + "```{math}\n:label: eq-m\nE = mc^2\n```\n\n" + filler + "By {eq}`eq-m` and $z = \\eqref{eq-m}$.\n",
			[]struct{ sel, href, text string }{{"p > a.ref", "#eq-m", "(1)"}, {"math mtext > a", "#eq-m", "(1)"}},
			false},
	} {
		t.Run(doc.name, func(t *testing.T) {
			nb := notebook.New()
			nb.Cells = []*notebook.Cell{{Type: notebook.Markdown, Source: doc.md}}
			page := renderPage(t, nb, report.ViewOptions{})
			path := filepath.Join(t.TempDir(), "eqref.html")
			if err := os.WriteFile(path, page, 0o644); err != nil {
				t.Fatal(err)
			}
			v := b.Visit(t, path)
			if len(v.Pwned) > 0 || len(v.Dialogs) > 0 {
				t.Errorf("script ran: %v %v", v.Pwned, v.Dialogs)
			}
			ctx := b.Context()
			for _, tt := range doc.clicks {
				sel := tt.sel + `[href="` + tt.href + `"]`
				text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.scrollTo(0, 0); location.hash = ""; document.querySelector('`+sel+`').textContent`))
				if err != nil {
					t.Fatalf("%s: %v", sel, err)
				}
				if text != tt.text {
					t.Errorf("%s reads %q, want %q", sel, text, tt.text)
				}
				if err := chromedp.Do(ctx, chromedp.Click(sel), chromedp.Sleep(300*time.Millisecond)); err != nil {
					t.Fatalf("click %s: %v", sel, err)
				}
				// The target is in the viewport after the click.
				shown, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const r = document.getElementById("`+tt.href[1:]+`").getBoundingClientRect(); return location.hash === "`+tt.href+`" && r.top >= -1 && r.top < innerHeight })()`))
				if err != nil {
					t.Fatal(err)
				}
				if !shown {
					t.Errorf("a click on %s does not lead to the equation", sel)
				}
			}
			if !doc.pair {
				return
			}
			side, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const a = document.getElementById("fig-pair-a").getBoundingClientRect(), b = document.getElementById("fig-pair-b").getBoundingClientRect(); return Math.abs(a.top - b.top) < 2 && b.left >= a.right - 1 })()`))
			if err != nil {
				t.Fatal(err)
			}
			if !side {
				t.Error("the subfigures of a layout-ncol=2 figure do not stand side by side")
			}
		})
	}
}
