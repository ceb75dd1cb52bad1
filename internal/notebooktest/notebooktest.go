// Package notebooktest writes notebooks for the tests of the module's
// packages and commands (pkg/report/site and cmd/render alike).
package notebooktest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// WriteMarkdown writes a notebook of markdown cells, one for each source,
// to path, making its folder. It saves as an editor does, a new file
// renamed over the old one, so that a watcher never reads half a
// notebook.
func WriteMarkdown(t testing.TB, path string, sources ...string) {
	t.Helper()
	nb := notebook.New()
	for _, src := range sources {
		nb.Cells = append(nb.Cells, &notebook.Cell{Type: notebook.Markdown, Source: src, Metadata: notebook.Metadata{}})
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	tmp := path + ".saving"
	if err := notebook.WriteFile(tmp, nb); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
}
