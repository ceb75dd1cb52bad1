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
// Close and Kill end every process of the run, not only the process
// group: on Linux each kernel's environment carries a mark
// (GRUNDY_KERNEL_RUN) that its programs inherit, the client adopts the
// orphans of its descendants (PR_SET_CHILD_SUBREAPER), and when a kernel
// ends, the processes that carry its mark, their descendants and the
// kernel's are killed, also those a cell started in a session of its own
// (setsid -f, Popen(start_new_session=True), a double fork), and the
// adopted ones reaped. A program that both clears its environment and
// leaves the kernel's tree before the end is not found; elsewhere than on
// Linux the process group is all that ends with the kernel.
//
// A Kernel's methods are safe for concurrent use; the kernel itself runs one
// execution at a time, in the order requested.
package kernel
