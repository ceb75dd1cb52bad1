package euler

import (
	"fmt"
	"math"
	"strconv"
	"testing"

	"github.com/grundylab/grundy/pkg/games"
	"github.com/grundylab/grundy/pkg/games/heap"
)

// stripMoves is the paper-strip game itself, for the generic solver: a
// position is the set of white squares as a bitmask, and a move paints two
// adjacent white squares.
func stripMoves(white uint32) []uint32 {
	var o []uint32
	for pair := white & (white >> 1); pair != 0; pair &= pair - 1 {
		i := pair & -pair // squares i and 2i are both white
		o = append(o, white&^(i|i<<1))
	}
	return o
}

func TestPaperStripAgainstSolver(t *testing.T) {
	s := games.NewSolver(stripMoves, 0)
	wins := int64(0)
	for k := 1; k <= 20; k++ {
		if solve(t, s, uint32(1)<<k-1) != 0 {
			wins++
		}
		got, err := PaperStrip(int64(k))
		if err != nil {
			t.Fatal(err)
		}
		if got != wins {
			t.Fatalf("PaperStrip(%d) = %d, the real strips give %d", k, got, wins)
		}
	}
}

// seedPaperStrip is the seed writeup's count, from the values it typed in
// after looking up OEIS A002187: g(1), ..., g(52), then g(53), ..., g(86),
// a period said to repeat forever. PaperStrip proves what this assumes.
func seedPaperStrip(n int64) int64 {
	a := []int64{0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2,
		0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2}
	period := []int64{3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9}
	wins := func(vs []int64) (w int64) {
		for _, v := range vs {
			if v > 0 {
				w++
			}
		}
		return w
	}
	head := min(n, int64(len(a)))
	ans := wins(a[:head])
	if n > head {
		rest := n - head
		block, res := rest/int64(len(period)), rest%int64(len(period))
		ans += block*wins(period) + wins(period[:res])
	}
	return ans
}

func TestPaperStrip(t *testing.T) {
	for _, n := range []int64{51, 52, 53, 86, 87, 1000, 1_000_000, 123456789, 1e18, math.MaxInt64} {
		got, err := PaperStrip(n)
		if err != nil {
			t.Fatal(err)
		}
		if want := seedPaperStrip(n); got != want {
			t.Errorf("PaperStrip(%d) = %d, the seed's OEIS table gives %d", n, got, want)
		}
	}
}

// TestPaperStripPrefix counts the first-player wins directly from the
// computed Grundy values, for every n up to 5000.
func TestPaperStripPrefix(t *testing.T) {
	const n = 5000
	g, err := heap.Octal(heap.DawsonsKayles, n)
	if err != nil {
		t.Fatal(err)
	}
	wins := int64(0)
	for k := 1; k <= n; k++ {
		if g[k] != 0 {
			wins++
		}
		if got, err := PaperStrip(int64(k)); err != nil || got != wins {
			t.Fatalf("PaperStrip(%d) = %d, %v; the values give %d", k, got, err, wins)
		}
	}
}

func ExamplePaperStrip() {
	for _, n := range []int64{5, 50} {
		w, err := PaperStrip(n)
		fmt.Println(n, w, err)
	}
	// Output:
	// 5 3 <nil>
	// 50 40 <nil>
}

func BenchmarkPaperStrip(b *testing.B) {
	for _, n := range []int64{1_000_000, 1e18} {
		b.Run(strconv.FormatInt(n, 10), func(b *testing.B) {
			for b.Loop() {
				if _, err := PaperStrip(n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
