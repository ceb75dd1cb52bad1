// Package euler solves five Project Euler problems about impartial games as
// thin compositions of the general packages: each function states the game,
// asks the library for its Grundy values or P-positions, and counts.
//
//	losing, err := euler.NimSquare(100_000)                 // PE 310
//	s, err := euler.DivisorNim(123456787654321, 1234567890) // PE 509
//	wins, err := euler.PaperStrip(1_000_000)                // PE 306
//	w, err := euler.FlippingGame(1_000_000)                 // PE 459
//	sum, err := euler.StoneGame(1000)                       // PE 260
//
// Arguments outside a problem's domain (negative sizes, a modulus below 1)
// are errors, as are failures of the packages beneath. Errors are
// *games.Error values, like *strconv.NumError: the function called, its
// arguments and the cause, which begins with the sentinel it wraps for
// errors.Is (ErrDomain, ErrOverflow, or a sentinel of the package beneath):
//
//	euler.NimSquare "-1": argument outside the problem's domain: n = -1 is negative
//
// Results are exact: big integers where they can grow without bound.
package euler
