package misere

import (
	"errors"
	"testing"

	"github.com/grundylab/grundy/pkg/games"
	"github.com/grundylab/grundy/pkg/games/heap"
)

// TestErrorMessages checks, for every exported function that can fail, the
// *games.Error it returns: the function, the input, the sentinel and the
// message.
func TestErrorMessages(t *testing.T) {
	q, err := Solve(heap.DawsonsKayles, 10)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		call     func() error
		fn       string
		input    string
		sentinel error
		msg      string
	}{
		{func() error { _, err := Solve("0.8#", 10); return err }, "misere.Solve", "0.8#", heap.ErrCode,
			`misere.Solve "0.8#": invalid take-and-break code: '#' at byte 3 is not a digit`},
		{func() error { _, err := Solve("0.77", 0); return err }, "misere.Solve", "0.77", ErrBound,
			`misere.Solve "0.77": misère quotient beyond bounds: 0 heaps outside [1, 4096]`},
		{func() error { _, err := HeapGenus("0.77", -1); return err }, "misere.HeapGenus", "0.77", ErrHeap,
			`misere.HeapGenus "0.77": heap outside the quotient: heap -1 outside [0, 4096]`},
		{func() error { _, err := HeapGenus("4.[3]", 3); return err }, "misere.HeapGenus", "4.[3]", heap.ErrCode,
			`misere.HeapGenus "4.[3]": invalid take-and-break code: 4.[3] is not a Code (finite, without modifiers, moves into at most three heaps): it repeats forever, so moves remove any number of tokens; Octal computes its values`},
		{func() error { _, err := q.Pretend(-1); return err }, "misere.Quotient.Pretend", "0.07", ErrHeap,
			`misere.Quotient.Pretend "0.07": heap outside the quotient: heap -1 outside [0, 10]`},
		{func() error { _, err := q.Element(3, 11); return err }, "misere.Quotient.Element", "0.07", ErrHeap,
			`misere.Quotient.Element "0.07": heap outside the quotient: heap 11 outside [0, 10]`},
		{func() error { _, err := q.Outcome(11); return err }, "misere.Quotient.Outcome", "0.07", ErrHeap,
			`misere.Quotient.Outcome "0.07": heap outside the quotient: heap 11 outside [0, 10]`},
		{func() error { _, err := q.WinningMoves(2, 100); return err }, "misere.Quotient.WinningMoves", "0.07", ErrHeap,
			`misere.Quotient.WinningMoves "0.07": heap outside the quotient: heap 100 outside [0, 10]`},
	} {
		err := tc.call()
		var e *games.Error
		switch {
		case !errors.As(err, &e):
			t.Errorf("%s(%q): %v, want a *games.Error", tc.fn, tc.input, err)
		case e.Func != tc.fn || e.Input != tc.input:
			t.Errorf("%s(%q): Func %q, Input %q", tc.fn, tc.input, e.Func, e.Input)
		case !errors.Is(err, tc.sentinel):
			t.Errorf("%s(%q): %v does not wrap %v", tc.fn, tc.input, err, tc.sentinel)
		case err.Error() != tc.msg:
			t.Errorf("%s(%q):\n got %s\nwant %s", tc.fn, tc.input, err, tc.msg)
		}
	}
}
