package show_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/games/coins"
	"github.com/grundylab/grundy/pkg/games/heap"
	"github.com/grundylab/grundy/pkg/games/misere"
	"github.com/grundylab/grundy/pkg/games/piles"
	"github.com/grundylab/grundy/pkg/games/play"
	"github.com/grundylab/grundy/pkg/report/check"
	"github.com/grundylab/grundy/pkg/report/internal/golden"
	"github.com/grundylab/grundy/pkg/report/sanitize"
	"github.com/grundylab/grundy/pkg/report/show"
)

// displays are the golden cases' inputs: each name makes one display.
var displays = map[string]func(t testing.TB) show.Display{
	"sequence kayles proven": func(t testing.TB) show.Display {
		g := check.Must(heap.Octal(heap.Kayles, 96))
		p := check.Must(heap.OctalPeriod(heap.Kayles, 1000))
		return check.Must(show.Sequence(g, show.SequenceOptions{Caption: "Kayles (0.77)", Proof: &p}))
	},
	"sequence subtraction 1 2 3": func(t testing.TB) show.Display {
		set := check.Must(heap.Finite(1, 2, 3))
		g := check.Must(heap.Subtraction(set, 20))
		p := check.Must(heap.SubtractionPeriod(set, 1000))
		return check.Must(show.Sequence(g, show.SequenceOptions{Caption: "Subtract 1, 2 or 3", Proof: &p}))
	},
	"sequence dawson no proof": func(t testing.TB) show.Display {
		g := check.Must(heap.Octal(heap.DawsonsKayles, 25))
		return check.Must(show.Sequence(g, show.SequenceOptions{Caption: "Dawson's Kayles"}))
	},
	"proof kayles": func(t testing.TB) show.Display {
		p := check.Must(heap.OctalPeriod(heap.Kayles, 1000))
		return check.Must(show.Proof("Kayles (0.77)", p))
	},
	"nim table 8": func(t testing.TB) show.Display { return check.Must(show.NimTable(8)) },
	"wythoff 12": func(t testing.TB) show.Display {
		seq := check.Must(piles.Wythoff().PPositions(12))
		return check.Must(show.PPositions("Wythoff's game", 12, seq, true))
	},
	"coins runs of 1 to 3": func(t testing.TB) show.Display {
		r := check.Must(play.ParseRow("THTHHT"))
		set := check.Must(heap.Finite(1, 2, 3))
		g := check.Must(play.NewRowGame(set, play.Normal, 0))
		value := func(x int) int {
			one := check.Must(play.NewRow(r.Len(), x))
			return check.Must(g.Value(one))
		}
		return check.Must(show.Coins("Turn a run of 1 to 3 coins", r, value))
	},
	"quotient 0.75 proven": func(t testing.TB) show.Display {
		q := check.Must(misere.Solve("0.75", 100))
		return check.Must(show.Quotient(q, show.QuotientOptions{}))
	},
	"quotient 0.15 to heap 4": func(t testing.TB) show.Display {
		q := check.Must(misere.Solve("0.15", 4))
		return check.Must(show.Quotient(q, show.QuotientOptions{Caption: "0.15"}))
	},
	"coin board runs 1 2 × runs 1 2 3": func(t testing.TB) show.Display {
		b := check.Must(play.ParseBoard("HTH/TTH/HHT"))
		cols, rows := check.Must(heap.Finite(1, 2)), check.Must(heap.Finite(1, 2, 3))
		p := check.Must(coins.NewProduct(cols, 3, rows, 3))
		return check.Must(show.CoinBoard("Runs of 1 or 2 × runs of 1 to 3", b, p.Value))
	},
	"options board runs 1 2": func(t testing.TB) show.Display {
		runs := check.Must(heap.Finite(1, 2))
		g := check.Must(play.NewBoardGame(runs, runs, play.Normal, 0))
		return check.Must(show.Options("Runs of 1 or 2 squared", g, check.Must(play.ParseBoard("HT/TH"))))
	},
	"options kayles 5+3": func(t testing.TB) show.Display {
		g := check.Must(play.NewHeapGame(heap.Kayles, play.Normal, 0))
		return check.Must(show.Options("Kayles", g, check.Must(play.NewHeaps(5, 3))))
	},
	"options misere nim 1+1+2": func(t testing.TB) show.Display {
		g := check.Must(play.NewHeapGame("0.[3]", play.Misere, 0))
		return check.Must(show.Options("Nim", g, check.Must(play.NewHeaps(1, 1, 2))))
	},
}

// TestGolden compares each display's HTML and text with testdata/show.txt.
func TestGolden(t *testing.T) {
	golden.Run(t, "testdata/show.txt", func(t *testing.T, input string) string {
		make, ok := displays[strings.TrimSpace(input)]
		if !ok {
			t.Fatalf("no display %q", input)
		}
		d := make(t)
		return d.HTML + "\n//- text -//\n" + d.Text + "\n"
	})
}

// TestSanitiserKeepsDisplays: the page's sanitiser changes nothing of a
// display, so what a notebook shows is what its page shows.
func TestSanitiserKeepsDisplays(t *testing.T) {
	for name, make := range displays {
		d := make(t)
		if got := sanitize.HTML(d.HTML); got != d.HTML {
			t.Errorf("%s: the sanitiser changes the display\n--- display\n%s\n--- sanitised\n%s", name, d.HTML, got)
		}
	}
}

func TestErrors(t *testing.T) {
	proof := heap.PeriodProof{Preperiod: 0, Period: 0}
	g := check.Must(play.NewHeapGame(heap.Kayles, play.Normal, 0))
	twoPiles := func(yield func([]int) bool) { yield([]int{1, 2, 3}) }
	far := func(yield func([]int) bool) { yield([]int{1, 20}) }
	for name, err := range map[string]error{
		"empty sequence":  second(show.Sequence(nil, show.SequenceOptions{})),
		"negative value":  second(show.Sequence(heap.Sequence{0, -1}, show.SequenceOptions{})),
		"bad period":      second(show.Sequence(heap.Sequence{0, 1}, show.SequenceOptions{Proof: &proof})),
		"bad columns":     second(show.Sequence(heap.Sequence{0, 1}, show.SequenceOptions{Columns: -1})),
		"proof period 0":  second(show.Proof("x", proof)),
		"nim table 0":     second(show.NimTable(0)),
		"nim table 65":    second(show.NimTable(65)),
		"picture -1":      second(show.PPositions("x", -1, far, false)),
		"three piles":     second(show.PPositions("x", 5, twoPiles, false)),
		"beyond n":        second(show.PPositions("x", 5, far, false)),
		"no value func":   second(show.Coins("x", play.Row{}, nil)),
		"negative coin":   second(show.Coins("x", check.Must(play.ParseRow("H")), func(int) int { return -1 })),
		"no board value":  second(show.CoinBoard("x", play.Board{}, nil)),
		"negative board":  second(show.CoinBoard("x", check.Must(play.ParseBoard("H")), func(int, int) int { return -1 })),
		"slider bad":      show.Slider("n", 5, 1, 3, 0, nil),
		"options too big": second(show.Options("x", check.Must(play.New(func(n int) []int { return []int{n + 1} }, play.Normal, 10)), 0)),
	} {
		if err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, err := show.Options("Kayles", g, check.Must(play.NewHeaps(3))); err != nil {
		t.Error(err)
	}
	if err := second(show.NimTable(65)); !errors.Is(err, show.ErrData) {
		t.Errorf("nim table 65: %v does not wrap ErrData", err)
	}
}

func second[T any](_ T, err error) error { return err }

// TestBounds: a display of a long sequence or a huge label stays small.
func TestBounds(t *testing.T) {
	long := make(heap.Sequence, 1_000_000)
	d := check.Must(show.Sequence(long, show.SequenceOptions{}))
	if cells := strings.Count(d.HTML, "<td"); cells != show.MaxCells {
		t.Errorf("%d cells, want %d", cells, show.MaxCells)
	}
	if !strings.Contains(d.Text, "the first 10000 of 1000000") {
		t.Errorf("text does not say the sequence is cut: %.200s", d.Text)
	}
	g := check.Must(play.New(func(s string) []string {
		if len(s) > 1 {
			return nil
		}
		return []string{strings.Repeat("x", 1<<20)}
	}, play.Normal, 0))
	o := check.Must(show.Options("long", g, "a"))
	if len(o.HTML) > 4000 || len(o.Text) > 4000 {
		t.Errorf("a label of 1 MiB gives a display of %d bytes", len(o.HTML))
	}
}

func TestPPositionsSymmetric(t *testing.T) {
	seq := check.Must(piles.Wythoff().PPositions(10))
	d := check.Must(show.PPositions("Wythoff's game", 10, seq, true))
	// (0,0), (1,2), (3,5), (4,7), (6,10) and the mirror images but (0,0).
	want := []string{"(0, 0)", "(1, 2)", "(2, 1)", "(3, 5)", "(5, 3)", "(4, 7)", "(7, 4)", "(6, 10)", "(10, 6)"}
	for _, w := range want {
		if !strings.Contains(d.Text, w) {
			t.Errorf("no %s in %s", w, d.Text)
		}
	}
	if n := strings.Count(d.HTML, `fill="currentColor"`); n != len(want) {
		t.Errorf("%d cells drawn, want %d", n, len(want))
	}
}

// TestPlayBoardOutsideNotebook: outside a notebook Play draws a board's
// start and returns, as it does for heaps.
func TestPlayBoardOutsideNotebook(t *testing.T) {
	runs := check.Must(heap.Finite(1, 2))
	g := check.Must(play.NewBoardGame(runs, runs, play.Normal, 0))
	if err := show.Play(g, check.Must(play.ParseBoard("HH/HH")), show.PlayOptions{Name: "board"}); err != nil {
		t.Error(err)
	}
}
