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
// Long runs use OctalValues, which keeps one byte a value while they fit
// (two, then four after), reports progress, checkpoints to a file to resume from, and
// gives the statistics of the sparse space (largest value, rare mask, rare
// heaps and the last of them):
//
//	v, err := heap.OctalValues("0.6", 1<<22, &heap.OctalOptions{Checkpoint: "officers.ckpt"})
//	s := v.Sparse()
//
// OctalPeriodWith gives a period search the same options: a search killed
// part way, even by SIGKILL, resumes from its checkpoint to the answer of
// a search never interrupted:
//
//	proof, err := heap.OctalPeriodWith(".354", 25_000_000, &heap.OctalOptions{Checkpoint: "354.ckpt"})
//
// CGSuite's generalised take-and-break codes (a Rule: digits to Z, numbers of
// heaps in braces, the modifiers ! ? =, repeating digits) go through Octal
// too, and any game whose moves replace a heap by smaller heaps through
// Split; a finite subtraction game's period is proven by SubtractionPeriod.
// Finite codes whose moves leave at most two heaps, whatever their
// modifiers and their digit before the point, share the engine of
// OctalValues and its helper goroutine: of the heaps 1 to 2^24-1 of
// Grundy's game only 1,273 have a sparse value (BenchmarkGrundysGame
// reports 1,274, heap 0 included), which is what makes that many heaps
// affordable.
//
//	g, err := heap.Octal(heap.GrundysGame, 1000) // "4!.0": split into two unequal heaps
//	sp, err := g.Sparse()                           // its rare heaps, as Values.Sparse gives them
//	g, err := heap.Split(n, func(h int, emit func(parts ...int)) { ... })
//	proof, err := heap.SubtractionPeriod(set, 1_000_000)
//
// The figures of these engines are benchmarks, to be compared as ratios
// within one run on a shared machine:
//
//	go test -run '^$' -bench 'GrundysGame/' -benchtime 1x ./pkg/games/heap  // 4!.0 to 2^24, and the definition to 2^16
//	go test -run '^$' -bench 'OctalPath' -benchtime 1x ./pkg/games/heap     // Octal against the engine alone, 0.6 to 2^22
//	go test -run '^$' -bench 'OctalValues' ./pkg/games/heap                 // alone and with the helper
//	go test -run '^$' -bench 'OctalPeriod' -benchtime 1x ./pkg/games/heap
//	go test -run '^$' -bench 'OctalPeriod/.354' -benchtime 1x ./pkg/games/heap // alone, for its peak memory
//	go test -run '^$' -bench 'Resume' -benchtime 1x ./pkg/games/heap           // 0.6 to 2^23 killed at half, resumed vs fresh
//	go test -run '^$' -bench 'Officers/' -benchmem ./pkg/games/heap             // OctalValues on 0.6 to 2^18 and 2^20, bytes allocated
//	GRUNDY_OGS=/path/to/ogs go test -run '^$' -bench 'Ogs' -benchtime 1x ./pkg/games/heap // 0.6 to 2^22 beside ogs, memory and time
//
// The reference for speed is P. Beling's ogsolve (Rust, RC2 method, one
// thread), which runs the same workloads as `ogsolve 0.6 -m rc2 -n 4194304`
// and `ogsolve .354 -m rc2 -n 20126194` (the 20,126,195 values the proof
// reads).
//
// Misère play (the last mover loses) is package misere's: quotients,
// outcomes, winning moves and genera of the same codes.
//
// Sequences are exact and bounded: a length beyond MaxLen (2^28 values) is an
// error (ErrTooLong), never an attempt; below it, the memory the length
// needs must be there. Periodicity and closed forms of a computed
// sequence are found by DetectPeriod and Recognize, which report the range
// they were checked on; only a theorem (OctalPeriod, SubtractionPeriod) turns
// such a finding into a proof.
//
// Errors are *games.Error values, like *strconv.NumError: the function the
// caller called ("heap.Octal", or "heap.Set.Members" for a method), the
// input it was given (the code or the set; n for Compute, Split and
// ProperDivisor; for a method, its receiver's code, set or form) and the
// cause, which begins with the sentinel it wraps for errors.Is:
//
//	heap.Octal "0.8#": invalid take-and-break code: '#' at byte 3 is not a digit
//	heap.OctalPeriod "0.16": no period proven within 10000 values (...)
//
// The sentinels are ErrCode (a malformed code, or a rule that is not a
// Code where one is needed), ErrSize (a negative heap, a number of terms
// outside 1 to MaxLen), ErrTooLong (beyond MaxLen or MaxValues), ErrSet (a
// subtraction set that is not one), ErrMove (a move function's option that
// is not a smaller heap), ErrTooManyMoves (Octal's work beyond MaxMoves),
// ErrThreeHeaps (a hexadecimal code where OctalValues or a checkpoint needs
// an octal one), ErrCheckpoint (a checkpoint file that cannot be used, the
// file system's error wrapped beside it), ErrNoPeriod (no period proven
// within the terms allowed), ErrNotHeapValues (Sequence.Sparse of values no
// heap game has) and ErrRange (a Form asked about heaps outside its range).
//
// # Proofs of periodicity
//
// OctalPeriod reports a period only with this proof. It is the
// periodicity theorem of R. K. Guy and C. A. B. Smith ("The G-values of
// various games", Proc. Cambridge Philos. Soc. 52 (1956); also Winning
// Ways, 2nd ed., vol. 1, ch. 4), stated here for every Code: moves into up
// to three heaps, and splits that remove no tokens. It is stated with care
// at preperiod 0: the form often quoted, "g(n+p) = g(n) for e <= n <
// 2e+p+t implies it for every n >= e", can fail for e = 0 when a digit
// allows two heaps but not one, or three but not two, as the example after
// the proof shows.
//
// Let the code's last non-zero digit be d_t, so that a move removes at
// most t tokens, and let k be the most heaps a move leaves (k = 1 when no
// move splits a heap). Say that the code lets splits shrink when every
// digit that allows two heaps (bit 4) also allows one (bit 2), and every
// digit that allows three (bit 8) also allows two; the digit before the
// point never allows one heap, since removing no tokens and leaving the
// heap as it was is no move. Given p >= 1 and e >= 0, let E = max(e, 1),
// or E = 0 when e = 0 and the code lets splits shrink, and
//
//	B = e + p + t       if k = 1,
//	B = 2E + p + t      if k = 2,
//	B = 3E + 2p + t     if k = 3.
//
// Theorem. If g(n+p) = g(n) for every e <= n < B, then g(n+p) = g(n) for
// every n >= e.
//
// Proof. By induction on n. For n < B it is the hypothesis. Let n >= B and
// suppose g(m+p) = g(m) for every e <= m < n. The value of a heap is the
// least value none of its options has, so it is enough to pair each option
// of the heap n+p with an option of n of the same value, and each option
// of n with one of n+p. A move through digit d_j removes j <= t tokens and
// leaves heaps of n+p-j tokens in all from n+p, n-j from n. In all three
// cases B >= p+t > t, so both heaps exceed t: no move takes a heap whole
// (that needs a heap of exactly j tokens), and n-j >= p >= 1 tokens remain.
// A heap of 0 tokens has no move, so g(0) = 0.
//
// One heap (bit 2 of d_j, j >= 1). The move leaves n+p-j from n+p and
// m = n-j from n, with 1 <= m < n and m >= B-t >= e. By the induction
// hypothesis g(m+p) = g(m): the two options, one from each heap, have the
// same value, and this pairs all one-heap options of n and n+p.
//
// Two heaps (bit 4 of d_j, k >= 2; note 3E+2p+t >= 2E+p+t, so n >= 2E+p+t
// also when k = 3). From n+p the move leaves a+b = n+p-j, 1 <= a <= b.
// Then 2b >= n+p-t >= 2E+2p, so m = b-p >= E >= e, and m = n-j-a < n; by
// hypothesis g(b) = g(m). If m >= 1, the same digit moves n to heaps a and
// m, of value g(a) xor g(m) = g(a) xor g(b). If m = 0, then E = 0, so e = 0
// and the code lets splits shrink: d_j allows the single heap a = n-j,
// which is a move from n of value g(a) = g(a) xor g(0) = g(a) xor g(p)
// (the hypothesis at m = 0), that is g(a) xor g(b). Conversely, from n the
// move leaves a+b = n-j, 1 <= a <= b; then 2b >= n-t >= 2E+p >= 2e, so
// e <= b < n and g(b+p) = g(b), and the same digit moves n+p to heaps a
// and b+p, of the same value.
//
// Three heaps (bit 8 of d_j, k = 3). From n+p the move leaves a+b+c =
// n+p-j, 1 <= a <= b <= c. Then 3c >= n+p-t >= 3E+3p, so m = c-p >= E >= e
// and m = n-j-a-b < n; by hypothesis g(c) = g(m). If m >= 1, the same
// digit moves n to a, b and m. If m = 0, then E = 0, the code lets splits
// shrink and d_j allows the two heaps a and b from n, of value g(a) xor
// g(b) = g(a) xor g(b) xor g(p), since g(p) = g(0) = 0. Conversely, from
// n the move leaves a+b+c = n-j with c largest; 3c >= n-t >= 3E+2p >= 3e,
// so e <= c < n, g(c+p) = g(c), and n+p moves to a, b and c+p.
//
// Every option of n+p has the value of an option of n and conversely, so
// their mexes agree: g(n+p) = g(n). ∎
//
// Only the part reduced by p needs care: it must be a legal heap, at least
// 1, and within the range of the induction hypothesis, at least e; E
// provides both. The inequalities are tight at n = B, and that is where
// E matters. In 0.4 (remove one token, split the rest into two heaps)
// g(0), g(1), g(2), g(3) = 0, 0, 0, 1: with p = 1 and e = 0 the usual bound
// 2e+p+t = 2 asks only g(1) = g(0) and g(2) = g(1), which hold, yet g(3) =
// 1 differs from g(2) = 0: the heap 3 may leave heaps 1 and 1 (here b-p =
// 0), and the heap 2 may not leave the single heap 1. With E = 1 the check
// runs to B = 4, and the repetition fails at n = 2.
//
// The check reads the values g(0), ..., g(B+p-1). OctalPeriod tries p =
// 1, 2, ... in turn, each with the least e from which the values computed
// repeat with period p; they show g(e-1) != g(e-1+p), so e is the least
// preperiod of p. The first p proven is the least period p0, the least
// with which the sequence repeats from some heap e0 on: if p repeats from
// e, then for n >= e and M with n+Mp >= e0, g(n+p0) = g(n+p0+Mp) =
// g(n+Mp) = g(n), so p0 repeats from e too; the values computed show it
// repeating from e or earlier, and B grows with e and p, so the values
// that prove p prove p0, which is tried first. SubtractionPeriod proves
// its periods by another argument (see there) and reports the k = 1 bound
// of this theorem, which its values also meet.
//
// # Memory and caches
//
// OctalValues stores each value in one byte while every value so far is
// below 2^8, in two while below 2^16, and in four beyond. The first value
// that does not fit is not stored: the engine stops before it, the values
// are copied once into the wider storage, and the value is computed again
// there, so a value is never cut. The copy is the peak of the switch, one
// narrow and one wide value a heap; checkpoints keep two or four bytes a
// value, and a run resumed from one goes on in them. Officers (0.6) passes
// 255 at heap 10,344 and so holds two bytes a value; .354 stays at 113 or
// below to heap 20,126,194, the range its period proof reads, and holds
// one.
//
// Measured on a 2-core AMD EPYC (cpu family 26, a Zen 5 core) with
// nothing else running (load average near 1), through OctalValues, in one
// run that alternated three times ogs (the RC2 solver of P. Beling's ogs
// crate, as `ogsolve 0.6 -m rc2` runs it, one thread, two bytes a value),
// ours with the helper and ours alone (GOMAXPROCS=1): Officers to 2^22
// (values to 319) took ogs 19.7 to 26.2 s, and ours 6.1 to 7.9 s with the
// helper, 0.28 to 0.31 of ogs's time by turns, and 9.5 to 9.8 s alone,
// 0.36 to 0.49; with the helper ours used 11.1 to 13.7 s of CPU, user and
// system, 0.51 to 0.56 of ogs's. It peaked at 13.0 to 13.4 MB of resident
// memory with the helper and 12.4 to 12.7 MB alone, against ogs's 10.3 to
// 10.5 MB (1.25 to 1.28 times, 1.18 to 1.23 alone); it took 15.0 to 15.1
// MB before the values and buffers were narrowed. On the same cores under
// a load of 16 to 24 the CPU time alone was 0.50 to 0.54 of ogs's: load
// inflates ours more than ogs's, which is not explained, and wall times
// under such load say little. .354 to 20,126,194 peaks at 24.0 MB,
// against 45.6 MB before. Octal, which returns a Sequence of eight bytes a value (32 MB of
// it), took 47 MB for Officers to 2^22 before, the figure issue 34
// quotes. Above the values' own bytes are the Go runtime (2.8 MB for a run
// of a thousand heaps), the engine's lists and the helper's ring.
//
// What each heap reads is far smaller than the values, and it is what the
// caches hold. For Officers, counted to 2^20: 1,583 rare heaps, the last
// at 20,627, so the pairs with a rare part read the values of the first
// 20,627 heaps and of the 20,627 before the heap at hand, 41 KB each at
// two bytes; the scans read about 2,700 pairs a heap on average, every
// pair from the smallest part on, within the same two windows, and mark
// the pairs of the rare parts among them, so that about 1,200 rare parts
// a heap are marked apart (from 2^19 to 2^20: 3,900 pairs a heap in all,
// against 4,280 when every rare part was); the rare list takes 6 KB and
// the marks 2 KB. The helper's ring of marks, 512 heaps of 513 bytes,
// adds 257 KB. The rest of the values is written once and read again
// only by a scan that passes 2^16 parts, which is rare. So the working
// set is about 90 KB alone and 350 KB with the helper, whatever the
// length, and it is the size of the L1 and the L2 that decides how the
// figures carry to another CPU: AMD gives a Zen 5 core 48 KB of L1 data
// cache and 1 MB of L2 (the virtual machine reports a cache of 1024 KB).
// No L1 holds both windows, so every core reads one of them from its L2
// for most pairs, as here; a core with 512 KB of L2 or more (Zen 2 to 4,
// Intel Xeons from Skylake-SP on) should keep the ratios measured here,
// with or without the helper; with 256 KB the engine alone still fits,
// but the helper's ring lives in L3 and its marks cost more; a game
// whose values fit one byte halves the windows, and at 41 KB the two fit
// a 48 KB L1 but not a 32 KB one. Other work on the same cores evicts
// the windows between time slices, which may be why the ratios above
// worsen with the load; that was not measured. The rest is argued from
// the counts above, not measured on those CPUs.
package heap
