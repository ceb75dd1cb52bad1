package heap

// Splits into three or more heaps of any sizes are too many to enumerate:
// m tokens split into k heaps in about m^(k-1)/(k!(k-1)!) ways, and into
// any number of heaps in p(m) ways, which grows faster than any power.
// Their values are not: a split of m into k heaps has the value g(a) ^ y
// for a first heap a and y the value of a split of m-a into k-1 heaps, so
// the sets of values follow from one another,
//
//	exact_1(m) = {g(m)},  exact_k(m) = ⋃_{a=1}^{m-1} g(a) ^ exact_{k-1}(m-a),
//
// and for k heaps or more, the same recurrence from
// atLeast_1(m) = {g(m)} ∪ atLeast_2(m). Each set is a bitset of W words;
// g(a) ^ set moves word i to word i ^ (g(a)>>6) and permutes its bits by
// XOR with g(a)&63, six masked swaps at most. A heap costs O(m·W) word
// operations per level, whatever the number of splits.

// xorSums holds the sets of the values of multi-heap splits of the heaps
// computed so far, for a splitter.
type xorSums struct {
	s     *splitter
	words int // words per set, len(s.set) when the sets were laid out
	// exact[k] and atLeast[k] hold the sets of heap m at [m*words,
	// (m+1)*words); index 0 is unused, and a nil level is not needed.
	exact, atLeast [][]uint64
	// The one-heap sets of heaps below one are known, and the others of
	// heaps below multi.
	one, multi int
}

// newXorSums returns the sets for a rule, or nil if none of its digits
// allows three or more heaps of any sizes.
func newXorSums(r Rule, s *splitter) *xorSums {
	exact, atLeast := 0, 0
	for _, d := range r.digits {
		for k := 3; k <= d.top(); k++ {
			if d.counts&(1<<k) != 0 && d.mod(k) == anySizes {
				exact = max(exact, k)
			}
		}
		if d.more && d.moreMod == anySizes {
			atLeast = max(atLeast, d.top()+1, 3)
		}
	}
	if exact == 0 && atLeast == 0 {
		return nil
	}
	x := &xorSums{s: s, words: len(s.set)}
	if exact > 0 {
		x.exact = make([][]uint64, exact+1)
		for k := 1; k <= exact; k++ {
			x.exact[k] = []uint64{}
		}
	}
	if atLeast > 0 {
		x.atLeast = make([][]uint64, atLeast+1)
		for k := 1; k <= atLeast; k++ {
			x.atLeast[k] = []uint64{}
		}
	}
	return x
}

// set returns the set of heap m in a level.
func (x *xorSums) set(level []uint64, m int) []uint64 {
	return level[m*x.words : (m+1)*x.words]
}

// extend makes the sets of splits into two or more heaps known for every
// heap m <= h, and the one-heap sets for m < h, the splitter knowing g(0),
// ..., g(h-1): a one-heap set needs g(m), the others only the values of
// smaller heaps. It returns the word operations it cost, which are about
// m/2 times the words the sets take: Octal's budget of work bounds their
// memory too.
func (x *xorSums) extend(h int) int {
	if len(x.s.set) != x.words {
		x.relayout(len(x.s.set))
	}
	cost := 0
	for ; x.multi <= h; x.multi++ {
		m := x.multi
		for ; x.one < m; x.one++ {
			x.addOne(x.one)
		}
		for _, levels := range [][][]uint64{x.exact, x.atLeast} {
			for k := 2; k < len(levels); k++ {
				levels[k] = append(levels[k], make([]uint64, x.words)...)
				dst := x.set(levels[k], m)
				for a := 1; a < m; a++ {
					orXor(dst, x.set(levels[k-1], m-a), x.s.g[a])
				}
				cost += max(m-1, 0) * x.words
			}
		}
	}
	return cost
}

// addOne appends the one-heap sets of heap m, whose value is known.
func (x *xorSums) addOne(m int) {
	v := x.s.g[m]
	if x.exact != nil {
		x.exact[1] = append(x.exact[1], make([]uint64, x.words)...)
		x.set(x.exact[1], m)[v>>6] |= 1 << (v & 63)
	}
	if x.atLeast != nil {
		x.atLeast[1] = append(x.atLeast[1], x.set(x.atLeast[2], m)...)
		x.set(x.atLeast[1], m)[v>>6] |= 1 << (v & 63)
	}
}

// relayout widens every set to words words, when the values outgrow them.
func (x *xorSums) relayout(words int) {
	for _, levels := range [][][]uint64{x.exact, x.atLeast} {
		for k := 1; k < len(levels); k++ {
			old := levels[k]
			wide := make([]uint64, len(old)/x.words*words)
			for m := range len(old) / x.words {
				copy(wide[m*words:], old[m*x.words:(m+1)*x.words])
			}
			levels[k] = wide
		}
	}
	x.words = words
}

// mark marks the values of the splits of m tokens into exactly k heaps, or
// into k or more if atLeast, as options of the splitter's heap.
func (x *xorSums) mark(k, m int, atLeast bool) {
	level := x.exact
	if atLeast {
		level = x.atLeast
	}
	for i, w := range x.set(level[k], m) {
		x.s.set[i] |= w
	}
}

// orXor adds c ^ y to dst for every y in src, bitsets of the same
// power-of-two number of words above every value.
func orXor(dst, src []uint64, c int) {
	hi, lo := c>>6, c&63
	for i, w := range src {
		if w != 0 {
			dst[i^hi] |= permuteXor(w, lo)
		}
	}
}

// permuteXor moves bit y of w to bit y ^ b, for 0 <= b < 64: swapping
// neighbouring blocks of 1, 2, ..., 32 bits for each bit of b.
func permuteXor(w uint64, b int) uint64 {
	if b&1 != 0 {
		w = w&0x5555555555555555<<1 | w>>1&0x5555555555555555
	}
	if b&2 != 0 {
		w = w&0x3333333333333333<<2 | w>>2&0x3333333333333333
	}
	if b&4 != 0 {
		w = w&0x0F0F0F0F0F0F0F0F<<4 | w>>4&0x0F0F0F0F0F0F0F0F
	}
	if b&8 != 0 {
		w = w&0x00FF00FF00FF00FF<<8 | w>>8&0x00FF00FF00FF00FF
	}
	if b&16 != 0 {
		w = w&0x0000FFFF0000FFFF<<16 | w>>16&0x0000FFFF0000FFFF
	}
	if b&32 != 0 {
		w = w<<32 | w>>32
	}
	return w
}
