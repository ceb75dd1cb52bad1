package nimber

import "math/bits"

// The subfield of the nimbers below 2^16 has a cyclic multiplicative group of
// order16 elements. Its products go through logarithms to the base
// generator16: a⊗b = exp16[log16[a]+log16[b]].
const (
	order16     = 1<<16 - 1
	generator16 = 258 // the least primitive element; TestTables checks it

	// zeroLog is log16[0]: a sum of logarithms that involves it lands past
	// every sum of three true logarithms, in the part of exp16 that holds
	// zeros, so products with a zero factor need no branch.
	zeroLog = 3 * order16

	// logC1 and logC2 are the logarithms of 2^15 and of 2^15⊗2^15, the
	// constants of the quadratic extensions from 16 to 32 and from 32 to 64
	// bits. Adding them to a sum of logarithms multiplies by the constant
	// without another lookup. A test checks them against the tables.
	logC1 = 62133
	logC2 = 58731
)

var (
	// log16[a] is the logarithm of a non-zero a < 2^16; log16[0] is zeroLog.
	log16 [1 << 16]uint32
	// exp16[i] is generator16 to the power i for i < zeroLog, and 0 above:
	// indices are sums of two logarithms and at most one constant.
	exp16 [2*zeroLog + order16]uint16

	squareMap linearMap // a -> a⊗a
	sqrtMap   linearMap // its inverse, a -> a^(2^63)
)

func init() {
	buildLogTables()
	var squares, roots [64]uint64
	for i := range squares {
		squares[i] = Mul(1<<i, 1<<i)
	}
	squareMap.build(&squares)
	// In a field of 2^64 elements a^(2^64) = a, so the square root of a is
	// a^(2^63): 63 squarings.
	for i := range roots {
		r := uint64(1) << i
		for range 63 {
			r = squareMap.apply(r)
		}
		roots[i] = r
	}
	sqrtMap.build(&roots)
}

// buildLogTables fills log16 and exp16 by walking the powers of generator16,
// multiplying by it through two byte tables built with mulRecursive.
func buildLogTables() {
	var basis [16]uint16 // basis[i] = 2^i ⊗ generator16
	for i := range basis {
		basis[i] = uint16(mulRecursive(1<<i, generator16, 16))
	}
	var byGen [2][256]uint16
	for half := range byGen {
		for v := 1; v < 256; v++ {
			low := bits.TrailingZeros(uint(v))
			byGen[half][v] = byGen[half][v&(v-1)] ^ basis[8*half+low]
		}
	}
	x := uint16(1)
	for i := range order16 {
		exp16[i] = x
		log16[x] = uint32(i)
		x = byGen[0][uint8(x)] ^ byGen[1][x>>8]
	}
	if x != 1 || log16[1] != 0 {
		panic("nimber: generator16 is not primitive")
	}
	log16[0] = zeroLog
	copy(exp16[order16:], exp16[:order16])
	copy(exp16[2*order16:], exp16[:order16])
}

// mulRecursive returns a⊗b for a, b < 2^width, width a power of two, straight
// from the structure of the field: with X = 2^(width/2) and c = X/2,
//
//	(aH·X + aL)⊗(bH·X + bL) = (m ⊕ l)·X + (l ⊕ aH⊗bH⊗c),
//	m = (aH⊕aL)⊗(bH⊕bL), l = aL⊗bL,
//
// down to single bits. It is slow (4^6 bit products for 64 bits) and serves
// to build the tables and as the reference the tests hold Mul to.
func mulRecursive(a, b uint64, width uint) uint64 {
	if width == 1 {
		return a & b
	}
	half := width / 2
	mask := uint64(1)<<half - 1
	aH, aL, bH, bL := a>>half, a&mask, b>>half, b&mask
	m := mulRecursive(aH^aL, bH^bL, half)
	l := mulRecursive(aL, bL, half)
	h := mulRecursive(mulRecursive(aH, bH, half), 1<<(half-1), half)
	return (m^l)<<half | (l ^ h)
}

// A linearMap is a GF(2)-linear map of 64-bit values, tabulated by byte: the
// image of x is the XOR of t[j][byte j of x].
type linearMap [8][256]uint64

// build tabulates the linear map that sends 1<<i to image[i].
func (t *linearMap) build(image *[64]uint64) {
	for j := range t {
		for v := 1; v < 256; v++ {
			low := bits.TrailingZeros(uint(v))
			t[j][v] = t[j][v&(v-1)] ^ image[8*j+low]
		}
	}
}

func (t *linearMap) apply(x uint64) uint64 {
	return t[0][uint8(x)] ^ t[1][uint8(x>>8)] ^ t[2][uint8(x>>16)] ^ t[3][uint8(x>>24)] ^
		t[4][uint8(x>>32)] ^ t[5][uint8(x>>40)] ^ t[6][uint8(x>>48)] ^ t[7][uint8(x>>56)]
}
