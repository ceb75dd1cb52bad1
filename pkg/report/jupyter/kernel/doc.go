// Package kernel is a client of the Jupyter messaging protocol (version
// 5.x) in pure Go: it starts a kernel process or connects to a running one,
// and executes code in it over ZeroMQ (github.com/go-zeromq/zmq4) with
// HMAC-SHA256 signed messages.
//
// The main calls are
//
//	k, err := kernel.Start(ctx, kernel.Spec{
//		Argv:          []string{"gonb", "--kernel", kernel.ConnectionFileArg},
//		Dir:           notebookDir,
//		InterruptMode: "message",
//	}, nil)
//	...
//	defer k.Close()
//	reply, err := k.Execute(ctx, code, func(m *kernel.Message) {
//		// stream, display_data, execute_result, error, ... in order
//	})
//
// Start writes a connection file (loopback TCP ports and a random key),
// runs the command in a process group of its own, connects the shell,
// control and stdin sockets (DEALER), iopub (SUB, subscribed to
// everything) and heartbeat (REQ), and sends kernel_info_request until the
// kernel answers on shell and has published on iopub, so that no output of
// the first execution is lost to a subscription still in flight. Connect
// does the same for a kernel started elsewhere.
//
// Execute never hangs. It returns when the kernel has sent execute_reply and
// gone idle, or with an error as soon as the kernel is unusable: its
// process exited (*ExitError, wrapping ErrExited, with the last lines it
// wrote), it stopped answering heartbeats (ErrHung), a message failed to
// verify (ErrSignature) or to parse (ErrMalformed). When the context ends,
// as for a per-cell timeout, Execute interrupts the kernel (interrupt_request
// or SIGINT, as the spec's interrupt mode says), waits a grace period for it
// to go idle, stops it if it does not, and returns an *InterruptError that
// says which happened. A cell that fails is not an error of Execute: the
// reply's Status is "error". Kill ends a started kernel's whole process
// group at once, for a run that is abandoned (on SIGTERM, say), and Close
// then removes its temporary files. A client that dies first, however
// (killed, or crashed where no deferred call runs), leaves no kernel
// either: on Unix each started kernel has a guard, a small shell that
// waits on a pipe from the client and, when it closes unannounced, kills
// the kernel's process group and removes its folder.
//
// A Kernel's methods are safe for concurrent use; the kernel itself runs one
// execution at a time, in the order requested.
package kernel
