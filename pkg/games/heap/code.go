package heap

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Codes of classic take-and-break games, in the notation ParseCode reads.
// Grundy's game (split a heap into two unequal heaps) is not among them: its
// moves depend on the sizes of the parts, which no code can say.
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
)

// ErrCode is wrapped by the errors of every function that is given a
// malformed take-and-break code; a CodeError says where and why.
var ErrCode = errors.New("invalid take-and-break code")

// A CodeError records a failure to read a take-and-break code, like
// strconv.NumError: the function, the input and the reason, which wraps
// ErrCode.
type CodeError struct {
	Func string // the failing function: ParseCode, Octal, OctalPeriod
	Code string // the input
	Err  error  // the reason; errors.Is(Err, ErrCode) holds
}

func (e *CodeError) Error() string {
	return "heap." + e.Func + ": parsing " + strconv.Quote(e.Code) + ": " + e.Err.Error()
}

// Unwrap returns the reason, so that errors.Is(err, ErrCode) holds.
func (e *CodeError) Unwrap() error { return e.Err }

// A Code is the rule of a take-and-break game played on heaps of tokens, in
// the digit notation of Winning Ways: d0.d1d2d3... where digit dj says what a
// move that removes j tokens from one heap may leave of it. Bit 1 of dj
// allows leaving no heap (the move takes the whole heap, which must then have
// exactly j tokens), bit 2 leaves one non-empty heap, bit 4 two non-empty
// heaps and, in hexadecimal codes, bit 8 three. The integer part d0 removes
// no tokens, so only its splitting bits (4 and 8) are moves.
//
// Octal codes have digits 0-7 ("0.07", ".137", "4.7"). Hexadecimal codes,
// whose digits 8-F add the three-heap moves, are written with the prefix 0x
// as in Go: "0x0.F", "0x.8", "0x4.B". A code whose digits are all below 8
// is the same game in either notation.
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
// with octal digits, or hexadecimal ones (either case) after 0x. The integer
// part, if present, is 0 or 4 (in hexadecimal also 8 or C). Errors are of
// type *CodeError and wrap ErrCode.
func ParseCode(s string) (Code, error) {
	c, err := parseCode(s)
	if err != nil {
		return Code{}, &CodeError{Func: "ParseCode", Code: s, Err: err}
	}
	return c, nil
}

// parseCode reads s and returns the reason for rejecting it, wrapping ErrCode.
func parseCode(s string) (Code, error) {
	bad := func(format string, args ...any) (Code, error) {
		return Code{}, fmt.Errorf("%w: %s", ErrCode, fmt.Sprintf(format, args...))
	}
	if s == "" {
		return bad("empty")
	}
	body, base, offset := s, 8, 0
	if len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		body, base, offset = s[2:], 16, 2
	}
	point := -1
	digits := make([]byte, 0, len(body)+1)
	for i := 0; i < len(body); i++ {
		ch := body[i]
		if ch == '.' {
			if point >= 0 {
				return bad("second '.' at byte %d", offset+i)
			}
			point = i
			continue
		}
		v, ok := digitValue(ch)
		switch {
		case ok && v < base:
			digits = append(digits, byte(v))
		case ok && base == 8:
			return bad("'%c' at byte %d is not an octal digit (hexadecimal codes start with 0x, as in 0x0.F)", ch, offset+i)
		default:
			r, _ := utf8.DecodeRuneInString(body[i:])
			return bad("%q at byte %d is not a digit", r, offset+i)
		}
	}
	switch {
	case point < 0:
		return bad("no '.' (write the integer part, a point and one digit per number of tokens removed, as in 0.07)")
	case point > 1:
		return bad("integer part %q has more than one digit", body[:point])
	case point+1 == len(body):
		return bad("no digits after '.'")
	case point == 0:
		digits = append([]byte{0}, digits...)
	}
	if d0 := digits[0]; d0&3 != 0 {
		return bad("integer part %X removes no tokens, so it may only split a heap (bits 4 and 8), not keep it whole (bit 2) or take it (bit 1)", d0)
	}
	end := len(digits)
	for end > 0 && digits[end-1] == 0 {
		end--
	}
	return Code{d: string(digits[:end])}, nil
}

// digitValue returns the value of a hexadecimal digit.
func digitValue(ch byte) (int, bool) {
	switch {
	case '0' <= ch && ch <= '9':
		return int(ch - '0'), true
	case 'a' <= ch && ch <= 'f':
		return int(ch-'a') + 10, true
	case 'A' <= ch && ch <= 'F':
		return int(ch-'A') + 10, true
	}
	return 0, false
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
