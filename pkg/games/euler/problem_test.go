package euler

import (
	"fmt"
	"math"
	"testing"

	"github.com/grundylab/grundy/pkg/games"
	"github.com/grundylab/grundy/pkg/games/heap"
	"github.com/grundylab/grundy/pkg/games/internal/gameerrtest"
)

// TestProblems holds every problem to the values its statement gives;
// TestErrorMessages holds them to their domains.
func TestProblems(t *testing.T) {
	tests := []struct {
		call string
		run  func() (any, error)
		want string
	}{
		{"NimSquare(29)", func() (any, error) { return NimSquare(29) }, "1160"}, // the statement
		{"NimSquare(0)", func() (any, error) { return NimSquare(0) }, "1"},      // (0,0,0)

		{"DivisorNim(10, max)", func() (any, error) { return DivisorNim(10, math.MaxInt64) }, "692"},      // the statement
		{"DivisorNim(100, max)", func() (any, error) { return DivisorNim(100, math.MaxInt64) }, "735494"}, // the statement
		{"DivisorNim(100, 1000)", func() (any, error) { return DivisorNim(100, 1000) }, "494"},
		{"DivisorNim(0, 7)", func() (any, error) { return DivisorNim(0, 7) }, "0"},
		{"DivisorNim(1, 1)", func() (any, error) { return DivisorNim(1, 1) }, "0"},

		{"PaperStrip(0)", func() (any, error) { return PaperStrip(0) }, "0"}, // the statement's values
		{"PaperStrip(1)", func() (any, error) { return PaperStrip(1) }, "0"},
		{"PaperStrip(2)", func() (any, error) { return PaperStrip(2) }, "1"},
		{"PaperStrip(4)", func() (any, error) { return PaperStrip(4) }, "3"},
		{"PaperStrip(5)", func() (any, error) { return PaperStrip(5) }, "3"},
		{"PaperStrip(50)", func() (any, error) { return PaperStrip(50) }, "40"},

		{"FlippingGame(1)", func() (any, error) { return FlippingGame(1) }, "1"}, // the statement
		{"FlippingGame(2)", func() (any, error) { return FlippingGame(2) }, "0"},
		{"FlippingGame(5)", func() (any, error) { return FlippingGame(5) }, "8"},
		{"FlippingGame(100)", func() (any, error) { return FlippingGame(100) }, "31395"},

		{"StoneGame(100)", func() (any, error) { return StoneGame(100) }, "173895"}, // the statement
	}
	for _, tt := range tests {
		if got, err := tt.run(); err != nil || fmt.Sprint(got) != tt.want {
			t.Errorf("%s = %v, %v; want %s", tt.call, got, err, tt.want)
		}
	}
}

// TestErrorMessages checks the *games.Error of every problem outside its
// domain: the function, the arguments, the sentinel and the message.
func TestErrorMessages(t *testing.T) {
	gameerrtest.Run(t, []gameerrtest.Case{
		{Call: func() error { _, err := NimSquare(-1); return err }, Func: "euler.NimSquare", Input: "-1", Sentinel: ErrDomain,
			Msg: `euler.NimSquare "-1": argument outside the problem's domain: n = -1 is negative`},
		{Call: func() error { _, err := DivisorNim(-1, 5); return err }, Func: "euler.DivisorNim", Input: "-1, 5", Sentinel: ErrDomain,
			Msg: `euler.DivisorNim "-1, 5": argument outside the problem's domain: n = -1 is negative`},
		{Call: func() error { _, err := DivisorNim(10, 0); return err }, Func: "euler.DivisorNim", Input: "10, 0", Sentinel: ErrDomain,
			Msg: `euler.DivisorNim "10, 0": argument outside the problem's domain: modulus 0 is below 1`},
		{Call: func() error { _, err := DivisorNim(10, -3); return err }, Func: "euler.DivisorNim", Input: "10, -3", Sentinel: ErrDomain,
			Msg: `euler.DivisorNim "10, -3": argument outside the problem's domain: modulus -3 is below 1`},
		{Call: func() error { _, err := PaperStrip(-1); return err }, Func: "euler.PaperStrip", Input: "-1", Sentinel: ErrDomain,
			Msg: `euler.PaperStrip "-1": argument outside the problem's domain: n = -1 is negative`},
		{Call: func() error { _, err := FlippingGame(0); return err }, Func: "euler.FlippingGame", Input: "0", Sentinel: ErrDomain,
			Msg: `euler.FlippingGame "0": argument outside the problem's domain: board of 0×0 coins, want n at least 1`},
		{Call: func() error { _, err := FlippingGame(-3); return err }, Func: "euler.FlippingGame", Input: "-3", Sentinel: ErrDomain,
			Msg: `euler.FlippingGame "-3": argument outside the problem's domain: board of -3×-3 coins, want n at least 1`},
		{Call: func() error { _, err := FlippingGame(1 << 40); return err }, Func: "euler.FlippingGame", Input: "1099511627776", Sentinel: heap.ErrTooLong,
			Msg: "euler.FlippingGame \"1099511627776\": sequence too long: 1099511627776 coins, at most 268435455\n" +
				"sequence too long: 1099511627776 coins, at most 268435455"}, // coins.NewProduct joins the errors of its two games
		{Call: func() error { _, err := StoneGame(-1); return err }, Func: "euler.StoneGame", Input: "-1", Sentinel: ErrDomain,
			Msg: `euler.StoneGame "-1": argument outside the problem's domain: n = -1 is negative`},
	})
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
