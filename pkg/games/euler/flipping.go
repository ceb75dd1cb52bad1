package euler

import (
	"fmt"
	"math/big"

	"github.com/grundylab/grundy/pkg/games/coins"
	"github.com/grundylab/grundy/pkg/games/heap"
)

// FlippingGame returns W(n), the number of winning first moves of the
// flipping game on an n×n board of disks that all show white (Project Euler
// 459). A move flips every disk of a rectangle whose upper right disk is
// white, whose width is a square and whose height is a triangular number;
// the player who turns the last disk black wins. n must be at least 1.
//
// Flipping a disk is turning a coin, white for heads, and a rectangle is a
// move of the product of two coin-turning games: runs of square length
// across and of triangular length up. The Tartan theorem (proved in package
// coins) gives the value of every position from the values of the two
// one-dimensional games, and the winning moves are counted by pairing the
// values of their runs. The two games are computed concurrently; each reads
// its pairs (disk, run length), about (2/3)·n·√n and (2/3)·n·√(2n) of
// them.
func FlippingGame(n int) (*big.Int, error) {
	if n < 1 {
		return nil, fail("FlippingGame", fmt.Errorf("%w: board of %d×%d coins, want n at least 1", ErrDomain, n, n), int64(n))
	}
	p, err := coins.NewProduct(heap.Squares(), n, heap.Triangular(), n)
	if err != nil {
		return nil, fail("FlippingGame", err, int64(n))
	}
	return p.AllHeadsWinningMoves(), nil
}
