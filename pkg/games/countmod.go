package games

import (
	"math/big"
	"math/bits"
)

// Arithmetic modulo any M < 2^64, with exact division by integers that share
// factors with M.
//
// A binomial coefficient grows by a factor a/b at each step of the sums of
// count.go, and b need not be invertible modulo M. A residue is therefore
// kept as (u/d)·Π p_i^{e_i}, the p_i the primes of M and u, d units modulo
// M: multiplying by a moves the p_i-parts of a into the exponents and the
// rest into u; dividing by b subtracts exponents and multiplies d by b's part
// prime to M. The quotient being an integer, no exponent goes negative, and
// an exponent never exceeds 2·63 (Kummer: the p-adic valuation of C(n, r) is
// the number of carries when r and n-r are added in base p, at most the
// number of base-p digits of n; every n here is below 2^63, so a residue's
// exponent is at most 63 and a product's at most 2·63), so the powers of the
// p_i come from a table. Sums of products are fractions too, n/d with d a
// unit: each coefficient needs one modular inverse, at the end of its walk.

// mulMod returns a·b mod m for a, b < m.
func mulMod(a, b, m uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	_, r := bits.Div64(hi, lo, m)
	return r
}

// addMod returns a+b mod m for a, b < m.
func addMod(a, b, m uint64) uint64 {
	s, carry := bits.Add64(a, b, 0)
	if carry != 0 || s >= m {
		s -= m
	}
	return s
}

// subMod returns a-b mod m for a, b < m.
func subMod(a, b, m uint64) uint64 {
	if a >= b {
		return a - b
	}
	return a + (m - b)
}

// powMod returns b^e mod m for b < m.
func powMod(b, e, m uint64) uint64 {
	r := 1 % m
	for ; e != 0; e >>= 1 {
		if e&1 != 0 {
			r = mulMod(r, b, m)
		}
		b = mulMod(b, b, m)
	}
	return r
}

// invMod returns the inverse of a unit a modulo m by the extended Euclidean
// algorithm, its coefficients kept modulo m.
func invMod(a, m uint64) uint64 {
	r0, r1 := m, a%m
	s0, s1 := uint64(0), 1%m
	for r1 != 0 {
		q := r0 / r1
		r0, r1 = r1, r0-q*r1
		s0, s1 = s1, subMod(s0, mulMod(q%m, s1, m), m)
	}
	return s0
}

// modRing is the arithmetic modulo m of the residues below.
type modRing struct {
	m      uint64
	primes []uint64   // the prime factors of m
	powers [][]uint64 // powers[i][e] = primes[i]^e mod m, e <= maxExp
}

// maxExp bounds the exponents of a product of two residues.
const maxExp = 2 * 64

func newModRing(m uint64) *modRing {
	r := &modRing{m: m, primes: primeFactors(m)}
	for _, p := range r.primes {
		pw := make([]uint64, maxExp+1)
		pw[0] = 1 % m
		for e := 1; e <= maxExp; e++ {
			pw[e] = mulMod(pw[e-1], p%m, m)
		}
		r.powers = append(r.powers, pw)
	}
	return r
}

// A residue is (u/d)·Π primes[i]^e[i] modulo the ring's m, u and d units.
type residue struct {
	u, d uint64
	e    []uint64
}

func (r *modRing) one() *residue {
	return &residue{u: 1 % r.m, d: 1 % r.m, e: make([]uint64, len(r.primes))}
}

// scale multiplies x by a/b, a and b positive, where the result is known to
// be an integer.
func (r *modRing) scale(x *residue, a, b uint64) {
	for i, p := range r.primes {
		for a%p == 0 {
			a /= p
			x.e[i]++
		}
		for b%p == 0 {
			b /= p
			x.e[i]--
		}
	}
	x.u = mulMod(x.u, a%r.m, r.m)
	x.d = mulMod(x.d, b%r.m, r.m)
}

// A fraction is n/d modulo the ring's m, d a unit.
type fraction struct{ n, d uint64 }

// addMul adds ±x·y to s.
func (r *modRing) addMul(s *fraction, x, y *residue, neg bool) {
	n := mulMod(x.u, y.u, r.m)
	for i, pw := range r.powers {
		if e := x.e[i] + y.e[i]; e != 0 {
			n = mulMod(n, pw[e], r.m)
		}
	}
	d := mulMod(x.d, y.d, r.m)
	// n_s/d_s ± n/d = (n_s·d ± n·d_s) / (d_s·d)
	left, right := mulMod(s.n, d, r.m), mulMod(n, s.d, r.m)
	if neg {
		s.n = subMod(left, right, r.m)
	} else {
		s.n = addMod(left, right, r.m)
	}
	s.d = mulMod(s.d, d, r.m)
}

// value returns the fraction modulo m.
func (r *modRing) value(s *fraction) uint64 {
	return mulMod(s.n, invMod(s.d, r.m), r.m)
}

// primeFactors returns the distinct prime factors of n in increasing order.
func primeFactors(n uint64) []uint64 {
	var ps []uint64
	for _, p := range []uint64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37} {
		if n%p == 0 {
			ps = append(ps, p)
			for n%p == 0 {
				n /= p
			}
		}
	}
	var split func(n uint64)
	split = func(n uint64) {
		if n == 1 {
			return
		}
		if new(big.Int).SetUint64(n).ProbablyPrime(0) { // exact below 2^64
			ps = append(ps, n)
			return
		}
		d := rho(n)
		for n%d == 0 {
			n /= d
		}
		// d may be composite, and its primes may divide n again.
		before := len(ps)
		split(d)
		for _, p := range ps[before:] {
			for n%p == 0 {
				n /= p
			}
		}
		split(n)
	}
	split(n)
	// Sort: the few primes arrive nearly in order.
	for i := 1; i < len(ps); i++ {
		for j := i; j > 0 && ps[j] < ps[j-1]; j-- {
			ps[j], ps[j-1] = ps[j-1], ps[j]
		}
	}
	return ps
}

// rho returns a non-trivial factor of the odd composite n with no prime
// factor below 41, by Pollard's rho method with Brent's cycle detection and
// batched gcds.
func rho(n uint64) uint64 {
	for c := uint64(1); ; c++ {
		f := func(x uint64) uint64 { return addMod(mulMod(x, x, n), c, n) }
		y, g, q := uint64(2), uint64(1), uint64(1)
		var x, ys uint64
		for r := uint64(1); g == 1; r <<= 1 {
			x = y
			for range r {
				y = f(y)
			}
			for k := uint64(0); k < r && g == 1; k += 128 {
				ys = y
				for i := uint64(0); i < min(128, r-k); i++ {
					y = f(y)
					q = mulMod(q, diff(x, y), n)
				}
				g = gcd(q, n)
			}
		}
		if g == n {
			// The batch overshot: step one at a time from its start.
			for g = 1; g == 1; {
				ys = f(ys)
				g = gcd(diff(x, ys), n)
			}
		}
		if g != n {
			return g
		}
	}
}

func diff(a, b uint64) uint64 {
	if a > b {
		return a - b
	}
	return b - a
}

func gcd(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
