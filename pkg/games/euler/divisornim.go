package euler

import (
	"fmt"

	"github.com/grundylab/grundy/pkg/games"
	"github.com/grundylab/grundy/pkg/games/heap"
)

// divisorNimForm is the closed form of Divisor Nim's Grundy values, the
// 2-adic valuation of the heap, which DivisorNim's documentation proves and
// TestDivisorNimForm checks against the values computed by the rules.
var divisorNimForm = heap.Valuation{Base: 2}

// DivisorNim returns S(n) modulo m: the number of winning positions for the
// player to move, over ordered triples 1 <= a, b, c <= n, in Divisor Nim,
// three-heap Nim where a move takes a proper divisor of a heap's size from
// that heap (Project Euler 509).
//
// The Grundy value of a heap is the 2-adic valuation of its size, so the
// value histogram of heaps 1..n has a closed form and n may be as large as
// an int64 allows. Proof, by induction on the heap h = 2^k·m, m odd (the
// heap 1 has no move and value 0): for each j < k, taking 2^j, a proper
// divisor, leaves 2^j·(2^(k-j)·m - 1), of valuation j; and no move leaves
// valuation k, since a proper divisor d = 2^a·b, b odd, leaves valuation a
// if a < k, and if a = k leaves 2^k·(m - b) with m - b even and positive,
// of valuation above k. So the mex of the options' values is k.
func DivisorNim(n, m int64) (int64, error) {
	if n < 0 {
		return 0, fail("DivisorNim", negative(n), n, m)
	}
	if m < 1 {
		return 0, fail("DivisorNim", fmt.Errorf("%w: modulus %d is below 1", ErrDomain, m), n, m)
	}
	hist, err := divisorNimForm.Histogram(1, n)
	if err != nil {
		return 0, fail("DivisorNim", err, n, m)
	}
	count, err := games.CountTuplesMod(hist, 3, games.Nonzero, m)
	if err != nil {
		return 0, fail("DivisorNim", err, n, m)
	}
	return count, nil
}
