package piles_test

import (
	"fmt"

	"github.com/grundylab/grundy/pkg/games/piles"
)

func ExampleGame_PPositions() {
	seq, err := piles.Wythoff().PPositions(13)
	if err != nil {
		fmt.Println(err)
		return
	}
	for p := range seq {
		fmt.Print(p, " ")
	}
	fmt.Println()
	// Output: [0 0] [1 2] [3 5] [4 7] [6 10] [8 13]
}

func ExampleNew() {
	// Three piles; a move takes from the first pile alone or equally from
	// the other two, so the third pile can never empty alone. The game is
	// not symmetric: every P-position is listed, sorted or not.
	g, err := piles.New([]int{1, 0, 0}, []int{0, 1, 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	seq, err := g.PPositions(2)
	if err != nil {
		fmt.Println(err)
		return
	}
	for p := range seq {
		fmt.Print(p, " ")
	}
	fmt.Println()
	// Output: [0 0 0] [0 0 1] [0 0 2] [0 1 0] [0 2 0] [1 1 1] [1 1 2] [1 2 1] [2 2 2]
}

func ExampleWythoffPair() {
	a, b, err := piles.WythoffPair(1_000_000)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(a, b)
	// Output: 1618033 2618033
}
