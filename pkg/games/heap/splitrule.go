package heap

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/grundylab/grundy/pkg/games/internal/gameerr"
)

// A Rule is a take-and-break game in the generalised notation of CGSuite's
// TakeAndBreak: the Code notation with more heaps per move, constraints on
// the sizes of the heaps a move leaves, and codes that go on forever. Digit
// d_j says what a move that removes j tokens from one heap may leave of the
// other m = n-j: bit k of d_j allows exactly k non-empty heaps of m tokens
// in all (k = 0 takes the whole heap, which must then hold exactly j tokens).
//
//   - Digits are 0-9 and A-Z, either case, for 0 to 35: "0.77" is Kayles,
//     "0.3F" may leave no heap, or one to three heaps, after taking two tokens, "0.G"
//     four heaps after taking one. A digit &N; is the number N in decimal,
//     for 36 and more: "0.&64;" leaves six heaps.
//   - A generalised digit lists the numbers of heaps in braces: "0.{2,3}" is
//     "0.C"; a final + allows every larger number too: "{2+}.0" splits a
//     heap into two or more heaps. The digit * allows any number, zero
//     included, as {0+} does. Numbers of heaps go up to 63.
//   - A modifier after a digit constrains the heaps a move leaves: ! makes
//     them pairwise unequal in size, ? not all equal, = all equal. "4!.0" is
//     Grundy's game (split a heap into two unequal heaps), "8?.0" splits a
//     heap into three heaps that are not all the same. Inside braces each
//     number of heaps may have its own modifier, "{2!,3}", unless one
//     follows the braces, "{2,3}!", which applies to all of them. Modifiers
//     constrain moves that leave two or more heaps; leaving no heap or one
//     heap satisfies them all.
//   - Digits in square brackets at the end repeat forever: "0.[3]" is Nim
//     (take any number of tokens) and "4.[3]" Lasker's Nim (or split a heap
//     in two).
//
// The grammar:
//
//	rule     = [ "0x" | "0X" ] [ digit ] "." { digit } [ "[" digit { digit } "]" ]
//	digit    = ( "0"-"9" | "A"-"Z" | "a"-"z" | "&" decimal ";" | "*" | "{" counts [ "+" ] "}" ) [ modifier ]
//	counts   = decimal [ modifier ] { "," decimal [ modifier ] }
//	modifier = "!" | "?" | "="
//
// with at least one digit after the point. The digit before the point, d_0,
// removes no tokens, so it may only split a heap into two or more (it may
// not allow zero heaps or one). A leading 0x is the prefix of the
// hexadecimal codes of ParseCode, which needs no prefix here: the digits
// are the same. Codes are at most MaxRuleLen bytes long.
//
// This is CGSuite's notation, with these differences: CGSuite's parser
// stops at V (31), although its documentation goes to Z; CGSuite reads
// several digits before the point as moves that add tokens, which are not
// taken here since they need not make heaps smaller; and when every count
// of two or more heaps of a digit has ?, CGSuite's enumeration refuses the
// digit's moves that leave a single heap of one token, which are taken here
// as satisfying ? like every other single heap.
//
// The zero Rule is the game without moves.
type Rule struct {
	// digits are d_0, d_1, ...; a finite rule has no trailing zero digits.
	digits []ruleDigit
	// period > 0 makes the last period digits repeat forever; they are not
	// all zero, and period and preperiod are the least that describe the
	// digits.
	period int
}

// MaxRuleLen is the longest code ParseRule reads, in bytes.
const MaxRuleLen = 1 << 16

// A modifier constrains the sizes of the heaps a move leaves.
type modifier uint8

const (
	anySizes modifier = iota
	unequal           // '!': pairwise unequal
	notEqual          // '?': not all equal
	allEqual          // '=': all equal
)

func (m modifier) String() string { return [...]string{"", "!", "?", "="}[m] }

// modifierOf reads a modifier character.
func modifierOf(ch byte) (modifier, bool) {
	switch ch {
	case '!':
		return unequal, true
	case '?':
		return notEqual, true
	case '=':
		return allEqual, true
	}
	return anySizes, false
}

// A ruleDigit is one digit of a Rule: the numbers of heaps a move may leave,
// each with its modifier.
type ruleDigit struct {
	counts uint64 // bit k: exactly k heaps may be left
	// unequal, notEqual and allEqual hold the modifiers of the counts of
	// two or more heaps, one bit per count; modifiers of counts 0 and 1
	// constrain nothing and are not kept.
	unequal, notEqual, allEqual uint64
	// more allows every count above the highest bit of counts (then
	// counts != 0), with modifier moreMod.
	more    bool
	moreMod modifier
}

// top returns the highest count the digit lists, or -1.
func (d ruleDigit) top() int { return bits.Len64(d.counts) - 1 }

// mod returns the modifier of count k, which the digit allows.
func (d ruleDigit) mod(k int) modifier {
	if k >= 64 || k > d.top() {
		if k < 2 {
			return anySizes
		}
		return d.moreMod
	}
	bit := uint64(1) << k
	switch {
	case d.unequal&bit != 0:
		return unequal
	case d.notEqual&bit != 0:
		return notEqual
	case d.allEqual&bit != 0:
		return allEqual
	}
	return anySizes
}

// setMod records modifier m for count k.
func (d *ruleDigit) setMod(k int, m modifier) {
	if k < 2 {
		return
	}
	bit := uint64(1) << k
	switch m {
	case unequal:
		d.unequal |= bit
	case notEqual:
		d.notEqual |= bit
	case allEqual:
		d.allEqual |= bit
	}
}

// maskDigit returns the digit allowing the counts of the bits of mask, all
// with modifier m.
func maskDigit(mask uint64, m modifier) ruleDigit {
	var d ruleDigit
	d.counts = mask
	for k := 2; k < 64; k++ {
		if mask&(1<<k) != 0 {
			d.setMod(k, m)
		}
	}
	return d
}

// normalize makes the representation of an open-ended digit unique: the
// highest listed count is dropped while the one below it is listed with the
// same modifier, as "more" covers it.
func (d *ruleDigit) normalize() {
	if !d.more {
		return
	}
	for t := d.top(); t >= 1 && d.counts&(1<<(t-1)) != 0; t-- {
		if t >= 2 && d.mod(t) != d.moreMod || t-1 >= 2 && d.mod(t-1) != d.moreMod {
			return
		}
		d.counts &^= 1 << t
		d.unequal &^= 1 << t
		d.notEqual &^= 1 << t
		d.allEqual &^= 1 << t
	}
}

// uniform returns the modifier of every count of two or more heaps the
// digit allows, if they share one.
func (d ruleDigit) uniform() (modifier, bool) {
	m, seen := anySizes, false
	check := func(x modifier) bool {
		if seen && x != m {
			return false
		}
		m, seen = x, true
		return true
	}
	for k := 2; k <= d.top(); k++ {
		if d.counts&(1<<k) != 0 && !check(d.mod(k)) {
			return 0, false
		}
	}
	if d.more && !check(d.moreMod) {
		return 0, false
	}
	return m, true
}

func (d ruleDigit) String() string {
	const base36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	m, ok := d.uniform()
	switch {
	case ok && !d.more && d.counts < 36:
		return base36[d.counts:d.counts+1] + m.String()
	case ok && !d.more:
		return "&" + strconv.FormatUint(d.counts, 10) + ";" + m.String()
	case ok && d.counts == 1:
		return "*" + m.String()
	}
	var b strings.Builder
	b.WriteByte('{')
	for k := 0; k <= d.top(); k++ {
		if d.counts&(1<<k) == 0 {
			continue
		}
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(k))
		if !ok {
			b.WriteString(d.mod(k).String())
		}
	}
	if d.more {
		b.WriteByte('+')
	}
	b.WriteByte('}')
	if ok {
		b.WriteString(m.String())
	}
	return b.String()
}

// maxHeaps returns the most heaps a move may leave, or -1 for no bound.
func (d ruleDigit) maxHeaps() int {
	if d.more {
		return -1
	}
	return max(d.top(), 0)
}

// ParseRule reads a take-and-break code in the generalised notation of Rule.
// Every code ParseCode reads is read here as the same game. Errors name
// ParseRule and s, and wrap ErrCode.
func ParseRule(s string) (Rule, error) {
	r, err := parseRule(s)
	if err != nil {
		return Rule{}, gameerr.New("heap.ParseRule", s, err)
	}
	return r, nil
}

// ruleParser reads a rule from s, byte by byte; offset is the length of a
// prefix already read, for the byte positions of errors.
type ruleParser struct {
	s         string
	i, offset int
}

func (p *ruleParser) errorf(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrCode, fmt.Sprintf(format, args...))
}

// notDigit reports the character at byte i as unexpected.
func (p *ruleParser) notDigit(i int) error {
	r, _ := utf8.DecodeRuneInString(p.s[i:])
	return p.errorf("%q at byte %d is not a digit", r, p.offset+i)
}

// modifier reads an optional modifier.
func (p *ruleParser) modifier() modifier {
	if p.i < len(p.s) {
		if m, ok := modifierOf(p.s[p.i]); ok {
			p.i++
			return m
		}
	}
	return anySizes
}

// digit reads one digit with its modifier.
func (p *ruleParser) digit() (ruleDigit, error) {
	start := p.i
	ch := p.s[p.i]
	switch {
	case ch == '&':
		end := strings.IndexByte(p.s[p.i:], ';')
		if end < 0 {
			return ruleDigit{}, p.errorf("'&' at byte %d has no closing ';'", p.offset+start)
		}
		v, err := strconv.ParseUint(p.s[p.i+1:p.i+end], 10, 64)
		if err != nil {
			return ruleDigit{}, p.errorf("digit %q at byte %d is not a decimal number below 2^64", p.s[p.i:p.i+end+1], p.offset+start)
		}
		p.i += end + 1
		return maskDigit(v, p.modifier()), nil
	case ch == '*':
		p.i++
		return ruleDigit{counts: 1, more: true, moreMod: p.modifier()}, nil
	case ch == '{':
		return p.braces()
	}
	v, ok := base36Value(ch)
	if !ok {
		return ruleDigit{}, p.notDigit(p.i)
	}
	p.i++
	return maskDigit(uint64(v), p.modifier()), nil
}

// base36Value returns the value of a digit 0-9, A-Z or a-z.
func base36Value(ch byte) (int, bool) {
	switch {
	case '0' <= ch && ch <= '9':
		return int(ch - '0'), true
	case 'a' <= ch && ch <= 'z':
		return int(ch-'a') + 10, true
	case 'A' <= ch && ch <= 'Z':
		return int(ch-'A') + 10, true
	}
	return 0, false
}

// braces reads a generalised digit {k1, k2, ..., [+]} with its modifiers.
func (p *ruleParser) braces() (ruleDigit, error) {
	start := p.i
	end := strings.IndexByte(p.s[p.i:], '}')
	if end < 0 {
		return ruleDigit{}, p.errorf("'{' at byte %d has no closing '}'", p.offset+start)
	}
	body := p.s[p.i+1 : p.i+end]
	p.i += end + 1
	global := p.modifier()
	var d ruleDigit
	if strings.HasSuffix(body, "+") {
		d.more = true
		body = body[:len(body)-1]
	}
	top, topMod := -1, anySizes
	for _, tok := range strings.Split(body, ",") {
		m := global
		if n := len(tok); n > 0 {
			if own, ok := modifierOf(tok[n-1]); ok {
				if global != anySizes {
					return ruleDigit{}, p.errorf("digit %q at byte %d has modifiers both inside and after its braces", p.s[start:p.i], p.offset+start)
				}
				m, tok = own, tok[:n-1]
			}
		}
		k, err := strconv.Atoi(tok)
		if err != nil || k < 0 || k > 63 || tok[0] == '+' || tok[0] == '-' {
			return ruleDigit{}, p.errorf("digit %q at byte %d: %q is not a number of heaps from 0 to 63", p.s[start:p.i], p.offset+start, tok)
		}
		if d.counts&(1<<k) != 0 {
			return ruleDigit{}, p.errorf("digit %q at byte %d lists %d heaps twice", p.s[start:p.i], p.offset+start, k)
		}
		d.counts |= 1 << k
		d.setMod(k, m)
		if k > top {
			top, topMod = k, m
		}
	}
	if d.more {
		d.moreMod = topMod
		d.normalize()
	}
	return d, nil
}

// parseRule reads s and returns the reason for rejecting it, wrapping
// ErrCode.
func parseRule(s string) (Rule, error) {
	p := &ruleParser{s: s}
	if s == "" {
		return Rule{}, p.errorf("empty")
	}
	if len(s) > MaxRuleLen {
		return Rule{}, p.errorf("%d bytes, more than %d", len(s), MaxRuleLen)
	}
	if len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		p.s, p.offset = s[2:], 2
	}
	var digits []ruleDigit
	point, open := -1, -1 // the number of digits read before '.' and '['
	for p.i < len(p.s) {
		switch ch := p.s[p.i]; {
		case ch == '.':
			if point >= 0 {
				return Rule{}, p.errorf("second '.' at byte %d", p.offset+p.i)
			}
			point = len(digits)
			p.i++
			continue
		case ch == '[':
			if point < 0 || open >= 0 {
				return Rule{}, p.errorf("'[' at byte %d: a repeating part comes once, after the point", p.offset+p.i)
			}
			open = len(digits)
			p.i++
			continue
		case ch == ']':
			if open < 0 || p.i != len(p.s)-1 {
				return Rule{}, p.errorf("']' at byte %d does not close a repeating part at the end of the code", p.offset+p.i)
			}
			if open == len(digits) {
				return Rule{}, p.errorf("empty repeating part")
			}
			p.i++
			continue
		}
		d, err := p.digit()
		if err != nil {
			return Rule{}, err
		}
		digits = append(digits, d)
	}
	switch {
	case open >= 0 && !strings.HasSuffix(p.s, "]"):
		return Rule{}, p.errorf("'[' without a closing ']'")
	case point < 0:
		return Rule{}, p.errorf("no '.' (write the integer part, a point and one digit per number of tokens removed, as in 0.07)")
	case point > 1:
		return Rule{}, p.errorf("integer part %q has more than one digit", p.s[:strings.IndexByte(p.s, '.')])
	case point == len(digits):
		return Rule{}, p.errorf("no digits after '.'")
	case point == 0:
		digits = append([]ruleDigit{{}}, digits...)
		if open >= 0 {
			open++
		}
	}
	if d0 := digits[0]; d0.counts&3 != 0 {
		return Rule{}, p.errorf("integer part %s removes no tokens, so it may only split a heap into two or more, not leave it whole (one heap) or take it (no heap)", d0)
	}
	period := 0
	if open >= 0 {
		period = len(digits) - open
	}
	return newRule(digits, period), nil
}

// newRule returns the rule of the digits, the last period of which repeat,
// in the unique form Rule keeps.
func newRule(digits []ruleDigit, period int) Rule {
	if period > 0 {
		pre := len(digits) - period
		zero := true
		for _, d := range digits[pre:] {
			zero = zero && d.counts == 0
		}
		if zero {
			digits, period = digits[:pre], 0
		}
	}
	if period == 0 {
		end := len(digits)
		for end > 1 && digits[end-1].counts == 0 {
			end--
		}
		if end == 1 && digits[0].counts == 0 {
			end = 0
		}
		return Rule{digits: digits[:end]}
	}
	// The least period of the repeating digits, then the shortest
	// preperiod: the repetition starts earlier while the digit before it
	// equals its last digit (but d_0 never repeats).
	pre := len(digits) - period
	for q := 1; q < period; q++ {
		if period%q != 0 {
			continue
		}
		repeats := true
		for i := pre + q; i < len(digits) && repeats; i++ {
			repeats = digits[i] == digits[i-q]
		}
		if repeats {
			digits, period = digits[:pre+q], q
			break
		}
	}
	for pre > 1 && digits[pre-1] == digits[len(digits)-1] {
		digits = digits[:len(digits)-1]
		pre--
	}
	return Rule{digits: digits, period: period}
}

// Digit returns d_j for j >= 0.
func (r Rule) digit(j int) ruleDigit {
	switch {
	case j < len(r.digits):
		return r.digits[j]
	case r.period > 0:
		pre := len(r.digits) - r.period
		return r.digits[pre+(j-pre)%r.period]
	}
	return ruleDigit{}
}

// String returns the rule in canonical form: the digits of CGSuite's
// notation, without a 0x prefix or trailing zeros, with the integer part and
// at least one digit after the point ("0.77", "4!.0", "0.3F", "{2+}.0",
// "0.[3]"). Equal strings are equal rules.
func (r Rule) String() string {
	var b strings.Builder
	b.WriteString(r.digit(0).String())
	b.WriteByte('.')
	pre := len(r.digits) - r.period
	if pre <= 1 && r.period == 0 {
		b.WriteByte('0')
	}
	for j := 1; j < len(r.digits); j++ {
		if j == pre && r.period > 0 {
			b.WriteByte('[')
		}
		b.WriteString(r.digits[j].String())
	}
	if r.period > 0 {
		b.WriteByte(']')
	}
	return b.String()
}

// MaxTake returns the largest number of tokens a move removes, or -1 if
// the code repeats forever and a move may remove any number.
func (r Rule) MaxTake() int {
	if r.period > 0 {
		return -1
	}
	return max(len(r.digits)-1, 0)
}

// MaxHeaps returns the largest number of heaps a move leaves, or -1 if a
// digit allows any number.
func (r Rule) MaxHeaps() int {
	most := 0
	for _, d := range r.digits {
		k := d.maxHeaps()
		if k < 0 {
			return -1
		}
		most = max(most, k)
	}
	return most
}

// Code returns the rule as a Code, and whether it is one: a finite code
// whose moves leave at most three heaps, without modifiers. Those are the
// games of TakeBreak's sparse-space method and of OctalPeriod's proofs.
func (r Rule) Code() (Code, bool) {
	c, why := r.code()
	return c, why == ""
}

// code returns the rule as a Code, or why it is not one.
func (r Rule) code() (Code, string) {
	if r.period > 0 {
		return Code{}, "repeats forever, so moves remove any number of tokens"
	}
	d := make([]byte, len(r.digits))
	for j, x := range r.digits {
		switch {
		case x.more || x.counts >= 16:
			return Code{}, fmt.Sprintf("has digit d%d = %s, which may leave more than three heaps", j, x)
		case x.unequal|x.notEqual|x.allEqual != 0:
			return Code{}, fmt.Sprintf("has digit d%d = %s, which constrains the sizes of the heaps", j, x)
		}
		d[j] = byte(x.counts)
	}
	return Code{d: string(d)}, ""
}

// Moves calls emit once for every move of a heap of h tokens, with the
// sizes of the heaps the move leaves in increasing order (none when it takes
// the heap). It is the options function of Split, and plays the real game
// with the generic solver of package games. It enumerates every move: p(m)
// of them for a digit that allows any number of heaps of m tokens, which
// Octal does not (see there).
func (r Rule) Moves(h int, emit func(parts ...int)) {
	e := ruleMoves{r: r, emit: emit}
	e.options(h)
}

// MaxMoves bounds the work of Octal for a code played by the engine of
// Split (see Octal): the moves it enumerates one by one and the word
// operations on the sets of values of splits into three or more heaps of
// any sizes. A game and size beyond it get an error wrapping
// ErrTooManyMoves once that much work is spent.
const MaxMoves = 1 << 30

// ErrTooManyMoves is wrapped by the errors of Octal when the game and size
// asked for need more work than MaxMoves.
var ErrTooManyMoves = errors.New("too many moves")

// ruleSequence returns g(0), ..., g(n) for the game of a rule: by the
// rare/common engine of OctalValues when its moves leave at most two heaps
// and it is finite, otherwise by the engine of Split, with at most budget
// moves and word operations.
func ruleSequence(r Rule, n, budget int) (Sequence, error) {
	if p, ok := ruleGame(r); ok {
		return pairSequence(p, n)
	}
	s := newSplitter(n)
	e := ruleMoves{r: r, budget: budget, limit: true, emit: s.emit, direct: s, sums: newXorSums(r, s)}
	g, err := s.run(n, func(h int, _ func(parts ...int)) {
		if e.sums != nil && e.budget >= 0 {
			e.budget -= e.sums.extend(h)
		}
		if e.budget >= 0 {
			e.options(h)
		}
	})
	if err != nil {
		return nil, err
	}
	if e.budget < 0 {
		return nil, fmt.Errorf("%w: more than %d moves and word operations up to heap %d", ErrTooManyMoves, budget, n)
	}
	return g, nil
}

// ruleMoves enumerates the moves of a rule into emit, with a buffer for
// their parts that it keeps from heap to heap.
type ruleMoves struct {
	r    Rule
	buf  []int
	emit func(parts ...int)
	// With limit, budget is the number of moves still allowed; it goes
	// negative when they run out, and no more are emitted.
	budget int
	limit  bool
	// direct, if set, is the splitter behind emit, which marks the values
	// of one-heap moves and two-heap splits without a call per move; sums,
	// if set, marks those of splits into three or more heaps of any sizes.
	direct *splitter
	sums   *xorSums
}

// options emits the moves of a heap of n tokens.
func (e *ruleMoves) options(n int) {
	digits := e.r.digits
	last := n
	if e.r.period == 0 {
		last = min(n, len(digits)-1)
	}
	// i is the index of d_j in digits, stepping back by the period at the
	// end of a repeating code.
	for j, i := 0, 0; j <= last; j, i = j+1, i+1 {
		if i == len(digits) {
			i -= e.r.period
		}
		d := &digits[i]
		if d.counts == 0 {
			continue
		}
		m := n - j
		if d.counts&1 != 0 && m == 0 && j > 0 {
			e.put(0)
		}
		if (d.counts&2 != 0 || d.more && d.top() < 1) && m > 0 && j > 0 {
			if e.direct != nil {
				e.budget--
				e.direct.mark(e.direct.g[m])
			} else {
				e.buf = append(e.buf[:0], m)
				e.put(1)
			}
		}
		for k := 2; k <= min(d.top(), m); k++ {
			switch {
			case d.counts&(1<<k) == 0:
			case k >= 3 && d.mod(k) == anySizes && e.sums != nil:
				e.sums.mark(k, m, false)
			default:
				e.partitions(m, k, d.mod(k))
			}
		}
		if d.more && d.moreMod == anySizes && e.sums != nil {
			if d.top() < 2 && m >= 2 {
				e.partitions(m, 2, anySizes)
			}
			e.sums.mark(max(d.top()+1, 3), m, true)
		} else if d.more {
			for k := max(d.top()+1, 2); k <= m; k++ {
				if d.moreMod == unequal && k*(k+1)/2 > m {
					break
				}
				e.partitions(m, k, d.moreMod)
			}
		}
		if e.limit && e.budget < 0 {
			return
		}
	}
}

// put emits the move to the first k heaps of the buffer.
func (e *ruleMoves) put(k int) {
	if e.limit {
		if e.budget < 0 {
			return
		}
		e.budget--
	}
	e.emit(e.buf[:k]...)
}

// partitions emits the splits of m tokens into k >= 2 non-empty heaps that
// satisfy the modifier, each once, in increasing order of sizes.
func (e *ruleMoves) partitions(m, k int, mod modifier) {
	if cap(e.buf) < k {
		e.buf = make([]int, k)
	}
	e.buf = e.buf[:k]
	if k == 2 && e.direct != nil {
		lo, hi := 1, m/2
		switch {
		case mod == allEqual:
			lo = hi + m%2 // the one split into equal heaps, if m is even
		case mod != anySizes && m%2 == 0:
			hi-- // for two heaps, ! and ? both leave out the equal split
		}
		if hi < lo || e.limit && e.budget < 0 {
			return
		}
		if e.limit {
			e.budget -= hi - lo + 1
		}
		e.direct.markPairs(m, lo, hi)
		return
	}
	switch mod {
	case allEqual:
		if m%k == 0 {
			for i := range k {
				e.buf[i] = m / k
			}
			e.put(k)
		}
	case unequal:
		e.parts(0, k, m, 1, true, false)
	default:
		e.parts(0, k, m, 1, false, mod == notEqual)
	}
}

// parts fills e.buf[i:k] with sizes of at least lo, increasing (strictly if
// strict) and summing to rest, emitting each complete split; skipEqual
// leaves out the split into equal heaps.
func (e *ruleMoves) parts(i, k, rest, lo int, strict, skipEqual bool) {
	if i == k-1 {
		e.buf[i] = rest
		if !skipEqual || e.buf[0] != rest {
			e.put(k)
		}
		return
	}
	left := k - i // heaps still to size, this one included
	for p := lo; ; p++ {
		least := left * p // the fewest tokens heaps i..k-1 can hold
		if strict {
			least += left * (left - 1) / 2
		}
		if least > rest || e.limit && e.budget < 0 {
			return
		}
		e.buf[i] = p
		next := p
		if strict {
			next++
		}
		e.parts(i+1, k, rest-p, next, strict, skipEqual)
	}
}
