package games

import (
	"math"
	"math/bits"
	"slices"
)

// Mex returns the minimum excluded value of values: the least non-negative
// integer that does not occur in values. Negative entries are ignored.
//
// Mex does not allocate when every value is below 1024, which covers the
// Grundy values of nearly every game met in practice; a test holds it to
// that, the set of all 1024 included.
func Mex(values []int) int {
	var small [16]uint64
	if m, ok := mexWords(small[:], values); ok {
		return m
	}
	// Every value below 1024 is present: the mex is 1024 unless 1024 is
	// present too, which a second look at the values tells.
	if limit := len(small) * 64; !slices.Contains(values, limit) {
		return limit
	}
	// Only values < len(values) can matter: the mex of n values is at most n.
	large := make([]uint64, len(values)/64+1)
	m, _ := mexWords(large, values)
	return m
}

// mexWords computes the mex of values with set as a zeroed bitset. It reports
// false when the bitset was too small to decide.
func mexWords(set []uint64, values []int) (int, bool) {
	limit := len(set) * 64
	for _, v := range values {
		if v >= 0 && v < limit {
			set[v>>6] |= 1 << (uint(v) & 63)
		}
	}
	for i, w := range set {
		if w != ^uint64(0) {
			return i*64 + bits.TrailingZeros64(^w), true
		}
	}
	return limit, len(values) < limit
}

// Mexer computes the mexes of many sets in turn without allocating once warm
// (a test holds it to that) and without clearing between sets: Add marks
// values, Mex reads the answer, Reset starts a new set in constant time but
// once every 2^32-1 sets, when the stamps wrap and are cleared. The zero
// value is an empty set.
//
// A value is present when its stamp equals the current set's stamp, so Reset
// only moves to a new stamp. The stamps are dense up to about twice the
// number of values ever added; a value far beyond them, which cannot be the
// mex of the sets seen so far, goes to a map instead, so memory stays
// proportional to the values added however large they are.
type Mexer struct {
	stamp []uint32
	far   map[int]uint32 // stamps of values too large for the dense slice
	adds  int            // values ever added: the dense slice may grow to about four times this
	gen   uint32         // the current set's stamp is gen+1, so zeroed memory is absent
}

// Add marks v as present. Negative values are ignored.
func (m *Mexer) Add(v int) {
	if v < 0 {
		return
	}
	if m.adds < math.MaxInt/2 {
		m.adds++
	}
	if v >= len(m.stamp) {
		if v > 2*m.adds+64 {
			if m.far == nil {
				m.far = make(map[int]uint32)
			}
			m.far[v] = m.gen + 1
			return
		}
		m.stamp = append(m.stamp, make([]uint32, max(v+1, 2*len(m.stamp))-len(m.stamp)+64)...)
		for w, s := range m.far {
			if w < len(m.stamp) {
				m.stamp[w] = s
				delete(m.far, w)
			}
		}
	}
	m.stamp[v] = m.gen + 1
}

// Mex returns the least non-negative value not added since the last Reset.
func (m *Mexer) Mex() int {
	cur := m.gen + 1
	for v, s := range m.stamp {
		if s != cur {
			return v
		}
	}
	v := len(m.stamp)
	for m.far[v] == cur {
		v++
	}
	return v
}

// Reset forgets every added value.
func (m *Mexer) Reset() {
	m.gen++
	if m.gen+1 == 0 {
		// The next stamp would be 0, the stamp of never-touched memory.
		clear(m.stamp)
		clear(m.far)
		m.gen = 0
	}
}
