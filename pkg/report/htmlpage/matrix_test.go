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

// foldCases are the folds and tabs of MyST's forms, and Quarto's open
// fold, that TestBlocksInBrowser does not click: what is hidden, what a
// reader clicks, and whether it shows before and after the click.
var foldCases = []struct {
	name, md, hidden, click string
	before, after           bool
}{
	{"admonition/dropdown-class/myst", "```{admonition} Drop title\n:class: dropdown\nDropdown body.\n```",
		"details.callout .callout-body p", "details.callout > summary", false, true},
	{"admonition/dropdown/myst", ":::{dropdown} Drop directive\nDropdown body.\n:::",
		"details.callout .callout-body p", "details.callout > summary", false, true},
	{"admonition/dropdown-open/myst", ":::{dropdown} Open drop\n:open:\nDropdown body.\n:::",
		"details.callout .callout-body p", "details.callout > summary", true, false},
	{"callout/collapse-false/quarto", "::: {.callout-tip collapse=\"false\"}\n## Open tip\nTip body.\n:::",
		"details.callout .callout-body p", "details.callout > summary", true, false},
	{"folded-solution/myst", ":::{prf:exercise}\n:label: exr-one\nCompute.\n:::\n\n:::{prf:solution} exr-one\n:class: dropdown\nIt is 2.\n:::",
		"details.solution > p", "details.solution > summary", false, true},
	{"tabset/myst", "::::{tab-set}\n:::{tab-item} Left\nLeft body.\n:::\n:::{tab-item} Right\nRight body.\n:::\n::::",
		".tabset > .tab-panel:nth-of-type(2)", `label[for="tabset-1-2"]`, false, true},
}

// TestFoldsInBrowser opens each of foldCases' pages in headless
// Chromium, with no script of the page's: the hidden part shows, or
// not, before and after a reader's click as the case says.
func TestFoldsInBrowser(t *testing.T) {
	b := browsertest.Start(t, 2*time.Minute)
	dir := t.TempDir()
	shown := func(sel string) bool {
		t.Helper()
		ok, err := chromedp.Run(b.Context(), chromedp.Evaluate[bool](`(() => { const e = document.querySelector(`+"`"+sel+"`"+`); return !!e && e.checkVisibility() })()`))
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	for _, tt := range foldCases {
		t.Run(tt.name, func(t *testing.T) {
			v := &report.View{Blocks: []report.Block{{Kind: report.KindMarkdown, Cell: 1, CellType: notebook.Markdown, Text: tt.md}}}
			page, err := Render(v, Options{})
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, strings.ReplaceAll(tt.name, "/", "-")+".html")
			if err := os.WriteFile(path, page, 0o644); err != nil {
				t.Fatal(err)
			}
			if visit := b.Visit(t, path); len(visit.Pwned) > 0 || len(visit.Dialogs) > 0 {
				t.Errorf("script ran: %v %v", visit.Pwned, visit.Dialogs)
			}
			if got := shown(tt.hidden); got != tt.before {
				t.Errorf("before a click, %s shown: %v, want %v", tt.hidden, got, tt.before)
			}
			if _, err := chromedp.Run(b.Context(), chromedp.Evaluate[bool](`(document.querySelector(`+"`"+tt.click+"`"+`).click(), true)`)); err != nil {
				t.Fatal(err)
			}
			if got := shown(tt.hidden); got != tt.after {
				t.Errorf("after a click on %s, %s shown: %v, want %v", tt.click, tt.hidden, got, tt.after)
			}
		})
	}
}
