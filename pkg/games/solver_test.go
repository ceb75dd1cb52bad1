package games

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/grundylab/grundy/pkg/games/internal/referee"
)

// nimMoves lists the options of one Nim heap: any smaller heap.
func nimMoves(h int) []int {
	opts := make([]int, h)
	for i := range opts {
		opts[i] = i
	}
	return opts
}

func TestGrundyNimHeap(t *testing.T) {
	s := NewSolver(nimMoves, 0)
	for h := range 40 {
		g, err := s.Grundy(h)
		if err != nil {
			t.Fatal(err)
		}
		if g != h {
			t.Errorf("Grundy(nim heap %d) = %d, want %d", h, g, h)
		}
	}
	if s.Len() != 40 {
		t.Errorf("Len = %d after heaps 0..39, want 40", s.Len())
	}
}

// TestSpragueGrundy plays sums of two subtraction games directly and checks
// that the value of the sum is the XOR of the parts' values.
func TestSpragueGrundy(t *testing.T) {
	a, b := referee.Take(1, 2), referee.Take(1, 3, 4)
	sum := func(p [2]int) [][2]int {
		var o [][2]int
		for _, x := range a(p[0]) {
			o = append(o, [2]int{x, p[1]})
		}
		for _, y := range b(p[1]) {
			o = append(o, [2]int{p[0], y})
		}
		return o
	}
	sa, sb, ss := NewSolver(a, 0), NewSolver(b, 0), NewSolver(sum, 0)
	for x := range 15 {
		for y := range 15 {
			ga, _ := sa.Grundy(x)
			gb, _ := sb.Grundy(y)
			gs, err := ss.Grundy([2]int{x, y})
			if err != nil {
				t.Fatal(err)
			}
			if gs != NimSum(ga, gb) {
				t.Errorf("sum (%d,%d): %d, want %d xor %d", x, y, gs, ga, gb)
			}
		}
	}
}

func TestGrundyDeep(t *testing.T) {
	// A chain of a million positions: recursion would need a deep stack.
	const n = 1_000_000
	g, err := Grundy(n, func(h int) []int {
		if h == 0 {
			return nil
		}
		return []int{h - 1}
	}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if g != n%2 {
		t.Errorf("chain of %d: %d, want %d", n, g, n%2)
	}
}

func TestGrundyCycle(t *testing.T) {
	_, err := Grundy(0, func(h int) []int { return []int{(h + 1) % 5} }, 0)
	if !errors.Is(err, ErrCycle) {
		t.Fatalf("cycle: err = %v, want ErrCycle", err)
	}
	// A position that is its own option.
	_, err = Grundy("x", func(string) []string { return []string{"x"} }, 0)
	if !errors.Is(err, ErrCycle) {
		t.Fatalf("self-loop: err = %v, want ErrCycle", err)
	}
}

func TestGrundyLimit(t *testing.T) {
	s := NewSolver(nimMoves, 10)
	if _, err := s.Grundy(9); err != nil {
		t.Fatalf("10 positions with limit 10: %v", err)
	}
	if _, err := s.Grundy(10); !errors.Is(err, ErrLimit) {
		t.Fatalf("11 positions with limit 10: err = %v, want ErrLimit", err)
	}
	// Values found before the error stay known.
	if g, err := s.Grundy(5); err != nil || g != 5 {
		t.Errorf("after the error, Grundy(5) = %d, %v", g, err)
	}
}

func ExampleGrundy() {
	// Subtract 1, 2 or 3 from a heap of 10: the values cycle 0, 1, 2, 3.
	moves := func(h int) []int {
		var o []int
		for m := 1; m <= 3 && m <= h; m++ {
			o = append(o, h-m)
		}
		return o
	}
	g, err := Grundy(10, moves, 0)
	fmt.Println(g, err)
	// Output: 2 <nil>
}

func ExampleSolver() {
	// Three Nim heaps as one game: the solver plays it directly, and the value
	// is the XOR of the heaps, as the Sprague–Grundy theorem says.
	moves := func(p [3]int) [][3]int {
		var o [][3]int
		for i := range p {
			for h := range p[i] {
				q := p
				q[i] = h
				o = append(o, q)
			}
		}
		return o
	}
	s := NewSolver(moves, 0)
	g, _ := s.Grundy([3]int{3, 5, 6})
	fmt.Println(g, 3^5^6)
	// Output: 0 0
}

func BenchmarkSolver(b *testing.B) {
	for b.Loop() {
		s := NewSolver(nimMoves, 0)
		if _, err := s.Grundy(300); err != nil {
			b.Fatal(err)
		}
	}
}

func TestSolverBadArguments(t *testing.T) {
	tests := []struct {
		name  string
		moves func(int) []int
		limit int
	}{
		{"negative limit", nimMoves, -1},
		{"most negative limit", nimMoves, math.MinInt},
		{"nil moves", nil, 0},
		{"nil moves and negative limit", nil, -5},
	}
	for _, tt := range tests {
		if _, err := Grundy(3, tt.moves, tt.limit); !errors.Is(err, ErrSolver) {
			t.Errorf("%s: Grundy error = %v, want ErrSolver", tt.name, err)
		}
		s := NewSolver(tt.moves, tt.limit)
		for range 2 {
			if _, err := s.Grundy(0); !errors.Is(err, ErrSolver) {
				t.Errorf("%s: Solver.Grundy error = %v, want ErrSolver", tt.name, err)
			}
		}
		if s.Len() != 0 {
			t.Errorf("%s: Len = %d, want 0", tt.name, s.Len())
		}
	}
}
