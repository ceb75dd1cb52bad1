// Package plaintext reads notebook text as plain text: a title, a
// summary, a caption, a warning.
//
// Of gives the text a reader sees in Markdown, on one line: no markup,
// no HTML, links as their text, formulas kept as $TeX$ (or $$TeX$$);
// SplitMath splits such text back into text and formulas for a writer
// to show. Clean makes text read from a notebook safe to hand on (line
// ends "\n", invalid UTF-8 and control characters replaced), Shorten and
// WholeSentences cut plain text to a size or to its last whole sentence:
//
//	title := plaintext.Of("# The *nim* sum $a \\oplus b$") // "The nim sum $a \oplus b$"
//	for _, p := range plaintext.SplitMath(title) { ... }    // "The nim sum ", then the formula
//
// MarkdownParser is the parser all of this reads Markdown with, the
// writers' own (GitHub's extensions and math): the reader's view finds
// code and prose in Markdown with it too. Markdown too costly to parse
// (package mdcost) is taken as the text it is.
package plaintext
