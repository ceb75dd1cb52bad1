package nimber

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"unsafe"
)

func TestMulKnownValues(t *testing.T) {
	tests := []struct{ a, b, want uint64 }{
		{0, 12345, 0},
		{1, 12345, 12345},
		{2, 2, 3},
		{2, 3, 1},
		{4, 4, 6},
		{5, 8, 3},
		{16, 16, 24},
		{256, 256, 384},
		{3141, 5926, 14994},
		{1 << 16, 1 << 16, 3 << 15},
		{1 << 32, 1 << 32, 3 << 31},
		{1 << 32, 1 << 31, 1 << 63},
		{^uint64(0), ^uint64(0), 11290409524105353207},
	}
	for _, tt := range tests {
		if got := Mul(tt.a, tt.b); got != tt.want {
			t.Errorf("Mul(%d, %d) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := mulRecursive(tt.a, tt.b, 64); got != tt.want {
			t.Errorf("mulRecursive(%d, %d) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestMulDefinition checks Mul against the definition of the nim-product,
//
//	a⊗b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b},
//
// for all a, b < 256 (128 in short mode). A table satisfying the recursion
// for every pair is the product by induction, so each pair is checked
// independently, in parallel.
func TestMulDefinition(t *testing.T) {
	const size = 256
	n := size
	if testing.Short() {
		n /= 2
	}
	var table [size][size]uint8
	for a := range n {
		for b := range n {
			p := Mul(uint64(a), uint64(b))
			if p >= size {
				t.Fatalf("Mul(%d, %d) = %d leaves the subfield of %d nimbers", a, b, p, size)
			}
			table[a][b] = uint8(p)
		}
	}
	workers := 4
	var wg sync.WaitGroup
	bad := make([]error, workers)
	for w := range workers {
		wg.Go(func() {
			var seen [size]int // seen[v] == stamp marks v as an option's value
			stamp := 0
			for a := w; a < n; a += workers {
				for b := range n {
					stamp++
					for a1 := range a {
						row, col := &table[a1], table[a1][b]
						for b1 := range b {
							seen[col^table[a][b1]^row[b1]] = stamp
						}
					}
					mex := 0
					for mex < size && seen[mex] == stamp {
						mex++
					}
					if mex != int(table[a][b]) && bad[w] == nil {
						bad[w] = fmt.Errorf("Mul(%d, %d) = %d, the definition gives %d", a, b, table[a][b], mex)
					}
				}
			}
		})
	}
	wg.Wait()
	if err := errors.Join(bad...); err != nil {
		t.Fatal(err)
	}
}

// operand returns a random 64-bit value, often with zero or small 16-bit
// pieces, the cases the logarithm tables treat specially.
func operand(r *rand.Rand) uint64 {
	x := r.Uint64()
	switch r.IntN(6) {
	case 0:
		return x & 0xFFFF0000FFFF00FF
	case 1:
		return x >> (r.IntN(64))
	case 2:
		return x & (0xFFFF << (16 * r.IntN(4)))
	}
	return x
}

func TestMulAgainstRecursive(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		a, b := operand(r), operand(r)
		if got, want := Mul(a, b), mulRecursive(a, b, 64); got != want {
			t.Fatalf("Mul(%#x, %#x) = %#x, want %#x", a, b, got, want)
		}
	}
}

func TestFieldAxioms(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		a, b, c := operand(r), operand(r), operand(r)
		if Mul(a, b) != Mul(b, a) {
			t.Fatalf("not commutative: %#x, %#x", a, b)
		}
		if Mul(Mul(a, b), c) != Mul(a, Mul(b, c)) {
			t.Fatalf("not associative: %#x, %#x, %#x", a, b, c)
		}
		if Mul(a, Add(b, c)) != Add(Mul(a, b), Mul(a, c)) {
			t.Fatalf("not distributive: %#x, %#x, %#x", a, b, c)
		}
		if Mul(a, 1) != a || Mul(a, 0) != 0 || Add(a, a) != 0 {
			t.Fatalf("identities fail for %#x", a)
		}
		if a == 0 {
			continue
		}
		inv, err := Inv(a)
		if err != nil || Mul(a, inv) != 1 {
			t.Fatalf("Inv(%#x) = %#x, %v: product %#x", a, inv, err, Mul(a, inv))
		}
		q, err := Div(b, a)
		if err != nil || Mul(q, a) != b {
			t.Fatalf("Div(%#x, %#x) = %#x, %v", b, a, q, err)
		}
	}
}

// TestSubfields checks that the nimbers below each Fermat 2-power 2^(2^k)
// are closed under the operations, as subfields must be.
func TestSubfields(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, width := range []uint{1, 2, 4, 8, 16, 32} {
		limit := uint64(1) << width
		for range 2000 {
			a, b := r.Uint64N(limit), r.Uint64N(limit)
			ok := Mul(a, b) < limit && Square(a) < limit && Sqrt(a) < limit
			if a != 0 {
				inv, _ := Inv(a)
				ok = ok && inv < limit
			}
			if !ok {
				t.Fatalf("%d-bit subfield not closed at %#x, %#x", width, a, b)
			}
		}
	}
}

func TestSquareSqrtPow(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 5000 {
		a := operand(r)
		if Square(a) != Mul(a, a) {
			t.Fatalf("Square(%#x) = %#x, want %#x", a, Square(a), Mul(a, a))
		}
		if s := Sqrt(a); Mul(s, s) != a {
			t.Fatalf("Sqrt(%#x) = %#x squares to %#x", a, s, Mul(s, s))
		}
		e1, e2 := r.Uint64()>>1, r.Uint64()>>1
		if Pow(a, e1+e2) != Mul(Pow(a, e1), Pow(a, e2)) {
			t.Fatalf("Pow(%#x, %d+%d) is not the product of the powers", a, e1, e2)
		}
		if a != 0 && Pow(a, ^uint64(0)) != 1 {
			t.Fatalf("Pow(%#x, 2^64-1) = %#x, want 1", a, Pow(a, ^uint64(0)))
		}
	}
	for e := range uint64(20) {
		want := uint64(1)
		for range e {
			want = Mul(want, 0xDEADBEEF12345678)
		}
		if got := Pow(0xDEADBEEF12345678, e); got != want {
			t.Errorf("Pow(0xDEADBEEF12345678, %d) = %#x, want %#x", e, got, want)
		}
	}
	if Pow(0, 0) != 1 || Pow(0, 5) != 0 {
		t.Errorf("Pow(0, 0) = %d, Pow(0, 5) = %d, want 1 and 0", Pow(0, 0), Pow(0, 5))
	}
}

func TestDivisionByZero(t *testing.T) {
	if _, err := Inv(0); !errors.Is(err, ErrDivisionByZero) {
		t.Errorf("Inv(0) error = %v, want ErrDivisionByZero", err)
	}
	if _, err := Div(7, 0); !errors.Is(err, ErrDivisionByZero) {
		t.Errorf("Div(7, 0) error = %v, want ErrDivisionByZero", err)
	}
	if q, err := Div(0, 7); err != nil || q != 0 {
		t.Errorf("Div(0, 7) = %d, %v, want 0", q, err)
	}
}

func TestOrder(t *testing.T) {
	// In the 16-bit subfield the order is found by multiplying until 1.
	r := rand.New(rand.NewPCG(9, 10))
	for range 30 {
		a := r.Uint64N(1<<16-1) + 1
		n, p := uint64(1), a
		for p != 1 {
			p = Mul(p, a)
			n++
		}
		if got := Order(a); got != n {
			t.Errorf("Order(%d) = %d, want %d", a, got, n)
		}
	}
	for range 200 {
		a := operand(r) | 1
		n := Order(a)
		if Pow(a, n) != 1 {
			t.Fatalf("Pow(%#x, Order = %d) != 1", a, n)
		}
		for _, p := range groupPrimes {
			if n%p == 0 && Pow(a, n/p) == 1 {
				t.Fatalf("Order(%#x) = %d is not least: %d works", a, n, n/p)
			}
		}
	}
	if Order(0) != 0 || Order(1) != 1 || Order(2) != 3 {
		t.Errorf("Order(0, 1, 2) = %d, %d, %d, want 0, 1, 3", Order(0), Order(1), Order(2))
	}
}

func TestMultiplier(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for range 50 {
		b := operand(r)
		m := NewMultiplier(b)
		if m.Factor() != b {
			t.Fatalf("Factor() = %#x, want %#x", m.Factor(), b)
		}
		for range 200 {
			a := operand(r)
			if got, want := m.Mul(a), Mul(a, b); got != want {
				t.Fatalf("NewMultiplier(%#x).Mul(%#x) = %#x, want %#x", b, a, got, want)
			}
		}
	}
	var zero Multiplier
	if zero.Mul(12345) != 0 {
		t.Errorf("zero Multiplier gives %d, want 0", zero.Mul(12345))
	}
}

// TestTables checks the constants the fast paths rely on.
func TestTables(t *testing.T) {
	if got := Order(generator16); got != order16 {
		t.Errorf("generator16 = %d has order %d, want %d", generator16, got, order16)
	}
	for g := uint64(2); g < generator16; g++ {
		if Order(g) == order16 {
			t.Errorf("%d is primitive in the field of 2^16, so generator16 = %d is not the least", g, generator16)
		}
	}
	if got := log16[1<<15]; got != logC1 {
		t.Errorf("log of 2^15 = %d, logC1 = %d", got, logC1)
	}
	if got := log16[Mul(1<<15, 1<<15)]; got != logC2 {
		t.Errorf("log of 2^15⊗2^15 = %d, logC2 = %d", got, logC2)
	}
	// The sizes the documentation gives: 1.2 MB of tables, 16 KiB a
	// Multiplier.
	tables := unsafe.Sizeof(log16) + unsafe.Sizeof(exp16) + unsafe.Sizeof(squareMap) + unsafe.Sizeof(sqrtMap)
	if tables < 1_150_000 || tables >= 1_250_000 {
		t.Errorf("the tables take %d bytes, not 1.2 MB", tables)
	}
	if m := unsafe.Sizeof(linearMap{}); m != 16<<10 {
		t.Errorf("a Multiplier's tables take %d bytes, not 16 KiB", m)
	}
	// The largest index a product reads: two zero logarithms and a constant.
	if need := 2*zeroLog + max(logC1, logC2) + 1; len(exp16) < need {
		t.Errorf("exp16 has %d entries, products read up to %d", len(exp16), need)
	}
}

// TestNoAllocation holds the package to its documentation: no function
// allocates, the errors of division by zero included, but NewMultiplier
// (once, its tables) and Log when it fails.
func TestNoAllocation(t *testing.T) {
	m := NewMultiplier(0x123456789ABCDEF)
	var sink uint64
	allocs := testing.AllocsPerRun(100, func() {
		a := sink | 0xFEDCBA9876543210
		inv, _ := Inv(a)
		q, _ := Div(a, 12345)
		_, err1 := Inv(0)
		_, err2 := Div(a, 0)
		if err1 == nil || err2 == nil {
			panic("no error for a division by zero")
		}
		sink ^= Mul(a, 0x0F0F0F0F0F0F0F0F) ^ Square(a) ^ Sqrt(a) ^ Pow(a, 99) ^ inv ^ q ^ m.Mul(a) ^ Order(a)
	})
	if allocs != 0 {
		t.Errorf("arithmetic allocates %v times per run", allocs)
	}
	g := uint64(1<<63 | 1) // a generator: Log goes through all seven primes
	e := uint64(0x0123456789ABCDEF)
	allocs = testing.AllocsPerRun(10, func() {
		if x, err := Log(g, Pow(g, e)); err != nil || x != e {
			panic(fmt.Sprintf("Log = %d, %v; want %d", x, err, e))
		}
	})
	if allocs != 0 {
		t.Errorf("Log allocates %v times per call", allocs)
	}
	if n := testing.AllocsPerRun(10, func() { m = NewMultiplier(sink) }); n != 1 {
		t.Errorf("NewMultiplier allocates %v times, want once", n)
	}
}

func FuzzMul(f *testing.F) {
	f.Add(uint64(5), uint64(8), uint64(0))
	f.Add(uint64(3141), uint64(5926), uint64(1))
	f.Add(uint64(1)<<32, uint64(1)<<32, ^uint64(0))
	f.Add(^uint64(0), ^uint64(0), uint64(1)<<63)
	f.Fuzz(func(t *testing.T, a, b, c uint64) {
		p := Mul(a, b)
		if want := mulRecursive(a, b, 64); p != want {
			t.Fatalf("Mul(%#x, %#x) = %#x, want %#x", a, b, p, want)
		}
		if Mul(a, b^c) != p^Mul(a, c) {
			t.Fatalf("not distributive at %#x, %#x, %#x", a, b, c)
		}
		if b != 0 {
			if q, err := Div(p, b); err != nil || q != a {
				t.Fatalf("Div(%#x, %#x) = %#x, %v, want %#x", p, b, q, err, a)
			}
		}
		if Sqrt(Square(a)) != a {
			t.Fatalf("Sqrt(Square(%#x)) = %#x", a, Sqrt(Square(a)))
		}
	})
}
