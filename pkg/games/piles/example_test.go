package piles_test

import (
	"fmt"
	"strings"

	"github.com/grundylab/grundy/pkg/games/piles"
)

func ExampleGame_PPositions() {
	// Three piles; a move takes from the first pile alone or equally from
	// the other two, so the third pile can never empty alone. The game is
	// not symmetric: every P-position is listed, sorted or not, where
	// Wythoff's game, symmetric, lists only the sorted ones.
	g, err := piles.New([]int{1, 0, 0}, []int{0, 1, 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, game := range []struct {
		g *piles.Game
		n int
	}{{piles.Wythoff(), 13}, {g, 2}} {
		seq, err := game.g.PPositions(game.n)
		if err != nil {
			fmt.Println(err)
			return
		}
		var line []string
		for p := range seq {
			line = append(line, fmt.Sprint(p))
		}
		fmt.Println(strings.Join(line, " "))
	}
	// Output:
	// [0 0] [1 2] [3 5] [4 7] [6 10] [8 13]
	// [0 0 0] [0 0 1] [0 0 2] [0 1 0] [0 2 0] [1 1 1] [1 1 2] [1 2 1] [2 2 2]
}

func ExampleNew() {
	// Three piles; a move takes from the first pile alone or equally from
	// the other two.
	g, err := piles.New([]int{1, 0, 0}, []int{0, 1, 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	opts, err := g.Options([]int{1, 2, 2})
	fmt.Println(g, g.Symmetric(), opts, err)
	// Output: {100 011} false [[0 2 2] [1 1 1] [1 0 0]] <nil>
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
