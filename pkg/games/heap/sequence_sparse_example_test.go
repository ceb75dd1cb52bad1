package heap_test

import (
	"fmt"

	"github.com/grundylab/grundy/pkg/games/heap"
)

func ExampleSequence_Sparse() {
	// Grundy's game: split a heap into two heaps of different sizes.
	// OctalValues does not take its code, Octal does.
	g, err := heap.Octal(heap.GrundysGame, 1<<16-1)
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := g.Sparse()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("heaps 1..%d: largest value %d, mask %b\n", len(g)-1, s.Largest, s.Mask)
	fmt.Printf("%d rare heaps, the last %d\n", s.Rare, s.LastRare)
	fmt.Printf("%d rare values, the least %v\n", len(s.RareValues), s.RareValues[:6])
	// Output:
	// heaps 1..65535: largest value 230, mask 11111110
	// 1272 rare heaps, the last 36184
	// 74 rare values, the least [0 1 6 7 10 11]
}
