package htmlpage

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/grundylab/grundy/internal/browsertest"
	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// TestBlocksInBrowser checks in headless Chromium that a folded callout
// opens on a click, that tabs switch with no script, and that nothing
// from a hostile title runs.
func TestBlocksInBrowser(t *testing.T) {
	b := browsertest.Start(t, 60*time.Second)
	md := "::: {.callout-warning collapse=\"true\"}\n## Spoiler\nThe hidden answer.\n:::\n\n" +
		"::: {.panel-tabset}\n## Go\nGo text.\n## Python\nPython text.\n:::\n\n" +
		":::{note} <img src=x onerror=\"(window.__pwned=window.__pwned||[]).push('title')\">\nbody\n:::\n"
	page, err := Render(&report.View{Blocks: []report.Block{{Kind: report.KindMarkdown, Cell: 1, CellType: notebook.Markdown, Text: md}}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "blocks.html")
	if err := os.WriteFile(path, page, 0o644); err != nil {
		t.Fatal(err)
	}
	v := b.Visit(t, path)
	if len(v.Pwned) > 0 || len(v.Dialogs) > 0 {
		t.Errorf("script from the page ran: %v %v", v.Pwned, v.Dialogs)
	}
	visible := func(sel string) bool {
		t.Helper()
		ok, err := chromedp.Run(b.Context(), chromedp.Evaluate[bool](`document.querySelector(`+"`"+sel+"`"+`).checkVisibility()`))
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	click := func(sel string) {
		t.Helper()
		// A click as the element receives it, with no script of the page's.
		if _, err := chromedp.Run(b.Context(), chromedp.Evaluate[bool](`(document.querySelector(`+"`"+sel+"`"+`).click(), true)`)); err != nil {
			t.Fatal(err)
		}
	}
	if visible("details.callout .callout-body p") {
		t.Error("the folded callout's body is shown before a click")
	}
	click("details.callout > summary")
	if !visible("details.callout .callout-body p") {
		t.Error("the folded callout's body is hidden after a click")
	}
	first, second := ".tabset > .tab-panel:nth-of-type(1)", ".tabset > .tab-panel:nth-of-type(2)"
	if !visible(first) || visible(second) {
		t.Errorf("before a click, tab panels shown: first %v, second %v; want the first alone", visible(first), visible(second))
	}
	click(`label[for="tabset-1-2"]`)
	if visible(first) || !visible(second) {
		t.Errorf("after a click on the second tab, panels shown: first %v, second %v; want the second alone", visible(first), visible(second))
	}
}
