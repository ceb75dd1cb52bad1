package euler

import (
	"errors"
	"sync"

	"github.com/grundylab/grundy/pkg/games"
	"github.com/grundylab/grundy/pkg/games/heap"
)

// divisorNimEvidence is how many heaps of Divisor Nim are computed to
// recognise the closed form of its Grundy values.
const divisorNimEvidence = 1 << 12

// divisorNimForm computes Divisor Nim's Grundy values once per process and
// recognises their closed form, the 2-adic valuation, which DivisorNim's
// documentation proves for every heap.
var divisorNimForm = sync.OnceValues(func() (heap.Form, error) {
	g, err := heap.ProperDivisor(divisorNimEvidence)
	if err != nil {
		return nil, err
	}
	for _, fit := range heap.Recognize(g) {
		if v, ok := fit.Form.(heap.Valuation); ok {
			return v, nil
		}
	}
	return nil, errors.New("no valuation fits the computed Grundy values")
})

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
		return 0, divisorNim.negative(n)
	}
	if m < 1 {
		return 0, divisorNim.errorf("modulus %d is below 1", m)
	}
	form, err := divisorNimForm()
	if err != nil {
		return 0, divisorNim.wrap(err)
	}
	hist, err := form.Histogram(1, n)
	if err != nil {
		return 0, divisorNim.wrap(err)
	}
	return games.CountTuplesMod(hist, 3, games.Nonzero, m)
}
