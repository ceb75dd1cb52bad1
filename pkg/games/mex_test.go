package games

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// mexNaive is the definition: count up from zero until a value is missing.
func mexNaive(values []int) int {
	for m := 0; ; m++ {
		if !slices.Contains(values, m) {
			return m
		}
	}
}

func TestMex(t *testing.T) {
	tests := []struct {
		values []int
		want   int
	}{
		{nil, 0},
		{[]int{1, 2}, 0},
		{[]int{0}, 1},
		{[]int{0, 0, 0}, 1},
		{[]int{3, 0, 1, 2}, 4},
		{[]int{0, 1, 3}, 2},
		{[]int{-1, -5, 0}, 1},
		{[]int{63, 62}, 0},
	}
	for _, tt := range tests {
		if got := Mex(tt.values); got != tt.want {
			t.Errorf("Mex(%v) = %d, want %d", tt.values, got, tt.want)
		}
	}
}

func TestMexLarge(t *testing.T) {
	// Past the stack bitset: 0..2999 present, then the answer 3000.
	for _, n := range []int{1023, 1024, 1025, 3000} {
		v := make([]int, n)
		for i := range v {
			v[i] = n - 1 - i
		}
		if got := Mex(v); got != n {
			t.Errorf("Mex(0..%d) = %d, want %d", n-1, got, n)
		}
		v[n/2] = -1
		if got := Mex(v); got != n-1-n/2 {
			t.Errorf("Mex(0..%d with a hole) = %d, want %d", n-1, got, n-1-n/2)
		}
	}
}

func TestMexRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var m Mexer
	for range 2000 {
		v := make([]int, r.IntN(40))
		for i := range v {
			v[i] = r.IntN(50) - 2
		}
		want := mexNaive(v)
		if got := Mex(v); got != want {
			t.Fatalf("Mex(%v) = %d, want %d", v, got, want)
		}
		m.Reset()
		for _, x := range v {
			m.Add(x)
		}
		if got := m.Mex(); got != want {
			t.Fatalf("Mexer on %v = %d, want %d", v, got, want)
		}
	}
}

func TestMexerStampWrap(t *testing.T) {
	m := Mexer{gen: ^uint32(0) - 2}
	for i := range 6 {
		m.Reset()
		if i%2 == 0 {
			m.Add(0)
			m.Add(1)
		}
		want := 0
		if i%2 == 0 {
			want = 2
		}
		if got := m.Mex(); got != want {
			t.Fatalf("step %d (gen %d): Mex = %d, want %d", i, m.gen, got, want)
		}
	}
}

// TestMexAllocs holds Mex to its promise, no allocation when every value is
// below 1024, on sets that leave room in the bitset and on the set of all
// 1024 values (with and without values beyond it, which then matter).
func TestMexAllocs(t *testing.T) {
	v := []int{4, 0, 1, 2, 7, 3, 900}
	if n := testing.AllocsPerRun(100, func() { Mex(v) }); n != 0 {
		t.Errorf("Mex allocates %v times per call", n)
	}
	all := make([]int, 2048)
	for i := range all {
		all[i] = (i * 7) % 1024
	}
	if n := testing.AllocsPerRun(100, func() { Mex(all) }); n != 0 || Mex(all) != 1024 {
		t.Errorf("Mex of every value below 1024: %d, %v allocations per call", Mex(all), n)
	}
	beyond := append(slices.Clone(all[:1024]), 1025, 5000)
	if got := Mex(beyond); got != 1024 {
		t.Errorf("Mex of 0..1023, 1025, 5000 = %d, want 1024", got)
	}
	if got := Mex(append(beyond, 1024)); got != 1026 {
		t.Errorf("Mex of 0..1025, 5000 = %d, want 1026", got)
	}
	var m Mexer
	m.Add(100) // warm up: the stamps grow once
	if n := testing.AllocsPerRun(100, func() {
		m.Reset()
		for _, x := range v[:6] {
			m.Add(x)
		}
		m.Mex()
	}); n != 0 {
		t.Errorf("Mexer allocates %v times per set", n)
	}
}

func FuzzMex(f *testing.F) {
	f.Add([]byte{0, 1, 2, 4})
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		v := make([]int, len(b))
		for i, x := range b {
			v[i] = int(x) - 8
		}
		if got, want := Mex(v), mexNaive(v); got != want {
			t.Fatalf("Mex(%v) = %d, want %d", v, got, want)
		}
	})
}

func ExampleMex() {
	fmt.Println(Mex([]int{0, 1, 3, 4}))
	// Output: 2
}

// BenchmarkMex measures sets of 0..n-1 in shuffled order; n = 1024 fills
// the bitset on the stack, n = 3000 needs one on the heap.
func BenchmarkMex(b *testing.B) {
	for _, n := range []int{8, 64, 512, 1024, 3000} {
		v := make([]int, n)
		for i := range v {
			v[i] = (i * 7) % n
		}
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Mex(v)
			}
		})
	}
}

// TestMexerLargeValues adds values far beyond the number of values added,
// which must neither allocate their size nor change the answer, and checks
// the Mexer against Mex on the same sets.
func TestMexerLargeValues(t *testing.T) {
	tests := [][]int{
		{math.MaxInt},
		{0, math.MaxInt, 1},
		{1 << 40, 0, 1, 2, 1<<40 + 1},
		{0, 1, 2, 3, 1 << 50, 4, 5},
		{5000, 0, 1, 2, 3, 4},
	}
	var m Mexer
	for _, values := range tests {
		m.Reset()
		for _, v := range values {
			m.Add(v)
		}
		if got, want := m.Mex(), Mex(values); got != want {
			t.Errorf("Mexer on %v = %d, want %d", values, got, want)
		}
		if len(m.stamp) > 1<<16 {
			t.Errorf("Mexer on %v holds %d stamps", values, len(m.stamp))
		}
	}
	// Dense values that arrive after a far one: the far one must join them.
	m.Reset()
	m.Add(200)
	for v := range 200 {
		m.Add(v)
	}
	if got := m.Mex(); got != 201 {
		t.Errorf("Mexer on 200, 0..199 = %d, want 201", got)
	}
	n := testing.AllocsPerRun(10, func() {
		var x Mexer
		x.Add(math.MaxInt - 1)
		x.Mex()
	})
	if n > 4 {
		t.Errorf("a far value takes %v allocations", n)
	}
}
