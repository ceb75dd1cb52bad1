package nimber

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

var sink uint64

// operands returns 1024 random values below 2^width.
func operands(width int) []uint64 {
	r := rand.New(rand.NewPCG(uint64(width), 99))
	xs := make([]uint64, 1024)
	for i := range xs {
		xs[i] = r.Uint64() >> (64 - width)
	}
	return xs
}

// measure times f on consecutive pairs of xs.
func measure(b *testing.B, xs []uint64, f func(x, y uint64) uint64) {
	var s uint64
	i := 0
	for b.Loop() {
		s ^= f(xs[i&1023], xs[(i+1)&1023])
		i++
	}
	sink = s
}

// BenchmarkMul measures one product of random operands of each width; the
// 64-bit case is the figure quoted in the package documentation.
func BenchmarkMul(b *testing.B) {
	for _, width := range []int{8, 16, 32, 64} {
		b.Run(strconv.Itoa(width), func(b *testing.B) { measure(b, operands(width), Mul) })
	}
}

func BenchmarkMultiplier(b *testing.B) {
	xs := operands(64)
	m := NewMultiplier(xs[0])
	measure(b, xs, func(x, _ uint64) uint64 { return m.Mul(x) })
}

func BenchmarkUnary(b *testing.B) {
	ops := []struct {
		name string
		f    func(uint64) uint64
	}{
		{"Square", Square},
		{"Sqrt", Sqrt},
		{"Inv", func(a uint64) uint64 { r, _ := Inv(a | 1); return r }},
		{"Pow", func(a uint64) uint64 { return Pow(a, a) }},
		{"Order", Order},
	}
	for _, op := range ops {
		b.Run(op.name, func(b *testing.B) {
			measure(b, operands(64), func(x, _ uint64) uint64 { return op.f(x) })
		})
	}
}
