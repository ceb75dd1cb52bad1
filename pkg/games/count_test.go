package games

import (
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// heapValues expands a histogram into one value per heap, heaps numbered in
// order of value.
func heapValues(hist []int64) []int {
	var v []int
	for g, c := range hist {
		for range c {
			v = append(v, g)
		}
	}
	return v
}

// bruteCount enumerates k-tuples of heaps; with sorted set it keeps only
// non-decreasing heap indices, one tuple per multiset.
func bruteCount(hist []int64, k, target int, sorted bool) int64 {
	vals := heapValues(hist)
	var n int64
	var walk func(depth, from, x int)
	walk = func(depth, from, x int) {
		if depth == k {
			if x == target || (target == Nonzero && x != 0) {
				n++
			}
			return
		}
		start := 0
		if sorted {
			start = from
		}
		for i := start; i < len(vals); i++ {
			walk(depth+1, i, x^vals[i])
		}
	}
	walk(0, 0, 0)
	return n
}

func TestCountAgainstEnumeration(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 300 {
		hist := make([]int64, r.IntN(9))
		for i := range hist {
			hist[i] = int64(r.IntN(4))
		}
		k := r.IntN(5)
		target := r.IntN(18) - 1
		for _, sorted := range []bool{false, true} {
			count, name := CountTuples, "CountTuples"
			if sorted {
				count, name = CountMultisets, "CountMultisets"
			}
			got, err := count(hist, k, target)
			if err != nil {
				t.Fatal(err)
			}
			want := bruteCount(hist, k, target, sorted)
			if got.Cmp(big.NewInt(want)) != 0 {
				t.Fatalf("trial %d: %s(%v, %d, %d) = %v, want %d", trial, name, hist, k, target, got, want)
			}
		}
	}
}

func TestCountLarge(t *testing.T) {
	// One value only: every multiset of k heaps from N has XOR 0 when k is
	// even, so the count is C(N+k-1, k) without any overflow.
	n := int64(1) << 62
	hist := []int64{n}
	got, err := CountMultisets(hist, 4, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := new(big.Int).Binomial(n+3, 4)
	if got.Cmp(want) != 0 {
		t.Errorf("CountMultisets(2^62 zeros, 4) = %v, want %v", got, want)
	}
	tup, _ := CountTuples(hist, 3, 0)
	if want := new(big.Int).Exp(big.NewInt(n), big.NewInt(3), nil); tup.Cmp(want) != 0 {
		t.Errorf("CountTuples(2^62 zeros, 3) = %v, want %v", tup, want)
	}
}

func TestCountMod(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 100 {
		hist := make([]int64, 1+r.IntN(20))
		for i := range hist {
			hist[i] = r.Int64N(1 << 40)
		}
		k, target, m := r.IntN(6), r.IntN(8)-1, 1+r.Int64N(1<<40)
		exact, _ := CountMultisets(hist, k, target)
		got, err := CountMultisetsMod(hist, k, target, m)
		if err != nil {
			t.Fatal(err)
		}
		if want := new(big.Int).Mod(exact, big.NewInt(m)).Int64(); got != want {
			t.Fatalf("CountMultisetsMod = %d, want %d", got, want)
		}
		exact, _ = CountTuples(hist, k, target)
		got, _ = CountTuplesMod(hist, k, target, m)
		if want := new(big.Int).Mod(exact, big.NewInt(m)).Int64(); got != want {
			t.Fatalf("CountTuplesMod = %d, want %d", got, want)
		}
	}
}

func TestCountErrors(t *testing.T) {
	tests := []struct {
		name string
		call func() error
	}{
		{"negative k", func() error { _, err := CountTuples([]int64{1}, -1, 0); return err }},
		{"huge k", func() error { _, err := CountMultisets([]int64{1}, 1<<20, 0); return err }},
		{"negative entry", func() error { _, err := CountMultisets([]int64{1, -2}, 2, 0); return err }},
		{"bad target", func() error { _, err := CountTuples([]int64{1}, 2, -7); return err }},
		{"modulus 0", func() error { _, err := CountTuplesMod([]int64{1}, 2, 0, 0); return err }},
	}
	for _, tt := range tests {
		if err := tt.call(); !errors.Is(err, ErrCount) {
			t.Errorf("%s: err = %v, want ErrCount", tt.name, err)
		}
	}
}

func ExampleCountMultisets() {
	// Nim heaps 0..3 have values 0..3. Of the 20 multisets {a, b, c} of such
	// heaps, those with a^b^c = 0 are {0,0,0}, {0,1,1}, {0,2,2}, {0,3,3} and
	// {1,2,3}.
	n, _ := CountMultisets([]int64{1, 1, 1, 1}, 3, 0)
	fmt.Println(n)
	// Output: 5
}

func ExampleCountTuplesMod() {
	n, _ := CountTuplesMod([]int64{1, 1, 1, 1}, 3, Nonzero, 1000)
	fmt.Println(n) // 64 triples, 16 of them with XOR 0
	// Output: 48
}

func BenchmarkCountMultisets(b *testing.B) {
	hist := make([]int64, 64)
	for i := range hist {
		hist[i] = int64(i+1) << 30
	}
	for _, k := range []int{3, 30} {
		b.Run(fmt.Sprint(k), func(b *testing.B) {
			for b.Loop() {
				if _, err := CountMultisets(hist, k, 0); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
