// Package execute runs Jupyter notebooks through a kernel, GoNB by default,
// and keeps the executed notebooks in a cache keyed by content, so that
// rendering again with nothing changed runs nothing.
//
// The main call is
//
//	x := &execute.Executor{Params: []execute.Param{{Name: "N", Value: "1000"}}}
//	executed, err := x.Execute(ctx, "notebooks/pe459.ipynb", nb)
//
// Execute provisions GoNB for the Go module holding the notebook (package
// gonb), starts a kernel in the notebook's folder, runs the code cells in
// order with a timeout each, and turns what the kernel publishes into
// nbformat outputs as Jupyter does. It stops at the first failing cell
// with a *CellError that names the notebook, the cell and its first line,
// and carries the kernel's error text; GoNB's report of a program that
// panicked or exited non-zero counts as a failure too. With AllowErrors the
// error stays in the cell's outputs and the run goes on.
//
// Parameters work as in papermill: the code cell tagged "parameters"
// declares them at top level with their defaults,
//
//	var N = 100
//	var Title = "small case"
//
// and each override adds to a cell tagged "injected-parameters", inserted
// after it, a declaration of the same name, kind and type with the new
// value. GoNB keeps the last declaration of a name, so the override holds
// for every later cell. A value is a Go expression; for a string parameter
// plain text is quoted.
//
// The cache key covers the code cells (after injection), the kernel and its
// version, the notebook's folder in the module, and the module's Go
// sources, go.mod and go.sum; in mode Auto a hit returns the cached outputs
// in the current notebook, so editing markdown reruns nothing.
package execute
