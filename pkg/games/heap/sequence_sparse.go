package heap

import (
	"errors"
	"fmt"

	"github.com/grundylab/grundy/pkg/games/internal/gameerr"
)

// ErrNotHeapValues is wrapped by the errors of Sequence.Sparse for a
// sequence that cannot be the values of a heap game: empty, with a
// negative value, or with g(0) other than 0 (a heap of no tokens has no
// move).
var ErrNotHeapValues = errors.New("not the values of a heap game")

// Sparse returns the statistics of the sparse space of the values of s,
// those Values.Sparse gives for OctalValues. Games that OctalValues does
// not take, Grundy's game among them, get them this way:
//
//	g, err := heap.Octal(heap.GrundysGame, 1<<20)
//	...
//	sp, err := g.Sparse()
//
// The mask is chosen from two tables of eight-byte entries: the value
// counts, one for each value up to the largest, and their Walsh–Hadamard
// transform, one for each value below the least power of two above the
// largest. Sparse refuses, with an error wrapping ErrTooLong, a sequence
// whose largest value is at least len(s) and at least 2^16, for which its
// two tables, the value counts and their transform, would take more than
// twice the memory of s: each would have more entries than s, and an entry
// takes eight bytes, no less than an int of s. It also refuses a sequence
// with a value of MaxValues or more.
// A sequence that is not the values of a heap game is an error wrapping
// ErrNotHeapValues. Errors name Sequence.Sparse and the length of s.
func (s Sequence) Sparse() (Sparse, error) {
	largest, err := s.sparseLargest()
	if err != nil {
		return Sparse{}, gameerr.New("heap.Sequence.Sparse", fmt.Sprintf("%d values", len(s)), err)
	}
	v := &Values{max: largest, v32: make([]uint32, len(s))}
	for n, x := range s {
		v.v32[n] = uint32(x) // below MaxValues
	}
	return v.Sparse(), nil
}

// sparseLargest returns the largest value of s, checking that Sparse can
// take s.
func (s Sequence) sparseLargest() (int, error) {
	if len(s) == 0 {
		return 0, fmt.Errorf("%w: no values", ErrNotHeapValues)
	}
	if s[0] != 0 {
		return 0, fmt.Errorf("%w: g(0) = %d", ErrNotHeapValues, s[0])
	}
	largest := 0
	for n, x := range s {
		if x < 0 {
			return 0, fmt.Errorf("%w: g(%d) = %d", ErrNotHeapValues, n, x)
		}
		largest = max(largest, x)
	}
	if largest >= MaxValues || largest >= len(s) && largest >= 1<<16 {
		return 0, fmt.Errorf("%w: largest value %d of %d, want below %d, and below the length or 2^16", ErrTooLong, largest, len(s), MaxValues)
	}
	return largest, nil
}
