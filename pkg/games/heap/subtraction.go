package heap

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/grundylab/grundy/pkg/games"
	"github.com/grundylab/grundy/pkg/games/internal/gameerr"
)

// ErrSet is wrapped by the errors of sets that are not sets of positive
// integers in increasing order.
var ErrSet = errors.New("invalid subtraction set")

// A Set is a set of positive integers: the amounts a move of a subtraction
// game may take from a heap. It may be finite or infinite; Members lists the
// part that matters for heaps up to a size.
type Set struct {
	name    string
	members func(n int) ([]int, error)
	// finite sets made by Finite know their largest member, 0 if empty.
	finite bool
	max    int
}

// String returns the set's name, such as "squares" or "{1,2,5}".
func (s Set) String() string { return s.name }

// Members returns, in increasing order, the members of s that are at most
// n. Errors name Set.Members and the set.
func (s Set) Members(n int) ([]int, error) {
	m, err := s.upTo(n)
	if err != nil {
		return nil, gameerr.New("heap.Set.Members", s.name, err)
	}
	return m, nil
}

// upTo is Members with the cause of its error.
func (s Set) upTo(n int) ([]int, error) {
	if s.members == nil {
		return nil, fmt.Errorf("%w: zero Set", ErrSet)
	}
	return s.members(n)
}

// Finite returns the set of the given amounts, which must be positive. Order
// and repeats do not matter. Errors name Finite and the amounts.
func Finite(amounts ...int) (Set, error) {
	s, err := finite(amounts)
	if err != nil {
		return Set{}, gameerr.New("heap.Finite", fmt.Sprint(amounts), err)
	}
	return s, nil
}

func finite(amounts []int) (Set, error) {
	m := slices.Clone(amounts)
	slices.Sort(m)
	m = slices.Compact(m)
	if len(m) > 0 && m[0] < 1 {
		return Set{}, fmt.Errorf("%w: amount %d is not positive", ErrSet, m[0])
	}
	name := "{"
	for i, v := range m {
		if i > 0 {
			name += ","
		}
		name += fmt.Sprint(v)
	}
	name += "}"
	largest := 0
	if len(m) > 0 {
		largest = m[len(m)-1]
	}
	return Set{name: name, finite: true, max: largest, members: func(n int) ([]int, error) {
		i, _ := slices.BinarySearch(m, n+1)
		return m[:i:i], nil
	}}, nil
}

// AllBut returns the set of the positive integers other than the given
// amounts, which must be positive: the "all-but" subtraction games, whose
// moves take any number of tokens except those. Their values grow without
// bound (they are arithmetic-periodic), so they have no period to prove.
// Errors name AllBut and the amounts.
func AllBut(amounts ...int) (Set, error) {
	except, err := finite(amounts)
	if err != nil {
		return Set{}, gameerr.New("heap.AllBut", fmt.Sprint(amounts), err)
	}
	skip, _ := except.upTo(except.max)
	return Set{name: "all but " + except.name, members: func(n int) ([]int, error) {
		m := make([]int, 0, max(n-len(skip), 0))
		i := 0
		for k := 1; k <= n; k++ {
			if i < len(skip) && skip[i] == k {
				i++
				continue
			}
			m = append(m, k)
		}
		return m, nil
	}}, nil
}

// Max returns the largest member of a set made by Finite (0 if it is empty)
// and true; for any other set, which may be infinite, it returns 0 and
// false.
func (s Set) Max() (int, bool) {
	return s.max, s.finite
}

// Increasing returns the infinite set {f(1), f(2), ...} for a strictly
// increasing f with f(1) >= 1, such as the squares i*i. Members reports an
// error if f fails to increase or overflows before passing n.
func Increasing(name string, f func(i int) int) Set {
	return Set{name: name, members: func(n int) ([]int, error) {
		var m []int
		prev := 0
		for i := 1; ; i++ {
			v := f(i)
			if v <= prev {
				return nil, fmt.Errorf("%w: term %d is %d after %d, not increasing", ErrSet, i, v, prev)
			}
			if v > n {
				return m, nil
			}
			m = append(m, v)
			prev = v
		}
	}}
}

// Predicate returns the set of positive integers k with in(k).
func Predicate(name string, in func(k int) bool) Set {
	return Set{name: name, members: func(n int) ([]int, error) {
		var m []int
		for k := 1; k <= n; k++ {
			if in(k) {
				m = append(m, k)
			}
		}
		return m, nil
	}}
}

// Squares returns the set of positive squares 1, 4, 9, ...
func Squares() Set {
	return Increasing("squares", func(i int) int { return mulOrMax(i, i) })
}

// Triangular returns the set of triangular numbers 1, 3, 6, 10, ...
func Triangular() Set {
	return Increasing("triangular numbers", func(i int) int { return mulOrMax(i, i+1) / 2 })
}

// Powers returns the set of powers b^0, b^1, b^2, ... of a base b >= 2.
// Errors name Powers and b.
func Powers(b int) (Set, error) {
	if b < 2 {
		return Set{}, gameerr.New("heap.Powers", strconv.Itoa(b), fmt.Errorf("%w: base %d, want at least 2", ErrSet, b))
	}
	return Increasing(fmt.Sprintf("powers of %d", b), func(i int) int {
		v := 1
		for range i - 1 {
			v = mulOrMax(v, b)
		}
		return v
	}), nil
}

// Primes returns the set of prime numbers 2, 3, 5, 7, ...
func Primes() Set {
	return Set{name: "primes", members: func(n int) ([]int, error) {
		if n < 2 {
			return nil, nil
		}
		composite := make([]bool, n+1)
		var m []int
		for k := 2; k <= n; k++ {
			if composite[k] {
				continue
			}
			m = append(m, k)
			for j := k * k; j <= n && j > 0; j += k {
				composite[j] = true
			}
		}
		return m, nil
	}}
}

// mulOrMax returns a*b for non-negative a and b, or math.MaxInt if that
// overflows: past every heap size, which ends an increasing set's listing.
func mulOrMax(a, b int) int {
	if a != 0 && b > math.MaxInt/a {
		return math.MaxInt
	}
	return a * b
}

// Subtraction returns g(0), ..., g(n) for the subtraction game whose moves
// take an amount in s from one heap. Errors name Subtraction and the set.
func Subtraction(s Set, n int) (Sequence, error) {
	g, err := subtraction(s, n)
	if err != nil {
		return nil, gameerr.New("heap.Subtraction", s.name, err)
	}
	return g, nil
}

func subtraction(s Set, n int) (Sequence, error) {
	if err := checkSize(n); err != nil {
		return nil, err
	}
	moves, err := s.upTo(n)
	if err != nil {
		return nil, err
	}
	g := make(Sequence, n+1)
	h := subtractSmall(g, moves)
	var mex games.Mexer
	avail := 0 // moves[:avail] are the amounts at most h
	for ; h <= n; h++ {
		for avail < len(moves) && moves[avail] <= h {
			avail++
		}
		mex.Reset()
		for _, m := range moves[:avail] {
			mex.Add(g[h-m])
		}
		g[h] = mex.Mex()
	}
	return g, nil
}

// subtractSmall fills g while every value stays below 256, reading a compact
// byte copy of the values (eight times less cache than g) and marking option
// values in a stamp table indexed by a byte, so the hot loop has no bounds
// checks and no read-modify-write chains. This is the hot loop of every
// subtraction game met in practice. It returns the first heap it did not fill.
func subtractSmall(g Sequence, moves []int) int {
	small := make([]uint8, len(g))
	var stamp [256]uint32
	avail := 0
	for h := 1; h < len(g); h++ {
		for avail < len(moves) && moves[avail] <= h {
			avail++
		}
		cur := uint32(h)
		past := small[:h] // options h-m for m in 1..h index this prefix
		for _, m := range moves[:avail] {
			stamp[past[h-m]] = cur
		}
		v := 0
		for v < len(stamp) && stamp[v] == cur {
			v++
		}
		if v == len(stamp) {
			return h
		}
		small[h] = uint8(v)
		g[h] = v
	}
	return len(g)
}
