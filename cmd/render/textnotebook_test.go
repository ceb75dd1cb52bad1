package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/jupyter/kernelspec"
)

// TestTextNotebookRunsOnce renders a Quarto notebook in IPython's kernel
// with the default -execute auto: the second render takes it from the
// cache, and so does one after its Markdown is edited; a change to its
// code runs it again. A percent script whose cell fails is named at the
// line of that cell.
func TestTextNotebookRunsOnce(t *testing.T) {
	if _, err := kernelspec.Find("python3"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI installs python3-ipykernel, but: %v", err)
		}
		t.Skipf("no python3 kernel: %v", err)
	}
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // a cache of its own
	dir := t.TempDir()
	qmd := filepath.Join(dir, "squares.qmd")
	write := func(path, text string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const doc = "---\ntitle: Squares\njupyter: python3\n---\n\nThe squares.\n\n```{python}\n#| echo: false\nprint([n * n for n in range(5)])\n```\n"
	write(qmd, doc)
	out := filepath.Join(t.TempDir(), "site")
	for i, step := range []struct {
		text, want string
	}{
		{doc, "1 notebook run, 0 from the cache"},
		{doc, "0 notebooks run, 1 from the cache"},
		{strings.Replace(doc, "The squares.", "The squares, again.", 1), "0 notebooks run, 1 from the cache"},
		{strings.Replace(doc, "range(5)", "range(6)", 1), "1 notebook run, 0 from the cache"},
	} {
		write(qmd, step.text)
		if got := render(t, 0, "-o", out, qmd); !strings.Contains(got, step.want) {
			t.Errorf("render %d: %s, want %q", i+1, got, step.want)
		}
	}
	post, err := os.ReadFile(filepath.Join(out, "squares.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(post), "[0, 1, 4, 9, 16, 25]") || strings.Contains(string(post), "print(") {
		t.Errorf("the post:\n%s", post)
	}

	bad := filepath.Join(dir, "bad.py")
	write(bad, "# %% [markdown]\n# A cell that fails.\n\n# %%\nx = 1\n\n# %%\n1 / 0\n")
	if got := render(t, 1, "-o", out, bad); !strings.Contains(got, "bad.py:7: execute "+bad+": cell 3") || !strings.Contains(got, "ZeroDivisionError") {
		t.Errorf("a failing cell:\n%s", got)
	}
}

// TestTextNotebookFormats renders a folder of notebooks in every text
// form with -execute never, leaving out what is not a notebook, and
// refuses a file of another kind with the formats render reads.
func TestTextNotebookFormats(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"myst.md":      "---\nfile_format: mystnb\nkernelspec:\n  name: python3\n---\n\n# MyST\n\n```{code-cell} ipython3\nprint('myst')\n```\n",
		"quarto.qmd":   "---\ntitle: Quarto\n---\n\n```{python}\nprint('quarto')\n```\n",
		"percent.py":   "# %% [markdown]\n# # Percent\n\n# %%\nprint('percent')\n",
		"gonb.go":      "// %% [markdown]\n// # Go\n\n// %%\nfmt.Println(\"go\")\n",
		"README.md":    "# Not a notebook\n",
		"about.qmd":    "---\ntitle: About\n---\n\nNo code.\n",
		"module.go":    "package main\n",
		"helper.py":    "def f():\n    return 1\n",
		"paired.ipynb": `{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}`,
		"paired.md":    "---\njupytext:\n  text_representation:\n    format_name: myst\n---\n",
		"notes.Rmd":    "# R Markdown\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(t.TempDir(), "site")
	got := render(t, 0, "-execute", "never", "-o", out, dir)
	if !strings.Contains(got, "5 pages written") || !strings.Contains(got, "paired.md: paired with") {
		t.Errorf("render of the folder:\n%s", got)
	}
	for name, want := range map[string]string{"myst": "print('myst')", "quarto": "print('quarto')", "percent": "print('percent')", "gonb": `fmt.Println("go")`} {
		post, err := os.ReadFile(filepath.Join(out, name+".md"))
		if err != nil || !strings.Contains(string(post), want) {
			t.Errorf("%s.md (%v) lacks %q:\n%s", name, err, want, post)
		}
	}
	got = render(t, 1, "-execute", "never", "-o", out, filepath.Join(dir, "notes.Rmd"))
	if !strings.Contains(got, "notes.Rmd: not a format render reads; it reads .ipynb notebooks, MyST Markdown notebooks") {
		t.Errorf("an .Rmd file:\n%s", got)
	}
	got = render(t, 1, "-execute", "never", "-o", out, filepath.Join(dir, "module.go"))
	if !strings.Contains(got, "module.go: no // %% cell marker") {
		t.Errorf("a Go source file:\n%s", got)
	}
}
