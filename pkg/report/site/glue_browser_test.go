package site

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/grundylab/grundy/internal/browsertest"
	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	gmhtml "github.com/yuin/goldmark/renderer/html"
)

// pwn returns script that adds label to window.__pwned when it runs.
func pwn(label string) string {
	return `(window.__pwned=(window.__pwned||[]).concat('` + label + `'))`
}

// hostileGlueNotebook writes an untrusted notebook whose glued values
// (hidden, as MyST-NB's glue(..., display=False) writes them) are script
// in every form a role or directive can quote: text, HTML, Markdown,
// LaTeX, SVG; its names, options and missing names are markup too.
func hostileGlueNotebook(t *testing.T, path string) {
	t.Helper()
	glued := func(name string, data map[string]string) *notebook.Output {
		o := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}, Metadata: notebook.Metadata{}}
		for mime, v := range data {
			o.Data.SetText(report.GluePrefix+mime, v)
		}
		raw, err := json.Marshal(map[string]string{"name": name, "mime_prefix": report.GluePrefix})
		if err != nil {
			t.Fatal(err)
		}
		o.Metadata["scrapbook"] = raw
		return o
	}
	img := func(label string) string { return `<img src=x onerror="` + pwn(label) + `">` }
	outs := []*notebook.Output{
		glued("plain", map[string]string{"text/plain": `<script>` + pwn("plain-script") + `</script>` + img("plain-img") +
			` $x$ *not em* [l](javascript:` + pwn("plain-link") + `) https://example.com/plain.png`}),
		glued("html", map[string]string{"text/html": `<script>` + pwn("html-script") + `</script>` + img("html-img") +
			`<svg onload="` + pwn("html-svg") + `"></svg><iframe src="https://example.com/frame"></iframe>` +
			`<img src="https://example.com/html.png"><a href="javascript:` + pwn("html-link") + `">a</a>` +
			`<b>*bold* $y$ <i>` + "`code`" + `</i></b>`, "text/plain": "html"}),
		glued("md", map[string]string{"text/markdown": `**md** <script>` + pwn("md-script") + `</script>` + img("md-img") +
			` [x](javascript:` + pwn("md-link") + `) ![r](https://example.com/md.png)`}),
		glued("tex", map[string]string{"text/latex": `$\text{<img src=x onerror="` + pwn("tex") + `">} x$`}),
		glued("svg", map[string]string{"image/svg+xml": `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="` + pwn("svg-onload") + `">` +
			`<script>` + pwn("svg-script") + `</script><image href="https://example.com/svg.png"/><rect width="10" height="10"/></svg>`}),
		glued(`<img src=x onerror="`+pwn("name")+`">`, map[string]string{"text/plain": "named"}),
	}
	md := strings.Join([]string{
		"Roles: {glue}`plain`, {glue:text}`plain`, {glue:text}`plain:>300`, {glue}`html`, {glue:md}`md`, {glue}`md`, " +
			"{glue:math}`tex`, {glue}`tex`, {glue}`svg`, {glue}`<img src=x onerror=\"" + pwn("name-role") + "\">`, " +
			"{glue}`<script>" + pwn("missing") + "</script>`.",
		"{glue:text}`plain` starts a line.",
		"```{glue} html\n```",
		"```{glue:md} md\n```",
		"```{glue:math} tex\n:label: x\" onmouseover=\"" + pwn("label") + "\n```",
		"```{glue:figure} svg\n:alt: \" onerror=\"" + pwn("alt") + "\n:name: \"><script>" + pwn("fig-name") + "</script>\n\nCaption {glue}`html` " + img("caption") + "\n```",
		"```{glue} <script>" + pwn("missing-directive") + "</script>\n```",
	}, "\n\n")
	count := 1
	nb := notebook.New()
	nb.Metadata["title"] = []byte(`"Hostile glue"`)
	nb.Cells = []*notebook.Cell{
		{Type: notebook.Markdown, Metadata: notebook.Metadata{}, Source: md},
		{Type: notebook.Code, Source: "glue()", ExecutionCount: &count, Metadata: notebook.Metadata{}, Outputs: outs},
	}
	if err := notebook.WriteFile(path, nb); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserHostileGlue renders an untrusted notebook with hostile glue
// into a page and a post, converts the post as a blog would (GitHub's
// Markdown, raw HTML on) and opens both in headless Chromium: no script
// runs, no dialog opens, the page requests nothing off the machine, and
// the glued text is there to read, as text. A script added to the post's
// page by the test itself runs, which shows the check sees one.
func TestBrowserHostileGlue(t *testing.T) {
	src, out := t.TempDir(), t.TempDir()
	hostileGlueNotebook(t, filepath.Join(src, "glue.ipynb"))
	var warnings []string
	s := &Site{Dir: out, MathFont: noFont(t), Warn: func(msg string) { warnings = append(warnings, msg) }}
	if err := s.Build(context.Background(), []string{src}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`glue: no value is glued as "<script>`, "glue: the {glue:figure} directive's :name: \"\\\"><script>",
		"glue: the {glue:math} directive's label \"x\\\" onmouseover="} {
		if !strings.Contains(strings.Join(warnings, "\n"), want) {
			t.Errorf("no warning %s...: %q", want, warnings)
		}
	}
	post, err := os.ReadFile(filepath.Join(out, "glue.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, body, ok := bytes.Cut(bytes.TrimPrefix(post, []byte("---\n")), []byte("\n---\n"))
	if !ok {
		t.Fatalf("no front matter:\n%s", post)
	}
	blog := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(gmhtml.WithUnsafe()))
	var converted bytes.Buffer
	if err := blog.Convert(body, &converted); err != nil {
		t.Fatal(err)
	}
	control := `<img id="control" src=x onerror="window.__control=1">`
	postPage := filepath.Join(out, "glue-post.html")
	if err := os.WriteFile(postPage, []byte("<!doctype html><meta charset=utf-8><body>"+converted.String()+control+"</body>"), 0o644); err != nil {
		t.Fatal(err)
	}

	b := browsertest.Start(t, 90*time.Second)
	ctx := b.Context()
	type state struct {
		Pwned   []string `json:"pwned"`
		Control bool     `json:"control"`
		Text    string   `json:"text"`
		Marks   int      `json:"marks"`
	}
	const read = `new Promise(r => setTimeout(() => r({
  pwned: (window.__pwned || []).map(String),
  control: window.__control === 1,
  text: document.body.innerText,
  marks: document.querySelectorAll('mark.glue-missing').length,
}), 300))`
	for _, p := range []string{filepath.Join(out, "glue.html"), postPage} {
		u := browsertest.FileURL(p)
		if err := chromedp.Do(ctx, chromedp.Navigate(u)); err != nil {
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
		if isPost := p == postPage; st.Control != isPost {
			t.Errorf("%s: the test's own script ran: %v, want %v", name, st.Control, isPost)
		}
		// The glued text is shown as text, markup and all; so are the
		// missing names, marked.
		for _, want := range []string{`<script>` + pwn("plain-script") + `</script>`, `$x$ *not em* [l](javascript:`, "*bold* $y$ `code`", "starts a line"} {
			if !strings.Contains(st.Text, want) {
				t.Errorf("%s: text lacks %q:\n%s", name, want, st.Text)
			}
		}
		if st.Marks != 3 {
			t.Errorf("%s: %d marked roles, want 3 (two missing names, one missing directive)", name, st.Marks)
		}
		if p != postPage {
			// The post keeps the remote images of Markdown, glued or
			// not, as it keeps those of every Markdown cell and output:
			// whether to load them is the blog's choice. The page never
			// loads one.
			checkRequests(t, b)
		}
	}
	checkDialogs(t, b)
}
