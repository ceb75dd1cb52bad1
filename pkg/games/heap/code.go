package heap

import (
	"errors"
	"fmt"
	"strings"

	"github.com/grundylab/grundy/pkg/games/internal/gameerr"
)

// Codes of classic take-and-break games, in the notation ParseRule reads;
// those without a modifier or a repeating part are also Codes.
const (
	// Kayles: knock down one pin or two adjacent pins from a row.
	Kayles = "0.77"
	// DawsonsKayles: knock down two adjacent pins; on heaps it is also the
	// paper-strip game of Project Euler 306 (paint two adjacent squares).
	DawsonsKayles = "0.07"
	// DawsonsChess: Dawson's Kayles played on one heap more; its value on n
	// is Dawson's Kayles' value on n+1.
	DawsonsChess = "0.137"
	// Treblecross: one-dimensional tic-tac-toe where both players play
	// crosses.
	Treblecross = "0.007"
	// GrundysGame: split a heap into two heaps of different sizes.
	GrundysGame = "4!.0"
	// LaskersNim: take any number of tokens from a heap, or split it into
	// two non-empty heaps.
	LaskersNim = "4.[3]"
)

// ErrCode is wrapped by the errors of every function that is given a
// malformed take-and-break code; the rest of the message says where and
// why.
var ErrCode = errors.New("invalid take-and-break code")

// A Code is the rule of a take-and-break game played on heaps of tokens, in
// the digit notation of Winning Ways: d0.d1d2d3... where digit dj says what a
// move that removes j tokens from one heap may leave of it. Bit 1 of dj
// allows leaving no heap (the move takes the whole heap, which must then have
// exactly j tokens), bit 2 leaves one non-empty heap, bit 4 two non-empty
// heaps and bit 8 three. The integer part d0 removes no tokens, so only its
// splitting bits (4 and 8) are moves.
//
// Octal codes have digits 0-7 ("0.07", ".137", "4.7"); the digits 8-F add
// the three-heap moves of hexadecimal codes, written as in CGSuite ("0.F",
// "0.3F") or with the prefix 0x as in Go ("0x0.F", "0x.8", "0x4.B"). A code
// whose digits are all below 8 is the same game in either notation.
//
// Codes are the finite codes without modifiers whose moves leave at most
// three heaps: the games of the sparse-space method (TakeBreak) and of the
// periodicity theorem (OctalPeriod). A Rule holds any code of CGSuite's
// generalised notation.
//
// The zero Code is the game without moves. Codes are comparable: equal codes
// are equal games.
type Code struct {
	// d[j] is digit j, 0 <= d[j] < 16; d has no trailing zeros, which makes
	// the representation of a game unique and the zero Code the game 0.0.
	d string
}

// ParseCode reads a take-and-break code:
//
//	code = [ "0x" | "0X" ] [ digit ] "." digit { digit }
//
// with hexadecimal digits 0-9, A-F, in either case. The integer part, if
// present, is 0, 4, 8 or C. Codes in the wider notation of ParseRule (digits
// from G on, braces, modifiers, repeating parts) are rejected with an error
// that says why they are not Codes. Errors name ParseCode and s, and wrap
// ErrCode.
func ParseCode(s string) (Code, error) {
	c, err := parseCode(s)
	if err != nil {
		return Code{}, gameerr.New("heap.ParseCode", s, err)
	}
	return c, nil
}

// parseCode reads s and returns the reason for rejecting it, wrapping ErrCode.
func parseCode(s string) (Code, error) {
	r, err := parseRule(s)
	if err != nil {
		return Code{}, err
	}
	c, why := r.code()
	if why != "" {
		return Code{}, fmt.Errorf("%w: %s is not a Code (finite, without modifiers, moves into at most three heaps): it %s; Octal computes its values", ErrCode, r, why)
	}
	return c, nil
}

// String returns the code in canonical form: octal if every digit is below
// 8, else hexadecimal with the 0x prefix and capital digits; always with the
// integer part and at least one digit after the point, without trailing
// zeros ("0.07", "4.7", "0x0.F", "0.0" for the game without moves).
func (c Code) String() string {
	var b strings.Builder
	if !c.IsOctal() {
		b.WriteString("0x")
	}
	const hex = "0123456789ABCDEF"
	b.WriteByte(hex[c.Digit(0)])
	b.WriteByte('.')
	if len(c.d) <= 1 {
		b.WriteByte('0')
	}
	for j := 1; j < len(c.d); j++ {
		b.WriteByte(hex[c.d[j]])
	}
	return b.String()
}

// Digit returns d_j, the digit for moves that remove j tokens: 0 for j
// beyond the code or negative.
func (c Code) Digit(j int) int {
	if j < 0 || j >= len(c.d) {
		return 0
	}
	return int(c.d[j])
}

// IsOctal reports whether every move leaves at most two heaps, so that the
// code can be written in octal.
func (c Code) IsOctal() bool {
	for j := range len(c.d) {
		if c.d[j] >= 8 {
			return false
		}
	}
	return true
}

// MaxTake returns the largest number of tokens a move removes, t in the
// periodicity theorem: the index of the last non-zero digit, or 0.
func (c Code) MaxTake() int {
	if len(c.d) <= 1 {
		return 0
	}
	return len(c.d) - 1
}

// MaxHeaps returns the largest number of heaps a move leaves in place of the
// heap it was made on: 0 (moves only take whole heaps, or there are none), 1,
// 2 or 3.
func (c Code) MaxHeaps() int {
	var bitsUsed int
	for j := range len(c.d) {
		bitsUsed |= int(c.d[j])
	}
	switch {
	case bitsUsed&8 != 0:
		return 3
	case bitsUsed&4 != 0:
		return 2
	case bitsUsed&2 != 0:
		return 1
	}
	return 0
}

// fewerHeapsAllowed reports whether every digit that allows a split into k
// = 2 or 3 heaps also allows k-1 heaps, which lets the periodicity theorem
// take preperiod 0 as it is (see the package documentation). The digit
// before the point never allows one heap (bit 2 of d_0 is not a move:
// removing no tokens and leaving the heap as it was), so a code that
// splits a heap without removing tokens into two never qualifies.
func (c Code) fewerHeapsAllowed() bool {
	for j := range len(c.d) {
		d := c.d[j]
		if d&8 != 0 && d&4 == 0 || d&4 != 0 && d&2 == 0 {
			return false
		}
	}
	return true
}
