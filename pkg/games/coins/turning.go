package coins

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/grundylab/grundy/pkg/games/heap"
	"github.com/grundylab/grundy/pkg/games/internal/gameerr"
)

// ErrTooLarge is wrapped by the errors of turning games whose values, memory
// or work exceed the limits below.
var ErrTooLarge = errors.New("turning game too large")

// Limits of Turning. A game's values must stay below MaxTurningValue, its
// bitsets of nim-sums must take at most MaxTurningBytes, and its computation
// at most MaxTurningWork elementary steps (bitset words or moves): a game
// for which a lower bound on its work exceeds it is refused before it
// starts, and one that exceeds it on the way stops with the error then.
const (
	MaxTurningValue = 1 << 24
	MaxTurningBytes = 1 << 28
	MaxTurningWork  = 1 << 35
)

// Turning returns the values g(1), ..., g(n) of the coin-turning game with
// the given turning code (see Rule), at s[1..n]; s[0] is 0 and stands for no
// coin. By the coin-turning theorem a position's value is the nim-sum of the
// values of its heads coins.
//
//	s, err := coins.Turning(coins.MockTurtles, 100) // 1 2 4 7 8 11 13 14 ...
func Turning(rule string, n int) (heap.Sequence, error) {
	t, err := newTurning(rule, n)
	if err != nil {
		return nil, gameerr.New("coins.Turning", gameerr.Clip(rule), err)
	}
	return t.Values(), nil
}

// A TurningGame is a coin-turning game given by a turning code, solved on
// coins 1..n: its coin values and its moves.
type TurningGame struct {
	rule Rule
	g    heap.Sequence // g[0] = 0, g[x] the value of coin x
}

// NewTurning computes the coin-turning game with the given turning code on
// n coins, 0 <= n < heap.MaxLen.
//
// The value of coin x is the mex of the nim-sums of the other coins of the
// moves whose rightmost coin is x. For alternatives with no spacing modifier
// and no C(n) bound (Mock Turtles, Moidores, Motley, Twins...) it keeps, for
// each number j of coins, the set of nim-sums of j coins left of x as a
// bitset, updated as each coin is added: O(n·j·V/64) word operations for
// values below V. A code of consecutive coins only (Ruler) is a Line, whose
// run lengths are the counts allowed; in other codes consecutive coins take
// O(1) per move from prefix sums, and the other alternatives (E, S, C(n))
// walk their moves one by one.
//
// Errors name NewTurning and the code (its first 32 bytes, if longer).
func NewTurning(rule string, n int) (*TurningGame, error) {
	t, err := newTurning(rule, n)
	if err != nil {
		return nil, gameerr.New("coins.NewTurning", gameerr.Clip(rule), err)
	}
	return t, nil
}

func newTurning(rule string, n int) (*TurningGame, error) {
	r, err := parseRule(rule)
	if err != nil {
		return nil, err
	}
	if n < 0 {
		return nil, fmt.Errorf("%w: %d coins", heap.ErrSize, n)
	}
	if n >= heap.MaxLen {
		return nil, fmt.Errorf("%w: %d coins, at most %d", heap.ErrTooLong, n, heap.MaxLen-1)
	}
	var g heap.Sequence
	if r.runs() {
		g, err = r.lineValues(n)
	} else {
		g, err = r.values(n)
	}
	if err != nil {
		return nil, err
	}
	return &TurningGame{rule: r, g: g}, nil
}

// Rule returns the game's turning code.
func (t *TurningGame) Rule() Rule { return t.rule }

// Len returns the number of coins.
func (t *TurningGame) Len() int { return len(t.g) - 1 }

// Value returns g(x), the value of the position whose only heads coin is x.
// It panics unless 1 <= x <= Len.
func (t *TurningGame) Value(x int) int {
	if x < 1 || x > t.Len() {
		panic(fmt.Sprintf("coins: Value(%d) of a turning game on coins 1..%d", x, t.Len()))
	}
	return t.g[x]
}

// Values returns g(0), g(1), ..., g(Len), with g(0) = 0 standing for no coin.
func (t *TurningGame) Values() heap.Sequence { return slices.Clone(t.g) }

// MaxMoves bounds the moves Moves lists.
const MaxMoves = 1 << 20

// Moves returns the moves whose rightmost coin is x: for each, the coins it
// turns in increasing order, x last. More than MaxMoves moves, or x off the
// row, are an error naming TurningGame.Moves and the code.
func (t *TurningGame) Moves(x int) ([][]int, error) {
	fail := func(err error) error { return gameerr.New("coins.TurningGame.Moves", gameerr.Clip(t.rule.code), err) }
	if x < 1 || x > t.Len() {
		return nil, fail(fmt.Errorf("%w: coin %d off a row of %d", ErrBoard, x, t.Len()))
	}
	var moves [][]int
	err := t.rule.walk(x, t.g, true, func(coins []int, _ int) bool {
		if len(moves) == MaxMoves {
			return false // one more than MaxMoves
		}
		moves = append(moves, append(slices.Clone(coins), x))
		return true
	})
	if err != nil {
		return nil, fail(fmt.Errorf("%w: coin %d has more than %d moves", ErrTooLarge, x, MaxMoves))
	}
	return moves, nil
}

// runs reports whether every alternative turns consecutive coins (or one
// coin) without F: the game is then a Line whose run lengths are the counts
// allowed.
func (r Rule) runs() bool {
	for _, p := range r.parts {
		if p.spacing != 'C' && p.hi > 1 || p.first {
			return false
		}
	}
	return true
}

// lineValues computes g(0..n) of a game of runs by the engine of Line.
func (r Rule) lineValues(n int) (heap.Sequence, error) {
	lengths := heap.Predicate(r.code, func(w int) bool {
		for _, p := range r.parts {
			if w >= p.lo && w <= p.hi {
				return true
			}
		}
		return false
	})
	l, err := NewLine(lengths, n)
	if err != nil {
		return nil, err
	}
	return l.Values(), nil
}

// values computes g(0..n).
func (r Rule) values(n int) (heap.Sequence, error) {
	e := r.newEngine(n)
	if w := e.minWork(n); w > MaxTurningWork {
		return nil, fmt.Errorf("%w: at least %d steps, more than %d", ErrTooLarge, uint64(w), uint64(MaxTurningWork))
	}
	return e.run(n)
}

// newEngine returns the engine of r on n coins: a DP for each alternative
// that constrains nothing but the number of coins, a walk for the others.
func (r Rule) newEngine(n int) *engine {
	e := &engine{budget: MaxTurningWork}
	for _, p := range r.parts {
		// Counts and spans beyond the row change nothing: clip them, so
		// that a code such as "999999999" costs nothing on a short row.
		if p.lo > n {
			continue
		}
		if p.hi != math.MaxInt {
			p.hi = min(p.hi, n)
		}
		if p.span >= n {
			p.span = 0
		}
		if p.spacing == 0 && p.span == 0 {
			e.dps = append(e.dps, newSubsetDP(p))
		} else {
			e.walked = append(e.walked, p)
		}
	}
	return e
}

// run computes g(0..n), spending the engine's budget.
func (e *engine) run(n int) (heap.Sequence, error) {
	g := make(heap.Sequence, n+1)
	seen := make([]uint64, 1)
	for x := 1; x <= n; x++ {
		clear(seen)
		for _, d := range e.dps {
			if err := e.spend(d.bitsets() * len(seen)); err != nil {
				return nil, err
			}
			d.query(seen, x, g)
		}
		for _, p := range e.walked {
			err := p.walk(x, g, false, func(_ []int, v int) bool {
				seen[v>>6] |= 1 << (v & 63)
				return e.spend(1) == nil
			})
			if err != nil {
				return nil, err
			}
		}
		v := firstZero(seen)
		g[x] = v
		if v >= MaxTurningValue {
			return nil, fmt.Errorf("%w: coin %d has value %d, more than %d", ErrTooLarge, x, v, MaxTurningValue-1)
		}
		if v >= 64*len(seen) {
			// Values and nim-sums of values now reach the next power of two.
			size := 1 << bits.Len(uint(v)) / 64
			sets := 1
			for _, d := range e.dps {
				sets += d.bitsets()
			}
			if sets*size > MaxTurningBytes/8 {
				return nil, fmt.Errorf("%w: coin %d has value %d: %d bitsets of %d bytes, more than %d", ErrTooLarge, x, v, sets, 8*size, MaxTurningBytes)
			}
			seen = make([]uint64, size)
			for _, d := range e.dps {
				d.grow(size)
			}
		}
		for _, d := range e.dps {
			if err := e.spend(d.bitsets() * len(seen)); err != nil {
				return nil, err
			}
			d.add(x, v)
		}
	}
	return g, nil
}

// An engine is the state of one computation.
type engine struct {
	dps    []*subsetDP
	walked []rulePart
	budget int
}

// minWork is a lower bound on the steps of a computation on n coins: the
// bitsets of the DPs read for each coin, and for each walked alternative its
// moves of j = max(lo, 2) coins, one step each. With top coin x, and m the
// other coins within reach (x-1, or span-1 if less), a consecutive run has
// one move per length from j to min(hi, m+1); any other alternative has at
// least floor(m/(j-1)) moves: that many equally spaced ones, which are
// symmetric too, and an unspaced one has C(m, j-1) >= floor(m/(j-1)).
func (e *engine) minWork(n int) float64 {
	w := 0.0
	for _, d := range e.dps {
		w += 2 * float64(n) * float64(d.bitsets())
	}
	for _, p := range e.walked {
		j := max(p.lo, 2)
		if p.first || p.hi < j {
			continue
		}
		reach := n // the coins a move may span
		if p.span > 0 {
			reach = min(reach, p.span)
		}
		if p.spacing == 'C' {
			// Coin x has min(hi, reach, x) - j + 1 runs when that is
			// positive: a triangle up to coin r, then r - j + 1 each.
			r := min(reach, p.hi)
			if k := float64(r - j + 1); k > 0 {
				w += k*(k+1)/2 + float64(n-r)*k
			}
			continue
		}
		// Σ_x floor(m_x/t) >= Σ_x m_x/t - n(t-1)/t, t = j-1, and
		// Σ_x m_x = (reach-1)(n - reach/2).
		t := float64(j - 1)
		sum := float64(reach-1) * (float64(n) - float64(reach)/2)
		w += max(0, sum/t-float64(n)*(t-1)/t)
	}
	return w
}

// spend takes work steps from the budget.
func (e *engine) spend(work int) error {
	e.budget -= work
	if e.budget < 0 {
		return fmt.Errorf("%w: more than %d steps", ErrTooLarge, uint64(MaxTurningWork))
	}
	return nil
}

// firstZero returns the index of the first clear bit.
func firstZero(set []uint64) int {
	for i, w := range set {
		if w != math.MaxUint64 {
			return 64*i + bits.TrailingZeros64(^w)
		}
	}
	return 64 * len(set)
}

// A subsetDP answers an alternative with no spacing and no span: a move on
// x turns x and any j = m-1 coins left of it, m in [lo, hi], so its nim-sums
// are those of j-subsets of coins 1..x-1. It keeps them as bitsets, one per
// j: sums[j] for j < top, and for an open range the union of all j >= top in
// sums[top]. With F the subsets must hold coin 1: the nim-sums of the other
// m-2 coins, from coins 2..x-1, are kept alike in firstSums.
type subsetDP struct {
	p         rulePart
	top       int // sums[top] is the union of j >= top for an open range
	open      bool
	sums      [][]uint64
	firstSums [][]uint64
}

func newSubsetDP(p rulePart) *subsetDP {
	d := &subsetDP{p: p, open: p.hi == math.MaxInt}
	j := p.hi - 1 // the largest j
	if d.open {
		j = p.lo - 1 // j >= lo-1 all count: one union
	}
	if p.first {
		j-- // coin 1 is one of the j
	}
	if j < 0 && !d.open {
		return d // F with at most one coin: only the move on coin 1 alone
	}
	d.top = max(j, 0)
	list := make([][]uint64, d.top+1)
	for i := range list {
		list[i] = make([]uint64, 1)
	}
	list[0][0] = 1 // the empty set has sum 0
	if p.first {
		d.firstSums = list
	} else {
		d.sums = list
	}
	return d
}

// bitsets returns the number of bitsets the DP reads per coin.
func (d *subsetDP) bitsets() int { return len(d.sums) + len(d.firstSums) }

func (d *subsetDP) grow(words int) {
	for _, list := range [][][]uint64{d.sums, d.firstSums} {
		for j, b := range list {
			list[j] = append(b, make([]uint64, words-len(b))...)
		}
	}
}

// query marks in seen the nim-sums of the moves on x.
func (d *subsetDP) query(seen []uint64, x int, g heap.Sequence) {
	p := d.p
	list, shift, from := d.sums, 0, p.lo-1
	if p.first {
		if x == 1 {
			if p.lo <= 1 {
				seen[0] |= 1 // the one-coin move on coin 1
			}
			return
		}
		// Coins 1 and x and j = m-2 others.
		list, shift, from = d.firstSums, g[1], p.lo-2
	}
	for j := max(from, 0); j < len(list); j++ {
		xorInto(seen, list[j], shift)
	}
}

// add adds coin x of value v to the sets of coins.
func (d *subsetDP) add(x, v int) {
	list := d.sums
	if d.p.first {
		if x == 1 {
			return // coin 1 is in every set of firstSums already
		}
		list = d.firstSums
	}
	if len(list) == 0 {
		return
	}
	top := len(list) - 1
	if d.open {
		// The union of j >= top gains the sums of j-1 >= top-1 coins and v:
		// its own members and those of list[top-1], XORed with v.
		xorInto(list[top], list[top], v)
		if top > 0 {
			xorInto(list[top], list[top-1], v)
		}
		top--
	}
	for j := top; j >= 1; j-- {
		xorInto(list[j], list[j-1], v)
	}
}

// orInto ORs src into dst.
func orInto(dst, src []uint64) {
	for i, w := range src {
		dst[i] |= w
	}
}

// xorInto ORs into dst the set src with every member XORed with v: bit i of
// src sets bit i^v of dst. dst and src may be the same set, the new members
// then join the old ones.
func xorInto(dst, src []uint64, v int) {
	hi, lo := v>>6, uint(v&63)
	if hi == 0 && lo == 0 {
		orInto(dst, src)
		return
	}
	if &dst[0] == &src[0] {
		src = slices.Clone(src)
	}
	for i, w := range src {
		if w != 0 {
			dst[i^hi] |= permute(w, lo)
		}
	}
}

// permute moves bit i of w to bit i^c, c < 64.
func permute(w uint64, c uint) uint64 {
	masks := [6]uint64{0x5555555555555555, 0x3333333333333333, 0x0F0F0F0F0F0F0F0F,
		0x00FF00FF00FF00FF, 0x0000FFFF0000FFFF, 0x00000000FFFFFFFF}
	for b, m := range masks {
		if c>>b&1 == 1 {
			s := uint(1) << b
			w = w>>s&m | w&m<<s
		}
	}
	return w
}

// walk calls visit with the other coins (increasing; nil unless withCoins)
// and their nim-sum for every move of r whose rightmost coin is x, until
// visit returns false, which is reported as an error. Each move is visited
// once, even if several alternatives allow it.
func (r Rule) walk(x int, g heap.Sequence, withCoins bool, visit func(coins []int, sum int) bool) error {
	if len(r.parts) == 1 {
		return r.parts[0].walk(x, g, withCoins, visit)
	}
	// A move of several alternatives is visited for the first of them only.
	var move []int
	for i, p := range r.parts {
		err := p.walk(x, g, true, func(coins []int, sum int) bool {
			move = append(append(move[:0], coins...), x)
			for _, q := range r.parts[:i] {
				if q.allows(move) {
					return true
				}
			}
			if !withCoins {
				coins = nil
			}
			return visit(coins, sum)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// errStop reports a walk stopped by its visitor.
var errStop = fmt.Errorf("%w: walk stopped", ErrTooLarge)

// walk visits the moves of one alternative on coin x.
func (p rulePart) walk(x int, g heap.Sequence, withCoins bool, visit func(coins []int, sum int) bool) error {
	low := 1 // the leftmost coin a move may turn
	if p.span > 0 {
		low = max(1, x-p.span+1)
	}
	if p.first && low > 1 {
		return nil
	}
	if p.lo <= 1 && (!p.first || x == 1) && !visit(nil, 0) {
		return errStop
	}
	switch p.spacing {
	case 'C':
		var coins []int // coins[i] = i+1: the move of m coins turns coins[x-m : x-1] and x
		if withCoins {
			coins = make([]int, x-1)
			for i := range coins {
				coins[i] = i + 1
			}
		}
		sum := 0
		for m := 2; m <= min(p.hi, x-low+1); m++ {
			a := x - m + 1
			sum ^= g[a]
			if m < p.lo || p.first && a != 1 {
				continue
			}
			var run []int
			if withCoins {
				run = coins[a-1 : x-1 : x-1]
			}
			if !visit(run, sum) {
				return errStop
			}
		}
	case 'E':
		var coins []int
		for d := 1; x-d >= low; d++ {
			sum := 0
			for m := 2; m <= p.hi && x-(m-1)*d >= low; m++ {
				a := x - (m-1)*d
				sum ^= g[a]
				if m < p.lo || p.first && a != 1 {
					continue
				}
				if withCoins {
					coins = coins[:0]
					for c := a; c < x; c += d {
						coins = append(coins, c)
					}
				}
				if !visit(coins, sum) {
					return errStop
				}
			}
		}
	case 'S':
		for a := low; a < x; a++ {
			if p.first && a != 1 {
				break
			}
			if !symmetric(p, a, x, g, withCoins, visit) {
				return errStop
			}
		}
	default:
		if !subsets(p, low, x, g, visit) {
			return errStop
		}
	}
	return nil
}

// symmetric visits the symmetric moves with outer coins a < x: pairs
// (a+t, x-t) taken or not, and the centre coin if there is one.
func symmetric(p rulePart, a, x int, g heap.Sequence, withCoins bool, visit func([]int, int) bool) bool {
	left := []int{a}
	var right []int // the right halves of the pairs taken, outermost first
	var coins []int
	emit := func(sum, centre int) bool {
		if !withCoins {
			return visit(nil, sum)
		}
		coins = append(coins[:0], left...)
		if centre > 0 {
			coins = append(coins, centre)
		}
		for i := len(right) - 1; i >= 0; i-- {
			coins = append(coins, right[i])
		}
		return visit(coins, sum)
	}
	var rec func(t, m, sum int) bool
	rec = func(t, m, sum int) bool {
		if m+1+(x-a-2*t+1) < p.lo {
			return true // even every coin left would not make lo
		}
		if a+t >= x-t {
			// No pair left: the move is complete, with or without a centre.
			if m+1 >= p.lo && m+1 <= p.hi && !emit(sum, 0) {
				return false
			}
			if c := a + t; c == x-t && m+2 >= p.lo && m+2 <= p.hi && !emit(sum^g[c], c) {
				return false
			}
			return true
		}
		if !rec(t+1, m, sum) {
			return false
		}
		if m+3 > p.hi { // the pair and the rightmost coin x
			return true
		}
		left = append(left, a+t)
		right = append(right, x-t)
		ok := rec(t+1, m+2, sum^g[a+t]^g[x-t])
		left, right = left[:len(left)-1], right[:len(right)-1]
		return ok
	}
	// m counts the coins chosen left of x; x itself is the +1 above.
	return rec(1, 1, g[a])
}

// subsets visits the moves turning x and any m-1 coins of [low, x-1], with
// coin 1 among them under F.
func subsets(p rulePart, low, x int, g heap.Sequence, visit func([]int, int) bool) bool {
	var coins []int
	var rec func(next, sum int) bool
	rec = func(next, sum int) bool {
		m := len(coins) + 1
		if m > p.hi {
			return true
		}
		if m >= 2 && m >= p.lo && !visit(coins, sum) {
			return false
		}
		if m >= p.hi || m+x-next < p.lo {
			return true // no room for more coins, or not enough coins left
		}
		for a := next; a < x; a++ {
			coins = append(coins, a)
			ok := rec(a+1, sum^g[a])
			coins = coins[:len(coins)-1]
			if !ok {
				return false
			}
		}
		return true
	}
	if p.first {
		if x == 1 {
			return true
		}
		coins = append(coins, 1)
		return rec(2, g[1])
	}
	return rec(low, 0)
}
