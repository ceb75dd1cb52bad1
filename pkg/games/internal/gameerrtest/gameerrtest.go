// Package gameerrtest checks the errors of the game packages in their
// tests: each case calls an exported function with a bad input and names
// what its *games.Error must say.
//
//	gameerrtest.Run(t, []gameerrtest.Case{
//		{Call: func() error { _, err := heap.ParseCode("0.8#"); return err },
//			Func: "heap.ParseCode", Input: "0.8#", Sentinel: heap.ErrCode,
//			Msg: `heap.ParseCode "0.8#": invalid take-and-break code: '#' at byte 3 is not a digit`},
//	})
package gameerrtest

import (
	"errors"
	"testing"

	"github.com/grundylab/grundy/pkg/games"
)

// A Case is a call that must fail, and the error it must return.
type Case struct {
	Call     func() error
	Func     string // the *games.Error's Func
	Input    string // its Input
	Sentinel error  // the sentinel it wraps
	Msg      string // its whole message
}

// Run checks each case: the error is a *games.Error (errors.As) with the
// case's Func and Input, wraps its Sentinel (errors.Is), and reads Msg.
func Run(t *testing.T, cases []Case) {
	t.Helper()
	for _, tc := range cases {
		err := tc.Call()
		var e *games.Error
		switch {
		case !errors.As(err, &e):
			t.Errorf("%s(%q): %v, want a *games.Error", tc.Func, tc.Input, err)
		case e.Func != tc.Func || e.Input != tc.Input:
			t.Errorf("%s(%q): Func %q, Input %q", tc.Func, tc.Input, e.Func, e.Input)
		case !errors.Is(err, tc.Sentinel):
			t.Errorf("%s(%q): %v does not wrap %v", tc.Func, tc.Input, err, tc.Sentinel)
		case err.Error() != tc.Msg:
			t.Errorf("%s(%q):\n got %s\nwant %s", tc.Func, tc.Input, err, tc.Msg)
		}
	}
}
