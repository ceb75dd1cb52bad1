package site

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/grundylab/grundy/internal/htmltext"
	"github.com/grundylab/grundy/internal/notebooktest"
	"github.com/grundylab/grundy/pkg/report/manifest"
	"github.com/grundylab/grundy/pkg/report/markdown"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"golang.org/x/net/html"
)

// parseHTML parses the HTML file path.
func parseHTML(t *testing.T, path string) *html.Node {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// walk calls f for every element under n.
func walk(n *html.Node, f func(*html.Node)) {
	if n.Type == html.ElementNode {
		f(n)
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		walk(c, f)
	}
}

func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

// scripts returns what in a parsed page could run script: script
// elements, event handler attributes and javascript: URLs.
func scripts(doc *html.Node) []string {
	var found []string
	walk(doc, func(n *html.Node) {
		if n.Data == "script" {
			found = append(found, "<script>")
		}
		for _, a := range n.Attr {
			v := strings.ToLower(strings.TrimSpace(a.Val))
			if strings.HasPrefix(a.Key, "on") || strings.HasPrefix(v, "javascript:") {
				found = append(found, fmt.Sprintf("<%s %s=%q>", n.Data, a.Key, a.Val))
			}
		}
	})
	return found
}

// indexLinks returns the links of the index's list to the pages: href and
// text.
func indexLinks(t *testing.T, dir string) [][2]string {
	t.Helper()
	var links [][2]string
	walk(parseHTML(t, filepath.Join(dir, "index.html")), func(n *html.Node) {
		if n.Data != "ul" {
			return
		}
		if class, _ := attr(n, "class"); class != "index" {
			return
		}
		walk(n, func(h *html.Node) {
			if h.Data != "h2" {
				return
			}
			walk(h, func(a *html.Node) {
				if href, ok := attr(a, "href"); ok && a.Data == "a" {
					links = append(links, [2]string{href, htmltext.Text(a)})
				}
			})
		})
	})
	return links
}

// TestIndexIgnoresBuildTrust builds an untrusted notebook, then a trusted
// one into the same site: the index, rewritten by the trusted build, still
// shows the first notebook's summary sanitised, and a summary planted in a
// post's front matter too.
func TestIndexIgnoresBuildTrust(t *testing.T) {
	src := t.TempDir()
	out := t.TempDir()
	evil := filepath.Join(src, "evil", "evil.ipynb")
	notebooktest.WriteMarkdown(t, evil, "# Evil\n\nA summary <img src=x onerror=\"window.__pwned=1\"> with <svg onload=\"window.__pwned=2\"></svg> a [link](javascript:alert(1)).")
	trusted := filepath.Join(src, "mine", "mine.ipynb")
	notebooktest.WriteMarkdown(t, trusted, "# Mine\n\nMy <b class=\"big\" onclick=\"hello()\">trusted</b> summary.")
	s := &Site{Dir: out, MathFont: noFont(t)}
	if err := s.Build(context.Background(), []string{evil}); err != nil {
		t.Fatal(err)
	}
	planted := "---\ntitle: Planted\ndate: 2024-01-02 03:04:05\ndescription: '<img src=x onerror=alert(1)><script>alert(2)</script>'\n---\n\nbody\n"
	plant(t, out, "planted", planted)
	s.Trust = true
	if err := s.Build(context.Background(), []string{trusted}); err != nil {
		t.Fatal(err)
	}
	index := parseHTML(t, filepath.Join(out, "index.html"))
	if found := scripts(index); len(found) > 0 {
		t.Errorf("index.html runs script after a trusted build: %q", found)
	}
	text := htmltext.Text(index)
	for _, want := range []string{"Evil", "A summary", "Mine", "trusted", "Planted"} {
		if !strings.Contains(text, want) {
			t.Errorf("index lacks %q", want)
		}
	}
	if found := scripts(parseHTML(t, filepath.Join(out, "evil.html"))); len(found) > 0 {
		t.Errorf("the untrusted page runs script: %q", found)
	}
	// Trust stays a property of the trusted notebook's own page.
	if found := scripts(parseHTML(t, filepath.Join(out, "mine.html"))); !slices.Contains(found, `<b onclick="hello()">`) {
		t.Errorf("the trusted page lost its raw HTML: %q", found)
	}
}

// TestEveryNotebookGetsAPage builds notebooks whose names clash with the
// index or each other, or need escaping in a link, and follows every link
// of the index to its page.
func TestEveryNotebookGetsAPage(t *testing.T) {
	src := filepath.Join(t.TempDir(), "src")
	out := filepath.Join(t.TempDir(), "site")
	titled := map[string]string{
		"index.ipynb":    "The index notebook",
		"d1/same.ipynb":  "Same in d1",
		"d2/same.ipynb":  "Same in d2",
		"d3/Index.ipynb": "Index in d3",
	}
	untitled := []string{
		"a#b.ipynb", "what?.ipynb", "100%.ipynb", "100%25.ipynb", "two words.ipynb", "f(x).ipynb",
		"<script>alert(1)<!--.ipynb", "числа.ipynb", "javascript:alert(1).ipynb", "&amp;.ipynb",
		".hidden.ipynb", "...ipynb", ".ipynb", "x\"y'z.ipynb", "a\\b.ipynb",
	}
	var paths []string
	for rel, title := range titled {
		notebooktest.WriteMarkdown(t, filepath.Join(src, rel), "# "+title+"\n\nText.")
		paths = append(paths, filepath.Join(src, rel))
	}
	for _, name := range untitled {
		notebooktest.WriteMarkdown(t, filepath.Join(src, name), "Text with no heading.")
	}
	paths = append(paths, src)
	if err := (&Site{Dir: out, MathFont: noFont(t)}).Build(context.Background(), paths); err != nil {
		t.Fatal(err)
	}
	index := filepath.Join(out, "index.html")
	if !slices.ContainsFunc(listing(t, out), func(f string) bool { return strings.HasPrefix(f, "index.html ") }) {
		t.Fatal("no index.html")
	}
	base, err := url.Parse("file://" + filepath.ToSlash(index))
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, title := range titled {
		want = append(want, title)
	}
	for _, name := range untitled {
		// A notebook with no title is titled by its name; ".ipynb" has
		// none, and its page takes the name "_".
		want = append(want, cmp.Or(strings.TrimSuffix(name, ".ipynb"), "_"))
	}
	slices.Sort(want)
	var got []string
	pages := map[string]bool{}
	for _, link := range indexLinks(t, out) {
		href, text := link[0], link[1]
		got = append(got, text)
		u, err := url.Parse(href)
		if err != nil {
			t.Errorf("%q: href %q: %v", text, href, err)
			continue
		}
		if u.Scheme != "" || u.Fragment != "" || u.RawQuery != "" {
			t.Errorf("%q: href %q is not a relative path", text, href)
			continue
		}
		file := filepath.FromSlash(base.ResolveReference(u).Path)
		if filepath.Dir(file) != out {
			t.Errorf("%q: href %q leads to %s, outside the site", text, href, file)
			continue
		}
		if info, err := os.Stat(file); err != nil || !info.Mode().IsRegular() || file == index {
			t.Errorf("%q: href %q leads to no page of its own (%s)", text, href, file)
			continue
		}
		if pages[file] {
			t.Errorf("%q: page %s linked twice", text, file)
		}
		pages[file] = true
		if _, err := os.Stat(strings.TrimSuffix(file, ".html") + ".md"); err != nil {
			t.Errorf("%q: no post beside %s", text, file)
		}
		if !strings.Contains(htmltext.Text(parseHTML(t, file)), text) {
			t.Errorf("%q: page %s does not show its title", text, file)
		}
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("index lists\n%q\nwant\n%q", got, want)
	}
	for _, f := range listing(t, out) {
		if strings.HasPrefix(f, ".") && !strings.HasPrefix(f, manifest.Name+" ") {
			t.Errorf("hidden file %s in the site", f)
		}
	}
	// Nothing was written beside the site.
	entries, err := os.ReadDir(filepath.Dir(out))
	if err != nil || len(entries) != 1 {
		t.Errorf("the site's parent holds %v, %v", entries, err)
	}
}

// TestIndexEntries plants posts in a site, with a manifest that lists
// them: one with no title is listed by
// its name, one whose front matter cannot be read is left out with a
// warning, and the build goes on.
func TestIndexEntries(t *testing.T) {
	out := t.TempDir()
	posts := map[string]string{
		"untitled": "---\ntitle: ''\ndate: 2024-01-02 03:04:05\n---\n",
		"broken":   "---\ntitle: [\n---\n",
		"nodate":   "no front matter\n",
	}
	for name, text := range posts {
		plant(t, out, name, text)
	}
	var warnings []string
	s := &Site{Dir: out, MathFont: noFont(t), Warn: func(m string) { warnings = append(warnings, m) }}
	if err := s.Build(context.Background(), []string{copyNotebooks(t, "math.ipynb")}); err != nil {
		t.Fatal(err)
	}
	links := indexLinks(t, out)
	want := [][2]string{{"math.html", "Nim sums and the mex rule"}, {"untitled.html", "untitled"}}
	if !slices.Equal(links, want) {
		t.Errorf("index links %q, want %q", links, want)
	}
	if len(warnings) != 4 || !strings.Contains(warnings[1], "math.ipynb: cell 3") ||
		!strings.Contains(warnings[2], "broken.md") || !strings.Contains(warnings[3], "nodate.md") {
		t.Errorf("warnings %q, want the font's, the broken formula's and one for each unreadable post", warnings)
	}
}

// TestConcurrentBuilds renders into one folder from several builds at
// once: each waits for the others, none fails, and the site is whole.
func TestConcurrentBuilds(t *testing.T) {
	src := copyNotebooks(t, "outputs.ipynb", "math.ipynb")
	out := t.TempDir()
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	for range 4 {
		wg.Go(func() {
			for range 5 {
				errs <- (&Site{Dir: out, MathFont: noFont(t)}).Build(context.Background(), []string{src})
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	for _, f := range []string{"index.html", "math.md", "math.html", "outputs.md", "outputs.html"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("missing %s", f)
		}
	}
	if files := postFiles(t, out, "outputs"); len(files) == 0 {
		t.Error("outputs_files is empty")
	}
	for _, f := range listing(t, out) {
		if strings.HasPrefix(f, tmpPrefix) {
			t.Errorf("temporary %s left behind", f)
		}
	}
}

// TestNotAFont gives a text file as the math font: the build fails, saying
// so, and ships nothing.
func TestNotAFont(t *testing.T) {
	out := t.TempDir()
	passwd := filepath.Join(t.TempDir(), "passwd")
	if err := os.WriteFile(passwd, []byte("root:x:0:0:root:/root:/bin/bash\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := (&Site{Dir: out, MathFont: passwd}).Build(context.Background(), []string{copyNotebooks(t, "math.ipynb")})
	if err == nil || !strings.Contains(err.Error(), "math font "+passwd) {
		t.Errorf("error %v, want one naming the font file", err)
	}
	if _, err := os.Stat(filepath.Join(out, AssetsDir, MathFontFile)); err == nil {
		t.Error("a text file was shipped as the math font")
	}
}

// TestStaleTemporaryRemoved leaves what a killed build leaves in the
// site: the next build removes it.
func TestStaleTemporaryRemoved(t *testing.T) {
	out := t.TempDir()
	for _, dir := range []string{out, filepath.Join(out, AssetsDir)} {
		stale := filepath.Join(dir, ".render-tmp-123", "x_files")
		if err := os.MkdirAll(stale, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := (&Site{Dir: out, MathFont: noFont(t)}).Build(context.Background(), []string{copyNotebooks(t, "math.ipynb")}); err != nil {
		t.Fatal(err)
	}
	for _, f := range listing(t, out) {
		if strings.Contains(f, ".render-tmp-") {
			t.Errorf("stale %s left", f)
		}
	}
	for _, dir := range []string{out, filepath.Join(out, AssetsDir)} {
		if _, err := os.Stat(filepath.Join(dir, ".render-tmp-123")); err == nil {
			t.Errorf("stale folder left in %s", dir)
		}
	}
}

// TestFolderWithPatternCharacters renders a folder whose name holds the
// characters of a glob pattern.
func TestFolderWithPatternCharacters(t *testing.T) {
	src := filepath.Join(t.TempDir(), "[x]*?")
	notebooktest.WriteMarkdown(t, filepath.Join(src, "nb.ipynb"), "# Nb\n\nText.")
	out := t.TempDir()
	if err := (&Site{Dir: out, MathFont: noFont(t)}).Build(context.Background(), []string{src}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out, "nb.html")); err != nil {
		t.Error(err)
	}
}

// TestFilesStayInside gives write files whose paths leave the post's files
// folder: it refuses them and writes nothing.
func TestFilesStayInside(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "site")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	s := &Site{Dir: out}
	k := openTestKeeper(t, out)
	for _, p := range []string{"../evil.png", "x_files/../../evil.png", "/tmp/evil.png", "other_files/a.png", "x_files", "x_files/", "x_filesa/b.png"} {
		post := &markdown.Post{Text: []byte("post"), Files: []markdown.File{{Path: p, Data: []byte("data")}}}
		if err := s.write(k, "x.ipynb", "x", post, []byte("page"), nil); err == nil || !strings.Contains(err.Error(), "not inside x_files") {
			t.Errorf("file %q: error %v", p, err)
		}
	}
	if got := listing(t, parent); len(got) != 0 {
		t.Errorf("files written: %q", got)
	}
	post := &markdown.Post{Text: []byte("post"), Files: []markdown.File{{Path: "x_files/a/b.png", Data: []byte("data")}}}
	if err := s.write(k, "x.ipynb", "x", post, []byte("page"), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out, "x_files", "a", "b.png")); err != nil {
		t.Error(err)
	}
}

// TestNotebookTooLarge builds a folder holding a notebook file of 3 GB of
// zeros (sparse: no disk) beside a small one: the large one is refused by
// its size, named, before it is read (it took 3.2 GB of memory, and
// under a memory limit killed render with a stack dump), and the small
// one's page is written.
func TestNotebookTooLarge(t *testing.T) {
	src := t.TempDir()
	out := filepath.Join(t.TempDir(), "site")
	notebooktest.WriteMarkdown(t, filepath.Join(src, "small.ipynb"), "# Small")
	large := filepath.Join(src, "zeros.ipynb")
	if err := os.WriteFile(large, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(large, 3<<30); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	err := (&Site{Dir: out, MathFont: noFont(t)}).Build(context.Background(), []string{src})
	runtime.ReadMemStats(&after)
	if !errors.Is(err, notebook.ErrTooLarge) || !strings.Contains(err.Error(), "zeros.ipynb") {
		t.Fatalf("Build = %v, want the notebook of 3 GB named as too large", err)
	}
	if _, err := os.Stat(filepath.Join(out, "small.html")); err != nil {
		t.Errorf("the small notebook's page: %v", err)
	}
	if grown := after.TotalAlloc - before.TotalAlloc; grown > 64<<20 {
		t.Errorf("the build allocated %d MB", grown>>20)
	}
}
