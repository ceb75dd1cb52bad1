// Package heap computes Grundy sequences of heap games: games played on a
// single heap of tokens, such as subtraction games, the proper-divisor rule of
// Divisor Nim and (in octal.go and its neighbours) take-and-break games given
// by octal codes.
//
// A Sequence holds g(0), g(1), ..., g(n); its Histogram feeds the counting
// functions of package games, which count many-heap positions by the XOR of
// their values:
//
//	g, err := heap.Subtraction(heap.Squares(), 100_000)
//	...
//	losing, err := games.CountMultisets(g.Histogram(), 3, 0)
//
// Take-and-break games come from their octal (or hexadecimal) codes, and
// for octal games OctalPeriod proves the period by the Guy–Smith theorem,
// computing terms by the sparse-space method until the theorem's bound is
// met:
//
//	g, err := heap.Octal(heap.DawsonsKayles, 1000) // the code "0.07"
//	proof, err := heap.OctalPeriod("0.16", 1_000_000)
//	// proof.Preperiod = 105351, proof.Period = 149459, proof.Form evaluates any g(n)
//
// Long runs use OctalValues, which keeps two bytes a value while they fit
// (four after), reports progress, checkpoints to a file to resume from, and
// gives the statistics of the sparse space (largest value, rare mask, rare
// heaps and the last of them):
//
//	v, err := heap.OctalValues("0.6", 1<<22, &heap.OctalOptions{Checkpoint: "officers.ckpt"})
//	s := v.Sparse()
//
// CGSuite's generalised take-and-break codes (a Rule: digits to Z, numbers of
// heaps in braces, the modifiers ! ? =, repeating digits) go through Octal
// too, and any game whose moves replace a heap by smaller heaps through
// Split; a finite subtraction game's period is proven by SubtractionPeriod:
//
//	g, err := heap.Octal(heap.GrundysGame, 1000) // "4!.0": split into two unequal heaps
//	g, err := heap.Split(n, func(h int, emit func(parts ...int)) { ... })
//	proof, err := heap.SubtractionPeriod(set, 1_000_000)
//
// In misère play (the last mover loses) MisereQuotient computes the game's
// misère quotient, proven for every sum of heaps up to a size, and
// MisereGenus Conway's genus of a heap:
//
//	q, err := heap.MisereQuotient("0.75", 20) // q.Presentation(), q.Outcome(2, 5, 5)
//
// Sequences are exact and bounded: a length that would exhaust memory is an
// error (ErrTooLong), never a crash. Periodicity and closed forms of a computed
// sequence are found by DetectPeriod and Recognize, which report the range
// they were checked on; only a theorem (OctalPeriod, SubtractionPeriod) turns
// such a finding into a proof.
package heap
