package coins

import (
	"encoding/binary"
	"math/bits"
)

// The engines below fill prefix[x] = g(1) ⊕ ... ⊕ g(x) for a row of coins and
// count the values of all runs prefix[x] ⊕ prefix[x-w], w a length. The
// value of coin x is the mex of the values prefix[x-1] ⊕ prefix[x-w] of the
// coins a move on x turns tails to heads, so both read the same samples
// prefix[x-w], w in the length set: the blocked engine reads each sample
// once, the plain engine twice.
//
// A prefix value is below 2^bits(k), k the number of lengths: a mex of k
// values is at most k. Values are stored as uint16 when that bound allows.

// value is the storage type of prefix values.
type value interface{ uint16 | uint32 }

// line is the work area of one computation.
type line[V value] struct {
	lengths []int // increasing
	prefix  []V   // prefix[0..n]
	runs    []int64
	seen    []uint32 // plain engine: seen[v] == stamp marks v as sampled
	stamp   uint32
}

func newLine[V value](lengths []int, n int) *line[V] {
	size := 1 << bits.Len(uint(len(lengths)))
	return &line[V]{
		lengths: lengths,
		prefix:  make([]V, n+1),
		runs:    make([]int64, max(size, small)),
		seen:    make([]uint32, size),
	}
}

// run fills the whole prefix: the blocked engine while the values are small,
// the plain one for the rest.
func (l *line[V]) run() {
	l.plain(l.blocked(), len(l.prefix))
}

// plain computes coins from..end-1 one at a time: it stamps the samples to
// find the mex, then reads them again to count the runs ending at the coin.
func (l *line[V]) plain(from, end int) {
	k := 0 // lengths[:k] are the lengths at most x
	for x := from; x < end; x++ {
		for k < len(l.lengths) && l.lengths[k] <= x {
			k++
		}
		l.step(x, l.lengths[:k])
	}
}

// step computes coin x whose move lengths are ls.
func (l *line[V]) step(x int, ls []int) {
	p := l.prefix[:x]
	l.stamp++
	for _, w := range ls {
		l.seen[p[x-w]] = l.stamp
	}
	base := p[x-1]
	g := V(0)
	for l.seen[base^g] == l.stamp {
		g++
	}
	v := base ^ g
	l.prefix[x] = v
	for _, w := range ls {
		l.runs[v^p[x-w]]++
	}
}

// The blocked engine computes coins in blocks of blockLen. Before a block
// starts, every length w >= blockLen reads a contiguous segment
// prefix[X-w : X-w+blockLen] of values known already, and adds one to a byte
// counter per coin and value: row(b)[v] becomes the number of samples of
// coin X+b equal to v. The few short lengths, which read inside the block,
// are added coin by coin. One pass over the counters then gives the mex, and
// adding them to the histogram of run values, moved by the coin's prefix
// value, counts the runs ending at the coin: each sample costs one
// increment, in a table that stays in the first-level cache.
const (
	blockLen = 64
	small    = 512 // the blocked engine handles values below small
)

// counts holds the byte counters of one block, four coins to an entry.
type counts [blockLen / 4][4 * small]uint8

// row returns the counters of coin b of the block.
func (c *counts) row(b int) *[small]uint8 {
	return (*[small]uint8)(c[b/4][b%4*small:])
}

// blocked computes coins from 1 on in whole blocks, as long as values stay
// below small, and returns the first coin it did not compute.
//
// A byte counter wraps if a coin samples one value 256 times or more, which
// happens in games with very few values. Rather than check every row, the
// engine commits its counts every window of blocks, when their total must
// equal the number of samples taken: a wrap falls short by a multiple of
// 256, and the window is left to the plain engine, which recomputes it and
// goes on to the end.
func (l *line[V]) blocked() int {
	const window = 4 * blockLen // coins per commit: 16-bit lanes hold 256 rows
	c := l.counts()
	acc := &accumulator{runs: l.runs}
	near := 0 // lengths[:near] are below blockLen
	for near < len(l.lengths) && l.lengths[near] < blockLen {
		near++
	}
	far := near // lengths[near:far] are at least blockLen and at most X
	start := 1  // the first coin of the window not committed yet
	for X := 1; X+blockLen <= len(l.prefix); X += blockLen {
		for far < len(l.lengths) && l.lengths[far] <= X {
			far++
		}
		for _, w := range l.lengths[near:far] {
			markSegment(c, (*[blockLen]V)(l.prefix[X-w:]))
		}
		for b := range blockLen {
			if x := X + b; !l.blockStep(c.row(b), acc, x, far-near, near, far) {
				if acc.commit() {
					return x
				}
				return start
			}
		}
		if next := X + blockLen; next-start == window {
			if !acc.commit() {
				return start
			}
			start = next
		}
	}
	if !acc.commit() {
		return start
	}
	return len(l.prefix) - (len(l.prefix)-1)%blockLen
}

// counts returns zeroed counters for the blocked engine. They live on the
// heap: a pointer to them can serve as base register of the increments.
//
//go:noinline
func (l *line[V]) counts() *counts { return new(counts) }

// markSegment counts the samples seg[b] of the coins b of a block.
func markSegment[V value](c *counts, seg *[blockLen]V) {
	for b := 0; b < blockLen; b += 4 {
		r := (*[4 * small]uint8)(c[b/4][:])
		s := (*[4]V)(seg[b:])
		r[s[0]&(small-1)]++
		r[small+int(s[1]&(small-1))]++
		r[2*small+int(s[2]&(small-1))]++
		r[3*small+int(s[3]&(small-1))]++
	}
}

// blockStep finishes coin x, whose row of counters holds its nfar samples
// from the lengths of the block's segments; lengths[:near] are the short
// ones and lengths[far:] those not read by segments. It reports false,
// leaving coin x to the plain engine, if the coin's value would reach small.
// A byte counter that wrapped (a value sampled 256 times or more, as in games
// with very few values, where the plain engine is as good) is not seen here:
// commit finds it, and the plain engine redoes the whole window.
func (l *line[V]) blockStep(row *[small]uint8, acc *accumulator, x, nfar, near, far int) bool {
	p := l.prefix[:x]
	samples := nfar
	for _, w := range l.lengths[:near] {
		if w > x {
			break
		}
		row[p[x-w]&(small-1)]++
		samples++
	}
	for _, w := range l.lengths[far:] {
		if w > x {
			break
		}
		row[p[x-w]&(small-1)]++
		samples++
	}
	base := p[x-1]
	g := V(0)
	for g < small && row[(base^g)&(small-1)] != 0 {
		g++
	}
	if g == small {
		return false
	}
	v := base ^ g
	l.prefix[x] = v
	acc.add(row, uint(v), samples)
	return true
}

// An accumulator adds rows of byte counters to the histogram of run values,
// each row moved by a coin's prefix value p: the samples v of the coin count
// runs of value v⊕p. It adds eight counters at a time into 16-bit lanes: the
// low three bits of p choose one of eight tables, whose lanes are undone in
// commit; the high bits permute whole words.
type accumulator struct {
	// lanes[p&7][k⊕p>>3] holds, for the rows added with that p&7, the
	// counters of values 8k+j, j even in word 0 and odd in word 1. At most
	// 256 rows are added between commits, so no lane overflows.
	lanes   [8][small / 8][2]uint64
	samples int // the samples the rows added since the last commit took
	runs    []int64
}

// add adds row, moved by p, and clears it. The coin took samples samples.
func (a *accumulator) add(row *[small]uint8, p uint, samples int) {
	t, hi := &a.lanes[p&7], int(p>>3)
	for k := range small / 8 {
		w := binary.LittleEndian.Uint64(row[8*k : 8*k+8])
		dst := &t[(k^hi)&(small/8-1)]
		dst[0] += w & lowBytes
		dst[1] += w >> 8 & lowBytes
	}
	clear(row[:])
	a.samples += samples
}

// lowBytes selects the even bytes of a word, as four 16-bit lanes.
const lowBytes = 0x00FF00FF00FF00FF

// commit moves the lanes into the histogram, if they hold as many counts as
// samples were taken, and reports whether they did; either way it empties
// them. Lane i of word e of lanes[l][k] counts the value 8k + (2i+e)⊕l.
func (a *accumulator) commit() bool {
	var add [small]int64
	total := 0
	for l := range a.lanes {
		for k := range a.lanes[l] {
			for e, w := range a.lanes[l][k] {
				for i := range 4 {
					n := int(w >> (16 * i) & 0xFFFF)
					add[8*k+((2*i+e)^l)] += int64(n)
					total += n
				}
			}
		}
	}
	ok := total == a.samples
	if ok {
		for v, n := range add {
			a.runs[v] += n
		}
	}
	a.lanes = [8][small / 8][2]uint64{}
	a.samples = 0
	return ok
}
