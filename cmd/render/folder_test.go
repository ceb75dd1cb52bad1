package main

import (
	"context"
	"io"
	"maps"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grundylab/grundy/internal/notebooktest"
)

// TestNotebooksFolderAsOutput renders with -o the notebooks' own folder,
// which holds a paired analysis.md, analysis_files/data.csv and an
// index.html of the user's: render refuses, saying how to go on; with
// -shared-folder it writes the other notebook's page, refuses the two
// that would replace the user's files, and leaves every file of the
// user's byte for byte.
func TestNotebooksFolderAsOutput(t *testing.T) {
	dir := t.TempDir()
	notebooktest.WriteMarkdown(t, filepath.Join(dir, "analysis.ipynb"), "# Analysis")
	notebooktest.WriteMarkdown(t, filepath.Join(dir, "other.ipynb"), "# Other")
	user := map[string]string{
		"analysis.md":             "---\njupyter:\n  jupytext: paired\n---\n# Analysis\n",
		"analysis_files/data.csv": "x,y\n1,2\n",
		"index.html":              "<p>my own index</p>\n",
	}
	for name, data := range user {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	before := snapshot(t, dir)
	var stderr strings.Builder
	if code := run(context.Background(), []string{"-execute", "never", "-o", dir, dir}, io.Discard, &stderr); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	for _, want := range []string{"the output folder is the notebooks' own folder", "-shared-folder"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
		}
	}
	if after := snapshot(t, dir); !maps.Equal(after, before) {
		t.Errorf("a refused render changed the folder: %q", keys(after))
	}

	stderr.Reset()
	if code := run(context.Background(), []string{"-execute", "never", "-shared-folder", "-o", dir, dir}, io.Discard, &stderr); code != 1 {
		t.Errorf("-shared-folder: exit %d, want 1 (two files in the way)", code)
	}
	for _, want := range []string{filepath.Join(dir, "analysis.md") + ": render did not write it", filepath.Join(dir, "index.html") + ": render did not write it"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
		}
	}
	for name, data := range user {
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil || string(got) != data {
			t.Errorf("the user's %s is now %q, %v", name, got, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "other.html")); err != nil {
		t.Errorf("the other notebook's page: %v", err)
	}
}

// TestServeWildcard serves on every address with -serve-host: a request
// naming a host of another's (DNS rebinding) is refused, the name given
// and localhost are answered, and a 0600 file put in the site is not
// served.
func TestServeWildcard(t *testing.T) {
	src := t.TempDir()
	notebooktest.WriteMarkdown(t, filepath.Join(src, "page.ipynb"), "# Served")
	out := filepath.Join(t.TempDir(), "site")
	addr, _, _ := serving(t, "-serve", ":0", "-serve-host", "notes.example", "-execute", "never", "-o", out, src)
	u, err := url.Parse(addr)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "secret.txt"), []byte("secret"), 0o600); err != nil {
		t.Fatal(err)
	}
	get := func(host, path string) int {
		t.Helper()
		req, err := http.NewRequest("GET", "http://127.0.0.1:"+u.Port()+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	ev := buildEvents(t, addr)
	for n := "0"; n == "0"; {
		select {
		case n = <-ev:
		case <-time.After(10 * time.Second):
			t.Fatal("no build within 10 s")
		}
	}
	tests := []struct {
		host, path string
		want       int
	}{
		{"attacker.example:" + u.Port(), "/page.html", http.StatusMisdirectedRequest},
		{"notes.example:" + u.Port(), "/page.html", http.StatusOK},
		{"localhost:" + u.Port(), "/page.html", http.StatusOK},
		{"localhost:" + u.Port(), "/secret.txt", http.StatusNotFound},
	}
	for _, tt := range tests {
		if got := get(tt.host, tt.path); got != tt.want {
			t.Errorf("GET %s (Host %s): %d, want %d", tt.path, tt.host, got, tt.want)
		}
	}
}

func TestServeHostNeedsServe(t *testing.T) {
	var stderr strings.Builder
	if code := run(context.Background(), []string{"-serve-host", "x.example", "nb.ipynb"}, io.Discard, &stderr); code != 2 || !strings.Contains(stderr.String(), "-serve-host") {
		t.Errorf("exit %d, stderr %q; want 2 naming -serve-host", code, stderr.String())
	}
	stderr.Reset()
	if code := run(context.Background(), []string{"-serve", ":0", "-serve-host", "x.example:80", "nb.ipynb"}, io.Discard, &stderr); code != 2 {
		t.Errorf("-serve-host with a port: exit %d, stderr %q; want 2", code, stderr.String())
	}
}
