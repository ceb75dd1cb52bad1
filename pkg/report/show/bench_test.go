package show_test

import (
	"strconv"
	"testing"

	"github.com/grundylab/grundy/pkg/games/coins"
	"github.com/grundylab/grundy/pkg/games/heap"
	"github.com/grundylab/grundy/pkg/games/misere"
	"github.com/grundylab/grundy/pkg/games/piles"
	"github.com/grundylab/grundy/pkg/games/play"
	"github.com/grundylab/grundy/pkg/report/check"
	"github.com/grundylab/grundy/pkg/report/show"
)

// The benchmarks draw each display at the sizes notebooks use and at its
// bound; the results they draw from are computed once, outside the loop.

func BenchmarkSequence(b *testing.B) {
	proof := check.Must(heap.OctalPeriod(heap.Kayles, 1000))
	for _, n := range []int{100, 1000, show.MaxCells} {
		g := check.Must(heap.Octal(heap.Kayles, n-1))
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				check.Must(show.Sequence(g, show.SequenceOptions{Caption: "Kayles", Proof: &proof}))
			}
		})
	}
}

func BenchmarkProof(b *testing.B) {
	proof := check.Must(heap.OctalPeriod(heap.Kayles, 1000))
	for b.Loop() {
		check.Must(show.Proof("Kayles", proof))
	}
}

func BenchmarkNimTable(b *testing.B) {
	for _, n := range []int{16, show.MaxNimTable} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				check.Must(show.NimTable(n))
			}
		})
	}
}

func BenchmarkPPositions(b *testing.B) {
	for _, n := range []int{100, show.MaxPicture} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				seq := check.Must(piles.Wythoff().PPositions(n))
				check.Must(show.PPositions("Wythoff's game", n, seq, true))
			}
		})
	}
}

func BenchmarkCoins(b *testing.B) {
	line := check.Must(coins.NewLine(heap.Squares(), play.MaxRow))
	r := check.Must(play.NewRow(play.MaxRow, 1, 5, 9, 16, 25, 36, 49, 64))
	for b.Loop() {
		check.Must(show.Coins("Runs of squares", r, line.Value))
	}
}

func BenchmarkCoinBoard(b *testing.B) {
	p := check.Must(coins.NewProduct(heap.Squares(), 8, heap.Triangular(), 8))
	board := check.Must(play.ParseBoard("HTHTHTHT/THTHTHTH/HTHTHTHT/THTHTHTH/HTHTHTHT/THTHTHTH/HTHTHTHT/THTHTHTH"))
	for b.Loop() {
		check.Must(show.CoinBoard("Squares × triangular", board, p.Value))
	}
}

func BenchmarkOptions(b *testing.B) {
	g := check.Must(play.NewHeapGame(heap.Kayles, play.Normal, 0))
	p := check.Must(play.NewHeaps(20, 13, 9))
	check.Must(show.Options("Kayles", g, p)) // values found once
	for b.Loop() {
		check.Must(show.Options("Kayles", g, p))
	}
}

func BenchmarkQuotient(b *testing.B) {
	for _, tc := range []struct {
		name string
		q    *misere.Quotient
	}{
		{"kayles-40", check.Must(misere.Solve(heap.Kayles, 400))},
		{"0.35-246", check.Must(misere.Solve("0.35", 10))},
	} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				check.Must(show.Quotient(tc.q, show.QuotientOptions{}))
			}
		})
	}
}
