package euler

import "fmt"

// problem is a Project Euler problem as its errors name it. Every problem
// has one shape: check its arguments against its domain, ask the general
// packages for the game's values or P-positions, and count; every error on
// the way starts with the problem's name, so a caller composing several
// problems can tell which one failed.
type problem string

// The problems of the package, one file each.
const (
	divisorNim   problem = "divisor nim"   // PE 509
	flippingGame problem = "flipping game" // PE 459
	nimSquare    problem = "nim square"    // PE 310
	paperStrip   problem = "paper strip"   // PE 306
	stoneGame    problem = "stone game"    // PE 260
)

// errorf returns an error about an argument of the problem.
func (p problem) errorf(format string, a ...any) error {
	return fmt.Errorf("%s: %s", p, fmt.Sprintf(format, a...))
}

// negative returns the error for a size n below 0, the least size of every
// problem but FlippingGame's board.
func (p problem) negative(n int64) error {
	return p.errorf("n = %d is negative", n)
}

// wrap returns err, from a package the problem composes, with the problem's
// name before it.
func (p problem) wrap(err error) error {
	return fmt.Errorf("%s: %w", p, err)
}
