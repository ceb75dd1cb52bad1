package site

import (
	"context"
	"encoding/base64"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/grundylab/grundy/internal/notebooktest"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/plot"
)

// chromium finds a Chromium binary. Without one the browser test is
// skipped on a developer's machine and fails in CI (env CI set), which
// installs the Debian package chromium.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
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

// figuresNotebook writes a notebook whose outputs are real figures of
// package plot, as GoNB shows them: PNG as image/png, SVG inside HTML.
func figuresNotebook(t *testing.T, dir string) {
	t.Helper()
	hist, err := plot.Histogram([]int{50, 51, 47, 44, 32, 28, 24, 13, 8, 2}, plot.Options{Title: "Grundy values"})
	if err != nil {
		t.Fatal(err)
	}
	seq, err := plot.Sequence([]int{0, 1, 0, 2, 3, 1, 2, 3, 1, 2, 3, 1}, 2, 3, plot.Options{Title: "A sequence"})
	if err != nil {
		t.Fatal(err)
	}
	nb := notebook.New()
	nb.Metadata["title"] = []byte(`"Figures"`)
	png := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}, Metadata: notebook.Metadata{}}
	png.Data.SetText("image/png", encode(hist.PNG))
	svg := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}, Metadata: notebook.Metadata{}}
	svg.Data.SetText("text/html", "<div>"+string(seq.SVG)+"</div>")
	count := 1
	nb.Cells = []*notebook.Cell{
		{Type: notebook.Markdown, Source: "# Figures\n\nThe values $g(n) = \\operatorname{mex}\\{g(n-s) : s \\in S\\}$.", Metadata: notebook.Metadata{}},
		{Type: notebook.Code, Source: "fig.Show()", ExecutionCount: &count, Metadata: notebook.Metadata{}, Outputs: []*notebook.Output{png, svg}},
	}
	if err := notebook.WriteFile(filepath.Join(dir, "figures.ipynb"), nb); err != nil {
		t.Fatal(err)
	}
}

// pageReport is what the browser measures on a page.
type pageReport struct {
	Math          int     `json:"math"`
	EmptyMath     int     `json:"emptyMath"`
	MathWidth     float64 `json:"mathWidth"`
	Images        int     `json:"images"`
	BrokenImages  int     `json:"brokenImages"`
	SVGs          int     `json:"svgs"`
	EmptySVGs     int     `json:"emptySVGs"`
	Font          bool    `json:"font"`
	ScrollWidth   float64 `json:"scrollWidth"`
	ViewportWidth float64 `json:"viewportWidth"`
	Background    string  `json:"background"`
}

// imageDecoded is a script's async function that reports whether an
// <img> has its image, decoded. An image a page shows more than once has
// no src: its CSS content holds it.
const imageDecoded = `async i => {
    if (i.src) return i.complete && i.naturalWidth > 0;
    const m = /^url\("(data:[^"]*)"\)$/.exec(getComputedStyle(i).content);
    if (!m) return false;
    const img = new Image();
    img.src = m[1];
    try { await img.decode(); } catch (e) { return false; }
    return img.naturalWidth > 0;
  }`

const measure = `(async () => {
  await document.fonts.ready;
  try { await document.fonts.load('16px "Latin Modern Math"'); } catch (e) {}
  const maths = [...document.querySelectorAll('math')];
  const imgs = [...document.querySelectorAll('img')];
  const svgs = [...document.querySelectorAll('main svg')];
  const size = e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const decoded = ` + imageDecoded + `;
  const loaded = async i => await decoded(i) && size(i);
  return {
    math: maths.length,
    emptyMath: maths.filter(m => !size(m)).length,
    mathWidth: maths.reduce((w, m) => w + m.getBoundingClientRect().width, 0),
    images: imgs.length,
    brokenImages: (await Promise.all(imgs.map(loaded))).filter(ok => !ok).length,
    svgs: svgs.length,
    emptySVGs: svgs.filter(s => !size(s)).length,
    font: document.fonts.check('16px "Latin Modern Math"'),
    scrollWidth: document.documentElement.scrollWidth,
    viewportWidth: window.innerWidth,
    background: getComputedStyle(document.body).backgroundColor,
  };
})()`

func colorScheme(scheme string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
		})
		return err
	})
}

// TestBrowser opens rendered pages in headless Chromium and checks that the
// math has laid out, every image loaded, the pages fit a phone, dark mode
// changes the colours, and no request left the machine. Screenshots go to
// $GRUNDY_SCREENSHOTS when set.
func TestBrowser(t *testing.T) {
	exe := chromium(t)
	src := copyNotebooks(t, "math.ipynb", "outputs.ipynb", "chinese.ipynb")
	figuresNotebook(t, src)
	out := t.TempDir()
	fontShipped := true
	s := &Site{Dir: out, Warn: func(msg string) {
		if strings.Contains(msg, "math font") {
			fontShipped = false
		}
		t.Log(msg)
	}}
	if err := s.Build(context.Background(), []string{src}); err != nil {
		t.Fatal(err)
	}
	if !fontShipped && os.Getenv("CI") != "" {
		t.Fatal("Latin Modern Math is missing; CI must install the Debian package fonts-lmodern")
	}

	ctx, requests := newBrowser(t, exe)

	shots := os.Getenv("GRUNDY_SCREENSHOTS")
	for _, page := range []string{"math", "outputs", "chinese", "figures", "index"} {
		u := (&url.URL{Scheme: "file", Path: filepath.Join(out, page+".html")}).String()
		reports := map[string]pageReport{}
		for _, scheme := range []string{"light", "dark"} {
			err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844), colorScheme(scheme), chromedp.Navigate(u))
			if err != nil {
				t.Fatalf("%s: %v", page, err)
			}
			r, err := chromedp.Run(ctx, chromedp.Evaluate[pageReport](measure, chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatalf("%s: %v", page, err)
			}
			reports[scheme] = r
			screenshot(t, ctx, shots, page+"-"+scheme)
		}
		r := reports["light"]
		t.Logf("%s: %+v", page, r)
		if page != "index" && page != "outputs" && (r.Math == 0 || r.MathWidth == 0) {
			t.Errorf("%s: no math laid out (%d <math> elements)", page, r.Math)
		}
		if r.EmptyMath > 0 {
			t.Errorf("%s: %d of %d <math> elements have no size", page, r.EmptyMath, r.Math)
		}
		if r.BrokenImages > 0 {
			t.Errorf("%s: %d of %d images did not load", page, r.BrokenImages, r.Images)
		}
		if r.EmptySVGs > 0 {
			t.Errorf("%s: %d of %d SVG figures have no size", page, r.EmptySVGs, r.SVGs)
		}
		if fontShipped && r.Math > 0 && !r.Font {
			t.Errorf("%s: Latin Modern Math did not load", page)
		}
		if r.ScrollWidth > r.ViewportWidth+1 {
			t.Errorf("%s: %gpx wide on a %gpx phone screen", page, r.ScrollWidth, r.ViewportWidth)
		}
		if reports["dark"].Background == r.Background {
			t.Errorf("%s: dark mode keeps the background %s", page, r.Background)
		}
	}
	if shots != "" {
		t.Logf("screenshots in %s", shots)
	}
	seen := requests.check(t)
	fonts := slices.ContainsFunc(seen, func(r string) bool { return strings.HasSuffix(r, MathFontFile) })
	if fontShipped && !fonts {
		t.Error("the pages never requested the shipped font")
	}
}

// screenshot saves, when dir is not empty, a screenshot of the whole page
// in an 800×1000 window as dir/name.png, for a reader to look at.
func screenshot(t *testing.T, ctx context.Context, dir, name string) {
	t.Helper()
	if dir == "" {
		return
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(800, 1000)); err != nil {
		t.Fatal(err)
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// requestLog records the URLs a browser tab requests.
type requestLog struct {
	mu   sync.Mutex
	urls []string
}

// check fails the test for each request that left the machine, or if
// there were none at all (the listener saw nothing), and returns them all.
func (l *requestLog) check(t *testing.T) []string {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.urls) == 0 {
		t.Fatal("no requests recorded; the listener saw nothing")
	}
	remote := 0
	for _, r := range l.urls {
		if !strings.HasPrefix(r, "file://") && !strings.HasPrefix(r, "data:") {
			t.Errorf("request left the machine: %s", r)
			remote++
		}
	}
	t.Logf("%d requests, %d of them off the machine", len(l.urls), remote)
	return slices.Clone(l.urls)
}

// newBrowser starts headless Chromium for the test, with a tab whose
// requests are logged, and a deadline.
func newBrowser(t *testing.T, exe string) (context.Context, *requestLog) {
	t.Helper()
	alloc, cancel := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("hide-scrollbars", true), chromedp.UserDataDir(t.TempDir()),
	)
	t.Cleanup(cancel)
	log := &requestLog{}
	ctx, cancel := chromedp.NewContext(alloc, chromedp.WithListener(func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			log.mu.Lock()
			log.urls = append(log.urls, e.Request.URL)
			log.mu.Unlock()
		}
	}))
	t.Cleanup(cancel)
	ctx, cancel = context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(cancel)
	return ctx, log
}

func encode(b []byte) string {
	return base64.StdEncoding.EncodeToString(b)
}

// hostileNotebook writes a notebook that tries every way to run script or
// reach the network from its name, title, tags, summary, body and outputs,
// each payload adding its label to window.__pwned.
func hostileNotebook(t *testing.T, path string) {
	t.Helper()
	pwn := func(label string) string { return `(window.__pwned=(window.__pwned||[]).concat('` + label + `'))` }
	nb := notebook.New()
	nb.Metadata["title"] = []byte(strconv.Quote(`<script>` + pwn("title") + `</script><img src=x onerror="` + pwn("title-img") + `">`))
	nb.Metadata["tags"] = []byte(`[` + strconv.Quote(`<img src=x onerror="`+pwn("tag")+`">`) + `]`)
	html := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}, Metadata: notebook.Metadata{}}
	html.Data.SetText("text/html", `<script>`+pwn("output-script")+`</script><img src=x onerror="`+pwn("output-img")+`">`+
		`<img src="https://example.com/output.png"><iframe src="https://example.com/frame"></iframe>`)
	svg := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}, Metadata: notebook.Metadata{}}
	svg.Data.SetText("image/svg+xml", `<svg xmlns="http://www.w3.org/2000/svg" onload="`+pwn("svg-output")+`"><script>`+pwn("svg-script")+`</script><image href="https://example.com/svg.png"/></svg>`)
	count := 1
	nb.Cells = []*notebook.Cell{
		{Type: notebook.Markdown, Metadata: notebook.Metadata{}, Source: `A summary <img src=x onerror="` + pwn("summary") + `"> ` +
			`<svg onload="` + pwn("summary-svg") + `"></svg> <a href="javascript:` + pwn("summary-link") + `">link</a> ` +
			`![remote](https://example.com/summary.png) <img src="https://example.com/summary-raw.png"> ` +
			`<style>@import url(https://example.com/summary.css);</style> <script>alert('summary')</script>.`},
		{Type: notebook.Markdown, Metadata: notebook.Metadata{}, Source: "<iframe src=\"https://example.com/body\"></iframe>\n\n" +
			`<details open ontoggle="` + pwn("details") + `"><summary>x</summary></details> <object data="https://example.com/o"></object>` +
			` <link rel="stylesheet" href="https://example.com/l.css"> <form action="https://example.com/f"><button formaction="javascript:` + pwn("form") + `">b</button></form>`},
		{Type: notebook.Raw, Metadata: notebook.Metadata{"format": []byte(`"text/html"`)}, Source: `<body onload="` + pwn("raw") + `"><img src=x onerror="` + pwn("raw-img") + `">`},
		{Type: notebook.Code, Source: "show()", ExecutionCount: &count, Metadata: notebook.Metadata{}, Outputs: []*notebook.Output{html, svg}},
		// Cell options and tags that the writers turn into summaries,
		// captions, alt text and anchors.
		{Type: notebook.Code, ExecutionCount: &count, Metadata: notebook.Metadata{"tags": []byte(`["hide-output"]`)}, Outputs: []*notebook.Output{svg},
			Source: "#| code-fold: true\n#| code-summary: |\n#|   <img src=x onerror=\"" + pwn("summary-option") + "\">\n" +
				"#| fig-cap: |\n#|   <img src=x onerror=\"" + pwn("caption") + "\"> $\\text{<img src=x onerror=" + pwn("caption-math") + ">}$ [a](javascript:" + pwn("caption-link") + ")\n" +
				"#| fig-alt: |\n#|   \" onerror=\"" + pwn("alt") + "\n#| label: fig-evil\nshow()"},
		{Type: notebook.Markdown, Metadata: notebook.Metadata{}, Source: "See @fig-evil and @fig-x\"onmouseover=\"" + pwn("ref") + "."},
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := notebook.WriteFile(path, nb); err != nil {
		t.Fatal(err)
	}
}

// pageState is what a page's scripts, if any ran, left behind.
type pageState struct {
	Pwned   []string `json:"pwned"`
	Trusted bool     `json:"trusted"`
}

// afterLoad waits a moment for late events (image errors, toggles), then
// reads the page's state.
const afterLoad = `new Promise(r => setTimeout(() => r({
  pwned: (window.__pwned || []).map(String),
  trusted: window.__trusted === 1,
}), 300))`

// TestBrowserHostile builds a site from hostile notebooks, untrusted, with
// names that are markup, and then one trusted notebook into the same site,
// and opens every page in headless Chromium: no script of an untrusted
// notebook runs, on its page or the index, no dialog opens, and nothing is
// requested off the machine. The trusted notebook's own script does run
// on its page, which shows the check can see a script that runs.
func TestBrowserHostile(t *testing.T) {
	exe := chromium(t)
	src := t.TempDir()
	out := t.TempDir()
	hostileNotebook(t, filepath.Join(src, "evil.ipynb"))
	// Names need no "/", so no closing tags; the payloads run as soon as
	// an element is made.
	names := []string{`<script>window.__pwned=['name-script']<!--`, `<img src=x onerror=window.__pwned=['name']>`,
		`<svg onload=window.__pwned=['name-svg']>`, `" onmouseover="x`, `javascript:window.__pwned=['name-link']`}
	for _, name := range names {
		notebooktest.WriteMarkdown(t, filepath.Join(src, name+".ipynb"), "Text with no heading, so the title is the name.")
	}
	s := &Site{Dir: out, MathFont: noFont(t)}
	if err := s.Build(context.Background(), []string{src}); err != nil {
		t.Fatal(err)
	}
	trusted := filepath.Join(t.TempDir(), "mine", "mine.ipynb")
	notebooktest.WriteMarkdown(t, trusted, `# Mine`+"\n\nMy trusted summary <img src=x onerror=\"window.__trusted=1\">.")
	s.Trust = true
	if err := s.Build(context.Background(), []string{trusted}); err != nil {
		t.Fatal(err)
	}

	ctx, requests := newBrowser(t, exe)
	checkDialogs := watchDialogs(ctx, t)
	pages := []string{filepath.Join(out, "index.html")}
	for _, link := range indexLinks(t, out) {
		u, err := url.PathUnescape(link[0])
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, filepath.Join(out, u))
	}
	if want := len(names) + 2; len(pages) != want+1 {
		t.Fatalf("index links %d pages, want %d and itself: %q", len(pages)-1, want, pages)
	}
	for _, p := range pages {
		u := (&url.URL{Scheme: "file", Path: p}).String()
		if err := chromedp.Do(ctx, chromedp.Navigate(u)); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		st, err := chromedp.Run(ctx, chromedp.Evaluate[pageState](afterLoad, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if len(st.Pwned) > 0 {
			t.Errorf("%s: script ran: %q", filepath.Base(p), st.Pwned)
		}
		mine := filepath.Base(p) == "mine.html"
		if st.Trusted != mine {
			t.Errorf("%s: the trusted notebook's script ran: %v, want %v", filepath.Base(p), st.Trusted, mine)
		}
	}
	checkDialogs()
	requests.check(t)
}

// watchDialogs accepts every JavaScript dialog the browser of ctx opens
// (starting it, if it has not started) and returns a function that fails
// the test if any opened: a dialog means script ran.
func watchDialogs(ctx context.Context, t *testing.T) (check func()) {
	var mu sync.Mutex
	var dialogs []string
	opened := chromedp.Events(ctx, page.JavascriptDialogOpening)
	go func() {
		for ev, err := range opened {
			if err != nil {
				return
			}
			mu.Lock()
			dialogs = append(dialogs, ev.Message)
			mu.Unlock()
			_, _ = chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: true})
		}
	}()
	return func() {
		t.Helper()
		mu.Lock()
		defer mu.Unlock()
		if len(dialogs) > 0 {
			t.Errorf("dialogs opened: %q", dialogs)
		}
	}
}
