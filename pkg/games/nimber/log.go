package nimber

import (
	"errors"
	"fmt"
)

// ErrNoLog is wrapped by the error of Log when a is not a power of the base.
var ErrNoLog = errors.New("not a power of the base")

// Log returns the discrete logarithm of a to the base g: the least e >= 0
// with Pow(g, e) = a, which is below Order(g). It returns an error wrapping
// ErrNoLog when there is none: a is 0 (and g is not), or a lies outside the
// subgroup g generates.
//
// The multiplicative group has order 2^64-1, the product of seven distinct
// primes, so the Pohlig–Hellman reduction splits the problem into one per
// prime q dividing Order(g), inside the subgroup of order q; each is solved by
// baby-step giant-step in about 2√q products (q <= 6700417), and the Chinese
// remainder theorem joins the answers. A logarithm costs well under a
// millisecond.
func Log(g, a uint64) (uint64, error) {
	if g == 0 {
		// Pow(0, 0) = 1 and Pow(0, e) = 0 for every e >= 1.
		switch a {
		case 1:
			return 0, nil
		case 0:
			return 1, nil
		}
		return 0, fmt.Errorf("nimber: log of %#x to the base 0: %w", a, ErrNoLog)
	}
	if a == 0 {
		return 0, fmt.Errorf("nimber: log of 0 to the base %#x: %w", g, ErrNoLog)
	}
	n := Order(g)
	var e uint64 // e mod the product of the primes done so far, which is m
	m := uint64(1)
	for _, q := range groupPrimes {
		if n%q != 0 {
			continue
		}
		x, ok := logPrime(Pow(g, n/q), Pow(a, n/q), q)
		if !ok {
			return 0, fmt.Errorf("nimber: log of %#x to the base %#x: %w", a, g, ErrNoLog)
		}
		// Join e mod m and x mod q into e' mod m·q: e' = e + m·t with
		// m·t ≡ x - e (mod q).
		t := (x + q - e%q) % q * powMod(m%q, q-2, q) % q
		e += m * t
		m *= q
	}
	if Pow(g, e) != a {
		return 0, fmt.Errorf("nimber: log of %#x to the base %#x: %w", a, g, ErrNoLog)
	}
	return e, nil
}

// logPrime returns the x in [0, q) with Pow(g, x) = a, where g has prime
// order q, by baby-step giant-step, and whether there is one.
func logPrime(g, a, q uint64) (uint64, bool) {
	s := uint64(1) // the steps: s*s >= q
	for s*s < q {
		s++
	}
	baby := make(map[uint64]uint64, s)
	p := uint64(1)
	for j := range s {
		if _, seen := baby[p]; !seen {
			baby[p] = j
		}
		p = Mul(p, g)
	}
	giant, _ := Inv(p) // g^-s; p = g^s is not 0
	for i := range s {
		if j, ok := baby[a]; ok {
			return i*s + j, true
		}
		a = Mul(a, giant)
	}
	return 0, false
}

// powMod returns b^e mod m for m < 2^32.
func powMod(b, e, m uint64) uint64 {
	r := uint64(1) % m
	for ; e != 0; e >>= 1 {
		if e&1 != 0 {
			r = r * b % m
		}
		b = b * b % m
	}
	return r
}
