package heap

import (
	"errors"
	"fmt"

	"github.com/grundylab/grundy/pkg/games"
)

// Sequence holds the Grundy values of a heap game: s[h] is the value of a heap
// of h tokens.
type Sequence []int

// MaxLen is the longest sequence the constructors in this package build: 2^28
// values, two gigabytes of memory.
const MaxLen = 1 << 28

// ErrTooLong is wrapped by the errors of constructors asked for a sequence
// longer than MaxLen.
var ErrTooLong = errors.New("sequence too long")

// ErrMove is wrapped by the errors of Compute when a move function lists an
// option that is not a smaller heap.
var ErrMove = errors.New("invalid move")

// Histogram returns how often each value occurs: h[v] is the number of heaps
// with Grundy value v. Its length is one more than the largest value.
func (s Sequence) Histogram() []int64 {
	max := -1
	for _, v := range s {
		if v > max {
			max = v
		}
	}
	h := make([]int64, max+1)
	for _, v := range s {
		h[v]++
	}
	return h
}

// Max returns the largest value of s, or -1 if s is empty.
func (s Sequence) Max() int {
	return len(s.Histogram()) - 1
}

func checkSize(n int) error {
	if n < 0 {
		return fmt.Errorf("heap size %d is negative", n)
	}
	if n >= MaxLen {
		return fmt.Errorf("heap size %d: %w (at most %d values)", n, ErrTooLong, MaxLen)
	}
	return nil
}

// Compute returns g(0), ..., g(n) for the heap game in which the options of a
// heap of h tokens are the heaps options(h, dst) appends to dst (dst is handed
// over empty, for reuse). Every option must be a heap smaller than h;
// anything else is an error wrapping ErrMove.
//
// Compute is the general, plain definition; Subtraction is the fast path for
// subtraction games.
func Compute(n int, options func(h int, dst []int) []int) (Sequence, error) {
	if err := checkSize(n); err != nil {
		return nil, err
	}
	g := make(Sequence, n+1)
	var opts []int
	var mex games.Mexer
	for h := 0; h <= n; h++ {
		opts = options(h, opts[:0])
		mex.Reset()
		for _, o := range opts {
			if o < 0 || o >= h {
				return nil, fmt.Errorf("heap %d has option %d: %w", h, o, ErrMove)
			}
			mex.Add(g[o])
		}
		g[h] = mex.Mex()
	}
	return g, nil
}
