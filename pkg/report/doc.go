// Package report turns a notebook into what a reader of its writeup sees,
// and holds what the writers share.
//
// NewView makes one reader's view of a notebook: its metadata (Meta) and
// an ordered list of blocks — Markdown, code in its language, streams,
// errors, images, HTML, math, JSON, notes — with every rule about what is
// shown applied once: cell tags (remove-cell, remove-input,
// remove-output), streams joined and updates of displays applied as
// Jupyter shows them, the preferred representation of each output, images
// decoded and written as Files, GoNB's SVG figures recognised as images,
// attachments resolved, untrusted HTML and SVG sanitised, terminal colours
// kept as spans, outputs cut to a size, each image held once in a file
// named by its content, and Markdown that a parser would take too long
// over (nested thousands deep, thousands of unmatched emphasis markers:
// see MarkdownBudget) shown as the text it is, with a note:
//
//	nb, err := notebook.ReadFile("notebooks/pe310.ipynb")
//	v, err := report.NewView(nb, report.ViewOptions{Name: "pe310", ModTime: modTime})
//	post := markdown.Render(v)            // pe310.md and pe310_files/...
//	page, err := htmlpage.Render(v, opts) // pe310.html
//
// The writers in the sub-packages markdown and htmlpage render a view
// block by block, each kind in its own way, as goldmark renders nodes by
// kind; neither decides what is shown.
//
// Metadata is read leniently: a field of an unexpected type (a numeric
// date, a list of authors, a title that is a number) becomes a sensible
// value and a Warning, never a refused notebook; Jupytext, MyST, Quarto
// and Jupyter Book fields and YAML front matter in a first cell are used.
//
// The other sub-packages do one job each: notebook reads and writes
// .ipynb files; mathml finds formulas as Jupyter does and renders TeX as
// MathML; sanitize cleans untrusted HTML and MathML; site renders
// notebooks into a folder, which cmd/render drives. The Jupyter client
// lives under jupyter: kernel speaks the Jupyter messaging protocol, gonb
// provisions and starts the GoNB kernel, and execute runs notebooks cell
// by cell with parameters and a cache. For the notebooks themselves, plot
// draws their figures and check holds their claim and unwrap helpers.
package report
