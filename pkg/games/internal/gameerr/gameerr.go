// Package gameerr builds the errors of the game packages: a *games.Error
// naming the exported function the caller called, the input it was given
// and the cause, which wraps the package's sentinel. Each package returns
//
//	gameerr.New("heap.Octal", code, err)
//
// from its exported functions, with err from its unexported ones, which
// begin their messages with the sentinel: fmt.Errorf("%w: heap %d is
// negative", ErrSize, n).
package gameerr

import (
	"errors"
	"unicode/utf8"

	"github.com/grundylab/grundy/pkg/games"
)

// New returns the *games.Error of the function fn, called with input, for
// the cause err. When err is itself a *games.Error, from an exported
// function that fn calls, New keeps its cause and drops its function and
// input, so that the error names the function the caller called, once.
func New(fn, input string, err error) error {
	var inner *games.Error
	if errors.As(err, &inner) {
		err = inner.Err
	}
	return &games.Error{Func: fn, Input: input, Err: err}
}

// maxInput is the most bytes of an input that Clip keeps.
const maxInput = 32

// Clip returns s for an error's Input, cut to its first 32 bytes and "..."
// when it is longer: an input can be a long text, and the message quotes
// it. The cut falls before a character, never inside one.
func Clip(s string) string {
	if len(s) <= maxInput {
		return s
	}
	i := maxInput
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "..."
}
