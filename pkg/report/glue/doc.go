// Package glue lets a GoNB notebook cell store a computed value under a
// name, so that the notebook's prose can quote it instead of a number
// typed by hand: MyST-NB's glue, written from Go.
//
//	glue.Value("winners", count)   // in a code cell
//
// and, in a Markdown cell of the same notebook,
//
//	The first player wins {glue}`winners` positions.
//
// Value publishes a display_data output exactly as MyST-NB's Python
// glue(name, value, display=False) does: every MIME key carries the
// prefix "application/papermill.record/", which no Jupyter front end has a
// renderer for, so the cell shows nothing; the metadata
// {"scrapbook": {"name": NAME, "mime_prefix": PREFIX}} names the value.
// Show is glue(name, value, display=True): the keys are plain, the value
// is shown in the cell and stored as well. Jupyter Book and pkg/report
// read both forms and substitute {glue}`name` and the other glue roles and
// directives with the stored value.
//
// A value is formatted as text/plain: integers plainly, without digit
// separators (what {glue:text}`name:,` would add is the reader's choice),
// *big.Int exactly, floats as strconv.FormatFloat(f, 'g', -1, bits) (the
// shortest form that reads back), anything else, and any type with its
// own String method, with fmt's %v. The types Markdown, LaTeX, HTML, SVG
// and PNG publish richer representations, for {glue:md}, {glue:math} and
// {glue:figure}.
//
// A name must be non-empty and free of whitespace, backticks and colons
// (a colon starts the format spec of {glue:text}`name:fmt`). Like
// pkg/report/check, Value and Show panic on a bad name: in a GoNB cell
// that ends the cell with the message, which is what a notebook should do
// when its code is wrong. Record returns the same fault as an error, and
// builds the output without a kernel.
//
// Outside a notebook (no GoNB kernel) Value and Show send nothing; a bad
// name panics all the same, so that a test of the cell's code finds it.
package glue
