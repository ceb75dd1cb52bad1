package piles

import (
	"math"
	"testing"

	"github.com/grundylab/grundy/pkg/games/internal/gameerrtest"
)

// TestErrorMessages checks the *games.Error of every function that can
// fail: the function, the input, the sentinel and the message.
func TestErrorMessages(t *testing.T) {
	wythoff, err := Subsets(2)
	if err != nil {
		t.Fatal(err)
	}
	gameerrtest.Run(t, []gameerrtest.Case{
		{Call: func() error { _, err := New(); return err },
			Func: "piles.New", Input: "[]", Sentinel: ErrMoves,
			Msg: `piles.New "[]": invalid move vectors: none given`},
		{Call: func() error { _, err := New([]int{1, 0}, []int{1, 2}); return err },
			Func: "piles.New", Input: "[[1 0] [1 2]]", Sentinel: ErrMoves,
			Msg: `piles.New "[[1 0] [1 2]]": invalid move vectors: [1 2] has entry 2, want 0 or 1`},
		{Call: func() error { _, err := Subsets(17); return err },
			Func: "piles.Subsets", Input: "17", Sentinel: ErrMoves,
			Msg: `piles.Subsets "17": invalid move vectors: 17 piles, want 1 to 16`},
		{Call: func() error { _, err := wythoff.Options([]int{1, 2, 3}); return err },
			Func: "piles.Game.Options", Input: "{10 01 11}", Sentinel: ErrPosition,
			Msg: `piles.Game.Options "{10 01 11}": invalid position: [1 2 3] has 3 piles, the game 2`},
		{Call: func() error { _, err := wythoff.Options([]int{1, -2}); return err },
			Func: "piles.Game.Options", Input: "{10 01 11}", Sentinel: ErrPosition,
			Msg: `piles.Game.Options "{10 01 11}": invalid position: [1 -2] has a negative pile`},
		{Call: func() error { _, err := wythoff.Options([]int{MaxOptions, 1}); return err },
			Func: "piles.Game.Options", Input: "{10 01 11}", Sentinel: ErrTooLarge,
			Msg: `piles.Game.Options "{10 01 11}": too large: position [1048576 1] has more than 1048576 options`},
		{Call: func() error { _, err := wythoff.PPositions(-1); return err },
			Func: "piles.Game.PPositions", Input: "{10 01 11}", Sentinel: ErrSize,
			Msg: `piles.Game.PPositions "{10 01 11}": invalid size: n = -1 is negative`},
		{Call: func() error { _, err := wythoff.Bytes(math.MaxInt32 + 1); return err },
			Func: "piles.Game.Bytes", Input: "{10 01 11}", Sentinel: ErrTooLarge,
			Msg: `piles.Game.Bytes "{10 01 11}": too large: n = 2147483648 is beyond 2^31-1`},
		{Call: func() error { _, _, err := WythoffPair(-3); return err },
			Func: "piles.WythoffPair", Input: "-3", Sentinel: ErrSize,
			Msg: `piles.WythoffPair "-3": invalid size: index -3 is negative`},
		{Call: func() error { _, _, err := WythoffPair(math.MaxInt); return err },
			Func: "piles.WythoffPair", Input: "9223372036854775807", Sentinel: ErrTooLarge,
			Msg: `piles.WythoffPair "9223372036854775807": too large: b = 24147101483371150856 overflows int`},
	})
}
