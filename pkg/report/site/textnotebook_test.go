package site

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/report/jupyter/execute"
	"github.com/grundylab/grundy/pkg/report/jupyter/kernelspec"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// One notebook written in each form render reads: Markdown with math, a
// code cell with Quarto options and a Jupyter Book tag that prints and
// shows a figure, and a reference to the figure.
const (
	squaresMath  = "# Squares\n\nThe squares $n^2$ for $n < 4$, and a figure:\n\n$$\\sum_{n<4} n^2 = 14$$"
	squaresCode  = "from IPython.display import SVG, display\nprint([n * n for n in range(4)])\ndisplay(SVG('<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect width=\"10\" height=\"10\"/></svg>'))"
	squaresOpts  = "#| label: fig-square\n#| fig-cap: A black square\n#| fig-alt: A black square, ten pixels wide\n"
	squaresAfter = "@fig-square is the figure."
)

var squaresForms = map[string]string{
	"squares.md": "---\ndate: 2024-05-06\nkernelspec:\n  display_name: Python 3\n  language: python\n  name: python3\n---\n\n" +
		squaresMath + "\n\n```{code-cell} ipython3\n:tags: [hide-input]\n\n" + squaresOpts + squaresCode + "\n```\n\n" + squaresAfter + "\n",
	"squares.qmd": "---\ndate: 2024-05-06\njupyter: python3\n---\n\n" + squaresMath + "\n\n```{python}\n" + squaresOpts +
		"#| tags: [hide-input]\n" + squaresCode + "\n```\n\n" + squaresAfter + "\n",
	"squares.py": "# ---\n# date: 2024-05-06\n# jupyter:\n#   kernelspec:\n#     display_name: Python 3\n#     language: python\n#     name: python3\n# ---\n\n" +
		"# %% [markdown]\n" + comment("# ", squaresMath) + "\n\n# %% tags=[\"hide-input\"]\n" + squaresOpts + squaresCode +
		"\n\n# %% [markdown]\n# " + squaresAfter + "\n",
}

// comment comments each line of text, as jupytext writes Markdown cells.
func comment(prefix, text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(prefix+l, " ")
	}
	return strings.Join(lines, "\n")
}

// squaresIpynb is the notebook as an .ipynb.
func squaresIpynb(t *testing.T) *notebook.Notebook {
	t.Helper()
	nb := notebook.New()
	nb.Metadata.Set("kernelspec", map[string]string{"display_name": "Python 3", "language": "python", "name": "python3"})
	nb.Metadata.Set("date", "2024-05-06")
	code := &notebook.Cell{Type: notebook.Code, Source: squaresOpts + squaresCode, Metadata: notebook.Metadata{}, Outputs: []*notebook.Output{}}
	code.Metadata.Set("tags", []string{"hide-input"})
	nb.Cells = []*notebook.Cell{
		{Type: notebook.Markdown, Source: squaresMath, Metadata: notebook.Metadata{}},
		code,
		{Type: notebook.Markdown, Source: squaresAfter, Metadata: notebook.Metadata{}},
	}
	return nb
}

// renderForms renders each form of the notebook base, and the .ipynb,
// each in a folder of its own into a site of its own, and returns each
// post and page as a reader sees them (the provenance, which names the
// file, left out), with the files beside the post, and the warnings.
func renderForms(t *testing.T, base string, forms map[string]string, ipynb *notebook.Notebook, x Executor) (pages map[string]string, warnings []string) {
	t.Helper()
	pages = map[string]string{}
	for _, name := range append(slices.Sorted(maps.Keys(forms)), base+".ipynb") {
		dir := t.TempDir()
		path := filepath.Join(dir, name)
		var err error
		if text, ok := forms[name]; ok {
			err = os.WriteFile(path, []byte(text), 0o644)
		} else {
			err = notebook.WriteFile(path, ipynb)
		}
		if err != nil {
			t.Fatal(err)
		}
		// A page without a date of its own is dated by its file.
		if err := os.Chtimes(path, time.Time{}, time.Date(2024, 5, 6, 0, 0, 0, 0, time.UTC)); err != nil {
			t.Fatal(err)
		}
		site := filepath.Join(dir, "site")
		s := &Site{Dir: site, MathFont: noFont(t), Executor: x, Warn: func(m string) {
			if !strings.Contains(m, "math font") {
				warnings = append(warnings, m)
			}
		}}
		if err := s.Build(context.Background(), []string{dir}); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var b strings.Builder
		for _, f := range []string{base + ".md", base + ".html"} {
			data, err := os.ReadFile(filepath.Join(site, f))
			if err != nil {
				t.Fatal(err)
			}
			b.WriteString(withoutProvenance(string(data)))
		}
		entries, _ := os.ReadDir(filepath.Join(site, base+"_files"))
		for _, e := range entries {
			b.WriteString("\nfile " + e.Name())
		}
		pages[name] = b.String()
	}
	return pages, warnings
}

// provenanceParts match what a page says of how it was made.
var provenanceParts = []*regexp.Regexp{
	regexp.MustCompile(`(?m)^provenance:\n(  .*\n)*`),
	regexp.MustCompile(`(?s)\* \* \*\n\n\*How this was made:\*.*`),
	regexp.MustCompile(`(?s)<footer class="provenance".*?</footer>`),
	regexp.MustCompile(`(?s)<section class="provenance".*?</section>`),
}

func withoutProvenance(s string) string {
	for _, re := range provenanceParts {
		s = re.ReplaceAllString(s, "")
	}
	return s
}

// checkSame reports the forms whose pages differ from the .ipynb's.
func checkSame(t *testing.T, pages map[string]string, ipynb string, want ...string) {
	t.Helper()
	for name, page := range pages {
		if name == ipynb {
			continue
		}
		if page != pages[ipynb] {
			t.Errorf("%s renders otherwise than %s:\n%s\n---- %s:\n%s", name, ipynb, page, ipynb, pages[ipynb])
		}
	}
	for _, w := range want {
		if !strings.Contains(pages[ipynb], w) {
			t.Errorf("the page lacks %q:\n%s", w, pages[ipynb])
		}
	}
}

// TestTextNotebooksRenderAlike renders one notebook saved as .ipynb,
// MyST Markdown, Quarto and a percent script with -execute never: the
// pages are the same, with no outputs.
func TestTextNotebooksRenderAlike(t *testing.T) {
	// Without outputs the figure is missing, alike in every form, and a
	// text notebook's warning names the cell's line.
	pages, warnings := renderForms(t, "squares", squaresForms, squaresIpynb(t), nil)
	if !slices.ContainsFunc(warnings, func(w string) bool {
		return strings.Contains(w, "squares.qmd:12: cell 3: label fig-square names no figure")
	}) {
		t.Errorf("no warning names the figure's cell at its line: %q", warnings)
	}
	checkSame(t, pages, "squares.ipynb", "<math", "Show code cell source", "print([n * n for n in range(4)])", "@fig-square")
	if strings.Contains(pages["squares.ipynb"], "#| label") {
		t.Error("the option lines are shown")
	}
}

// TestTextNotebooksRunAlike runs the four forms in IPython's kernel:
// the same pages, with the printed squares and the numbered figure.
func TestTextNotebooksRunAlike(t *testing.T) {
	if _, err := kernelspec.Find("python3"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI installs python3-ipykernel, but: %v", err)
		}
		t.Skipf("no python3 kernel: %v", err)
	}
	x := &execute.Executor{CacheDir: t.TempDir(), CellTimeout: time.Minute}
	pages, warnings := renderForms(t, "squares", squaresForms, squaresIpynb(t), x)
	if len(warnings) > 0 {
		t.Errorf("warnings: %q", warnings)
	}
	checkSame(t, pages, "squares.ipynb", "[0, 1, 4, 9]", "Figure 1", "A black square, ten pixels wide", "file ")
}

// The Go notebook, in GoNB's forms: a directive line that the page does
// not show ("%%", which jupytext's Go scripts write "//gonb:%%"), a Quarto
// option in Go's comment syntax.
const (
	cubesMath = "# Cubes\n\nThe cubes $n^3$ for $n < 4$."
	cubesCode = "//| code-fold: true\n%%\nfor n := range 4 {\n\tfmt.Println(n * n * n)\n}"
)

var cubesForms = map[string]string{
	"cubes.go": "// ---\n// jupyter:\n//   kernelspec:\n//     display_name: Go (gonb)\n//     language: go\n//     name: gonb\n// ---\n\n" +
		"// %% [markdown]\n" + comment("// ", cubesMath) + "\n\n// %%\n" + strings.Replace(cubesCode, "\n%%\n", "\n//gonb:%%\n", 1) + "\n",
	"cubes.md":  "---\nkernelspec:\n  display_name: Go (gonb)\n  language: go\n  name: gonb\n---\n\n" + cubesMath + "\n\n```{code-cell} go\n" + cubesCode + "\n```\n",
	"cubes.qmd": "---\njupyter: gonb\n---\n\n" + cubesMath + "\n\n```{go}\n" + cubesCode + "\n```\n",
}

func cubesIpynb() *notebook.Notebook {
	nb := notebook.New()
	nb.Metadata.Set("kernelspec", map[string]string{"display_name": "Go (gonb)", "language": "go", "name": "gonb"})
	nb.Cells = []*notebook.Cell{
		{Type: notebook.Markdown, Source: cubesMath, Metadata: notebook.Metadata{}},
		{Type: notebook.Code, Source: cubesCode, Metadata: notebook.Metadata{}, Outputs: []*notebook.Output{}},
	}
	return nb
}

// TestGoTextNotebooksRenderAlike renders the Go notebook saved as .ipynb,
// a Go percent script, MyST and Quarto: the same pages.
func TestGoTextNotebooksRenderAlike(t *testing.T) {
	pages, warnings := renderForms(t, "cubes", cubesForms, cubesIpynb(), nil)
	if len(warnings) > 0 {
		t.Errorf("warnings: %q", warnings)
	}
	checkSame(t, pages, "cubes.ipynb", "fmt.Println(n * n * n)", "language-go")
	if strings.Contains(pages["cubes.ipynb"], "%%") {
		t.Error("GoNB's %% line is shown")
	}
}

// TestGoTextNotebooksRunAlike runs the Go forms in GoNB, which is built
// into the shared tools cache by the first test that needs it; it is
// skipped in -short mode, as the other GoNB tests are.
func TestGoTextNotebooksRunAlike(t *testing.T) {
	if testing.Short() {
		t.Skip("runs GoNB; skipped in -short mode")
	}
	x := &execute.Executor{CacheDir: t.TempDir(), CellTimeout: 3 * time.Minute}
	if wd, err := os.Getwd(); err == nil {
		// GoNB at the versions this module pins, for notebooks in no module.
		x.ModuleDir = filepath.Join(wd, "..", "..", "..")
	}
	pages, warnings := renderForms(t, "cubes", cubesForms, cubesIpynb(), x)
	if len(warnings) > 0 {
		t.Errorf("warnings: %q", warnings)
	}
	checkSame(t, pages, "cubes.ipynb", "0\n1\n8\n27")
}
