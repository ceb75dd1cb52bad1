package notebook

import (
	"errors"
	"strconv"

	"github.com/grundylab/grundy/pkg/report/internal/errfmt"
)

// Sentinel errors wrapped by *Error; test for them with errors.Is.
var (
	// ErrSyntax means the input is not valid JSON.
	ErrSyntax = errors.New("not JSON")
	// ErrVersion means the input is a notebook of another nbformat version.
	ErrVersion = errors.New("unsupported nbformat version")
	// ErrInvalid means a field is missing, unknown or of the wrong kind.
	ErrInvalid = errors.New("invalid notebook")
	// ErrTooLarge means the input is larger than MaxFileSize.
	ErrTooLarge = errors.New("notebook too large")
)

// An Error describes a notebook that cannot be read or written: which file,
// which cell and output (numbered from 1, as a reader counts them; 0 when the
// problem is not in one), and what is wrong.
type Error struct {
	Path   string // Path is the file name, or empty when reading from a reader.
	Cell   int    // Cell is the 1-based cell number, or 0.
	Output int    // Output is the 1-based output number within the cell, or 0.
	Msg    string // Msg says what is wrong.
	Err    error  // Err is ErrSyntax, ErrVersion, ErrInvalid or ErrTooLarge.
	Cause  error  // Cause is an underlying error, such as a JSON syntax error, or nil.
}

// Error formats the error as "notebook PATH: cell N: output M: MSG: CAUSE".
func (e *Error) Error() string {
	head := "notebook"
	if e.Path != "" {
		head += " " + e.Path
	}
	parts := []string{head}
	if e.Cell > 0 {
		parts = append(parts, "cell "+strconv.Itoa(e.Cell))
	}
	if e.Output > 0 {
		parts = append(parts, "output "+strconv.Itoa(e.Output))
	}
	return errfmt.Message(e.Cause, append(parts, e.Msg)...)
}

// Unwrap returns the sentinel and the cause, for errors.Is and errors.As.
func (e *Error) Unwrap() []error { return errfmt.Unwrap(e.Err, e.Cause) }
