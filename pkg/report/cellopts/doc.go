// Package cellopts reads what a cell asks of its run and its writeup, in
// the ways writers already say it, into one value (Options):
//
//   - Quarto's cell options, YAML in comment lines at the top of a code
//     cell in its language's syntax ("//| echo: false" in Go, "#| echo:
//     false" in Python; see Prefix and Parse): eval, error, echo, output
//     (and asis), include, warning, code-fold, code-summary,
//     code-line-numbers, fig-cap, fig-alt, label, tbl-cap, fig-subcap,
//     tbl-subcap, layout-ncol, layout-nrow, layout, layout-valign,
//     layout-align.
//   - Jupyter Book's tags: remove-cell, remove-input, remove-output,
//     remove-stdout, remove-stderr, hide-cell, hide-input, hide-output,
//     skip-execution, raises-exception.
//   - JupyterLab's metadata jupyter.source_hidden and outputs_hidden,
//     and nbformat's collapsed.
//   - MyST-NB's cell metadata under "mystnb" (or its older key
//     "render"): figure {caption, name, classes, caption_before}, image
//     {width, height, alt, classes}, code_prompt_show, code_prompt_hide,
//     merge_streams, markdown_format, number_source_lines,
//     remove_code_source, remove_code_outputs, output_stderr.
//
// The main call reads a cell:
//
//	opts, code, err := cellopts.Of("python", cell)
//	if !opts.Eval { ... } // not sent to the kernel
//	// code is the source without its option lines; err names each
//	// value of the wrong kind, and opts holds the rest.
//
// A tag that removes, skips or lets an error pass wins over an option
// that says otherwise. Options it does not know are ignored. YAML is
// decoded within bounds (a size cap, aliases counted against the input:
// package internal/safeyaml). The package reads text only and imports
// nothing of the rendering stack, so that a notebook's runner and its
// writeup read the same options.
package cellopts
