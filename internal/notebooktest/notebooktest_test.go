package notebooktest

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// TestWriteMarkdown writes a notebook into a folder that does not exist
// yet, writes it again with other cells, and reads back the second one,
// with no temporary file left beside it.
func TestWriteMarkdown(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "b")
	path := filepath.Join(dir, "nb.ipynb")
	WriteMarkdown(t, path, "# First")
	WriteMarkdown(t, path, "# Title", "Some *text*.")
	nb, err := notebook.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range nb.Cells {
		if c.Type != notebook.Markdown {
			t.Errorf("cell of type %v", c.Type)
		}
		got = append(got, c.Source)
	}
	if want := []string{"# Title", "Some *text*."}; !slices.Equal(got, want) {
		t.Errorf("cells %q, want %q", got, want)
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 {
		t.Errorf("the folder holds %v (%v), want the notebook alone", entries, err)
	}
}
