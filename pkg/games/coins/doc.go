// Package coins computes coin-turning games and their products.
//
// In a coin-turning game a row of coins shows heads or tails, and a move
// turns over some coins, the rightmost of which must go from heads to tails.
// The coin-turning theorem makes every position the nim-sum of its heads
// coins played alone, so a game is known by the values g(x) of its single
// coins. A Line is the game whose moves turn a run of consecutive coins with
// a length from a set (heap.Set: squares, triangular numbers, any finite set
// or predicate), computed by the prefix-XOR recurrence:
//
//	l, err := coins.NewLine(heap.Squares(), 1_000_000)
//	g := l.Value(12)           // the value of coin 12 alone
//	v := l.Interval(3, 9)      // the value of the run of coins 3..9
//	runs := l.RunHistogram()   // the values of all moves from all heads
//
// A Product plays two such games at once on a grid: a move turns over the
// rectangle spanned by a move of each. By the Tartan theorem the value of a
// coin of the grid is the nim-product (package nimber) of the values of its
// column and its row, so products are as easy as their factors:
//
//	p, err := coins.NewProduct(heap.Squares(), n, heap.Triangular(), n)
//	w := p.AllHeadsWinningMoves() // Project Euler 459's W(n)
//
// Turning games in CGSuite's notation come from their turning codes: "1-3"
// (Mock Turtles, turn up to three coins), "2" (Twins), "1+C" (Ruler) and the
// modifiers C, E, S, F and C(n) described at Rule; the classics have named
// codes. Any two multiply by the Tartan theorem, Turning Corners being Twins
// × Twins:
//
//	s, err := coins.Turning(coins.MockTurtles, 1000) // g(1..1000)
//	twins, err := coins.NewTurning(coins.Twins, 64)
//	corners, err := coins.NewTurningProduct(twins, twins)
//	moves, err := corners.WinningMoves(board)
//
// A Board holds any position of a board that fits in memory;
// CountWinningMoves counts its moves to a position of value 0 and, for small
// boards, WinningMoves lists them.
//
// The tests hold every theorem used here to brute force: the generic solver
// of package games plays the real one- and two-dimensional games on every
// position of small boards.
package coins
