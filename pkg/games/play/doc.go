// Package play plays impartial games against a perfect player: it lists the
// options of a position with their values, says which moves win, and picks
// the perfect player's reply, in normal play (the player who cannot move
// loses) or misère play (the player who cannot move wins).
//
//	g, err := play.NewHeapGame(heap.Kayles, play.Normal, 0)
//	start, err := play.NewHeaps(5, 3)
//	opts, err := g.Options(start)  // each option, its value, whether it wins
//	next, ok, err := g.Reply(start) // the perfect player's move
//
// A Game is any finite impartial game given by a move function (New); heap
// games given by a take-and-break code and their sums (NewHeapGame, on
// Heaps) and rows of coins turned in runs (NewRowGame, on Row) are ready
// made, and so are boards of coins turned in rectangles, the products of
// two such row games (NewBoardGame, on Board, written "THT/HHT", top row
// first). Nothing here draws or waits for a click: package
// pkg/report/show draws positions and binds a Game to a notebook.
//
// # Values
//
// In normal play a position's value is its Grundy value, the mex of its
// options' values, computed by the solver of package games; a sum of heaps
// has the nim-sum of its heaps' values by the Sprague–Grundy theorem (proved
// in package games), and a board the nim-sum of its heads coins' values
// g(x) ⊗ h(y) by the Tartan theorem (proved in package coins; a test holds
// every position of every board up to 3×3 of four products to a brute
// force of its own, in both conventions). The player to move wins exactly
// when the value is not 0, and a move wins exactly when it leads to a
// position of value 0: both
// follow from the mex, by induction over the positions, since a position of
// value 0 has no option of value 0 and a position of another value has one.
//
// In misère play a position's value is its misère Grundy value g⁻: 1 for a
// position without moves, the mex of its options' values otherwise. The
// player to move wins exactly when g⁻ is not 0. Proof, by induction over the
// positions, options first: a position without moves is won for the player
// to move (the opponent made the last move) and has g⁻ = 1; another
// position has g⁻ = 0 exactly when every option has g⁻ ≠ 0, that is, by
// induction, when every move leads to a position won for the player who
// moves next, which is when the position is lost. Unlike normal-play values,
// g⁻ of a sum is not the nim-sum of its parts' values (in Nim a heap of one
// token has g⁻ = 0, two such heaps have g⁻ = 1; a test checks both), so g⁻
// is computed here on the whole position, by brute force, and misère play
// is for small positions.
//
// The values come from an iterative solver that remembers them: a game
// reaching more positions than the limit given to the constructor, or with a
// cycle, gives an error wrapping games.ErrLimit or games.ErrCycle rather
// than running on.
//
// # Errors
//
// Errors are *games.Error values, like *strconv.NumError: the function
// called ("play.NewHeaps", or "play.Game.Value" for a method), its input
// (cut to 32 bytes when longer) and the cause, which begins with the
// sentinel it wraps for errors.Is: ErrPosition, ErrGame, or a sentinel of
// the package beneath (heap.ErrCode for a malformed code, games.ErrLimit,
// games.ErrCycle):
//
//	play.NewHeaps "[5 -1]": invalid position: heap of -1 tokens, want 0 to 4096
package play
