package htmlpage

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode"

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

// calloutKinds are the callouts, admonitions and alerts whose icons
// TestCalloutIconsInBrowser checks, as Markdown.
var calloutKinds = func() string {
	var md strings.Builder
	for _, k := range []string{"note", "tip", "important", "warning", "caution"} {
		md.WriteString("::: {.callout-" + k + "}\nA " + k + " callout.\n:::\n\n")
	}
	for _, k := range []string{"attention", "danger", "error", "hint", "seealso", "admonition"} {
		md.WriteString(":::{" + k + "} Title\nA " + k + " admonition.\n:::\n\n")
	}
	md.WriteString("> [!NOTE]\n> An alert.\n\n> [!CAUTION]\n> Another.\n")
	return md.String()
}()

// TestCalloutIconsInBrowser checks in headless Chromium that every kind
// of callout shows an icon: a shape of its own colour, at most an ASCII
// letter in it, so that no font the reader lacks can make it a box.
func TestCalloutIconsInBrowser(t *testing.T) {
	b := browsertest.Start(t, 60*time.Second)
	page, err := Render(&report.View{Blocks: []report.Block{{Kind: report.KindMarkdown, Cell: 1, CellType: notebook.Markdown, Text: calloutKinds}}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "icons.html")
	if err := os.WriteFile(path, page, 0o644); err != nil {
		t.Fatal(err)
	}
	b.Visit(t, path)
	const js = `[...document.querySelectorAll('.callout > .callout-title')].map(e => {
		const s = getComputedStyle(e, '::before');
		return [e.parentElement.className, s.content, s.width, s.height, s.backgroundColor].join('|');
	})`
	icons, err := chromedp.Run(b.Context(), chromedp.Evaluate[[]string](js))
	if err != nil {
		t.Fatal(err)
	}
	if len(icons) != 13 {
		t.Fatalf("%d callouts with titles, want 13: %q", len(icons), icons)
	}
	for _, icon := range icons {
		f := strings.Split(icon, "|")
		content, width, height, background := f[1], f[2], f[3], f[4]
		if content != `"i"` && content != `"!"` && content != `""` {
			t.Errorf("%s: icon content %s, want an ASCII letter or none", f[0], content)
		}
		if width == "0px" || width == "auto" || height == "0px" || height == "auto" || background == "rgba(0, 0, 0, 0)" {
			t.Errorf("%s: the icon is no shape: %s", f[0], icon)
		}
	}
}

// TestIconsNeedNoGlyph checks that every text the page's stylesheet adds
// is ASCII: a glyph beyond it may be missing from the reader's fonts.
func TestIconsNeedNoGlyph(t *testing.T) {
	for _, m := range regexp.MustCompile(`content:\s*"([^"]*)"`).FindAllStringSubmatch(baseCSS, -1) {
		for _, r := range m[1] {
			if r > unicode.MaxASCII {
				t.Errorf("style.css adds %q, which a font may lack", m[1])
			}
		}
	}
}
