package site

import (
	"context"
	"encoding/base64"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
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

const measure = `(async () => {
  await document.fonts.ready;
  try { await document.fonts.load('16px "Latin Modern Math"'); } catch (e) {}
  const maths = [...document.querySelectorAll('math')];
  const imgs = [...document.querySelectorAll('img')];
  const svgs = [...document.querySelectorAll('main svg')];
  const size = e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  return {
    math: maths.length,
    emptyMath: maths.filter(m => !size(m)).length,
    mathWidth: maths.reduce((w, m) => w + m.getBoundingClientRect().width, 0),
    images: imgs.length,
    brokenImages: imgs.filter(i => !i.complete || i.naturalWidth === 0 || !size(i)).length,
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
	s := &Site{Dir: out, Warn: func(msg string) { fontShipped = false; t.Log(msg) }}
	if err := s.Build(context.Background(), []string{src}); err != nil {
		t.Fatal(err)
	}
	if !fontShipped && os.Getenv("CI") != "" {
		t.Fatal("Latin Modern Math is missing; CI must install the Debian package fonts-lmodern")
	}

	alloc, cancel := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("hide-scrollbars", true), chromedp.UserDataDir(t.TempDir()),
	)
	defer cancel()
	var mu sync.Mutex
	var requests []string
	ctx, cancel := chromedp.NewContext(alloc, chromedp.WithListener(func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			mu.Lock()
			requests = append(requests, e.Request.URL)
			mu.Unlock()
		}
	}))
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 90*time.Second)
	defer cancel()

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
			if shots != "" {
				if err := chromedp.Do(ctx, chromedp.EmulateViewport(800, 1000)); err != nil {
					t.Fatal(err)
				}
				png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(shots, page+"-"+scheme+".png"), png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
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
	mu.Lock()
	defer mu.Unlock()
	if len(requests) == 0 {
		t.Fatal("no requests recorded; the listener saw nothing")
	}
	for _, r := range requests {
		if !strings.HasPrefix(r, "file://") && !strings.HasPrefix(r, "data:") {
			t.Errorf("request left the machine: %s", r)
		}
	}
	fonts := slices.ContainsFunc(requests, func(r string) bool { return strings.HasSuffix(r, MathFontFile) })
	if fontShipped && !fonts {
		t.Error("the pages never requested the shipped font")
	}
	t.Logf("%d requests, all local", len(requests))
}

func encode(b []byte) string {
	return base64.StdEncoding.EncodeToString(b)
}
