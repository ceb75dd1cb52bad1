package nimber

import (
	"testing"

	"github.com/grundylab/grundy/pkg/games/internal/gameerrtest"
)

// TestErrorMessages checks the *games.Error of every function that can
// fail: the function, the input, the sentinel and the message.
func TestErrorMessages(t *testing.T) {
	gameerrtest.Run(t, []gameerrtest.Case{
		{Call: func() error { _, err := Inv(0); return err }, Func: "nimber.Inv", Input: "0", Sentinel: ErrDivisionByZero,
			Msg: `nimber.Inv "0": nimber division by zero`},
		{Call: func() error { _, err := Div(7, 0); return err }, Func: "nimber.Div", Input: "0", Sentinel: ErrDivisionByZero,
			Msg: `nimber.Div "0": nimber division by zero`},
		{Call: func() error { _, err := Log(0, 5); return err }, Func: "nimber.Log", Input: "0x5", Sentinel: ErrNoLog,
			Msg: `nimber.Log "0x5": not a power of the base 0x0`},
		{Call: func() error { _, err := Log(7, 0); return err }, Func: "nimber.Log", Input: "0x0", Sentinel: ErrNoLog,
			Msg: `nimber.Log "0x0": not a power of the base 0x7`},
		{Call: func() error { _, err := Log(2, 1<<40); return err }, Func: "nimber.Log", Input: "0x10000000000", Sentinel: ErrNoLog,
			Msg: `nimber.Log "0x10000000000": not a power of the base 0x2`},
	})
}
