package markdown

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/internal/hostile"
	"github.com/grundylab/grundy/pkg/report/internal/reporttest"
)

// A blogSite is a static site generator that publishes posts as a blog
// does: the site it is given, how it builds, where each post goes in and
// comes out, and which attacks are written in its own syntax.
type blogSite struct {
	title, command string
	// files are the site's configuration and layout: each post's content
	// alone, with raw HTML allowed, as blogs that embed HTML outputs set it.
	files map[string]string
	post  func(name string) string // where a post's Markdown goes
	build []string                 // the command's arguments before --source
	out   string                   // the folder it builds into
	page  func(name string) string // where a post's page comes out, under out
	// own is the Markdown of the attacks written in the site's own syntax,
	// which it expands before it reads Markdown; what names them.
	own  func(cases []hostile.Case) []string
	what string
}

// hugoSite is Hugo: it expands its shortcodes before it reads Markdown,
// in code too, and its goldmark reads the rest with raw HTML allowed.
var hugoSite = blogSite{
	title: "Hugo", command: "hugo",
	files: map[string]string{
		"config.toml": `disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404", "home", "section"]
buildFuture = true
[markup.goldmark.renderer]
unsafe = true
`,
		"layouts/_default/single.html": "{{ .Content }}",
	},
	post:  func(name string) string { return "content/posts/" + name + ".md" },
	build: []string{"--quiet"},
	out:   "public",
	page:  func(name string) string { return "posts/" + strings.ToLower(name) + "/index.html" },
	own: func(cases []hostile.Case) []string {
		var md []string
		for _, c := range cases {
			if strings.HasPrefix(c.Class, "Hugo") {
				md = append(md, c.Markdown...)
			}
		}
		return md
	},
	what: "shortcodes",
}

// jekyllSite is Jekyll: Liquid runs over each post before kramdown reads
// it with GitHub's Markdown (Jekyll's default); each post's page is
// NAME.html.
var jekyllSite = blogSite{
	title: "Jekyll", command: "jekyll",
	files: map[string]string{
		"_config.yml": `markdown: kramdown
permalink: /:title.html
future: true
defaults:
  - scope: {path: ""}
    values: {layout: post}
`,
		"_layouts/post.html": "{{ content }}",
	},
	post:  func(name string) string { return "_posts/2024-01-02-" + name + ".md" },
	build: []string{"build", "--quiet"},
	out:   "_site",
	page:  func(name string) string { return name + ".html" },
	own: func(cases []hostile.Case) []string {
		var md []string
		for _, c := range cases {
			if c.Class == "Liquid and Nunjucks templates" {
				md = append(md, c.Markdown[:4]...)
			}
		}
		return md
	},
	what: "templates",
}

// html builds a site of posts, by name, and returns each post's HTML. It
// reports false when the site's command is missing, on a developer's
// machine; in CI, which installs the Debian package of the same name,
// that fails the test. A site that does not build fails the test: a post
// must not break a blog.
func (s blogSite) html(t *testing.T, posts map[string][]byte) (map[string][]byte, bool) {
	t.Helper()
	exe, err := exec.LookPath(s.command)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("no %s on PATH; CI must install the Debian package %[1]s", s.command)
		}
		t.Logf("no %s on PATH (apt-get install %[1]s)", s.command)
		return nil, false
	}
	dir := t.TempDir()
	for name, data := range s.files {
		reporttest.WriteFile(t, dir, name, []byte(data))
	}
	for name, post := range posts {
		reporttest.WriteFile(t, dir, s.post(name), post)
	}
	out := filepath.Join(dir, s.out)
	cmd := exec.Command(exe, append(s.build, "--source", dir, "--destination", out)...)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", s.command, err, msg)
	}
	html := map[string][]byte{}
	for name := range posts {
		data, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(s.page(name))))
		if err != nil {
			t.Fatalf("%s wrote no page for %s: %v", s.command, name, err)
		}
		html[name] = data
	}
	return html, true
}

// TestBlogSitePosts builds a site of every attack's post with each blog
// site generator: no page runs script or loads from elsewhere. The
// attacks in the site's own syntax, as written, do, in a site of their
// own, so that the check can fail.
func TestBlogSitePosts(t *testing.T) {
	cases := hostile.Cases()
	posts := map[string][]byte{}
	for i, c := range cases {
		posts[fmt.Sprintf("case%02d", i)] = Render(hostileView(t, c)).Text
	}
	for _, s := range []blogSite{hugoSite, jekyllSite} {
		t.Run(s.command, func(t *testing.T) {
			html, ok := s.html(t, posts)
			if !ok {
				t.Skipf("no %s; the test runs in CI", s.command)
			}
			for _, name := range slices.Sorted(maps.Keys(html)) {
				var i int
				fmt.Sscanf(name, "case%d", &i)
				for _, p := range hostile.Check(html[name]) {
					t.Errorf("%s (case %d): %s\npost:\n%s", cases[i].Class, i, p, posts[name])
				}
			}
			var raw bytes.Buffer
			raw.WriteString("---\ntitle: raw\n---\n\n")
			for _, md := range s.own(cases) {
				raw.WriteString(md + "\n\n")
			}
			asWritten, _ := s.html(t, map[string][]byte{"raw": raw.Bytes()})
			if len(hostile.Check(asWritten["raw"])) == 0 {
				t.Errorf("%s's page of the %s as written passes the check", s.title, s.what)
			}
		})
	}
}
