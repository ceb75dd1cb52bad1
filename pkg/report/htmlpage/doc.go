// Package htmlpage writes an executed notebook as one self-contained HTML
// page, and the index page of a site of them.
//
//	meta, err := report.MetaOf(nb, "pe310", modTime)
//	page, err := htmlpage.Convert(nb, meta, htmlpage.Options{MathFont: "assets/latinmodern-math.otf"})
//
// The page carries its own CSS (light and dark from the reader's
// prefers-color-scheme setting, readable on a phone) and loads nothing from
// the network: Markdown is rendered by goldmark with GitHub's extensions and
// footnotes, math is MathML made on the server (package mathml), code is
// highlighted by chroma into CSS classes, images are inline (data: URIs, or
// the SVG element itself), headings have anchors and the page a table of
// contents. The only file a page refers to is the math font given in
// Options, which a site keeps once in its assets folder.
//
// Notebooks are untrusted unless Options.Trust is set: raw HTML in
// Markdown and HTML and SVG outputs go through package sanitize, and
// goldmark drops dangerous link URLs.
package htmlpage
