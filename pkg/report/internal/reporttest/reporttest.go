// Package reporttest holds the scaffolding that the tests of the report
// writers (markdown, htmlpage, preview) share: writing a tree of files,
// the golden cases and fuzz seeds of pkg/report/testdata, the convert
// benchmark, and the view a provenance test renders. Its functions fail
// the test they are given. It imports pkg/report, so the tests of the
// packages pkg/report imports (mathml, sanitize) cannot use it; what they
// share with the writers' tests lives apart (package corpus).
package reporttest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// TestData is the folder of the notebooks that the report packages' tests
// share, pkg/report/testdata, as a package one level below pkg/report sees
// it when go test runs its tests.
var TestData = filepath.Join("..", "testdata")

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

// GoldenCase reads the notebook that the input of a golden case names: a
// file of TestData, then options, of which there is one, "trust". It
// returns the notebook, its name (the file's, without .ipynb) and whether
// the case trusts it.
func GoldenCase(t testing.TB, input string) (nb *notebook.Notebook, name string, trust bool) {
	t.Helper()
	fields := strings.Fields(input)
	if len(fields) == 0 {
		t.Fatal("a golden case names no notebook")
	}
	nb, err := notebook.ReadFile(filepath.Join(TestData, fields[0]))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fields[1:] {
		switch f {
		case "trust":
			trust = true
		default:
			t.Fatalf("unknown option %q", f)
		}
	}
	return nb, strings.TrimSuffix(fields[0], ".ipynb"), trust
}

// FuzzNotebooks fuzzes check with every notebook file that parses, and
// the notebook parsed, the notebooks of TestData as seeds: what a writer
// must take from any notebook it can read.
func FuzzNotebooks(f *testing.F, check func(t *testing.T, data []byte, nb *notebook.Notebook)) {
	f.Helper()
	files, err := filepath.Glob(filepath.Join(TestData, "*.ipynb"))
	if err != nil {
		f.Fatal(err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if nb, err := notebook.Parse(data); err == nil {
			check(t, data, nb)
		}
	})
}

// BenchmarkConvert runs convert, as sub-benchmarks named by size, over
// notebooks of 10, 100 and 1000 pairs of cells: a markdown cell, md
// formatted with the pair's number twice, and a code cell that printed a
// line.
func BenchmarkConvert(b *testing.B, md string, convert func(*notebook.Notebook) error) {
	for _, cells := range []int{10, 100, 1000} {
		nb := notebook.New()
		for i := range cells {
			nb.Cells = append(nb.Cells,
				&notebook.Cell{Type: notebook.Markdown, Source: fmt.Sprintf(md, i, i)},
				&notebook.Cell{Type: notebook.Code, Source: "fmt.Println(i)", Outputs: []*notebook.Output{{Type: notebook.Stream, Name: "stdout", Text: "1\n"}}})
		}
		b.Run(fmt.Sprint(cells), func(b *testing.B) {
			for b.Loop() {
				if err := convert(nb); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// ProvenanceView returns the view, named p, of a notebook of one markdown
// cell, "Text.", with the provenance given as JSON, or none for "": what
// the tests of a page's or a post's provenance render.
func ProvenanceView(t testing.TB, provenance string) *report.View {
	t.Helper()
	nb := notebook.New()
	nb.Cells = []*notebook.Cell{{Type: notebook.Markdown, Source: "Text."}}
	v, err := report.NewView(nb, report.ViewOptions{Name: "p"})
	if err != nil {
		t.Fatal(err)
	}
	if provenance != "" {
		v.Provenance = &report.Provenance{}
		if err := json.Unmarshal([]byte(provenance), v.Provenance); err != nil {
			t.Fatal(err)
		}
	}
	return v
}
