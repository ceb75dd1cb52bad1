// Package piles finds the P-positions of multi-pile games that are not sums
// of independent heaps: k piles, and a move takes the same positive number of
// stones from every pile of one of the game's move vectors v in {0,1}^k.
// Wythoff's game (v in {10, 01, 11}) and the stone game of Project Euler 260
// (every non-empty set of three piles) are the classic members.
//
// Such a game has no useful Grundy decomposition, but its P-positions have a
// rigid structure: through every position runs one line per move vector, and
// each line holds at most one P-position. PPositions enumerates them by
// claiming lines, scanning 64 candidate last piles per machine word:
//
//	g, err := piles.Subsets(3) // PE 260
//	...
//	seq, err := g.PPositions(1000)
//	...
//	for p := range seq {
//		sum += p[0] + p[1] + p[2] // p is sorted: the game is symmetric
//	}
//
// Memory is about (n+1)^(k-1) bits per family of lines in a symmetric game,
// and up to 2^(c-1) times that for a vector of c piles in another, whose
// differences of piles range over [-n, n]; it is reported in advance by Bytes (50 MB for PE 260 at n = 10^4) and bounded by MaxBytes; the time,
// about one scan of n/64 words per prefix of k-1 piles, is bounded by
// MaxWork. Options
// lists the moves of a position, for playing a game by the generic solver of
// package games; WythoffPair gives Wythoff's P-positions in closed form.
//
// Errors are *games.Error values, like *strconv.NumError: the function the
// caller called ("piles.New", or "piles.Game.PPositions" for a method),
// the input (the vectors, k, i, or for a method the game) and the cause,
// which begins with the sentinel it wraps for errors.Is: ErrMoves (bad
// move vectors), ErrPosition (a position not of the game), ErrSize (a
// negative size or index) or ErrTooLarge (beyond MaxBytes, MaxWork,
// MaxOptions or an int):
//
//	piles.Game.Options "{10 01 11}": invalid position: [1 -2] has a negative pile
package piles
