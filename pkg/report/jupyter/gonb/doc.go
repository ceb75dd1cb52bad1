// Package gonb provisions and starts GoNB (github.com/janpfeifer/gonb), the
// Go kernel for Jupyter, so that a machine needs nothing but Go to execute
// notebooks.
//
// The main calls are
//
//	tools, err := gonb.Provision(ctx, moduleDir, "", os.Stderr)
//	...
//	k, err := tools.Start(ctx, notebookDir, nil)
//	...
//	defer k.Close()
//
// Provision builds gonb and goimports with `go build`, at the versions the
// module in moduleDir requires (Go 1.24+ tool lines in its go.mod pin
// them), into a cache folder named after both versions and the Go version,
// and only when they are not already there as they were built (their
// SHA-256, recorded at the build, is checked, so a program cut short or
// changed is built again); a lock file keeps concurrent processes from
// building twice. For notebooks in no module, or in a
// module that does not require GoNB, it builds the versions this program
// was built with (Pinned: its build information, else the versions pinned
// in this repository's go.mod) in a module it generates in the cache, so
// that a notebook anywhere needs only Go. Start runs `gonb --kernel FILE
// --raw_error` through package kernel with the notebook's folder as
// working directory, which GoNB exports as GONB_DIR, and with goimports
// and go first on PATH, and with -ldflags=-s added to GOFLAGS (see
// KernelGoflags), since each cell's program is linked to run once. KernelSpec describes the same kernel for Jupyter,
// to install it where Jupyter finds it.
//
// GoNB reports a cell whose program fails at run time (a panic, os.Exit(1))
// not as an error but as a last line "exit status N" on stderr, with an ok
// execute_reply; IsExitReport recognises that line. *Tools is the Kernel
// of package execute: Start, ID (its Key) and IsFailureReport.
package gonb
