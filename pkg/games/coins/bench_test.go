package coins

import (
	"fmt"
	"slices"
	"testing"

	"github.com/grundylab/grundy/pkg/games/heap"
)

func BenchmarkNewLine(b *testing.B) {
	for _, set := range []heap.Set{heap.Squares(), heap.Triangular()} {
		for _, n := range []int{10_000, 100_000, 1_000_000} {
			b.Run(fmt.Sprintf("%s/%d", set, n), func(b *testing.B) {
				for b.Loop() {
					if _, err := NewLine(set, n); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func BenchmarkAllHeadsWinningMoves(b *testing.B) {
	p, err := NewProduct(heap.Squares(), 100_000, heap.Triangular(), 100_000)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		p.AllHeadsWinningMoves()
	}
}

// FuzzLine holds the blocked engine to the plain one on sets of lengths
// given by bytes, on up to 3000 coins.
func FuzzLine(f *testing.F) {
	f.Add([]byte{0, 3, 8, 15}, uint16(700))
	f.Add([]byte{0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20}, uint16(2999))
	f.Add([]byte{1, 3, 99, 200}, uint16(1000))
	f.Fuzz(func(t *testing.T, data []byte, size uint16) {
		n := int(size) % 3000
		var lengths []int
		for _, d := range data {
			lengths = append(lengths, int(d)+1)
		}
		set, err := heap.Finite(lengths...)
		if err != nil {
			t.Fatal(err)
		}
		members, _ := set.Members(n)
		fast := newLine[uint16](members, n)
		fast.run()
		plain := newLine[uint16](members, n)
		plain.plain(1, n+1)
		if !slices.Equal(fast.prefix, plain.prefix) {
			t.Fatalf("lengths %v, %d coins: prefix values differ", members, n)
		}
		if !slices.Equal(fast.runs, plain.runs) {
			t.Fatalf("lengths %v, %d coins: run histograms differ", members, n)
		}
	})
}
