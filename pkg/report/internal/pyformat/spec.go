package pyformat

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// ErrSpec is wrapped by the error for a format spec that Python would
// refuse, whatever the value.
var ErrSpec = errors.New("bad format spec")

// ErrValue is wrapped by the error for a value that the spec cannot
// format: a word for a number type, or a number too large.
var ErrValue = errors.New("value does not fit the format spec")

// MaxWidth bounds a spec's width and precision. Python takes any size;
// a notebook from anywhere must not make a page of gigabytes.
const MaxWidth = 1000

// A Spec is a parsed format spec of Python's format mini-language:
//
//	[[fill]align][sign]["z"]["#"]["0"][width][grouping]["." precision][type]
type Spec struct {
	Fill  rune // the fill character; ' ' when not given
	Align byte // '<', '>', '=' or '^'; 0 for the value's default
	Sign  byte // '+', '-' or ' '; 0 when not given (as '-')
	// NoNegZero ("z") writes a negative zero, after rounding, as zero.
	NoNegZero bool
	// Alt ("#") is the alternate form: 0x prefixes, a point always.
	Alt bool
	// Width is the minimum width in characters, 0 when not given.
	Width int
	// Grouping is ',' or '_' between groups of digits, or 0.
	Grouping byte
	// Precision is the number of digits after the point (f, e, %), of
	// significant digits (g and no type), or of characters kept of a
	// string; -1 when not given.
	Precision int
	// Type is the presentation type, as 'd' or 'f'; 0 for none.
	Type byte

	fillGiven bool
	src       string
}

// ParseSpec parses a format spec. The error wraps ErrSpec.
func ParseSpec(s string) (Spec, error) {
	sp := Spec{Fill: ' ', Precision: -1, src: s}
	i := 0
	isAlign := func(c byte) bool { return c == '<' || c == '>' || c == '=' || c == '^' }
	if r, n := utf8.DecodeRuneInString(s); n > 0 && n < len(s) && isAlign(s[n]) {
		if r == utf8.RuneError && n == 1 {
			return sp, specError(s, "it is not UTF-8")
		}
		sp.Fill, sp.fillGiven, sp.Align, i = r, true, s[n], n+1
	} else if len(s) > 0 && isAlign(s[0]) {
		sp.Align, i = s[0], 1
	}
	if i < len(s) && (s[i] == '+' || s[i] == '-' || s[i] == ' ') {
		sp.Sign = s[i]
		i++
	}
	if i < len(s) && s[i] == 'z' {
		sp.NoNegZero = true
		i++
	}
	if i < len(s) && s[i] == '#' {
		sp.Alt = true
		i++
	}
	// Python's '0' flag: zeros as the fill, between sign and digits for
	// a number, unless a fill is given.
	if i < len(s) && s[i] == '0' && !sp.fillGiven {
		sp.Fill, sp.fillGiven = '0', true
		if sp.Align == 0 {
			sp.Align = zeroAlign
		}
		i++
	}
	var err error
	if sp.Width, i, err = number(s, i); err != nil {
		return sp, err
	}
	if i < len(s) && (s[i] == ',' || s[i] == '_') {
		sp.Grouping = s[i]
		i++
		if i < len(s) && (s[i] == ',' || s[i] == '_') {
			return sp, specError(s, "it gives both ',' and '_'")
		}
	}
	if i < len(s) && s[i] == '.' {
		start := i + 1
		if sp.Precision, i, err = number(s, start); err != nil {
			return sp, err
		}
		if i == start {
			return sp, specError(s, "the precision is missing")
		}
	}
	if i < len(s) {
		if len(s)-i > 1 || !strings.ContainsRune("bcdeEfFgGnosxX%", rune(s[i])) {
			return sp, specError(s, fmt.Sprintf("unknown format %q", s[i:]))
		}
		sp.Type = s[i]
	}
	return sp, nil
}

// zeroAlign marks the alignment the '0' flag chose: '=' for a number,
// the default left alignment for a string (as Python 3.10 and later).
const zeroAlign = 'z'

// number reads the decimal digits at s[i:], and returns 0 if there are
// none.
func number(s string, i int) (int, int, error) {
	n := 0
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		n = n*10 + int(s[i]-'0')
		if n > MaxWidth {
			return 0, i, specError(s, fmt.Sprintf("a width or precision above %d", MaxWidth))
		}
	}
	return n, i, nil
}

func specError(spec, why string) error {
	return fmt.Errorf("%w %q: %s", ErrSpec, spec, why)
}
