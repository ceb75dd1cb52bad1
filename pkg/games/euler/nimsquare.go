package euler

import (
	"math/big"

	"github.com/grundylab/grundy/pkg/games"
	"github.com/grundylab/grundy/pkg/games/heap"
)

// NimSquare returns the number of losing positions (a, b, c) with
// 0 <= a <= b <= c <= n in Nim Square, three-heap Nim in which a move takes a
// positive square number of tokens from one heap (Project Euler 310).
//
// The heaps are independent, so by the Sprague–Grundy theorem a position is
// lost exactly when the Grundy values of its heaps XOR to zero; the count of
// such unordered triples comes from the histogram of the values.
func NimSquare(n int) (*big.Int, error) {
	if n < 0 {
		return nil, fail("NimSquare", negative(int64(n)), int64(n))
	}
	g, err := heap.Subtraction(heap.Squares(), n)
	if err != nil {
		return nil, fail("NimSquare", err, int64(n))
	}
	count, err := games.CountMultisets(g.Histogram(), 3, 0)
	if err != nil {
		return nil, fail("NimSquare", err, int64(n))
	}
	return count, nil
}
