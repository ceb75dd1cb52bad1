package nimber

import (
	"errors"

	"github.com/grundylab/grundy/pkg/games"
)

// ErrDivisionByZero is returned by Inv and Div for a zero divisor.
var ErrDivisionByZero = errors.New("nimber division by zero")

// The errors of Inv(0) and Div(a, 0), made once so that returning them
// does not allocate; the input is the zero divisor.
var (
	errInverseOfZero error = &games.Error{Func: "nimber.Inv", Input: "0", Err: ErrDivisionByZero}
	errDivideByZero  error = &games.Error{Func: "nimber.Div", Input: "0", Err: ErrDivisionByZero}
)

// Add returns the nim-sum a⊕b, the bitwise XOR. It is also the difference
// of a and b: every nimber is its own negative.
func Add(a, b uint64) uint64 { return a ^ b }

// Mul returns the nim-product a⊗b.
func Mul(a, b uint64) uint64 {
	aH, aL, bH, bL := uint32(a>>32), uint32(a), uint32(b>>32), uint32(b)
	if aH|bH == 0 {
		return uint64(mul32(aL, bL))
	}
	// Karatsuba over X = 2^32, X⊗X = X ⊕ 2^31: three products of halves.
	l := mul32(aL, bL)
	m := mul32(aH^aL, bH^bL)
	return uint64(m^l)<<32 | uint64(l^mul32Times31(aH, bH))
}

// mul32 returns x⊗y for 32-bit x and y, Karatsuba over X = 2^16 with
// X⊗X = X ⊕ 2^15: three products of 16-bit halves from the logarithm
// tables, the constant 2^15 folded into a logarithm.
func mul32(x, y uint32) uint32 {
	s, t := uint16(x^x>>16), uint16(y^y>>16)
	l := exp16[log16[uint16(x)]+log16[uint16(y)]]
	h := exp16[log16[x>>16]+log16[y>>16]+logC1]
	return uint32(exp16[log16[s]+log16[t]]^l)<<16 | uint32(l^h)
}

// mul32Times31 returns x⊗y⊗2^31 for 32-bit x and y. With p = x⊗y written
// over X = 2^16 from m = (x0⊕x1)⊗(y0⊕y1), l = x0⊗y0, h = x1⊗y1, and
// 2^31 = c·X for c = 2^15:
//
//	p⊗c·X = (m⊗c ⊕ h⊗c⊗c)·X ⊕ (m⊗c⊗c ⊕ l⊗c⊗c),
//
// four lookups with the constants folded into the logarithms.
func mul32Times31(x, y uint32) uint32 {
	m := log16[uint16(x^x>>16)] + log16[uint16(y^y>>16)]
	hi := exp16[m+logC1] ^ exp16[log16[x>>16]+log16[y>>16]+logC2]
	return uint32(hi)<<16 | uint32(exp16[m+logC2]^exp16[log16[uint16(x)]+log16[uint16(y)]+logC2])
}

// Square returns a⊗a. Squaring is additive in characteristic 2, so Square is
// a table-driven linear map: eight lookups, where Mul(a, a) makes up to 28.
func Square(a uint64) uint64 { return squareMap.apply(a) }

// Sqrt returns the square root of a: the unique r with r⊗r = a. Every nimber
// has one.
func Sqrt(a uint64) uint64 { return sqrtMap.apply(a) }

// Inv returns the nim-reciprocal of a, the r with a⊗r = 1. It returns an
// error wrapping ErrDivisionByZero if a is zero.
//
// It divides the conjugate aH·X + (aH⊕aL) of a = aH·X + aL by the norm
// a⊗conjugate, which lies in the 32-bit subfield, and recurses there.
func Inv(a uint64) (uint64, error) {
	if a == 0 {
		return 0, errInverseOfZero
	}
	aH, aL := uint32(a>>32), uint32(a)
	r := inv32(mul32Times31(aH, aH) ^ mul32(aH, aL) ^ mul32(aL, aL))
	return uint64(mul32(aH, r))<<32 | uint64(mul32(aH^aL, r)), nil
}

// inv32 returns the reciprocal of a non-zero 32-bit x by the same conjugate
// and norm, the norm now in the 16-bit subfield of the logarithm tables.
func inv32(x uint32) uint32 {
	x0, x1 := uint16(x), uint16(x>>16)
	l0, l1 := log16[x0], log16[x1]
	norm := exp16[2*l1+logC1] ^ exp16[l1+l0] ^ exp16[2*l0]
	r := order16 - log16[norm] // the logarithm of 1/norm
	return uint32(exp16[l1+r])<<16 | uint32(exp16[log16[x0^x1]+r])
}

// Div returns a⊗b⁻¹, the q with q⊗b = a. It returns an error wrapping
// ErrDivisionByZero if b is zero.
func Div(a, b uint64) (uint64, error) {
	if b == 0 {
		return 0, errDivideByZero
	}
	r, _ := Inv(b)
	return Mul(a, r), nil
}

// Pow returns a to the nim-power e: the product of e factors a. Pow(a, 0) is
// 1 for every a, 0 included.
func Pow(a, e uint64) uint64 {
	r := uint64(1)
	for ; e != 0; e >>= 1 {
		if e&1 != 0 {
			r = Mul(r, a)
		}
		a = Square(a)
	}
	return r
}

// groupPrimes are the prime factors of 2^64-1, the order of the
// multiplicative group of the nimbers below 2^64; each divides it once.
var groupPrimes = [...]uint64{3, 5, 17, 257, 641, 65537, 6700417}

// Order returns the multiplicative order of a: the least n >= 1 with
// Pow(a, n) = 1. It divides 2^64-1. Zero has no order; Order(0) is 0.
func Order(a uint64) uint64 {
	if a == 0 {
		return 0
	}
	n := ^uint64(0)
	for _, p := range groupPrimes {
		if Pow(a, n/p) == 1 {
			n /= p
		}
	}
	return n
}
