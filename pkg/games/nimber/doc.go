// Package nimber computes in the field of nimbers below 2^64: the numbers
// 0, 1, ..., 2^64-1 with nim-addition (bitwise XOR) and nim-multiplication,
// Conway's field of characteristic 2 in which the Grundy value of a product
// of coin-turning games is the product of the values of its factors.
//
//	p := nimber.Mul(3141, 5926)   // 14994
//	q, err := nimber.Div(p, 5926) // 3141
//
// Every function takes and returns uint64 values; none allocates and all are
// safe for concurrent use. Addition and subtraction are the same operation,
// Add (XOR). Mul is table-driven and takes about ten nanoseconds: it splits
// its operands twice (64 to 32 to 16 bits, Karatsuba style, three products at
// each level) and multiplies in the subfield of 2^16 nimbers with logarithm
// tables. Square and Sqrt are linear maps (the Frobenius automorphism and its
// inverse) and read eight bytes of tables each. A Multiplier multiplies many
// values by the same one in a few nanoseconds.
//
// The multiplicative group is cyclic of order 2^64-1 = 3·5·17·257·641·65537·
// 6700417: Order finds the order of an element and Log the discrete
// logarithm (Pohlig–Hellman over those primes) in about 0.2 ms.
//
// Division by zero is an error (Inv(0) and Div(a, 0) return
// ErrDivisionByZero), and so is a logarithm that does not exist (ErrNoLog).
//
// The field's structure: the Fermat 2-powers F = 2^(2^k) satisfy F⊗F = F⊕F/2
// and F⊗x = F·x for x < F, so the nimbers below F² are the quadratic
// extension of those below F by a root X of X² = X + F/2. The tables are
// built from that recursion when the package is initialized, in about two
// milliseconds, most of it the first touch of their 650 KiB; the tests check
// the recursion against the definition of the product as a mex:
// a⊗b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b}.
package nimber
