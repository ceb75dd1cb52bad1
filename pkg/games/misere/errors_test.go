package misere

import (
	"testing"

	"github.com/grundylab/grundy/pkg/games/heap"
	"github.com/grundylab/grundy/pkg/games/internal/gameerrtest"
)

// TestErrorMessages checks, for every exported function that can fail, the
// *games.Error it returns: the function, the input, the sentinel and the
// message.
func TestErrorMessages(t *testing.T) {
	q, err := Solve(heap.DawsonsKayles, 10)
	if err != nil {
		t.Fatal(err)
	}
	gameerrtest.Run(t, []gameerrtest.Case{
		{Call: func() error { _, err := Solve("0.8#", 10); return err }, Func: "misere.Solve", Input: "0.8#", Sentinel: heap.ErrCode,
			Msg: `misere.Solve "0.8#": invalid take-and-break code: '#' at byte 3 is not a digit`},
		{Call: func() error { _, err := Solve("0.77", 0); return err }, Func: "misere.Solve", Input: "0.77", Sentinel: ErrBound,
			Msg: `misere.Solve "0.77": misère quotient beyond bounds: 0 heaps outside [1, 4096]`},
		{Call: func() error { _, err := HeapGenus("0.77", -1); return err }, Func: "misere.HeapGenus", Input: "0.77", Sentinel: ErrHeap,
			Msg: `misere.HeapGenus "0.77": heap outside the quotient: heap -1 outside [0, 4096]`},
		{Call: func() error { _, err := HeapGenus("4.[3]", 3); return err }, Func: "misere.HeapGenus", Input: "4.[3]", Sentinel: heap.ErrCode,
			Msg: `misere.HeapGenus "4.[3]": invalid take-and-break code: 4.[3] is not a Code (finite, without modifiers, moves into at most three heaps): it repeats forever, so moves remove any number of tokens; Octal computes its values`},
		{Call: func() error { _, err := q.Pretend(-1); return err }, Func: "misere.Quotient.Pretend", Input: "0.07", Sentinel: ErrHeap,
			Msg: `misere.Quotient.Pretend "0.07": heap outside the quotient: heap -1 outside [0, 10]`},
		{Call: func() error { _, err := q.Element(3, 11); return err }, Func: "misere.Quotient.Element", Input: "0.07", Sentinel: ErrHeap,
			Msg: `misere.Quotient.Element "0.07": heap outside the quotient: heap 11 outside [0, 10]`},
		{Call: func() error { _, err := q.Outcome(11); return err }, Func: "misere.Quotient.Outcome", Input: "0.07", Sentinel: ErrHeap,
			Msg: `misere.Quotient.Outcome "0.07": heap outside the quotient: heap 11 outside [0, 10]`},
		{Call: func() error { _, err := q.WinningMoves(2, 100); return err }, Func: "misere.Quotient.WinningMoves", Input: "0.07", Sentinel: ErrHeap,
			Msg: `misere.Quotient.WinningMoves "0.07": heap outside the quotient: heap 100 outside [0, 10]`},
	})
}
