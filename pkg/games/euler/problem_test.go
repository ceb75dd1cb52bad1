package euler

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/games"
)

// TestProblems holds every problem to the values its statement gives and
// to its domain: each call below either returns want or, where want is
// empty, an error that names the problem.
func TestProblems(t *testing.T) {
	tests := []struct {
		call string
		run  func() (any, error)
		want string
	}{
		{"NimSquare(29)", func() (any, error) { return NimSquare(29) }, "1160"}, // the statement
		{"NimSquare(0)", func() (any, error) { return NimSquare(0) }, "1"},      // (0,0,0)
		{"NimSquare(-1)", func() (any, error) { return NimSquare(-1) }, ""},

		{"DivisorNim(10, max)", func() (any, error) { return DivisorNim(10, math.MaxInt64) }, "692"},      // the statement
		{"DivisorNim(100, max)", func() (any, error) { return DivisorNim(100, math.MaxInt64) }, "735494"}, // the statement
		{"DivisorNim(100, 1000)", func() (any, error) { return DivisorNim(100, 1000) }, "494"},
		{"DivisorNim(0, 7)", func() (any, error) { return DivisorNim(0, 7) }, "0"},
		{"DivisorNim(1, 1)", func() (any, error) { return DivisorNim(1, 1) }, "0"},
		{"DivisorNim(-1, 5)", func() (any, error) { return DivisorNim(-1, 5) }, ""},
		{"DivisorNim(10, 0)", func() (any, error) { return DivisorNim(10, 0) }, ""},
		{"DivisorNim(10, -3)", func() (any, error) { return DivisorNim(10, -3) }, ""},

		{"PaperStrip(0)", func() (any, error) { return PaperStrip(0) }, "0"}, // the statement's values
		{"PaperStrip(1)", func() (any, error) { return PaperStrip(1) }, "0"},
		{"PaperStrip(2)", func() (any, error) { return PaperStrip(2) }, "1"},
		{"PaperStrip(4)", func() (any, error) { return PaperStrip(4) }, "3"},
		{"PaperStrip(5)", func() (any, error) { return PaperStrip(5) }, "3"},
		{"PaperStrip(50)", func() (any, error) { return PaperStrip(50) }, "40"},
		{"PaperStrip(-1)", func() (any, error) { return PaperStrip(-1) }, ""},

		{"FlippingGame(1)", func() (any, error) { return FlippingGame(1) }, "1"}, // the statement
		{"FlippingGame(2)", func() (any, error) { return FlippingGame(2) }, "0"},
		{"FlippingGame(5)", func() (any, error) { return FlippingGame(5) }, "8"},
		{"FlippingGame(100)", func() (any, error) { return FlippingGame(100) }, "31395"},
		{"FlippingGame(0)", func() (any, error) { return FlippingGame(0) }, ""},
		{"FlippingGame(-3)", func() (any, error) { return FlippingGame(-3) }, ""},

		{"StoneGame(100)", func() (any, error) { return StoneGame(100) }, "173895"}, // the statement
		{"StoneGame(-1)", func() (any, error) { return StoneGame(-1) }, ""},
	}
	for _, tt := range tests {
		got, err := tt.run()
		switch {
		case tt.want == "" && err == nil:
			t.Errorf("%s = %v: no error", tt.call, got)
		case tt.want == "" && !strings.HasPrefix(err.Error(), string(problemOf(tt.call))+": "):
			t.Errorf("%s: error %q does not name the problem", tt.call, err)
		case tt.want != "" && (err != nil || fmt.Sprint(got) != tt.want):
			t.Errorf("%s = %v, %v; want %s", tt.call, got, err, tt.want)
		}
	}
}

// problemOf returns the problem whose function a call such as
// "NimSquare(29)" names.
func problemOf(call string) problem {
	name, _, _ := strings.Cut(call, "(")
	return map[string]problem{
		"DivisorNim":   divisorNim,
		"FlippingGame": flippingGame,
		"NimSquare":    nimSquare,
		"PaperStrip":   paperStrip,
		"StoneGame":    stoneGame,
	}[name]
}

// solve returns the Grundy value of p by the generic solver, the referee of
// every problem, failing the test on an error.
func solve[P comparable](t *testing.T, s *games.Solver[P], p P) int {
	t.Helper()
	g, err := s.Grundy(p)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// isSquare reports whether n is a positive square.
func isSquare(n int) bool {
	r := 1
	for r*r < n {
		r++
	}
	return r*r == n
}

// isTriangular reports whether n is a positive triangular number.
func isTriangular(n int) bool {
	r := 1
	for r*(r+1)/2 < n {
		r++
	}
	return r*(r+1)/2 == n
}
