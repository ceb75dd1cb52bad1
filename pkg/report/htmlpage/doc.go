// Package htmlpage writes a notebook's view (report.View) as one
// self-contained HTML page, and the index page of a site of them.
//
//	v, err := report.NewView(nb, report.ViewOptions{Name: "pe310", ModTime: modTime})
//	page, err := htmlpage.Render(v, htmlpage.Options{MathFont: "assets/latinmodern-math.otf"})
//
// The page carries its own CSS (light and dark from the reader's
// prefers-color-scheme setting, readable on a phone) and loads nothing from
// the network: Markdown is rendered by goldmark with GitHub's extensions and
// footnotes, math is MathML made on the server (package mathml), code is
// highlighted by chroma in the cell's language (magic commands and shell
// lines apart) into CSS classes, terminal colours of streams and
// tracebacks become Jupyter's ansi-* classes, HTML tables are styled as
// JupyterLab styles them, images are inline data: URIs (attachments too),
// headings have anchors and the page a table of contents. Code is
// highlighted within a budget, as chroma's lexers are slow on hostile
// text: a block of up to 64 kB, for up to two seconds a page; the rest is
// plain text, with a warning. The only file a page refers to is the math
// font given in Options, which a site keeps once in its assets folder.
//
// The view settles trust: unless the notebook is trusted, raw HTML in
// Markdown goes through package sanitize here, HTML and SVG outputs were
// sanitised in the view, formulas' MathML is sanitised, and goldmark drops
// dangerous link URLs. Summary shows an index entry's summary as escaped
// text and formulas.
package htmlpage
