package coins_test

import (
	"fmt"

	"github.com/grundylab/grundy/pkg/games/coins"
	"github.com/grundylab/grundy/pkg/games/heap"
)

func ExampleNewLine() {
	l, err := coins.NewLine(heap.Squares(), 20)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(l.Values()[1:])
	fmt.Println(l.Interval(1, 4), l.Prefix(4))
	// Output:
	// [1 1 1 2 1 1 1 2 1 1 1 2 1 1 1 3 2 1 1 1]
	// 3 3
}

func ExampleLine_RunHistogram() {
	// Moves turn one coin, or two neighbours.
	set, _ := heap.Finite(1, 2)
	l, _ := coins.NewLine(set, 6)
	fmt.Println(l.Values()[1:])
	// Six runs of one coin, of values 1 and 2, and five of two, of value 3.
	fmt.Println(l.RunHistogram())
	// Output:
	// [1 2 1 2 1 2]
	// [0 3 3 5]
}

func ExampleProduct_WinningMoves() {
	// Project Euler 459 on a 5x5 board: widths are squares, heights
	// triangular numbers, and every disk starts white (heads).
	p, _ := coins.NewProduct(heap.Squares(), 5, heap.Triangular(), 5)
	board, _ := coins.NewBoard(5, 5)
	board.Fill(true)
	wins, _ := p.WinningMoves(board)
	fmt.Println(len(wins), p.AllHeadsWinningMoves())
	fmt.Println(wins)
	// Output:
	// 8 8
	// [(4,1) 1x1 (4,2) 1x1 (4,3) 1x1 (4,3) 1x3 (4,4) 1x1 (4,4) 1x3 (4,5) 1x1 (4,5) 1x3]
}

func ExampleProduct_Value() {
	// The Tartan theorem: coin (x, y) is worth g(x) ⊗ g'(y). With moves of
	// one or two coins in each direction, the factors' values are 1, 2, 1, 2.
	set, _ := heap.Finite(1, 2)
	p, _ := coins.NewProduct(set, 4, set, 4)
	for y := 4; y >= 1; y-- {
		fmt.Println(p.Value(1, y), p.Value(2, y), p.Value(3, y), p.Value(4, y))
	}
	// Output:
	// 2 3 2 3
	// 1 2 1 2
	// 2 3 2 3
	// 1 2 1 2
}
