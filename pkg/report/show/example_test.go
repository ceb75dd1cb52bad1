package show_test

import (
	"fmt"

	"github.com/grundylab/grundy/pkg/games/coins"
	"github.com/grundylab/grundy/pkg/games/heap"
	"github.com/grundylab/grundy/pkg/games/misere"
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

func ExampleQuotient() {
	q := check.Must(misere.Solve("0.75", 100))
	d := check.Must(show.Quotient(q, show.QuotientOptions{Caption: "0.75", Heaps: 24, Columns: 12}))
	fmt.Println(d.Text)
	// Output:
	// Misère quotient of 0.75: 8 elements, 2 of them in the P-portion. Proven complete, the quotient of every sum of heaps: Φ(n + 2) = Φ(n) for 8 ≤ n ≤ 19, and moves take at most t = 2 tokens and leave at most k = 2 heaps, so the periodicity theorem (package misere) needs the heaps up to k(max(8, 1) + 2) + t − 1 = 21, all computed.
	// Presentation: ⟨a, b, c | a^2=1, b^3=b, bc=ab, c^2=b^2⟩, where a = Φ(1), b = Φ(2), c = Φ(5): the element of a heap of n tokens is Φ(n).
	// Elements by number with their normal forms; * marks the P-portion {a, b^2}, the sums lost for the player to move:
	// 0 1      1 a*     2 b      3 c      4 ab     5 ac     6 b^2*   7 ab^2
	//
	// Multiplication table by element numbers; * marks the products in the P-portion:
	//  ·  0   1   2   3   4   5   6   7
	//  0  0   1*  2   3   4   5   6*  7
	//  1  1*  0   4   5   2   3   7   6*
	//  2  2   4   6*  4   7   2   2   4
	//  3  3   5   4   6*  2   7   7   6*
	//  4  4   2   7   2   6*  4   4   2
	//  5  5   3   2   7   4   6*  6*  7
	//  6  6*  7   2   7   4   6*  6*  7
	//  7  7   6*  4   6*  2   7   7   6*
	//
	// Pretending function: Φ(n), the element of a heap of n tokens, for n = 0 to 23; the heaps lost alone, Φ(n) in the P-portion, are bold and underlined (* in text). Φ(n + 2) = Φ(n) for every n ≥ 8; the preperiod, n < 8, is tinted orange; successive periods are tinted in alternating greens.
	//  n  +0  +1  +2  +3  +4  +5  +6  +7  +8  +9 +10 +11
	//  0  0   1*  2   1*  2   3   2   3   2   7   2   7
	// 12  2   7   2   7   2   7   2   7   2   7   2   7
}

func ExampleCoinBoard() {
	runs := check.Must(heap.Finite(1, 2))
	p := check.Must(coins.NewProduct(runs, 3, runs, 2))
	b := check.Must(play.ParseBoard("HTT/TTH"))
	d := check.Must(show.CoinBoard("Runs of 1 or 2, squared", b, p.Value))
	fmt.Println(d.Text)
	// Output:
	// Runs of 1 or 2, squared, board HTT/TTH (top row first): ● heads, ○ tails, with the value g(x, y) of each coin alone; the position's value is the nim-sum of its heads coins' values, 3: won for the player to move.
	// faces (H heads, T tails), row y by row, top first:
	// 2  H T T
	// 1  T T H
	//    1 2 3
	// values g(x, y):
	// 2  2 3 2
	// 1  1 2 1
	//    1 2 3
}
