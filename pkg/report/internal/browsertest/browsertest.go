// Package browsertest opens pages in headless Chromium for tests and
// reports what each did: payloads of package hostile that ran, dialogs
// that opened, links whose address the browser reads as a script, and
// every request the page made.
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

// A Browser is a headless Chromium with one tab, for one test.
type Browser struct {
	ctx      context.Context
	mu       sync.Mutex
	requests []string
	dialogs  []string
}

// Start starts Chromium for the test, with a deadline, and stops it when
// the test ends. Without Chromium the test is skipped on a developer's
// machine and fails in CI (env CI set), which installs the Debian package
// chromium.
func Start(t *testing.T, deadline time.Duration) *Browser {
	t.Helper()
	exe := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			exe = path
			break
		}
	}
	if exe == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("no Chromium on PATH; CI must install the Debian package chromium")
		}
		t.Skip("no Chromium on PATH (apt-get install chromium); the browser test runs in CI")
	}
	alloc, cancel := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.UserDataDir(t.TempDir()),
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
func (b *Browser) Visit(t *testing.T, path string) Visit {
	t.Helper()
	b.mu.Lock()
	b.requests, b.dialogs = nil, nil
	b.mu.Unlock()
	u := (&url.URL{Scheme: "file", Path: path}).String()
	if err := chromedp.Do(b.ctx, chromedp.Navigate(u)); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[Visit](state, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	v.Requests, v.Dialogs = slices.Clone(b.requests), slices.Clone(b.dialogs)
	return v
}

// Outside returns the requests of a visit that leave the folders dirs:
// any but data: URIs and files inside one of them.
func (v Visit) Outside(dirs ...string) []string {
	var out []string
	for _, r := range v.Requests {
		inside := strings.HasPrefix(r, "data:")
		for _, dir := range dirs {
			inside = inside || strings.HasPrefix(r, (&url.URL{Scheme: "file", Path: filepath.Clean(dir) + "/"}).String())
		}
		if !inside {
			out = append(out, r)
		}
	}
	return out
}
