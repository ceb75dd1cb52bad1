// Package games computes Grundy values of finite impartial games and puts the
// Sprague–Grundy theorem to work.
//
// An impartial game is given by a move function that lists the options of a
// position. The Grundy value of a position is the mex (minimum excluded value)
// of the values of its options; a position is lost for the player to move
// exactly when its value is zero, and a sum of games has the XOR of the values
// of its parts.
//
// That is the Sprague–Grundy theorem, for games in which every play ends
// (normal play: the player who cannot move loses); the proof is short.
// Both parts go by induction over the positions, options first. A position
// of value 0 has no option of value 0, so every move leaves a position of
// non-zero value, which by induction is won for the player who moves next:
// the position is lost. A position of value v > 0 has an option of value
// 0, which by induction is lost for the player to move there: moving to it
// wins. For a sum G+H with values a and b, the options are G'+H and G+H',
// of values g(G') xor b and a xor g(H') by induction. None has value
// a xor b, since that needs g(G') = a or g(H') = b, and a is the mex of the
// values of the options of G, b of H. Every y < a xor b is the value of an
// option: at the highest bit where y and a xor b differ, a xor b has a 1,
// so one of a and b has it, say a; then a' = a xor (a xor b xor y) < a, so
// some G' has value a', and G'+H has value a' xor b = y. So the mex is a xor
// b. A sum of more games is a sum of two, (G+H)+K, so by induction on the
// number of parts it has the XOR of their values. (Both parts are proved
// much as here in T. S. Ferguson, Game Theory, Part I: the first in §3.2,
// the sum in §4.2.)
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
// m: ordered tuples modulo m for any k up to MaxCountHeaps, every other count
// within the work limit MaxCountWork:
//
//	n, err := games.CountTuplesMod(g.Histogram(), 1_000_000_000_000, games.Nonzero, 987654321)
//
// Error is the error type of this package and of heap, coins, piles,
// nimber and misere, like *strconv.NumError: the function the caller
// called, the input it was given and the cause, which begins with the
// text of the sentinel it wraps for errors.Is. A method is named with its
// type ("games.Solver.Grundy"); an error that passes through another
// exported function names only the one the caller called. Here the input
// is the position (as fmt.Sprint writes it) or, for the counting
// functions, k; the sentinels are ErrCycle, ErrLimit, ErrSolver, ErrLoopy
// and ErrCount:
//
//	games.Grundy "100": position limit exceeded: more than 10 positions
//
// Games with cycles have no Grundy values; a LoopySolver gives Smith's
// generalised values instead, a number or ∞_K, and SumOutcome decides a sum
// of such games as won, lost or drawn from its parts' values alone:
//
//	v, err := games.NewLoopySolver(moves, 1_000_000).Value(p)
//	o := games.SumOutcome(v, w) // games.NextWins, games.PreviousWins or games.Draw
package games
