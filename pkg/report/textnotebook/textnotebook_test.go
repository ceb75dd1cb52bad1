package textnotebook

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// cell is a cell as a test expects it: type, source, metadata as compact
// JSON ("" for none) and the line it starts on.
type cell struct {
	typ  notebook.CellType
	src  string
	meta string
	line int
}

const (
	code = notebook.Code
	md   = notebook.Markdown
	raw  = notebook.Raw
)

var parseTests = []struct {
	name, file, text string
	cells            []cell
	// nbMeta holds metadata keys of the notebook and their JSON.
	nbMeta   map[string]string
	warnings int
}{
	{
		name: "myst: front matter, options, block breaks, raw cell",
		file: "a.md",
		text: "---\njupytext:\n  text_representation:\n    format_name: myst\nkernelspec:\n  name: python3\ntitle: T\n---\n\n# Title\n\nSome $x^2$ text.  \n\n" +
			"```{code-cell} ipython3\n:tags: [remove-input, x]\n\nprint(1)\n```\n" +
			"+++ {\"slideshow\": {\"slide_type\": \"slide\"}}\n\nNext cell\n+++\nThird\n\n" +
			"````{code-cell} ipython3\n---\nmystnb:\n  figure:\n    caption: C\n---\n```\nnested\n```\n````\n\n" +
			"```{raw-cell}\n:format: text/latex\n\\LaTeX\n```\n",
		cells: []cell{
			{md, "# Title\n\nSome $x^2$ text.", "", 10},
			{code, "print(1)", `{"tags":["remove-input","x"]}`, 14},
			{md, "Next cell", `{"slideshow":{"slide_type":"slide"}}`, 21},
			{md, "Third", "", 23},
			{code, "```\nnested\n```", `{"mystnb":{"figure":{"caption":"C"}}}`, 25},
			{raw, "\\LaTeX", `{"format":"text/latex"}`, 36},
		},
		nbMeta: map[string]string{"kernelspec": `{"display_name":"python3","name":"python3"}`, "title": `"T"`},
	},
	{
		name: "myst: fences in lists and quotes are text, the language becomes the notebook's",
		file: "a.md",
		text: "- item\n\n  ```{code-cell} go\n  x := 1\n  ```\n\n> ```{code-cell} go\n> y\n> ```\n\n```{code-cell} go\nfmt.Println(1)\n```\n",
		cells: []cell{
			{md, "- item\n\n  ```{code-cell} go\n  x := 1\n  ```\n\n> ```{code-cell} go\n> y\n> ```", "", 1},
			{code, "fmt.Println(1)", "", 11},
		},
		nbMeta: map[string]string{"language_info": `{"name":"go"}`},
	},
	{
		name: "myst: a second language warns",
		file: "a.md",
		text: "```{code-cell} python\n1\n```\n```{code-cell} r\n2\n```\n",
		cells: []cell{
			{code, "1", "", 1},
			{code, "2", "", 4},
		},
		warnings: 1,
	},
	{
		name: "quarto: header, kernel, chunks, other languages, options",
		file: "a.qmd",
		text: "---\ntitle: \"Q\"\njupyter:\n  kernelspec:\n    name: python3\n    language: python\n    display_name: Python 3\nformat: html\n---\n\nIntro $$a$$\n\n" +
			"```{python}\n#| label: fig-a\n#| tags: [remove-input]\n#| fig-cap: A\nplot()\n```\n\n" +
			"```{r}\nr_code()\n```\n\n````markdown\n```{python}\nshown()\n```\n````\n\n" +
			"- list\n\n    ```{python}\n    indented()\n    ```\n",
		cells: []cell{
			{raw, "---\ntitle: \"Q\"\nformat: html\n---", "", 1},
			{md, "Intro $$a$$", "", 11},
			{code, "#| label: fig-a\n#| tags: [remove-input]\n#| fig-cap: A\nplot()", `{"tags":["remove-input"]}`, 13},
			{md, "```{r}\nr_code()\n```\n\n````markdown\n```{python}\nshown()\n```\n````\n\n- list", "", 20},
			{code, "indented()", `{"md-indent":"    "}`, 32},
		},
		nbMeta: map[string]string{"kernelspec": `{"display_name":"Python 3","language":"python","name":"python3"}`},
	},
	{
		name:     "quarto: jupyter names a kernel, knitr options warn",
		file:     "a.qmd",
		text:     "---\njupyter: gonb\n---\n```{go echo=false}\nx := 1\n```\n",
		cells:    []cell{{code, "x := 1", "", 4}},
		nbMeta:   map[string]string{"kernelspec": `{"display_name":"gonb","language":"go","name":"gonb"}`},
		warnings: 1,
	},
	{
		name:   "quarto: no jupyter key: the first chunk's language",
		file:   "a.qmd",
		text:   "```{ojs}\nviewof x\n```\n\n```{julia}\n1 + 1\n```\n",
		cells:  []cell{{md, "```{ojs}\nviewof x\n```", "", 1}, {code, "1 + 1", "", 5}},
		nbMeta: map[string]string{"language_info": `{"name":"julia"}`},
	},
	{
		name: "percent: header, titles, types, metadata, magics",
		file: "a.py",
		text: "# ---\n# title: P\n# jupyter:\n#   kernelspec:\n#     name: python3\n#     language: python\n# ---\n\n" +
			"# %% [markdown]\n# # Heading\n#\n# Text with $x$.\n\n" +
			"# %% Setup tags=[\"parameters\"]\nN = 10\n# %time f()\n\n\n" +
			"# %% [md] {\"k\": 1}\n# md cell\n\n" +
			"# %% [raw] raw_mimetype=\"text/latex\"\n# $1+1$\n\n" +
			"# %% language=\"html\"\n# <b>x</b>\n\n" +
			"# %% tags=['a', 'b'] active=\"ipynb\"\n# print('only in Jupyter')\n\n" +
			"# %%\ns = '''\n# %% not a marker\n'''\n",
		cells: []cell{
			{raw, "---\ntitle: P\n---", "", 1},
			{md, "# Heading\n\nText with $x$.", "", 9},
			{code, "N = 10\n%time f()", `{"tags":["parameters"],"title":"Setup"}`, 14},
			{md, "md cell", `{"k":1,"region_name":"md"}`, 19},
			{raw, "$1+1$", `{"raw_mimetype":"text/latex"}`, 22},
			{code, "%%html\n<b>x</b>", "", 25},
			{code, "print('only in Jupyter')", `{"active":"ipynb","tags":["a","b"]}`, 28},
			{code, "s = '''\n# %% not a marker\n'''", "", 31},
		},
		nbMeta: map[string]string{"kernelspec": `{"language":"python","name":"python3"}`},
	},
	{
		name: "percent: Go, GoNB's lines",
		file: "a.go",
		text: "// %%\n// !*go mod tidy\n//gonb:%%\nfmt.Println(1)\n\n// %% [markdown]\n// Text\n",
		cells: []cell{
			{code, "!*go mod tidy\n%%\nfmt.Println(1)", "", 1},
			{md, "Text", "", 6},
		},
		nbMeta: map[string]string{"language_info": `{"name":"go"}`},
	},
	{
		name:  "percent: code before the first marker, a bare marker",
		file:  "a.jl",
		text:  "\ufeffx = 1\n# %%\ny = 2\n",
		cells: []cell{{code, "x = 1", "", 1}, {code, "y = 2", "", 2}},
	},
}

func TestParse(t *testing.T) {
	for _, tt := range parseTests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Parse(tt.file, []byte(tt.text))
			if err != nil {
				t.Fatal(err)
			}
			checkCells(t, f, tt.cells)
			for k, want := range tt.nbMeta {
				if got := string(f.Notebook.Metadata[k]); compact(t, got) != want {
					t.Errorf("metadata %s = %s, want %s", k, got, want)
				}
			}
			if len(f.Warnings) != tt.warnings {
				t.Errorf("warnings %q, want %d", f.Warnings, tt.warnings)
			}
			for _, w := range f.Warnings {
				if !strings.HasPrefix(w, tt.file+":") {
					t.Errorf("warning %q does not name the file and line", w)
				}
			}
		})
	}
}

func checkCells(t *testing.T, f *File, want []cell) {
	t.Helper()
	if len(f.Lines) != len(f.Notebook.Cells) {
		t.Fatalf("%d lines for %d cells", len(f.Lines), len(f.Notebook.Cells))
	}
	for i, c := range f.Notebook.Cells {
		meta := ""
		if len(c.Metadata) > 0 {
			b, _ := json.Marshal(c.Metadata)
			meta = compact(t, string(b))
		}
		got := cell{c.Type, c.Source, meta, f.Lines[i]}
		if i >= len(want) {
			t.Errorf("extra cell %d: %+v", i+1, got)
			continue
		}
		if got != want[i] {
			t.Errorf("cell %d:\n got %+v\nwant %+v", i+1, got, want[i])
		}
		if c.Type == code && c.Outputs == nil {
			t.Errorf("cell %d: code cell with nil outputs (written as null)", i+1)
		}
	}
	if len(f.Notebook.Cells) < len(want) {
		t.Errorf("%d cells, want %d", len(f.Notebook.Cells), len(want))
	}
}

func compact(t *testing.T, s string) string {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		return s
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func TestErrors(t *testing.T) {
	tests := []struct {
		file, text string
		sentinel   error
		want       string
	}{
		{"a.qmd", "# T\n\n```{python}\nx = 1\n", ErrSyntax, "a.qmd:3: code chunk opened here is never closed"},
		{"a.qmd", "---\ntitle: x\n", ErrSyntax, "a.qmd:1: front matter opened here is never closed"},
		{"a.qmd", "---\njupyter: [1]\n---\n", ErrSyntax, "a.qmd:1: jupyter is a list"},
		{"a.qmd", "---\njupyter:\n  kernelspec: {language: python}\n---\n", ErrSyntax, "a.qmd:1: jupyter.kernelspec has no name"},
		{"a.qmd", "---\ntitle: [\n---\n", ErrSyntax, "a.qmd:1: front matter: not valid YAML:"},
		{"a.md", "text\n\n```{code-cell} python\nx = 1\n", ErrSyntax, "a.md:3: {code-cell} fence opened here is never closed"},
		{"a.md", "---\n- a list\n---\n", ErrSyntax, "a.md:1: front matter: a list, not a mapping"},
		{"a.md", "---\njupytext:\n  text_representation:\n    format_name: markdown\n---\n", ErrFormat, `a.md:1: jupytext's "markdown" format is not read`},
		{"a.md", "```{code-cell}\n---\n[1, 2]\n---\n```\n", ErrSyntax, "a.md:1: the cell's options: a list"},
		{"a.md", "a\n+++ [1]\nb\n", ErrSyntax, "a.md:2: the metadata after +++ is not a JSON object"},
		{"a.md", "# T\n\n" + strings.Repeat("> ", 40) + "deep\n", ErrSyntax, "a.md:3: not read: it nests block quotes and lists up to 40 deep"},
		{"a.md", "---\nt: x\n", ErrSyntax, "a.md:1: front matter opened here is never closed"},
		{"a.py", "print(1)\n", ErrFormat, "a.py: no # %% cell marker"},
		{"a.go", "package main\n", ErrFormat, "a.go: no // %% cell marker"},
		{"a.py", "# ---\n# jupyter:\n#   kernelspec: {name: python3}\n", ErrSyntax, "a.py:1: header opened here is never closed"},
		{"a.py", "# -*- coding: latin-1 -*-\n# %%\n", ErrSyntax, "a.py:1: encoding latin-1"},
		{"a.py", "# %% " + strings.Repeat("x", maxOptions) + "\n", ErrSyntax, "a.py:1: cell marker: options longer than"},
		{"a.txt", "", ErrFormat, "a.txt: not a format render reads; it reads .ipynb notebooks, MyST Markdown"},
		{"a.Rmd", "", ErrFormat, "a.Rmd: not a format render reads"},
		{"a.ipynb", "{}", ErrFormat, "read by package notebook"},
		{"a.md", strings.Repeat("x", MaxSize+1), ErrTooLarge, "a.md: larger than 16 MiB"},
		{"a.md", strings.Repeat("a\n+++\n", MaxCells+1), ErrTooLarge, "a.md: more than 10000 cells"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.file, []byte(tt.text))
		if !errors.Is(err, tt.sentinel) || err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s %.40q: error %v, want %v containing %q", tt.file, tt.text, err, tt.sentinel, tt.want)
		}
		if _, ok := errors.AsType[*Error](err); !ok {
			t.Errorf("%s %.40q: %T is not an *Error", tt.file, tt.text, err)
		}
	}
}

func TestIsNotebook(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"nb.ipynb":      "{}",
		"mystnb.md":     "---\nfile_format: mystnb\n---\n# x\n",
		"jupytext.md":   "---\njupytext:\n  text_representation:\n    format_name: myst\n---\n",
		"cells.md":      "# Doc\n\n```{code-cell}\n1\n```\n",
		"readme.md":     "# Readme\n\n```python\n1\n```\n",
		"about-myst.md": "# MyST notebooks\n\nWrite code so:\n\n````md\n```{code-cell} python\n1\n```\n````\n",
		"post.md":       "---\ntitle: A post render wrote\nmathjax: true\n---\nText\n",
		"chunks.qmd":    "# T\n\n```{python}\n1\n```\n",
		"kernel.qmd":    "---\njupyter: python3\n---\nText\n",
		"document.qmd":  "---\ntitle: About\n---\n```{mermaid}\ngraph\n```\n",
		"script.py":     "# %%\nx = 1\n",
		"module.py":     "def f():\n    return 1\n",
		"main.go":       "package main\n\nfunc main() {}\n",
		"cells.go":      "// %%\nx := 1\n",
		"hash.go":       "# %%\n",
		"notes.txt":     "# %%\n",
		"x.mnb":         "",
	}
	var got []string
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		ok, err := IsNotebook(path)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			got = append(got, name)
		}
	}
	slices.Sort(got)
	want := []string{"cells.go", "cells.md", "chunks.qmd", "jupytext.md", "kernel.qmd", "mystnb.md", "nb.ipynb", "script.py", "x.mnb"}
	if !slices.Equal(got, want) {
		t.Errorf("notebooks %q, want %q", got, want)
	}
	if _, err := IsNotebook(filepath.Join(dir, "gone.md")); err == nil {
		t.Error("a missing file gave no error")
	}
}

func TestUnpaired(t *testing.T) {
	files := []string{"d/a.ipynb", "d/a.md", "d/b.md", "e/a.py", "d/./a.qmd"}
	kept, dropped := Unpaired(files)
	if want := []string{"d/a.ipynb", "d/b.md", "e/a.py"}; !slices.Equal(kept, want) {
		t.Errorf("kept %q, want %q", kept, want)
	}
	if want := [][2]string{{"d/a.md", "d/a.ipynb"}, {"d/./a.qmd", "d/a.ipynb"}}; !slices.Equal(dropped, want) {
		t.Errorf("dropped %q, want %q", dropped, want)
	}
}

func TestLine(t *testing.T) {
	f, err := Parse("x.py", []byte("# %%\na\n\n# %%\nb\n"))
	if err != nil {
		t.Fatal(err)
	}
	for cell, want := range map[int]string{0: "", 1: "x.py:1", 2: "x.py:4", 3: ""} {
		if got := f.Line(cell); got != want {
			t.Errorf("Line(%d) = %q, want %q", cell, got, want)
		}
	}
}

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.md")
	if err := os.WriteFile(big, make([]byte, MaxSize+1), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFile(big); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), big) {
		t.Errorf("big file: %v", err)
	}
	if ok, err := IsNotebook(big); !ok || err != nil {
		t.Errorf("IsNotebook(big) = %v, %v; want true so that reading it says why it fails", ok, err)
	}
	f, err := ReadFile("testdata/jupytext/jupyter.ipynb")
	if err != nil || f.Format != IPynb || f.Lines != nil || len(f.Notebook.Cells) == 0 {
		t.Errorf("ipynb: %v, %+v", err, f)
	}
	if _, err := ReadFile(filepath.Join(dir, "none.qmd")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}
