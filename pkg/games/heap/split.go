package heap

import (
	"fmt"
	"math/bits"
	"strconv"

	"github.com/grundylab/grundy/pkg/games/internal/gameerr"
)

// Split returns g(0), ..., g(n) for the heap game whose moves replace a heap
// of h tokens by the heaps parts, for every call emit(parts...) that
// options(h, emit) makes: zero parts take the heap away, one part leaves a
// smaller heap, several split it. Every part must be a heap smaller than h
// (0 <= part < h); anything else is an error wrapping ErrMove. A position of
// several heaps is their sum, so a move's value is the XOR of its parts'
// values (Sprague–Grundy), and g(h) is the mex of those.
//
// Grundy's game, for one, splits a heap into two unequal heaps:
//
//	g, err := heap.Split(n, func(h int, emit func(parts ...int)) {
//		for a := 1; 2*a < h; a++ {
//			emit(a, h-a)
//		}
//	})
//
// Split keeps the option values of the current heap in a bitset and takes
// its mex word by word; it does not allocate per move. The variadic call in
// the example does, as Go builds the parts of any call through a function
// value on the heap: an options function that emits millions of moves
// should fill one slice it keeps and call emit(buf...). emit reads parts
// during the call only, and must not be called once options has returned,
// nor from another goroutine.
//
// The cost is the number of moves plus, per heap, the size of the bitset,
// which is twice the largest value at most. Split has no shortcut such as
// the sparse space of TakeBreak: it does not know the shape of the moves.
// Errors name Split and n.
func Split(n int, options func(h int, emit func(parts ...int))) (Sequence, error) {
	err := checkSize(n)
	if err == nil && options == nil {
		err = fmt.Errorf("%w: nil options function", ErrMove)
	}
	var g Sequence
	if err == nil {
		g, err = newSplitter(n).run(n, options)
	}
	if err != nil {
		return nil, gameerr.New("heap.Split", strconv.Itoa(n), err)
	}
	return g, nil
}

// A splitter computes the values of a split game one heap after another.
type splitter struct {
	g Sequence // the values of the heaps below h
	h int      // the heap whose options are being emitted
	// set is the bitset of the values of the options of heap h. Every value
	// so far is below 64·len(set), a power of two, and so is the XOR of
	// any of them.
	set []uint64
	err error // the first invalid move
}

// newSplitter returns a splitter for heaps up to n. It reserves room for a
// million values at most, and grows past that as values come: a game whose
// work runs out early (Octal's budget) does not pay for n up front.
func newSplitter(n int) *splitter {
	return &splitter{g: make(Sequence, 0, min(n+1, 1<<20)), set: make([]uint64, 1)}
}

// run computes g(0), ..., g(n) with the moves options emits.
func (s *splitter) run(n int, options func(h int, emit func(parts ...int))) (Sequence, error) {
	emit := s.emit
	for h := 0; h <= n; h++ {
		s.h = h
		options(h, emit)
		if s.err != nil {
			return nil, s.err
		}
		s.push()
	}
	return s.g, nil
}

// mark marks x, below 64·len(s.set), as the value of an option.
func (s *splitter) mark(x int) {
	s.set[x>>6] |= 1 << (x & 63)
}

// markPairs marks the values of the moves of heap s.h to the two heaps a
// and m-a for lo <= a <= hi, which the caller makes smaller than s.h: the
// hot loop of two-heap splits, without a call per move.
func (s *splitter) markPairs(m, lo, hi int) {
	g, set := s.g, s.set
	for a := lo; a <= hi; a++ {
		x := g[a] ^ g[m-a]
		set[x>>6] |= 1 << (x & 63)
	}
}

// emit marks the value of the move of heap s.h to the heaps parts.
func (s *splitter) emit(parts ...int) {
	x := 0
	for _, p := range parts {
		if uint(p) >= uint(s.h) {
			if s.err == nil {
				s.err = fmt.Errorf("%w: heap %d moves to heaps %v, and %d is not a smaller heap", ErrMove, s.h, parts, p)
			}
			return
		}
		x ^= s.g[p]
	}
	s.set[x>>6] |= 1 << (x & 63)
}

// push appends the value of heap s.h, the mex of the marked values, and
// clears the bitset for the next heap.
func (s *splitter) push() {
	v := len(s.set) * 64
	for i, w := range s.set {
		if w != ^uint64(0) {
			v = i*64 + bits.TrailingZeros64(^w)
			break
		}
	}
	s.g = append(s.g, v)
	clear(s.set)
	for v >= len(s.set)*64 {
		s.set = append(s.set, make([]uint64, len(s.set))...)
	}
}
