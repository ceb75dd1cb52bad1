package piles

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/games"
)

// bruteP decides every position with piles at most n by the generic solver,
// playing the game from its move vectors alone, and returns the P-positions in
// lexicographic order (only the sorted ones when sorted is set).
func bruteP(t *testing.T, g *Game, n int, sorted bool) [][]int {
	t.Helper()
	k := g.Piles()
	decode := func(code int) []int {
		p := make([]int, k)
		for i := k - 1; i >= 0; i-- {
			p[i] = code % (n + 1)
			code /= n + 1
		}
		return p
	}
	encode := func(p []int) int {
		code := 0
		for _, x := range p {
			code = code*(n+1) + x
		}
		return code
	}
	vs := g.Moves()
	moves := func(code int) []int {
		p := decode(code)
		var opts []int
		for _, v := range vs {
			q := slices.Clone(p)
			for {
				for i := range q {
					q[i] -= v[i]
				}
				if slices.Min(q) < 0 {
					break
				}
				opts = append(opts, encode(q))
			}
		}
		return opts
	}
	s := games.NewSolver(moves, 0)
	var ps [][]int
	total := 1
	for range k {
		total *= n + 1
	}
	for code := range total {
		p := decode(code)
		if sorted && !slices.IsSorted(p) {
			continue
		}
		v, err := s.Grundy(code)
		if err != nil {
			t.Fatal(err)
		}
		if v == 0 {
			ps = append(ps, p)
		}
	}
	return ps
}

func collect(t *testing.T, g *Game, n int) [][]int {
	t.Helper()
	seq, err := g.PPositions(n)
	if err != nil {
		t.Fatal(err)
	}
	var ps [][]int
	for p := range seq {
		ps = append(ps, slices.Clone(p))
	}
	return ps
}

func mustNew(t testing.TB, moves ...string) *Game {
	t.Helper()
	var vs [][]int
	for _, m := range moves {
		v := make([]int, len(m))
		for i, c := range m {
			v[i] = int(c - '0')
		}
		vs = append(vs, v)
	}
	g, err := New(vs...)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func mustSubsets(t testing.TB, k int) *Game {
	t.Helper()
	g, err := Subsets(k)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestPPositionsAgainstSolver(t *testing.T) {
	tests := []struct {
		name string
		g    *Game
		n    int
	}{
		{"nim", mustSubsets(t, 1), 9},
		{"wythoff", Wythoff(), 40},
		{"subsets2", mustSubsets(t, 2), 40},
		{"pe260", mustSubsets(t, 3), 14},
		{"subsets4", mustSubsets(t, 4), 6},
		{"pairs3", mustNew(t, "110", "101", "011"), 12},
		{"singles-and-all3", mustNew(t, "100", "010", "001", "111"), 12},
		{"one-then-pair", mustNew(t, "100", "011"), 12},
		{"no-last-single", mustNew(t, "110", "011"), 12},
		{"lopsided2", mustNew(t, "01", "11"), 30},
		{"last-only", mustNew(t, "01"), 20},
		{"first-only", mustNew(t, "10"), 20},
		{"mixed4", mustNew(t, "1000", "0110", "1111", "0001"), 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := collect(t, tt.g, tt.n)
			want := bruteP(t, tt.g, tt.n, tt.g.Symmetric())
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Errorf("%v, n = %d: got %d P-positions %v,\nsolver finds %d: %v", tt.g, tt.n, len(got), got, len(want), want)
			}
		})
	}
}

// TestPPositionsRandomGames checks random sets of move vectors, symmetric or
// not, against the solver.
func TestPPositionsRandomGames(t *testing.T) {
	r := rand.New(rand.NewPCG(260, 1))
	for trial := range 60 {
		k := 1 + r.IntN(4)
		var moves [][]int
		for mask := 1; mask < 1<<k; mask++ {
			if r.IntN(2) == 0 {
				continue
			}
			v := make([]int, k)
			for i := range k {
				v[i] = mask >> i & 1
			}
			moves = append(moves, v)
		}
		if len(moves) == 0 {
			continue
		}
		g, err := New(moves...)
		if err != nil {
			t.Fatal(err)
		}
		n := []int{25, 25, 9, 4}[k-1]
		got := collect(t, g, n)
		want := bruteP(t, g, n, g.Symmetric())
		if !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("trial %d: %v, n = %d: got %v, solver finds %v", trial, g, n, got, want)
		}
	}
}

// wythoffPairs lists Wythoff's P-positions (a, b) with a <= b <= n by the
// greedy characterisation: a is the least number not yet used, b = a + i for
// the i-th pair; an independent check on WythoffPair's closed form.
func wythoffPairs(n int) [][2]int {
	used := map[int]bool{}
	var pairs [][2]int
	for i, a := 0, 0; ; i++ {
		for used[a] {
			a++
		}
		b := a + i
		if b > n {
			return pairs
		}
		used[a], used[b] = true, true
		pairs = append(pairs, [2]int{a, b})
	}
}

func TestWythoff(t *testing.T) {
	const n = 5000
	var got [][2]int
	seq, err := Wythoff().PPositions(n)
	if err != nil {
		t.Fatal(err)
	}
	for p := range seq {
		got = append(got, [2]int{p[0], p[1]})
	}
	if want := wythoffPairs(n); !slices.Equal(got, want) {
		t.Fatalf("P-positions up to %d differ from the greedy pairs: %d against %d", n, len(got), len(want))
	}
	for i, p := range got {
		a, b, err := WythoffPair(i)
		if err != nil {
			t.Fatal(err)
		}
		if a != p[0] || b != p[1] {
			t.Errorf("WythoffPair(%d) = (%d, %d), want %v", i, a, b, p)
		}
	}
}

func TestWythoffPairLarge(t *testing.T) {
	// floor(i*phi) for i = 10^k are the leading digits of phi*10^k.
	const phi = "1618033988749894848204586834365638117720"
	for k := range 19 {
		i := 1
		for range k {
			i *= 10
		}
		a, b, err := WythoffPair(i)
		if err != nil {
			t.Fatal(err)
		}
		if want := strings.TrimLeft(phi[:k+1], "0"); fmt.Sprint(a) != want || b != a+i {
			t.Errorf("WythoffPair(%d) = (%d, %d), want a = %s, b = a + i", i, a, b, want)
		}
	}
	if _, _, err := WythoffPair(-1); err == nil {
		t.Error("WythoffPair(-1): no error")
	}
	if _, _, err := WythoffPair(1 << 62); err == nil {
		t.Error("WythoffPair(2^62): no error for a pair beyond int")
	}
}

func TestNew(t *testing.T) {
	tests := []struct {
		moves [][]int
		want  string // substring of the error; empty for success
	}{
		{[][]int{{1, 0}, {0, 1}, {1, 1}}, ""},
		{nil, "none given"},
		{[][]int{{}}, "0 piles"},
		{[][]int{make([]int, MaxPiles+1)}, "17 piles"},
		{[][]int{{1, 0}, {1}}, "has 1 entries"},
		{[][]int{{1, 2}}, "entry 2"},
		{[][]int{{0, 0}}, "takes nothing"},
		{[][]int{{1, 1}, {1, 1}}, "twice"},
	}
	for _, tt := range tests {
		g, err := New(tt.moves...)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("New(%v): %v", tt.moves, err)
		case tt.want == "" && g.String() != "{10 01 11}":
			t.Errorf("New(%v) = %v", tt.moves, g)
		case tt.want != "" && (err == nil || !errors.Is(err, ErrMoves) || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("New(%v): error %v, want one wrapping ErrMoves that says %q", tt.moves, err, tt.want)
		}
	}
	for _, k := range []int{0, -1, MaxPiles + 1} {
		if _, err := Subsets(k); !errors.Is(err, ErrMoves) {
			t.Errorf("Subsets(%d): error %v, want ErrMoves", k, err)
		}
	}
}

func TestSymmetric(t *testing.T) {
	tests := []struct {
		g    *Game
		want bool
	}{
		{Wythoff(), true},
		{mustNew(t, "110", "101", "011"), true},
		{mustNew(t, "110", "101"), false},
		{mustNew(t, "100", "010", "001", "111"), true},
		{mustNew(t, "01", "11"), false},
	}
	for _, tt := range tests {
		if got := tt.g.Symmetric(); got != tt.want {
			t.Errorf("%v.Symmetric() = %v, want %v", tt.g, got, tt.want)
		}
	}
}

func TestOptions(t *testing.T) {
	opts, err := Wythoff().Options([]int{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	want := [][]int{{0, 2}, {1, 1}, {1, 0}, {0, 1}}
	if !slices.EqualFunc(opts, want, slices.Equal) {
		t.Errorf("options of (1, 2) = %v, want %v", opts, want)
	}
	for _, p := range [][]int{{1}, {1, -1}, {1, 2, 3}} {
		if _, err := Wythoff().Options(p); err == nil {
			t.Errorf("Options(%v): no error", p)
		}
	}
}

func TestPPositionsErrors(t *testing.T) {
	g, err := Subsets(3)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.PPositions(-1); err == nil {
		t.Error("n = -1: no error")
	}
	for _, n := range []int{1 << 20, 1 << 40, 1 << 62} {
		if _, err := g.PPositions(n); !errors.Is(err, ErrTooLarge) {
			t.Errorf("n = %d: error %v, want ErrTooLarge", n, err)
		}
	}
	b, err := g.Bytes(10_000)
	if err != nil {
		t.Fatal(err)
	}
	// Four tables (singles, pairs twice, the triple) of 10001 rows of 157 words.
	if want := 4 * (10001*157*8 + 5*8); b != want {
		t.Errorf("Bytes(10000) = %d, want %d", b, want)
	}
}

func TestPPositionsStop(t *testing.T) {
	seq, err := Wythoff().PPositions(1000)
	if err != nil {
		t.Fatal(err)
	}
	var got [][]int
	for p := range seq {
		got = append(got, slices.Clone(p))
		if len(got) == 3 {
			break
		}
	}
	if want := [][]int{{0, 0}, {1, 2}, {3, 5}}; !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("first three = %v, want %v", got, want)
	}
}

// FuzzPPositions builds a game from arbitrary move masks and checks it
// against the solver.
func FuzzPPositions(f *testing.F) {
	f.Add(uint8(3), []byte{1, 2, 3, 4, 5, 6, 7})
	f.Add(uint8(2), []byte{1, 2, 3})
	f.Add(uint8(4), []byte{1, 6, 15, 8})
	f.Fuzz(func(t *testing.T, k uint8, masks []byte) {
		k = 1 + k%4
		var moves [][]int
		for _, m := range masks {
			v := make([]int, k)
			for i := range v {
				v[i] = int(m >> i & 1)
			}
			moves = append(moves, v)
		}
		g, err := New(moves...)
		if err != nil {
			return // empty, zero or repeated vectors: New's errors are tested above
		}
		n := []int{12, 12, 6, 3}[k-1]
		got := collect(t, g, n)
		if want := bruteP(t, g, n, g.Symmetric()); !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("%v, n = %d: got %v, solver finds %v", g, n, got, want)
		}
	})
}

func BenchmarkPPositions(b *testing.B) {
	tests := []struct {
		name string
		g    *Game
		n    int
	}{
		{"wythoff/100000", Wythoff(), 100_000},
		{"subsets3/1000", mustSubsets(b, 3), 1000},
		{"subsets3/3000", mustSubsets(b, 3), 3000},
		{"subsets4/100", mustSubsets(b, 4), 100},
		{"nonsymmetric3/1000", mustNew(b, "100", "010", "011", "111"), 1000},
	}
	for _, tt := range tests {
		b.Run(tt.name, func(b *testing.B) {
			for b.Loop() {
				seq, err := tt.g.PPositions(tt.n)
				if err != nil {
					b.Fatal(err)
				}
				for range seq {
				}
			}
		})
	}
}

func TestSizeLimits(t *testing.T) {
	three, _ := Subsets(3)
	all, _ := Subsets(MaxPiles)
	huge := make([]int, 100_000)
	tests := []struct {
		name string
		g    *Game
		p    []int
	}{
		{"max piles", three, []int{math.MaxInt, math.MaxInt, math.MaxInt}},
		{"many options", three, []int{MaxOptions, 1, 1}},
		{"every vector", all, repeat(1<<10, MaxPiles)},
		{"long position", Wythoff(), huge},
		{"negative", Wythoff(), []int{math.MinInt, 0}},
	}
	for _, tt := range tests {
		_, err := tt.g.Options(tt.p)
		if err == nil {
			t.Errorf("%s: Options accepted", tt.name)
		} else if len(err.Error()) > 200 {
			t.Errorf("%s: error is %d bytes long", tt.name, len(err.Error()))
		}
	}
	// Just below the limit: 3·(MaxOptions/3) options, each listed.
	m := MaxOptions / 3
	opts, err := Wythoff().Options([]int{m, m})
	if err != nil || len(opts) != 3*m {
		t.Errorf("Options(%d, %d): %d options, %v; want %d", m, m, len(opts), err, 3*m)
	}

	sizes := []struct {
		name string
		g    *Game
		n    int
	}{
		{"wythoff 2^30", Wythoff(), 1 << 30},
		{"wythoff 10^7", Wythoff(), 10_000_000},
		{"wythoff max int", Wythoff(), math.MaxInt},
		{"wythoff min int", Wythoff(), math.MinInt},
		{"pe260 10^5", three, 100_000},
		{"16 piles", all, 3},
	}
	for _, tt := range sizes {
		_, err := tt.g.PPositions(tt.n)
		if err == nil {
			t.Errorf("%s: PPositions(%d) accepted", tt.name, tt.n)
		} else if len(err.Error()) > 200 {
			t.Errorf("%s: error is %d bytes long: %.80s...", tt.name, len(err.Error()), err)
		}
		if _, err := tt.g.Bytes(tt.n); err == nil {
			t.Errorf("%s: Bytes(%d) accepted", tt.name, tt.n)
		}
	}
	for _, n := range []int{0, 1000, 100_000, 1_000_000} {
		if _, err := Wythoff().PPositions(n); err != nil {
			t.Errorf("Wythoff up to %d: %v", n, err)
		}
	}
	if _, err := three.PPositions(10_000); err != nil {
		t.Errorf("PE 260 up to 10^4: %v", err)
	}

	vectors := []struct {
		name  string
		moves [][]int
	}{
		{"long vector", [][]int{{1, 0}, huge}},
		{"long bad entry", [][]int{append(repeat(0, 20), 7)}},
		{"too many vectors", slices.Repeat([][]int{{1, 1}}, 100_000)},
	}
	for _, tt := range vectors {
		_, err := New(tt.moves...)
		if !errors.Is(err, ErrMoves) {
			t.Errorf("%s: New error = %v, want ErrMoves", tt.name, err)
		} else if len(err.Error()) > 200 {
			t.Errorf("%s: error is %d bytes long", tt.name, len(err.Error()))
		}
	}
}
