package errfmt_test

import (
	"errors"
	"fmt"
	"io"

	"github.com/grundylab/grundy/pkg/report/internal/errfmt"
)

var errBad = errors.New("bad input")

// parseError is an error type as the notebook and kernel packages write
// them: context, a sentinel and an optional cause.
type parseError struct {
	File  string
	Line  int
	Err   error
	Cause error
}

func (e *parseError) Error() string {
	return errfmt.Message(e.Cause, "parse "+e.File, fmt.Sprintf("line %d", e.Line), e.Err.Error())
}

func (e *parseError) Unwrap() []error { return errfmt.Unwrap(e.Err, e.Cause) }

func Example() {
	err := error(&parseError{File: "a.txt", Line: 3, Err: errBad, Cause: io.ErrUnexpectedEOF})
	fmt.Println(err)
	fmt.Println(errors.Is(err, errBad), errors.Is(err, io.ErrUnexpectedEOF))
	// Output:
	// parse a.txt: line 3: bad input: unexpected EOF
	// true true
}
