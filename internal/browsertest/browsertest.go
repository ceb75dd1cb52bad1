// Package browsertest is the one set-up of headless Chromium for every
// browser test of the module, under pkg/ and cmd/ alike. A Browser is one
// tab that records every request the page makes and accepts, and records,
// every dialog that opens (a dialog means script ran). A test drives the
// tab with chromedp through Context, or opens a file with Visit, which
// reports what the page did: payloads of package
// github.com/grundylab/grundy/pkg/report/internal/hostile that ran,
// dialogs, links whose address the browser reads as a script, and
// requests.
//
// A browser test is skipped in -short mode. Without Chromium it is skipped
// on a developer's machine and fails in CI (env CI set), which installs
// the Debian package chromium.
package browsertest

import (
	"context"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// names are the programs Chromium looks for on PATH, in order.
var names = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}

// Chromium returns the path of Chromium, for a test that runs it through
// another program (render -pdf, say). In -short mode the test is
// skipped; without Chromium too, or it fails in CI.
func Chromium(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a browser")
	}
	for _, name := range names {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("no Chromium on PATH; CI must install the Debian package chromium")
	}
	t.Skip("no Chromium on PATH (apt-get install chromium); the browser test runs in CI")
	return ""
}

// A Browser is a headless Chromium with one tab, for one test.
type Browser struct {
	ctx      context.Context
	mu       sync.Mutex
	requests []string
	dialogs  []string
}

// Start starts Chromium for the test, with its own profile, no
// scrollbars and a deadline, and stops it when the test ends.
func Start(t testing.TB, deadline time.Duration) *Browser {
	t.Helper()
	exe := Chromium(t)
	alloc, cancel := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("hide-scrollbars", true), chromedp.UserDataDir(t.TempDir()),
	)
	t.Cleanup(cancel)
	b := &Browser{}
	var tab context.Context // set before any event, read by the listener
	ctx, cancel := chromedp.NewContext(alloc, chromedp.WithListener(func(ev any) {
		b.mu.Lock()
		defer b.mu.Unlock()
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			b.requests = append(b.requests, e.Request.URL)
		case *page.EventJavascriptDialogOpening:
			b.dialogs = append(b.dialogs, e.Message)
			go chromedp.Call(tab, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: true})
		}
	}))
	t.Cleanup(cancel)
	tab = ctx
	b.ctx, cancel = context.WithTimeout(ctx, deadline)
	t.Cleanup(cancel)
	return b
}

// Context returns the tab's context, with the deadline, for chromedp.
func (b *Browser) Context() context.Context { return b.ctx }

// Requests returns the URLs the tab requested since it started, or since
// the last Visit began.
func (b *Browser) Requests() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.requests)
}

// Dialogs returns the messages of the dialogs that opened since the tab
// started, or since the last Visit began.
func (b *Browser) Dialogs() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.dialogs)
}

// FileURL returns the file: URL of path, for Navigate.
func FileURL(path string) string {
	return (&url.URL{Scheme: "file", Path: path}).String()
}

// A Visit is what a page did while it was open.
type Visit struct {
	// Pwned are the labels of the payloads that ran (hostile.Pwn).
	Pwned []string `json:"pwned"`
	// ScriptLinks are the elements whose link, form, frame or source
	// address the browser's own URL parser reads as javascript: or
	// vbscript:.
	ScriptLinks []string `json:"scriptLinks"`
	// Requests are the URLs the page requested, itself first.
	Requests []string `json:"-"`
	// Dialogs are the messages of the dialogs that opened.
	Dialogs []string `json:"-"`
}

// state waits for MathJax, if the page has it, to typeset, and for late
// events (image errors, toggles), then reads what the page's scripts did
// and parses every address as the browser does.
const state = `new Promise(r => { const done = () => setTimeout(() => {
  const links = [];
  for (const el of document.querySelectorAll('*')) {
    for (const a of el.attributes) {
      if (!/^(href|xlink:href|src|action|formaction|data|poster|background|cite|to|values|from)$/i.test(a.name)) continue;
      let p;
      try { p = new URL(a.value, document.baseURI).protocol } catch (e) { continue }
      if (p === 'javascript:' || p === 'vbscript:') links.push(el.localName + ' ' + a.name + '=' + a.value);
    }
  }
  r({pwned: (window.__pwned || []).map(String), scriptLinks: links});
}, 150);
if (window.MathJax && MathJax.Hub && MathJax.Hub.Queue) MathJax.Hub.Queue(done); else done(); })`

// Visit opens the file at path and reports what the page did.
func (b *Browser) Visit(t testing.TB, path string) Visit {
	t.Helper()
	b.mu.Lock()
	b.requests, b.dialogs = nil, nil
	b.mu.Unlock()
	if err := chromedp.Do(b.ctx, chromedp.Navigate(FileURL(path))); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[Visit](state, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	v.Requests, v.Dialogs = b.Requests(), b.Dialogs()
	return v
}

// Outside returns the requests of a visit that leave the folders dirs:
// any but data: URIs and files inside one of them.
func (v Visit) Outside(dirs ...string) []string {
	var out []string
	for _, r := range v.Requests {
		inside := strings.HasPrefix(r, "data:")
		for _, dir := range dirs {
			inside = inside || strings.HasPrefix(r, FileURL(filepath.Clean(dir)+"/"))
		}
		if !inside {
			out = append(out, r)
		}
	}
	return out
}
