package play_test

import (
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/games"
	"github.com/grundylab/grundy/pkg/games/heap"
	"github.com/grundylab/grundy/pkg/games/internal/gameerrtest"
	"github.com/grundylab/grundy/pkg/games/play"
)

// TestErrorMessages checks the *games.Error of every function that can
// fail: the function, the input, the sentinel and the message.
func TestErrorMessages(t *testing.T) {
	endless, err := play.New(func(n int) []int { return []int{n + 1} }, play.Normal, 100)
	if err != nil {
		t.Fatal(err)
	}
	cycle, err := play.New(func(n int) []int { return []int{1 - n} }, play.Misere, 0)
	if err != nil {
		t.Fatal(err)
	}
	moves := func(n int) []int { return nil }
	long := strings.Repeat("H", 200)
	gameerrtest.Run(t, []gameerrtest.Case{
		{Call: func() error { _, err := play.New[int](nil, play.Normal, 0); return err },
			Func: "play.New", Input: "normal, limit 0", Sentinel: play.ErrGame,
			Msg: `play.New "normal, limit 0": invalid game: nil move function`},
		{Call: func() error { _, err := play.New(moves, play.Convention(7), 0); return err },
			Func: "play.New", Input: "Convention(7), limit 0", Sentinel: play.ErrGame,
			Msg: `play.New "Convention(7), limit 0": invalid game: convention 7, want Normal or Misere`},
		{Call: func() error { _, err := play.New(moves, play.Misere, -1); return err },
			Func: "play.New", Input: "misère, limit -1", Sentinel: play.ErrGame,
			Msg: `play.New "misère, limit -1": invalid game: position limit -1 is negative`},
		{Call: func() error { _, err := endless.Value(0); return err },
			Func: "play.Game.Value", Input: "0", Sentinel: games.ErrLimit,
			Msg: `play.Game.Value "0": position limit exceeded: more than 100 positions`},
		{Call: func() error { _, err := endless.Wins(3); return err },
			Func: "play.Game.Wins", Input: "3", Sentinel: games.ErrLimit,
			Msg: `play.Game.Wins "3": position limit exceeded: more than 100 positions`},
		{Call: func() error { _, err := endless.Options(5); return err },
			Func: "play.Game.Options", Input: "5", Sentinel: games.ErrLimit,
			Msg: `play.Game.Options "5": position limit exceeded: more than 100 positions`},
		{Call: func() error { _, _, err := cycle.Reply(0); return err },
			Func: "play.Game.Reply", Input: "0", Sentinel: games.ErrCycle,
			Msg: `play.Game.Reply "0": game graph has a cycle: position 1 is reached from itself`},
		{Call: func() error { _, err := play.NewHeaps(5, -1); return err },
			Func: "play.NewHeaps", Input: "[5 -1]", Sentinel: play.ErrPosition,
			Msg: `play.NewHeaps "[5 -1]": invalid position: heap of -1 tokens, want 0 to 4096`},
		{Call: func() error { _, err := play.NewHeaps(ones(65)...); return err },
			Func: "play.NewHeaps", Input: "[1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1...", Sentinel: play.ErrPosition,
			Msg: `play.NewHeaps "[1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1...": invalid position: 65 heaps, want at most 64`},
		{Call: func() error { _, err := play.NewHeapGame("0.{2", play.Normal, 0); return err },
			Func: "play.NewHeapGame", Input: "0.{2", Sentinel: heap.ErrCode,
			Msg: `play.NewHeapGame "0.{2": invalid take-and-break code: '{' at byte 2 has no closing '}'`},
		{Call: func() error { _, err := play.NewHeapGame("0.77", play.Normal, -5); return err },
			Func: "play.NewHeapGame", Input: "0.77", Sentinel: play.ErrGame,
			Msg: `play.NewHeapGame "0.77": invalid game: position limit -5 is negative`},
		{Call: func() error { _, err := play.NewRow(65); return err },
			Func: "play.NewRow", Input: "65", Sentinel: play.ErrPosition,
			Msg: `play.NewRow "65": invalid position: row of 65 coins, want 0 to 64`},
		{Call: func() error { _, err := play.NewRow(3, 4); return err },
			Func: "play.NewRow", Input: "3", Sentinel: play.ErrPosition,
			Msg: `play.NewRow "3": invalid position: coin 4 off a row of 3`},
		{Call: func() error { _, err := play.ParseRow(long); return err },
			Func: "play.ParseRow", Input: long[:32] + "...", Sentinel: play.ErrPosition,
			Msg: `play.ParseRow "` + long[:32] + `...": invalid position: row of 200 coins, want at most 64`},
		{Call: func() error { _, err := play.ParseRow("HTX"); return err },
			Func: "play.ParseRow", Input: "HTX", Sentinel: play.ErrPosition,
			Msg: `play.ParseRow "HTX": invalid position: coin 3 is 'X', not H or T`},
		{Call: func() error { _, err := play.NewRowGame(heap.Set{}, play.Normal, 0); return err },
			Func: "play.NewRowGame", Input: "", Sentinel: heap.ErrSet,
			Msg: `play.NewRowGame "": invalid subtraction set: zero Set`},
		{Call: func() error { _, err := play.NewRowGame(heap.Squares(), play.Convention(2), 0); return err },
			Func: "play.NewRowGame", Input: "squares", Sentinel: play.ErrGame,
			Msg: `play.NewRowGame "squares": invalid game: convention 2, want Normal or Misere`},
		{Call: func() error { _, err := play.NewBoard(0, 3); return err },
			Func: "play.NewBoard", Input: "0x3", Sentinel: play.ErrPosition,
			Msg: `play.NewBoard "0x3": invalid position: board of 0×3 coins, want each side at least 1 and at most 64 coins`},
		{Call: func() error { _, err := play.NewBoard(2, 2, [2]int{3, 1}); return err },
			Func: "play.NewBoard", Input: "2x2", Sentinel: play.ErrPosition,
			Msg: `play.NewBoard "2x2": invalid position: coin (3, 1) off the board`},
		{Call: func() error { _, err := play.ParseBoard(long); return err },
			Func: "play.ParseBoard", Input: long[:32] + "...", Sentinel: play.ErrPosition,
			Msg: `play.ParseBoard "` + long[:32] + `...": invalid position: board of 200 bytes, want at most 64 coins`},
		{Call: func() error { _, err := play.ParseBoard("HT/H"); return err },
			Func: "play.ParseBoard", Input: "HT/H", Sentinel: play.ErrPosition,
			Msg: `play.ParseBoard "HT/H": invalid position: row 1 has 1 coins, row 2 has 2`},
		{Call: func() error { _, err := play.ParseBoard("HT/HQ"); return err },
			Func: "play.ParseBoard", Input: "HT/HQ", Sentinel: play.ErrPosition,
			Msg: `play.ParseBoard "HT/HQ": invalid position: coin (2, 1) is 'Q', not H or T`},
		{Call: func() error { _, err := play.ParseBoard("/"); return err },
			Func: "play.ParseBoard", Input: "/", Sentinel: play.ErrPosition,
			Msg: `play.ParseBoard "/": invalid position: board of 0×2 coins, want each side at least 1 and at most 64 coins`},
		{Call: func() error { _, err := play.NewBoardGame(heap.Set{}, heap.Squares(), play.Normal, 0); return err },
			Func: "play.NewBoardGame", Input: " x squares", Sentinel: heap.ErrSet,
			Msg: `play.NewBoardGame " x squares": invalid subtraction set: zero Set`},
		{Call: func() error { _, err := play.NewBoardGame(heap.Squares(), heap.Squares(), play.Normal, -1); return err },
			Func: "play.NewBoardGame", Input: "squares x squares", Sentinel: play.ErrGame,
			Msg: `play.NewBoardGame "squares x squares": invalid game: position limit -1 is negative`},
	})
}

func ones(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = 1
	}
	return s
}
