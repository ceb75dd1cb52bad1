package heap

import (
	"strconv"

	"github.com/grundylab/grundy/pkg/games/internal/gameerr"
)

// ProperDivisor returns g(0), ..., g(n) for Divisor Nim, the heap game of
// Project Euler 509: a move takes d tokens from a heap of h where d is a
// proper divisor of h (d divides h and d < h). A heap of 0 or 1 tokens has no
// move.
//
// Errors name ProperDivisor and n.
func ProperDivisor(n int) (Sequence, error) {
	if err := checkSize(n); err != nil {
		return nil, gameerr.New("heap.ProperDivisor", strconv.Itoa(n), err)
	}
	spf := smallestPrimeFactors(n)
	var divs []int
	g, err := compute(n, func(h int, dst []int) []int {
		if h < 2 {
			return dst
		}
		divs = divisors(h, spf, divs[:0])
		for _, d := range divs {
			if d < h {
				dst = append(dst, h-d)
			}
		}
		return dst
	})
	if err != nil {
		return nil, gameerr.New("heap.ProperDivisor", strconv.Itoa(n), err)
	}
	return g, nil
}

// smallestPrimeFactors returns spf with spf[k] the least prime factor of k,
// for 2 <= k <= n.
func smallestPrimeFactors(n int) []int32 {
	spf := make([]int32, n+1)
	for k := 2; k <= n; k++ {
		if spf[k] != 0 {
			continue
		}
		for j := k; j <= n; j += k {
			if spf[j] == 0 {
				spf[j] = int32(k)
			}
		}
	}
	return spf
}

// divisors appends the divisors of h >= 1 to dst, in no particular order,
// using its factorisation from spf.
func divisors(h int, spf []int32, dst []int) []int {
	dst = append(dst, 1)
	for h > 1 {
		p := int(spf[h])
		e := 0
		for h%p == 0 {
			h /= p
			e++
		}
		n := len(dst)
		pk := 1
		for range e {
			pk *= p
			for _, d := range dst[:n] {
				dst = append(dst, d*pk)
			}
		}
	}
	return dst
}
