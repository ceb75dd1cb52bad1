package heap_test

import (
	"errors"
	"fmt"

	"github.com/grundylab/grundy/pkg/games/heap"
)

func ExampleParseCode() {
	for _, s := range []string{".137", "0x4.b", "0.3F", "1.0"} {
		c, err := heap.ParseCode(s)
		if err != nil {
			fmt.Println(errors.Is(err, heap.ErrCode), err)
			continue
		}
		fmt.Printf("%s: takes up to %d tokens, leaves up to %d heaps\n", c, c.MaxTake(), c.MaxHeaps())
	}
	// Output:
	// 0.137: takes up to 3 tokens, leaves up to 2 heaps
	// 0x4.B: takes up to 1 tokens, leaves up to 3 heaps
	// 0x0.3F: takes up to 2 tokens, leaves up to 3 heaps
	// true heap.ParseCode "1.0": invalid take-and-break code: integer part 1 removes no tokens, so it may only split a heap into two or more, not leave it whole (one heap) or take it (no heap)
}

func ExampleOctal() {
	g, err := heap.Octal(heap.Kayles, 16)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g)
	// Output:
	// [0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1]
}

func ExampleOctalPeriod() {
	p, err := heap.OctalPeriod(heap.DawsonsKayles, 10_000)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Preperiod, p.Period, p.Bound)
	// The closed form gives any heap's value, here a heap of 10^18 tokens.
	v, err := p.Form.Value(1_000_000_000_000_000_000)
	fmt.Println(v, err)
	// Output:
	// 53 34 142
	// 3 <nil>
}
