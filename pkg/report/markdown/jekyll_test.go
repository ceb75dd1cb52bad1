package markdown

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/grundylab/grundy/pkg/report/internal/hostile"
)

// jekyllConfig is a Jekyll site that writes each post's content alone,
// at NAME.html, read by kramdown with GitHub's Markdown (Jekyll's
// default).
const jekyllConfig = `markdown: kramdown
permalink: /:title.html
future: true
defaults:
  - scope: {path: ""}
    values: {layout: post}
`

// jekyllHTML builds a Jekyll site of posts, by name, and returns each
// post's HTML. It reports false when Jekyll is missing, on a developer's
// machine; in CI, which installs the Debian package jekyll, that fails the
// test. A site that does not build fails the test: a post must not break
// a blog.
func jekyllHTML(t *testing.T, posts map[string][]byte) (map[string][]byte, bool) {
	t.Helper()
	exe, err := exec.LookPath("jekyll")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("no jekyll on PATH; CI must install the Debian package jekyll")
		}
		t.Log("no jekyll on PATH (apt-get install jekyll)")
		return nil, false
	}
	dir := t.TempDir()
	files := map[string]string{"_config.yml": jekyllConfig, "_layouts/post.html": "{{ content }}"}
	for name, post := range posts {
		files["_posts/2024-01-02-"+name+".md"] = string(post)
	}
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(exe, "build", "--quiet", "--source", dir, "--destination", filepath.Join(dir, "_site"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("jekyll: %v\n%s", err, out)
	}
	html := map[string][]byte{}
	for name := range posts {
		data, err := os.ReadFile(filepath.Join(dir, "_site", name+".html"))
		if err != nil {
			t.Fatalf("jekyll wrote no page for %s: %v", name, err)
		}
		html[name] = data
	}
	return html, true
}

// TestJekyllPosts builds a Jekyll site of every attack's post: Liquid runs
// over each post before kramdown reads it; no page runs script or loads
// from elsewhere. The templates as written do, in a site of their own.
func TestJekyllPosts(t *testing.T) {
	cases := hostile.Cases()
	posts := map[string][]byte{}
	for i, c := range cases {
		posts[fmt.Sprintf("case%02d", i)] = Render(hostileView(t, c)).Text
	}
	html, ok := jekyllHTML(t, posts)
	if !ok {
		t.Skip("no jekyll; the test runs in CI")
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
	for _, c := range cases {
		if c.Class == "Liquid and Nunjucks templates" {
			for _, md := range c.Markdown[:4] {
				raw.WriteString(md + "\n\n")
			}
		}
	}
	asWritten, _ := jekyllHTML(t, map[string][]byte{"raw": raw.Bytes()})
	if len(hostile.Check(asWritten["raw"])) == 0 {
		t.Error("Jekyll's page of the templates as written passes the check")
	}
}
