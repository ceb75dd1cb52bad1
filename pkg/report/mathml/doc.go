// Package mathml renders TeX formulas as MathML on the server, so that a page
// shows its mathematics with no JavaScript and no network, as Jupyter shows
// it with MathJax.
//
// A Converter turns one formula into a <math> element, for one document (a
// notebook's page), so that macros defined in one formula hold in the later
// ones and equations are numbered through the document:
//
//	c := mathml.New()
//	mml, warnings, err := c.Convert(`\operatorname{mex}\{0, 1, 3\} = 2`, false)
//
// and Extender plugs the same conversion into goldmark. It finds formulas
// as JupyterLab finds them in a Markdown cell (see FindMath): $...$ and
// $$...$$ anywhere, \\(...\\) and \\[...\\], and \begin{env}...\end{env}:
//
//	c := mathml.New()
//	md := goldmark.New(goldmark.WithExtensions(&mathml.Extender{Converter: c}))
//	// render the cells with md, and after each one:
//	for _, w := range c.TakeWarnings() { ... }
//
// Jupyter takes the math out of a cell before the Markdown is rendered, so
// formulas in raw HTML blocks (a <td> holding $$...$$) are typeset too. The
// Extender marks them, and the renderer of HTML blocks writes them with
// Converter.HTMLBlock, which cleans the HTML around them. For the same
// reason a formula whose lines Markdown would read as blocks of their own
// (one that starts in a heading, or has a line starting with "+ ") stays
// whole in Jupyter: JoinLines, applied to a cell's source before it is
// parsed, keeps it whole here too. JupyterLab also typesets the math in
// a cell's HTML output, by MathJax's own delimiters: TypesetHTML does.
//
// # Safety
//
// Formulas come from notebooks nobody here wrote. Every <math> element
// Convert returns has passed package sanitize's MathML policy (MathML Core
// elements and presentational attributes only, and the links of \eqref
// and \ref to a label on the page, an <a> in <mtext>, which a browser
// follows where it follows no href of MathML), whatever the TeX. Before
// conversion, the TeX is rewritten: \text and its kind become escaped text;
// \color takes only a colour name, #rgb or #rrggbb, or a [rgb], [RGB],
// [HTML] or [gray] model; \class, \cssId, \style, \href and the \html...
// commands keep their content and lose what MathJax would put into the
// page; \unicode takes a number.
//
// Macros (\newcommand, \renewcommand, \providecommand, \def, \let,
// \DeclareMathOperator) are expanded here, not by treeblood, within limits:
// MaxExpansions expansions, MaxTokens tokens at once and MaxExpandedTokens in
// all per formula, MaxSource bytes of TeX, and MaxDefinitions macros of
// MaxDefinitionTokens tokens in all per document. A formula beyond them, such
// as a macro that calls itself, fails with an error wrapping ErrLimit, in
// milliseconds.
//
// # What MathJax renders
//
// The conversion is done by github.com/wyatt915/treeblood; what it lacks is
// handled here, by rewriting the TeX or by building the MathML: equation
// numbers (\tag, \label, \eqref, \ref, \notag, \nonumber, numbered equation,
// align, gather, multline and alignat, as MathJax's AMS numbering does), the
// AMS environments it does not know (gather, multline, split, alignat,
// eqnarray, flalign, dcases, smallmatrix) mapped onto those it knows,
// \text with math inside,
// \operatorname and \operatorname*, \arg, spacing (\hskip, \hspace, \kern,
// \mkern, \>, \enspace...), \big to \Bigg with l, r and m, arrows with
// labels (\xrightarrow[below]{above}...), \phantom, \smash, \boxed,
// \colorbox, bold Greek and bold italic letters, \bra and \ket, \genfrac,
// \enclose, and plain TeX's \matrix, \pmatrix and \cases. Array lines
// (| and \hline) are drawn as cell borders, since MathML Core draws none.
// In a page made with the Extender, the tag of a displayed equation, and
// the tags of the rows of a numbered environment, stand at the right of the
// line, level with their rows.
//
// A formula that cannot be converted is an error for the caller, and the
// Extender shows its TeX source in a <code class="math-error"> element whose
// title holds the reason, as MathJax shows an error in place. treeblood's
// warnings, which it writes to standard error, are taken and returned with
// the conversion's own; for the very rare formula that makes treeblood
// panic, treeblood itself prints the panic on standard output before it
// recovers, which cannot be prevented from here.
//
// # Files
//
// A formula flows down through the files in this order; each family of
// TeX commands is rewritten in a file of its own.
//
//   - find.go finds the formulas of a Markdown cell (FindMath, JoinLines);
//     extend.go plugs them into goldmark; htmlblock.go typesets those in
//     raw HTML blocks, typeset.go those of HTML outputs (TypesetHTML).
//   - convert.go is the Converter: it expands, rewrites, hands the TeX to
//     treeblood and sanitises what comes back.
//   - tex.go tokenizes TeX and expands its macros, within the limits.
//   - rewrite.go walks the tokens, groups and scripts, and emits the
//     fragments of MathML built here; args.go reads commands' arguments;
//     commands.go sends each command to its family; check.go refuses what
//     would make treeblood fail.
//   - The families: text.go (\text and its kind, \verb, \unicode),
//     fonts.go (\mathbf and its kind, \boldsymbol, \it, \mathchoice),
//     operators.go (\operatorname, \arg, \limits, \mod), spacing.go
//     (\hskip, \enspace and lengths), boxes.go (\phantom, \smash, \boxed,
//     \llap, \rule, \enclose), style.go (\color, \colorbox and MathJax's
//     HTML commands: \class, \style, \href), delimiters.go (\big, \left,
//     \bra and \ket, \genfrac), stacks.go (what stands over or under:
//     labelled arrows, \buildrel, \cancelto, \skew, \root),
//     environments.go (environments, tables and their lines, plain TeX's
//     \matrix, \substack) and numbering.go (\tag, \label, \eqref,
//     \notag).
//   - place.go puts the fragments into treeblood's MathML, draws table
//     lines as borders and sets tags beside their equations.
package mathml
