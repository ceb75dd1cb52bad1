// Package execute runs Jupyter notebooks, each in the kernel its metadata
// names, and keeps the executed notebooks in a cache keyed by content, so
// that rendering again with nothing changed runs nothing.
//
// The main call is
//
//	x := &execute.Executor{Params: []execute.Param{{Name: "N", Value: "1000"}}}
//	executed, err := x.Execute(ctx, "notebooks/pe459.ipynb", nb)
//
// Execute chooses the kernel as Jupyter does, from the notebook's
// metadata (kernelspec.name, and the language from language_info or
// kernelspec; a notebook that names neither runs in DefaultKernel, and
// Executor.KernelName overrides them all, as papermill's -k). A Go
// notebook, or one naming GoNBKernel, runs in GoNB as package gonb
// provisions it for the Go module holding the notebook, or at render's own
// versions for a notebook in no module; any other runs in the Jupyter
// kernel spec of that name, found where Jupyter finds it (package
// kernelspec), or fails with an error that names the kernel and how to
// install it. The Kernel (an interface: start, identify, recognise a
// failure report) starts in the notebook's folder, runs the code cells in
// order with a timeout each, and what it publishes becomes nbformat
// outputs as Jupyter makes them. It stops at the first failing cell
// with a *CellError that names the notebook, the cell and its first line,
// and carries the kernel's error text; GoNB's report of a program that
// panicked or exited non-zero counts as a failure too. With AllowErrors the
// error stays in the cell's outputs and the run goes on; so it does for a
// cell that asks for it (Quarto's option error: true, the tag
// raises-exception). A cell whose option eval is false is never sent to
// the kernel and is left without outputs, as Quarto leaves it; one tagged
// skip-execution is not run either and keeps its stored outputs, as
// nbclient does. Package cellopts reads what cells ask, as the writeup
// does.
//
// Parameters work as in papermill: the code cell tagged "parameters"
// declares them at top level with their defaults, in Go
//
//	var N = 100
//	var Title = "small case"
//
// and each override adds to a cell tagged "injected-parameters", inserted
// after it, a declaration of the same name, kind and type with the new
// value. GoNB keeps the last declaration of a name, so the override holds
// for every later cell. A value is a Go expression on one line; for a
// string parameter plain text is quoted. A value with a line break is
// refused, so that no part of it can reach GoNB's "!" and "%%" handling.
// In Python the parameters cell assigns them (N = 100), and the injected
// cell assigns the new values, as papermill's does: a value is a Python
// expression on one line, or text for a parameter whose default is a
// string. Other languages take no parameters.
//
// A numeric parameter may declare the values it accepts in a comment on
// its line that starts with "range:" (see Range):
//
//	var N = 100_000 // range: 29..1_000_000
//
// A value outside the range, or one that is not a constant number, is
// refused before anything runs, and Ranges lists the ranges of a
// notebook, so that a notebook can be tried at the ends of each.
//
// The cache key covers the code cells (after injection), the kernel and its
// version (for a kernel spec, its kernel.json and the program it runs),
// the settings that change results (AllowErrors, CellTimeout, MaxOutput),
// the notebook's folder in the module, and what a Go notebook's code cells
// import: the Go packages with their dependencies as `go list -deps` finds
// them (a package of the module by its files, one of another module by its
// version) and go.sum. What other languages import does not count: rerun
// those notebooks with Always after changing their libraries. In mode Auto
// a hit returns the cached outputs in the current notebook, so editing
// markdown, or a package no notebook imports, reruns nothing. A notebook
// with no code to run gets no kernel and no key. Forget drops the digests
// an Executor remembers, for one that lives on while packages are edited
// (render -serve).
//
// Before a Go notebook's kernel starts, the packages its cells import are
// compiled into the Go build cache (`go build -o /dev/null` in the
// module), each once per Executor, and the module's other notebooks wait
// for it: kernels started side by side on an empty cache would otherwise
// compile the same packages at once.
//
// The outputs of a run never show where the project is checked out or the
// user's home folder: a path in the Go module is written relative to the
// notebook's folder, one in the home folder as "~/...".
//
// An executed notebook records its run in its metadata under RunKey, as
// papermill does under "papermill": the kernel as its kernel_info_reply
// names it (and GoNB's module version), when it started, how long it
// took, the parameters (see Run and RunOf). The cache keeps the record
// with the outputs, so a result from it still says when it was made.
//
// Output is collected in linear time and bounded: each output keeps at most
// MaxOutput bytes and ends with a note counting the rest. Progress events
// go to one Printer, a log or a terminal status line; every notebook text
// it shows passes through terminal.Safe (package report/terminal).
package execute
