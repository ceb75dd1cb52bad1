package coins

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/grundylab/grundy/pkg/games/heap"
	"github.com/grundylab/grundy/pkg/games/internal/gameerr"
)

// A Line is a one-dimensional coin-turning game: a row of coins at positions
// 1..n, each showing heads or tails. A move picks a coin x showing heads and
// a length w from a set with w <= x, and turns over the run of coins
// x-w+1..x, so coin x goes to tails. The game ends when no coin shows heads.
//
// By the coin-turning theorem the value of a position is the nim-sum of the
// values g(x) of its heads coins, each played alone. A Line holds those
// values through their prefix sums P(x) = g(1) ⊕ ... ⊕ g(x), which also give
// the value P(j) ⊕ P(i-1) of any run of coins i..j. The values come from the
// recurrence
//
//	g(x) = mex{P(x-1) ⊕ P(x-w) : w in the set, w <= x},
//
// the mex over the positions a move on coin x leaves: its other coins
// x-w+1..x-1 turned to heads.
type Line struct {
	set     heap.Set
	lengths []int
	p16     []uint16 // prefix values, when they fit 16 bits
	p32     []uint32 // otherwise
	runs    []int64
}

// MaxSamples bounds the work of NewLine: the number of pairs (coin x,
// length w <= x) it reads, which is 941,810,658 for the triangular numbers
// on 10^6 coins. A game that needs more is an error wrapping
// heap.ErrTooLong, before any work.
const MaxSamples = 1 << 34

// NewLine computes the coin-turning game on n coins whose moves turn runs of
// lengths in set. It reads every pair (coin, length) a bounded number of
// times (once in the blocked engine, twice in the plain one, which also
// redoes a window whose byte counter wrapped), O(n·k) in all for k lengths
// up to n, with a byte counter per sample while values stay below 512. n must be in [0, heap.MaxLen) and the pairs at most MaxSamples.
//
// Errors name NewLine and the set.
func NewLine(set heap.Set, n int) (*Line, error) {
	l, err := lineOf(set, n)
	if err != nil {
		return nil, gameerr.New("coins.NewLine", set.String(), err)
	}
	return l, nil
}

func lineOf(set heap.Set, n int) (*Line, error) {
	if n < 0 {
		return nil, fmt.Errorf("%w: %d coins", heap.ErrSize, n)
	}
	if n >= heap.MaxLen {
		return nil, fmt.Errorf("%w: %d coins, at most %d", heap.ErrTooLong, n, heap.MaxLen-1)
	}
	lengths, err := set.Members(n)
	if err != nil {
		return nil, err
	}
	samples := 0
	for _, w := range lengths {
		if samples += n - w + 1; samples > MaxSamples {
			return nil, fmt.Errorf("%w: %d coins need more than %d samples", heap.ErrTooLong, n, MaxSamples)
		}
	}
	l := &Line{set: set, lengths: lengths}
	if bits.Len(uint(len(lengths))) <= 16 {
		e := newLine[uint16](lengths, n)
		e.run()
		l.p16, l.runs = e.prefix, e.runs
	} else {
		e := newLine[uint32](lengths, n)
		e.run()
		l.p32, l.runs = e.prefix, e.runs
	}
	last := len(l.runs)
	for last > 0 && l.runs[last-1] == 0 {
		last--
	}
	l.runs = l.runs[:last:last]
	return l, nil
}

// String describes the game, such as "coin turning with runs of squares on
// 100 coins".
func (l *Line) String() string {
	return fmt.Sprintf("coin turning with runs of %s on %d coins", l.set, l.Len())
}

// Len returns the number of coins.
func (l *Line) Len() int { return len(l.p16) + len(l.p32) - 1 }

// Set returns the set of run lengths.
func (l *Line) Set() heap.Set { return l.set }

// Lengths returns the run lengths of the set up to Len, in increasing order.
func (l *Line) Lengths() []int { return slices.Clone(l.lengths) }

// Prefix returns P(x) = g(1) ⊕ ... ⊕ g(x), the value of the position with
// coins 1..x heads; P(0) is 0. It panics unless 0 <= x <= Len.
func (l *Line) Prefix(x int) int {
	if l.p16 != nil {
		return int(l.p16[x])
	}
	return int(l.p32[x])
}

// Value returns g(x), the value of the position whose only heads coin is x.
// It panics unless 1 <= x <= Len.
func (l *Line) Value(x int) int {
	if x < 1 {
		panic(fmt.Sprintf("coins: Value(%d) of a line of coins 1..%d", x, l.Len()))
	}
	return l.Prefix(x) ^ l.Prefix(x-1)
}

// Values returns g(0), g(1), ..., g(Len), with g(0) = 0 standing for no coin.
func (l *Line) Values() []int {
	v := make([]int, l.Len()+1)
	for x := 1; x < len(v); x++ {
		v[x] = l.Value(x)
	}
	return v
}

// Interval returns the value of the run of coins i..j, the nim-sum of
// g(i), ..., g(j): the value of the position with exactly those coins heads,
// and the amount by which a move turning them changes a position's value.
// An empty run (i = j+1) has value 0. It panics unless
// 1 <= i <= j+1 <= Len+1.
func (l *Line) Interval(i, j int) int {
	if i < 1 || i > j+1 {
		panic(fmt.Sprintf("coins: Interval(%d, %d) of a line of coins 1..%d", i, j, l.Len()))
	}
	return l.Prefix(j) ^ l.Prefix(i-1)
}

// Histogram returns how often each value occurs among g(1), ..., g(Len):
// h[v] coins have value v. Its length is one more than the largest value.
func (l *Line) Histogram() []int64 {
	var h []int64
	for x := 1; x <= l.Len(); x++ {
		v := l.Value(x)
		if v >= len(h) {
			h = append(h, make([]int64, v+1-len(h))...)
		}
		h[v]++
	}
	return h
}

// RunHistogram returns how often each value occurs among the runs a move can
// turn: r[v] is the number of pairs (x, w), w a length at most x, whose run
// x-w+1..x has value v. These are the moves from the position with every
// coin heads. No run has value 0, since a move always changes the value of a
// position. The length of r is one more than the largest value.
func (l *Line) RunHistogram() []int64 { return slices.Clone(l.runs) }
