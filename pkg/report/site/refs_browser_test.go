package site

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/grundylab/grundy/internal/browsertest"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	gmhtml "github.com/yuin/goldmark/renderer/html"
)

// hostileRefsNotebook writes an untrusted notebook whose labels, targets,
// references, roles, citation keys and .bib fields are markup and script,
// with a label of 10 kB and thousands of references, beside its .bib.
func hostileRefsNotebook(t *testing.T, dir string) {
	t.Helper()
	img := func(label string) string { return `<img src=x onerror="` + pwn(label) + `">` }
	bibText := "@book{ok,\n  author = {Knuth, Donald E.},\n  title = {" + img("bib-title") + ` <script>` + pwn("bib-script") + `</script>},` +
		"\n  publisher = {A},\n  year = {1984},\n  url = {javascript:" + pwn("bib-url") + "}\n}\n" +
		"@book{k\"><script>" + pwn("bib-key") + "</script>,\n  author = {X},\n  title = {T},\n  year = {2000}\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "refs.bib"), []byte(bibText), 0o644); err != nil {
		t.Fatal(err)
	}
	huge := "eq-" + strings.Repeat("a", 10_000)
	md := strings.Join([]string{
		"## Intro {#sec-\"><script>" + pwn("heading-id") + "</script>}",
		"## Styled {style=\"background:url(https://example.com/h.png)\" onclick=\"" + pwn("heading-attr") + "\"}",
		"(\"><img src=x onerror=" + pwn("target") + ">)=\n## Targeted",
		"$$ x $$ {#eq-\"><script>" + pwn("eq-label") + "</script>}",
		"$$ y $$ {#" + huge + "}",
		"$$ z \\label{\"><img src=x onerror=" + pwn("tex-label") + ">} $$",
		"| a |\n|---|\n| 1 |\n\n: " + img("caption") + " {#tbl-\"onmouseover=" + pwn("tbl") + "}",
		"See @fig-\"><script>" + pwn("ref") + "</script> and {ref}`" + img("role") + " <x>` and {numref}`" + img("numref") + " %s <sec-x>` and " +
			"[](#\"><script>" + pwn("link") + "</script>) and \\eqref{" + img("eqref") + "} and @" + huge + ".",
		"Cite [@ok], [see " + img("prefix") + " @ok, " + img("suffix") + "], @k\"><script>" + pwn("cite-key") + "</script> and {cite:t}`" + img("cite-role") + "`.",
		strings.Repeat("@fig-none ", 2000) + strings.Repeat("[@nobody; @ok] ", 1000),
	}, "\n\n")
	nb := notebook.New()
	nb.Cells = []*notebook.Cell{
		{Type: notebook.Raw, Metadata: notebook.Metadata{}, Source: "---\ntitle: Hostile references\nbibliography: refs.bib\n---\n"},
		{Type: notebook.Markdown, Metadata: notebook.Metadata{}, Source: md},
	}
	if err := notebook.WriteFile(filepath.Join(dir, "refs.ipynb"), nb); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserHostileRefs renders the notebook into a page and a post,
// converts the post as a blog would (raw HTML on) and opens both in
// headless Chromium: no script runs, nothing is requested off the
// machine, the unresolved references are marked, and the bibliography's
// markup is text in the references.
func TestBrowserHostileRefs(t *testing.T) {
	src, out := t.TempDir(), t.TempDir()
	hostileRefsNotebook(t, src)
	var warnings []string
	s := &Site{Dir: out, MathFont: noFont(t), Warn: func(msg string) { warnings = append(warnings, msg) }}
	start := time.Now()
	if err := s.Build(context.Background(), []string{src}); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("build took %v", d)
	}
	if !strings.Contains(strings.Join(warnings, "\n"), "more references to no target") {
		t.Errorf("no warning of the unresolved references: %q", warnings)
	}
	post, err := os.ReadFile(filepath.Join(out, "refs.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, body, ok := bytes.Cut(bytes.TrimPrefix(post, []byte("---\n")), []byte("\n---\n"))
	if !ok {
		t.Fatalf("no front matter:\n%s", post)
	}
	var converted bytes.Buffer
	blog := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(gmhtml.WithUnsafe()))
	if err := blog.Convert(body, &converted); err != nil {
		t.Fatal(err)
	}
	postPage := filepath.Join(out, "refs-post.html")
	if err := os.WriteFile(postPage, []byte("<!doctype html><meta charset=utf-8><body>"+converted.String()+"</body>"), 0o644); err != nil {
		t.Fatal(err)
	}
	b := browsertest.Start(t, 90*time.Second)
	ctx := b.Context()
	type state struct {
		Pwned []string `json:"pwned"`
		Text  string   `json:"text"`
		Marks int      `json:"marks"`
	}
	const read = `new Promise(r => setTimeout(() => r({
  pwned: (window.__pwned || []).map(String),
  text: document.body.innerText,
  marks: document.querySelectorAll('mark.ref-missing, mark.cite-missing').length,
}), 300))`
	for _, p := range []string{filepath.Join(out, "refs.html"), postPage} {
		if err := chromedp.Do(ctx, chromedp.Navigate(browsertest.FileURL(p))); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		st, err := chromedp.Run(ctx, chromedp.Evaluate[state](read, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		name := filepath.Base(p)
		if len(st.Pwned) > 0 {
			t.Errorf("%s: script ran: %q", name, st.Pwned)
		}
		if st.Marks < 3000 {
			t.Errorf("%s: %d marked references, want at least 3000", name, st.Marks)
		}
		// The .bib's markup is text, in title case as its title.
		for _, want := range []string{"?@fig-none", "Knuth, Donald E. 1984.", "Onerror="} {
			if !strings.Contains(st.Text, want) {
				t.Errorf("%s: text lacks %q", name, want)
			}
		}
		if p != postPage {
			checkRequests(t, b)
		}
	}
	checkDialogs(t, b)
}
