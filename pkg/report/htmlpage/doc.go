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
// JupyterLab styles them, images are inline data: URIs (attachments too)
// in <figure> elements with their alternative text and <figcaption>, as
// is a glue:figure's table or text, an image shown more than once held
// once in a CSS rule, a numbered figure or formula with its label as id,
// references, labelled equations, captioned tables, targets, section
// numbers and citations as package authoring's Refs writes them (numbers
// from the view's index; a reference to nothing marked, <mark
// class="ref-missing">), the references after the cells, folded parts of cells and
// the rest of long outputs are <details> elements that open with one
// click, tabs are four columns wide, a glue role whose value is missing
// is marked (<mark class="glue-missing">), headings have anchors and the
// page a table of contents. Code is highlighted within a budget, as
// chroma's lexers are slow on hostile text: a block of up to 64 kB, for
// up to two seconds a page; the rest is plain text, with a warning. The
// only file a page refers to is the math font given in Options, which a
// site keeps once in its assets folder. Options.Prev and Next add links
// to the pages before and after it; a view's Provenance ends the page
// with how it was made, every text of it escaped.
//
// The page prints as well as it reads (@media print): black on white,
// without the link home, the contents or the links to other pages, the
// address of each web link after it, headings kept with what follows, and
// figures, tables, formulas and code blocks kept whole on a sheet where
// they fit.
//
// The view settles trust: unless the notebook is trusted, raw HTML in
// Markdown goes through package sanitize here, HTML and SVG outputs were
// sanitised in the view, formulas' MathML is sanitised, links and images
// are judged by their destination decoded (sanitize.SafeLink and
// SafeSource: a link that could run script loses its destination, an
// image from the web is shown as a link to it), and nothing is loaded from
// the network however its address is escaped. Summary shows an index entry's summary as escaped
// text and formulas.
package htmlpage
