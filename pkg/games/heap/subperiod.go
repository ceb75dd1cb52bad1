package heap

import (
	"fmt"
	"slices"

	"github.com/grundylab/grundy/pkg/games/internal/gameerr"
)

// SubtractionPeriod proves the period of the subtraction game of a finite
// set s (made by Finite) from at most maxTerms values g(0), ...,
// g(maxTerms-1), or returns an error wrapping ErrNoPeriod when those values
// hold no proof (ErrSet for a set not made by Finite; maxTerms outside 1 to
// MaxLen is an error too). It returns the least period and, with it, the
// least preperiod, never a guess.
//
// The proof: with t the largest amount, g(n) for n >= t is the mex of
// g(n-m) for the amounts m, all of which are legal, so the t values before
// n decide g(n). Two equal windows g(a..a+t-1) = g(a+p..a+p+t-1) therefore
// make every later pair equal, and g(n+p) = g(n) for every n >= a. Such a
// pair exists: a value is the mex of at most k values, k the number of
// amounts, so it is at most k, and there are at most (k+1)^t windows, so
// two of the first (k+1)^t+1 are equal. So every finite subtraction game
// is ultimately periodic, with preperiod plus period at most (k+1)^t. The
// least period of the windows, which a scan back from the last window finds
// with a rolling hash (every match is checked value by value), is the least
// period of g, and the least preperiod is where the repetition starts. So,
// for maxTerms from 1 to MaxLen, SubtractionPeriod succeeds exactly when
// maxTerms is at least Preperiod + 2·Period + t, the values the proof below
// reads.
//
// The PeriodProof has MaxTake = t and MaxHeaps = 1; as the theorem of
// OctalPeriod asks for a single heap, the repetition was checked for every
// heap below Bound = Preperiod + Period + t, which needs Bound + Period
// values. The all-but games (AllBut: take any amount except those of a
// finite set) are not periodic but arithmetic-periodic, which a PeriodProof
// cannot express; SubtractionPeriod rejects them with the other sets that
// are not made by Finite.
func SubtractionPeriod(s Set, maxTerms int) (PeriodProof, error) {
	p, err := subtractionPeriod(s, maxTerms)
	if err != nil {
		return PeriodProof{}, gameerr.New("heap.SubtractionPeriod", s.name, err)
	}
	return p, nil
}

func subtractionPeriod(s Set, maxTerms int) (PeriodProof, error) {
	if s.members == nil {
		return PeriodProof{}, fmt.Errorf("%w: zero Set", ErrSet)
	}
	t, finite := s.Max()
	if !finite {
		return PeriodProof{}, fmt.Errorf("%w: the set may be infinite; only sets made by Finite have a provable period (AllBut sets are arithmetic-periodic)", ErrSet)
	}
	if err := checkTerms(maxTerms); err != nil {
		return PeriodProof{}, err
	}
	// Start with a few windows' worth of values; t may be any int, so it
	// is bounded before it is multiplied.
	n := min(maxTerms, max(subtractionBatch, 8*min(t, MaxLen)))
	for {
		g, err := subtraction(s, n-1)
		if err != nil {
			return PeriodProof{}, err
		}
		e, p, need := windowPeriod(g, t)
		if p > 0 {
			return PeriodProof{
				Preperiod: e, Period: p, MaxTake: t, MaxHeaps: 1, Bound: e + p + t,
				Terms: n, Form: newPeriodic(g, e, p),
			}, nil
		}
		if need > maxTerms || n == maxTerms {
			return PeriodProof{}, fmt.Errorf("%w within %d values (%d values computed; a proof needs at least %d)",
				ErrNoPeriod, maxTerms, n, max(need, n+1))
		}
		n = min(max(2*n, need), maxTerms)
	}
}

// subtractionBatch is the fewest values SubtractionPeriod computes first.
const subtractionBatch = 64

// windowPeriod returns the least preperiod e and period p of g proven by
// two equal windows of t values, when g holds the e+2p+t values the proof of
// SubtractionPeriod reads. Otherwise p is 0 and need, more than len(g), is
// a lower bound on the values the proof needs: e+2p+t if the windows repeat
// within g; t+2, two windows, if g holds fewer; else len(g)+1.
//
// The last window is compared with the earlier ones from the nearest down. A
// window decides the values after it, so a window equal to the last starts a
// repetition that runs to the end of g; the nearest is at the least period p
// of that repetition, and every other at a multiple of p. If e+2p+t values
// suffice, the last window lies in the repetition with one period before it,
// so none is found only when more than len(g) values are needed.
func windowPeriod(g Sequence, t int) (e, p, need int) {
	last := len(g) - t // windows g[a:a+t] for 0 <= a <= last
	if last < 1 {
		return 0, 0, min(t, MaxLen) + 2 // two windows at least
	}
	// The hash of window a is the sum of (g(a+i)+1)·base^(t-1-i) modulo
	// 2^64; it rolls back from window a+1 to window a in constant time, as
	// the odd base has an inverse modulo 2^64.
	const base = 0x9E3779B97F4A7C15
	top := uint64(1) // base^(t-1), the weight of a window's first value
	for range t - 1 {
		top *= base
	}
	inv := uint64(base) // Newton's iteration doubles the correct low bits
	for range 5 {
		inv *= 2 - base*inv
	}
	var want uint64
	for _, v := range g[last:] {
		want = want*base + uint64(v) + 1
	}
	h := want
	for a := last - 1; a >= 0; a-- {
		if t > 0 {
			h = (uint64(g[a])+1)*top + (h-uint64(g[a+t])-1)*inv
		}
		if h == want && slices.Equal(g[a:a+t], g[last:]) {
			p = last - a
			break
		}
	}
	if p == 0 {
		return 0, 0, len(g) + 1
	}
	// The repetition runs to the end, so scanning down from there finds the
	// least preperiod.
	e = len(g) - p
	for e > 0 && g[e-1] == g[e-1+p] {
		e--
	}
	if need := e + 2*p + t; len(g) < need {
		return 0, 0, need
	}
	return e, p, 0
}
