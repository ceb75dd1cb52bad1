// Package authoring reads the Markdown that writers of mathematics use
// beyond CommonMark, in Quarto's and MyST's forms, as goldmark
// extensions used by both writers: theorem-like blocks and proofs,
// callouts and admonitions, tabsets, directives, cross-references that
// are numbered and resolved, and citations.
//
// Every construct is a parser, an AST node and a renderer per node, as
// goldmark's own extensions are built. Nodes that a reference can name
// are Numbered; the numbers come from one pass over the whole document,
// so that both writers, which render a notebook cell by cell, show the
// same numbers. Nodes that a blog's Markdown reader would not understand
// are PostNodes: the post writes each in a form of its own.
//
// Blocks reads the block constructs: Quarto's fenced divs (theorem-like
// blocks, proofs, callouts, tabsets, other divs), MyST's directives in
// colon and backtick fences (statements as sphinx-proof's {prf:kind} or
// mystmd's {proof:kind} and {proof}, sphinx-exercise's {exercise} and
// {solution}, jupyter-book's {example}), GitHub's alerts and Pandoc's
// grid tables (each cell's lines read as Markdown blocks; the rows under
// the last but one line of "=" a foot when the last line is one, as
// Pandoc 3 reads them, which the post writes after the body, a pipe table
// having no foot; a caption ": Caption {#tbl-x}" beside one numbers it as
// a pipe table's does; lines that are not a well-formed table stay
// text). A directive's options, ":key: value" lines or a YAML block
// between "---" lines, are read by DirectiveOptions, which a reader of
// directives of its own (MyST-NB's glue, in package report) calls too.
// The page renders them as HTML; the post writer calls Post on each Markdown block's source,
// which replaces every PostNode's source by its post form and leaves
// every other byte as written:
//
//	md := goldmark.New(goldmark.WithExtensions(&authoring.Blocks{Warn: warn}))
//	post := authoring.Post(source, &authoring.Blocks{})
//
// Cross-references and citations (Refs; files index.go, ref*.go, role.go,
// cite.go, equation.go): an Index records a whole document first, its
// pieces in order, then each writer gives its goldmark a Refs of its own
// over the same Index, which numbers the nodes of each piece it parses
// and resolves its references:
//
//	x := authoring.NewIndex()
//	x.Configure(front, nb) // Quarto's or mystmd's numbering
//	for i, cell := range cells {
//		x.Markdown(i+1, cell) // and x.Add for a code cell's figure
//	}
//	warnings := x.Check() // references to nothing, works not in the bibliography
//	md := goldmark.New(goldmark.WithExtensions(&mathml.Extender{Converter: conv},
//		&authoring.Blocks{}, &authoring.Refs{Index: x, Converter: conv}))
//
// Quarto's Markdown figure, an image alone in its paragraph with
// attributes after it, "![Caption](fish.png){#fig-fish fig-alt="A fish"
// width=50% fig-align=left .class}", is a figure (ImageFigure) whose
// caption is the image's text, numbered with the cells' figures when
// its id starts "fig-". Quarto's float divs, "::: {#fig-x}", "{#tbl-x}"
// and "{#lst-x}" around any content, are Floats: numbered as figures,
// tables and listings, their caption their last paragraph (file
// float.go); floats and labelled Markdown figures inside one are its
// subfloats, lettered, "@fig-x-a" reading "Figure 1 (a)", "@tbl-x-a"
// "Table 1 (a)". A float's (or another div's) layout-ncol, layout-nrow
// and layout="[[1,1],[1]]" (ParseLayout; a negative width a spacer) set
// its content in rows of cells on the page as Quarto's layout.lua does
// (Arrange: layout-ncol and layout-nrow win over layout, whose last row
// is repeated for content beyond its cells); layout-valign (top, center,
// bottom) aligns the cells in their rows and layout-align (left, center,
// right; by default center for an image or a table, left for other
// content) the content in its cell, a heading sharing the cell of the
// block after it. A post shows them one under another,
// unaligned: a blog has no stylesheet for rows and cells. MyST's
// {figure} is numbered; the images in its body (each alone in its
// paragraph, an {image} or a {figure}), with its own, are its subfigures
// when they are two or more, lettered, a reference to one reading
// "Figure 2a" as mystmd writes it (file subfigure.go); its caption is
// the first paragraph after them, the blocks after that its Legend,
// shown after the caption as docutils reads it (mystmd takes the first
// block of any kind for the caption); its {image} is
// not numbered, a reference to it reading
// "Image", as mystmd 1.8.3 writes it; MyST-NB's {eval:figure}, whose
// image is the value of an expression that only its kernel computes, is
// a numbered figure of its caption, with a warning. Their options are
// read as docutils and MyST-NB read them: :width: (px or %), :height:
// (px) — the units kept here, where docutils also reads em, pt, cm and
// others — and :scale: (a percentage multiplying both) size the image, on
// the page as CSS, in the post as an <img> element's width and height,
// which Jekyll keeps, and Hugo with goldmark's unsafe HTML on, which
// these posts need (CommonMark's image has no size); :class:
// is the image's (an <img> element's in the post too), :figwidth: and
// :figclass: the figure's, as docutils reads them; :alt: of an
// {eval:figure}'s image is
// shown in its place. A target that takes
// no number, "(label)=" or an {index} entry's :name:, reads as mystmd
// names the block after it: "Paragraph", "List", "Blockquote", a
// heading's title; an entry with nothing after it in its container, or
// before a block labelled otherwise, is a target of its own, read by its
// label, as Sphinx makes it (mystmd leaves it unresolved). The index
// itself is not shown, as mystmd shows none.
//
// MyST's {glossary} (file glossary.go), in Sphinx's form (term lines,
// the definition indented under them) or mystmd's (a definition list),
// makes each term a target labelled TermLabel of its text, "term-" and
// the term in lower case, which {term}`Grundy value` and
// {term}`text <Grundy value>` link to, reading as written; a term no
// glossary defines is marked and warned of, as any reference to nothing.
// MyST's {download}`data.csv` (or {download}`text <data.csv>`) is a
// Download: on the page a link with the download attribute, in the post
// a link; a path not inside the notebook's folder is marked and warned
// of (file download.go).
//
// Numbers and texts follow Quarto and mystmd: "@fig-x" reads "Figure 1"
// (with a no-break space), "-@fig-x" "1", "@eq-x" "Equation 1", MyST's
// {eq} and "[](#eq-x)" "(1)", {ref} to a section its title, {numref}
// with "%s" or "{number}" its template; theorem kinds each count on
// their own, a solution is named by its exercise, "Solution to Exercise
// 1" (its title a link to the exercise, a solution of no exercise marked
// and warned of); "[@fig-a; @tbl-b]" is a list of references, "Figure 1,
// Table 1", never a citation. Displayed formulas are numbered when
// labelled (Quarto's rule) and as MathJax numbers AMS environments, in
// one sequence that a page's mathml.Converter follows. Index.Configure
// reads a notebook's front matter and Markdown first: a MyST notebook
// is numbered as mystmd numbers it (every displayed formula, one number
// each, but a {math} marked ":enumerated: false"), and sections are
// numbered with Quarto's number-sections or mystmd's numbering:
// {headings: true}, references to them then reading "Section 1.2". Labels are ASCII words joined by "-", ".", "/" or
// ":", at most 128 bytes, and at most MaxTargets of them; a duplicate is
// a warning and names nothing.
//
// Across the pages of a site (project.go): a Project holds the labelled
// targets of every page's Index, and Index.Join gives a page the others',
// so that a reference to a label another page defines links to that
// page's address and the label ("b.html#fig-x" on a page, "b.md#fig-x" in
// a post), with the text the target has on its own page: mystmd numbers
// per page, and its references across pages read so (checked with myst
// build --jats on a two-page project, TestMystProject). MyST's forms
// resolve across pages, Quarto's ("@fig-x") in a MyST document only: a
// Quarto website leaves them unresolved, cross-references across
// documents being a feature of its books: such a reference is marked
// <mark class="ref-missing ref-elsewhere">, and its warning says why. A
// label two pages define is each page's own and names neither from a
// third, where a reference to it is warned of naming both pages; the
// repeated label alone is no fault (pages that never refer to each other,
// as a Quarto website's, may share labels).
//
// In a Quarto book (book.go) the Project is a Book, and "@fig-x" to
// another chapter resolves as Quarto resolves it; each document's Index
// is given its Chapter before it records anything, numbering its
// targets as Quarto numbers a book's: "Figure 2.1", "Theorem 3.2",
// "(2.1)", "Section 2.1", "Chapter 2", "Figure A.1" and "Appendix A" in
// the first appendix; an unnumbered chapter's 1, 2, … (TestBook):
//
//	x.Chapter = &authoring.Chapter{Number: "2"}
//	x.Configure(front, nb)
//
// Quarto's crossref options (crossref.go) change that: a book's, from its
// _quarto.yml, are set as the Index's Crossref before Configure, which
// reads the front matter's over them. "chapters: false" numbers a
// chapter's targets 1, 2, … (its title, and references to its sections,
// keep the chapter's number; Quarto's own HTML headings may not);
// "chapters: true" in a document of no book numbers its targets
// by its level-1 headings; appendix-title and appendix-delim make an
// appendix's heading, "Appendix A —" before its title, in a page and a
// post alike (SectionNumber.Shown); the *-prefix keys, and the language
// key's crossref-*-prefix ones, name the targets a reference reads,
// "Fig. 2.1" (in a book Quarto names sections, chapters and appendices
// from the language key only; render honours crossref's sec-, ch- and
// apx-prefix there too, and Quarto's default names come from language's
// crossref-*-title keys, which render does not read); labels and
// *-labels number a type in letters or Roman numerals; "ref-hyperlink: false" writes references unlinked
// (TestBookCrossref, TestDocumentChapters):
//
//	var c authoring.Crossref
//	warnings := c.Read(quartoYML) // crossref and language keys
//	x.Crossref = c
//	x.Configure(front, nb)
package authoring
