package heap

import "github.com/grundylab/grundy/pkg/games/internal/gameerr"

// TakeBreak returns g(0), ..., g(n) for the take-and-break game of code c.
//
// For octal codes that take at most 14 tokens it uses the sparse-space
// method of Winning Ways (see sparse.go), which costs about O(n·r) for r the
// number of heaps with "rare" values, instead of the O(n²) of trying every
// way to split every heap, which longer codes cost. For octal games with
// a sparse space, such as 0.16, r stays in the tens and the sequence comes
// out in close to linear time; games without one cost about what the plain
// definition costs. Moves into three heaps (hexadecimal digits 8-F) cost
// O(n·v) per heap, v being the number of possible values.
//
// Errors name TakeBreak and the code.
func TakeBreak(c Code, n int) (Sequence, error) {
	if err := checkSize(n); err != nil {
		return nil, gameerr.New("heap.TakeBreak", c.String(), err)
	}
	return takeBreakSequence(c, n), nil
}

// takeBreakSequence returns g(0), ..., g(n) for n checked by checkSize.
func takeBreakSequence(c Code, n int) Sequence {
	t := newTakeBreak(c)
	t.extend(n + 1)
	return t.g
}

// Octal returns g(0), ..., g(n) for the take-and-break game of a code in the
// notation of ParseRule: Octal("0.07", n) gives Dawson's Kayles and
// Octal(GrundysGame, n) Grundy's game. Finite codes whose moves leave at
// most two heaps, modifiers and splits that take nothing included, are
// played by the rare/common engine of OctalValues (compact_engine.go),
// with its helper goroutine when GOMAXPROCS allows two: Grundy's game,
// with about 1,270 rare heaps, costs per heap its pairs with the rare
// heaps and, for each value they leave open, a scan for a witness, which a
// witness remembered from an earlier heap often makes unnecessary. Codes with moves into three heaps go to TakeBreak. The others are
// played by the engine of Split: splits into three or more heaps with a
// modifier are enumerated one by one, about m^(k-1)/(k!(k-1)!) of them for
// k heaps of m tokens; and splits into three or more heaps of any sizes,
// however many, cost O(n·v/64) per heap and number of heaps, from the sets
// of values of the splits of smaller heaps (v the largest value). Their
// work is capped at MaxMoves: past it the error wraps ErrTooManyMoves.
// Errors name Octal and the code as given.
func Octal(code string, n int) (Sequence, error) {
	g, err := octal(code, n)
	if err != nil {
		return nil, gameerr.New("heap.Octal", code, err)
	}
	return g, nil
}

func octal(code string, n int) (Sequence, error) {
	r, err := parseRule(code)
	if err != nil {
		return nil, err
	}
	if err := checkSize(n); err != nil {
		return nil, err
	}
	if c, ok := r.Code(); ok && !c.IsOctal() {
		return takeBreakSequence(c, n), nil
	}
	return ruleSequence(r, n, MaxMoves)
}
