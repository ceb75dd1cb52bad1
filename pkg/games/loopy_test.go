package games

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/grundylab/grundy/pkg/games/internal/referee"
)

// loopyRandomGraph returns the move function of a random directed graph on n
// vertices, each with up to maxDeg options; cycles and self-loops occur.
func loopyRandomGraph(r *rand.Rand, n, maxDeg int) [][]int {
	g := make([][]int, n)
	for v := range g {
		d := r.IntN(maxDeg + 1)
		for range d {
			g[v] = append(g[v], r.IntN(n))
		}
	}
	return g
}

// loopyGraphFromBytes builds a graph for the fuzz test: the first byte is the
// number of vertices, then pairs of bytes are edges.
func loopyGraphFromBytes(data []byte) [][]int {
	if len(data) == 0 {
		return [][]int{nil}
	}
	n := int(data[0])%12 + 1
	g := make([][]int, n)
	for i := 1; i+1 < len(data) && i < 80; i += 2 {
		u, v := int(data[i])%n, int(data[i+1])%n
		g[u] = append(g[u], v)
	}
	return g
}

// loopyRetrograde returns the outcome of every vertex of a finite graph played
// directly: a vertex without options is lost; one with a lost option is won;
// one whose options are all won is lost; the rest are draws.
func loopyRetrograde(succ [][]int) []Outcome {
	n := len(succ)
	pred := make([][]int, n)
	left := make([]int, n)
	for u, opts := range succ {
		left[u] = len(opts)
		for _, v := range opts {
			pred[v] = append(pred[v], u)
		}
	}
	out := make([]Outcome, n)
	done := make([]bool, n)
	var queue []int
	for u := range succ {
		if left[u] == 0 {
			out[u], done[u] = PreviousWins, true
			queue = append(queue, u)
		}
	}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, u := range pred[v] {
			if done[u] {
				continue
			}
			if out[v] == PreviousWins {
				out[u], done[u] = NextWins, true
				queue = append(queue, u)
				continue
			}
			left[u]--
			if left[u] == 0 {
				out[u], done[u] = PreviousWins, true
				queue = append(queue, u)
			}
		}
	}
	for u := range out {
		if !done[u] {
			out[u] = Draw
		}
	}
	return out
}

// loopySumGraph returns the graph of the sum of the given graphs, whose vertices
// are the tuples of their vertices numbered in mixed radix.
func loopySumGraph(parts ...[][]int) [][]int {
	n := 1
	for _, p := range parts {
		n *= len(p)
	}
	succ := make([][]int, n)
	for x := range n {
		rest, weight := x, 1
		for _, p := range parts {
			v := rest % len(p)
			rest /= len(p)
			for _, w := range p[v] {
				succ[x] = append(succ[x], x+(w-v)*weight)
			}
			weight *= len(p)
		}
	}
	return succ
}

func loopyValues(t testing.TB, g [][]int) []LoopyValue {
	t.Helper()
	s := NewLoopySolver(func(v int) []int { return g[v] }, 1000)
	vals := make([]LoopyValue, len(g))
	// Ask in a scattered order, so later calls start from known positions.
	for i := range g {
		v := (i * 7) % len(g)
		if len(g)%7 == 0 {
			v = i
		}
		val, err := s.Value(v)
		if err != nil {
			t.Fatal(err)
		}
		vals[v] = val
	}
	return vals
}

// checkLoopyDefinition checks Smith's definition of the values directly.
func checkLoopyDefinition(t testing.TB, g [][]int, vals []LoopyValue) {
	t.Helper()
	for u, opts := range g {
		v := vals[u]
		finite := map[int]bool{}
		for _, w := range opts {
			if n, ok := vals[w].Nim(); ok {
				finite[n] = true
			}
		}
		if !v.IsFinite() {
			for _, n := range v.K() {
				if !finite[n] {
					t.Fatalf("graph %v: vertex %d = %v but no option has %d", g, u, v, n)
				}
			}
			if len(v.K()) != len(finite) {
				t.Fatalf("graph %v: vertex %d = %v, option values %v", g, u, v, finite)
			}
			continue
		}
		m := v.n
		if finite[m] {
			t.Fatalf("graph %v: vertex %d = %d has an option of value %d", g, u, m, m)
		}
		for j := range m {
			if !finite[j] {
				t.Fatalf("graph %v: vertex %d = %d has no option of value %d", g, u, m, j)
			}
		}
		for _, w := range opts {
			if n, ok := vals[w].Nim(); ok && n < m {
				continue
			}
			back := false
			for _, x := range g[w] {
				if n, ok := vals[x].Nim(); ok && n == m {
					back = true
				}
			}
			if !back {
				t.Fatalf("graph %v: vertex %d = %d, option %d = %v cannot move back to %d", g, u, m, w, vals[w], m)
			}
		}
	}
}

func checkLoopySums(t testing.TB, parts ...[][]int) {
	t.Helper()
	vals := make([][]LoopyValue, len(parts))
	for i, p := range parts {
		vals[i] = loopyValues(t, p)
		checkLoopyDefinition(t, p, vals[i])
	}
	direct := loopyRetrograde(loopySumGraph(parts...))
	for x, want := range direct {
		rest := x
		vs := make([]LoopyValue, len(parts))
		for i, p := range parts {
			vs[i] = vals[i][rest%len(p)]
			rest /= len(p)
		}
		if got := SumOutcome(vs...); got != want {
			t.Fatalf("graphs %v: sum of %v: SumOutcome %v, direct play %v", parts, vs, got, want)
		}
	}
}

func TestLoopySumsAgainstDirectPlay(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 1))
	for trial := range 300 {
		n1, n2 := 1+r.IntN(9), 1+r.IntN(9)
		a, b := loopyRandomGraph(r, n1, 3), loopyRandomGraph(r, n2, 3)
		checkLoopySums(t, a)
		checkLoopySums(t, a, b)
		if trial%3 == 0 {
			checkLoopySums(t, a, b, loopyRandomGraph(r, 1+r.IntN(6), 2))
		}
	}
}

func TestLoopyAcyclicIsGrundy(t *testing.T) {
	// On a game without cycles every value is finite and is the Grundy value.
	take := referee.Take(1, 3, 4)
	ls, s := NewLoopySolver(take, 1000), NewSolver(take, 0)
	for h := 60; h >= 0; h -= 7 {
		lv, err := ls.Value(h)
		if err != nil {
			t.Fatal(err)
		}
		g, _ := s.Grundy(h)
		if n, ok := lv.Nim(); !ok || n != g {
			t.Errorf("heap %d: loopy value %v, Grundy value %d", h, lv, g)
		}
	}
}

func TestLoopyValueString(t *testing.T) {
	for _, tc := range []struct {
		v    LoopyValue
		want string
	}{
		{FiniteValue(3), "3"},
		{LoopyValue{}, "0"},
		{InfiniteValue(2, 0, 2), "∞{0,2}"},
		{InfiniteValue(), "∞{}"},
	} {
		if got := tc.v.String(); got != tc.want {
			t.Errorf("String = %q, want %q", got, tc.want)
		}
	}
	if PreviousWins.String() != "P" || NextWins.String() != "N" || Draw.String() != "D" || Outcome(9).String() != "Outcome(9)" {
		t.Error("Outcome strings")
	}
}

func TestSumOutcomeRule(t *testing.T) {
	for _, tc := range []struct {
		vs   []LoopyValue
		want Outcome
	}{
		{nil, PreviousWins},
		{[]LoopyValue{FiniteValue(3), FiniteValue(3)}, PreviousWins},
		{[]LoopyValue{FiniteValue(3), FiniteValue(1)}, NextWins},
		{[]LoopyValue{InfiniteValue(0, 2), FiniteValue(2)}, NextWins},
		{[]LoopyValue{InfiniteValue(0, 2), FiniteValue(1)}, Draw},
		{[]LoopyValue{InfiniteValue(0)}, NextWins},
		{[]LoopyValue{InfiniteValue(1)}, Draw},
		{[]LoopyValue{InfiniteValue(0), InfiniteValue(0)}, Draw},
	} {
		if got := SumOutcome(tc.vs...); got != tc.want {
			t.Errorf("SumOutcome(%v) = %v, want %v", tc.vs, got, tc.want)
		}
	}
}

func TestLoopyErrors(t *testing.T) {
	cycle := func(n int) []int { return []int{n + 1} } // an endless line
	if _, err := NewLoopySolver(cycle, 100).Value(0); !errors.Is(err, ErrLimit) {
		t.Errorf("endless game: error %v, want ErrLimit", err)
	}
	for _, limit := range []int{0, -5} {
		if _, err := NewLoopySolver(cycle, limit).Value(0); !errors.Is(err, ErrLoopy) {
			t.Errorf("limit %d: error %v, want ErrLoopy", limit, err)
		}
	}
	if _, err := NewLoopySolver[int](nil, 10).Value(0); !errors.Is(err, ErrLoopy) {
		t.Errorf("nil moves: error %v, want ErrLoopy", err)
	}
}

func TestLoopyDeep(t *testing.T) {
	// A ring of 200000 positions with an exit to a terminal position from
	// every third: deep enough to break a recursive solver.
	const n = 200_000
	moves := func(v int) []int {
		if v == n {
			return nil
		}
		if v%3 == 0 {
			return []int{(v + 1) % n, n}
		}
		return []int{(v + 1) % n}
	}
	s := NewLoopySolver(moves, n+1)
	v, err := s.Value(0)
	if err != nil {
		t.Fatal(err)
	}
	// Position 0 moves to the terminal position (value 0) and to 1, which
	// can only move on to 2, which can only move on to 3 = 0 mod 3 ...
	g := make([][]int, n+1)
	for i := range g {
		g[i] = moves(i)
	}
	direct := loopyRetrograde(g)
	if v.Outcome() != direct[0] {
		t.Errorf("ring: value %v gives %v, direct play %v", v, v.Outcome(), direct[0])
	}
}

func FuzzLoopySum(f *testing.F) {
	f.Add([]byte{3, 0, 1, 1, 2, 2, 0}, []byte{2, 0, 1, 1, 0})
	f.Add([]byte{5, 0, 0, 1, 2, 3, 4, 4, 1}, []byte{1})
	f.Fuzz(func(t *testing.T, a, b []byte) {
		checkLoopySums(t, loopyGraphFromBytes(a), loopyGraphFromBytes(b))
	})
}

func ExampleLoopySolver() {
	// Positions 0..3: 0 is terminal, 1 -> 0, 2 <-> 3 and 3 -> 1.
	g := [][]int{{}, {0}, {3}, {2, 1}}
	s := NewLoopySolver(func(v int) []int { return g[v] }, 100)
	for v := range g {
		val, _ := s.Value(v)
		fmt.Println(v, val, val.Outcome())
	}
	// Output:
	// 0 0 P
	// 1 1 N
	// 2 ∞{} D
	// 3 ∞{1} D
}

func BenchmarkLoopySolver(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		r := rand.New(rand.NewPCG(uint64(n), 2))
		g := loopyRandomGraph(r, n, 4)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				s := NewLoopySolver(func(v int) []int { return g[v] }, n+1)
				for v := 0; v < n; v += n / 10 {
					if _, err := s.Value(v); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

func ExampleSumOutcome() {
	// ∞{0,2} plus *2: move the infinite part to 2, leaving 2+2 = 0.
	fmt.Println(SumOutcome(InfiniteValue(0, 2), FiniteValue(2)))
	// ∞{0,2} plus *1: neither player can force a win.
	fmt.Println(SumOutcome(InfiniteValue(0, 2), FiniteValue(1)))
	fmt.Println(SumOutcome(FiniteValue(5), FiniteValue(5)))
	// Output:
	// N
	// D
	// P
}
