package heap

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/grundylab/grundy/pkg/games"
	"github.com/grundylab/grundy/pkg/games/internal/gameerr"
)

// Sequence holds the Grundy values of a heap game: s[h] is the value of a heap
// of h tokens.
type Sequence []int

// MaxLen is the longest sequence the constructors in this package build: 2^28
// values, two gigabytes of memory.
const MaxLen = 1 << 28

// ErrTooLong is wrapped by the errors of constructors asked for a sequence
// longer than MaxLen (MaxValues for OctalValues), of Values.Sequence for
// values that do not fit one, and of Sequence.Sparse for values too large
// for its tables.
var ErrTooLong = errors.New("sequence too long")

// ErrSize is wrapped by the errors of constructors asked for a negative
// heap size, and of period searches given a number of terms outside 1 to
// MaxLen.
var ErrSize = errors.New("invalid size")

// ErrMove is wrapped by the errors of Compute and Split when a move
// function lists an option that is not a smaller heap, or is nil.
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

// checkSize checks a largest heap n, whose sequence has n+1 values.
func checkSize(n int) error {
	if n < 0 {
		return fmt.Errorf("%w: heap %d is negative", ErrSize, n)
	}
	if n >= MaxLen {
		return fmt.Errorf("%w: heap %d needs more than %d values", ErrTooLong, n, MaxLen)
	}
	return nil
}

// checkTerms checks the number of terms a period search may compute.
func checkTerms(maxTerms int) error {
	if maxTerms < 1 || maxTerms > MaxLen {
		return fmt.Errorf("%w: %d terms, want 1 to %d", ErrSize, maxTerms, MaxLen)
	}
	return nil
}

// Compute returns g(0), ..., g(n) for the heap game in which the options of a
// heap of h tokens are the heaps options(h, dst) appends to dst (dst is handed
// over empty, for reuse). Every option must be a heap smaller than h;
// anything else is an error wrapping ErrMove.
//
// Compute is the general, plain definition; Subtraction is the fast path for
// subtraction games. Errors name Compute and n.
func Compute(n int, options func(h int, dst []int) []int) (Sequence, error) {
	g, err := compute(n, options)
	if err != nil {
		return nil, gameerr.New("heap.Compute", strconv.Itoa(n), err)
	}
	return g, nil
}

func compute(n int, options func(h int, dst []int) []int) (Sequence, error) {
	if err := checkSize(n); err != nil {
		return nil, err
	}
	if options == nil {
		return nil, fmt.Errorf("%w: nil options function", ErrMove)
	}
	g := make(Sequence, n+1)
	var opts []int
	var mex games.Mexer
	for h := 0; h <= n; h++ {
		opts = options(h, opts[:0])
		mex.Reset()
		for _, o := range opts {
			if o < 0 || o >= h {
				return nil, fmt.Errorf("%w: heap %d has option %d", ErrMove, h, o)
			}
			mex.Add(g[o])
		}
		g[h] = mex.Mex()
	}
	return g, nil
}
