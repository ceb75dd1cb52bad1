// Package games computes Grundy values of finite impartial games and puts the
// Sprague–Grundy theorem to work.
//
// An impartial game is given by a move function that lists the options of a
// position. The Grundy value of a position is the mex (minimum excluded value)
// of the values of its options; a position is lost for the player to move
// exactly when its value is zero, and a sum of games has the XOR of the values
// of its parts.
//
//	g, err := games.Grundy(start, moves, 1_000_000)
//
// A Solver keeps its memo between calls, so many positions of one game are
// cheap to evaluate:
//
//	s := games.NewSolver(moves, 0)
//	for _, p := range positions {
//		g, err := s.Grundy(p)
//		...
//	}
//
// The solver is iterative: deep games do not exhaust the goroutine stack. It
// reports a cycle in the game graph (ErrCycle) and a game larger than the
// caller's limit (ErrLimit) as errors instead of hanging.
//
// Heap games whose positions are single numbers live in the sub-package heap;
// the counting functions here (CountTuples, CountMultisets, CountSets and
// their Mod variants) turn a histogram of heap values into the number of
// k-heap positions whose values XOR to a given target, exactly or modulo any
// m, for any k:
//
//	n, err := games.CountTuplesMod(g.Histogram(), 1_000_000_000_000, games.Nonzero, 987654321)
//
// Games with cycles have no Grundy values; a LoopySolver gives Smith's
// generalised values instead, a number or ∞_K, and SumOutcome decides a sum
// of such games as won, lost or drawn from its parts' values alone:
//
//	v, err := games.NewLoopySolver(moves, 1_000_000).Value(p)
//	o := games.SumOutcome(v, w) // games.NextWins, games.PreviousWins or games.Draw
package games
