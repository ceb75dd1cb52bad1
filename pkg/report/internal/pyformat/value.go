package pyformat

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxDigits bounds the digits of an integer read from text: converting
// a decimal string to binary takes time quadratic in its length.
const maxDigits = 10000

type kind uint8

const (
	kindStr kind = iota
	kindInt
	kindFloat
	kindBool
)

// A value is what Python's ast.literal_eval makes of a text/plain form:
// an int, a float, a bool, or a string (the text itself when it is no
// literal).
type value struct {
	kind kind
	s    string   // kindStr, and kindBool as "True" or "False"
	i    *big.Int // kindInt, kindBool as 1 or 0
	f    float64  // kindFloat
}

// literal reads text as ast.literal_eval reads the scalars a kernel
// prints: integers (with underscores, 0x, 0o and 0b), floats, True and
// False, a signed number, and a quoted string. Any other text is a
// string as it is.
func literal(text string) value {
	t := strings.TrimLeft(text, " \t")
	t = strings.TrimRight(t, " \t\r\n")
	switch t {
	case "True":
		return value{kind: kindBool, s: t, i: big.NewInt(1)}
	case "False":
		return value{kind: kindBool, s: t, i: new(big.Int)}
	}
	if s, ok := unquote(t); ok {
		return value{kind: kindStr, s: s}
	}
	body, neg := t, false
	if body != "" && (body[0] == '-' || body[0] == '+') {
		neg = body[0] == '-'
		body = strings.TrimLeft(body[1:], " \t")
	}
	if i, ok := intLiteral(body); ok {
		if neg {
			i.Neg(i)
		}
		return value{kind: kindInt, i: i}
	}
	if f, ok := floatLiteral(body); ok && strings.ContainsAny(body, ".eE") {
		if neg {
			f = -f
		}
		return value{kind: kindFloat, f: f}
	}
	return value{kind: kindStr, s: text}
}

// intLiteral reads a Python integer literal without sign.
func intLiteral(s string) (*big.Int, bool) {
	base := 10
	digits := s
	if len(s) > 2 && s[0] == '0' {
		switch s[1] {
		case 'x', 'X':
			base, digits = 16, s[2:]
		case 'o', 'O':
			base, digits = 8, s[2:]
		case 'b', 'B':
			base, digits = 2, s[2:]
		}
		if base != 10 && digits[0] == '_' {
			digits = digits[1:] // Python allows 0x_1f
		}
	}
	if !underscoresBetween(digits, base) {
		return nil, false
	}
	digits = strings.ReplaceAll(digits, "_", "")
	if digits == "" || len(digits) > maxDigits {
		return nil, false
	}
	// Python 3 refuses leading zeros in a decimal literal, but 0 and 00.
	if base == 10 && digits[0] == '0' && strings.Trim(digits, "0") != "" {
		return nil, false
	}
	i, ok := new(big.Int).SetString(digits, base)
	return i, ok
}

// underscoresBetween reports whether every underscore of s stands
// between two digits of the base, as Python allows them.
func underscoresBetween(s string, base int) bool {
	digit := func(c byte) bool {
		if base == 16 {
			return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
		}
		return c >= '0' && c <= '9'
	}
	for k := 0; k < len(s); k++ {
		if s[k] == '_' && (k == 0 || k == len(s)-1 || !digit(s[k-1]) || !digit(s[k+1])) {
			return false
		}
	}
	return true
}

// floatLiteral reads a Python float literal without sign: digits with a
// point or an exponent, underscores between digits.
func floatLiteral(s string) (float64, bool) {
	if s == "" || !underscoresBetween(s, 10) || len(s) > maxDigits {
		return 0, false
	}
	for k := 0; k < len(s); k++ {
		c := s[k]
		if c >= '0' && c <= '9' || c == '.' || c == 'e' || c == 'E' || c == '_' {
			continue
		}
		if (c == '+' || c == '-') && k > 0 && (s[k-1] == 'e' || s[k-1] == 'E') {
			continue
		}
		return 0, false
	}
	f, err := strconv.ParseFloat(strings.ReplaceAll(s, "_", ""), 64)
	if err != nil && !isRange(err) {
		return 0, false
	}
	return f, true // a literal out of range is inf, as in Python
}

func isRange(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// unquote reads a one-line Python string literal in single or double
// quotes, with the escapes repr writes.
func unquote(s string) (string, bool) {
	if len(s) < 2 || (s[0] != '\'' && s[0] != '"') || s[len(s)-1] != s[0] {
		return "", false
	}
	q, body := s[0], s[1:len(s)-1]
	var b strings.Builder
	for k := 0; k < len(body); k++ {
		c := body[k]
		switch {
		case c == q || c == '\n':
			return "", false
		case c != '\\':
			b.WriteByte(c)
			continue
		}
		k++
		if k == len(body) {
			return "", false
		}
		switch e := body[k]; e {
		case '\\', '\'', '"':
			b.WriteByte(e)
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'x', 'u', 'U':
			n := map[byte]int{'x': 2, 'u': 4, 'U': 8}[e]
			if k+1+n > len(body) {
				return "", false
			}
			r, err := strconv.ParseUint(body[k+1:k+1+n], 16, 32)
			if err != nil || r > utf8.MaxRune {
				return "", false
			}
			b.WriteRune(rune(r))
			k += n
		default:
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
	return b.String(), true
}

// str is Python's str() of the value.
func (v value) str() string {
	switch v.kind {
	case kindInt:
		return v.i.String()
	case kindFloat:
		return repr(v.f)
	}
	return v.s
}

// toInt is Python's int() of the value, as MyST-NB converts it for the
// integer types: a float truncated, a string read in base 10.
func (v value) toInt() (*big.Int, error) {
	switch v.kind {
	case kindInt, kindBool:
		return v.i, nil
	case kindFloat:
		if math.IsInf(v.f, 0) || math.IsNaN(v.f) {
			return nil, fmt.Errorf("%w: cannot convert %s to an integer", ErrValue, repr(v.f))
		}
		i, _ := big.NewFloat(math.Trunc(v.f)).Int(nil)
		return i, nil
	}
	t := strings.TrimSpace(v.s)
	neg := false
	if t != "" && (t[0] == '-' || t[0] == '+') {
		neg, t = t[0] == '-', t[1:]
	}
	if underscoresBetween(t, 10) && t != "" && len(t) <= maxDigits && strings.Trim(t, "0123456789_") == "" {
		i, ok := new(big.Int).SetString(strings.ReplaceAll(t, "_", ""), 10)
		if ok {
			if neg {
				i.Neg(i)
			}
			return i, nil
		}
	}
	return nil, fmt.Errorf("%w: %q is not an integer", ErrValue, short(v.s))
}

// toFloat is Python's float() of the value.
func (v value) toFloat() (float64, error) {
	switch v.kind {
	case kindFloat:
		return v.f, nil
	case kindInt, kindBool:
		f, _ := new(big.Float).SetInt(v.i).Float64()
		if math.IsInf(f, 0) {
			return 0, fmt.Errorf("%w: the integer is too large for a float", ErrValue)
		}
		return f, nil
	}
	t := strings.TrimSpace(v.s)
	body, neg := t, false
	if body != "" && (body[0] == '-' || body[0] == '+') {
		neg, body = body[0] == '-', body[1:]
	}
	f, ok := floatLiteral(body)
	if !ok {
		switch strings.ToLower(body) {
		case "inf", "infinity":
			f, ok = math.Inf(1), true
		case "nan":
			f, ok = math.NaN(), true
		}
	}
	if !ok {
		return 0, fmt.Errorf("%w: %q is not a number", ErrValue, short(v.s))
	}
	if neg {
		f = -f
	}
	return f, nil
}

// short returns s cut for an error message.
func short(s string) string {
	if len(s) <= 40 {
		return s
	}
	return strings.ToValidUTF8(s[:40], "") + "…"
}

// repr is Python's repr() of a float: the shortest digits that read
// back, in fixed notation with at least one decimal when the exponent is
// from -4 to 15, else in exponent notation.
func repr(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.IsNaN(f):
		return "nan"
	}
	e := strconv.FormatFloat(f, 'e', -1, 64)
	exp, _ := strconv.Atoi(e[strings.IndexByte(e, 'e')+1:])
	if exp < -4 || exp >= 16 {
		return e
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}
