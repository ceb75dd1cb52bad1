package misere

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/games"
	"github.com/grundylab/grundy/pkg/games/heap"
)

// TestSolve lists the quotients found, with their proofs of completeness.
func TestSolve(t *testing.T) {
	for _, tc := range []struct {
		code        string
		size, heaps int
		proof       Proof
	}{
		// Misère Nim on heaps of one token (0.3 takes one token and leaves
		// the rest): a sum is lost when its number of tokens is odd.
		{"0.3", 2, 3, Proof{Preperiod: 0, Period: 2, MaxTake: 1, MaxHeaps: 1, Bound: 3}},
		// 0.75: the quotient R8 of order 8 (Plambeck and Siegel 2008;
		// TestKnownPresentations), Φ repeating from heap 8 with period 2.
		{"0.75", 8, 21, Proof{Preperiod: 8, Period: 2, MaxTake: 2, MaxHeaps: 2, Bound: 21}},
		// Kayles: the Grundy values' period 12 from heap 71 carries over
		// to Φ, and the theorem needs heaps up to 2(71+12)+2-1 = 167.
		{"0.77", 40, 167, Proof{Preperiod: 71, Period: 12, MaxTake: 2, MaxHeaps: 2, Bound: 167}},
		{"0.71", 36, 19, Proof{Preperiod: 3, Period: 6, MaxTake: 2, MaxHeaps: 2, Bound: 19}},
	} {
		q, err := Solve(tc.code, 400)
		if err != nil {
			t.Fatal(err)
		}
		proof, ok := q.Proof()
		if q.Size() != tc.size || q.Heaps() != tc.heaps || !ok || proof != tc.proof {
			t.Errorf("Solve(%q): order %d, heaps %d, proof %+v %v; want %d, %d, %+v", tc.code, q.Size(), q.Heaps(), proof, ok, tc.size, tc.heaps, tc.proof)
		}
		if got := len(q.PPortion()); got == 0 || got >= q.Size() {
			t.Errorf("Solve(%q): P-portion of %d elements out of %d", tc.code, got, q.Size())
		}
	}
}

// TestKaylesComplete runs the completeness check of misère Kayles and then
// goes on past it: the quotients of heaps up to 260 keep the 40 elements,
// and their pretending function is the one the proof extends by period.
func TestKaylesComplete(t *testing.T) {
	start := time.Now()
	q, err := Solve(heap.Kayles, 400)
	if err != nil {
		t.Fatal(err)
	}
	elapsed := time.Since(start)
	proof, ok := q.Proof()
	if !ok || proof.Bound != 167 || q.Heaps() != 167 {
		t.Fatalf("Kayles: proof %+v %v at heap %d", proof, ok, q.Heaps())
	}
	t.Logf("Kayles: order %d, proven at heap %d in %v", q.Size(), q.Heaps(), elapsed)
	c, _ := heap.ParseCode(heap.Kayles)
	s := newSolver(newRules(c))
	for range 260 {
		if err := s.next(); err != nil {
			t.Fatal(err)
		}
	}
	if s.cur.m.size != q.Size() {
		t.Fatalf("Kayles to heap 260: order %d, want %d", s.cur.m.size, q.Size())
	}
	// The two runs number elements alike only by accident; compare the
	// pretending functions through the P-portion of every product with a
	// heap up to 40, which tells elements apart in a reduced quotient.
	for h := 1; h <= 260; h++ {
		x, err := q.Pretend(h)
		if err != nil {
			t.Fatal(err)
		}
		for g := 0; g <= 40; g++ {
			y, _ := q.Pretend(g)
			got := q.IsP(q.Mul(x, y))
			want := s.cur.m.p[s.cur.m.prod(s.cur.phi[h], s.cur.phi[g])]
			if got != want {
				t.Fatalf("Kayles heaps %d+%d: P %v by the proof, %v by the quotient of heaps to 260", h, g, got, want)
			}
		}
	}
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		code    string
		maxHeap int
		want    error
	}{
		{"0.8x", 10, heap.ErrCode},
		{"", 10, heap.ErrCode},
		{"4.[3]", 10, heap.ErrCode},
		{"0.77", 0, ErrBound},
		{"0.77", MaxHeap + 1, ErrBound},
	} {
		_, err := Solve(tc.code, tc.maxHeap)
		var e *games.Error
		if !errors.Is(err, tc.want) || !errors.As(err, &e) || e.Func != "misere.Solve" || e.Input != tc.code {
			t.Errorf("Solve(%q, %d) = %v, want a *games.Error wrapping %v", tc.code, tc.maxHeap, err, tc.want)
		}
	}
	q, err := Solve(heap.DawsonsKayles, 10)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := q.Proof(); ok {
		t.Fatal("0.07 to heap 10 claims a proof")
	}
	for _, heaps := range [][]int{{11}, {3, -1}, {2, 4, 100}} {
		if _, err := q.Outcome(heaps...); !errors.Is(err, ErrHeap) {
			t.Errorf("Outcome(%v) = %v, want ErrHeap", heaps, err)
		}
		if _, err := q.WinningMoves(heaps...); !errors.Is(err, ErrHeap) {
			t.Errorf("WinningMoves(%v) = %v, want ErrHeap", heaps, err)
		}
		if _, err := q.Element(heaps...); !errors.Is(err, ErrHeap) {
			t.Errorf("Element(%v) = %v, want ErrHeap", heaps, err)
		}
	}
	if _, err := q.Pretend(-1); !errors.Is(err, ErrHeap) {
		t.Errorf("Pretend(-1) = %v, want ErrHeap", err)
	}
	k, err := Solve(heap.Kayles, 400)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := k.WinningMoves(MaxMoveHeap + 1); !errors.Is(err, ErrHeap) {
		t.Errorf("WinningMoves of a heap beyond MaxMoveHeap = %v, want ErrHeap", err)
	}
	if o, err := k.Outcome(1_000_000_007, 1_000_000_007); err != nil || o != games.PreviousWins {
		t.Errorf("Kayles, two equal heaps: %v %v, want P (mirror play)", o, err)
	}
}

// TestWinningMovesLarge checks winning moves on heaps far beyond those
// computed: each leads to a sum the quotient calls lost.
func TestWinningMovesLarge(t *testing.T) {
	q, err := Solve(heap.Kayles, 400)
	if err != nil {
		t.Fatal(err)
	}
	for _, sum := range [][]int{{1000}, {999, 3}, {500, 501, 7}, {4000, 4000, 1}} {
		moves, err := q.WinningMoves(sum...)
		if err != nil {
			t.Fatal(err)
		}
		o, _ := q.Outcome(sum...)
		if (o == games.NextWins) != (len(moves) > 0) {
			t.Errorf("%v: %v with %d winning moves", sum, o, len(moves))
		}
		for _, m := range moves {
			next := append(append(slices.Clone(sum[:m.Index]), sum[m.Index+1:]...), m.Leave...)
			if o, err := q.Outcome(next...); err != nil || o != games.PreviousWins {
				t.Errorf("%v: move %+v leads to %v: %v %v", sum, m, next, o, err)
			}
		}
	}
}

func TestMonoids(t *testing.T) {
	c := cyclic(2, 2) // 1, x, x^2, x^3 with x^4 = x^2
	x := int32(1)
	for e, want := range []int32{0, 1, 2, 3, 2, 3, 2} {
		y := int32(0)
		for range e {
			y = c.prod(y, x)
		}
		if y != want {
			t.Errorf("x^%d = %d, want %d", e, y, want)
		}
	}
	if c.index(x) != 2 || c.index(2) != 1 || c.index(0) != 0 {
		t.Errorf("indices %d %d %d, want 2 1 0", c.index(x), c.index(2), c.index(0))
	}
	// Misère Nim on heaps of one token from the product of two cyclic
	// monoids: the second component never matters, so it merges away.
	m := product(cyclic(0, 2), cyclic(2, 2))
	m.p[1*4+0] = true
	m.p[1*4+1] = true
	m.p[1*4+2] = true
	m.p[1*4+3] = true
	r, to, err := m.reduce([]int32{4, 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.size != 2 || to[0] != 0 || !r.p[to[4]] || r.p[0] {
		t.Errorf("reduced to order %d, map %v", r.size, to)
	}
}

func ExampleSolve() {
	q, err := Solve("0.75", 100)
	if err != nil {
		fmt.Println(err)
		return
	}
	proof, ok := q.Proof()
	fmt.Println(q.Size(), len(q.PPortion()), ok, proof.Preperiod, proof.Period, q.Heaps())
	// Output: 8 2 true 8 2 21
}

func ExampleQuotient_Outcome() {
	q, err := Solve("0.77", 400) // Kayles
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, sum := range [][]int{{1}, {2}, {1, 1}, {4, 1}, {1000, 1000}, {1000, 999}} {
		o, _ := q.Outcome(sum...)
		fmt.Println(sum, o)
	}
	// Output:
	// [1] P
	// [2] N
	// [1 1] N
	// [4 1] N
	// [1000 1000] P
	// [1000 999] N
}

func ExampleQuotient_WinningMoves() {
	q, err := Solve("0.77", 400)
	if err != nil {
		fmt.Println(err)
		return
	}
	moves, _ := q.WinningMoves(7, 3)
	for _, m := range moves {
		fmt.Printf("heap %d -> %v\n", m.Index, m.Leave)
	}
	// Output:
	// heap 0 -> [6]
	// heap 0 -> [2 4]
	// heap 1 -> [2]
}

// FuzzSolve reads any code: a malformed one, or one beyond the bounds,
// must give an error wrapping a sentinel; a quotient must give a few heaps'
// sum the outcome of direct play.
func FuzzSolve(f *testing.F) {
	for _, s := range []string{"0.77", "0.75", "0.07", "4.7", "0x0.F", "0.8x", "", ".3", ".aa", "4.77"} {
		f.Add(s, 3, []byte{1, 2, 3})
	}
	f.Fuzz(func(t *testing.T, code string, maxHeap int, heaps []byte) {
		maxHeap = 1 + (maxHeap%4+4)%4
		q, err := Solve(code, maxHeap)
		if err != nil {
			if !errors.Is(err, heap.ErrCode) && !errors.Is(err, ErrBound) {
				t.Fatalf("Solve(%q, %d): %v wraps no sentinel", code, maxHeap, err)
			}
			if q != nil && (!errors.Is(err, ErrBound) || q.Heaps() >= maxHeap) {
				t.Fatalf("Solve(%q, %d): quotient of %d heaps with %v", code, maxHeap, q.Heaps(), err)
			}
			return
		}
		if q.Size() < 1 || q.IsP(0) {
			t.Fatalf("Solve(%q, %d): order %d, identity in P %v", code, maxHeap, q.Size(), q.IsP(0))
		}
		hs := make([]int, 0, 5)
		for _, h := range heaps[:min(len(heaps), 5)] {
			hs = append(hs, int(h)%(maxHeap+1))
		}
		got, err := q.Outcome(hs...)
		if err != nil {
			t.Fatal(err)
		}
		if want := newBruteMisere(t, code).outcome(hs); got != want {
			t.Fatalf("%s up to %d: sum %v: quotient %v, play %v", code, maxHeap, hs, got, want)
		}
	})
}

func BenchmarkSolve(b *testing.B) {
	for _, code := range []string{"0.75", "0.71", heap.Kayles} {
		b.Run(code, func(b *testing.B) {
			for b.Loop() {
				if _, err := Solve(code, 400); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestSolveKeepsWork checks that a heap beyond the bounds costs only that
// heap: at heap 17 of Officers (0.6) a reduced candidate passes 4,096
// elements, and Solve returns
// the quotient of the heaps up to 16, unproven and right on the referee's
// sums, with the error that names heap 17.
func TestSolveKeepsWork(t *testing.T) {
	q, err := Solve("0.6", 40)
	if !errors.Is(err, ErrBound) || !strings.Contains(err.Error(), "at heap 17") {
		t.Fatalf("Solve(0.6, 40): error %v, want ErrBound at heap 17", err)
	}
	if q == nil {
		t.Fatal("Solve(0.6, 40) kept no quotient")
	}
	want, err := Solve("0.6", 16)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := q.Proof(); ok || q.Heaps() != 16 || q.Size() != want.Size() || q.Presentation() != want.Presentation() {
		t.Errorf("kept quotient: heaps %d, order %d, %s; want heaps 16, order %d, %s, not proven", q.Heaps(), q.Size(), q.Presentation(), want.Size(), want.Presentation())
	}
	checkRefereeUpTo(t, q, "0.6", 16, 16)
}
