package heap

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/games"
)

// This file holds OctalPeriod and SubtractionPeriod to the plain definition
// of their games at every small budget of values. A proof from few values
// is where an unsound bound shows: with more values the apparent preperiod
// moves up and hides the error. The referee below shares nothing with the
// package: it reads the digits itself, lists every move and takes the mex.

// refDigits reads a code of the form [0x][d].d... with hexadecimal digits
// (the digit before the point 0 if absent): refDigits("0.07") is [0 0 7].
func refDigits(code string) ([]int, error) {
	s := strings.TrimPrefix(strings.TrimPrefix(code, "0x"), "0X")
	intPart, frac, ok := strings.Cut(s, ".")
	if !ok || len(intPart) > 1 || frac == "" {
		return nil, fmt.Errorf("referee: cannot read %q", code)
	}
	if intPart == "" {
		intPart = "0"
	}
	var d []int
	for _, ch := range intPart + frac {
		var v int
		switch {
		case '0' <= ch && ch <= '9':
			v = int(ch - '0')
		case 'A' <= ch && ch <= 'F':
			v = int(ch-'A') + 10
		case 'a' <= ch && ch <= 'f':
			v = int(ch-'a') + 10
		default:
			return nil, fmt.Errorf("referee: %q in %q is not a digit", ch, code)
		}
		d = append(d, v)
	}
	return d, nil
}

// refValues returns g(0), ..., g(n-1) by the definition: from a heap of h
// tokens a move removes j tokens (digit d[j]) and leaves k non-empty heaps
// of h-j tokens in all if bit 2^k of d[j] is set; k = 0 needs h = j, and
// the digit before the point (j = 0) allows only k >= 2. The value of a
// heap is the least value no option has; an option's value is the XOR of
// its heaps' values.
func refValues(d []int, n int) []int {
	g := make([]int, n)
	seen := make([]bool, 2)
	for h := 1; h < n; h++ {
		clear(seen)
		add := func(v int) {
			for v >= len(seen) {
				seen = append(seen, make([]bool, len(seen))...)
			}
			seen[v] = true
		}
		for j := 0; j < len(d) && j <= h; j++ {
			m := h - j
			if d[j]&1 != 0 && j > 0 && m == 0 {
				add(0)
			}
			if d[j]&2 != 0 && j > 0 && m > 0 {
				add(g[m])
			}
			if d[j]&4 != 0 {
				for a := 1; a <= m-a; a++ {
					add(g[a] ^ g[m-a])
				}
			}
			if d[j]&8 != 0 {
				for a := 1; 3*a <= m; a++ {
					for b := a; b <= m-a-b; b++ {
						add(g[a] ^ g[b] ^ g[m-a-b])
					}
				}
			}
		}
		v := 0
		for v < len(seen) && seen[v] {
			v++
		}
		g[h] = v
	}
	return g
}

// refBound returns the heap below which the periodicity theorem asks the
// check g(n+p) = g(n), as the proof in the package documentation derives
// it from the digits: e+p+t without splits, 2E+p+t with two heaps and
// 3E+2p+t with three, E = max(e, 1) unless every digit that allows k >= 2
// heaps also allows k-1 (the digit before the point never allows one).
func refBound(d []int, e, p int) int {
	t, heaps, closed := 0, 1, true
	for j, x := range d {
		if x != 0 {
			t = j
		}
		if x&8 != 0 {
			heaps = 3
			closed = closed && x&4 != 0
		}
		if x&4 != 0 {
			heaps = max(heaps, 2)
			closed = closed && j > 0 && x&2 != 0
		}
	}
	if heaps == 1 {
		return e + p + t
	}
	if e == 0 && !closed {
		e = 1
	}
	return heaps*e + (heaps-1)*p + t
}

// checkReferee checks a proof against the referee's values g: the closed
// form gives every value of g; Preperiod and Period are the least that
// g shows; the theorem's bound was checked with values in hand.
func checkReferee(t *testing.T, what string, p PeriodProof, g []int, bound int) {
	t.Helper()
	checkForm(t, what, p, g)
	checkLeastPeriod(t, what, p.Preperiod, p.Period, g)
	if p.Bound != bound || p.Terms < p.Bound+p.Period {
		t.Fatalf("%s: bound %d from %d values; the theorem asks bound %d, so %d values", what, p.Bound, p.Terms, bound, bound+p.Period)
	}
}

// checkForm checks that a proof's closed form gives every value of g.
func checkForm(t *testing.T, what string, p PeriodProof, g []int) {
	t.Helper()
	for n := range g {
		if v, err := p.Form.Value(int64(n)); err != nil || v != g[n] {
			t.Fatalf("%s: proven preperiod %d, period %d from %d values, but g(%d) = %d, not %d (%v)", what, p.Preperiod, p.Period, p.Terms, n, g[n], v, err)
		}
	}
}

// checkLeastPeriod checks that g repeats with period per from e to its end,
// and that neither can be lowered: g(e-1) differs from g(e-1+per), and no
// smaller period repeats from e to the end of g.
func checkLeastPeriod(t *testing.T, what string, e, per int, g []int) {
	t.Helper()
	for n := e; n+per < len(g); n++ {
		if g[n+per] != g[n] {
			t.Fatalf("%s: proven period %d from %d, but g(%d) = %d, g(%d) = %d", what, per, e, n, g[n], n+per, g[n+per])
		}
	}
	if e > 0 && g[e-1] == g[e-1+per] {
		t.Fatalf("%s: preperiod %d is not the least: g(%d) = g(%d)", what, e, e-1, e-1+per)
	}
	for q := 1; q < per; q++ {
		repeats := true
		for n := e; n+q < len(g) && repeats; n++ {
			repeats = g[n+q] == g[n]
		}
		if repeats {
			t.Fatalf("%s: period %d is not the least: %d repeats from %d to %d", what, per, q, e, len(g))
		}
	}
}

// periodCodes returns the codes of the property test: every code with one
// digit after the point and any digit before it, every code with two digits
// after the point (short: those with a digit below 8), three-digit octal
// codes (short: every fourth) and a few with later digits.
func periodCodes(short bool) []string {
	const hex = "0123456789ABCDEF"
	var codes []string
	for _, d0 := range "048C" {
		for _, d1 := range hex {
			codes = append(codes, "0x"+string(d0)+"."+string(d1))
		}
	}
	for _, d1 := range hex {
		for _, d2 := range hex {
			if !short || d1 < '8' || d2 < '8' {
				codes = append(codes, "0x0."+string(d1)+string(d2))
			}
		}
	}
	for i := range 512 {
		if !short || i%4 == 1 {
			codes = append(codes, fmt.Sprintf("0.%d%d%d", i>>6, i>>3&7, i&7))
		}
	}
	for _, d := range []string{"07", "16", "37", "44", "54", "004", "0004", "0104", "4004"} {
		codes = append(codes, "4."+d)
	}
	return append(codes, "0.0004", "0.00004", "0.1004", "0.0504", "0.0404", "0x0.0008", "0x0.008C", "0x8.04", "0xC.08")
}

// refereeReach returns the budgets the property test tries, 1 to budgets,
// and how far beyond four times the values read it checks a proof: less for
// codes with three-heap moves, whose referee costs the cube of the heap.
func refereeReach(d []int, short bool) (budgets, extra int) {
	three := false
	for _, x := range d {
		three = three || x&8 != 0
	}
	switch {
	case three && short:
		return 60, 200
	case three:
		return 120, 500
	case short:
		return 200, 1000
	}
	return 300, 2000
}

// checkBudgets calls prove with every budget from 1 to budgets and holds
// each proof to the referee's values g of the code with digits d, as far as
// 4·Terms+extra, and returns the number of proofs. call is the start of
// the call, "OctalPeriod(0.07", for the messages.
func checkBudgets(t *testing.T, call string, d, g []int, budgets, extra int, prove func(budget int) (PeriodProof, error)) int {
	t.Helper()
	proofs := 0
	for budget := 1; budget <= budgets; budget++ {
		what := fmt.Sprintf("%s, %d)", call, budget)
		p, err := prove(budget)
		if errors.Is(err, ErrNoPeriod) {
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if p.Terms > budget {
			t.Fatalf("%s: read %d values", what, p.Terms)
		}
		proofs++
		checkReferee(t, what, p, g[:4*p.Terms+extra], refBound(d, p.Preperiod, p.Period))
	}
	return proofs
}

// TestOctalPeriodAgainstReferee asks OctalPeriod for the period of every
// code of periodCodes with every budget from one value to refereeReach's,
// and holds each proof to the referee's values far beyond it.
func TestOctalPeriodAgainstReferee(t *testing.T) {
	proofs := 0
	for _, code := range periodCodes(testing.Short()) {
		d, err := refDigits(code)
		if err != nil {
			t.Fatal(err)
		}
		budgets, extra := refereeReach(d, testing.Short())
		g := refValues(d, 4*budgets+extra)
		proofs += checkBudgets(t, "OctalPeriod("+code, d, g, budgets, extra, func(budget int) (PeriodProof, error) {
			return OctalPeriod(code, budget)
		})
	}
	if proofs == 0 {
		t.Fatal("no proof at any budget: the test checks nothing")
	}
}

// TestSubtractionPeriodAgainstReferee does for SubtractionPeriod what
// TestOctalPeriodAgainstReferee does for OctalPeriod, over every set of
// amounts up to 7 (short: up to 6), sets with larger amounts, and the
// empty set, each at every budget from one value to 300 (short: 150). A
// subtraction game is the code with digit 3 at each amount, and its bound
// is the theorem's for moves that never split a heap.
func TestSubtractionPeriodAgainstReferee(t *testing.T) {
	top, budgets, extra := 7, 300, 2000
	if testing.Short() {
		top, budgets, extra = 6, 150, 1000
	}
	sets := [][]int{nil, {9}, {2, 11}, {3, 4, 13}, {1, 6, 15}, {5, 12, 14}, {20}, {7, 19, 25}}
	for mask := 1; mask < 1<<top; mask++ {
		var set []int
		for a := 1; a <= top; a++ {
			if mask&(1<<(a-1)) != 0 {
				set = append(set, a)
			}
		}
		sets = append(sets, set)
	}
	proofs := 0
	for _, amounts := range sets {
		s, err := Finite(amounts...)
		if err != nil {
			t.Fatal(err)
		}
		d := []int{0}
		for _, a := range amounts {
			for len(d) <= a {
				d = append(d, 0)
			}
			d[a] = 3
		}
		g := refValues(d, 4*budgets+extra)
		// The calls checkBudgets makes, kept for the completeness check below.
		errs := make([]error, budgets+1)
		var full PeriodProof
		proofs += checkBudgets(t, "SubtractionPeriod("+s.String(), d, g, budgets, extra, func(budget int) (PeriodProof, error) {
			p, err := SubtractionPeriod(s, budget)
			errs[budget] = err
			if budget == budgets {
				full = p
			}
			return p, err
		})
		// No budget that holds the values the proof reads may fail, and no
		// failure may ask for more than those.
		if errs[budgets] != nil {
			continue
		}
		reads := full.Bound + full.Period
		for budget := 1; budget <= budgets; budget++ {
			err := errs[budget]
			if (err == nil) != (budget >= reads) {
				t.Fatalf("SubtractionPeriod(%s, %d): error %v, but the proof reads %d values", s, budget, err, reads)
			}
			if err == nil {
				continue
			}
			msg, asked := err.Error(), 0
			at := strings.LastIndex(msg, "at least ")
			if at < 0 {
				t.Fatalf("SubtractionPeriod(%s, %d): %v: says no number of values", s, budget, err)
			}
			if _, scanErr := fmt.Sscanf(msg[at:], "at least %d)", &asked); scanErr != nil || asked <= budget || asked > reads {
				t.Fatalf("SubtractionPeriod(%s, %d): %v; the proof reads %d values", s, budget, err, reads)
			}
		}
	}
	if proofs == 0 {
		t.Fatal("no proof at any budget: the test checks nothing")
	}
}

// TestOctalPeriodRuleForms covers the other spellings ParseRule reads. Those
// that are Codes (braces, &N;, lower case, no digit before the point,
// trailing zeros, a modifier on a digit that does not split) are held to the referee of the plain code they spell at
// every budget; the others (modifiers, repeating digits, more than three
// heaps) must be refused with a *games.Error at every budget, never proven.
func TestOctalPeriodRuleForms(t *testing.T) {
	budgets, extra := 120, 500
	if testing.Short() {
		budgets, extra = 60, 200
	}
	for _, tc := range []struct{ form, plain string }{
		{"0.{1,2}", "0.3"},
		{"0.{2}", "0.4"},
		{"{2}.0", "4.0"},
		{"{3}.{1}", "8.2"},
		{"{2,3}.0", "C.0"},
		{"0.{0,1,2}", "0.7"},
		{"0.{3}", "0.8"},
		{"0.{1,2,3}", "0.E"},
		{"0.&4;", "0.4"},
		{"0.&15;&6;", "0.F6"},
		{"0x.8", "0.8"},
		{"0X4.b", "4.B"},
		{".07", "0.07"},
		{"0.0700", "0.07"},
		{"0.0{2}", "0.04"},
		{"0.0{1,2}{2}", "0.034"},
		{"0.3?", "0.3"}, // a modifier constrains splits only
	} {
		d, err := refDigits(tc.plain)
		if err != nil {
			t.Fatal(err)
		}
		g := refValues(d, 4*budgets+extra)
		checkBudgets(t, "OctalPeriod("+tc.form, d, g, budgets, extra, func(budget int) (PeriodProof, error) {
			return OctalPeriod(tc.form, budget)
		})
	}
	for _, form := range []string{"4!.0", "8?.0", "0.4=", "0.{2!,3}", "0.[3]", "4.[3]", "0.{2+}", "0.*", "0.G", "0.&16;", "{4}.0", "0.7!"} {
		if _, err := ParseRule(form); err != nil {
			t.Fatalf("%s: %v; the test wants a form ParseRule reads", form, err)
		}
		for budget := 1; budget <= budgets; budget++ {
			var ce *games.Error
			if p, err := OctalPeriod(form, budget); !errors.As(err, &ce) {
				t.Fatalf("OctalPeriod(%s, %d) = %v, %v; want a *games.Error (not a Code)", form, budget, p, err)
			}
		}
	}
}
