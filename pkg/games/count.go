package games

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"strconv"
)

// Nonzero, given as the target of a count, selects every position whose
// values XOR to something other than zero: the positions won by the player
// to move.
const Nonzero = -1

// ErrCount is wrapped by the errors of the counting functions for arguments
// that describe no set of positions, or a count beyond their limits.
var ErrCount = errors.New("invalid count")

// Limits of the counting functions. A histogram may have at most
// MaxCountValues entries, k at most MaxCountHeaps, and the estimated work of
// a count, in word operations on its integers, at most MaxCountWork. Counts
// modulo m of ordered tuples have no limit on k but
// MaxCountHeaps. A histogram holds at most MaxCountHeaps heaps in all, or
// up to math.MaxInt64 for ordered tuples, whose method needs only the
// transform of the histogram to fit in an int64.
const (
	MaxCountValues = 1 << 20
	MaxCountHeaps  = 1 << 62
	MaxCountWork   = 1 << 34
)

// The counting functions share one method. The heaps are objects, hist[v] of
// them with Grundy value v, N in all. Over the group of XOR values, a
// position is a product of heaps, and the Walsh–Hadamard transform turns the
// group's product into a pointwise one: at the character y a heap of value v
// is +1 or -1, (-1)^popcount(v&y), so a character sees A_y heaps as +1 and
// B_y = N - A_y as -1, A_y = (N + ĥ(y))/2 with ĥ the transform of the
// histogram. The number of positions with XOR t is then
//
//	(1/S) Σ_y (-1)^popcount(t&y) f(A_y, B_y),
//
// S the transform's size, where f counts the positions of heaps weighted by
// their characters:
//
//	tuples:    f = (A - B)^k
//	multisets: f = [z^k] (1-z)^-A (1+z)^-B
//	sets:      f = [z^k] (1+z)^A (1-z)^B
//
// Characters with the same ĥ share f, so f is evaluated once per distinct
// value of ĥ, of which there are at most min(S, N+1).
//
// The two coefficients are finite sums of products of binomial coefficients.
// For sets, Σ_i C(A, i)·C(B, k-i)·(-1)^(k-i) has at most min(k, N-k)+1 terms (the
// complement of a set of k heaps is a set of N-k, with XOR changed by that of
// all heaps). For multisets, Σ_i C(A-1+i, i)·C(B-1+k-i, k-i)·(-1)^(k-i) has k+1
// terms, and for k beyond N the identity
//
//	(1-z)^-A (1+z)^-B = (1+z)^(A-B) / (1-z²)^A,   A >= B (symmetrically else)
//
// gives Σ_j C(A-B, j)·C(A-1+(k-j)/2, A-1) over j ≡ k (mod 2), |A-B|+1 terms:
// so the cost is polynomial in min(k, N) and in the size of the numbers,
// whatever k. Consecutive terms differ by a factor a/b of integers, so every
// sum is a walk of exact steps. (With both k and N huge the walk is too long,
// and the library has no other method: with all N heaps of one value the
// count of multisets is C(N-1+k, k) or 0. Such counts are refused by the
// work limit.)
//
// Exact counts walk in big integers. Counts modulo m walk modulo m·S, with
// residues kept as a ratio of units times powers of the primes of m·S
// (countmod.go), so that the divisions of the walk are exact for any
// modulus, prime or not;
// the final sum is S times the count modulo m·S, and dividing it by S gives
// the count modulo m; for an odd m, S is invertible and the walk runs modulo
// m itself. Ordered tuples modulo m take k-th powers by repeated squaring, so
// any k is fast. When m·S does not fit 64 bits, m = 2^a·m' is split, m' odd,
// and the two counts joined by the Chinese remainder theorem; only when
// 2^a·S does not fit either are tuples counted in big integers modulo m·S,
// and multisets and sets exactly and then reduced.

// CountTuples returns the number of ordered k-tuples of heaps whose Grundy
// values XOR to target (or to any non-zero value if target is Nonzero). The
// heaps are described by hist: hist[v] heaps have Grundy value v. The count
// is exact; it has about k·log2(N) bits for N heaps, which the work limit
// bounds (CountTuplesMod has no such limit).
func CountTuples(hist []int64, k, target int) (*big.Int, error) {
	return countExact(tuples, hist, k, target)
}

// CountMultisets returns the number of unordered k-heap positions (multisets
// of k heaps, such as a <= b <= c for three heaps of sizes from a range) whose
// Grundy values XOR to target, or to any non-zero value if target is
// Nonzero. The heaps are described by hist as for CountTuples. Its cost is
// polynomial in len(hist), min(k, N) and log k, N the number of heaps.
func CountMultisets(hist []int64, k, target int) (*big.Int, error) {
	return countExact(multisets, hist, k, target)
}

// CountSets returns the number of sets of k heaps of pairwise different
// sizes (k of the N heaps, each at most once, in no order) whose Grundy
// values XOR to target, or to any non-zero value if target is Nonzero. The
// heaps are described by hist as for CountTuples. Its cost is polynomial in
// len(hist) and min(k, N-k).
func CountSets(hist []int64, k, target int) (*big.Int, error) {
	return countExact(sets, hist, k, target)
}

// CountTuplesMod returns CountTuples(hist, k, target) modulo m, m >= 1, for
// any k up to MaxCountHeaps: one modular power per distinct value of the
// transform.
func CountTuplesMod(hist []int64, k, target int, m int64) (int64, error) {
	return countMod(tuples, hist, k, target, m)
}

// CountMultisetsMod returns CountMultisets(hist, k, target) modulo m, m >= 1.
// It counts modulo m, or modulo m·S for an even m (S the transform's size,
// len(hist) rounded up to a power of two), splitting m into its odd part and
// its power of two 2^a when m·S needs more than 64 bits; only when 2^a·S
// needs more than 64 bits too is the exact count computed and reduced. The
// work limit applies either way.
func CountMultisetsMod(hist []int64, k, target int, m int64) (int64, error) {
	return countMod(multisets, hist, k, target, m)
}

// CountSetsMod returns CountSets(hist, k, target) modulo m, m >= 1, computed
// as CountMultisetsMod's count is.
func CountSetsMod(hist []int64, k, target int, m int64) (int64, error) {
	return countMod(sets, hist, k, target, m)
}

type kind int

const (
	tuples kind = iota
	multisets
	sets
)

// The names of the counting functions of each kind, exact and modulo m, for
// their errors.
var (
	exactNames = [...]string{"games.CountTuples", "games.CountMultisets", "games.CountSets"}
	modNames   = [...]string{"games.CountTuplesMod", "games.CountMultisetsMod", "games.CountSetsMod"}
)

// A counter holds the transform of a histogram grouped by value.
type counter struct {
	kind    kind
	k       uint64
	n       uint64 // heaps
	size    int    // S, a power of two
	nonzero bool   // count the positions of non-zero XOR: all but those at 0
	none    bool   // no position at all: sets of more heaps than there are
	at      int    // the XOR counted: the target, or 0 for Nonzero
	zero    bool   // at is out of reach: no position has XOR at
	values  []int64
	// weights[i] is Σ (-1)^popcount(at&y) over the y with ĥ(y) = values[i].
	weights []int64
}

func newCounter(kd kind, hist []int64, k, target int) (*counter, error) {
	switch {
	case k < 0:
		return nil, fmt.Errorf("%w: %d heaps", ErrCount, k)
	case k > MaxCountHeaps:
		return nil, fmt.Errorf("%w: %d heaps, more than %d", ErrCount, k, MaxCountHeaps)
	case len(hist) > MaxCountValues:
		return nil, fmt.Errorf("%w: histogram of %d values, more than %d", ErrCount, len(hist), MaxCountValues)
	case target < Nonzero:
		return nil, fmt.Errorf("%w: target %d", ErrCount, target)
	}
	size := 1
	if len(hist) > 1 {
		size = 1 << bits.Len(uint(len(hist)-1))
	}
	hat := make([]int64, size)
	var n uint64
	most := uint64(MaxCountHeaps)
	if kd == tuples {
		most = math.MaxInt64
	}
	x := 0 // the XOR of all heaps
	for v, c := range hist {
		if c < 0 {
			return nil, fmt.Errorf("%w: histogram entry %d is %d", ErrCount, v, c)
		}
		if n += uint64(c); n > most {
			return nil, fmt.Errorf("%w: more than %d heaps", ErrCount, most)
		}
		hat[v] = c
		if c%2 == 1 {
			x ^= v
		}
	}
	c := &counter{kind: kd, k: uint64(k), n: n, size: size, nonzero: target == Nonzero, at: max(target, 0)}
	if kd == sets {
		if c.k > n {
			c.none = true
			return c, nil
		}
		// The complement of a set of k heaps has N-k heaps and XOR changed
		// by x; with N-k smaller, count those.
		if n-c.k < c.k {
			c.k = n - c.k
			c.at ^= x
		}
	}
	// Values below a power of two XOR to values below it.
	c.zero = c.at >= size
	walshHadamard(hat)
	index := map[int64]int{}
	for y, h := range hat {
		w := int64(1)
		if bits.OnesCount(uint(c.at&y))%2 == 1 {
			w = -1
		}
		i, ok := index[h]
		if !ok {
			i = len(c.values)
			index[h] = i
			c.values = append(c.values, h)
			c.weights = append(c.weights, 0)
		}
		c.weights[i] += w
	}
	return c, nil
}

// walshHadamard transforms a in place: a[y] becomes Σ_x (-1)^popcount(x&y)
// a[x]. The entries of a histogram of N heaps stay within ±N.
func walshHadamard(a []int64) {
	for h := 1; h < len(a); h <<= 1 {
		for i := 0; i < len(a); i += h << 1 {
			for j := i; j < i+h; j++ {
				a[j], a[j+h] = a[j]+a[j+h], a[j]-a[j+h]
			}
		}
	}
}

// split returns A and B, the heaps a character with transform value h sees
// as +1 and as -1.
func (c *counter) split(h int64) (a, b uint64) {
	a = (c.n + uint64(h)) / 2 // h may be negative: the sum wraps to the right value
	return a, c.n - a
}

// steps returns the number of exact steps of the walk at transform value h
// and the bits of the largest number it meets.
func (c *counter) steps(h int64) (steps, bitLen float64) {
	a, b := c.split(h)
	k := float64(c.k)
	size := float64(bits.Len64(c.n+c.k) + 1)
	switch c.kind {
	case tuples:
		if h >= -1 && h <= 1 {
			return 1, 1 // h^k is 0 or ±1
		}
		return 1, k * float64(bits.Len64(uint64(max(h, -h)))+1)
	case sets:
		return 2*k + 1, k * size
	}
	s := closedSteps(a, b, c.k)
	if multisetDirect(a, b, c.k) {
		s = 2*k + 1
	}
	return s, min(k, float64(max(a, b))) * size
}

// closedSteps is the number of steps of the closed form for multisets.
func closedSteps(a, b, k uint64) float64 {
	return float64(diff(a, b)+1) + float64(min(max(a, b), k/2))
}

// multisetDirect reports whether the direct sum for multisets, of about 2k
// steps, is cheaper than the closed form.
func multisetDirect(a, b, k uint64) bool {
	return 2*float64(k)+1 <= closedSteps(a, b, k)
}

// exactWork estimates the word operations of an exact count.
func (c *counter) exactWork() error {
	work := 0.0
	for _, h := range c.values {
		s, b := c.steps(h)
		words := b/64 + 1
		if c.kind == tuples {
			work += math.Pow(words, 1.6) * math.Log2(float64(c.k)+2)
		} else {
			work += s * words
		}
	}
	if work > MaxCountWork {
		return fmt.Errorf("%w: %d heaps take about %.2g word operations, more than %d", ErrCount, c.k, work, uint64(MaxCountWork))
	}
	return nil
}

// modWork checks the steps of a count modulo m·S, each a few modular
// products.
func (c *counter) modWork() error {
	if c.kind == tuples {
		return nil // one power per value: len(hist)·log k products
	}
	steps := 0.0
	for _, h := range c.values {
		s, _ := c.steps(h)
		steps += s
	}
	if steps > MaxCountWork/64 {
		return fmt.Errorf("%w: %d heaps take about %.2g steps, more than %d", ErrCount, c.k, steps, uint64(MaxCountWork/64))
	}
	return nil
}

func countExact(kd kind, hist []int64, k, target int) (*big.Int, error) {
	c, err := newCounter(kd, hist, k, target)
	if err == nil {
		err = c.exactWork()
	}
	if err != nil {
		return nil, &Error{Func: exactNames[kd], Input: strconv.Itoa(k), Err: err}
	}
	return c.exact(), nil
}

func (c *counter) exact() *big.Int {
	sum := new(big.Int)
	if c.none {
		return sum
	}
	if !c.zero {
		var w big.Int
		for i, h := range c.values {
			term := c.exactAt(h)
			sum.Add(sum, term.Mul(term, w.SetInt64(c.weights[i])))
		}
		sum.Rsh(sum, uint(bits.TrailingZeros(uint(c.size)))) // exact: S divides it
	}
	if c.nonzero {
		sum.Sub(c.exactAt(int64(c.n)), sum) // the character 0 counts every position
	}
	return sum
}

func countMod(kd kind, hist []int64, k, target int, m int64) (int64, error) {
	if m < 1 {
		return 0, &Error{Func: modNames[kd], Input: strconv.Itoa(k), Err: fmt.Errorf("%w: modulus %d, want at least 1", ErrCount, m)}
	}
	c, err := newCounter(kd, hist, k, target)
	if err == nil {
		err = c.modWork()
	}
	if err != nil {
		return 0, &Error{Func: modNames[kd], Input: strconv.Itoa(k), Err: err}
	}
	if c.none {
		return 0, nil
	}
	if r, ok := c.modulo(uint64(m)); ok {
		return int64(r), nil
	}
	// m = 2^a·odd with 2^a·S beyond 64 bits: the odd part alone, and the
	// power of two too if it fits, joined by the Chinese remainder theorem.
	a := bits.TrailingZeros64(uint64(m))
	odd, pow := uint64(m)>>a, uint64(1)<<a
	r2, ok := c.modulo(pow)
	if !ok && kd == tuples {
		return c.tuplesBig(m), nil
	}
	if !ok {
		if err := c.exactWork(); err != nil {
			return 0, &Error{Func: modNames[kd], Input: strconv.Itoa(k), Err: err}
		}
		n := c.exact()
		return n.Mod(n, big.NewInt(m)).Int64(), nil
	}
	r1, _ := c.modulo(odd)
	t := mulMod(subMod(r1, r2%odd, odd), invMod(pow%odd, odd), odd)
	return int64(r2 + pow*t), nil
}

// modulo returns the count modulo q, and false if it cannot: an even q with
// q·S beyond 64 bits. For an odd q, S is a unit and the sum is multiplied by
// its inverse; for an even q the sum is taken modulo q·S, where it is S times
// the count, and divided by S.
func (c *counter) modulo(q uint64) (uint64, bool) {
	mod := q
	if q%2 == 0 {
		hi, lo := bits.Mul64(q, uint64(c.size))
		if hi != 0 {
			return 0, false
		}
		mod = lo
	}
	var ring *modRing
	if c.kind != tuples {
		ring = newModRing(mod)
	}
	value := func(h int64) uint64 {
		if c.kind == tuples {
			return powMod(reduce(h, mod), c.k, mod)
		}
		return ring.value(coefficient(modArith{ring}, c.kind, h, c))
	}
	var sum uint64
	if !c.zero {
		for i, h := range c.values {
			sum = addMod(sum, mulMod(value(h), reduce(c.weights[i], mod), mod), mod)
		}
	}
	var count uint64
	if q%2 == 1 {
		count = mulMod(sum, invMod(uint64(c.size)%q, q), q)
	} else {
		count = sum / uint64(c.size) // exact: sum is S·count modulo q·S
	}
	if c.nonzero {
		count = subMod(value(int64(c.n))%q, count, q)
	}
	return count, true
}

// tuplesBig counts tuples modulo m in big integers modulo m·S, for an m·S
// beyond 64 bits.
func (c *counter) tuplesBig(m int64) int64 {
	mod := new(big.Int).Mul(big.NewInt(m), big.NewInt(int64(c.size)))
	k := new(big.Int).SetUint64(c.k)
	sum := new(big.Int)
	var p, w big.Int
	if !c.zero {
		for i, h := range c.values {
			p.Exp(p.Mod(p.SetInt64(h), mod), k, mod)
			sum.Add(sum, p.Mul(&p, w.SetInt64(c.weights[i])))
		}
		sum.Mod(sum, mod)
		sum.Rsh(sum, uint(bits.TrailingZeros(uint(c.size))))
	}
	if c.nonzero {
		sum.Sub(p.Exp(p.SetUint64(c.n), k, mod), sum)
	}
	return sum.Mod(sum, big.NewInt(m)).Int64()
}

// reduce returns x modulo m, in [0, m).
func reduce(x int64, m uint64) uint64 {
	if x >= 0 {
		return uint64(x) % m
	}
	return subMod(0, uint64(-x)%m, m)
}

// exactAt returns f at transform value h.
func (c *counter) exactAt(h int64) *big.Int {
	if c.kind == tuples {
		return new(big.Int).Exp(big.NewInt(h), new(big.Int).SetUint64(c.k), nil)
	}
	return coefficient(bigArith{}, c.kind, h, c)
}

// An arith is the arithmetic of a walk: numbers T changed by exact steps
// x·a/b, and sums S of their products.
type arith[T, S any] interface {
	one() T
	scale(x T, a, b uint64)
	zero() S
	addMul(s S, x, y T, neg bool)
}

// bigArith walks in big integers.
type bigArith struct{}

func (bigArith) one() *big.Int  { return big.NewInt(1) }
func (bigArith) zero() *big.Int { return new(big.Int) }

func (bigArith) scale(x *big.Int, a, b uint64) {
	var t big.Int
	x.Mul(x, t.SetUint64(a))
	x.Quo(x, t.SetUint64(b))
}

func (bigArith) addMul(s, x, y *big.Int, neg bool) {
	var t big.Int
	t.Mul(x, y)
	if neg {
		s.Sub(s, &t)
	} else {
		s.Add(s, &t)
	}
}

// modArith walks modulo a ring's modulus.
type modArith struct{ r *modRing }

func (a modArith) one() *residue                 { return a.r.one() }
func (a modArith) scale(x *residue, p, q uint64) { a.r.scale(x, p, q) }
func (a modArith) zero() *fraction               { return &fraction{0, 1 % a.r.m} }

func (a modArith) addMul(s *fraction, x, y *residue, neg bool) { a.r.addMul(s, x, y, neg) }

// coefficient returns f at transform value h for multisets or sets.
func coefficient[T, S any](ar arith[T, S], kd kind, h int64, c *counter) S {
	a, b := c.split(h)
	if kd == sets {
		return setCoefficient(ar, a, b, c.k)
	}
	return multisetCoefficient(ar, a, b, c.k)
}

// binomial returns C(n, r), r <= n, by min(r, n-r) exact steps.
func binomial[T, S any](ar arith[T, S], n, r uint64) T {
	r = min(r, n-r)
	x := ar.one()
	for i := uint64(1); i <= r; i++ {
		ar.scale(x, n-r+i, i) // C(n-r+i, i) from C(n-r+i-1, i-1)
	}
	return x
}

// multisetCoefficient returns [z^k] (1-z)^-a (1+z)^-b.
func multisetCoefficient[T, S any](ar arith[T, S], a, b, k uint64) S {
	s := ar.zero()
	switch {
	case a == 0 && b == 0:
		if k == 0 {
			ar.addMul(s, ar.one(), ar.one(), false)
		}
		return s
	case b == 0:
		ar.addMul(s, binomial(ar, a-1+k, k), ar.one(), false)
		return s
	case a == 0:
		ar.addMul(s, binomial(ar, b-1+k, k), ar.one(), k%2 == 1)
		return s
	}
	if multisetDirect(a, b, k) {
		// Σ_i C(a-1+i, i)·(-1)^(k-i)·C(b-1+k-i, k-i).
		x, y := ar.one(), binomial(ar, b-1+k, k)
		for i := uint64(0); ; i++ {
			ar.addMul(s, x, y, (k-i)%2 == 1)
			if i == k {
				return s
			}
			ar.scale(x, a+i, i+1)
			j := k - i
			ar.scale(y, j, b-1+j)
		}
	}
	// Σ_j (±1)^j C(d, j)·C(hi-1+(k-j)/2, hi-1) over j ≡ k (mod 2), j <= d.
	hi, d := max(a, b), diff(a, b)
	j := k % 2
	last := min(d, k)
	if j > last {
		return s
	}
	x := ar.one()
	if j == 1 {
		ar.scale(x, d, 1)
	}
	r := (k - j) / 2
	y := binomial(ar, hi-1+r, hi-1)
	for {
		ar.addMul(s, x, y, a < b && j%2 == 1)
		if j+2 > last {
			return s
		}
		ar.scale(x, d-j, j+1)
		ar.scale(x, d-j-1, j+2)
		ar.scale(y, r, hi-1+r)
		j, r = j+2, r-1
	}
}

// setCoefficient returns [z^k] (1+z)^a (1-z)^b: Σ_i C(a, i)·(-1)^(k-i)·C(b, k-i).
func setCoefficient[T, S any](ar arith[T, S], a, b, k uint64) S {
	s := ar.zero()
	first := uint64(0)
	if k > b {
		first = k - b
	}
	last := min(a, k)
	if first > last {
		return s
	}
	x, y := binomial(ar, a, first), binomial(ar, b, k-first)
	for i := first; ; i++ {
		ar.addMul(s, x, y, (k-i)%2 == 1)
		if i == last {
			return s
		}
		ar.scale(x, a-i, i+1)
		j := k - i
		ar.scale(y, j, b-j+1)
	}
}
