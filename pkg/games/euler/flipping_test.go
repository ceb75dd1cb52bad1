package euler

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"testing"

	"github.com/grundylab/grundy/pkg/games"
	"github.com/grundylab/grundy/pkg/games/coins"
	"github.com/grundylab/grundy/pkg/games/heap"
)

// flippingBoard is the real game on an n×n board for the generic solver:
// bit (y-1)*n + x-1 of a position is set when disk (x, y) shows white.
func flippingBoard(n int) func(uint64) []uint64 {
	return func(pos uint64) []uint64 {
		var opts []uint64
		for y := 1; y <= n; y++ {
			for x := 1; x <= n; x++ {
				if pos>>((y-1)*n+x-1)&1 == 0 {
					continue
				}
				for w := 1; w <= x; w++ {
					for h := 1; h <= y; h++ {
						if !isSquare(w) || !isTriangular(h) {
							continue
						}
						next := pos
						for j := y - h + 1; j <= y; j++ {
							for i := x - w + 1; i <= x; i++ {
								next ^= 1 << ((j-1)*n + i - 1)
							}
						}
						opts = append(opts, next)
					}
				}
			}
		}
		return opts
	}
}

// TestFlippingGameAgainstSolver plays the real game from the all-white board
// for n up to 4 and counts the moves to positions of value 0.
func TestFlippingGameAgainstSolver(t *testing.T) {
	for n := 1; n <= 4; n++ {
		moves := flippingBoard(n)
		s := games.NewSolver(moves, 0)
		start := uint64(1)<<(n*n) - 1
		wins := 0
		for _, next := range moves(start) {
			if solve(t, s, next) == 0 {
				wins++
			}
		}
		got, err := FlippingGame(n)
		if err != nil {
			t.Fatal(err)
		}
		if got.Cmp(big.NewInt(int64(wins))) != 0 {
			t.Errorf("FlippingGame(%d) = %v, the real game has %d winning moves", n, got, wins)
		}
	}
}

// TestFlippingGameFiveMoves lists the eight winning moves on the 5×5 board:
// single disks and columns of three in the fourth column.
func TestFlippingGameFiveMoves(t *testing.T) {
	p, err := coins.NewProduct(heap.Squares(), 5, heap.Triangular(), 5)
	if err != nil {
		t.Fatal(err)
	}
	board, _ := coins.NewBoard(5, 5)
	board.Fill(true)
	wins, err := p.WinningMoves(board)
	if err != nil {
		t.Fatal(err)
	}
	want := []coins.Move{
		{X: 4, Y: 1, Width: 1, Height: 1},
		{X: 4, Y: 2, Width: 1, Height: 1},
		{X: 4, Y: 3, Width: 1, Height: 1},
		{X: 4, Y: 3, Width: 1, Height: 3},
		{X: 4, Y: 4, Width: 1, Height: 1},
		{X: 4, Y: 4, Width: 1, Height: 3},
		{X: 4, Y: 5, Width: 1, Height: 1},
		{X: 4, Y: 5, Width: 1, Height: 3},
	}
	if !slices.Equal(wins, want) {
		t.Errorf("winning moves on 5x5: %v, want %v", wins, want)
	}
}

func ExampleFlippingGame() {
	for _, n := range []int{1, 2, 5, 100} {
		w, err := FlippingGame(n)
		fmt.Println(n, w, err)
	}
	// Output:
	// 1 1 <nil>
	// 2 0 <nil>
	// 5 8 <nil>
	// 100 31395 <nil>
}

func BenchmarkFlippingGame(b *testing.B) {
	for _, n := range []int{10_000, 100_000, 1_000_000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := FlippingGame(n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
