package heap

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/games"
)

// A splitGame is a heap game given by the lists of heaps its moves leave.
type splitGame struct {
	name  string
	moves func(h int) [][]int
}

// options returns the options function of Split for the game, emitting
// each move from a reused buffer.
func (sg splitGame) options() func(h int, emit func(parts ...int)) {
	var buf []int
	return func(h int, emit func(parts ...int)) {
		for _, parts := range sg.moves(h) {
			buf = append(buf[:0], parts...)
			emit(buf...)
		}
	}
}

// multisetMoves plays a heap game on positions of several heaps, written as
// the string of their sizes in increasing order (one byte per heap; empty
// heaps stay, as a split game may act on them): the real game, for the
// generic solver.
func multisetMoves(moves func(h int) [][]int) func(string) []string {
	return func(pos string) []string {
		var out []string
		for i := range len(pos) {
			if i > 0 && pos[i-1] == pos[i] {
				continue // the same moves as from the previous equal heap
			}
			for _, parts := range moves(int(pos[i])) {
				heaps := []byte(pos[:i] + pos[i+1:])
				for _, p := range parts {
					heaps = append(heaps, byte(p))
				}
				slices.Sort(heaps)
				out = append(out, string(heaps))
			}
		}
		return out
	}
}

// position returns the multiset position of the given heaps.
func position(sizes ...int) string {
	b := make([]byte, len(sizes))
	for i, h := range sizes {
		b[i] = byte(h)
	}
	slices.Sort(b)
	return string(b)
}

// divisorsBelow returns the divisors d of h with 1 < d < h.
func divisorsBelow(h int) []int {
	var ds []int
	for d := 2; d < h; d++ {
		if h%d == 0 {
			ds = append(ds, d)
		}
	}
	return ds
}

var splitGames = []splitGame{
	{"Grundy's game", func(h int) [][]int {
		var m [][]int
		for a := 1; 2*a < h; a++ {
			m = append(m, []int{a, h - a})
		}
		return m
	}},
	{"Lasker's Nim", func(h int) [][]int {
		var m [][]int
		for k := range h {
			m = append(m, []int{k})
		}
		for a := 1; 2*a <= h; a++ {
			m = append(m, []int{a, h - a})
		}
		return m
	}},
	// Replace a heap by two heaps whose sizes divide it (Project Euler
	// 550's kind of move).
	{"two divisors", func(h int) [][]int {
		var m [][]int
		ds := divisorsBelow(h)
		for i, a := range ds {
			for _, b := range ds[i:] {
				m = append(m, []int{a, b})
			}
		}
		return m
	}},
	// Remove an even heap; or split into three heaps, one of them empty
	// (empty heaps are heaps here, with value g(0)).
	{"zero and three parts", func(h int) [][]int {
		var m [][]int
		if h%2 == 0 {
			m = append(m, nil)
		}
		for a := 1; 2*a < h; a++ {
			m = append(m, []int{0, a, h - 1 - a})
		}
		return m
	}},
	// Heap 0 may itself be removed: its value is then 1.
	{"remove any heap", func(h int) [][]int {
		m := [][]int{nil}
		if h > 1 {
			m = append(m, []int{h / 2, h / 2})
		}
		return m
	}},
}

func TestSplitAgainstSolver(t *testing.T) {
	const n = 24
	for _, sg := range splitGames {
		t.Run(sg.name, func(t *testing.T) {
			g, err := Split(n, sg.options())
			if err != nil {
				t.Fatal(err)
			}
			if len(g) != n+1 {
				t.Fatalf("%d values, want %d", len(g), n+1)
			}
			s := games.NewSolver(multisetMoves(sg.moves), 0)
			for h := 0; h <= n; h++ {
				got, err := s.Grundy(position(h))
				if err != nil {
					t.Fatal(err)
				}
				if got != g[h] {
					t.Fatalf("heap %d: Split %d, solver %d", h, g[h], got)
				}
			}
			// Sums: the solver plays two and three heaps together.
			for a := 0; a <= 9; a++ {
				for b := a; b <= 9; b++ {
					for c := b; c <= 9; c += 3 {
						got, err := s.Grundy(position(a, b, c))
						if err != nil {
							t.Fatal(err)
						}
						if want := g[a] ^ g[b] ^ g[c]; got != want {
							t.Fatalf("heaps %d,%d,%d: solver %d, XOR of values %d", a, b, c, got, want)
						}
					}
				}
			}
		})
	}
}

// TestSplitAgainstCompute checks Split on one-part moves against Compute,
// the plain definition for games that never split.
func TestSplitAgainstCompute(t *testing.T) {
	moves := func(h int, dst []int) []int {
		for _, d := range divisorsBelow(h) {
			dst = append(dst, h-d)
		}
		if h > 0 {
			dst = append(dst, h-1)
		}
		return dst
	}
	want, err := Compute(3000, moves)
	if err != nil {
		t.Fatal(err)
	}
	var buf [1]int
	got, err := Split(3000, func(h int, emit func(parts ...int)) {
		for _, o := range moves(h, nil) {
			buf[0] = o
			emit(buf[:]...)
		}
	})
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("Split and Compute differ: %v", err)
	}
}

// TestSplitLargeValues drives the values past 64 and 128, so that the
// bitset grows: g(h) = h for Nim played as a split game.
func TestSplitLargeValues(t *testing.T) {
	var buf [1]int
	g, err := Split(1000, func(h int, emit func(parts ...int)) {
		for k := range h {
			buf[0] = k
			emit(buf[:]...)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	for h, v := range g {
		if v != h {
			t.Fatalf("nim heap %d = %d", h, v)
		}
	}
}

func TestSplitErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		parts func(h int) []int
		heap  int // the heap whose move is invalid
	}{
		{"part equal to the heap", func(h int) []int { return []int{h} }, 0},
		{"part larger than the heap", func(h int) []int { return []int{1, h + 1} }, 0},
		{"negative part", func(h int) []int {
			if h == 5 {
				return []int{1, -1}
			}
			return nil
		}, 5},
	} {
		_, err := Split(10, func(h int, emit func(parts ...int)) {
			if p := tc.parts(h); p != nil {
				emit(p...)
			}
		})
		if !errors.Is(err, ErrMove) {
			t.Errorf("%s: %v, want ErrMove", tc.name, err)
		} else if want := fmt.Sprintf("heap %d moves", tc.heap); !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %q does not name %q", tc.name, err, want)
		}
	}
	if _, err := Split(10, nil); err == nil {
		t.Error("nil options accepted")
	}
	none := func(int, func(...int)) {}
	if _, err := Split(-1, none); err == nil {
		t.Error("negative n accepted")
	}
	if _, err := Split(MaxLen, none); !errors.Is(err, ErrTooLong) {
		t.Errorf("n = MaxLen: %v, want ErrTooLong", err)
	}
}

// grundysGame is the options function of Grundy's game with one buffer
// for all moves.
func grundysGame() func(h int, emit func(parts ...int)) {
	var buf [2]int
	return func(h int, emit func(parts ...int)) {
		for a := 1; 2*a < h; a++ {
			buf[0], buf[1] = a, h-a
			emit(buf[:]...)
		}
	}
}

// TestSplitAllocs checks that Split does not allocate per move: a run of
// Grundy's game to 2000, a million moves, allocates a handful of times.
func TestSplitAllocs(t *testing.T) {
	options := grundysGame()
	allocs := testing.AllocsPerRun(5, func() {
		if _, err := Split(2000, options); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 4 {
		t.Errorf("Split(2000) of Grundy's game: %.0f allocations, want at most 4", allocs)
	}
}

func ExampleSplit() {
	// Grundy's game: split a heap into two heaps of different sizes.
	g, err := Split(20, func(h int, emit func(parts ...int)) {
		for a := 1; 2*a < h; a++ {
			emit(a, h-a)
		}
	})
	fmt.Println(g, err)
	// Output: [0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0] <nil>
}

func ExampleSplit_divisors() {
	// Project Euler 550's kind of move: replace a heap by two heaps whose
	// sizes are divisors d of it, 1 < d < h. One slice holds every move.
	parts := make([]int, 2)
	g, err := Split(16, func(h int, emit func(parts ...int)) {
		for a := 2; a < h; a++ {
			for b := a; b < h; b++ {
				if h%a == 0 && h%b == 0 {
					parts[0], parts[1] = a, b
					emit(parts...)
				}
			}
		}
	})
	fmt.Println(g, err)
	// Output: [0 0 0 0 1 0 1 0 2 1 1 0 2 0 1 1 4] <nil>
}

// BenchmarkSplit plays Grundy's game with one buffer for every move, and
// with a variadic call per move, which Go allocates: compare allocs/op.
func BenchmarkSplit(b *testing.B) {
	variadic := func(h int, emit func(parts ...int)) {
		for a := 1; 2*a < h; a++ {
			emit(a, h-a)
		}
	}
	for _, n := range []int{1_000, 4_000, 16_000} {
		b.Run("GrundysGame/"+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			options := grundysGame()
			for b.Loop() {
				if _, err := Split(n, options); err != nil {
					b.Fatal(err)
				}
			}
		})
		if n > 4_000 {
			continue
		}
		b.Run("GrundysGame-variadic/"+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Split(n, variadic); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
