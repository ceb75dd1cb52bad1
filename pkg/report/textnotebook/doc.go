// Package textnotebook reads notebooks kept as text, the forms writers
// keep in git, into the notebooks of package notebook: MyST Markdown
// notebooks (jupytext's and MyST-NB's), Quarto documents (.qmd) and
// jupytext's percent scripts. It also says which files of a folder are
// notebooks.
//
//	f, err := textnotebook.ReadFile("analysis.qmd") // or .md, .py, .go, .ipynb
//	v, err := report.NewView(f.Notebook, opts)
//
// Each format is read by the rules of the tool that defines it, so that a
// notebook reads here as it does there:
//
//   - MyST Markdown, as jupytext's myst_to_notebook and MyST-NB read it:
//     the YAML front matter is the notebook's metadata (kernelspec and
//     any other key); a top-level fence whose info string starts with
//     {code-cell} (then the language) or {raw-cell} is a cell, its
//     options (":tags: [x]" lines, or YAML between "---" lines) the cell's
//     metadata; a "+++" line breaks the Markdown into cells, the JSON
//     after it the next cell's metadata; the Markdown between is kept as
//     written, but for blank lines at its ends. Fences inside lists,
//     quotes or other fences are text, as CommonMark (goldmark) parses
//     them. A .md file is a notebook with MyST-NB's or jupytext's front
//     matter saying so, or with a {code-cell} block.
//   - Quarto, as Quarto makes a notebook of a .qmd to run it in Jupyter:
//     the front matter, without its jupyter key, is a first raw cell (the
//     reader's view takes the title and the rest from it); the jupyter
//     key names the kernel (jupyter: python3, or a kernelspec); the
//     chunks of the kernel's language (```{python}, ```{go}) are code
//     cells with their "#|" option lines kept in the source, where the
//     view reads them, and options Quarto does not keep there (tags)
//     copied into the cell's metadata; chunks in other languages and all
//     else are Markdown. Unlike Quarto, a chunk inside another fenced
//     block is text, and a chunk never closed is an error. A .qmd without
//     code chunks or a jupyter key is a document, not a notebook, when
//     a folder is searched.
//   - Percent scripts, as jupytext reads them: .py, .jl, .r and .R cells
//     start at "# %%" lines, .go cells at "// %%" lines, which may give a
//     title, a type ([markdown], [md], [raw]) and metadata (tags=["x"],
//     key=value pairs or a JSON object); a commented YAML header's
//     jupyter key is the notebook's metadata, its other keys a first raw
//     cell; Markdown and raw cells lose their comment; commented magics
//     of code cells ("# %time", "// !*go mod tidy") are uncommented, and
//     "//gonb:%%" is GoNB's "%%". A script without a cell marker is not
//     read: a Go or Python source file is never taken for a notebook.
//
// A notebook that names no kernel gets its code's language as its
// language_info (the chunks', the code-cells' or the script's), from
// which package execute chooses the kernel as for an .ipynb.
//
// Errors name the file and the line, as a compiler's do
// ("analysis.qmd:14: code chunk opened here is never closed ..."); they
// are *Error values wrapping ErrSyntax, ErrFormat (an extension render
// does not read, naming the formats it does) or ErrTooLarge (more than
// MaxSize bytes or MaxCells cells). File.Lines maps each cell to the
// line it starts on, so that a failing cell can be shown where it is.
//
// A text notebook paired by jupytext with an .ipynb of the same name is
// left out of a folder's notebooks by Unpaired: the .ipynb has the
// outputs.
package textnotebook
