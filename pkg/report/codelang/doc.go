// Package codelang knows the programming languages of notebooks: which
// language a notebook's code is in, and which lines of a cell are in
// another one.
//
// Of reads a notebook's language from its metadata (language_info, the
// kernelspec, the kernel's name) or, when it names none, from its code;
// the view highlights code in it and execute picks a kernel by it.
// Segments splits a cell into runs of lines by language as the kernel
// reads them: IPython's and GoNB's cell magics ("%%bash", "%%writefile
// f.py"), line magics, "!" shell lines. GoNBCode gives a Go cell's code
// without GoNB's directives, as a reader of a writeup sees it:
//
//	lang := codelang.Of(nb)                       // "go" for a GoNB notebook
//	body, segs := codelang.Segments(lang, source) // "%%bash\nls" gives "bash" and two segments
//
// Language names are chroma lexer names, lower case, made only of the
// characters such names use (Normal), so that one read from a notebook
// is safe in a fence's info string or a class name. The package reads
// text only; it imports nothing of the rendering stack.
package codelang
