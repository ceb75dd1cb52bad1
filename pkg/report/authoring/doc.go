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
// colon and backtick fences, and GitHub's alerts. The page renders them
// as HTML; the post writer calls Post on each Markdown block's source,
// which replaces every PostNode's source by its post form and leaves
// every other byte as written:
//
//	md := goldmark.New(goldmark.WithExtensions(&authoring.Blocks{Warn: warn}))
//	post := authoring.Post(source, &authoring.Blocks{})
package authoring
