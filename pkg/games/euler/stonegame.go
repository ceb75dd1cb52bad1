package euler

import (
	"fmt"
	"math"

	"github.com/grundylab/grundy/pkg/games/piles"
)

// StoneGame returns the sum of x+y+z over the losing positions (x, y, z),
// 0 <= x <= y <= z <= n, of the three-pile game in which a move takes the
// same positive number of stones from each pile of any non-empty set of piles
// (Project Euler 260).
//
// The game is not a sum of independent piles, so its P-positions are listed
// by the claimed-lines method of package piles.
func StoneGame(n int) (int64, error) {
	if n < 0 {
		return 0, fail("StoneGame", negative(int64(n)), int64(n))
	}
	g, err := piles.Subsets(3)
	if err != nil {
		return 0, fail("StoneGame", err, int64(n))
	}
	seq, err := g.PPositions(n)
	if err != nil {
		return 0, fail("StoneGame", err, int64(n))
	}
	var sum int64
	for p := range seq {
		s := int64(p[0]) + int64(p[1]) + int64(p[2])
		if sum > math.MaxInt64-s {
			return 0, fail("StoneGame", fmt.Errorf("%w: the sum of the losing positions up to %d", ErrOverflow, n), int64(n))
		}
		sum += s
	}
	return sum, nil
}
