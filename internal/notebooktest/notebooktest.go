// Package notebooktest writes notebooks for the tests of the packages and
// commands that read them, under pkg/ and cmd/ alike.
package notebooktest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// WriteMarkdown writes a notebook of Markdown cells, one for each source,
// to path, making its folder. It is written as notebook.WriteFile writes:
// a new file renamed over the old one, as an editor saves.
func WriteMarkdown(t testing.TB, path string, sources ...string) {
	t.Helper()
	nb := notebook.New()
	for _, src := range sources {
		nb.Cells = append(nb.Cells, &notebook.Cell{Type: notebook.Markdown, Source: src, Metadata: notebook.Metadata{}})
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := notebook.WriteFile(path, nb); err != nil {
		t.Fatal(err)
	}
}
