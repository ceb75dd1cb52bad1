package games

import (
	"errors"
	"fmt"
	"math/big"
	"math/bits"
)

// Nonzero, given as the target of a count, selects every position whose
// values XOR to something other than zero: the positions won by the player
// to move.
const Nonzero = -1

// ErrCount is wrapped by the errors of the counting functions for arguments
// that describe no set of positions.
var ErrCount = errors.New("invalid count")

// CountTuples returns the number of ordered k-tuples of heaps whose Grundy
// values XOR to target (or to any non-zero value if target is Nonzero). The
// heaps are described by hist: hist[v] heaps have Grundy value v. The count
// is exact.
//
// It runs in O(S log S + S·log k) big-integer operations, S being len(hist)
// rounded up to a power of two: the XOR-convolution of k histograms is a
// pointwise power after a Walsh–Hadamard transform.
func CountTuples(hist []int64, k, target int) (*big.Int, error) {
	c, err := newCounter(hist, k, target)
	if err != nil {
		return nil, fmt.Errorf("count tuples: %w", err)
	}
	power := func(w *big.Int) *big.Int { return new(big.Int).Exp(w, big.NewInt(int64(k)), nil) }
	return c.count(power), nil
}

// CountMultisets returns the number of unordered k-heap positions (multisets
// of k heaps, such as a <= b <= c for three heaps of sizes from a range) whose
// Grundy values XOR to target, or to any non-zero value if target is
// Nonzero. The heaps are described by hist as for CountTuples.
//
// The count comes from Burnside's lemma over the symmetric group S_k: a tuple
// fixed by a permutation is constant on its cycles, and a cycle of length j
// contributes its heap's value j times, so odd cycles count like one heap and
// even cycles like a heap of value 0. After a Walsh–Hadamard transform the
// sum over cycle types is the cycle index of S_k, evaluated by the recurrence
// n·Z_n = Σ_j p_j·Z_{n-j} in O(S·k²) big-integer operations.
func CountMultisets(hist []int64, k, target int) (*big.Int, error) {
	c, err := newCounter(hist, k, target)
	if err != nil {
		return nil, fmt.Errorf("count multisets: %w", err)
	}
	index := func(w *big.Int) *big.Int { return cycleIndex(w, c.total, k) }
	return c.count(index), nil
}

// CountTuplesMod returns CountTuples(hist, k, target) modulo m, m >= 1.
func CountTuplesMod(hist []int64, k, target int, m int64) (int64, error) {
	return countMod(CountTuples, hist, k, target, m)
}

// CountMultisetsMod returns CountMultisets(hist, k, target) modulo m, m >= 1.
func CountMultisetsMod(hist []int64, k, target int, m int64) (int64, error) {
	return countMod(CountMultisets, hist, k, target, m)
}

func countMod(count func([]int64, int, int) (*big.Int, error), hist []int64, k, target int, m int64) (int64, error) {
	if m < 1 {
		return 0, fmt.Errorf("count modulo %d: modulus must be at least 1: %w", m, ErrCount)
	}
	n, err := count(hist, k, target)
	if err != nil {
		return 0, err
	}
	return n.Mod(n, big.NewInt(m)).Int64(), nil
}

// maxCountHeaps bounds k so that the O(S·k²) multiset count stays a matter of
// seconds; larger k is almost certainly a mistake.
const maxCountHeaps = 1 << 12

// maxHistogram bounds the length of a histogram: Grundy values above 2^24 would
// need a transform of hundreds of megabytes of big integers.
const maxHistogram = 1 << 24

type counter struct {
	hat    []*big.Int // Walsh–Hadamard transform of the histogram
	total  *big.Int   // number of heaps
	target int
}

func newCounter(hist []int64, k, target int) (*counter, error) {
	switch {
	case k < 0:
		return nil, fmt.Errorf("%d heaps: %w", k, ErrCount)
	case k > maxCountHeaps:
		return nil, fmt.Errorf("%d heaps, more than %d: %w", k, maxCountHeaps, ErrCount)
	case len(hist) > maxHistogram:
		return nil, fmt.Errorf("histogram of %d values, more than %d: %w", len(hist), maxHistogram, ErrCount)
	case target < Nonzero:
		return nil, fmt.Errorf("target %d: %w", target, ErrCount)
	}
	size := 1
	if len(hist) > 1 {
		size = 1 << bits.Len(uint(len(hist)-1))
	}
	hat := make([]*big.Int, size)
	total := new(big.Int)
	for i := range hat {
		hat[i] = new(big.Int)
		if i < len(hist) {
			if hist[i] < 0 {
				return nil, fmt.Errorf("histogram entry %d is %d: %w", i, hist[i], ErrCount)
			}
			hat[i].SetInt64(hist[i])
			total.Add(total, hat[i])
		}
	}
	walshHadamard(hat)
	return &counter{hat: hat, total: total, target: target}, nil
}

// count inverts the transform at the target after mapping each transformed
// value through f, the count of positions as a function of one character sum.
// The transform of the all-heaps histogram at 0 is the total, so f(total) is
// the number of positions of any XOR, from which Nonzero subtracts.
func (c *counter) count(f func(*big.Int) *big.Int) *big.Int {
	if c.target == Nonzero {
		n := c.countAt(f, 0)
		return n.Sub(f(c.total), n)
	}
	if c.target >= len(c.hat) {
		// Values below a power of two XOR to values below it.
		return new(big.Int)
	}
	return c.countAt(f, c.target)
}

func (c *counter) countAt(f func(*big.Int) *big.Int, x int) *big.Int {
	sum := new(big.Int)
	for y, w := range c.hat {
		if bits.OnesCount(uint(x&y))%2 == 1 {
			sum.Sub(sum, f(w))
		} else {
			sum.Add(sum, f(w))
		}
	}
	return sum.Quo(sum, big.NewInt(int64(len(c.hat))))
}

// walshHadamard transforms a in place: a[y] becomes Σ_x (-1)^{popcount(x&y)} a[x].
func walshHadamard(a []*big.Int) {
	t := new(big.Int)
	for h := 1; h < len(a); h <<= 1 {
		for i := 0; i < len(a); i += h << 1 {
			for j := i; j < i+h; j++ {
				t.Set(a[j+h])
				a[j+h].Sub(a[j], t)
				a[j].Add(a[j], t)
			}
		}
	}
}

// cycleIndex evaluates the cycle index of S_k at p_j = odd for odd j and
// p_j = even for even j. For the transform of a histogram, odd is A-B and even
// is A+B for A heaps of character +1 and B of character -1, so the result is
// the complete homogeneous polynomial h_k(1,...,1,-1,...,-1): an integer, and
// every division in the recurrence is exact.
func cycleIndex(odd, even *big.Int, k int) *big.Int {
	z := make([]*big.Int, k+1)
	z[0] = big.NewInt(1)
	t := new(big.Int)
	for n := 1; n <= k; n++ {
		s := new(big.Int)
		for j := 1; j <= n; j++ {
			p := even
			if j%2 == 1 {
				p = odd
			}
			s.Add(s, t.Mul(p, z[n-j]))
		}
		z[n] = s.Quo(s, big.NewInt(int64(n)))
	}
	return z[k]
}
