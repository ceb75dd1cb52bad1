package euler

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/grundylab/grundy/pkg/games/internal/gameerr"
)

var (
	// ErrDomain is wrapped by the errors for an argument outside a
	// problem's domain: a negative size, a modulus below 1, a board
	// smaller than one coin.
	ErrDomain = errors.New("argument outside the problem's domain")
	// ErrOverflow is wrapped by the errors for an answer that int64 cannot
	// hold.
	ErrOverflow = errors.New("answer overflows int64")
)

// fail returns the *games.Error of the problem's function fn, called with
// the arguments args, for the cause err.
func fail(fn string, err error, args ...int64) error {
	in := make([]string, len(args))
	for i, a := range args {
		in[i] = strconv.FormatInt(a, 10)
	}
	return gameerr.New("euler."+fn, strings.Join(in, ", "), err)
}

// negative returns the cause for a size n below 0, the least size of every
// problem but FlippingGame's board.
func negative(n int64) error {
	return fmt.Errorf("%w: n = %d is negative", ErrDomain, n)
}
