package notebook

import (
	"errors"
	"io"
	"testing"
)

// TestErrorMessage checks the message of every shape an Error takes, and
// that it wraps its sentinel and its cause.
func TestErrorMessage(t *testing.T) {
	tests := []struct {
		err  *Error
		want string
	}{
		{&Error{Msg: "cell is nil", Err: ErrInvalid}, "notebook: cell is nil"},
		{&Error{Path: "a.ipynb", Msg: "m", Err: ErrSyntax, Cause: io.ErrUnexpectedEOF}, "notebook a.ipynb: m: unexpected EOF"},
		{&Error{Path: "a.ipynb", Cell: 3, Msg: "m", Err: ErrInvalid}, "notebook a.ipynb: cell 3: m"},
		{&Error{Cell: 2, Output: 4, Msg: "m", Err: ErrInvalid, Cause: io.EOF}, "notebook: cell 2: output 4: m: EOF"},
		{&Error{Output: 1, Msg: "m", Err: ErrVersion}, "notebook: output 1: m"},
		{&Error{Path: "a.ipynb", Err: ErrInvalid}, "notebook a.ipynb: "},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
	}
	if err := tests[1].err; !errors.Is(err, ErrSyntax) || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("%q does not wrap both %v and its cause", err, ErrSyntax)
	}
}
