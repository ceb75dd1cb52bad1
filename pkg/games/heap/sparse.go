package heap

import (
	"fmt"
	"math/bits"
)

// TakeBreak computes octal games (moves into at most two heaps) that take at
// most 14 tokens with the rare/common split of the sparse-space method
// (Winning Ways, "Sparse space spells speed"; A. Gangolli and T. Plambeck,
// "A note on periodicity in some octal games", Internat. J. Game Theory 18
// (1989) 311-320, for 0.16; A. Flammenkamp's web tables of octal games; the
// refinement by parity of P. Beling's ogsolve), which compact_engine.go
// explains. Longer octal codes take the plain definition.
//
// Moves into three heaps have no such shortcut: games with them enumerate
// every two-heap split and find the values of three-heap splits from the
// stored sets of two-heap split values, in O(n·v) per heap for v possible
// values.

// takeBreak computes the Grundy values of a take-and-break game, one heap
// after another.
type takeBreak struct {
	run *octalRun // for octal codes; the fields below are for the others

	whole  []int // amounts j whose moves take a whole heap of j tokens
	single []int // amounts j >= 1 whose moves leave one heap
	split  []int // amounts j >= 0 whose moves leave two heaps, increasing
	triple []int // amounts j >= 0 whose moves leave three heaps

	g Sequence // g[0], ..., g[len(g)-1] are known
	// stamp[v] == n marks v as the value of an option of heap n. Every value
	// is below size, a power of two, and so is the XOR of any two;
	// len(stamp) = size+1 leaves room for a mex equal to size.
	stamp []uint32
	size  int

	// pairs[k] is the set of values g(a)^g(k-a), 1 <= a < k, as a bitset.
	pairs [][]uint64
}

func newTakeBreak(c Code) *takeBreak {
	if c.IsOctal() && c.MaxTake() < 15 {
		// Below MaxLen heaps every value fits in four bytes (see errWide).
		run := newOctalRun(c)
		run.setHelper(true)
		return &takeBreak{run: run, g: Sequence{0}}
	}
	t := &takeBreak{g: Sequence{0}, size: 1, stamp: make([]uint32, 2)}
	for j := 0; j <= c.MaxTake(); j++ {
		d := c.Digit(j)
		if d&1 != 0 && j > 0 {
			t.whole = append(t.whole, j)
		}
		if d&2 != 0 && j > 0 {
			t.single = append(t.single, j)
		}
		if d&4 != 0 {
			t.split = append(t.split, j)
		}
		if d&8 != 0 {
			t.triple = append(t.triple, j)
		}
	}
	return t
}

// extend computes values until n are known.
func (t *takeBreak) extend(n int) {
	if t.run != nil {
		t.run.reserve(n)
		if err := t.run.extend(n); err != nil {
			panic(fmt.Sprintf("heap: %s: %v below MaxLen heaps", t.run.game.name, err))
		}
		g := make(Sequence, n)
		for i := range g {
			g[i] = t.run.at(i)
		}
		t.g = g
		return
	}
	if cap(t.g) < n {
		g := make(Sequence, len(t.g), n)
		copy(g, t.g)
		t.g = g
	}
	for len(t.g) < n {
		t.next()
	}
}

// next computes the value of the next heap.
func (t *takeBreak) next() {
	n := len(t.g)
	cur := uint32(n)
	g, st := t.g, t.stamp
	markSimple(g, st, n, t.whole, t.single)
	for _, j := range t.split {
		m := n - j
		for a := 1; a <= m/2; a++ {
			st[g[a]^g[m-a]] = cur
		}
	}
	for _, j := range t.triple {
		t.markTriples(n, n-j)
	}
	v := 0
	for st[v] == cur {
		v++
	}
	t.g = append(t.g, v)
	if v >= t.size {
		for v >= t.size {
			t.size *= 2
		}
		t.stamp = append(t.stamp, make([]uint32, t.size+1-len(t.stamp))...)
	}
	t.addPairs(n)
}

// walshHadamard replaces a, whose length is a power of two, by its
// Walsh–Hadamard transform: a[m] becomes the sum over v of a[v] times -1 to
// the parity of v&m.
func walshHadamard(a []int64) {
	for h := 1; h < len(a); h *= 2 {
		for i := 0; i < len(a); i += 2 * h {
			for k := i; k < i+h; k++ {
				a[k], a[k+h] = a[k]+a[k+h], a[k]-a[k+h]
			}
		}
	}
}

// addPairs records the values of the two-heap splits of heap k.
func (t *takeBreak) addPairs(k int) {
	set := make([]uint64, (t.size+63)/64)
	for a := 1; a <= k/2; a++ {
		x := t.g[a] ^ t.g[k-a]
		set[x/64] |= 1 << (x % 64)
	}
	for len(t.pairs) < k {
		t.pairs = append(t.pairs, nil)
	}
	t.pairs = append(t.pairs, set)
}

// markTriples marks the values of the splits of m tokens into three heaps,
// for heap n: g(c) ^ y for each part c and each value y of a split of m-c
// into two heaps.
func (t *takeBreak) markTriples(n, m int) {
	cur := uint32(n)
	for c := 1; c <= m-2; c++ {
		gc := t.g[c]
		for w, word := range t.pairs[m-c] {
			for word != 0 {
				y := w*64 + bits.TrailingZeros64(word)
				word &= word - 1
				t.stamp[gc^y] = cur
			}
		}
	}
}

// markSimple stamps with n, in st, the values of heap n's options by the
// moves that take a whole heap of j = n (leaving nothing, of value 0) and
// those that take j < n and leave one heap, of value g[n-j]: the part of a
// move's options every engine finds the same way.
func markSimple[T int | valueType](g []T, st []uint32, n int, whole, single []int) {
	cur := uint32(n)
	for _, j := range whole {
		if j == n {
			st[0] = cur
		}
	}
	for _, j := range single {
		if j < n {
			st[g[n-j]] = cur
		}
	}
}
