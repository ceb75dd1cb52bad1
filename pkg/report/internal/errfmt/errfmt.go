// Package errfmt writes the messages of the error types of the notebook and
// kernel packages one way: where the failure happened, from the outside in,
// joined by ": ", then the underlying cause; and unwraps them to their
// sentinel and their cause, so that errors.Is and errors.As find either.
//
// It imports nothing but the standard library's strings, so any package
// may use it without taking on another's dependencies.
package errfmt

import "strings"

// Message returns parts joined by ": ", followed by ": " and cause's
// message when cause is not nil. Every part is written, even an empty
// one: the caller leaves out what it does not want said.
func Message(cause error, parts ...string) string {
	var b strings.Builder
	for i, p := range parts {
		if i > 0 {
			b.WriteString(": ")
		}
		b.WriteString(p)
	}
	if cause != nil {
		b.WriteString(": ")
		b.WriteString(cause.Error())
	}
	return b.String()
}

// Unwrap returns sentinel and, when it is not nil, cause: what the Unwrap
// method of an error that wraps both returns.
func Unwrap(sentinel, cause error) []error {
	if cause == nil {
		return []error{sentinel}
	}
	return []error{sentinel, cause}
}
