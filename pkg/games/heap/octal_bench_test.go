package heap

import (
	"strconv"
	"testing"
)

// BenchmarkTakeBreak compares the sparse-space method with the plain
// definition on the same games and sizes.
func BenchmarkTakeBreak(b *testing.B) {
	for _, code := range []string{"0.16", Kayles, DawsonsKayles, "0x0.B7"} {
		c, err := ParseCode(code)
		if err != nil {
			b.Fatal(err)
		}
		for _, n := range []int{1_000, 10_000, 100_000} {
			if !c.IsOctal() && n > 1_000 {
				continue
			}
			b.Run(code+"/sparse/"+strconv.Itoa(n), func(b *testing.B) {
				for b.Loop() {
					if _, err := TakeBreak(c, n); err != nil {
						b.Fatal(err)
					}
				}
			})
			if n <= 10_000 {
				b.Run(code+"/naive/"+strconv.Itoa(n), func(b *testing.B) {
					for b.Loop() {
						naiveTakeBreak(c, n)
					}
				})
			}
		}
	}
}

// BenchmarkOctalPeriod proves long periods: 0.16 (preperiod 105351, period
// 149459, 509622 values), .56 (326640, 144) and .376 (2268248, 4, 4.5
// million values).
func BenchmarkOctalPeriod(b *testing.B) {
	for _, code := range []string{DawsonsKayles, "0.16", ".56", ".376"} {
		b.Run(code, func(b *testing.B) {
			for b.Loop() {
				if _, err := OctalPeriod(code, 5_000_000); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
