// Package report turns a notebook into what a reader of its writeup sees:
// the reader's view, which the writers render.
//
// NewView makes one reader's view of a notebook: its metadata (Meta) and
// an ordered list of blocks — Markdown, code in its language, streams,
// errors, images, HTML, math, JSON, notes — with every rule about what is
// shown applied once: what cells say about their writeup (below), streams
// joined and updates of displays applied as Jupyter shows them, the
// preferred representation of each output, images decoded and written as
// Files, GoNB's SVG figures recognised as images, attachments resolved,
// untrusted HTML and SVG sanitised, terminal colours kept as spans,
// outputs cut to a size, long ones folded, glued values put where the
// Markdown quotes them, each image held once in a file named by its
// content, and Markdown that a parser would take too long over (nested
// thousands deep, thousands of unmatched emphasis markers: see package
// mdcost) shown as the text it is, with a note:
//
//	nb, err := notebook.ReadFile("notebooks/pe310.ipynb")
//	v, err := report.NewView(nb, report.ViewOptions{Name: "pe310", ModTime: modTime})
//	post := markdown.Render(v)            // pe310.md and pe310_files/...
//	page, err := htmlpage.Render(v, opts) // pe310.html
//
// The writers in the sub-packages markdown and htmlpage render a view
// block by block, each kind in its own way, as goldmark renders nodes by
// kind; neither decides what is shown. A view's Provenance, which the
// notebook alone cannot give (its commit, its run), is set by the caller
// (package site) and shown by both writers in the same words (Items).
//
// A cell says what its writeup shows in the ways writers already use, so
// that one notebook looks right in Jupyter, Quarto and here:
//
//   - Jupyter Book's tags: remove-cell, remove-input and remove-output
//     leave parts out, remove-stdout and remove-stderr a stream;
//     hide-cell, hide-input and hide-output fold them (Fold), one click
//     from open.
//   - JupyterLab's metadata jupyter.source_hidden and
//     jupyter.outputs_hidden, and nbformat's collapsed (the outputs),
//     fold as hide-input and hide-output do.
//   - Quarto's cell options, YAML in comment lines at the top of a code
//     cell in its language's syntax, "//| echo: false" in Go, "#| echo:
//     false" in Python: echo, output and include false leave out the
//     source, the outputs, the cell; warning: false leaves out stderr,
//     as Quarto's Jupyter engine does; output: asis reads the cell's
//     text output (stdout, text/plain) as Markdown, sanitised as any
//     untrusted Markdown; code-fold (true or show) folds the source
//     behind code-summary; code-line-numbers numbers its lines on a
//     page; fig-cap, fig-alt and label give the cell's images captions
//     (Markdown), alternative text (plain) and a label; tbl-cap captions
//     the cell's first other output as a table, its caption above it,
//     where Quarto puts a table's, numbered with a label "tbl-NAME";
//     fig-subcap makes the images lettered subfigures of one figure
//     numbered by the label, "fig-NAME-2" naming the second, "Figure 1
//     (b)", and tbl-subcap the other outputs lettered subtables of one
//     table, "Table 1 (b)", its caption above them; layout-ncol,
//     layout-nrow (which win over layout, as in Quarto) and layout (its
//     last row repeated for outputs beyond its cells) set them in rows
//     on a page (Block.Panel), layout-valign and layout-align aligning
//     them there; a post shows them one under another, unaligned.
//     eval and error
//     are the runner's (package jupyter/execute): they decide whether
//     the cell runs and whether its error stops the run.
//   - MyST-NB's cell metadata ("mystnb", or the older "render"): figure
//     {caption, name, caption_before} captions the cell's first output
//     with the caption's first paragraph (above it with
//     caption_before), adds the paragraphs after it as the legend and,
//     with a name, numbers it as a labelled figure; image {width,
//     height, alt, classes} sizes the images (in pixels) and gives them
//     alternative text and classes; number_source_lines,
//     code_prompt_show and code_prompt_hide (the fold control's text,
//     closed and open, "{type}" standing for source, outputs or
//     content), merge_streams (all of the cell's stdout joined where the
//     first was, each chunk on a line of its own, and stderr likewise,
//     as MyST-NB joins them), markdown_format (commonmark or gfm read
//     the cell's text/markdown outputs in that dialect, without
//     Quarto's and MyST's constructs, formulas still typeset; myst as
//     the notebook's own Markdown, which is also what a cell that names
//     none gets, where MyST-NB would read commonmark),
//     remove_code_source, remove_code_outputs and output_stderr.
//
// Package cellopts reads all of these into one value; the view applies
// it. The option lines are never shown; options it does not know are
// ignored, and values of the wrong kind (or option lines that are not
// YAML) give a Warning naming the cell. YAML is read within bounds: a
// size cap, aliases counted against the input (front matter too).
//
// A remove-* tag or a false option wins over a fold. An output none of
// whose representations a page can show is a note and a Warning naming
// the cell, the output and its types. Every image is a figure with
// alternative text that is never "output": fig-alt, else MyST-NB's
// image alt, else its caption (fig-cap, or MyST-NB's figure caption)
// as plain text, else a short text form of the output, else "Figure from
// cell K" and a Warning that names the option in the notebook's own
// syntax (MyST-NB's image alt in a MyST notebook or a cell with MyST-NB's
// metadata, else "#| fig-alt"). The first image of a cell labelled "fig-NAME"
// is numbered, "Figure 1: caption".
//
// One index (authoring.Index, View.Index) numbers what the notebook
// numbers, in cell order, as Quarto and mystmd do: figures (a cell's,
// a glue:figure's, a {figure} or {eval:figure} directive's, Quarto's
// "![Caption](f.png){#fig-x}"), tables (Pandoc's ": Caption
// {#tbl-x}" under a pipe table, {list-table} and {table} with :name:),
// equations in one sequence (labelled ones, by "$$ ... $$ {#eq-x}", MyST's
// "$$ ... $$ (label)", a target or \label, tagged with their number; AMS
// environments as MathJax numbers them; {math} and a labelled
// {glue:math}), theorem-like blocks per kind, and, with number-sections:
// true (Quarto) or numbering: {headings: true} (mystmd) in the front
// matter, sections ("1.2"). A notebook in MyST's syntax, or with mystmd's
// numbering key, is numbered as mystmd numbers it: every displayed
// formula, one number each (authoring.Index.Configure). Both writers resolve the
// Markdown's references from it (see package authoring: "@fig-x",
// "[@fig-x]", "-@fig-x", {ref}, {numref}, {eq}, {prf:ref}, "[](#x)",
// targets "(x)=", \eqref), and a reference to no target is shown marked
// ("?@fig-x"), with a Warning naming its cell. Citations ("[@key]",
// "@key", {cite}) are formatted from ViewOptions.Bibliography (package
// bib, Chicago author–date as pandoc writes it), and the writers end the
// page and the post with the references; without a bibliography, "@key"
// that names no target is text, as Quarto reads it. A site joins its
// views (View.Join) so that a reference to a label of another of its
// notebooks resolves to that page (see authoring.Project and package
// site); a view alone resolves its own labels only.
//
// In a Go notebook, GoNB's directives are not shown with the code: the
// "%%" line (with or without arguments), other "%" special commands, and
// "!" and "!*" shell lines with their continuations, such as the module
// set-up "!*go mod edit -replace ...". A cell of directives alone shows
// its outputs only. A cell whose first line is a cell magic naming
// another language or a file ("%%bash", "%%writefile f") is shown as
// written. Other notebooks show their magics, set apart from the code.
//
// Files beside the notebook: with ViewOptions.Local, a relative link or
// image destination in the view's Markdown (inline, by reference, or a
// src or href of raw HTML; whatever construct made the Markdown) that
// names a file under the notebook's folder is copied into Files, named by
// its content, and pointed at the copy, so that the post's folder and the
// page hold it. A path that leaves the folder ("..", a symbolic link out
// of an os.Root), a hidden file, a file over MaxImage or past
// MaxLocalFiles in all is not read, and a path that names no file is left
// as written; each gives a Warning naming the cell. A link to a web page
// ("other.html") names a page of the site: it is left as written, and
// never copied. Outputs' HTML is not read this way: its relative sources name
// files of the site, and the writers refuse those that climb out of it
// (sanitize.SafeSource).
//
// A stream or text output of more than ViewOptions.FoldLines lines (40
// by default) shows half as many, its first lines, and keeps the rest a
// click away (a Rest block); the size cap (MaxOutput) still applies.
//
// Glue is MyST-NB's (Jupyter Book's): a code cell stores a named value
// as a display output with {"scrapbook": {"name": ...}} metadata, its
// MIME keys prefixed with GluePrefix when it is not to be shown, and the
// notebook's Markdown quotes it. The view reads every glued value of the
// notebook first (View.Glue), wherever it is and whatever the cell's
// tags, hides the prefixed outputs, and fills in the roles {glue}`name`
// (its preferred representation inline: text, HTML, an image, a formula),
// {glue:any}`name`, {glue:text}`name` and {glue:text}`name:spec` (the
// text/plain value formatted by Python's format mini-language),
// {glue:md}`name` (text/markdown as Markdown) and {glue:math}`name`
// (text/latex as a formula), and the top-level directives {glue},
// {glue:any}, {glue:figure} (with :alt:, :name: and a caption),
// {glue:math} (with :label:) and {glue:md}, fenced by backticks, tildes
// or colons, as blocks of their own. Roles in code, math or raw HTML are
// text, as in MyST. A glued value is untrusted output: text is written so
// that no Markdown reader, the page's or a blog's, sees markup or math in
// it; HTML and SVG are sanitised as outputs are. A missing name, a
// missing representation or a bad format spec gives a Warning naming the
// cell and the name, and the page shows the role as written, marked
// (a bad spec shows the plain text). Glue is paid for by what it
// pastes, from the Markdown budget (budget.go): a notebook pastes at most
// 16 times the bytes of its sources and glued values, and a long text is
// cut as an output is; a role or directive past that is shown as written,
// marked, with one warning. A reference to another notebook
// (path.ipynb::name, or :doc:) is left as written, with a warning: a page
// reads one notebook. Directives inside lists or quotes are not read.
//
// A {glue:figure} is a figure as a cell's images are, whatever the value
// (an image, a table, a text): its caption is the first paragraph of
// the directive's body, its roles filled in, as one line of inline
// Markdown (as fig-cap's is), and the paragraphs after it its legend;
// :alt: gives an image its alternative text, and the same rules as a
// cell's images' supply one it lacks. With a :name: (letters, digits,
// "_", joined by "-", "." or ":") it is numbered in the same sequence as
// the cells' labelled figures, and ":name: fig-NAME" is linked to by
// "@fig-NAME" as a cell's label is. {glue:math}'s :label: is the
// formula's anchor, and numbers it as an equation.
//
// Metadata is read leniently: a field of an unexpected type (a numeric
// date, a list of authors, a title that is a number) becomes a sensible
// value and a Warning, never a refused notebook; Jupytext, MyST, Quarto
// and Jupyter Book fields and YAML front matter in a first cell are used.
//
// The view is built in one pass that calls downward only, one layer of
// files a step. view.go runs the pass: it gathers once what the whole
// notebook decides (the displays later updates change, the glued values
// and the outputs glued without display, the front matter, the
// language), reads the metadata (meta.go: the fields first, then the
// text, in one pass, for what they leave out), then each cell, adding
// its Markdown and formulas to the index (figref.go), then checks the
// references against the index. A cell's look (fold.go) says what is
// shown; its Markdown with attachments and glued values (attach.go;
// gluefind.go finds the glue once per cell, gluepaste.go pastes it) and
// its outputs (outputs.go, figures.go for SVG figures and formulas) each
// return the blocks they make, Markdown only as the budget allows
// (budget.go); the cell folds them, its figures captioned and numbered
// (figref.go, with the cell's options read by package cellopts), and adds them to
// the view (blocks.go) once. A step never calls one above it:
// TestViewLayers holds the package to that order and names any call back
// up.
//
// What is not the view has a package of its own, below it: terminal
// reads terminal escapes into coloured spans (and prints untrusted text
// safely); codelang knows notebooks' code languages and GoNB's
// directives; plaintext reads Markdown as plain text for titles,
// summaries and captions; mdcost measures what Markdown costs a parser;
// frontmatter reads the YAML front matter of a first cell;
// cellopts reads what a code cell's options say about its writeup.
//
// The other sub-packages do one job each: notebook reads and writes
// .ipynb files; mathml finds formulas as Jupyter does and renders TeX as
// MathML; sanitize cleans untrusted HTML and MathML; site renders
// notebooks into a folder, which cmd/render drives; pdf prints its pages
// with headless Chromium and preview serves it while its notebooks are
// edited (render -serve). The Jupyter client
// lives under jupyter: kernel speaks the Jupyter messaging protocol, gonb
// provisions and starts the GoNB kernel, and execute runs notebooks cell
// by cell with parameters and a cache; none of it imports the view or
// the rendering stack. For the notebooks themselves, plot
// draws their figures, check holds their claim and unwrap helpers, and
// glue stores a computed value under a name for the prose to quote.
package report
