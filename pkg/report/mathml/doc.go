// Package mathml renders TeX formulas as MathML on the server, so that a page
// shows its mathematics with no JavaScript and no network.
//
// A Converter turns one formula into a <math> element:
//
//	c := mathml.New()
//	html, err := c.Inline(`\operatorname{mex}\{0, 1, 3\} = 2`)
//
// and Extender plugs the same conversion into goldmark, recognising the
// delimiters Jupyter's Markdown cells use: $...$ and \(...\) inline, $$...$$
// and \[...\] for display math, inline or as a block of lines of their own:
//
//	md := goldmark.New(goldmark.WithExtensions(&mathml.Extender{}))
//
// The conversion is done by github.com/wyatt915/treeblood, with two
// adjustments: \operatorname{X} is read as \mathrm{X} (treeblood v0.1.16
// marks \operatorname as an error), and the attributes of every element are
// written in sorted order, so the same TeX always gives the same bytes.
//
// A formula treeblood cannot parse is not an error for the page: the
// renderer shows its TeX source in a <code class="math-error"> element whose
// title holds the reason, as MathJax shows an error in place. For some
// malformed formulas treeblood itself also logs a warning on standard error
// or prints the panic it recovered from on standard output; it offers no way
// to silence them.
package mathml
