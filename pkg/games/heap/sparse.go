package heap

import "math/bits"

// The sparse-space method (Winning Ways, "Sparse space spells speed"; used by
// Gangolli and Plambeck for 0.16 and by Flammenkamp for his octal tables).
//
// A move that removes j tokens and splits the rest, m = n-j, into a+b offers
// g(a)^g(b). Fix a mask and a flag delta in {0, 1} and call position x
// "rare" when σ(x) = parity(g(x)&mask) ^ (delta & x) equals rho. As
// parity(u^w) = parity(u)^parity(w) and a+b = m,
//
//	parity(g(a)^g(b) & mask) = σ(a) ^ σ(b) ^ (delta & m).
//
// So a value v with parity(v&mask) ^ (delta & m) = 1 comes only from a pair
// with exactly one rare part. Every pair with a rare part is enumerated
// from the list of rare positions, hence such "complete" values are known
// exactly; the others ("incomplete") may also come from a pair of common
// positions, of which there are about m/2.
//
// The mex is then the least value that is either complete and unmarked, or
// incomplete and truly absent. The incomplete values below the first
// unmarked complete value are settled by scanning the pairs until each has
// a witness, which takes a few steps, since they are the values common pairs
// produce all the time. Only when one of them is truly missing, which makes
// the new value rare, does the scan run through all m/2 pairs.
//
// Choosing rho = delta & j for the splitting amount j makes the rare
// positions exactly those whose values were incomplete: the mask that
// leaves the fewest of them, found from a Walsh–Hadamard transform of the
// value counts, gives the fastest computation. The result never depends on
// the choice: mask 0 with delta 0 makes every position rare, which is the
// plain O(n) per heap definition, and is where the computation starts.
// With several splitting amounts, delta 1 is tried only when they all have
// the same parity, so that one class of values is complete for all of them.
//
// Moves into three heaps have no such shortcut: games with them keep every
// position rare and find the values of three-heap splits from the stored
// sets of two-heap split values, in O(n·v) per heap for v possible values.

// firstChoice is the heap at which the sparse space is first chosen; it is
// chosen anew each time the number of heaps doubles.
const firstChoice = 64

// maxChoiceSize bounds the values whose masks are searched: beyond 2^20
// possible values the transform would cost more than it saves, and the
// current choice is kept.
const maxChoiceSize = 1 << 20

// takeBreak computes the Grundy values of a take-and-break game, one heap
// after another.
type takeBreak struct {
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

	mask, delta, rho int
	rare             []int // the rare positions x >= 1, increasing
	nextChoice       int

	// pairs[k] is the set of values g(a)^g(k-a), 1 <= a < k, as a bitset;
	// only kept for games with moves into three heaps.
	pairs [][]uint64
}

func newTakeBreak(c Code) *takeBreak {
	t := &takeBreak{g: Sequence{0}, size: 1, stamp: make([]uint32, 2), nextChoice: firstChoice}
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
	if cap(t.g) < n {
		g := make(Sequence, len(t.g), n)
		copy(g, t.g)
		t.g = g
	}
	for len(t.g) < n {
		if len(t.g) == t.nextChoice {
			t.choose()
			t.nextChoice *= 2
		}
		t.next()
	}
}

// allRare reports whether every position so far is rare, so that every
// split is enumerated.
func (t *takeBreak) allRare() bool { return len(t.rare) == len(t.g)-1 }

func (t *takeBreak) parity(v int) int { return bits.OnesCount(uint(v&t.mask)) & 1 }

// next computes the value of the next heap.
func (t *takeBreak) next() {
	n := len(t.g)
	cur := uint32(n)
	g, st := t.g, t.stamp
	for _, j := range t.whole {
		if j == n {
			st[0] = cur
		}
	}
	for _, j := range t.single {
		if j < n {
			st[g[n-j]] = cur
		}
	}
	for _, j := range t.split {
		m := n - j
		if m < 2 {
			continue
		}
		if t.allRare() {
			for a := 1; a <= m/2; a++ {
				st[g[a]^g[m-a]] = cur
			}
			continue
		}
		for _, a := range t.rare {
			if a >= m {
				break
			}
			st[g[a]^g[m-a]] = cur
		}
	}
	for _, j := range t.triple {
		t.markTriples(n, n-j)
	}
	v := t.mex(n)
	t.g = append(t.g, v)
	if v >= t.size {
		for v >= t.size {
			t.size *= 2
		}
		t.stamp = append(t.stamp, make([]uint32, t.size+1-len(t.stamp))...)
	}
	if t.parity(v)^(t.delta&n&1) == t.rho {
		t.rare = append(t.rare, n)
	}
	if len(t.triple) > 0 {
		t.addPairs(n)
	}
}

// mex returns the value of heap n once every option the rare positions
// give has been marked.
func (t *takeBreak) mex(n int) int {
	cur := uint32(n)
	st := t.stamp
	allKnown := len(t.split) == 0 || n-t.split[0] < 2 || t.allRare()
	complete := 1
	if len(t.split) > 0 {
		complete ^= t.delta & (n - t.split[0]) & 1
	}
	v, needed := 0, 0
	for ; v < t.size; v++ {
		if st[v] == cur {
			continue
		}
		if allKnown || t.parity(v) == complete {
			break
		}
		needed++
	}
	if needed > 0 {
		t.witness(n, v, needed)
		for w := range v {
			if st[w] != cur {
				return w
			}
		}
	}
	return v
}

// witness scans the splits of heap n for the values below limit that are
// still unmarked, of which there are needed, marking them, and stops once
// they are all found. It goes through the splitting amounts side by side,
// smallest part first, since a value may have its first witness early for
// one amount and only far out for another.
func (t *takeBreak) witness(n, limit, needed int) {
	cur := uint32(n)
	g, st := t.g, t.stamp
	for a := 1; 2*a <= n-t.split[0]; a++ {
		// The amounts are increasing, so those with a part of a to spare
		// come first.
		for _, j := range t.split {
			m := n - j
			if 2*a > m {
				break
			}
			x := g[a] ^ g[m-a]
			if x < limit && st[x] != cur {
				st[x] = cur
				if needed--; needed == 0 {
					return
				}
			}
		}
	}
}

// choose picks the mask and delta that make the fewest positions rare so
// far, and rebuilds the rare list if they differ from the current ones.
func (t *takeBreak) choose() {
	if len(t.split) == 0 || len(t.triple) > 0 || t.size > maxChoiceSize {
		return
	}
	var count [2][]int64 // count[x&1][v]: positions 1 <= x < n with g(x) = v
	var total [2]int64
	for p := range count {
		count[p] = make([]int64, t.size)
	}
	for x := 1; x < len(t.g); x++ {
		count[x&1][t.g[x]]++
		total[x&1]++
	}
	for p := range count {
		walshHadamard(count[p])
	}
	deltas := 1
	if sameParity(t.split) {
		deltas = 2
	}
	// Enumerating the pairs of r rare positions costs r steps; when every
	// position is rare, half of them suffice (a <= m-a).
	positions := int64(len(t.g) - 1)
	cost := func(rare int64) int64 {
		if rare == positions {
			return positions / 2
		}
		return rare
	}
	best, bestMask, bestDelta := cost(int64(len(t.rare))), t.mask, t.delta
	for delta := range deltas {
		rho := delta & t.split[0] & 1
		for mask := range t.size {
			var rare int64
			for p := range count {
				even := (total[p] + count[p][mask]) / 2 // positions with parity(g&mask) = 0
				if rho^(delta&p) == 0 {
					rare += even
				} else {
					rare += total[p] - even
				}
			}
			if cost(rare) < best {
				best, bestMask, bestDelta = cost(rare), mask, delta
			}
		}
	}
	if bestMask == t.mask && bestDelta == t.delta {
		return
	}
	t.mask, t.delta, t.rho = bestMask, bestDelta, bestDelta&t.split[0]&1
	t.rare = t.rare[:0]
	for x := 1; x < len(t.g); x++ {
		if t.parity(t.g[x])^(t.delta&x&1) == t.rho {
			t.rare = append(t.rare, x)
		}
	}
}

// sameParity reports whether the amounts are all even or all odd.
func sameParity(amounts []int) bool {
	for _, j := range amounts {
		if (j^amounts[0])&1 != 0 {
			return false
		}
	}
	return true
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
