// Package sanitize cleans HTML from untrusted notebooks, as Jupyter does for
// notebooks the reader has not marked as trusted.
//
//	clean := sanitize.HTML(`<b onclick="steal()">bold</b><script>x()</script>`)
//	// clean == "<b>bold</b>"
//
// What survives: ordinary markup (text, headings, lists, tables, links,
// details), inline SVG graphics (as gonum/plot and GoNB's DisplaySvg produce
// them), MathML, images given as data: URIs, classes, and inline styles
// limited to presentational properties.
//
// What is removed: scripts and every on* event handler, style sheets,
// frames, objects, forms, SVG animation and foreign objects, javascript:
// and other non-web URL schemes, and anything that would make the page
// load from the network (image sources other than data: URIs and relative
// paths that stay in the page's folder, so that "../" cannot reach a file
// beside the site, CSS url() other than a reference within the page, SVG references
// to other documents). Links to web pages stay: following one is the
// reader's choice.
//
// A URL is judged as a browser finally reads it (SafeLink, SafeSource):
// after Markdown's backslash escapes and HTML's character references
// (named, decimal, hex, with or without ";"), decoded until nothing
// changes, without the control characters and spaces a browser strips, in
// lower case, with backslashes read as slashes. So http&colon;//host,
// &#104;ttp://host and java&#9;script: are what they decode to. The
// Markdown writers judge link and image destinations with the same two
// functions.
//
// The policy is built on github.com/microcosm-cc/bluemonday.
//
// MathML applies a stricter policy to the MathML of a formula, whatever its
// origin: only the elements and presentational attributes of MathML Core,
// with values of the expected form, and nothing of HTML or SVG inside but
// <a> linking to a label within the page (an \eqref's link); its output
// has every element's attributes in sorted order.
//
//	clean := sanitize.MathML(`<math><mtext><img src=x onerror=steal()></mtext></math>`)
//	// clean == "<math><mtext></mtext></math>"
package sanitize
