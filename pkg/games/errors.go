package games

import "strconv"

// An Error records the failure of a function of package games or of one of
// its sub-packages, as *strconv.NumError does for strconv: the function,
// the input it failed on, and the cause, which wraps the package's sentinel
// error (ErrLimit, misere.ErrBound, heap.ErrCode, ...) so that errors.Is
// matches it:
//
//	var e *games.Error
//	if errors.As(err, &e) && errors.Is(err, misere.ErrBound) {
//		fmt.Println(e.Func, e.Input) // misere.Solve 0.07
//	}
//
// Its message is the function, the quoted input and the cause, which
// begins with the sentinel's text:
//
//	heap.Octal "0.8x": invalid take-and-break code: 'x' at byte 3 is not a digit
type Error struct {
	Func  string // the function the caller called, with its package: "misere.Solve", "misere.Quotient.Outcome"
	Input string // the input it failed on, as given: a code, a set, a size
	Err   error  // the cause
}

func (e *Error) Error() string {
	return e.Func + " " + strconv.Quote(e.Input) + ": " + e.Err.Error()
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }
