package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundylab/grundy/internal/notebooktest"
)

// TestSettingsFile renders a folder with a _render.yml: its title, order,
// site URL and stylesheet are used, its unknown key named in a warning;
// the flags override it, and a bad site URL stops the render.
func TestSettingsFile(t *testing.T) {
	dir := t.TempDir()
	notebooktest.WriteMarkdown(t, filepath.Join(dir, "a.ipynb"), "---\ntitle: A\ndate: 2024-01-01\n---", "# A")
	notebooktest.WriteMarkdown(t, filepath.Join(dir, "b.ipynb"), "---\ntitle: B\ndate: 2025-01-01\n---", "# B")
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("_render.yml", "title: My games\norder: [b.ipynb, a.ipynb]\nsite-url: https://example.org/g\ncss: style.css\ncolour: blue\n")
	write("style.css", "body { color: teal }\n")
	out := filepath.Join(t.TempDir(), "site")
	var stderr strings.Builder
	if code := run(context.Background(), []string{"-execute", "never", "-o", out, dir}, io.Discard, &stderr); code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "render does not use colour") {
		t.Errorf("no warning for the unknown key:\n%s", stderr.String())
	}
	index, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	i, j := strings.Index(string(index), `href="b.html"`), strings.Index(string(index), `href="a.html"`)
	if !strings.Contains(string(index), "<title>My games</title>") || i < 0 || j < i {
		t.Errorf("index not titled and ordered by the settings:\n%s", index)
	}
	for _, f := range []string{"feed.xml", "assets/site.css"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("no %s: %v", f, err)
		}
	}

	// The flags override the file: by date the newest (b) is first too,
	// so name order is asked for.
	stderr.Reset()
	args := []string{"-execute", "never", "-o", out, "-order", "name", "-title", "Flagged", dir}
	if code := run(context.Background(), args, io.Discard, &stderr); code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr.String())
	}
	index, _ = os.ReadFile(filepath.Join(out, "index.html"))
	i, j = strings.Index(string(index), `href="b.html"`), strings.Index(string(index), `href="a.html"`)
	if !strings.Contains(string(index), "<title>Flagged</title>") || j < 0 || i < j {
		t.Errorf("index not titled and ordered by the flags:\n%s", index)
	}

	for _, bad := range [][]string{{"-site-url", "javascript:alert(1)"}, {"-order", "random"}, {"-css", filepath.Join(dir, "missing.css")}} {
		stderr.Reset()
		args := append([]string{"-execute", "never", "-o", out}, append(bad, dir)...)
		if code := run(context.Background(), args, io.Discard, &stderr); code != 1 {
			t.Errorf("%q: exit %d, want 1:\n%s", bad, code, stderr.String())
		}
	}
	write("_render.yml", "site-url: 'javascript:alert(1)'\n")
	stderr.Reset()
	if code := run(context.Background(), []string{"-execute", "never", "-o", out, dir}, io.Discard, &stderr); code != 1 || !strings.Contains(stderr.String(), "site-url") {
		t.Errorf("a bad site-url in _render.yml: exit %d:\n%s", code, stderr.String())
	}
}
