package manifest

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var sum = SumBytes([]byte("x"))

func TestReadRefuses(t *testing.T) {
	for name, text := range map[string]string{
		"not JSON":       "{",
		"version":        `{"version":2}`,
		"climbs":         `{"version":1,"files":{"../x":["` + sum + `"]}}`,
		"absolute":       `{"version":1,"files":{"/etc/passwd":["` + sum + `"]}}`,
		"hidden":         `{"version":1,"files":{"a/.git/config":["` + sum + `"]}}`,
		"backslash":      `{"version":1,"files":{"a\\..\\..\\x":["` + sum + `"]}}`,
		"no sum":         `{"version":1,"files":{"a":[]}}`,
		"bad sum":        `{"version":1,"files":{"a":["xyz"]}}`,
		"page name":      `{"version":1,"pages":{"a/b":{}}}`,
		"page file":      `{"version":1,"pages":{"a":{"files":["b"]}}}`,
		"dot":            `{"version":1,"files":{".":["` + sum + `"]}}`,
		"empty element":  `{"version":1,"files":{"a//b":["` + sum + `"]}}`,
		"trailing slash": `{"version":1,"files":{"a/":["` + sum + `"]}}`,
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := decode(strings.NewReader(text), "m"); !errors.Is(err, ErrInvalid) {
				t.Errorf("error %v, want ErrInvalid", err)
			}
		})
	}
	big := bytes.Repeat([]byte(" "), MaxSize+1)
	if _, err := decode(bytes.NewReader(big), "m"); !errors.Is(err, ErrInvalid) {
		t.Errorf("a manifest of %d bytes: error %v, want ErrInvalid", len(big), err)
	}
}

func TestWriteRead(t *testing.T) {
	dir := t.TempDir()
	m, err := Read(dir)
	if !errors.Is(err, fs.ErrNotExist) || len(m.Files) != 0 {
		t.Fatalf("a folder without a manifest: %v, %v", m, err)
	}
	m.Files["p.md"] = []string{sum}
	m.Files["p_files/a.png"] = []string{sum, SumBytes([]byte("y"))}
	m.Pages["p"] = Page{Notebook: "../nb/p.ipynb", Files: []string{"p.md", "p_files/a.png"}}
	if err := m.Write(dir); err != nil {
		t.Fatal(err)
	}
	got, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Has("p.md") || got.Has("q.md") || !got.Holds("p_files") || got.Holds("p") ||
		!got.Wrote("p_files/a.png", SumBytes([]byte("y"))) || got.Wrote("p.md", SumBytes([]byte("y"))) ||
		got.Pages["p"].Notebook != "../nb/p.ipynb" {
		t.Errorf("read back %+v", got)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != Name {
		t.Errorf("the folder holds %v, want the manifest alone", entries)
	}
	if _, err := os.Stat(filepath.Join(dir, Name)); err != nil {
		t.Error(err)
	}
}

// FuzzDecode checks that a manifest Read accepts names no path outside
// the folder, and that one written back reads the same.
func FuzzDecode(f *testing.F) {
	f.Add(`{"version":1,"files":{"a.md":["` + sum + `"]},"pages":{"a":{"notebook":"../a.ipynb","files":["a.md"]}}}`)
	f.Add(`{"version":1,"files":{"../x":["` + sum + `"]}}`)
	f.Add(`{"version":1}`)
	f.Fuzz(func(t *testing.T, text string) {
		m, err := decode(strings.NewReader(text), "m")
		if err != nil {
			return
		}
		for p := range m.Files {
			if !filepath.IsLocal(filepath.FromSlash(p)) || strings.Contains(p, "..") && !ValidPath(p) {
				t.Errorf("accepted %q", p)
			}
		}
		dir := t.TempDir()
		if err := m.Write(dir); err != nil {
			t.Fatal(err)
		}
		if _, err := Read(dir); err != nil {
			t.Errorf("a manifest written back does not read: %v", err)
		}
	})
}
