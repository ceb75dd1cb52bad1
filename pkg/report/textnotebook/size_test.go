package textnotebook

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundylab/grundy/internal/alloctest"
	"github.com/grundylab/grundy/pkg/report/internal/safeyaml"
)

// TestReadFileSparse reads a sparse text notebook of 3 GB (issue 33.12):
// read with io.ReadAll up to the cap, it held up to twice MaxSize (63 MB
// of memory). It is refused by its size, naming the file, and IsNotebook
// says it is one, so that reading it says why it fails; neither reads
// it.
func TestReadFileSparse(t *testing.T) {
	big := filepath.Join(t.TempDir(), "zeros.qmd")
	if err := os.WriteFile(big, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, 3<<30); err != nil {
		t.Fatal(err)
	}
	var err error
	if grown := alloctest.Allocated(func() { _, err = ReadFile(big) }); grown > 1<<20 {
		t.Errorf("ReadFile of 3 GB allocated %d bytes", grown)
	}
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), big) || !strings.Contains(err.Error(), "larger than 16 MiB") {
		t.Errorf("ReadFile of 3 GB: %v, want ErrTooLarge naming the file", err)
	}
	var ok bool
	if grown := alloctest.Allocated(func() { ok, err = IsNotebook(big) }); grown > 1<<20 {
		t.Errorf("IsNotebook of 3 GB allocated %d bytes", grown)
	}
	if !ok || err != nil {
		t.Errorf("IsNotebook(3 GB) = %v, %v; want true", ok, err)
	}
}

// TestReadLimitedOnce reads a file of MaxSize bytes, the largest read,
// and holds it once: the allocation is its size and little more.
func TestReadLimitedOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.md")
	if err := os.WriteFile(path, []byte(strings.Repeat("x", MaxSize)), 0o644); err != nil {
		t.Fatal(err)
	}
	var data []byte
	var err error
	grown := alloctest.Allocated(func() { data, err = readLimited(path) })
	if err != nil || len(data) != MaxSize {
		t.Fatalf("readLimited = %d bytes, %v", len(data), err)
	}
	if grown > MaxSize+1<<20 {
		t.Errorf("reading %d bytes allocated %d", MaxSize, grown)
	}
}

// TestAliasBudget: YAML aliases cannot make a text notebook's metadata
// much larger than the file. Before every document of a file shared one
// budget, a Quarto file of 70 kB whose cell options aliased a 10 kB text
// 20,000 times held 200 MB of cell metadata, and thousands of cells each
// within its own allowance added up the same way.
func TestAliasBudget(t *testing.T) {
	anchor := strings.Repeat("y", 10000)
	aliases := "[" + strings.Repeat("*a, ", 19999) + "*a]"
	// Each of these fits in the allowance one document alone is granted.
	few := "[" + strings.Repeat("*a, ", 39) + "*a]"
	small := "#| a: &a " + strings.Repeat("y", 100) + "\n#| b: " + few + "\n"
	tests := []struct{ name, text string }{
		{"one.qmd", "```{python}\n#| a: &a " + anchor + "\n#| b: " + aliases + "\nprint(1)\n```\n"},
		{"many.qmd", strings.Repeat("```{python}\n"+small+"x\n```\n\n", 2000)},
		{"header.py", "# ---\n# jupyter:\n#   a: &a " + anchor + "\n#   b: " + aliases + "\n# ---\n\n# %%\nx = 1\n"},
		{"many.md", "---\njupytext: {text_representation: {format_name: myst}}\n---\n\n" +
			strings.Repeat("```{code-cell} python\n---\na: &a "+strings.Repeat("y", 100)+"\nb: "+few+"\n---\nx\n```\n\n", 2000)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nb, err := Parse(tt.name, []byte(tt.text))
			if err != nil {
				if !errors.Is(err, ErrSyntax) {
					t.Fatalf("%v, want a notebook or ErrSyntax", err)
				}
				return
			}
			size := 0
			for _, raw := range nb.Notebook.Metadata {
				size += len(raw)
			}
			for _, c := range nb.Notebook.Cells {
				for _, raw := range c.Metadata {
					size += len(raw)
				}
			}
			// JSON writes a text as at most twice what the budget
			// counts for it: quotes and a comma for a string of one byte.
			if bound := 2 * (safeyaml.Growth*len(tt.text) + safeyaml.Slack); size > bound {
				t.Errorf("%d bytes of metadata from %d bytes, more than %d", size, len(tt.text), bound)
			}
		})
	}
}
