package textnotebook_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/site"
)

// TestRealTextNotebooks renders, with their stored outputs only (render
// -execute never), text notebooks of the projects that define the
// formats: MyST-NB's tests and documentation, Quarto's test documents
// and jupytext's test notebooks (testdata/README.md). Each gives a page
// holding its code.
func TestRealTextNotebooks(t *testing.T) {
	tests := []struct {
		folder string
		pages  int
		// want maps a page to text it must show.
		want map[string]string
	}{
		{"testdata/mystnb", 10, map[string]string{
			"basic_unrun":    "print(a)",
			"text-notebooks": "Text-based Notebooks",
			"hiding":         "## Hide code cells",
		}},
		{"testdata/quarto", 10, map[string]string{
			"crossrefs-python":   "plt.plot([1,23,2,4])",
			"jupyter-cache-test": "",
			"empty-frontmatter":  "",
		}},
		// The .ipynb of each pair is rendered: it has the outputs.
		{"testdata/jupytext", 16, map[string]string{"jupyter": "Jupyter notebook"}},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.folder), func(t *testing.T) {
			out := t.TempDir()
			var warnings []string
			s := &site.Site{Dir: out, MathFont: filepath.Join(t.TempDir(), "none.otf"), Warn: func(m string) { warnings = append(warnings, m) }}
			if err := s.Build(context.Background(), []string{tt.folder}); err != nil {
				t.Fatal(err)
			}
			pages, _ := filepath.Glob(filepath.Join(out, "*.html"))
			if len(pages)-1 != tt.pages { // and the index
				t.Errorf("%d pages, want %d", len(pages)-1, tt.pages)
			}
			for name, want := range tt.want {
				post, err := os.ReadFile(filepath.Join(out, name+".md"))
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(string(post), want) {
					t.Errorf("%s lacks %q:\n%s", name, want, post)
				}
			}
			t.Logf("%d warnings, the first: %.300q", len(warnings), warnings)
		})
	}
}
