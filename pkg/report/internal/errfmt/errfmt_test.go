package errfmt

import (
	"errors"
	"io"
	"slices"
	"testing"
)

func TestMessage(t *testing.T) {
	tests := []struct {
		cause error
		parts []string
		want  string
	}{
		{nil, nil, ""},
		{nil, []string{"kernel"}, "kernel"},
		{nil, []string{"kernel", "decode", "malformed message"}, "kernel: decode: malformed message"},
		{io.EOF, []string{"notebook a.ipynb", "cell 2", "bad"}, "notebook a.ipynb: cell 2: bad: EOF"},
		{io.EOF, nil, ": EOF"},
		{nil, []string{"notebook", ""}, "notebook: "},
		{nil, []string{"", "x"}, ": x"},
	}
	for _, tt := range tests {
		if got := Message(tt.cause, tt.parts...); got != tt.want {
			t.Errorf("Message(%v, %q) = %q, want %q", tt.cause, tt.parts, got, tt.want)
		}
	}
}

func TestUnwrap(t *testing.T) {
	sentinel := errors.New("sentinel")
	if got := Unwrap(sentinel, nil); !slices.Equal(got, []error{sentinel}) {
		t.Errorf("Unwrap(sentinel, nil) = %v", got)
	}
	if got := Unwrap(sentinel, io.EOF); !slices.Equal(got, []error{sentinel, io.EOF}) {
		t.Errorf("Unwrap(sentinel, EOF) = %v", got)
	}
}
