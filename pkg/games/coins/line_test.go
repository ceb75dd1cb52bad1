package coins

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"testing"

	"github.com/grundylab/grundy/pkg/games"
	"github.com/grundylab/grundy/pkg/games/heap"
)

// reference computes the single-coin values and the run histogram straight
// from the definition, XOR-ing each run coin by coin: no prefix sums, no
// blocks, no byte counters.
func reference(lengths []int, n int) (values []int, runs []int64) {
	values = make([]int, n+1)
	interval := func(i, j int) int {
		v := 0
		for t := i; t <= j; t++ {
			v ^= values[t]
		}
		return v
	}
	var opts []int
	for x := 1; x <= n; x++ {
		opts = opts[:0]
		for _, w := range lengths {
			if w <= x {
				opts = append(opts, interval(x-w+1, x-1))
			}
		}
		values[x] = games.Mex(opts)
	}
	for x := 1; x <= n; x++ {
		for _, w := range lengths {
			if w <= x {
				v := interval(x-w+1, x)
				if v >= len(runs) {
					runs = append(runs, make([]int64, v+1-len(runs))...)
				}
				runs[v]++
			}
		}
	}
	return values, runs
}

func testSets(t *testing.T) []heap.Set {
	t.Helper()
	p2, err := heap.Powers(2)
	if err != nil {
		t.Fatal(err)
	}
	fin, err := heap.Finite(1, 3, 4, 70, 130)
	if err != nil {
		t.Fatal(err)
	}
	return []heap.Set{
		heap.Squares(),
		heap.Triangular(),
		heap.Primes(),
		p2,
		fin,
		// Odd lengths keep every value below 2, so one value is sampled
		// hundreds of times per coin and the byte counters wrap.
		heap.Predicate("odd numbers", func(k int) bool { return k%2 == 1 }),
		// Even lengths make values grow past 512: the blocked engine hands
		// over to the plain one.
		heap.Predicate("even numbers", func(k int) bool { return k%2 == 0 }),
		heap.Predicate("1 and 100..", func(k int) bool { return k == 1 || k >= 100 }),
		heap.Predicate("all lengths", func(k int) bool { return true }),
	}
}

func TestLineAgainstReference(t *testing.T) {
	sizes := []int{0, 1, 2, 63, 64, 65, 129, 700, 1300}
	if testing.Short() {
		sizes = sizes[:len(sizes)-1]
	}
	type lineCase struct {
		set heap.Set
		n   int
	}
	var cases []lineCase
	for _, set := range testSets(t) {
		for _, n := range sizes {
			cases = append(cases, lineCase{set, n})
		}
	}
	// Lengths 1 mod 3 first wrap a counter at coin 771, in a window of
	// blocks the end of the row leaves unfinished.
	cases = append(cases, lineCase{heap.Predicate("1 mod 3", func(k int) bool { return k%3 == 1 }), 840})
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/%d", c.set, c.n), func(t *testing.T) {
			l, err := NewLine(c.set, c.n)
			if err != nil {
				t.Fatal(err)
			}
			lengths, _ := c.set.Members(c.n)
			values, runs := reference(lengths, c.n)
			if got := l.Values(); !slices.Equal(got, values) {
				t.Fatalf("values differ from the definition:\n got %v\nwant %v", head(got), head(values))
			}
			if got := l.RunHistogram(); !slices.Equal(got, runs) {
				t.Fatalf("run histogram differs:\n got %v\nwant %v", head64(got), head64(runs))
			}
		})
	}
}

// TestWideValues runs the engines with 32-bit storage, which NewLine uses
// only for sets of more than 65535 lengths, against the 16-bit one.
func TestWideValues(t *testing.T) {
	for _, set := range testSets(t) {
		lengths, _ := set.Members(1000)
		narrow, wide := newLine[uint16](lengths, 1000), newLine[uint32](lengths, 1000)
		narrow.run()
		wide.run()
		for x, p := range narrow.prefix {
			if uint32(p) != wide.prefix[x] {
				t.Fatalf("%s: prefix %d is %d in 16 bits, %d in 32", set, x, p, wide.prefix[x])
			}
		}
		if !slices.Equal(narrow.runs, wide.runs) {
			t.Fatalf("%s: run histograms differ", set)
		}
	}
}

func head(s []int) []int {
	return s[:min(len(s), 40)]
}

func head64(s []int64) []int64 {
	return s[:min(len(s), 40)]
}

// TestCoinTurningTheorem plays the real game, a row of coins as a bitmask
// (bit x-1 for coin x), with the generic solver, and checks every position
// of up to 12 coins: its value is the nim-sum of the values of its heads.
func TestCoinTurningTheorem(t *testing.T) {
	const n = 12
	for _, set := range testSets(t) {
		t.Run(set.String(), func(t *testing.T) {
			lengths, _ := set.Members(n)
			moves := func(pos uint64) []uint64 {
				var opts []uint64
				for x := 1; x <= n; x++ {
					if pos>>(x-1)&1 == 0 {
						continue
					}
					for _, w := range lengths {
						if w <= x {
							run := (uint64(1)<<w - 1) << (x - w)
							opts = append(opts, pos^run)
						}
					}
				}
				return opts
			}
			solver := games.NewSolver(moves, 0)
			l, err := NewLine(set, n)
			if err != nil {
				t.Fatal(err)
			}
			for pos := range uint64(1) << n {
				got, err := solver.Grundy(pos)
				if err != nil {
					t.Fatal(err)
				}
				want := 0
				for rest := pos; rest != 0; rest &= rest - 1 {
					want ^= l.Value(bits.TrailingZeros64(rest) + 1)
				}
				if got != want {
					t.Fatalf("position %0*b: solver %d, sum of coin values %d", n, pos, got, want)
				}
			}
		})
	}
}

func TestLineAccessors(t *testing.T) {
	const n = 300
	l, err := NewLine(heap.Squares(), n)
	if err != nil {
		t.Fatal(err)
	}
	if l.Len() != n {
		t.Errorf("Len() = %d, want %d", l.Len(), n)
	}
	if got := l.Lengths(); len(got) != 17 || got[16] != 289 {
		t.Errorf("Lengths() = %v, want the 17 squares up to 289", got)
	}
	if got := l.String(); got != "coin turning with runs of squares on 300 coins" {
		t.Errorf("String() = %q", got)
	}
	values := l.Values()
	hist := make([]int64, 0)
	for x := 1; x <= n; x++ {
		v := values[x]
		for len(hist) <= v {
			hist = append(hist, 0)
		}
		hist[v]++
		p := 0
		for i := x; i >= 1; i-- {
			p ^= values[i]
			if got := l.Interval(i, x); got != p {
				t.Fatalf("Interval(%d, %d) = %d, want %d", i, x, got, p)
			}
		}
		if l.Prefix(x) != p {
			t.Fatalf("Prefix(%d) = %d, want %d", x, l.Prefix(x), p)
		}
	}
	if l.Interval(5, 4) != 0 || l.Prefix(0) != 0 {
		t.Errorf("empty run has value %d, Prefix(0) = %d", l.Interval(5, 4), l.Prefix(0))
	}
	if got := l.Histogram(); !slices.Equal(got, hist) {
		t.Errorf("Histogram() = %v, want %v", got, hist)
	}
	if r := l.RunHistogram(); len(r) == 0 || r[0] != 0 {
		t.Errorf("RunHistogram() = %v: no run may have value 0", head64(r))
	}
}

func TestLineErrors(t *testing.T) {
	hundred := make([]int, 100)
	for i := range hundred {
		hundred[i] = i + 1
	}
	many, err := heap.Finite(hundred...) // 100·(MaxLen-50) pairs on MaxLen-1 coins
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		set  heap.Set
		n    int
		is   error
	}{
		{"negative", heap.Squares(), -1, nil},
		{"too long", heap.Squares(), heap.MaxLen, heap.ErrTooLong},
		{"more than MaxSamples pairs", many, heap.MaxLen - 1, heap.ErrTooLong},
		{"zero set", heap.Set{}, 10, heap.ErrSet},
		{"not increasing", heap.Increasing("bad", func(i int) int { return 5 - i }), 10, heap.ErrSet},
	}
	for _, tt := range tests {
		_, err := NewLine(tt.set, tt.n)
		if err == nil || tt.is != nil && !errors.Is(err, tt.is) {
			t.Errorf("%s: NewLine error = %v, want %v", tt.name, err, tt.is)
		}
	}
	// The figure MaxSamples quotes: pairs (coin x, length w <= x) of the
	// triangular numbers on 10^6 coins, within the limit.
	lengths, err := heap.Triangular().Members(1_000_000)
	if err != nil {
		t.Fatal(err)
	}
	pairs := 0
	for _, w := range lengths {
		pairs += 1_000_000 - w + 1
	}
	if pairs != 941_810_658 || pairs > MaxSamples {
		t.Errorf("triangular numbers on 10^6 coins: %d pairs", pairs)
	}
}

func TestLinePanics(t *testing.T) {
	l, err := NewLine(heap.Squares(), 10)
	if err != nil {
		t.Fatal(err)
	}
	mustPanic(t, map[string]func(){
		"Value(0)":        func() { l.Value(0) },
		"Value(11)":       func() { l.Value(11) },
		"Interval(0, 3)":  func() { l.Interval(0, 3) },
		"Interval(5, 3)":  func() { l.Interval(5, 3) },
		"Interval(2, 11)": func() { l.Interval(2, 11) },
	})
}

// mustPanic reports the calls that do not panic.
func mustPanic(t *testing.T, calls map[string]func()) {
	t.Helper()
	for name, f := range calls {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s did not panic", name)
				}
			}()
			f()
		}()
	}
}
