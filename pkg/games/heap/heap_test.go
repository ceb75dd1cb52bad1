package heap

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/grundylab/grundy/pkg/games"
	"github.com/grundylab/grundy/pkg/games/internal/referee"
)

// solverSequence plays the heap game with the generic solver, the referee for
// every fast path in this package.
func solverSequence(t *testing.T, n int, options func(h int) []int) Sequence {
	t.Helper()
	s := games.NewSolver(options, 0)
	g := make(Sequence, n+1)
	for h := range g {
		v, err := s.Grundy(h)
		if err != nil {
			t.Fatal(err)
		}
		g[h] = v
	}
	return g
}

func TestSubtractionAgainstSolver(t *testing.T) {
	const n = 400
	p2, _ := Powers(2)
	p3, _ := Powers(3)
	fin, _ := Finite(5, 2, 2, 7)
	odd := Predicate("odd numbers", func(k int) bool { return k%2 == 1 })
	cubes := Increasing("cubes", func(i int) int { return i * i * i })
	for _, set := range []Set{Squares(), Triangular(), p2, p3, Primes(), fin, odd, cubes} {
		t.Run(set.String(), func(t *testing.T) {
			got, err := Subtraction(set, n)
			if err != nil {
				t.Fatal(err)
			}
			members, _ := set.Members(n)
			if want := solverSequence(t, n, referee.Take(members...)); !slices.Equal(got, want) {
				t.Fatalf("Subtraction(%s) differs from the solver:\n got %v\nwant %v", set, got[:30], want[:30])
			}
		})
	}
}

func TestSetMembers(t *testing.T) {
	p2, _ := Powers(2)
	fin, _ := Finite(9, 1, 4, 4)
	tests := []struct {
		set  Set
		n    int
		want []int
	}{
		{Squares(), 50, []int{1, 4, 9, 16, 25, 36, 49}},
		{Triangular(), 21, []int{1, 3, 6, 10, 15, 21}},
		{p2, 100, []int{1, 2, 4, 8, 16, 32, 64}},
		{Primes(), 30, []int{2, 3, 5, 7, 11, 13, 17, 19, 23, 29}},
		{Primes(), 1, nil},
		{fin, 5, []int{1, 4}},
		{fin, 100, []int{1, 4, 9}},
		{Squares(), 0, nil},
	}
	for _, tt := range tests {
		got, err := tt.set.Members(tt.n)
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("%s up to %d = %v, %v; want %v", tt.set, tt.n, got, err, tt.want)
		}
	}
	if fin.String() != "{1,4,9}" {
		t.Errorf("Finite name %q", fin.String())
	}
}

func TestSetErrors(t *testing.T) {
	if _, err := Finite(3, 0); !errors.Is(err, ErrSet) {
		t.Errorf("Finite(3, 0): err = %v", err)
	}
	if _, err := Powers(1); !errors.Is(err, ErrSet) {
		t.Errorf("Powers(1): err = %v", err)
	}
	flat := Increasing("constant", func(int) int { return 2 })
	if _, err := Subtraction(flat, 10); !errors.Is(err, ErrSet) {
		t.Errorf("non-increasing set: err = %v", err)
	}
	if _, err := Subtraction(Set{}, 10); !errors.Is(err, ErrSet) {
		t.Errorf("zero Set: err = %v", err)
	}
	if _, err := Subtraction(Squares(), MaxLen); !errors.Is(err, ErrTooLong) {
		t.Errorf("huge n: err = %v", err)
	}
	if _, err := Subtraction(Squares(), -1); err == nil {
		t.Error("negative n: no error")
	}
	// Powers of a large base must stop, not overflow into small numbers.
	big, _ := Powers(1 << 40)
	if m, err := big.Members(1 << 62); err != nil || len(m) != 2 {
		t.Errorf("powers of 2^40 up to 2^62 = %v, %v", m, err)
	}
}

func TestCompute(t *testing.T) {
	// Nim itself: every smaller heap.
	g, err := Compute(20, func(h int, dst []int) []int {
		for k := range h {
			dst = append(dst, k)
		}
		return dst
	})
	if err != nil {
		t.Fatal(err)
	}
	for h, v := range g {
		if v != h {
			t.Fatalf("nim heap %d = %d", h, v)
		}
	}
	_, err = Compute(5, func(h int, dst []int) []int { return append(dst, h) })
	if !errors.Is(err, ErrMove) {
		t.Errorf("option equal to the heap: err = %v, want ErrMove", err)
	}
}

func TestProperDivisor(t *testing.T) {
	const n = 600
	got, err := ProperDivisor(n)
	if err != nil {
		t.Fatal(err)
	}
	want := solverSequence(t, n, func(h int) []int {
		var o []int
		for d := 1; d < h; d++ {
			if h%d == 0 {
				o = append(o, h-d)
			}
		}
		return o
	})
	if !slices.Equal(got, want) {
		t.Fatalf("ProperDivisor differs from the solver")
	}
}

func TestHistogram(t *testing.T) {
	s := Sequence{0, 1, 0, 2, 1, 0}
	if h := s.Histogram(); !slices.Equal(h, []int64{3, 2, 1}) {
		t.Errorf("Histogram = %v", h)
	}
	if m := (Sequence{}).Max(); m != -1 {
		t.Errorf("empty Max = %d", m)
	}
}

func TestDetectPeriod(t *testing.T) {
	tests := []struct {
		s      Sequence
		pre    int
		period int
		ok     bool
	}{
		{Sequence{0, 1, 2, 0, 1, 2, 0, 1, 2}, 0, 3, true},
		{Sequence{5, 7, 0, 1, 0, 1, 0, 1, 0, 1}, 2, 2, true},
		{Sequence{0, 1, 2, 0, 1, 2, 0, 1}, 0, 0, false}, // under three periods
		{Sequence{1, 1, 1}, 0, 1, true},
		{Sequence{0, 1, 2, 3, 4, 5}, 0, 0, false},
		{Sequence{9, 0, 1, 0, 1, 0, 1}, 1, 2, true},
	}
	for _, tt := range tests {
		p, ok := DetectPeriod(tt.s)
		if ok != tt.ok || ok && (p.Preperiod != tt.pre || p.Period != tt.period || p.Checked != len(tt.s)) {
			t.Errorf("DetectPeriod(%v) = %+v, %v; want %d, %d, %v", tt.s, p, ok, tt.pre, tt.period, tt.ok)
		}
	}
}

// TestSubtractionPeriodFound checks a subtraction game with a well-known
// period: S = {1, 2, 3} gives g(n) = n mod 4.
func TestSubtractionPeriodFound(t *testing.T) {
	set, _ := Finite(1, 2, 3)
	g, _ := Subtraction(set, 100)
	p, ok := DetectPeriod(g)
	if !ok || p.Period != 4 || p.Preperiod != 0 {
		t.Errorf("{1,2,3}: %+v, %v; want period 4 from 0", p, ok)
	}
}

func TestPeriodicHistogram(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 200 {
		pre, per := r.IntN(6), 1+r.IntN(6)
		head := make(Sequence, pre+per)
		for i := range head {
			head[i] = r.IntN(4)
		}
		f := newPeriodic(head, pre, per)
		long := make(Sequence, 200)
		for n := range long {
			long[n], _ = f.Value(int64(n))
		}
		lo, hi := int64(r.IntN(100)), int64(r.IntN(150))
		got, err := f.Histogram(lo, hi)
		if hi < lo-1 {
			if !errors.Is(err, ErrRange) {
				t.Fatalf("Histogram(%d, %d): err = %v", lo, hi, err)
			}
			continue
		}
		want := make([]int64, head.Max()+1)
		for n := lo; n <= hi; n++ {
			want[long[n]]++
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%v Histogram(%d, %d) = %v, want %v", f, lo, hi, got, want)
		}
	}
	// The cost does not grow with the range, as the doc promises: 2^60
	// periods of 2, 3, 1, 2 from heap 3, which no loop over heaps finishes.
	f := newPeriodic(Sequence{5, 0, 1, 2, 3, 1, 2}, 3, 4)
	got, err := f.Histogram(3, 3+1<<62-1)
	if want := []int64{0, 1 << 60, 2 << 60, 1 << 60, 0, 0}; err != nil || !slices.Equal(got, want) {
		t.Errorf("Histogram over 2^62 heaps = %v, %v; want %v", got, err, want)
	}
}

func TestValuation(t *testing.T) {
	for _, b := range []int64{2, 3, 10} {
		v := Valuation{Base: b}
		for _, r := range [][2]int64{{1, 1}, {1, 1000}, {17, 999}, {64, 64}, {500, 499}} {
			got, err := v.Histogram(r[0], r[1])
			if err != nil {
				t.Fatal(err)
			}
			var want []int64
			for n := r[0]; n <= r[1]; n++ {
				k, _ := v.Value(n)
				for len(want) <= k {
					want = append(want, 0)
				}
				want[k]++
			}
			got = trimZeros(got)
			if !slices.Equal(got, want) {
				t.Errorf("base %d Histogram%v = %v, want %v", b, r, got, want)
			}
		}
	}
	// The whole int64 range: 2^62 odd heaps up to 2^63-1, and one heap, 2^62,
	// of valuation 62.
	h, err := Valuation{Base: 2}.Histogram(1, 1<<63-1)
	if err != nil || len(h) != 63 || h[0] != 1<<62 || h[62] != 1 {
		t.Errorf("2-adic over all int64: len %d, %v, err %v", len(h), h[:2], err)
	}
	if _, err := (Valuation{Base: 2}).Histogram(0, 5); !errors.Is(err, ErrRange) {
		t.Errorf("heap 0: err = %v", err)
	}
}

func trimZeros(h []int64) []int64 {
	for len(h) > 0 && h[len(h)-1] == 0 {
		h = h[:len(h)-1]
	}
	return h
}

func TestRecognize(t *testing.T) {
	g, _ := ProperDivisor(1 << 10)
	fits := Recognize(g)
	found := false
	for _, f := range fits {
		if v, ok := f.Form.(Valuation); ok && v.Base == 2 && f.From == 1 && f.To == len(g) {
			found = true
		}
	}
	if !found {
		t.Errorf("Recognize(divisor nim) = %v, want the 2-adic valuation", fits)
	}
	set, _ := Finite(1, 4)
	g, _ = Subtraction(set, 100)
	fits = Recognize(g)
	if len(fits) != 1 || fits[0].Form.(Periodic).Period != 5 {
		t.Errorf("Recognize({1,4}) = %v, want period 5", fits)
	}
	if fits := Recognize(Sequence{0, 1, 2, 3, 4, 5, 6, 7}); len(fits) != 0 {
		t.Errorf("Recognize(nim) = %v, want nothing", fits)
	}
}

func ExampleSubtraction() {
	g, _ := Subtraction(Squares(), 12)
	fmt.Println(g)
	// Output: [0 1 0 1 2 0 1 0 1 2 0 1 0]
}

func ExampleRecognize() {
	g, _ := ProperDivisor(1000)
	for _, fit := range Recognize(g) {
		fmt.Println(fit)
	}
	// Output: 2-adic valuation of n, checked for 1 <= n < 1001
}

func BenchmarkSubtractionSquares(b *testing.B) {
	for _, n := range []int{100_000, 1_000_000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Subtraction(Squares(), n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkProperDivisor(b *testing.B) {
	for b.Loop() {
		if _, err := ProperDivisor(100_000); err != nil {
			b.Fatal(err)
		}
	}
}
