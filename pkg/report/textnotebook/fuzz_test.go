package textnotebook

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/internal/safeyaml"
)

// fuzzParse checks what Parse promises for any input: an *Error or a
// notebook whose cells each start on a line of the file, in order, and
// whose text is no larger than a constant times the input's: the text
// itself, and metadata that JSON writes in at most six bytes a byte
// ("<" is "\u003c") of what the file's YAML may expand to.
func fuzzParse(f *testing.F, file string, exts ...string) {
	for _, tt := range parseTests {
		if filepath.Ext(tt.file) == filepath.Ext(file) {
			f.Add(tt.text)
		}
	}
	for _, ext := range exts {
		paths, _ := filepath.Glob("testdata/*/*" + ext)
		for _, p := range paths {
			if data, err := os.ReadFile(p); err == nil {
				f.Add(string(data))
			}
		}
	}
	f.Fuzz(func(t *testing.T, text string) {
		nb, err := Parse(file, []byte(text))
		if err != nil {
			if _, ok := errors.AsType[*Error](err); !ok {
				t.Fatalf("%T is not an *Error: %v", err, err)
			}
			return
		}
		lines := strings.Count(text, "\n") + 1
		if len(nb.Lines) != len(nb.Notebook.Cells) {
			t.Fatalf("%d lines for %d cells", len(nb.Lines), len(nb.Notebook.Cells))
		}
		size := 0
		for i, c := range nb.Notebook.Cells {
			if nb.Lines[i] < 1 || nb.Lines[i] > lines || i > 0 && nb.Lines[i] < nb.Lines[i-1] {
				t.Fatalf("cell %d starts on line %d of %d (previous %v)", i+1, nb.Lines[i], lines, nb.Lines[:i])
			}
			size += len(c.Source)
			for _, raw := range c.Metadata {
				size += len(raw)
			}
		}
		if size > len(text)+6*(safeyaml.Growth*len(text)+safeyaml.Slack) {
			t.Fatalf("%d bytes of cells from %d bytes", size, len(text))
		}
	})
}

func FuzzMyST(f *testing.F)    { fuzzParse(f, "f.md", ".md") }
func FuzzQuarto(f *testing.F)  { fuzzParse(f, "f.qmd", ".qmd") }
func FuzzPercent(f *testing.F) { fuzzParse(f, "f.py", ".py") }

// FuzzPercentGo reads Go percent scripts, whose comments and GoNB lines
// differ from Python's.
func FuzzPercentGo(f *testing.F) { fuzzParse(f, "f.go", ".go.txt") }
