package heap

import (
	"errors"
	"fmt"
	"math"

	"github.com/grundylab/grundy/pkg/games/internal/gameerr"
)

// ErrRange is wrapped by the errors of a Form asked about heaps outside the
// range it describes.
var ErrRange = errors.New("heap outside the form's range")

// A Form is a closed form for a Grundy sequence: a rule that gives g(n) for
// heaps far beyond any sequence one could compute, and counts values over
// such ranges.
type Form interface {
	// Value returns g(n).
	Value(n int64) (int, error)
	// Histogram returns h with h[v] the number of heaps lo <= n <= hi whose
	// value is v.
	Histogram(lo, hi int64) ([]int64, error)
	// String describes the rule, e.g. "2-adic valuation of n".
	String() string
}

// A Fit is a Form found to agree with a computed sequence on the heaps
// From <= n < To.
type Fit struct {
	Form     Form
	From, To int
}

func (f Fit) String() string {
	return fmt.Sprintf("%s, checked for %d <= n < %d", f.Form, f.From, f.To)
}

// Recognize returns the closed forms that fit s: ultimately periodic (as
// DetectPeriod finds it) and p-adic valuation. Each fit is checked against
// every value of s in its range.
func Recognize(s Sequence) []Fit {
	var fits []Fit
	if per, ok := DetectPeriod(s); ok {
		fits = append(fits, Fit{Form: newPeriodic(s, per.Preperiod, per.Period), From: 0, To: len(s)})
	}
	if v, ok := fitValuation(s); ok {
		fits = append(fits, Fit{Form: v, From: 1, To: len(s)})
	}
	return fits
}

// fitValuation checks g(n) = v_b(n) for 1 <= n < len(s), b being the least
// heap of value 1, and asks for a few powers of b as evidence.
func fitValuation(s Sequence) (Valuation, bool) {
	b := 0
	for n := 1; n < len(s); n++ {
		if s[n] == 1 {
			b = n
			break
		}
	}
	if b < 2 || int64(b)*int64(b)*int64(b) >= int64(len(s)) {
		return Valuation{}, false
	}
	v := Valuation{Base: int64(b)}
	for n := 1; n < len(s); n++ {
		if w, _ := v.Value(int64(n)); w != s[n] {
			return Valuation{}, false
		}
	}
	return v, true
}

// Periodic is the closed form of an ultimately periodic sequence:
// g(n+Period) = g(n) for n >= Preperiod.
type Periodic struct {
	Preperiod, Period int
	head              Sequence // g(0), ..., g(Preperiod+Period-1)
	compact           *Values  // the same, two bytes a value, if head is nil
}

// at returns g(i) for i < Preperiod+Period.
func (p Periodic) at(i int64) int {
	if p.compact != nil {
		return p.compact.At(int(i))
	}
	return p.head[i]
}

// newPeriodic returns the periodic form with the given preperiod and period
// whose first values are those of s. It panics if s is shorter than
// preperiod+period or period < 1: the caller found the period in s, so a
// panic is a bug of this package.
func newPeriodic(s Sequence, preperiod, period int) Periodic {
	if period < 1 || preperiod < 0 || len(s) < preperiod+period {
		panic(fmt.Sprintf("heap: newPeriodic(%d values, %d, %d)", len(s), preperiod, period))
	}
	head := make(Sequence, preperiod+period)
	copy(head, s)
	return Periodic{Preperiod: preperiod, Period: period, head: head}
}

func (p Periodic) String() string {
	return fmt.Sprintf("ultimately periodic, preperiod %d, period %d", p.Preperiod, p.Period)
}

// Value returns g(n) for n >= 0. Errors name Periodic.Value and the form.
func (p Periodic) Value(n int64) (int, error) {
	if err := p.check(n, n); err != nil {
		return 0, gameerr.New("heap.Periodic.Value", p.String(), err)
	}
	return p.at(p.index(n)), nil
}

// check reports the heaps lo..hi, lo <= hi+1, as outside the form when lo
// is negative, and every heap when p was not made by this package, which
// gives it no values.
func (p Periodic) check(lo, hi int64) error {
	switch {
	case p.head == nil && p.compact == nil || p.Period < 1:
		return fmt.Errorf("%w: a Periodic not made by package heap has no values", ErrRange)
	case lo < 0:
		return fmt.Errorf("%w: heap %d is negative", ErrRange, lo)
	case hi < lo-1:
		return fmt.Errorf("%w: the range %d..%d ends before it starts", ErrRange, lo, hi)
	}
	return nil
}

func (p Periodic) index(n int64) int64 {
	e := int64(p.Preperiod)
	if n < e {
		return n
	}
	return e + (n-e)%int64(p.Period)
}

// Histogram returns the value counts of heaps lo..hi, 0 <= lo, in O(preperiod
// + period) time whatever the size of the range.
//
// Errors name Periodic.Histogram and the form.
func (p Periodic) Histogram(lo, hi int64) ([]int64, error) {
	if err := p.check(lo, hi); err != nil {
		return nil, gameerr.New("heap.Periodic.Histogram", p.String(), err)
	}
	mx := p.head.Max()
	if p.compact != nil {
		mx = p.compact.Max()
	}
	h := make([]int64, mx+1)
	p.countUpTo(h, hi, 1)
	p.countUpTo(h, lo-1, -1)
	return h, nil
}

// countUpTo adds sign times the value counts of heaps 0..x to h.
func (p Periodic) countUpTo(h []int64, x, sign int64) {
	if x < 0 {
		return
	}
	e, per := int64(p.Preperiod), int64(p.Period)
	for n := int64(0); n <= x && n < e; n++ {
		h[p.at(n)] += sign
	}
	if x < e {
		return
	}
	// Heaps e..x: whole periods, then a partial one.
	full, rest := (x-e+1)/per, (x-e+1)%per
	for i := int64(0); i < per; i++ {
		c := full
		if i < rest {
			c++
		}
		h[p.at(e+i)] += sign * c
	}
}

// Valuation is the closed form g(n) = v_Base(n), the exponent of the largest
// power of Base dividing n, for heaps n >= 1. Divisor Nim's Grundy values are
// the 2-adic valuation: by induction, for h = 2^k·o with o odd, the proper
// divisors 2^i, i < k, leave h-2^i of valuation i; a proper divisor of
// valuation i < k leaves a heap of valuation i, and one of valuation k leaves
// 2^k(o-o') with o' odd, of valuation above k. So the options' values are
// 0, ..., k-1 and values above k, whose mex is k.
type Valuation struct {
	Base int64
}

// check reports the heaps lo..hi, lo <= hi+1, as outside the form when lo
// is below 1, and every heap when the base is below 2.
func (v Valuation) check(lo, hi int64) error {
	switch {
	case v.Base < 2:
		return fmt.Errorf("%w: base %d, want at least 2", ErrRange, v.Base)
	case lo < 1:
		return fmt.Errorf("%w: heap %d, want at least 1", ErrRange, lo)
	case hi < lo-1:
		return fmt.Errorf("%w: the range %d..%d ends before it starts", ErrRange, lo, hi)
	}
	return nil
}

func (v Valuation) String() string {
	return fmt.Sprintf("%d-adic valuation of n", v.Base)
}

// Value returns v_Base(n) for n >= 1. Errors name Valuation.Value and the
// form.
func (v Valuation) Value(n int64) (int, error) {
	if err := v.check(n, n); err != nil {
		return 0, gameerr.New("heap.Valuation.Value", v.String(), err)
	}
	k := 0
	for n%v.Base == 0 {
		n /= v.Base
		k++
	}
	return k, nil
}

// Histogram returns the value counts of heaps lo..hi, 1 <= lo, in
// O(log hi) time: floor(x/b^k) - floor(x/b^(k+1)) heaps up to x have
// valuation exactly k. Errors name Valuation.Histogram and the form.
func (v Valuation) Histogram(lo, hi int64) ([]int64, error) {
	if err := v.check(lo, hi); err != nil {
		return nil, gameerr.New("heap.Valuation.Histogram", v.String(), err)
	}
	var h []int64
	for pk := int64(1); pk <= hi; pk *= v.Base {
		// Heaps up to x of valuation exactly k: those divisible by pk but not
		// by pk*Base, which has none below it once it passes every int64.
		exactly := func(x int64) int64 {
			if pk > math.MaxInt64/v.Base {
				return x / pk
			}
			return x/pk - x/(pk*v.Base)
		}
		h = append(h, exactly(hi)-exactly(lo-1))
		if pk > math.MaxInt64/v.Base {
			break
		}
	}
	return h, nil
}
