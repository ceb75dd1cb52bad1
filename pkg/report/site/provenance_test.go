package site

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/chromedp/chromedp"
	"github.com/grundylab/grundy/internal/browsertest"
	"github.com/grundylab/grundy/internal/notebooktest"
	"github.com/grundylab/grundy/pkg/report/jupyter/execute"
	"github.com/grundylab/grundy/pkg/report/markdown"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/runrecord"
	"golang.org/x/net/html"
)

func TestShellQuote(t *testing.T) {
	tests := []struct{ in, want string }{
		{"notebooks/pe459.ipynb", "notebooks/pe459.ipynb"},
		{"N=1000", "N=1000"},
		{"", "''"},
		{"my notebooks/a.ipynb", "'my notebooks/a.ipynb'"},
		{"T=it's", `'T=it'\''s'`},
		{"$(rm -rf ~)", "'$(rm -rf ~)'"},
		{"a`b`", "'a`b`'"},
		{"été.ipynb", "'été.ipynb'"},
		{"a\nb'c\\", `$'a\nb\'c\\'`},
		{"\x1b]0;x\x07", `$'\x1b]0;x\x07'`},
		{"\u0085\u2028", `$'\u0085\u2028'`},
	}
	for _, tt := range tests {
		if got := shellQuote(tt.in); got != tt.want {
			t.Errorf("shellQuote(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

// TestShellQuoteInShell gives quoted words to sh and bash, which must
// read each back as it was.
func TestShellQuoteInShell(t *testing.T) {
	words := []string{"plain", "two words", "it's", "$(touch pwned)", "`touch pwned`", "a\\b", "*", "~", "#c", "é"}
	bashWords := append(words, "line\nbreak", "\x1b[31mred\t", "quote'\nand\\")
	dir := t.TempDir()
	for _, sh := range []struct {
		name  string
		words []string
	}{{"sh", words}, {"bash", bashWords}} {
		if _, err := exec.LookPath(sh.name); err != nil {
			t.Logf("no %s", sh.name)
			continue
		}
		var script strings.Builder
		script.WriteString(`for w in`)
		for _, w := range sh.words {
			script.WriteString(" " + shellQuote(w))
		}
		script.WriteString(`; do printf '%s\0' "$w"; done`)
		cmd := exec.Command(sh.name, "-c", script.String())
		cmd.Dir = dir
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: %v", sh.name, err)
		}
		got := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
		if strings.Join(got, "|") != strings.Join(sh.words, "|") {
			t.Errorf("%s read back %q, want %q", sh.name, got, sh.words)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "pwned")); err == nil {
		t.Error("a quoted word ran a command")
	}
}

// runExecutor is an Executor that records a run as execute.Executor does,
// with the kernel and parameters given.
type runExecutor struct{ run runrecord.Run }

func (x *runExecutor) Execute(ctx context.Context, path string, nb *notebook.Notebook) (*notebook.Notebook, error) {
	out := nb.Clone()
	if err := out.Metadata.Set(runrecord.Key, x.run); err != nil {
		return nil, err
	}
	return out, nil
}

// hostileRun is a run whose kernel and parameters are markup and shell.
var hostileRun = runrecord.Run{
	Implementation: `<img src=x onerror="window.__pwned=['kernel']">`, ImplementationVersion: "1",
	Language: "<script>window.__pwned=['lang']</script>", LanguageVersion: "`x`",
	Start: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), Duration: 2500 * time.Millisecond,
	Params:      []execute.Param{{Name: "N", Value: "1000"}, {Name: "T", Value: `'; touch pwned; echo '</code><script>window.__pwned=['param']</script>`}},
	AllowErrors: true,
}

// TestRunProvenance checks that a page and its post say how the notebook
// ran, from the record its Executor left, with the command that runs it
// again quoted for a shell and every text escaped; and that a record the
// notebook brought is not believed.
func TestRunProvenance(t *testing.T) {
	src := t.TempDir()
	path := filepath.Join(src, "run.ipynb")
	nb := notebook.New()
	nb.Cells = []*notebook.Cell{{Type: notebook.Markdown, Source: "# Run", Metadata: notebook.Metadata{}}}
	forged := runrecord.Run{Implementation: "forged-kernel", Start: time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)}
	if err := nb.Metadata.Set(runrecord.Key, forged); err != nil {
		t.Fatal(err)
	}
	if err := notebook.WriteFile(path, nb); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	s := &Site{Dir: out, MathFont: noFont(t), Executor: &runExecutor{hostileRun}, Program: "go run ./cmd/render"}
	if err := s.Build(context.Background(), []string{path}); err != nil {
		t.Fatal(err)
	}
	wantCommand := `go run ./cmd/render -allow-errors -p N=1000 -p 'T='\''; touch pwned; echo '\''</code><script>window.__pwned=['\''param'\'']</script>' run.ipynb`
	doc := parseHTML(t, filepath.Join(out, "run.html"))
	var codes, dds []string
	walk(doc, func(n *html.Node) {
		switch {
		case n.Data == "code" && n.FirstChild != nil:
			codes = append(codes, n.FirstChild.Data)
		case n.Data == "dd":
			var b strings.Builder
			walk(n, func(c *html.Node) {
				for t := c.FirstChild; t != nil; t = t.NextSibling {
					if t.Type == html.TextNode {
						b.WriteString(t.Data)
					}
				}
			})
			dds = append(dds, b.String())
		case n.Data == "script" || n.Data == "img":
			t.Errorf("<%s> on the page", n.Data)
		}
	})
	if len(codes) == 0 || codes[len(codes)-1] != wantCommand {
		t.Errorf("command %q, want %q", codes, wantCommand)
	}
	all := strings.Join(dds, "\n")
	for _, want := range []string{`<img src=x onerror="window.__pwned=['kernel']"> 1, <script>window.__pwned=['lang']</script> ` + "`x`", "2026-01-02 03:04 UTC, took 2.5 s"} {
		if !strings.Contains(all, want) {
			t.Errorf("the page's provenance lacks %q:\n%s", want, all)
		}
	}
	if strings.Contains(all, "forged") {
		t.Errorf("the notebook's own record was believed:\n%s", all)
	}

	post, err := os.ReadFile(filepath.Join(out, "run.md"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := markdown.ReadFrontMatter(post); err != nil {
		t.Errorf("front matter: %v", err)
	}
	if !bytes.Contains(post, []byte("- Reproduce: ``"+wantCommand+"`` (in the notebook's folder)")) && !bytes.Contains(post, []byte("- Reproduce: `"+wantCommand+"` (in the notebook's folder)")) {
		t.Errorf("the post does not give the command:\n%s", post)
	}

	// Without an Executor the page says the outputs are the stored ones,
	// whatever the notebook claims.
	s.Executor = nil
	if err := s.Build(context.Background(), []string{path}); err != nil {
		t.Fatal(err)
	}
	page, _ := os.ReadFile(filepath.Join(out, "run.html"))
	if !bytes.Contains(page, []byte("<dt>Outputs</dt><dd>as stored in the notebook")) || bytes.Contains(page, []byte("forged")) ||
		!bytes.Contains(page, []byte("<code>go run ./cmd/render -execute never run.ipynb</code>")) {
		_, end, _ := bytes.Cut(page, []byte("</main>"))
		t.Errorf("page of stored outputs:\n%s", end)
	}
}

// TestBrowserHostileProvenance opens in headless Chromium the page of a
// notebook whose name, kernel and parameters are markup, run by an
// Executor: no script runs and nothing is requested off the machine.
func TestBrowserHostileProvenance(t *testing.T) {
	src := t.TempDir()
	name := filepath.Join(src, `<svg onload=window.__pwned=['name']>.ipynb`)
	notebooktest.WriteMarkdown(t, name, "A notebook with no title.")
	out := t.TempDir()
	s := &Site{Dir: out, MathFont: noFont(t), Executor: &runExecutor{hostileRun}}
	if err := s.Build(context.Background(), []string{name}); err != nil {
		t.Fatal(err)
	}
	pages, _ := filepath.Glob(filepath.Join(out, "*.html"))
	if len(pages) != 2 {
		t.Fatalf("pages %q, want the notebook's and the index", pages)
	}
	b := browsertest.Start(t, 90*time.Second)
	ctx := b.Context()
	for _, p := range pages {
		if err := chromedp.Do(ctx, chromedp.Navigate(browsertest.FileURL(p))); err != nil {
			t.Fatal(err)
		}
		st, err := chromedp.Run(ctx, chromedp.Evaluate[pageState](afterLoad, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		if len(st.Pwned) > 0 {
			t.Errorf("%s: script ran: %q", filepath.Base(p), st.Pwned)
		}
	}
	page := pages[0]
	if filepath.Base(page) == IndexName+".html" {
		page = pages[1]
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(browsertest.FileURL(page))); err != nil {
		t.Fatal(err)
	}
	text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("footer.provenance").innerText`))
	if err != nil || !strings.Contains(text, `'; touch pwned; echo '</code><script>window.__pwned=['param']</script>`) {
		t.Errorf("the provenance does not show the parameter as text: %q, %v", text, err)
	}
	checkRequests(t, b)
}

// unquote reads back a word written by shellQuote, as a shell would.
func unquote(t *testing.T, q string) string {
	t.Helper()
	switch {
	case strings.HasPrefix(q, "$'"):
		var b strings.Builder
		s := strings.TrimSuffix(strings.TrimPrefix(q, "$'"), "'")
		for i := 0; i < len(s); i++ {
			if s[i] != '\\' {
				b.WriteByte(s[i])
				continue
			}
			i++
			switch s[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'x':
				var c byte
				fmt.Sscanf(s[i+1:i+3], "%02x", &c)
				b.WriteByte(c)
				i += 2
			case 'u':
				var r rune
				fmt.Sscanf(s[i+1:i+5], "%04x", &r)
				b.WriteRune(r)
				i += 4
			default:
				b.WriteByte(s[i])
			}
		}
		return b.String()
	case strings.HasPrefix(q, "'"):
		return strings.ReplaceAll(q[1:len(q)-1], `'\''`, "'")
	}
	return q
}

// FuzzShellQuote checks that a quoted word reads back as it was and
// carries no control character a terminal or a shell would act on.
func FuzzShellQuote(f *testing.F) {
	for _, s := range []string{"", "N=1", "it's", "a\nb", "\x1b]0;t\x07", "\u0085", "é", `\'`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return // parameters and paths shown are UTF-8
		}
		q := shellQuote(s)
		if strings.IndexFunc(q, func(r rune) bool { return r < 0x20 || r >= 0x7f && r < 0xa0 || r == '\u2028' || r == '\u2029' }) >= 0 {
			t.Fatalf("shellQuote(%q) = %q holds a control character", s, q)
		}
		if got := unquote(t, q); got != s {
			t.Fatalf("shellQuote(%q) = %s reads back as %q", s, q, got)
		}
	})
}
