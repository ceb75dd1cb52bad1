package nimber

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestLogSmallField compares Log with a search over the powers for every
// base and value below 256, the subfield of 2^8 nimbers (and its subfields).
func TestLogSmallField(t *testing.T) {
	for g := range uint64(256) {
		least := map[uint64]uint64{} // value -> least exponent
		p := uint64(1)
		for e := range uint64(256) {
			if _, ok := least[p]; !ok {
				least[p] = e
			}
			p = Mul(p, g)
		}
		for a := range uint64(300) {
			got, err := Log(g, a)
			want, ok := least[a]
			switch {
			case ok && (err != nil || got != want):
				t.Fatalf("Log(%d, %d) = %d, %v; want %d", g, a, got, err, want)
			case !ok && !errors.Is(err, ErrNoLog):
				t.Fatalf("Log(%d, %d) = %d, %v; want ErrNoLog", g, a, got, err)
			}
		}
	}
}

// TestLogRandom checks Log(g, g^e) = e mod Order(g) on random 64-bit bases.
func TestLogRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(459, 64))
	for range 200 {
		g, e := r.Uint64(), r.Uint64()
		if g == 0 {
			continue
		}
		got, err := Log(g, Pow(g, e))
		if want := e % Order(g); err != nil || got != want {
			t.Fatalf("Log(%#x, Pow(%#x, %d)) = %d, %v; want %d", g, g, e, got, err, want)
		}
	}
}

func TestLogOutsideSubgroup(t *testing.T) {
	// The nimbers below 2^32 are a subfield: no power of a base there leaves it.
	for _, g := range []uint64{2, 0xFFFF, 0xDEADBEEF} {
		if _, err := Log(g, 1<<40); !errors.Is(err, ErrNoLog) {
			t.Errorf("Log(%#x, 2^40): %v, want ErrNoLog", g, err)
		}
	}
	if _, err := Log(7, 0); !errors.Is(err, ErrNoLog) {
		t.Errorf("Log(7, 0): %v, want ErrNoLog", err)
	}
}

func ExampleLog() {
	g := uint64(1<<63 | 1) // a generator of the whole group
	fmt.Println(Order(g) == 1<<64-1)
	e, err := Log(g, Pow(g, 1_000_000_007))
	fmt.Println(e, err)
	// Output:
	// true
	// 1000000007 <nil>
}

func BenchmarkLog(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	g := uint64(1<<63 | 1)
	as := make([]uint64, 64)
	for i := range as {
		as[i] = Pow(g, r.Uint64())
	}
	i := 0
	for b.Loop() {
		if _, err := Log(g, as[i%len(as)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
