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
)

// hugoConfig is a Hugo site that writes each post's content alone, with
// raw HTML allowed, as blogs that embed HTML outputs set it.
const hugoConfig = `disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404", "home", "section"]
buildFuture = true
[markup.goldmark.renderer]
unsafe = true
`

// hugoHTML builds a Hugo site of posts, by name, and returns each post's
// HTML. It reports false when Hugo is missing, on a developer's machine;
// in CI, which installs the Debian package hugo, that fails the test. A
// site that does not build fails the test: a post must not break a blog.
func hugoHTML(t *testing.T, posts map[string][]byte) (map[string][]byte, bool) {
	t.Helper()
	exe, err := exec.LookPath("hugo")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("no hugo on PATH; CI must install the Debian package hugo")
		}
		t.Log("no hugo on PATH (apt-get install hugo)")
		return nil, false
	}
	dir := t.TempDir()
	files := map[string]string{"config.toml": hugoConfig, "layouts/_default/single.html": "{{ .Content }}"}
	for name, post := range posts {
		files["content/posts/"+name+".md"] = string(post)
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
	cmd := exec.Command(exe, "--quiet", "--source", dir, "--destination", filepath.Join(dir, "public"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("hugo: %v\n%s", err, out)
	}
	html := map[string][]byte{}
	for name := range posts {
		data, err := os.ReadFile(filepath.Join(dir, "public", "posts", strings.ToLower(name), "index.html"))
		if err != nil {
			t.Fatalf("hugo wrote no page for %s: %v", name, err)
		}
		html[name] = data
	}
	return html, true
}

// TestHugoPosts builds a Hugo site of every attack's post: Hugo expands
// its shortcodes before it reads Markdown, in code too, and its goldmark
// reads the rest with raw HTML allowed; no page runs script or loads from
// elsewhere. The shortcodes as written do, in a site of their own.
func TestHugoPosts(t *testing.T) {
	cases := hostile.Cases()
	posts := map[string][]byte{}
	for i, c := range cases {
		posts[fmt.Sprintf("case%02d", i)] = Render(hostileView(t, c)).Text
	}
	html, ok := hugoHTML(t, posts)
	if !ok {
		t.Skip("no hugo; the test runs in CI")
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
		if strings.HasPrefix(c.Class, "Hugo") {
			for _, md := range c.Markdown {
				raw.WriteString(md + "\n\n")
			}
		}
	}
	asWritten, _ := hugoHTML(t, map[string][]byte{"raw": raw.Bytes()})
	if len(hostile.Check(asWritten["raw"])) == 0 {
		t.Error("Hugo's page of the shortcodes as written passes the check")
	}
}
