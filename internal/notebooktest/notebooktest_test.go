package notebooktest

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

func TestWriteMarkdown(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "new", "folder", "nb.ipynb")
	for _, sources := range [][]string{{"# One", "Text."}, {"# Two"}, nil} {
		WriteMarkdown(t, path, sources...)
		nb, err := notebook.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range nb.Cells {
			if c.Type != notebook.Markdown {
				t.Errorf("a %v cell, want markdown", c.Type)
			}
			got = append(got, c.Source)
		}
		if !slices.Equal(got, sources) {
			t.Errorf("cells %q, want %q", got, sources)
		}
		entries, err := os.ReadDir(filepath.Dir(path))
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) != 1 || entries[0].Name() != "nb.ipynb" {
			t.Errorf("the folder holds %v, want the notebook alone", entries)
		}
	}
}
