package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// TestBibliography reads the files a front matter names, and refuses
// those outside the notebook's folder, however named or linked.
func TestBibliography(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "nb")
	if err := os.MkdirAll(filepath.Join(dir, "refs"), 0o755); err != nil {
		t.Fatal(err)
	}
	entry := "@book{k, author = {Knuth, Donald}, title = {T}, year = {1984}}\n"
	for name, data := range map[string]string{
		filepath.Join(dir, "a.bib"):         entry,
		filepath.Join(dir, "refs", "b.bib"): strings.ReplaceAll(entry, "{k,", "{b,"),
		filepath.Join(root, "outside.bib"):  strings.ReplaceAll(entry, "{k,", "{o,"),
	} {
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(root, "outside.bib"), filepath.Join(dir, "link.bib")); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		field    string
		keys     []string
		warnings int
	}{
		{"a.bib", []string{"k"}, 0},
		{"[a.bib, refs/b.bib]", []string{"k", "b"}, 0},
		{"../outside.bib", nil, 1},
		{filepath.Join(root, "outside.bib"), nil, 1},
		{"link.bib", nil, 1},
		{"refs/../../outside.bib", nil, 1},
		{"[missing.bib, a.bib]", []string{"k"}, 1},
		{"refs", nil, 1},
	}
	local, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer local.Close()
	for _, tt := range tests {
		nb := notebook.New()
		nb.Cells = []*notebook.Cell{{Type: notebook.Raw, Source: "---\nbibliography: " + tt.field + "\n---\n"}}
		db, warnings := bibliography(local, nb)
		var keys []string
		if db != nil {
			keys = db.Keys()
		}
		if strings.Join(keys, " ") != strings.Join(tt.keys, " ") || len(warnings) != tt.warnings {
			t.Errorf("bibliography: %s: keys %q and warnings %q, want %q and %d", tt.field, keys, warnings, tt.keys, tt.warnings)
		}
	}
}
