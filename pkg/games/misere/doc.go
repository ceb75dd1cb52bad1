// Package misere computes misère quotients of take-and-break games: the
// commutative monoids that say who wins any sum of heaps when the player
// who makes the last move loses (Plambeck 2005; Plambeck and Siegel 2008;
// Siegel 2017; see References).
//
// Solve builds the quotient heap by heap and stops when it is proven to be
// the whole game's:
//
//	q, err := misere.Solve("0.77", 400) // Kayles
//	proof, ok := q.Proof()              // ok: preperiod 71, period 12, from heaps 1..167
//	o, err := q.Outcome(5, 9, 300)      // games.PreviousWins or games.NextWins
//	moves, err := q.WinningMoves(5, 9, 300)
//
// Codes are read by heap.ParseCode (octal, or hexadecimal for moves into
// three heaps). A quotient writes itself as generators and relations, as
// Plambeck's and Siegel's tables do: q.Presentation() for misère Kayles is
// "<a,b,c,d,e,f,g | a^2=1, b^3=b, bc^2=b, ...>", q.Name(x) the normal form
// of an element, q.Pretending() the element of each heap. HeapGenus gives
// Conway's genus of a heap, the older invariant that quotients replace:
//
//	g, err := misere.HeapGenus("0.77", 5) // 4^146, not tame
//
// Errors are *games.Error values, like *strconv.NumError: the function the
// caller called ("misere.Solve", or "misere.Quotient.Outcome" for a
// method), the code of the game, and the cause, which begins with the
// sentinel it wraps for errors.Is: ErrBound (a quotient or a search beyond
// the package's bounds), ErrHeap (a heap outside the quotient, or beyond
// MaxMoveHeap for WinningMoves) or heap.ErrCode (a malformed code):
//
//	misere.Quotient.Outcome "0.07": heap outside the quotient: heap 11 outside [0, 10]
//
// Solve(code, n) with no proof by heap n is the quotient of the sums of
// heaps up to n, proven for those sums of any number of heaps: the bounded
// quotient that package heap used to compute.
//
// # The quotient
//
// Let A_n be the sums of heaps of at most n tokens. Two sums G and H are
// indistinguishable when G+X and H+X have the same misère outcome for every
// X in A_n; the classes form a commutative monoid Q_n, with its P-portion
// (the classes of the sums lost for the player to move) and the pretending
// function Φ_n that maps each heap to its class. The class of a sum is the
// product of its heaps', so the outcome of any sum is read off the monoid.
// Q_n is computed for n = 1, 2, ... as Siegel's MisereSolver does: the
// new heap takes the element of the quotient so far that keeps every sum
// right, when one does; otherwise the quotient grows (the new heap, and if
// need be the heaps of the least sum the candidate gets wrong, get cyclic
// monoids of their own; play on the least sum of each element decides the
// P-portion; indistinguishable elements merge). Each Q_n is proven by a
// finite check before the next heap: a candidate (Q, P, Φ) gives every sum
// of A_n its outcome exactly when, for every sum G with a move, Φ(G) is in
// P just when no element of the set T(G) of its options' elements is, and
// the pairs (Φ(G), T(G)) are finitely many and compose under addition (see
// the method failure in verify.go). The check finds the least sum that
// fails it, in an order in which every option of a sum comes before the
// sum, so that sum's options come out right and the sum itself wrong: its
// outcome is known without playing it out. A candidate that passes,
// reduced, is Q_n: its map is onto and faithful to outcomes, and no two of
// its elements are indistinguishable.
//
// # Completeness
//
// A finite n says nothing of larger heaps by itself. The periodicity
// theorem for misère quotients (Plambeck and Siegel 2008; Siegel 2017 gives
// a proof) says when it does; it is stated and proved here in the form the
// code checks, with the care at preperiod 0 that package heap's Guy–Smith
// theorem takes.
//
// Let the code's moves remove at most t tokens and leave at most k >= 1
// heaps. Let N >= 1, and let Q_N, P and Φ = Φ_N be as above.
//
// Theorem. Suppose Φ(m+p) = Φ(m) for every n0 <= m <= N-p, with p >= 1,
// and N >= k(E+p)+t-1 for E = max(n0, 1). Extend Φ to every heap by
// Φ(m) = Φ(m-p) for m > N. Then for every sum G of heaps of any sizes, G
// is lost for the player to move exactly when Φ(G) is in P; so Q_N is the
// misère quotient of the whole game, and Φ repeats with period p from n0.
//
// Proof. Write T(H) for the set of elements Φ of the options of a heap H.
// First, T(m) = T(m-p) for every m > N. A move on a heap of m tokens
// removes j <= t tokens and leaves heaps a_1 <= ... <= a_i, i <= k, of
// m-j tokens in all; m > N >= t, so it never takes the heap whole. Its
// largest part c has kc >= m-t >= k(E+p), so c-p >= E >= 1 and the same
// digit moves m-p to the same heaps with c-p in place of c, of the same
// element since Φ(c) = Φ(c-p) (c-p >= n0). Conversely a move on m-p leaves
// parts with largest c, kc >= m-p-t >= kE+(k-1)p >= kE, so c >= n0, and
// m moves to the same parts with c+p in place of c, of the same element.
// So each heap m > N has the pair (Φ(m), T(m)) of the heap m-p and, by
// induction, of a heap of at most N tokens.
//
// The pair (Φ(G), T(G)) of a sum of heaps follows from its heaps' pairs:
// Φ(G+H) = Φ(G)Φ(H) and T(G+H) = Φ(H)T(G) ∪ Φ(G)T(H), since a move on
// G+H is a move on G or on H. So every sum G has the pair of a sum G' of
// heaps of at most N tokens. Q_N is faithful on such sums, which gives:
// if T(G') is empty, G' has no move and Φ(G') is not in P; otherwise Φ(G')
// is in P exactly when no element of T(G') is.
//
// Now by induction on G. If G has no move, it is won for the player to
// move (misère play), and Φ(G) is not in P since T(G) is empty. Otherwise
// its options have smaller sums, so each is lost exactly when its element,
// which lies in T(G), is in P; G is lost exactly when no option is, that
// is when no element of T(G) is in P, that is when Φ(G) is in P.
//
// Φ maps the sums onto Q_N (Q_N is already reached by A_N), faithfully to
// outcomes, and no two elements of Q_N are indistinguishable even by sums
// of A_N; so two sums are indistinguishable in the whole game exactly when
// their elements are equal, and Q_N is the game's quotient. ∎
//
// The theorem reads only Φ_N up to N = k(E+p)+t-1; for octal games (k = 2)
// the values it compares are Φ(m) and Φ(m+p) for n0 <= m < 2E+p+t, the
// range of Guy and Smith's theorem for Grundy values. Solve checks it
// after each heap, with the least period whose least preperiod fits, and
// Proof reports what it found. For Kayles (0.77), whose Grundy values
// repeat with period 12 from heap 71, Φ repeats with period 12 from heap
// 71 too, and the theorem applies at N = 167: TestKaylesComplete checks it.
//
// Solve stops with an error wrapping ErrBound rather than answer beyond its
// bounds: a quotient above 4,096 elements (its table takes 64 MiB), a
// candidate above 65,536 elements before it is reduced (a direct product,
// kept without a table), signatures whose sets take more than 64 MiB in one
// check, or 64 recalibrations for one heap; the error names the heap,
// and, past heap 1, the quotient of the heaps before it comes with the
// error. No sum is played out: the check
// names the least sum a candidate gets wrong, whose outcome is then known.
// A game whose quotient keeps growing still makes its candidates grow fast.
// In ten seconds of CPU, 0.07 (Dawson's Kayles) gets to heap 33 (order
// 638), its orders heap by heap those of Siegel's MisereSolver as far as
// that got in twenty seconds, heap 32; 0.06 stops at heap 17, where a
// reduced candidate passes 4,096 elements, and 4.77 at heap 6 for the same
// reason, after about 6 s of CPU.
// Officers (0.6) also stops at heap 17, where a reduced candidate (order
// 5,736) passes 4,096 elements. Kayles' complete quotient takes about 40 ms (BenchmarkSolve),
// and the tables in table_test.go list the 71 octal games 0.d1, 4.d1 and
// 0.d1d2 with d2 > 0: 40 proven complete
// (0.44 and 0.46 from 335 heaps), 31 bounded, each with the heap its test
// checks.
//
// The tests check the quotients four ways: against a referee that plays
// every sum of heaps of up to 22 to 32 tokens by the rules alone; against
// the definition of the quotient (definition_test.go), where the referee's
// moves alone show that the heaps map onto a reduced commutative monoid
// faithfully on every sum of heaps up to 300 (400 for Kayles), which makes
// the monoid the quotient of those sums, and where, for Kayles' heaps up to
// 9, classes of sums by their outcome vectors reach the same orders;
// against direct play of random sums (property_test.go); and, for Kayles,
// against the quotients of heaps up to 260 computed past the proof. For
// Kayles the order of the quotient of the heaps up to n becomes 2, 6, 12,
// 18, 24, 32 and 40 at n = 1, 2, 5, 9, 12, 25 and 27 and stays 40 to
// n = 400, as it must: the quotient of the sums of heaps up to n is a
// quotient of their image in the game's, proven to have 40 elements at
// n = 167.
//
// The tests in published_test.go hold the quotients to what the
// literature below states, each fact with the place it was read: the
// periods of the pretending functions that Plambeck and Siegel list for
// wild octal games (2007, Appendix B), even orders (Plambeck and Siegel
// 2008), and Siegel's structure theorems (2007): a quotient whose
// P-portion has two elements has order 2^n+2 or 2^n+4, and there is one
// quotient of order 8, which Solve finds for 0.75.
//
// # References
//
//   - T. E. Plambeck, Daisies, Kayles, and the Sibert–Conway decomposition
//     in misère octal games, Theoret. Comput. Sci. 96 (1992) 361–388.
//   - T. E. Plambeck, Taming the wild in impartial combinatorial games,
//     Integers 5 (2005) #G05; arXiv:math/0501315.
//   - T. E. Plambeck and A. N. Siegel, Misère quotients for impartial
//     games, J. Combin. Theory Ser. A 115 (2008) 593–622;
//     arXiv:math/0609825.
//   - T. E. Plambeck and A. N. Siegel, Misère quotients for impartial
//     games: supplementary material, arXiv:0705.2404 (2007).
//   - A. N. Siegel, The structure and classification of misère quotients,
//     arXiv:math/0703070 (2007).
//   - A. N. Siegel, Misère games and misère quotients, in Games of No
//     Chance 5, MSRI Publications 70, Cambridge University Press (2017).
//   - S. Rubinstein-Salzedo and S. Zhou, Finite cardinalities of misère
//     quotients, arXiv:2603.18244 (2026).
package misere
