package check

import (
	"fmt"
	"io"
	"os"
)

// A Failure is the panic value of a claim that does not hold.
type Failure struct {
	Claim string
}

// Error returns "claim failed: " and the claim.
func (f Failure) Error() string { return "claim failed: " + f.Claim }

// That prints the claim, formatted as by fmt.Sprintf, after a check mark
// when ok is true; when ok is false it panics with a Failure naming the
// claim.
func That(ok bool, format string, args ...any) {
	that(os.Stdout, ok, format, args...)
}

func that(w io.Writer, ok bool, format string, args ...any) {
	claim := fmt.Sprintf(format, args...)
	if !ok {
		panic(Failure{Claim: claim})
	}
	fmt.Fprintln(w, "✓", claim)
}

// Must returns v when err is nil, and panics with err otherwise.
func Must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// Must2 is Must for functions with two results besides the error.
func Must2[A, B any](a A, b B, err error) (A, B) {
	if err != nil {
		panic(err)
	}
	return a, b
}
