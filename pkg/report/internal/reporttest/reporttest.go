// Package reporttest holds the scaffolding that the tests of the report
// writers (markdown, htmlpage, site, preview, mathml) share: writing a
// tree of files, the notebooks of the shared test data, the view a
// provenance test renders, and the corpus of real notebooks. Every
// function that can fail takes a testing.TB and fails the test.
package reporttest

import (
	"os"
	"path/filepath"
	"testing"
)

// WriteFile writes data to the slash-separated path name under dir,
// making the folders it needs.
func WriteFile(t testing.TB, dir, name string, data []byte) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
