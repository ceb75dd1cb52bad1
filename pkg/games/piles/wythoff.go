package piles

import (
	"fmt"
	"math/big"
	"strconv"

	"github.com/grundylab/grundy/pkg/games/internal/gameerr"
)

// WythoffPair returns the i-th P-position (a, b) of Wythoff's game, a <= b,
// counting from (0, 0): a = floor(i*phi) and b = a + i, with phi the golden
// ratio. It is exact for every i (integer square roots, no floating point) and
// an error when i < 0 (wrapping ErrSize) or b does not fit in an int
// (ErrTooLarge), naming WythoffPair and i.
func WythoffPair(i int) (a, b int, err error) {
	if i < 0 {
		return 0, 0, gameerr.New("piles.WythoffPair", strconv.Itoa(i), fmt.Errorf("%w: index %d is negative", ErrSize, i))
	}
	// floor(i*phi) = floor((i + sqrt(5 i^2)) / 2) = (i + isqrt(5 i^2)) / 2,
	// since i + sqrt(5 i^2) and i + isqrt(5 i^2) have the same floor.
	x := big.NewInt(int64(i))
	r := new(big.Int).Mul(x, x)
	r.Mul(r, big.NewInt(5)).Sqrt(r)
	r.Add(r, x).Rsh(r, 1)
	bb := new(big.Int).Add(r, x)
	if !bb.IsInt64() || int64(int(bb.Int64())) != bb.Int64() {
		return 0, 0, gameerr.New("piles.WythoffPair", strconv.Itoa(i), fmt.Errorf("%w: b = %v overflows int", ErrTooLarge, bb))
	}
	return int(r.Int64()), int(bb.Int64()), nil
}
