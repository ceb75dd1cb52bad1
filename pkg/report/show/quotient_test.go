package show_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/games/heap"
	"github.com/grundylab/grundy/pkg/games/misere"
	"github.com/grundylab/grundy/pkg/report/check"
	"github.com/grundylab/grundy/pkg/report/show"
)

// TestQuotientKayles: misère Kayles as Plambeck and Siegel tabulate it,
// the pretending function of heaps 0 to 83 as misere-kayles.ipynb printed
// it by hand before it called Quotient.
func TestQuotientKayles(t *testing.T) {
	q := check.Must(misere.Solve(heap.Kayles, 400))
	d := check.Must(show.Quotient(q, show.QuotientOptions{Caption: "Kayles (0.77)", Heaps: 84}))
	for _, want := range []string{
		"Misère quotient of Kayles (0.77): 40 elements, 9 of them in the P-portion.",
		"Φ(n + 12) = Φ(n) for 71 ≤ n ≤ 155",
		"k(max(71, 1) + 12) + t − 1 = 167",
		"Presentation: ⟨a, b, c, d, e, f, g | a^2=1, b^3=b, bc^2=b,",
		"where a = Φ(1), b = Φ(2), c = Φ(5), d = Φ(9), e = Φ(12), f = Φ(25), g = Φ(27): the element of a heap of n tokens is Φ(n).",
		" n  +0  +1  +2  +3  +4  +5  +6  +7  +8  +9 +10 +11\n" +
			" 0  0   1*  2   3   1*  4   3   2   5   6*  2   7\n" +
			"12  8*  5   2   9   5  10   3   2  11* 12   7   9\n" +
			"24 12  13   2  14  21  12   9   2   5  14   7   9\n" +
			"36 12   5   2   3   5  12   9   2   5  14   2   9\n" +
			"48 12   5   2  14   5  12   9   2   5  12   2   9\n" +
			"60 12   5   2  14   5  12   9   2   5  14   7   9\n" +
			"72 12   5   2  14   5  12   9   2   5  14   2   9",
	} {
		if !strings.Contains(d.Text, want) {
			t.Errorf("the display does not say %q:\n%s", want, d.Text)
		}
	}
	if n := strings.Count(d.HTML, "<td"); n != 40+40*40+84 {
		t.Errorf("%d cells, want 40 elements, 1600 products and 84 heaps", n)
	}
}

// TestQuotientDefaultHeaps: a proven quotient shows its preperiod and two
// periods in full rows; a bounded one every heap it computed.
func TestQuotientDefaultHeaps(t *testing.T) {
	kayles := check.Must(misere.Solve(heap.Kayles, 400))
	d := check.Must(show.Quotient(kayles, show.QuotientOptions{}))
	if !strings.Contains(d.Text, "for n = 0 to 95;") || !strings.Contains(d.Text, "\n84 ") {
		t.Errorf("Kayles: want heaps 0 to 95 in rows of 12:\n%s", d.Text)
	}
	bounded := check.Must(misere.Solve("0.07", 12))
	d = check.Must(show.Quotient(bounded, show.QuotientOptions{}))
	if !strings.Contains(d.Text, "for n = 0 to 12;") || !strings.Contains(d.Text, "Not proven complete") {
		t.Errorf("0.07 to heap 12: want heaps 0 to 12, not proven:\n%s", d.Text)
	}
}

// TestQuotientTrivial: a game without moves has the trivial quotient, said
// in words rather than as an empty presentation.
func TestQuotientTrivial(t *testing.T) {
	q := check.Must(misere.Solve("0.0", 10))
	d := check.Must(show.Quotient(q, show.QuotientOptions{}))
	for _, want := range []string{"1 element, 0 of them", "Presentation: ⟨ | ⟩, the trivial monoid: every heap is the identity 1.\n"} {
		if !strings.Contains(d.Text, want) {
			t.Errorf("no %q in\n%s", want, d.Text)
		}
	}
}

func TestQuotientErrors(t *testing.T) {
	bounded := check.Must(misere.Solve("0.07", 12))
	proven := check.Must(misere.Solve("0.75", 100))
	for name, err := range map[string]error{
		"nil":             second(show.Quotient(nil, show.QuotientOptions{})),
		"negative heaps":  second(show.Quotient(proven, show.QuotientOptions{Heaps: -1})),
		"too many heaps":  second(show.Quotient(proven, show.QuotientOptions{Heaps: show.MaxCells + 1})),
		"beyond computed": second(show.Quotient(bounded, show.QuotientOptions{Heaps: 14})),
		"bad columns":     second(show.Quotient(proven, show.QuotientOptions{Columns: -1})),
	} {
		if !errors.Is(err, show.ErrData) {
			t.Errorf("%s: error %v does not wrap ErrData", name, err)
		}
	}
	if err := second(show.Quotient(bounded, show.QuotientOptions{Heaps: 14})); !errors.Is(err, misere.ErrHeap) {
		t.Errorf("beyond computed: error %v does not wrap misere.ErrHeap", err)
	}
	// A proven quotient gives every heap by its period.
	if _, err := show.Quotient(proven, show.QuotientOptions{Heaps: show.MaxCells}); err != nil {
		t.Error(err)
	}
}

// TestQuotientBounds: past MaxQuotientTable elements the table gives way to
// the presentation, and the display stays small.
func TestQuotientBounds(t *testing.T) {
	start := time.Now()
	q := check.Must(misere.Solve("0.35", 10))
	if q.Size() <= show.MaxQuotientTable {
		t.Fatalf("0.35 to heap 10 has %d elements, want more than %d", q.Size(), show.MaxQuotientTable)
	}
	t.Logf("0.35 to heap 10: %d elements in %v", q.Size(), time.Since(start))
	d := check.Must(show.Quotient(q, show.QuotientOptions{}))
	if !strings.Contains(d.Text, "is not drawn (more than 64)") || strings.Contains(d.Text, "Multiplication table") {
		t.Errorf("a quotient of %d elements draws its table", q.Size())
	}
	if cells := strings.Count(d.HTML, "<td"); cells != q.Size()+q.Heaps()+1 {
		t.Errorf("%d cells, want %d elements and %d heaps", cells, q.Size(), q.Heaps()+1)
	}
	if len(d.HTML) > 200_000 {
		t.Errorf("the display takes %d bytes", len(d.HTML))
	}
}
