package heap

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/games/internal/referee"
)

// bruteSubtraction is the plain definition of a subtraction game, the
// referee: every amount, then the mex, with no shortcut.
func bruteSubtraction(amounts []int, n int) Sequence {
	g := make(Sequence, n)
	for h := range g {
		seen := map[int]bool{}
		for _, m := range amounts {
			if m <= h {
				seen[g[h-m]] = true
			}
		}
		for seen[g[h]] {
			g[h]++
		}
	}
	return g
}

// checkSubtractionProof checks a proven period against the plain
// definition g, computed far beyond the proof: the repetition holds on all
// of g, the preperiod cannot be lowered, no smaller period repeats from it,
// and the closed form gives g. DetectPeriod is the second opinion: it
// reports the smallest period seen three times at the end of what it is
// given, which a short run at the end may fool, so it is asked at every cut
// of g in a stretch of one period: it must never see a longer period, and
// at one cut at least it must find exactly the proven one.
func checkSubtractionProof(t *testing.T, name string, p PeriodProof, g Sequence) {
	t.Helper()
	e, per := p.Preperiod, p.Period
	if len(g) < e+4*per+1 {
		t.Fatalf("%s: %d values are too few to check %d, %d", name, len(g), e, per)
	}
	checkLeastPeriod(t, name, e, per, g)
	exact := false
	for cut := e + 3*per; cut <= e+4*per; cut++ {
		d, ok := DetectPeriod(g[:cut])
		if !ok || d.Period > per {
			t.Fatalf("%s: DetectPeriod on %d values finds %+v, %v; the proven period %d repeats there", name, cut, d, ok, per)
		}
		exact = exact || d.Period == per && d.Preperiod == e
	}
	if !exact {
		t.Fatalf("%s: DetectPeriod never finds the proven %d, %d", name, e, per)
	}
	checkForm(t, name, p, g)
}

// subtractionCode returns the octal code of the subtraction game: digit 3
// (take, leaving one heap or none) at each amount.
func subtractionCode(amounts []int) string {
	d := []byte("0.")
	for j := 1; j <= amounts[len(amounts)-1]; j++ {
		if slices.Contains(amounts, j) {
			d = append(d, '3')
		} else {
			d = append(d, '0')
		}
	}
	return string(d)
}

func TestSubtractionPeriodKnown(t *testing.T) {
	for _, tc := range []struct {
		amounts           []int
		preperiod, period int
	}{
		{[]int{1, 2, 3}, 0, 4},
		{[]int{1, 4}, 0, 5},
		{[]int{2, 3, 7}, 0, 5}, // CGSuite's Subtraction([2,3,7])
		{[]int{1}, 0, 2},
		{[]int{5}, 0, 10},
		{nil, 0, 1},
	} {
		s, err := Finite(tc.amounts...)
		if err != nil {
			t.Fatal(err)
		}
		p, err := SubtractionPeriod(s, 10_000)
		if err != nil {
			t.Errorf("%s: %v", s, err)
			continue
		}
		if p.Preperiod != tc.preperiod || p.Period != tc.period {
			t.Errorf("%s: preperiod %d, period %d; want %d, %d", s, p.Preperiod, p.Period, tc.preperiod, tc.period)
		}
	}
}

// TestSubtractionPeriodRandom checks proven periods of random finite sets
// against the plain definition far beyond the proof, against DetectPeriod,
// and against OctalPeriod's proof for the same game as an octal code.
func TestSubtractionPeriodRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for i := range 150 {
		maxAmount := 3 + r.IntN(30)
		if i%10 == 0 {
			maxAmount = 60 + r.IntN(60)
		}
		amounts := []int{maxAmount}
		for range r.IntN(4) {
			amounts = append(amounts, 1+r.IntN(maxAmount))
		}
		s, err := Finite(amounts...)
		if err != nil {
			t.Fatal(err)
		}
		members, _ := s.Members(maxAmount)
		p, err := SubtractionPeriod(s, 1_000_000)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if p.MaxTake != maxAmount || p.MaxHeaps != 1 || p.Bound != p.Preperiod+p.Period+maxAmount || p.Terms < p.Bound+p.Period {
			t.Fatalf("%s: %+v: wrong MaxTake, MaxHeaps, Bound or Terms", s, p)
		}
		g := bruteSubtraction(members, p.Terms+4*p.Period+500)
		checkSubtractionProof(t, s.String(), p, g)
		if maxAmount <= 40 {
			code := subtractionCode(members)
			op, err := OctalPeriod(code, 1_000_000)
			if err != nil {
				t.Fatalf("%s as %s: %v", s, code, err)
			}
			if op.Preperiod != p.Preperiod || op.Period != p.Period {
				t.Fatalf("%s: SubtractionPeriod %d, %d; OctalPeriod(%s) %d, %d", s, p.Preperiod, p.Period, code, op.Preperiod, op.Period)
			}
		}
	}
}

// TestSubtractionPeriodPreperiod checks sets whose values settle only
// after a while, so that the least preperiod is not 0.
func TestSubtractionPeriodPreperiod(t *testing.T) {
	found := 0
	for a := 1; a <= 12; a++ {
		for b := a + 1; b <= 12; b++ {
			for c := b + 1; c <= 12; c++ {
				s, _ := Finite(a, b, c)
				p, err := SubtractionPeriod(s, 100_000)
				if err != nil {
					t.Fatal(err)
				}
				if p.Preperiod > 0 {
					found++
				}
				checkSubtractionProof(t, s.String(), p, bruteSubtraction([]int{a, b, c}, p.Terms+4*p.Period+100))
			}
		}
	}
	if found == 0 {
		t.Error("no set with three amounts up to 12 has a preperiod: the check proves nothing about preperiods")
	}
}

func TestSubtractionPeriodErrors(t *testing.T) {
	for _, s := range []Set{Squares(), Primes(), Predicate("odd", func(k int) bool { return k%2 == 1 })} {
		if _, err := SubtractionPeriod(s, 1000); !errors.Is(err, ErrSet) {
			t.Errorf("%s: %v, want ErrSet (not finite)", s, err)
		}
	}
	if _, err := SubtractionPeriod(Set{}, 1000); !errors.Is(err, ErrSet) {
		t.Errorf("zero Set: %v, want ErrSet", err)
	}
	s, _ := Finite(1, 2, 3)
	for _, n := range []int{0, -1, MaxLen + 1} {
		if _, err := SubtractionPeriod(s, n); err == nil {
			t.Errorf("maxTerms %d accepted", n)
		}
	}
	// {1, 2, 3} needs 4 + 2·4 + 3 values at least; {100} more than 100.
	if _, err := SubtractionPeriod(s, 10); !errors.Is(err, ErrNoPeriod) {
		t.Errorf("{1,2,3} within 10 values: %v, want ErrNoPeriod", err)
	}
	big, _ := Finite(100)
	if _, err := SubtractionPeriod(big, 150); !errors.Is(err, ErrNoPeriod) {
		t.Errorf("{100} within 150 values: %v, want ErrNoPeriod", err)
	}
	huge, _ := Finite(1, 1<<62)
	if _, err := SubtractionPeriod(huge, 1000); !errors.Is(err, ErrNoPeriod) || !strings.Contains(err.Error(), "needs at least 268435458") {
		t.Errorf("{1, 2^62} within 1000 values: %v, want ErrNoPeriod", err)
	}
	if p, err := SubtractionPeriod(big, 1000); err != nil || p.Period != 200 || p.Preperiod != 0 {
		t.Errorf("{100} within 1000 values: %v, %v; want period 200 from 0", p, err)
	}
}

// TestAllBut checks the all-but game of {2, 3, 7} against the values
// CGSuite lists for it, against the same game as the code 0.3003330[3],
// and against the generic solver.
func TestAllBut(t *testing.T) {
	s, err := AllBut(7, 2, 3, 3)
	if err != nil {
		t.Fatal(err)
	}
	if s.String() != "all but {2,3,7}" {
		t.Errorf("name %q", s)
	}
	g, err := Subtraction(s, 400)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Trim(fmt.Sprint(g[1:21]), "[]"); got != "1 0 1 2 3 2 3 4 5 4 5 6 7 6 7 8 9 8 9 10" {
		t.Errorf("g(1..20) = %s", got)
	}
	code, err := Octal("0.3003330[3]", 400)
	if err != nil || !slices.Equal(g, code) {
		t.Errorf("AllBut(2,3,7) and 0.3003330[3] differ: %v", err)
	}
	members, _ := s.Members(60)
	if want := solverSequence(t, 60, referee.Take(members...)); !slices.Equal(g[:61], want) {
		t.Error("AllBut(2,3,7) differs from the solver")
	}
	if _, err := AllBut(0); !errors.Is(err, ErrSet) {
		t.Errorf("AllBut(0): %v, want ErrSet", err)
	}
	if _, err := SubtractionPeriod(s, 1000); !errors.Is(err, ErrSet) || !strings.Contains(err.Error(), "arithmetic-periodic") {
		t.Errorf("SubtractionPeriod(all but): %v, want ErrSet", err)
	}
}

func TestSetMax(t *testing.T) {
	for _, tc := range []struct {
		set    func() (Set, error)
		max    int
		finite bool
	}{
		{func() (Set, error) { return Finite(3, 9, 1) }, 9, true},
		{func() (Set, error) { return Finite() }, 0, true},
		{func() (Set, error) { return Squares(), nil }, 0, false},
		{func() (Set, error) { return Powers(2) }, 0, false},
		{func() (Set, error) { return AllBut(1, 2) }, 0, false},
	} {
		s, err := tc.set()
		if err != nil {
			t.Fatal(err)
		}
		if m, ok := s.Max(); m != tc.max || ok != tc.finite {
			t.Errorf("%s: Max() = %d, %v; want %d, %v", s, m, ok, tc.max, tc.finite)
		}
	}
}

func ExampleSubtractionPeriod() {
	s, _ := Finite(2, 3, 7)
	p, err := SubtractionPeriod(s, 10_000)
	fmt.Println(p.Preperiod, p.Period, err)
	// Any heap, however large:
	v, _ := p.Form.Value(1_000_000_000_004)
	fmt.Println(v)
	// Output:
	// 0 5 <nil>
	// 2
}

func BenchmarkSubtractionPeriod(b *testing.B) {
	for _, t := range []int{100, 1_000, 10_000} {
		s, err := Finite(1, t/3, t/2+1, t)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(strconv.Itoa(t), func(b *testing.B) {
			for b.Loop() {
				if _, err := SubtractionPeriod(s, MaxLen); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
