// Package terminal reads text written for a terminal, as kernels write
// their streams and tracebacks, and writes untrusted text to one safely.
//
// Text turns what a program wrote into what the terminal shows: colour
// and style escapes (SGR: the 16 named colours, the 256-colour palette,
// 24-bit colours, bold, italic, underline) become Spans, carriage returns
// and backspaces overwrite the line as Jupyter's output area does, other
// escapes are dropped and other control characters are shown as their
// pictures. Strip gives the same text without its colours. The reader's
// view (package report) keeps the spans, and the HTML writer colours
// them:
//
//	plain, spans := terminal.Text("\x1b[31mred\x1b[0m and plain\n")
//	// plain == "red and plain\n"; spans[0] is "red" in Color(1)
//
// Safe goes further, for text printed on the user's own terminal (the
// progress of a run, an error naming a notebook): it removes every
// control character but newline and tab, and the bidirectional overrides,
// so that a hostile notebook cannot set the clipboard, the window title
// or the order in which a line reads. SafeLine is Safe on one line.
//
// The package imports nothing outside the standard library, so that a
// program that only runs notebooks (package jupyter/execute) prints their
// text safely without the rendering stack.
package terminal
