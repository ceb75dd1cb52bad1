package games

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// ErrLoopy is wrapped by the errors of a LoopySolver built with an invalid
// move function or limit.
var ErrLoopy = errors.New("invalid loopy solver")

// A LoopyValue is the generalised Sprague–Grundy value of a position of a
// game that may have cycles (C. A. B. Smith, "Graphs and composite games",
// J. Combin. Theory 1 (1966); A. S. Fraenkel and Y. Yesha, "The generalized
// Sprague–Grundy function and its invariance under certain mappings",
// J. Combin. Theory A 43 (1986)).
//
// It is either finite, a number n that behaves in sums like the Nim heap *n,
// or infinite, written ∞_K where K is the set of finite values among the
// position's options. A position of value 0 is lost for the player to move; a
// position of value ∞_K is won if 0 is in K and drawn otherwise; every other
// position is won. The zero LoopyValue is the finite value 0.
type LoopyValue struct {
	inf bool
	n   int   // the finite value
	k   []int // K of an infinite value: increasing, without repeats
}

// FiniteValue returns the finite value n. It panics if n is negative, a
// programming error.
func FiniteValue(n int) LoopyValue {
	if n < 0 {
		panic("games: negative loopy value")
	}
	return LoopyValue{n: n}
}

// InfiniteValue returns the value ∞_K with K the given finite values (in any
// order, repeats ignored). It panics if one is negative, a programming error.
func InfiniteValue(k ...int) LoopyValue {
	set := slices.Clone(k)
	slices.Sort(set)
	set = slices.Compact(set)
	if len(set) > 0 && set[0] < 0 {
		panic("games: negative value in ∞_K")
	}
	return LoopyValue{inf: true, k: set}
}

// IsFinite reports whether v is a finite value.
func (v LoopyValue) IsFinite() bool { return !v.inf }

// Nim returns the finite value and true, or 0 and false for an infinite one.
func (v LoopyValue) Nim() (int, bool) { return v.n, !v.inf }

// K returns a copy of the set K of an infinite value ∞_K, in increasing
// order; nil for a finite value.
func (v LoopyValue) K() []int {
	if !v.inf {
		return nil
	}
	return slices.Clone(v.k)
}

// hasK reports whether n is in K.
func (v LoopyValue) hasK(n int) bool {
	_, ok := slices.BinarySearch(v.k, n)
	return v.inf && ok
}

// Equal reports whether v and w are the same value.
func (v LoopyValue) Equal(w LoopyValue) bool {
	return v.inf == w.inf && v.n == w.n && slices.Equal(v.k, w.k)
}

// Outcome returns the outcome of a position of value v alone:
// SumOutcome(v).
func (v LoopyValue) Outcome() Outcome { return SumOutcome(v) }

// String formats v as "3" or "∞{0,2}" ("∞{}" for K empty).
func (v LoopyValue) String() string {
	if !v.inf {
		return strconv.Itoa(v.n)
	}
	var b strings.Builder
	b.WriteString("∞{")
	for i, n := range v.k {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(n))
	}
	b.WriteByte('}')
	return b.String()
}

// SumOutcome returns the outcome of a sum of positions with the given values
// (Smith 1966; Fraenkel–Yesha 1986, the sum theorem): if all are finite, the
// sum has the XOR of the values, and it is lost for the player to move
// exactly when that is 0; if exactly one is infinite, ∞_K, and a is the XOR
// of the others, the player to move wins if a is in K (move that component to
// a, leaving a sum of value 0) and otherwise neither player can force a win;
// two or more infinite components make the sum a draw. The sum of no values
// is the empty game, lost for the player to move.
func SumOutcome(values ...LoopyValue) Outcome {
	x, infinite := 0, -1
	for i, v := range values {
		if !v.inf {
			x ^= v.n
			continue
		}
		if infinite >= 0 {
			return Draw
		}
		infinite = i
	}
	switch {
	case infinite >= 0 && values[infinite].hasK(x):
		return NextWins
	case infinite >= 0:
		return Draw
	case x == 0:
		return PreviousWins
	}
	return NextWins
}

// A LoopySolver computes generalised Sprague–Grundy values of the positions
// of one impartial game whose graph may have cycles, remembering every value
// it has found. It is not safe for concurrent use.
type LoopySolver[P comparable] struct {
	moves func(P) []P
	limit int
	value map[P]LoopyValue
}

// NewLoopySolver returns a LoopySolver for the game whose options from a
// position p are moves(p). The solver explores at most limit positions in
// all; a limit <= 0 or a nil move function makes every call of Value return
// an error wrapping ErrLoopy.
func NewLoopySolver[P comparable](moves func(P) []P, limit int) *LoopySolver[P] {
	return &LoopySolver[P]{moves: moves, limit: limit, value: make(map[P]LoopyValue)}
}

// Len returns the number of positions whose value the solver knows.
func (s *LoopySolver[P]) Len() int { return len(s.value) }

// Value returns the generalised Sprague–Grundy value of p. The error wraps
// ErrLimit if the positions reachable from p (beyond those already known)
// outnumber what the limit leaves, and ErrLoopy if the solver was built with
// a nil move function or a limit <= 0.
//
// Value labels the graph of the positions reachable from p in rounds, in the
// manner of Fraenkel and Yesha: round m gives the value m to every position
// that has options of every value below m, no option of value m, and whose
// every unlabelled option can move to a position of value m; it grows that
// set like a retrograde analysis, with a counter per position, so a round
// costs time linear in the number of moves. Positions left unlabelled when no
// position can take the next value are infinite.
func (s *LoopySolver[P]) Value(p P) (LoopyValue, error) {
	v, err := s.solve(p)
	if err != nil {
		return LoopyValue{}, &Error{Func: "games.LoopySolver.Value", Input: fmt.Sprint(p), Err: err}
	}
	return v, nil
}

func (s *LoopySolver[P]) solve(p P) (LoopyValue, error) {
	if s.moves == nil {
		return LoopyValue{}, fmt.Errorf("%w: nil move function", ErrLoopy)
	}
	if s.limit <= 0 {
		return LoopyValue{}, fmt.Errorf("%w: position limit %d", ErrLoopy, s.limit)
	}
	if v, ok := s.value[p]; ok {
		return v, nil
	}
	g, err := s.explore(p)
	if err != nil {
		return LoopyValue{}, err
	}
	g.label()
	for i, q := range g.pos {
		if i < g.fresh {
			s.value[q] = g.result(i)
		}
	}
	return s.value[p], nil
}

// loopyGraph is the part of a game graph that Value labels: positions
// 0..fresh-1 are new, the rest are positions whose values were known before
// (they are not expanded: their values are final).
type loopyGraph[P comparable] struct {
	pos   []P
	fresh int
	known []LoopyValue // known[i-fresh] for a known position i
	// The options of new position i are succ[start[i]:start[i+1]]; pred
	// lists, the same way, the new positions that move to each position.
	start, succ   []int32
	pstart, preds []int32
	val           []int32 // finite value, or -1 while unlabelled
}

const loopyUnlabelled = -1

// explore lists the positions reachable from p that the solver does not
// know yet, breadth first, with their moves.
func (s *LoopySolver[P]) explore(p P) (*loopyGraph[P], error) {
	index := map[P]int32{p: 0}
	g := &loopyGraph[P]{pos: []P{p}}
	var edges [][]int32
	var knownPos []P
	knownIndex := map[P]int32{}
	for i := 0; i < len(g.pos); i++ {
		opts := s.moves(g.pos[i])
		e := make([]int32, len(opts))
		for j, q := range opts {
			if _, ok := s.value[q]; ok {
				k, seen := knownIndex[q]
				if !seen {
					k = int32(len(knownPos))
					knownIndex[q] = k
					knownPos = append(knownPos, q)
				}
				e[j] = -1 - k // resolved below, once the new positions are counted
				continue
			}
			k, seen := index[q]
			if !seen {
				if len(s.value)+len(g.pos) >= s.limit {
					return nil, fmt.Errorf("%w: more than %d positions", ErrLimit, s.limit)
				}
				k = int32(len(g.pos))
				if int(k) != len(g.pos) {
					return nil, fmt.Errorf("%w: more than %d positions", ErrLimit, int32(len(g.pos)-1))
				}
				index[q] = k
				g.pos = append(g.pos, q)
			}
			e[j] = k
		}
		edges = append(edges, e)
	}
	g.fresh = len(g.pos)
	for _, q := range knownPos {
		g.pos = append(g.pos, q)
		g.known = append(g.known, s.value[q])
	}
	n := len(g.pos)
	g.start = make([]int32, g.fresh+1)
	indeg := make([]int32, n+1)
	for i, e := range edges {
		for j, k := range e {
			if k < 0 {
				k = int32(g.fresh) - 1 - k
				e[j] = k
			}
			indeg[k+1]++
		}
		g.start[i+1] = g.start[i] + int32(len(e))
		g.succ = append(g.succ, e...)
	}
	for i := 1; i <= n; i++ {
		indeg[i] += indeg[i-1]
	}
	g.pstart = slices.Clone(indeg)
	g.preds = make([]int32, len(g.succ))
	for i := range g.fresh {
		for _, k := range g.succ[g.start[i]:g.start[i+1]] {
			g.preds[indeg[k]] = int32(i)
			indeg[k]++
		}
	}
	return g, nil
}

func (g *loopyGraph[P]) options(i int32) []int32 { return g.succ[g.start[i]:g.start[i+1]] }
func (g *loopyGraph[P]) movers(i int32) []int32  { return g.preds[g.pstart[i]:g.pstart[i+1]] }

// label runs the rounds. In round m, a new position is eligible if it has
// options of every value below m; it is marked once it has an option of
// value m (so it cannot take the value m itself); cnt counts its unlabelled,
// unmarked options, which must all become marked before it may take m.
func (g *loopyGraph[P]) label() {
	n := len(g.pos)
	g.val = make([]int32, n)
	for i := range g.val {
		g.val[i] = loopyUnlabelled
	}
	for i := g.fresh; i < n; i++ {
		if v := g.known[i-g.fresh]; !v.inf {
			g.val[i] = int32(v.n)
		}
	}
	eligible := make([]bool, g.fresh)
	for i := range eligible {
		eligible[i] = true
	}
	marked := make([]bool, n)
	cnt := make([]int32, g.fresh)
	var queue []int32
	for m := int32(0); ; m++ {
		active := false
		clear(marked)
		// A known option valued m marks the new positions that can move
		// to it.
		for i := g.fresh; i < n; i++ {
			v := g.known[i-g.fresh]
			switch {
			case v.hasK(int(m)):
				// It stays unlabelled but can move to m, like a marked one.
				marked[i] = true
			case !v.inf && int32(v.n) == m:
				for _, w := range g.movers(int32(i)) {
					marked[w] = true
				}
			}
		}
		for i := range g.fresh {
			if g.val[i] != loopyUnlabelled || !eligible[i] {
				continue
			}
			active = true
			c := int32(0)
			for _, k := range g.options(int32(i)) {
				if g.val[k] == loopyUnlabelled && !marked[k] {
					c++
				}
			}
			cnt[i] = c
			if c == 0 && !marked[i] {
				queue = append(queue, int32(i))
			}
		}
		if !active {
			return
		}
		for len(queue) > 0 {
			u := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			if marked[u] || g.val[u] != loopyUnlabelled {
				continue
			}
			g.val[u] = m
			for _, w := range g.movers(u) {
				if marked[w] || g.val[w] != loopyUnlabelled {
					continue
				}
				marked[w] = true
				for _, x := range g.movers(w) {
					if g.val[x] != loopyUnlabelled || marked[x] || !eligible[x] {
						continue
					}
					cnt[x]--
					if cnt[x] == 0 {
						queue = append(queue, x)
					}
				}
			}
		}
		// Eligible for round m+1: still unlabelled and has an option of
		// value m, which is exactly being marked in round m.
		for i := range g.fresh {
			eligible[i] = eligible[i] && g.val[i] == loopyUnlabelled && marked[i]
		}
	}
}

// result returns the value of new position i after labelling.
func (g *loopyGraph[P]) result(i int) LoopyValue {
	if l := g.val[i]; l != loopyUnlabelled {
		return LoopyValue{n: int(l)}
	}
	var k []int
	for _, j := range g.options(int32(i)) {
		if l := g.val[j]; l != loopyUnlabelled {
			k = append(k, int(l))
		}
	}
	slices.Sort(k)
	return LoopyValue{inf: true, k: slices.Compact(k)}
}
