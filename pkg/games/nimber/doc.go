// Package nimber computes in the field of nimbers below 2^64: the numbers
// 0, 1, ..., 2^64-1 with nim-addition (bitwise XOR) and nim-multiplication,
// Conway's field of characteristic 2 (On Numbers and Games, ch. 6, "The
// Curious Field On2"), in which the Grundy value of a product of
// coin-turning games is the product of the values of its factors (package
// coins proves it).
//
//	p := nimber.Mul(3141, 5926)   // 14994
//	q, err := nimber.Div(p, 5926) // 3141
//
// Every function takes and returns uint64 values and is safe for concurrent
// use. None allocates, but NewMultiplier, which allocates the tables of the
// Multiplier it returns, and Log when it returns an error; a test holds the
// others to that, Inv(0), Div(a, 0) and a successful Log included.
// Addition and subtraction are the same operation, Add (XOR). Mul is
// table-driven: it splits its operands twice (64 to 32 to 16 bits,
// Karatsuba style, three products at each level) and multiplies in the
// subfield of 2^16 nimbers with logarithm tables, 28 table lookups in all
// for operands of more than 32 bits. Square and Sqrt are linear maps (the
// Frobenius automorphism and its inverse) and make eight lookups each, one
// per byte of the operand; so does a Multiplier, which multiplies many
// values by the same one. BenchmarkMul, BenchmarkMultiplier and
// BenchmarkUnary time them.
//
// The multiplicative group is cyclic of order 2^64-1 = 3·5·17·257·641·65537·
// 6700417: Order finds the order of an element and Log the discrete
// logarithm (Pohlig–Hellman over those primes, then baby-step giant-step
// for each, at most 2·2589 products for the largest; BenchmarkLog times
// it).
//
// Division by zero is an error (Inv(0) and Div(a, 0) return errors wrapping
// ErrDivisionByZero), and so is a logarithm that does not exist (ErrNoLog).
// Errors are *games.Error values, like *strconv.NumError: the function, the
// input (the zero divisor, or the a of Log(g, a)) and the cause, which
// begins with the sentinel it wraps for errors.Is:
//
//	nimber.Log "0x5": not a power of the base 0x0
//
// The field's structure: the Fermat 2-powers F = 2^(2^k) satisfy F⊗F = F⊕F/2
// and F⊗x = F·x for x < F, so the nimbers below F² are the quadratic
// extension of those below F by a root X of X² = X + F/2. The tables, 1.2 MB
// (a test checks their size), are built from that recursion when the
// package is initialized; the tests check the recursion against the
// definition of the product as a mex:
// a⊗b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b}.
package nimber
