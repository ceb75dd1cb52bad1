package pyformat

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Format returns text, the text/plain form of a value as a kernel
// printed it, formatted by spec as MyST-NB's {glue:text}`name:spec` does:
// the text read as a Python literal (so a quoted string loses its
// quotes), converted by the spec's type (b c d o x X to an integer,
// a float's fraction cut off; e E f F g G n % to a float; s to a string),
// then written by Python's format(value, spec). An empty spec gives
// str(value).
//
// The error wraps ErrSpec for a spec Python refuses and ErrValue for a
// value the spec cannot format, as a word for a number type.
func Format(text, spec string) (string, error) {
	v := literal(text)
	if spec == "" {
		return v.str(), nil
	}
	sp, err := ParseSpec(spec)
	if err != nil {
		return "", err
	}
	switch {
	case sp.Type == 's':
		return sp.formatString(v.str())
	case strings.IndexByte("bcdoxX", sp.Type) >= 0:
		i, err := v.toInt()
		if err != nil {
			return "", err
		}
		return sp.formatInt(i)
	case sp.Type != 0:
		f, err := v.toFloat()
		if err != nil {
			return "", err
		}
		return sp.formatFloat(f)
	}
	switch v.kind {
	case kindInt, kindBool:
		return sp.formatInt(v.i)
	case kindFloat:
		return sp.formatFloat(v.f)
	}
	return sp.formatString(v.s)
}

// formatString writes a string: cut to the precision, padded to the
// width, left-aligned unless told otherwise.
func (sp Spec) formatString(s string) (string, error) {
	switch {
	case sp.Sign != 0:
		return "", specError(sp.src, "a sign is not allowed with a string")
	case sp.Alt:
		return "", specError(sp.src, "the alternate form (#) is not allowed with a string")
	case sp.NoNegZero:
		return "", specError(sp.src, "z is not allowed with a string")
	case sp.Align == '=':
		return "", specError(sp.src, "'=' alignment is not allowed with a string")
	case sp.Grouping != 0:
		return "", specError(sp.src, fmt.Sprintf("%q is not allowed with a string", sp.Grouping))
	}
	if sp.Precision >= 0 && utf8.RuneCountInString(s) > sp.Precision {
		n := 0
		for k := range s {
			if n == sp.Precision {
				s = s[:k]
				break
			}
			n++
		}
	}
	return sp.pad(s, '<'), nil
}

// formatInt writes an integer in the spec's base.
func (sp Spec) formatInt(i *big.Int) (string, error) {
	switch {
	case sp.Precision >= 0:
		return "", specError(sp.src, "a precision is not allowed with an integer")
	case sp.NoNegZero:
		return "", specError(sp.src, "z is not allowed with an integer")
	case sp.Grouping == ',' && strings.IndexByte("bcoxXn", sp.Type) >= 0:
		return "", specError(sp.src, fmt.Sprintf("',' is not allowed with '%c'", sp.Type))
	case sp.Grouping == '_' && sp.Type == 'n' || sp.Grouping != 0 && sp.Type == 'c':
		return "", specError(sp.src, fmt.Sprintf("%q is not allowed with '%c'", sp.Grouping, sp.Type))
	}
	if sp.Type == 'c' {
		if sp.Sign != 0 || sp.Alt {
			return "", specError(sp.src, "a sign or # is not allowed with 'c'")
		}
		if !i.IsInt64() || i.Int64() < 0 || i.Int64() > utf8.MaxRune {
			return "", fmt.Errorf("%w: %s is not a character", ErrValue, i)
		}
		return sp.number(false, "", "", string(rune(i.Int64())), 3), nil
	}
	base, prefix, group := 10, "", 3
	switch sp.Type {
	case 'b':
		base, prefix, group = 2, "0b", 4
	case 'o':
		base, prefix, group = 8, "0o", 4
	case 'x', 'X':
		base, prefix, group = 16, "0x", 4
	}
	if !sp.Alt {
		prefix = ""
	}
	digits := new(big.Int).Abs(i).Text(base)
	if sp.Type == 'X' {
		digits, prefix = strings.ToUpper(digits), strings.ToUpper(prefix)
	}
	return sp.number(i.Sign() < 0, prefix, digits, "", group), nil
}

// formatFloat writes a float by the spec's type; with no type, as repr,
// or as 'g' keeping a ".0" when a precision is given.
func (sp Spec) formatFloat(f float64) (string, error) {
	if sp.Type == 'n' && sp.Grouping != 0 {
		return "", specError(sp.src, fmt.Sprintf("%q is not allowed with 'n'", sp.Grouping))
	}
	neg := math.Signbit(f) && !math.IsNaN(f)
	a := math.Abs(f)
	prec := sp.Precision
	if prec < 0 {
		prec = 6
	}
	var s string
	switch {
	case math.IsInf(f, 0):
		s = "inf"
	case math.IsNaN(f):
		s = "nan"
	case sp.Type == 'f' || sp.Type == 'F':
		s = strconv.FormatFloat(a, 'f', prec, 64)
	case sp.Type == 'e' || sp.Type == 'E':
		s = strconv.FormatFloat(a, 'e', prec, 64)
	case sp.Type == '%':
		s = strconv.FormatFloat(a*100, 'f', prec, 64)
	case sp.Type != 0:
		s = general(a, prec, false, sp.Alt)
	case sp.Precision >= 0:
		// No type: 'g', but exponent notation from p-1 on, and fixed
		// notation keeps a decimal.
		s = general(a, prec, true, sp.Alt)
		if !strings.ContainsAny(s, ".e") {
			s += ".0"
		}
	default:
		s = repr(a)
	}
	finite := !math.IsInf(f, 0) && !math.IsNaN(f)
	if sp.Alt && finite && !strings.Contains(s, ".") {
		// The alternate form always has a point.
		if k := strings.IndexByte(s, 'e'); k >= 0 {
			s = s[:k] + "." + s[k:]
		} else {
			s += "."
		}
	}
	if strings.IndexByte("EFG", sp.Type) >= 0 {
		s = strings.ToUpper(s)
	}
	if neg && sp.NoNegZero && strings.Trim(s, "0.eE+-%") == "" {
		neg = false
	}
	// As CPython, inf and nan are all "rest": zero padding goes before
	// them.
	intEnd := strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' })
	if intEnd < 0 {
		intEnd = len(s)
	}
	rest := s[intEnd:]
	if sp.Type == '%' {
		rest += "%"
	}
	if !finite {
		sp.Grouping = 0 // CPython pads inf and nan with plain zeros
	}
	return sp.number(neg, "", s[:intEnd], rest, 3), nil
}

// general is the 'g' form with p significant digits: fixed notation when
// the exponent is from -4 to p-1 (to p-2 for no type), else exponent
// notation, trailing zeros dropped unless alt.
func general(a float64, p int, noType, alt bool) string {
	p = max(p, 1)
	limit := p
	if noType {
		limit--
	}
	e := strconv.FormatFloat(a, 'e', p-1, 64)
	k := strings.IndexByte(e, 'e')
	exp, _ := strconv.Atoi(e[k+1:])
	mant, tail := e[:k], e[k:]
	if exp >= -4 && exp < limit {
		mant, tail = strconv.FormatFloat(a, 'f', p-1-exp, 64), ""
	}
	if !alt && strings.Contains(mant, ".") {
		mant = strings.TrimRight(strings.TrimRight(mant, "0"), ".")
	}
	return mant + tail
}

// number lays out a number: sign, prefix, integer digits grouped, the
// rest (fraction, exponent, '%'), padded to the width. Zero padding
// ('0' flag or fill '0' with '=') is made of digits, grouped like them.
func (sp Spec) number(neg bool, prefix, digits, rest string, group int) string {
	sign := ""
	switch {
	case neg:
		sign = "-"
	case sp.Sign == '+':
		sign = "+"
	case sp.Sign == ' ':
		sign = " "
	}
	align := sp.Align
	if align == zeroAlign {
		align = '='
	}
	minDigits := 0
	if sp.Fill == '0' && align == '=' {
		minDigits = sp.Width - utf8.RuneCountInString(sign+prefix+rest)
	}
	digits = groupDigits(digits, sp.Grouping, group, minDigits)
	if align == '=' {
		return sign + prefix + sp.padTo(digits+rest, sp.Width-utf8.RuneCountInString(sign+prefix), '>')
	}
	return sp.padTo(sign+prefix+digits+rest, sp.Width, align)
}

// groupDigits writes digits with sep between groups of size n, counted
// from the right, padded with zeros to at least min characters (never
// starting with sep).
func groupDigits(digits string, sep byte, n, min int) string {
	if sep == 0 {
		if pad := min - len(digits); pad > 0 {
			return strings.Repeat("0", pad) + digits
		}
		return digits
	}
	var out []byte
	count := 0
	for k := len(digits) - 1; k >= 0 || len(out) < min; k-- {
		if count == n {
			out = append(out, sep)
			count = 0
		}
		c := byte('0')
		if k >= 0 {
			c = digits[k]
		}
		out = append(out, c)
		count++
	}
	for l, r := 0, len(out)-1; l < r; l, r = l+1, r-1 {
		out[l], out[r] = out[r], out[l]
	}
	return string(out)
}

// pad pads s to the width, with the given alignment when the spec has
// none.
func (sp Spec) pad(s string, def byte) string {
	align := sp.Align
	if align == 0 || align == zeroAlign {
		align = def
	}
	return sp.padTo(s, sp.Width, align)
}

// padTo pads s with the fill to width characters.
func (sp Spec) padTo(s string, width int, align byte) string {
	n := width - utf8.RuneCountInString(s)
	if n <= 0 {
		return s
	}
	fill := string(sp.Fill)
	switch align {
	case '<':
		return s + strings.Repeat(fill, n)
	case '^':
		return strings.Repeat(fill, n/2) + s + strings.Repeat(fill, n-n/2)
	}
	return strings.Repeat(fill, n) + s
}
