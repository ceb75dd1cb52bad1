package kernel

import (
	"errors"
	"io"
	"testing"
)

// TestProtocolErrorMessage checks the message of every shape a
// ProtocolError takes, and that it wraps its sentinel and its cause.
func TestProtocolErrorMessage(t *testing.T) {
	tests := []struct {
		err  *ProtocolError
		want string
	}{
		{&ProtocolError{Op: "decode", Err: ErrMalformed, Msg: "no <IDS|MSG> delimiter"}, "kernel: decode: malformed message: no <IDS|MSG> delimiter"},
		{&ProtocolError{Op: "decode header", Err: ErrMalformed, Cause: io.ErrUnexpectedEOF}, "kernel: decode header: malformed message: unexpected EOF"},
		{&ProtocolError{Op: "decode", Err: ErrSignature, Msg: "m", Cause: io.EOF}, "kernel: decode: bad message signature: m: EOF"},
		{&ProtocolError{Err: ErrMalformed}, "kernel: : malformed message"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
	}
	if err := tests[1].err; !errors.Is(err, ErrMalformed) || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("%q does not wrap both %v and its cause", err, ErrMalformed)
	}
}
