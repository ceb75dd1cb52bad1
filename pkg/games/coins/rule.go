package coins

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/grundylab/grundy/pkg/games/internal/gameerr"
)

// Turning codes of the classic coin-turning games, named as in Winning Ways
// and in CGSuite's game.strip.Turning. Coins are numbered 1..n from the left; a move turns the coins
// the code allows, the rightmost from heads to tails.
const (
	Turtles         = "1-2"     // Turning Turtles: one or two coins
	MockTurtles     = "1-3"     // up to three coins
	Moebius         = "1-5"     // up to five coins
	Mogul           = "1-7"     // up to seven coins
	Moidores        = "1-9"     // up to nine coins
	Motley          = "1+"      // any number of coins
	Twins           = "2"       // exactly two coins
	Triplets        = "3"       // exactly three coins
	Ruler           = "1+C"     // any number of consecutive coins
	MockTurtleFives = "1-3C(5)" // up to three coins among five consecutive ones
	TripletFives    = "3C(5)"   // three coins among five consecutive ones
	RulerFives      = "1-5C"    // up to five consecutive coins
	Turnips         = "3E"      // three equally spaced coins
	Grunt           = "4FS"     // four symmetric coins, the first coin among them
	Sym             = "1+S"     // any symmetric set of coins
	Sympler         = "1+FS"    // any symmetric set of coins that turns the first coin
)

// ErrRule is wrapped by the errors of turning codes that do not parse.
var ErrRule = errors.New("invalid turning code")

// MaxRuleLen is the longest turning code ParseRule accepts.
const MaxRuleLen = 256

// A Rule is a parsed turning code: which sets of coins a move may turn.
//
// A turning code, as CGSuite writes it, is a comma-separated list of
// alternatives; a move may follow any of them. An alternative is a count of
// coins, "3", a range, "1-3", or an open range, "2+", followed by modifiers,
// upper or lower case:
//
//	C     the coins turned are consecutive
//	E     the coins turned are equally spaced
//	S     the coins turned are symmetric about their centre
//	F     the first coin of the row, coin 1, is among those turned
//	C(n)  the coins turned lie within n adjacent coins (at most n of them)
//
// At most one of C, E and S may be given. The rightmost coin turned goes from
// heads to tails, the others may go either way; a move of one coin turns that
// coin only, so with F a one-coin move is allowed only on coin 1. (CGSuite's
// enumeration, in Spawning.scala's setupHeapCount, lets a move of zero
// spawned heaps pass the F test, so some one-coin moves get through under F;
// this package takes the modifier as written.)
type Rule struct {
	code  string
	parts []rulePart
}

// A rulePart is one alternative of a code.
type rulePart struct {
	lo, hi  int  // coins turned; hi is math.MaxInt for an open range
	span    int  // C(n): n, or 0 for no bound
	spacing byte // 0, 'C', 'E' or 'S'
	first   bool // F
}

// ParseRule parses a turning code such as "1-3", "1+C" or "1-3C(5),4E".
// Errors name ParseRule and the code (its first 32 bytes, if longer) and
// wrap ErrRule.
func ParseRule(code string) (Rule, error) {
	r, err := parseRule(code)
	if err != nil {
		return Rule{}, gameerr.New("coins.ParseRule", gameerr.Clip(code), err)
	}
	return r, nil
}

func parseRule(code string) (Rule, error) {
	if len(code) > MaxRuleLen {
		return Rule{}, fmt.Errorf("%w: turning code of %d bytes, more than %d", ErrRule, len(code), MaxRuleLen)
	}
	r := Rule{code: code}
	for alt := range strings.SplitSeq(code, ",") {
		p, err := parsePart(strings.TrimSpace(alt))
		if err != nil {
			return Rule{}, err
		}
		r.parts = append(r.parts, p)
	}
	return r, nil
}

// maxCount bounds the numbers of a code: no row is longer.
const maxCount = 1 << 30

func parsePart(s string) (rulePart, error) {
	end := strings.IndexFunc(s, func(c rune) bool { return (c < '0' || c > '9') && c != '-' && c != '+' })
	if end < 0 {
		end = len(s)
	}
	rng, mods := s[:end], s[end:]
	var p rulePart
	var err error
	switch {
	case rng == "":
		return p, fmt.Errorf("%w: alternative %q has no count of coins", ErrRule, s)
	case strings.HasSuffix(rng, "+"):
		if p.lo, err = count(rng[:len(rng)-1]); err != nil {
			return p, err
		}
		p.hi = math.MaxInt
	case strings.Contains(rng, "-"):
		lo, hi, _ := strings.Cut(rng, "-")
		if p.lo, err = count(lo); err != nil {
			return p, err
		}
		if p.hi, err = count(hi); err != nil {
			return p, err
		}
		if p.hi < p.lo {
			return p, fmt.Errorf("%w: range %q is empty", ErrRule, rng)
		}
	default:
		if p.lo, err = count(rng); err != nil {
			return p, err
		}
		p.hi = p.lo
	}
	for mods != "" {
		orig := mods[0]
		c := orig | 0x20 // lower case for letters
		mods = mods[1:]
		switch {
		case c == 'c' && strings.HasPrefix(mods, "("):
			inner, rest, ok := strings.Cut(mods[1:], ")")
			if !ok {
				return p, fmt.Errorf("%w: C( without )", ErrRule)
			}
			if p.span, err = count(inner); err != nil {
				return p, err
			}
			mods = rest
		case c == 'c' || c == 'e' || c == 's':
			c &^= 0x20
			if p.spacing != 0 && p.spacing != c {
				return p, fmt.Errorf("%w: modifiers %c and %c together", ErrRule, p.spacing, c)
			}
			p.spacing = c
		case c == 'f':
			p.first = true
		default:
			return p, fmt.Errorf("%w: unknown modifier %q", ErrRule, rune(orig))
		}
	}
	if p.span > 0 {
		p.hi = min(p.hi, p.span)
	}
	return p, nil
}

// count parses a positive count of coins.
func count(s string) (int, error) {
	if s == "" || len(s) > 10 || strings.Trim(s, "0123456789") != "" {
		return 0, fmt.Errorf("%w: count %q", ErrRule, s)
	}
	n, _ := strconv.Atoi(s)
	if n < 1 || n > maxCount {
		return 0, fmt.Errorf("%w: count %s, want 1 to %d", ErrRule, s, maxCount)
	}
	return n, nil
}

// String returns the code the rule was parsed from.
func (r Rule) String() string { return r.code }

// Allows reports whether a move may turn exactly the coins given, in
// increasing order, the last being the coin turned from heads to tails. It
// is the definition the fast computations are tested against.
func (r Rule) Allows(coins []int) bool {
	for i, c := range coins {
		if c < 1 || i > 0 && c <= coins[i-1] {
			return false
		}
	}
	for _, p := range r.parts {
		if p.allows(coins) {
			return true
		}
	}
	return false
}

func (p rulePart) allows(a []int) bool {
	m := len(a)
	if m < p.lo || m > p.hi {
		return false
	}
	first, last := a[0], a[m-1]
	if p.span > 0 && last-first >= p.span {
		return false
	}
	if p.first && first != 1 {
		return false
	}
	for i := range a {
		switch p.spacing {
		case 'C':
			if a[i] != first+i {
				return false
			}
		case 'E':
			if a[i]-first != i*(a[min(1, m-1)]-first) {
				return false
			}
		case 'S':
			if a[i]+a[m-1-i] != first+last {
				return false
			}
		}
	}
	return true
}
