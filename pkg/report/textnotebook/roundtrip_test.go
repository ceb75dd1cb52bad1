package textnotebook

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// ignoredCellMetadata are the cell metadata keys jupytext leaves out of
// text notebooks by default (its _IGNORE_CELL_METADATA).
var ignoredCellMetadata = map[string]bool{
	"autoscroll": true, "collapsed": true, "scrolled": true, "trusted": true,
	"execution": true, "ExecuteTime": true, "jupyter": true, "id": true,
	// Layout of the text form, which the notebook's cells need not hold.
	"cell_marker": true, "lines_to_next_cell": true,
}

// TestJupytextRoundTrip reads the text forms jupytext's own tests write
// from their notebooks (testdata/jupytext, MIT licence) and compares each
// cell with the notebook's: type, source and the metadata jupytext keeps.
func TestJupytextRoundTrip(t *testing.T) {
	nbs, err := filepath.Glob("testdata/jupytext/*.ipynb")
	if err != nil || len(nbs) == 0 {
		t.Fatalf("no notebooks: %v", err)
	}
	checked := 0
	for _, ipynb := range nbs {
		want, err := notebook.ReadFile(ipynb)
		if err != nil {
			t.Fatal(err)
		}
		base := strings.TrimSuffix(ipynb, ".ipynb")
		// The Go script is kept as .go.txt, so that the module's tools do
		// not take it for Go source.
		for _, ext := range []string{".py", ".go.txt", ".md"} {
			path := base + ext
			data, err := os.ReadFile(path)
			if err != nil {
				continue
			}
			t.Run(filepath.Base(path), func(t *testing.T) {
				f, err := Parse(strings.TrimSuffix(path, ".txt"), data)
				if err != nil {
					t.Fatal(err)
				}
				compareCells(t, f, want)
			})
			checked++
		}
	}
	if checked < 20 {
		t.Errorf("only %d text forms checked", checked)
	}
}

func compareCells(t *testing.T, f *File, want *notebook.Notebook) {
	t.Helper()
	got := f.Notebook
	if len(got.Cells) != len(want.Cells) {
		t.Errorf("%d cells, want %d", len(got.Cells), len(want.Cells))
		for i, c := range got.Cells {
			t.Logf("cell %d %s %q", i+1, c.Type, c.Source)
		}
		return
	}
	for i, c := range got.Cells {
		w := want.Cells[i]
		if c.Type != w.Type || c.Source != w.Source {
			t.Errorf("cell %d (line %d): %s %q, want %s %q", i+1, f.Lines[i], c.Type, c.Source, w.Type, w.Source)
		}
		if g, w := metadataValue(t, c.Metadata, ignoredCellMetadata), metadataValue(t, w.Metadata, ignoredCellMetadata); !reflect.DeepEqual(g, w) {
			t.Errorf("cell %d metadata %v, want %v", i+1, g, w)
		}
	}
	if ks, wks := metadataValue(t, got.Metadata, nil)["kernelspec"], metadataValue(t, want.Metadata, nil)["kernelspec"]; wks != nil && !reflect.DeepEqual(ks, wks) {
		t.Errorf("kernelspec %v, want %v", ks, wks)
	}
}

func metadataValue(t *testing.T, m notebook.Metadata, ignore map[string]bool) map[string]any {
	t.Helper()
	out := map[string]any{}
	for k, raw := range m {
		if ignore[k] {
			continue
		}
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			t.Fatal(err)
		}
		out[k] = v
	}
	return out
}
