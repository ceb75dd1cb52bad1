package textnotebook_test

import (
	"fmt"

	"github.com/grundylab/grundy/pkg/report/textnotebook"
)

func ExampleParse() {
	qmd := "---\ntitle: Squares\njupyter: python3\n---\n\nThe squares below $10$:\n\n```{python}\n#| label: squares\nprint([n * n for n in range(4)])\n```\n"
	f, err := textnotebook.Parse("squares.qmd", []byte(qmd))
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, c := range f.Notebook.Cells {
		fmt.Printf("line %d: %s %q\n", f.Lines[i], c.Type, c.Source)
	}
	fmt.Println(string(f.Notebook.Metadata["kernelspec"]))
	// Output:
	// line 1: raw "---\ntitle: Squares\n---"
	// line 6: markdown "The squares below $10$:"
	// line 8: code "#| label: squares\nprint([n * n for n in range(4)])"
	// {"display_name":"python3","language":"python","name":"python3"}
}

func ExampleParse_error() {
	_, err := textnotebook.Parse("analysis.qmd", []byte("# Analysis\n\n```{python}\nx = 1\n"))
	fmt.Println(err)
	// Output:
	// analysis.qmd:3: code chunk opened here is never closed by a line of 3 backticks
}

func ExampleFormatOf() {
	_, err := textnotebook.FormatOf("notes.Rmd")
	fmt.Println(err)
	// Output:
	// notes.Rmd: not a format render reads; it reads .ipynb notebooks, MyST Markdown notebooks (.md with jupytext or MyST-NB front matter, or {code-cell} blocks; .myst, .mystnb, .mnb), Quarto documents (.qmd) and jupytext percent scripts (# %% cells in .py, .jl, .r, .R; // %% in .go)
}
