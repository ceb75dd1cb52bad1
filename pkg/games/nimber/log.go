package nimber

import (
	"errors"
	"fmt"

	"github.com/grundylab/grundy/pkg/games"
)

// ErrNoLog is wrapped by the error of Log when a is not a power of the base.
var ErrNoLog = errors.New("not a power of the base")

// Log returns the discrete logarithm of a to the base g: the least e >= 0
// with Pow(g, e) = a, which for g != 0 is below Order(g). It returns an error
// wrapping ErrNoLog when there is none: a is 0 (and g is not), a lies outside
// the subgroup g generates, or g is 0 and a is neither 0 nor 1.
//
// The multiplicative group has order 2^64-1, the product of seven distinct
// primes, so the Pohlig–Hellman reduction splits the problem into one per
// prime q dividing Order(g), inside the subgroup of order q; each is solved by
// baby-step giant-step in at most 2s products, s the least integer with
// s² >= q (s <= 2589), and the Chinese remainder theorem joins the answers.
// It does not allocate unless it returns an error.
func Log(g, a uint64) (uint64, error) {
	if g == 0 {
		// Pow(0, 0) = 1 and Pow(0, e) = 0 for every e >= 1.
		switch a {
		case 1:
			return 0, nil
		case 0:
			return 1, nil
		}
		return 0, noLog(g, a)
	}
	if a == 0 {
		return 0, noLog(g, a)
	}
	n := Order(g)
	var e uint64 // e mod the product of the primes done so far, which is m
	m := uint64(1)
	var baby babySteps // on the stack, shared by the primes
	for _, q := range groupPrimes {
		if n%q != 0 {
			continue
		}
		x, ok := baby.log(Pow(g, n/q), Pow(a, n/q), q)
		if !ok {
			return 0, noLog(g, a)
		}
		// Join e mod m and x mod q into e' mod m·q: e' = e + m·t with
		// m·t ≡ x - e (mod q).
		t := (x + q - e%q) % q * powMod(m%q, q-2, q) % q
		e += m * t
		m *= q
	}
	if Pow(g, e) != a {
		return 0, noLog(g, a)
	}
	return e, nil
}

// noLog returns the error of Log(g, a) when a is not a power of g: the
// input is a, in hexadecimal as nimbers are usually written.
func noLog(g, a uint64) error {
	return &games.Error{Func: "nimber.Log", Input: fmt.Sprintf("%#x", a), Err: fmt.Errorf("%w %#x", ErrNoLog, g)}
}

// maxBabySteps is the most baby steps a logarithm takes: the least s with
// s·s >= 6700417, the largest prime of the group's order.
const maxBabySteps = 2589

// babySlots is the size of the hash table of the baby steps, a power of two
// that keeps it at most two thirds full.
const babySlots = 4096

// babySteps holds the baby steps g^j, j < s, of one logarithm by open
// addressing: key[i] is a power of g, 0 for an empty slot (no power of a
// non-zero nimber is 0), and exp[i] its exponent j. Log keeps it on its
// stack, 40 KiB, so that a logarithm does not allocate.
type babySteps struct {
	key [babySlots]uint64
	exp [babySlots]uint16
}

// slot returns the first slot for x in a table of 2^size slots.
func slot(x uint64, size uint) uint64 { return x * 0x9E3779B97F4A7C15 >> (64 - size) }

// log returns the x in [0, q) with Pow(g, x) = a, where g has prime order
// q, by baby-step giant-step, and whether there is one.
func (b *babySteps) log(g, a, q uint64) (uint64, bool) {
	s := uint64(1) // the steps: s*s >= q
	for s*s < q {
		s++
	}
	size := uint(1) // the table has 2^size slots, at least 1.5·s
	for 1<<size < 3*s/2+1 {
		size++
	}
	mask := uint64(1)<<size - 1
	clear(b.key[:1<<size])
	// The powers g^j for j < s <= q are distinct: each goes in once.
	p := uint64(1)
	for j := range s {
		i := slot(p, size)
		for b.key[i] != 0 {
			i = (i + 1) & mask
		}
		b.key[i], b.exp[i] = p, uint16(j)
		p = Mul(p, g)
	}
	giant, _ := Inv(p) // g^-s; p = g^s is not 0
	for i := range s {
		for k := slot(a, size); b.key[k] != 0; k = (k + 1) & mask {
			if b.key[k] == a {
				return i*s + uint64(b.exp[k]), true
			}
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
