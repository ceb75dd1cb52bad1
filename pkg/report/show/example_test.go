package show_test

import (
	"fmt"

	"github.com/grundylab/grundy/pkg/games/heap"
	"github.com/grundylab/grundy/pkg/games/play"
	"github.com/grundylab/grundy/pkg/report/check"
	"github.com/grundylab/grundy/pkg/report/show"
)

func ExampleSequence() {
	set := check.Must(heap.Finite(1, 2))
	g := check.Must(heap.Subtraction(set, 8))
	proof := check.Must(heap.SubtractionPeriod(set, 100))
	d := check.Must(show.Sequence(g, show.SequenceOptions{Caption: "Subtract 1 or 2", Proof: &proof}))
	fmt.Println(d.Text)
	// Output:
	// Subtract 1 or 2: Grundy values g(n) for n = 0 to 8. Bold underlined (* in text) values 0 are the P-positions, lost for the player to move. Proven ultimately periodic: g(n + 3) = g(n) for every n ≥ 0; successive periods are tinted in alternating greens.
	// n +0 +1 +2
	// 0 0* 1  2
	// 3 0* 1  2
	// 6 0* 1  2
}

func ExampleNimTable() {
	d := check.Must(show.NimTable(4))
	fmt.Println(d.Text)
	// Output:
	// Nim products a ⊗ b for a, b < 4; the products equal to 1 (tinted) pair each a with its inverse.
	//  ⊗  0  1  2  3
	//  0  0  0  0  0
	//  1  0  1  2  3
	//  2  0  2  3  1
	//  3  0  3  1  2
}

func ExampleOptions() {
	g := check.Must(play.NewHeapGame("0.[3]", play.Normal, 0))
	d := check.Must(show.Options("Nim", g, check.Must(play.NewHeaps(1, 2))))
	fmt.Println(d.Text)
	// Output:
	// Nim (normal play), position 2 + 1: value 3, won for the player to move: 1 of its 3 moves win (marked ✓).
	// ●● 2
	// ● 1
	//   ✓  1 + 1  (value 0)
	//      1  (value 1)
	//      2  (value 2)
}
