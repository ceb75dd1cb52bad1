package site

import (
	"context"
	"encoding/xml"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/grundylab/grundy/internal/notebooktest"
	"github.com/grundylab/grundy/pkg/report/siteconf"
)

// writeDated writes the notebook name in dir with front matter of a
// date, and more lines of it, and a heading.
func writeDated(t *testing.T, dir, name, date, more string) {
	t.Helper()
	notebooktest.WriteMarkdown(t, filepath.Join(dir, name+".ipynb"),
		"---\ntitle: Page "+name+"\ndate: "+date+"\n"+more+"---", "Text of "+name+".")
}

// hrefs returns the targets of the index's links, in order.
func hrefs(t *testing.T, dir string) []string {
	var out []string
	for _, l := range indexLinks(t, dir) {
		out = append(out, l[0])
	}
	return out
}

// TestSiteOrders builds a blog (by date, newest first) and a course (in
// the order its settings list), and checks that the index and the links
// between pages follow it.
func TestSiteOrders(t *testing.T) {
	src := t.TempDir()
	writeDated(t, src, "a", "2024-01-01", "")
	writeDated(t, src, "b", "2025-06-01", "")
	writeDated(t, src, "c", "2024-09-01", "")
	writeDated(t, src, "d", "2024-09-01", "")
	tests := []struct {
		name  string
		order siteconf.Order
		pages []string
		want  []string
	}{
		{"name", siteconf.ByName, nil, []string{"a", "b", "c", "d"}},
		{"blog", siteconf.ByDate, nil, []string{"b", "c", "d", "a"}},
		// A course lists c and a (as a text notebook's name would be);
		// the others follow by name.
		{"course", siteconf.Listed, []string{filepath.Join(src, "c.md"), filepath.Join(src, "a.ipynb"), filepath.Join(src, "gone.ipynb")}, []string{"c", "a", "b", "d"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := t.TempDir()
			s := &Site{Dir: out, MathFont: noFont(t), Order: tt.order, Pages: tt.pages}
			if err := s.Build(context.Background(), []string{src}); err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, n := range tt.want {
				want = append(want, n+".html")
			}
			if got := hrefs(t, out); !slices.Equal(got, want) {
				t.Errorf("index lists %q, want %q", got, want)
			}
			for i, w := range want {
				prev, next := pager(t, filepath.Join(out, w))
				wantPrev, wantNext := "", ""
				if i > 0 {
					wantPrev = want[i-1]
				}
				if i+1 < len(want) {
					wantNext = want[i+1]
				}
				if prev != wantPrev || next != wantNext {
					t.Errorf("%s links %q and %q, want %q and %q", w, prev, next, wantPrev, wantNext)
				}
			}
		})
	}
}

// TestSiteSettings builds a site with a URL, authors, a description, an
// image and a stylesheet, and checks the feed, the head tags, the posts'
// front matter, and that a build without them removes the feed and the
// stylesheet it wrote, and no file of the user's.
func TestSiteSettings(t *testing.T) {
	src := t.TempDir()
	hostile := `"><script>alert(1)</script>`
	writeDated(t, src, "old", "2024-01-01", "author: Ada\ndescription: Old "+hostile+"\n")
	writeDated(t, src, "new", "2025-01-01", "image: card.png\n")
	if err := os.WriteFile(filepath.Join(src, "card.png"), []byte("\x89PNG\r\n\x1a\nfake"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	s := &Site{
		Dir: out, MathFont: noFont(t), Title: "Games " + hostile, URL: "https://example.org/g/",
		Description: "About games", Authors: []string{"Site Author"}, Order: siteconf.ByDate,
		Stylesheet: []byte("body { color: teal }\n"),
	}
	if err := s.Build(context.Background(), []string{src}); err != nil {
		t.Fatal(err)
	}
	read := func(name string) string {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	if got := read(StylesheetFile); got != "body { color: teal }\n" {
		t.Errorf("stylesheet %q", got)
	}

	// The feed: valid XML, newest first, absolute links, text escaped (a
	// summary is plain text: the description's markup is gone).
	var feed struct {
		ID      string `xml:"id"`
		Title   string `xml:"title"`
		Entries []struct {
			ID      string   `xml:"id"`
			Title   string   `xml:"title"`
			Summary string   `xml:"summary"`
			Authors []string `xml:"author>name"`
		} `xml:"entry"`
	}
	raw := read(FeedFile)
	if err := xml.Unmarshal([]byte(raw), &feed); err != nil {
		t.Fatalf("feed: %v\n%s", err, raw)
	}
	if strings.Contains(raw, "<script") {
		t.Errorf("feed holds markup of the notebooks:\n%s", raw)
	}
	if feed.ID != "https://example.org/g/" || feed.Title != "Games "+hostile || len(feed.Entries) != 2 {
		t.Fatalf("feed %+v", feed)
	}
	if e := feed.Entries[0]; e.ID != "https://example.org/g/new.html" || !slices.Equal(e.Authors, []string{"Site Author"}) {
		t.Errorf("first entry %+v, want the newest, by the site's author", e)
	}
	if e := feed.Entries[1]; e.ID != "https://example.org/g/old.html" || e.Summary != `Old ">alert(1)` || !slices.Equal(e.Authors, []string{"Ada"}) {
		t.Errorf("second entry %+v", e)
	}

	index := read("index.html")
	page := read("new.html")
	post := read("new.md")
	for _, c := range []struct{ file, text, want string }{
		{"index.html", index, `<link rel="alternate" type="application/atom+xml" title="Games &#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" href="feed.xml">`},
		{"index.html", index, `<meta name="description" content="About games">`},
		{"index.html", index, `<link rel="stylesheet" href="assets/site.css">`},
		{"index.html", index, `<span class="author">Ada</span>`},
		{"new.html", page, `<meta property="og:url" content="https://example.org/g/new.html">`},
		{"new.html", page, `<meta property="og:image" content="https://example.org/g/new_files/`},
		{"new.html", page, `<meta name="author" content="Site Author">`},
		{"new.html", page, `<link rel="stylesheet" href="assets/site.css">`},
		{"new.md", post, "\nimage: new_files/"},
		{"new.md", post, "\nimages:\n  - new_files/"},
	} {
		if !strings.Contains(c.text, c.want) {
			t.Errorf("%s lacks %s", c.file, c.want)
		}
	}
	if strings.Contains(index, "<script") || strings.Contains(page, "<script") {
		t.Error("a script element from the settings or front matter")
	}
	_, img, _ := strings.Cut(post, "\nimage: ")
	img, _, _ = strings.Cut(img, "\n")
	if _, err := os.Stat(filepath.Join(out, img)); err != nil {
		t.Errorf("the post's image %s is not in the site: %v", img, err)
	}

	// A build with no URL and no stylesheet removes the feed and the
	// stylesheet it wrote; a feed of the user's, in a shared folder, it
	// leaves.
	s.URL, s.Stylesheet = "", nil
	if err := s.Build(context.Background(), []string{src}); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{FeedFile, StylesheetFile} {
		if _, err := os.Stat(filepath.Join(out, f)); !os.IsNotExist(err) {
			t.Errorf("%s left after a build without it: %v", f, err)
		}
	}
	if strings.Contains(read("index.html"), "atom+xml") || strings.Contains(read("new.html"), "stylesheet") {
		t.Error("the pages still link the feed or the stylesheet")
	}
	if err := os.WriteFile(filepath.Join(out, FeedFile), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	s.Shared = true
	if err := s.Build(context.Background(), []string{src}); err != nil {
		t.Fatal(err)
	}
	if got := read(FeedFile); got != "mine" {
		t.Errorf("the user's feed.xml is now %q", got)
	}
	s.URL = "https://example.org/g/"
	if err := s.Build(context.Background(), []string{src}); err == nil {
		t.Error("no error for a feed that would replace the user's")
	}
	if got := read(FeedFile); got != "mine" {
		t.Errorf("the user's feed.xml is now %q", got)
	}
	if index := read("index.html"); !strings.Contains(index, `og:url`) || strings.Contains(index, "atom+xml") {
		t.Error("the index was not written, with the site's URL and without a feed, beside the user's feed")
	}
}
