// Package notebook reads, validates and writes Jupyter notebooks in the
// nbformat v4 JSON format (.ipynb).
//
// The main calls are
//
//	nb, err := notebook.ReadFile("notebooks/pe310.ipynb")
//	...
//	err = notebook.WriteFile("out.ipynb", nb)
//
// Reading is faithful: every field the format defines is kept, and so is every
// field it does not know (metadata keys, extra keys of cells and outputs), so a
// notebook read and written again holds the same information. Multi-line
// strings, which nbformat allows either as one string or as a list of lines,
// are joined into one Go string on reading and split into lines on writing,
// exactly as the Python nbformat library does; writing uses its layout too
// (keys sorted, one-space indent, no ASCII escaping), so a notebook saved by
// Jupyter is written back byte for byte. A notebook holding a value nested
// more than 100 deep is written compact instead: indented, its file would
// grow with the square of the depth.
//
// A notebook of nbformat 3 (IPython 2 and earlier) is upgraded to
// nbformat 4.0 on reading, as the Python nbformat library upgrades it:
// worksheets joined, heading cells made Markdown headings, outputs renamed
// with their representations keyed by MIME type.
//
// Fields that nbformat requires but that have an obvious empty value (the
// metadata of the notebook, a cell or an output, a code cell's outputs
// and execution counts, nbformat_minor) may be missing, as the Python
// library reads such files with only a warning; they are written back.
//
// Invalid input gives an *Error naming the file, the cell and output where
// there is one, and the problem; it wraps ErrSyntax (not JSON), ErrVersion
// (not nbformat 3 or 4) or ErrInvalid (a field missing or of the wrong kind), so
// callers can test with errors.Is.
//
// The zero Notebook is not valid (it has no format version); New returns an
// empty notebook of the current minor version.
package notebook
