package mathml

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/grundylab/grundy/internal/browsertest"
	"github.com/yuin/goldmark"
)

// TestHostileMathInBrowser opens a page of the hostile formulas, rendered
// as a Markdown cell is, in headless Chromium, and checks that no script
// runs (no dialog, no change to the page's marker) and that nothing is
// requested but the page itself. Without Chromium it is skipped, except in
// CI.
func TestHostileMathInBrowser(t *testing.T) {
	var body bytes.Buffer
	md := goldmark.New(goldmark.WithExtensions(&Extender{}))
	for _, tex := range hostile {
		for _, src := range []string{"$" + tex + "$\n\n", "$$\n" + tex + "\n$$\n\n"} {
			if err := md.Convert([]byte(src), &body); err != nil {
				t.Fatal(err)
			}
		}
	}
	doc := "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>clean</title></head><body>" + body.String() + "</body></html>"
	file := filepath.Join(t.TempDir(), "hostile.html")
	if err := os.WriteFile(file, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	pageURL := browsertest.FileURL(file)

	b := browsertest.Start(t, 60*time.Second)
	ctx := b.Context()
	if err := chromedp.Do(ctx, chromedp.Navigate(pageURL), chromedp.Sleep(500*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	title, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.title`))
	if err != nil {
		t.Fatal(err)
	}
	maths, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("math").length`))
	if err != nil {
		t.Fatal(err)
	}
	foreign, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("math img, math svg, math a, math script, math iframe, body > img, body > svg").length`))
	if err != nil {
		t.Fatal(err)
	}
	requests, dialogs := b.Requests(), b.Dialogs()
	if len(dialogs) > 0 {
		t.Errorf("script ran: dialogs %q", dialogs)
	}
	for _, r := range requests {
		if r != pageURL && !strings.HasPrefix(r, "data:") {
			t.Errorf("request off the page: %s", r)
		}
	}
	if title != "clean" {
		t.Errorf("page title changed to %q", title)
	}
	if maths < len(hostile) {
		t.Errorf("%d <math> elements on the page, want at least %d", maths, len(hostile))
	}
	if foreign != 0 {
		t.Errorf("%d foreign elements in or beside the math", foreign)
	}
	t.Logf("%d formulas, %d requests, %d dialogs", maths, len(requests), len(dialogs))
}
