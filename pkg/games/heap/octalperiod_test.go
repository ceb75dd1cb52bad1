package heap

import (
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/games"
)

// checkProof checks a proven period against a long computed sequence, with
// DetectPeriod as a second opinion: the repetition holds on all of g, the
// preperiod cannot be lowered, and no smaller period repeats from it.
func checkProof(t *testing.T, code string, p PeriodProof, g Sequence) {
	t.Helper()
	e, per := p.Preperiod, p.Period
	d, err := refDigits(code)
	if err != nil {
		t.Fatal(err)
	}
	if want := refBound(d, e, per); p.Bound != want || p.Terms < p.Bound+per {
		t.Fatalf("%s: bound %d from %d values, want bound %d and at least %d values", code, p.Bound, p.Terms, want, want+per)
	}
	checkLeastPeriod(t, code, e, per, g)
	if len(g) >= e+3*per {
		d, ok := DetectPeriod(g)
		if !ok || d.Preperiod != e || d.Period != per {
			t.Fatalf("%s: proven %d, %d but DetectPeriod finds %+v on %d values", code, e, per, d, len(g))
		}
	}
	checkForm(t, code, p, g[:min(len(g), 3*(e+per))])
}

func TestOctalPeriodKnown(t *testing.T) {
	for _, tc := range []struct {
		code              string
		preperiod, period int
	}{
		{DawsonsKayles, 53, 34},
		{Kayles, 71, 12},
		{DawsonsChess, 52, 34},
		{".051", 48, 48},
		{".7777", 142, 24},
		{"4.7", 1, 2},
		{"0.0", 0, 1},
		{"0.1", 2, 1},
		{"0.3", 0, 2},
		{"0x0.F", 0, 2},
		// Long periods, from about half a million and 650,000 values: the
		// sparse-space method keeps these fast enough for every run.
		{"0.16", 105351, 149459},
		{".56", 326640, 144},
	} {
		p, err := OctalPeriod(tc.code, 1_000_000)
		if err != nil {
			t.Errorf("%s: %v", tc.code, err)
			continue
		}
		if p.Preperiod != tc.preperiod || p.Period != tc.period {
			t.Errorf("%s: preperiod %d, period %d; want %d, %d", tc.code, p.Preperiod, p.Period, tc.preperiod, tc.period)
			continue
		}
		if p.Terms > 20_000 {
			continue // too long to recompute; TestTakeBreakAgainstNaive goes deep into 0.16
		}
		g, err := Octal(tc.code, p.Terms+3*p.Period)
		if err != nil {
			t.Fatal(err)
		}
		checkProof(t, tc.code, p, g)
	}
}

// TestOctalPeriodLong proves the period of 0.376, which takes about
// 4.5 million values; set GRUNDY_LONG=1 to run it.
func TestOctalPeriodLong(t *testing.T) {
	if os.Getenv("GRUNDY_LONG") == "" {
		t.Skip("set GRUNDY_LONG=1 to prove the period of 0.376 (4.5 million values)")
	}
	p, err := OctalPeriod(".376", 5_000_000)
	if err != nil {
		t.Fatal(err)
	}
	if p.Preperiod != 2268248 || p.Period != 4 {
		t.Fatalf("0.376: %v, want preperiod 2268248, period 4", p)
	}
}

func TestOctalPeriodRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	proven := 0
	const games = 120
	for i := range games {
		c := randomCode(r, i%4 == 0)
		limit := 3000
		if !c.IsOctal() {
			limit = 400
		}
		p, err := OctalPeriod(c.String(), limit)
		if errors.Is(err, ErrNoPeriod) {
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", c, err)
		}
		proven++
		g, err := TakeBreak(c, max(p.Terms, p.Preperiod+4*p.Period))
		if err != nil {
			t.Fatal(err)
		}
		checkProof(t, c.String(), p, g)
	}
	if proven < games/2 {
		t.Fatalf("only %d of %d random games proven periodic", proven, games)
	}
}

func TestOctalPeriodErrors(t *testing.T) {
	_, err := OctalPeriod("0.16", 10_000)
	if !errors.Is(err, ErrNoPeriod) || !strings.Contains(err.Error(), "0.16") {
		t.Errorf("0.16 within 10,000 values: %v, want ErrNoPeriod", err)
	}
	_, err = OctalPeriod("0.07", 100)
	if !errors.Is(err, ErrNoPeriod) {
		t.Errorf("0.07 within 100 values: %v, want ErrNoPeriod", err)
	}
	var ce *games.Error
	if _, err := OctalPeriod("0.{2", 100); !errors.As(err, &ce) || ce.Func != "heap.OctalPeriod" {
		t.Errorf("bad code: %v, want a *games.Error from OctalPeriod", err)
	}
	for _, n := range []int{0, -1, MaxLen + 1} {
		if _, err := OctalPeriod("0.07", n); err == nil {
			t.Errorf("maxTerms %d accepted", n)
		}
	}
}
