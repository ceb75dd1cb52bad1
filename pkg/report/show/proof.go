package show

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/grundylab/grundy/pkg/games/heap"
)

// MaxListed is the most values of a preperiod or a period that Proof lists;
// longer ones are cut with an ellipsis, and the lengths are said.
const MaxListed = 200

// Proof states a proven period of the heap game named name (its code, say):
// the theorem's conclusion, what was checked to reach it, and the closed
// form, the preperiod's values and one period's values, which give g(n) for
// every heap.
func Proof(name string, p heap.PeriodProof) (Display, error) {
	if p.Period < 1 || p.Preperiod < 0 {
		return Display{}, fmt.Errorf("show: proof for %q: preperiod %d, period %d: %w", name, p.Preperiod, p.Period, ErrData)
	}
	pre, err := listValues(p.Form, 0, p.Preperiod)
	if err != nil {
		return Display{}, fmt.Errorf("show: proof for %q: %w", name, err)
	}
	per, err := listValues(p.Form, p.Preperiod, p.Preperiod+p.Period)
	if err != nil {
		return Display{}, fmt.Errorf("show: proof for %q: %w", name, err)
	}
	e, q := p.Preperiod, p.Period
	statement := fmt.Sprintf("The Grundy values of %s are ultimately periodic with preperiod %d and period %d: g(n + %d) = g(n) for every n ≥ %d.", name, e, q, q, e)
	checked := fmt.Sprintf("Proof: the equality was checked for %d ≤ n < %d, from %d computed values; moves take at most t = %d tokens and leave at most %d heaps, and for such games the periodicity theorem extends a check that far to every n.", e, p.Bound, p.Terms, p.MaxTake, p.MaxHeaps)
	form := fmt.Sprintf("g(n) = g(%d + (n − %d) mod %d) for n ≥ %d", e, e, q, e)

	var h strings.Builder
	fmt.Fprintf(&h, `<div><p><strong>Theorem.</strong> %s</p><p><em>%s</em></p>`, esc(statement), esc(checked))
	fmt.Fprintf(&h, `<p>Closed form: <code>%s</code>, with</p><ul>`, esc(form))
	if e > 0 {
		fmt.Fprintf(&h, `<li>preperiod g(0..%d) = <code>%s</code></li>`, e-1, pre)
	}
	fmt.Fprintf(&h, `<li>period g(%d..%d) = <code>%s</code></li></ul></div>`, e, e+q-1, per)

	var t strings.Builder
	t.WriteString("Theorem. " + statement + "\n" + checked + "\nClosed form: " + form + ", with\n")
	if e > 0 {
		fmt.Fprintf(&t, "  preperiod g(0..%d) = %s\n", e-1, pre)
	}
	fmt.Fprintf(&t, "  period g(%d..%d) = %s", e, e+q-1, per)
	return Display{
		HTML: figure(h.String(), esc("Period of "+name)),
		Text: "Period of " + name + "\n" + t.String(),
	}, nil
}

// listValues lists g(lo), ..., g(hi-1) of f, at most MaxListed of them.
func listValues(f heap.Form, lo, hi int) (string, error) {
	var b strings.Builder
	for n := lo; n < hi && n < lo+MaxListed; n++ {
		v, err := f.Value(int64(n))
		if err != nil {
			return "", err
		}
		if n > lo {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(v))
	}
	if hi-lo > MaxListed {
		fmt.Fprintf(&b, " … (%d values)", hi-lo)
	}
	return b.String(), nil
}
