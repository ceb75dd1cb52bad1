// Package site renders notebooks into a folder of writeups: for each
// notebook a Markdown post NAME.md with its images in NAME_files/, a
// self-contained page NAME.html, and one index.html listing them all.
//
//	s := &site.Site{Dir: "site"}
//	err := s.Build(ctx, []string{"notebooks"})
//
// Notebooks are .ipynb files and text notebooks (MyST Markdown, Quarto,
// jupytext percent scripts), read by package textnotebook, which decides
// which files of a folder are notebooks; a text notebook paired with an
// .ipynb of the same name gives no page of its own (a warning says so).
// An error in a text notebook, or a cell of one that fails to run, names
// the file's line.
//
// Names: NAME is the notebook's base name ("notebooks/pe310.ipynb" gives
// pe310), so every notebook gets a page of its own: names that clash (two
// "same.ipynb" in different folders, or "index.ipynb", which would be the
// site index) are told apart by their folders' names, as "d1-same" (see
// PageNames). The index links each page by its percent-encoded file name
// (see PageURL) and shows its title escaped; no page's files are written
// outside Dir.
//
// The output folder holds only what render wrote: a build records every
// file it writes, with the SHA-256 sum of its content, and every page,
// with its notebook, in Dir's manifest (package manifest,
// .render-manifest.json), and deletes or overwrites no file that the
// manifest does not record with its present content. A Dir that holds
// other files (hidden ones aside), or that is the folder of a notebook
// being rendered, is refused (ErrForeignFiles, ErrNotebooksFolder) unless
// Shared is set; even then a page, post or index that would replace a file
// of the user's (a paired analysis.md, an index.html) is refused by name
// (ErrNotOwned) and the file stays as it is, and a file render wrote but
// the user has changed since is the user's from then on.
//
// Pages follow their notebooks: a build removes the page, post, PDF and
// files of a notebook that is gone — one that was in a folder the build
// reads (a folder among its paths) and is there no more, deleted, renamed
// or moved — and the old page of a notebook whose page name changed. A
// build given notebooks one by one, or another folder, leaves the pages of
// notebooks it does not read as they are, links and all: a full build of
// the folders makes every page, its index entry and its links follow.
//
// Writes are atomic per notebook: its files are written into a temporary
// folder inside Dir, then put in place in steps that each leave every
// post and page linking files that are there: the files folder gains the
// new files (named by their content, so none replaces another), the PDF,
// post and page are renamed over the old ones, and only then are the old
// files no page links removed. A notebook that fails leaves its earlier
// files as they were and nothing half-written. Errors name the notebook
// and, where there is one, the cell. A build holds a lock on Dir from
// start to end: a second build into the same folder, from this process or
// another, waits for it (reporting through Warn that it waits), and the
// temporary files of a build that was killed are removed by the next.
//
// Trust is a property of a notebook's own page: Trust keeps the raw HTML
// of the notebooks of one build on their pages. The index is rebuilt from
// the front matter of every post the manifest records, written by earlier builds trusted
// or not, so it always shows summaries sanitised.
//
// An Executor, when set, runs each notebook before it is rendered; without
// one the outputs stored in the notebook are rendered.
//
// Dates: a page is dated by its notebook's metadata, else by the last git
// commit of the notebook's file (git log, run in the notebook's folder
// without a shell; a notebook in no repository, or never committed,
// skips it), else by the file's modification time, so that a fresh clone
// keeps its writeups' dates.
//
// Provenance: each page, and its post, ends with how it was made
// (report.Provenance): the notebook's path from its repository's top
// folder and the short hash of its last commit, with whether the file has
// changes not committed; the kernel and its version, when it ran and for
// how long, and its parameters, from the record the Executor leaves in
// the notebook (runrecord.Run; a record the notebook brings itself is
// dropped), or, with no Executor, that the outputs are the notebook's
// own; and the command that makes it again, quoted for a shell, named by
// Program. No folder of this machine appears in it.
//
// Order: pages link the ones before and after them as the index lists
// them, among the pages the manifest records and those of the build: by
// name, or, as Order says, by date, newest first (a blog), or as Pages
// lists their notebooks (a course), the others after them; then by name.
// A notebook of the build is dated as its page will be, before it is
// rendered; a notebook that fails and has no earlier page is skipped. A page
// written earlier keeps its links until it is rendered again. Rebuild renders
// only some notebooks of a site, keeping the names they have among all.
//
// Settings (package siteconf reads them from a project's _quarto.yml,
// myst.yml or render's own _render.yml): with a URL, each page names its
// absolute URL (og:url, a canonical link) and the site has an Atom feed,
// feed.xml, newest first, linked from the index; without one, a feed an
// earlier build wrote is removed. Every page's head has its description
// (its summary), authors (its own, else Authors) and Open Graph tags
// (og:title, og:description, og:type, og:url, and og:image for an image
// its front matter names, copied with its files); the index has the
// site's Description. A Stylesheet is shipped as assets/site.css and
// linked after each page's own style; a build without one removes the
// one it wrote. The feed and stylesheet go through the manifest as pages
// do: a file of the user's in their place is not replaced.
//
// References across pages: every notebook of a build is read before any
// page is written, and a reference to a label another notebook of its
// project defines links to that notebook's page ("b.html#fig-x") and, in
// the post, to its post ("b.md#fig-x", a link between the Markdown files
// as MyST writes one, which a blog that publishes posts at other addresses
// maps as it maps such links), reading as the
// target reads on its own page ("Figure 2", its page's second figure), as
// mystmd resolves labels across a project's pages (authoring.Project). A
// project is the notebooks under the nearest folder holding a _quarto.yml,
// myst.yml or Jupyter Book's _config.yml, up to the build's top folder;
// those under none are one project. Quarto's "@fig-x" resolves across
// pages in a MyST notebook only, as a Quarto website leaves it
// unresolved, and across the chapters of a Quarto book (a _quarto.yml of
// project type book): there each notebook book.chapters and
// book.appendices list is numbered as its chapter, in the book's order
// (the index file first, a chapter titled ".unnumbered" passed over,
// the appendices lettered), "Figure 2.1", "(2.1)", "Section 2.1",
// "Figure A.1" (authoring.Chapter), as the book's crossref and language
// keys, under each chapter's own, have them (authoring.Crossref: no
// chapter numbers with "chapters: false", an appendix's heading, the
// names references give), and a book at the build's top
// folder orders the pages as it lists them (siteconf). A Quarto
// website's crossref and language keys are each of its pages' too. A
// label two notebooks of a project define is warned of,
// naming both, and is each one's own. A notebook's warnings are shown as
// its page is written, once the references are resolved; a build stopped
// before every notebook is read writes no page. Rebuild, rendering only
// some notebooks, reads the others as they are stored, without running
// them, for their labels.
//
// Side by side: with Jobs above one, up to Jobs notebooks are read, run
// and made ready at once, each in a kernel of its own, started with the
// most code cells first (so that a long run does not start last and end
// alone), while the pages are written one at a time in the index's order.
// What a notebook reports before its turn (its warnings, and through
// Report the events of its run) is held and shown when its turn comes, so
// that pages, errors and reports are those of a build running them one
// after another. A build that is stopped stops the notebooks running
// ahead and waits for them (their kernels shut down) before it returns.
//
// PDF: with a Printer (package pdf), each page is also printed to
// NAME.pdf, written with the page's other files; a build without one
// leaves the PDFs already there alone.
//
// Math font: pages ask for Latin Modern Math, which the site ships once as
// assets/latinmodern-math.otf (with its GUST font licence), copied from
// MathFont — by default the file of Debian's fonts-lmodern package. If that
// file is missing the site is still built: the pages then name no font file
// and fall back to the math fonts installed on the reader's machine, and
// Build reports a warning through Warn. Install fonts-lmodern, or set
// MathFont, to ship the font. A MathFont file that is not an OpenType font
// (by its first four bytes), or is larger than MaxFontSize, fails the build
// with an error wrapping ErrFont.
package site
