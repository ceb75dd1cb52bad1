package site

import (
	"bytes"
	"context"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"
)

// foldState is what the browser finds of a folded part: whether it is
// open, whether the text inside is rendered (a closed <details> keeps
// its content laid out but skips it, so its size alone does not tell)
// and how tall it is.
type foldState struct {
	Open   bool    `json:"open"`
	Shown  bool    `json:"shown"`
	Height float64 `json:"height"`
	Text   string  `json:"text"`
}

// foldOf returns a script that reports the fold of the <details> the
// selector finds, by the <pre> inside it.
func foldOf(sel string) string {
	return `(() => {
  const d = document.querySelector(` + jsString(sel) + `);
  const pre = d.querySelector('pre');
  return {open: d.open, shown: pre.checkVisibility(), height: pre.getBoundingClientRect().height, text: pre.textContent};
})()`
}

func jsString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, "'", `\'`).Replace(s) + "'"
}

// figureState is what the browser finds of the figures of a page.
type figureState struct {
	Images     int      `json:"images"`
	Alts       []string `json:"alts"`
	Unfigured  int      `json:"unfigured"`
	Captions   []string `json:"captions"`
	TabSize    string   `json:"tabSize"`
	Pwned      []string `json:"pwned"`
	BrokenImgs int      `json:"brokenImgs"`
}

const figures = `(async () => {
  const loaded = ` + imageDecoded + `;
  const imgs = [...document.querySelectorAll('main img, body > img, p img, figure img')];
  return {
    images: imgs.length,
    alts: imgs.map(i => i.getAttribute('alt')),
    unfigured: [...document.querySelectorAll('main img')].filter(i => !i.closest('figure')).length,
    captions: [...document.querySelectorAll('figcaption, p:has(img) + p > em:only-child')].map(c => c.textContent),
    tabSize: getComputedStyle(document.querySelector('pre')).tabSize,
    pwned: (window.__pwned || []).map(String),
    brokenImgs: (await Promise.all(imgs.map(loaded))).filter(ok => !ok).length,
  };
})()`

// targetState is where a link to a figure took the reader.
type targetState struct {
	Hash   string  `json:"hash"`
	Target string  `json:"target"`
	Top    float64 `json:"top"`
	AtEnd  bool    `json:"atEnd"`
}

func targetOf(id string) string {
	return `(() => {
  const t = document.querySelector(':target');
  const el = document.getElementById(` + jsString(id) + `);
  return {
    hash: location.hash,
    target: t ? t.tagName.toLowerCase() + '#' + t.id : '',
    top: el.getBoundingClientRect().top,
    atEnd: Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight,
  };
})()`
}

// TestBrowserConventions opens the page and the post (as goldmark with
// raw HTML reads it) of a notebook that uses the writers' conventions in
// headless Chromium, and clicks as a reader does: a folded part opens
// with one click on its summary and shows its text, the rest of a long
// output likewise, every image is in a figure with real alt text and the
// numbered ones have their captions, a reference to a figure takes the
// reader to it, tabs are four columns wide, and no script runs.
func TestBrowserConventions(t *testing.T) {
	exe := chromium(t)
	src := copyNotebooks(t, "conventions.ipynb")
	out := t.TempDir()
	s := &Site{Dir: out, MathFont: noFont(t)}
	if err := s.Build(context.Background(), []string{src}); err != nil {
		t.Fatal(err)
	}
	post, err := os.ReadFile(filepath.Join(out, "conventions.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, body, _ := bytes.Cut(bytes.TrimPrefix(post, []byte("---\n")), []byte("\n---\n"))
	var blog bytes.Buffer
	blog.WriteString("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>post</title></head><body>\n")
	engine := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(html.WithUnsafe()))
	if err := engine.Convert(body, &blog); err != nil {
		t.Fatal(err)
	}
	blog.WriteString("</body></html>\n")
	if err := os.WriteFile(filepath.Join(out, "post.html"), blog.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}

	ctx, requests := newBrowser(t, exe)
	shots := os.Getenv("GRUNDY_SCREENSHOTS")
	for _, tt := range []struct {
		page, fold, more, figure string
	}{
		{"conventions.html", "details.fold.source", "details.more", "figure#fig-values"},
		{"post.html", "details", "details:nth-of-type(2)", "a#fig-values"},
	} {
		u := (&url.URL{Scheme: "file", Path: filepath.Join(out, tt.page)}).String()
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(800, 500), chromedp.Navigate(u)); err != nil {
			t.Fatalf("%s: %v", tt.page, err)
		}
		for _, sel := range []string{tt.fold, tt.more} {
			before, err := chromedp.Run(ctx, chromedp.Evaluate[foldState](foldOf(sel)))
			if err != nil {
				t.Fatalf("%s: %s: %v", tt.page, sel, err)
			}
			if before.Open || before.Shown {
				t.Errorf("%s: %s starts open, or its text shows: %+v", tt.page, sel, before)
			}
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel+" > summary"))); err != nil {
				t.Fatalf("%s: clicking %s: %v", tt.page, sel, err)
			}
			after, err := chromedp.Run(ctx, chromedp.Evaluate[foldState](foldOf(sel)))
			if err != nil {
				t.Fatal(err)
			}
			if !after.Open || !after.Shown || after.Height < 10 || after.Text == "" {
				t.Errorf("%s: one click on %s leaves %+v, want it open with its text shown", tt.page, sel, after)
			}
		}
		if strings.Contains(tt.page, "conventions") {
			st, err := chromedp.Run(ctx, chromedp.Evaluate[foldState](foldOf("details.more")))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(st.Text, "row 21\t<b>441</b>") || !strings.HasSuffix(st.Text, "</pre></code> the end") {
				t.Errorf("the rest of the long output reads %q", st.Text)
			}
		}

		f, err := chromedp.Run(ctx, chromedp.Evaluate[figureState](figures, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %+v", tt.page, f)
		if f.Images != 3 || f.BrokenImgs != 0 {
			t.Errorf("%s: %d images, %d broken; want 3 that load", tt.page, f.Images, f.BrokenImgs)
		}
		for _, alt := range f.Alts {
			if strings.TrimSpace(alt) == "" || strings.EqualFold(alt, "output") {
				t.Errorf("%s: alt text %q", tt.page, alt)
			}
		}
		if len(f.Alts) > 0 && f.Alts[0] != "A bar chart of the values" {
			t.Errorf("%s: first alt %q, want the fig-alt option's", tt.page, f.Alts[0])
		}
		if len(f.Captions) != 2 || !strings.HasPrefix(f.Captions[0], "Figure 1: Grundy values") || f.Captions[1] != "Figure 2: The sequence & its period" {
			t.Errorf("%s: captions %q", tt.page, f.Captions)
		}
		if tt.page == "conventions.html" {
			if f.Unfigured != 0 {
				t.Errorf("%s: %d images outside a figure", tt.page, f.Unfigured)
			}
			if f.TabSize != "4" {
				t.Errorf("%s: tab-size %q, want 4", tt.page, f.TabSize)
			}
		}
		if len(f.Pwned) > 0 {
			t.Errorf("%s: script ran: %q", tt.page, f.Pwned)
		}

		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("window.scrollTo(0, document.documentElement.scrollHeight), true")); err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`a[href="#fig-values"]`))); err != nil {
			t.Fatalf("%s: clicking the reference: %v", tt.page, err)
		}
		target, err := chromedp.Run(ctx, chromedp.Evaluate[targetState](targetOf("fig-values")))
		if err != nil {
			t.Fatal(err)
		}
		if target.Hash != "#fig-values" || target.Target != tt.figure || (target.Top < -1 || target.Top > 1) && !target.AtEnd {
			t.Errorf("%s: the reference led to %+v, want %s at the top of the window", tt.page, target, tt.figure)
		}
		screenshot(t, ctx, shots, strings.TrimSuffix(tt.page, ".html")+"-opened")
	}
	requests.check(t)
}
