// Package cellopts reads what a code cell says about its own writeup:
// Quarto's cell options, YAML in comment lines at the top of the cell in
// its language's syntax ("//| echo: false" in Go, "#| echo: false" in
// Python).
//
//	opts, code, err := cellopts.Parse("go", "//| fig-cap: Values\nplot.Show(v)\n")
//	// opts.Caption is ["Values"], code is "plot.Show(v)\n"
//
// Options it does not know are ignored; a value of the wrong kind gives
// an error naming the option, and the rest are still read. The package
// reads text only and imports nothing of the rendering stack, so that a
// notebook's runner can read the same options as its writeup.
package cellopts
