package euler

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/grundylab/grundy/pkg/games"
)

// threeHeaps returns the move function of three-heap Nim restricted to taking
// an amount accepted by take from one heap: the real game, played by the
// generic solver without the Sprague–Grundy theorem.
func threeHeaps(take func(h, amount int) bool) func([3]int) [][3]int {
	return func(p [3]int) [][3]int {
		var o [][3]int
		for i, h := range p {
			for a := 1; a <= h; a++ {
				if take(h, a) {
					q := p
					q[i] -= a
					o = append(o, q)
				}
			}
		}
		return o
	}
}

func TestNimSquareAgainstSolver(t *testing.T) {
	square := func(_, a int) bool { return isSquare(a) }
	s := games.NewSolver(threeHeaps(square), 0)
	losing := 0
	for c := 0; c <= 30; c++ {
		for b := 0; b <= c; b++ {
			for a := 0; a <= b; a++ {
				if solve(t, s, [3]int{a, b, c}) == 0 {
					losing++
				}
			}
		}
		got, err := NimSquare(c)
		if err != nil {
			t.Fatal(err)
		}
		if got.Cmp(big.NewInt(int64(losing))) != 0 {
			t.Fatalf("NimSquare(%d) = %v, the real game has %d losing positions", c, got, losing)
		}
	}
}

func ExampleNimSquare() {
	n, _ := NimSquare(29)
	fmt.Println(n)
	// Output: 1160
}

func BenchmarkNimSquare(b *testing.B) {
	for b.Loop() {
		if _, err := NimSquare(100_000); err != nil {
			b.Fatal(err)
		}
	}
}
