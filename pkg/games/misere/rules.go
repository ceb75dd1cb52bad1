package misere

import (
	"slices"

	"github.com/grundylab/grundy/pkg/games/heap"
)

// rules lists the moves of a take-and-break game, heap by heap.
type rules struct {
	code heap.Code
	// opts[h] holds the options of a heap of h tokens, each the sizes of
	// the heaps the move leaves, in increasing order (empty when the move
	// takes the whole heap); duplicates are dropped.
	opts [][][]int
}

func newRules(c heap.Code) *rules {
	return &rules{code: c, opts: [][][]int{nil}}
}

// options returns the options of a heap of h tokens, listing those of the
// heaps up to h first if need be.
func (r *rules) options(h int) [][]int {
	for len(r.opts) <= h {
		r.opts = append(r.opts, r.list(len(r.opts)))
	}
	return r.opts[h]
}

// list returns the options of a heap of h tokens, read off the code's
// digits: digit j says what a move that removes j tokens may leave.
func (r *rules) list(h int) [][]int {
	var out [][]int
	seen := map[[3]int]bool{}
	add := func(parts ...int) {
		var k [3]int
		copy(k[:], parts)
		if !seen[k] {
			seen[k] = true
			out = append(out, slices.Clone(parts))
		}
	}
	for j := 0; j <= h && j <= r.code.MaxTake(); j++ {
		d, rest := r.code.Digit(j), h-j
		if j > 0 && d&1 != 0 && rest == 0 {
			add()
		}
		if j > 0 && d&2 != 0 && rest > 0 {
			add(rest)
		}
		for a := 1; d&4 != 0 && a <= rest-a; a++ {
			add(a, rest-a)
		}
		for a := 1; d&8 != 0 && 3*a <= rest; a++ {
			for b := a; b <= rest-a-b; b++ {
				add(a, b, rest-a-b)
			}
		}
	}
	return out
}

// live reports whether a heap of h tokens has a move.
func (r *rules) live(h int) bool { return len(r.options(h)) > 0 }
