package euler

import (
	"fmt"
	"math"
	"testing"

	"github.com/grundylab/grundy/pkg/games"
	"github.com/grundylab/grundy/pkg/games/heap"
)

func TestDivisorNimAgainstSolver(t *testing.T) {
	proper := func(h, a int) bool { return a < h && h%a == 0 }
	s := games.NewSolver(threeHeaps(proper), 0)
	for n := 1; n <= 16; n++ {
		var winning int64
		for a := 1; a <= n; a++ {
			for b := 1; b <= n; b++ {
				for c := 1; c <= n; c++ {
					if solve(t, s, [3]int{a, b, c}) != 0 {
						winning++
					}
				}
			}
		}
		got, err := DivisorNim(int64(n), math.MaxInt64)
		if err != nil {
			t.Fatal(err)
		}
		if got != winning {
			t.Fatalf("DivisorNim(%d) = %d, the real game has %d winning positions", n, got, winning)
		}
	}
}

// TestDivisorNimHuge checks the largest inputs against a second counting
// method: the ordered triples with XOR zero summed directly over the value
// histogram, in exact arithmetic.
func TestDivisorNimHuge(t *testing.T) {
	for _, n := range []int64{1e18, math.MaxInt64, 123456787654321} {
		got, err := DivisorNim(n, 1234567890)
		if err != nil {
			t.Fatal(err)
		}
		if want := divisorNimDirect(n, 1234567890); got != want {
			t.Errorf("DivisorNim(%d) = %d, direct sum gives %d", n, got, want)
		}
	}
}

func divisorNimDirect(n, m int64) int64 {
	var cnt []uint64 // heaps 1..n with 2-adic valuation k: n>>k - n>>(k+1)
	for k := 0; n>>k > 0; k++ {
		cnt = append(cnt, uint64(n>>k-n>>(k+1))%uint64(m))
	}
	um := uint64(m)
	var zero, all uint64
	total := uint64(n) % um
	all = mulMod(mulMod(total, total, um), total, um)
	for i := range cnt {
		for j := range cnt {
			if k := i ^ j; k < len(cnt) {
				zero = (zero + mulMod(mulMod(cnt[i], cnt[j], um), cnt[k], um)) % um
			}
		}
	}
	return int64((all + um - zero) % um)
}

func mulMod(a, b, m uint64) uint64 {
	// m < 2^31 here, so a*b < 2^62.
	return a * b % m
}

func ExampleDivisorNim() {
	s, _ := DivisorNim(100, 1_000_000_007)
	fmt.Println(s)
	// Output: 735494
}

func BenchmarkDivisorNim(b *testing.B) {
	if _, err := DivisorNim(1, 1); err != nil { // recognise the closed form once
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := DivisorNim(1e18, 1234567890); err != nil {
			b.Fatal(err)
		}
	}
}

// TestDivisorNimForm checks the closed form DivisorNim counts with, the
// 2-adic valuation, against the Grundy values the rules give for the heaps
// up to 2^12, and that heap.Recognize finds it there.
func TestDivisorNimForm(t *testing.T) {
	g, err := heap.ProperDivisor(1 << 12)
	if err != nil {
		t.Fatal(err)
	}
	for h := 1; h < len(g); h++ {
		if v, err := divisorNimForm.Value(int64(h)); err != nil || v != g[h] {
			t.Fatalf("heap %d: form gives %d, %v; the rules %d", h, v, err, g[h])
		}
	}
	found := false
	for _, fit := range heap.Recognize(g) {
		found = found || fit.Form == heap.Form(divisorNimForm)
	}
	if !found {
		t.Errorf("heap.Recognize does not find %v", divisorNimForm)
	}
}
