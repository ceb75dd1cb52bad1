package kernel

import (
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/grundylab/grundy/pkg/report/internal/errfmt"
)

// Sentinel errors; the errors returned by this package wrap one of them, so
// callers can test with errors.Is.
var (
	// ErrMalformed means a message could not be parsed.
	ErrMalformed = errors.New("malformed message")
	// ErrSignature means a message's HMAC signature did not verify.
	ErrSignature = errors.New("bad message signature")
	// ErrNotReady means the kernel did not answer kernel_info_request in time.
	ErrNotReady = errors.New("kernel did not become ready")
	// ErrExited means the kernel process exited.
	ErrExited = errors.New("kernel process exited")
	// ErrHung means the kernel stopped answering heartbeats.
	ErrHung = errors.New("kernel stopped answering heartbeats")
	// ErrInterrupted means an execution was interrupted because its context ended.
	ErrInterrupted = errors.New("execution interrupted")
	// ErrClosed means the connection to the kernel was closed.
	ErrClosed = errors.New("kernel connection closed")
	// ErrConnection means the connection file is unusable.
	ErrConnection = errors.New("bad connection info")
)

// A ProtocolError describes a message that could not be decoded or verified.
type ProtocolError struct {
	Op    string // Op is what was being done, such as "decode header".
	Msg   string // Msg says what is wrong; it may be empty when Cause says it.
	Err   error  // Err is ErrMalformed or ErrSignature.
	Cause error  // Cause is an underlying error, or nil.
}

// Error formats the error as "kernel: OP: ERR: MSG: CAUSE".
func (e *ProtocolError) Error() string {
	parts := []string{"kernel", e.Op, e.Err.Error()}
	if e.Msg != "" {
		parts = append(parts, e.Msg)
	}
	return errfmt.Message(e.Cause, parts...)
}

// Unwrap returns the sentinel and the cause.
func (e *ProtocolError) Unwrap() []error { return errfmt.Unwrap(e.Err, e.Cause) }

// An ExitError reports that the kernel process exited while it was needed.
type ExitError struct {
	Command string           // Command is the kernel program's name.
	Pid     int              // Pid is the process id.
	State   *os.ProcessState // State is the exit state.
	Stderr  string           // Stderr holds the last lines the kernel wrote to standard error.
}

// Error says which process exited, how, and what it last wrote.
func (e *ExitError) Error() string {
	msg := fmt.Sprintf("kernel: %s (pid %d) exited: %s", e.Command, e.Pid, e.State)
	if e.Stderr != "" {
		msg += "; its last output:\n" + e.Stderr
	}
	return msg
}

// Unwrap returns ErrExited.
func (e *ExitError) Unwrap() error { return ErrExited }

// An InterruptError reports an execution stopped because its context ended
// (a per-cell timeout or a cancellation): the kernel was interrupted and,
// if it did not return to idle in time, stopped.
type InterruptError struct {
	Cause     error         // Cause is the context's error, such as context.DeadlineExceeded.
	Elapsed   time.Duration // Elapsed is how long the execution ran.
	Recovered bool          // Recovered reports whether the kernel went idle after the interrupt.
	Stopped   error         // Stopped is why the kernel is unusable when Recovered is false.
}

// Error says why the execution stopped and what state the kernel is in.
func (e *InterruptError) Error() string {
	msg := fmt.Sprintf("kernel: execution interrupted after %v (%v)", e.Elapsed.Round(time.Millisecond), e.Cause)
	if e.Recovered {
		return msg + "; the kernel recovered"
	}
	if e.Stopped != nil {
		return msg + "; the kernel did not recover: " + e.Stopped.Error()
	}
	return msg + "; the kernel did not recover"
}

// Unwrap returns ErrInterrupted, the context's error and, when the kernel did
// not recover, the reason.
func (e *InterruptError) Unwrap() []error {
	errs := []error{ErrInterrupted, e.Cause}
	if e.Stopped != nil {
		errs = append(errs, e.Stopped)
	}
	return errs
}
