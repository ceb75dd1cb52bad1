package markdown

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grundylab/grundy/internal/browsertest"
	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/htmlpage"
	"github.com/grundylab/grundy/pkg/report/internal/hostile"
	"github.com/grundylab/grundy/pkg/report/internal/reporttest"
)

// mathjaxDir holds MathJax 2.7 as the Debian package libjs-mathjax installs
// it; CI installs it.
const mathjaxDir = "/usr/share/javascript/mathjax"

// mathjaxHead loads MathJax from mathjaxDir with the delimiters blogs set:
// $...$ and \(...\) inline, $$...$$ and \[...\] displayed.
const mathjaxHead = `<script type="text/x-mathjax-config">MathJax.Hub.Config({tex2jax: {inlineMath: [['$','$'], ['\\(','\\)']]}});</script>
<script src="file://` + mathjaxDir + `/MathJax.js?config=TeX-AMS_CHTML"></script>`

// haveMathJax reports whether MathJax is installed; in CI its absence
// fails the test.
func haveMathJax(t *testing.T) bool {
	t.Helper()
	if _, err := os.Stat(filepath.Join(mathjaxDir, "MathJax.js")); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("no MathJax; CI must install the Debian package libjs-mathjax")
		}
		t.Log("no MathJax (apt-get install libjs-mathjax)")
		return false
	}
	return true
}

// writeHTML writes a fragment of HTML as a page of its own, with head in
// its head.
func writeHTML(t *testing.T, path, head string, body []byte) {
	t.Helper()
	doc := "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>post</title>" + head + "</head><body>\n" + string(body) + "\n</body></html>\n"
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserPosts is issue 23's check of a post where it is published:
// each attack's post, converted as each blog converts it (goldmark with
// raw HTML allowed, kramdown as Jekyll runs it, a Hugo site and a Jekyll
// site; the page of math passed through with MathJax typesetting it), and
// each attack's page, are opened in headless Chromium. No
// payload runs, no dialog opens, no address is a script as the browser
// parses it, and nothing is requested but the page and the files beside
// it. First the attacks as written, converted with no cleaning, show that
// the browser sees each kind of failure.
func TestBrowserPosts(t *testing.T) {
	b := browsertest.Start(t, 5*time.Minute)
	cases := hostile.Cases()

	mathjax := haveMathJax(t)
	raw := t.TempDir()
	var all strings.Builder
	for _, c := range cases {
		for _, md := range c.Markdown {
			all.WriteString(md + "\n\n")
		}
	}
	var ran, scriptLinks, outside int
	for _, blog := range blogs {
		var doc strings.Builder
		if err := blog.md.Convert([]byte(all.String()), &doc); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(raw, strings.ReplaceAll(blog.name, " ", "-")+".html")
		head := ""
		if mathjax {
			head = mathjaxHead
		}
		writeHTML(t, path, head, []byte(doc.String()))
		v := b.Visit(t, path)
		ran += len(v.Pwned) + len(v.Dialogs)
		scriptLinks += len(v.ScriptLinks)
		outside += len(v.Outside(raw, mathjaxDir))
	}
	if ran == 0 || scriptLinks == 0 || outside == 0 {
		t.Fatalf("the attacks as written: %d payloads ran, %d script links, %d requests off the page; want some of each", ran, scriptLinks, outside)
	}

	views := make([]*report.View, len(cases))
	posts := make([]*Post, len(cases))
	bodies := make([]string, len(cases))
	for i, c := range cases {
		views[i] = hostileView(t, c)
		posts[i] = Render(views[i])
		_, body, _ := strings.Cut(string(posts[i].Text), "\n---\n")
		bodies[i] = body
	}
	jekyll, haveKramdown := kramdownHTML(t, bodies)
	sitePosts := map[string][]byte{}
	for i, post := range posts {
		sitePosts[fmt.Sprintf("case%02d", i)] = post.Text
	}
	hugo, haveHugo := hugoSite.html(t, sitePosts)
	jekyllPages, haveJekyll := jekyllSite.html(t, sitePosts)
	for i, c := range cases {
		dir := t.TempDir()
		v, post := views[i], posts[i]
		for _, f := range post.Files {
			reporttest.WriteFile(t, dir, f.Path, f.Data)
		}
		pages := blogHTML(t, post.Text)
		if haveKramdown {
			pages["jekyll"] = []byte(jekyll[i][0])
		}
		if haveHugo {
			pages["hugo site"] = hugo[fmt.Sprintf("case%02d", i)]
		}
		if haveJekyll {
			pages["jekyll site"] = jekyllPages[fmt.Sprintf("case%02d", i)]
		}
		page, err := htmlpage.Render(v, htmlpage.Options{})
		if err != nil {
			t.Fatal(err)
		}
		names := slices.Sorted(maps.Keys(pages))
		for _, name := range append(names, "our page") {
			path := filepath.Join(dir, fmt.Sprintf("case%d-%s.html", i, strings.ReplaceAll(name, " ", "-")))
			switch {
			case name == "our page":
				if err := os.WriteFile(path, page, 0o644); err != nil {
					t.Fatal(err)
				}
			case name == "hugo with math" && mathjax:
				writeHTML(t, path, mathjaxHead, pages[name])
			default:
				writeHTML(t, path, "", pages[name])
			}
			v := b.Visit(t, path)
			where := fmt.Sprintf("%s (case %d), %s", c.Class, i, name)
			if len(v.Pwned) > 0 || len(v.Dialogs) > 0 {
				t.Errorf("%s: script ran: %q, dialogs %q", where, v.Pwned, v.Dialogs)
			}
			if len(v.ScriptLinks) > 0 {
				t.Errorf("%s: addresses the browser reads as script: %q", where, v.ScriptLinks)
			}
			if out := v.Outside(dir, mathjaxDir); len(out) > 0 {
				t.Errorf("%s: requests off the page: %q", where, out)
			}
			if len(v.Requests) == 0 {
				t.Errorf("%s: no request recorded, not even the page", where)
			}
		}
	}
}
