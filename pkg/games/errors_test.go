package games_test

import (
	"testing"

	"github.com/grundylab/grundy/pkg/games"
	"github.com/grundylab/grundy/pkg/games/internal/gameerrtest"
)

// TestErrorMessages checks the *games.Error of every function that can
// fail: the function, the input, the sentinel and the message.
func TestErrorMessages(t *testing.T) {
	cycle := func(p int) []int { return []int{(p + 1) % 3} }
	chain := func(p int) []int {
		if p == 0 {
			return nil
		}
		return []int{p - 1}
	}
	hist := []int64{3, 2}
	gameerrtest.Run(t, []gameerrtest.Case{
		{Call: func() error { _, err := games.Grundy(0, cycle, 10); return err },
			Func: "games.Grundy", Input: "0", Sentinel: games.ErrCycle,
			Msg: `games.Grundy "0": game graph has a cycle: position 0 is reached from itself`},
		{Call: func() error { _, err := games.Grundy(100, chain, 10); return err },
			Func: "games.Grundy", Input: "100", Sentinel: games.ErrLimit,
			Msg: `games.Grundy "100": position limit exceeded: more than 10 positions`},
		{Call: func() error { _, err := games.NewSolver(chain, -1).Grundy(4); return err },
			Func: "games.Solver.Grundy", Input: "4", Sentinel: games.ErrSolver,
			Msg: `games.Solver.Grundy "4": invalid solver: position limit -1 is negative`},
		{Call: func() error { _, err := games.NewSolver[int](nil, 0).Grundy(4); return err },
			Func: "games.Solver.Grundy", Input: "4", Sentinel: games.ErrSolver,
			Msg: `games.Solver.Grundy "4": invalid solver: nil move function`},
		{Call: func() error { _, err := games.NewLoopySolver(chain, 10).Value(100); return err },
			Func: "games.LoopySolver.Value", Input: "100", Sentinel: games.ErrLimit,
			Msg: `games.LoopySolver.Value "100": position limit exceeded: more than 10 positions`},
		{Call: func() error { _, err := games.NewLoopySolver(chain, 0).Value(1); return err },
			Func: "games.LoopySolver.Value", Input: "1", Sentinel: games.ErrLoopy,
			Msg: `games.LoopySolver.Value "1": invalid loopy solver: position limit 0`},
		{Call: func() error { _, err := games.CountTuples(hist, -1, 0); return err },
			Func: "games.CountTuples", Input: "-1", Sentinel: games.ErrCount,
			Msg: `games.CountTuples "-1": invalid count: -1 heaps`},
		{Call: func() error { _, err := games.CountMultisets([]int64{1, -2}, 2, 0); return err },
			Func: "games.CountMultisets", Input: "2", Sentinel: games.ErrCount,
			Msg: `games.CountMultisets "2": invalid count: histogram entry 1 is -2`},
		{Call: func() error { _, err := games.CountSets(hist, 2, -5); return err },
			Func: "games.CountSets", Input: "2", Sentinel: games.ErrCount,
			Msg: `games.CountSets "2": invalid count: target -5`},
		{Call: func() error { _, err := games.CountTuplesMod(hist, 2, 0, 0); return err },
			Func: "games.CountTuplesMod", Input: "2", Sentinel: games.ErrCount,
			Msg: `games.CountTuplesMod "2": invalid count: modulus 0, want at least 1`},
		{Call: func() error { _, err := games.CountMultisetsMod(hist, games.MaxCountHeaps+1, 0, 7); return err },
			Func: "games.CountMultisetsMod", Input: "4611686018427387905", Sentinel: games.ErrCount,
			Msg: `games.CountMultisetsMod "4611686018427387905": invalid count: 4611686018427387905 heaps, more than 4611686018427387904`},
		{Call: func() error { _, err := games.CountSetsMod(make([]int64, games.MaxCountValues+1), 2, 0, 7); return err },
			Func: "games.CountSetsMod", Input: "2", Sentinel: games.ErrCount,
			Msg: `games.CountSetsMod "2": invalid count: histogram of 1048577 values, more than 1048576`},
	})
}
