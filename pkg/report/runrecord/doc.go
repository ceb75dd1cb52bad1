// Package runrecord is the record of how an executed notebook's outputs
// were made, kept in the notebook's metadata: the kernel and its version,
// when the run started and how long it took, the parameters it overrode.
// The executor (package execute) writes it; a site reads it without the
// Jupyter client:
//
//	if run, ok := runrecord.Of(nb); ok {
//		fmt.Println(run.Implementation, run.Duration, run.Params)
//	}
package runrecord
