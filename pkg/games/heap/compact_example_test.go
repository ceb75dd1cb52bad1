package heap_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/grundylab/grundy/pkg/games/heap"
)

func ExampleOctalValues() {
	// Officers, 0.6: take one coin, leave one or two heaps. Its rare heaps
	// are few and early, as the published tables say.
	v, err := heap.OctalValues("0.6", 50_000, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	s := v.Sparse()
	fmt.Println(v.Len(), "values,", v.BytesPerValue(), "bytes each, largest", v.Max())
	fmt.Printf("rare mask %d: %d rare heaps, the last %d\n", s.Mask, s.Rare, s.LastRare)
	// Output:
	// 50001 values, 2 bytes each, largest 284
	// rare mask 494: 1583 rare heaps, the last 20627
}

func ExampleOctalOptions() {
	dir, err := os.MkdirTemp("", "octal")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	opts := &heap.OctalOptions{
		Checkpoint:   filepath.Join(dir, "0.16.ckpt"),
		ProgressStep: 50_000,
		Progress:     func(done, total int) { fmt.Println(done, "of", total) },
	}
	// A first piece, saved at the end; the second run starts from it.
	if _, err := heap.OctalValues("0.16", 99_999, opts); err != nil {
		fmt.Println(err)
		return
	}
	v, err := heap.OctalValues("0.16", 149_999, opts)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(v.At(149_999))
	// Output:
	// 50000 of 100000
	// 100000 of 100000
	// 150000 of 150000
	// 5
}

func ExampleValues_BytesPerValue() {
	// Officers' values fit one byte to heap 10,343; g(10,344) is the
	// first of 256 or more, and from it on each value takes two.
	for _, n := range []int{10_343, 10_344} {
		v, err := heap.OctalValues("0.6", n, nil)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("to heap %d: largest %d, bytes per value %d\n", n, v.Max(), v.BytesPerValue())
	}
	// Output:
	// to heap 10343: largest 252, bytes per value 1
	// to heap 10344: largest 256, bytes per value 2
}
