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
// A Board holds any position of up to MaxBoardCoins (2^28) coins;
// CountWinningMoves counts its moves to a position of value 0 and, for small
// boards, WinningMoves lists them.
//
// Errors are *games.Error values, like *strconv.NumError: the function the
// caller called ("coins.NewLine", or "coins.Product.WinningMoves" for a
// method), the input (the set or the turning code, cut to 32 bytes; a
// board's size; for a method, the game) and the cause, which begins with
// the sentinel it wraps for errors.Is: ErrRule (a turning code that does
// not parse), ErrBoard (a board, coin or move that does not fit the game),
// ErrTooLarge (values, memory or work beyond the limits), or package
// heap's ErrSize, ErrTooLong and ErrSet (a negative number of coins, too
// many, a set that is not one):
//
//	coins.ParseRule "1-3Q": invalid turning code: unknown modifier 'Q'
//
// # The two theorems
//
// Both rest on the Sprague–Grundy theorem (package games) and are proved
// here; the tests also hold them to brute force, the generic solver of
// package games playing the real one- and two-dimensional games on every
// position of small boards. T. S. Ferguson, Game Theory, Part I, §5 (coin
// turning) and §5.4 (Tartan games), and Winning Ways, ch. 14 ("Turn and
// Turn About"), state them too.
//
// The coin-turning theorem. Number the coins so that every move turns a
// set T of coins whose largest, max T, goes from heads to tails, and which
// sets T may be turned depends on max T only, not on the faces of the
// other coins (in a
// product, number the grid in any order that puts (x, y) after every other
// coin (a, b) with a <= x and b <= y). Every play ends, since the heads read
// as a binary number decrease. Let g(x) be the value of the position with
// coin x alone heads. Then a position with heads S has value v(S), the XOR
// of g(s) over s in S. Proof, by induction on that binary number, which is
// smaller for every option of S and for every set of coins below max S: the
// move T with max T = x in S leaves S xor T (symmetric difference), of
// value v(S) xor g(x) xor u by induction, u the XOR of g over T minus x,
// which is the value of the option T minus x of the coin x alone; so the
// values u of a move with max T = x form a set U_x whose mex is g(x). The
// options of S thus have the values v(S) xor g(x) xor u, x in S, u in U_x:
// never v(S) (that needs u = g(x), not in U_x), and every y < v(S) (take
// the x whose g(x) has the highest bit of v(S) xor y, and u = g(x) xor
// v(S) xor y < g(x), which U_x holds), so their mex is v(S).
//
// The Tartan theorem. In a product whose moves turn A×B, A a move of the
// column game with max A = x and B one of the row game with max B = y, the
// coin (x, y) alone has value g(x)⊗h(y), the nim-product of package nimber.
// Proof, by induction on the coin in that order: the move A×B leaves the coins of A×B other than (x,
// y), of value (XOR over A×B of g(a)⊗h(b)) xor g(x)⊗h(y) by the coin-turning
// theorem and the induction; as ⊗ distributes over XOR this is (u xor g)⊗(w xor h) xor g⊗h =
// u⊗w xor u⊗h xor g⊗w, with g = g(x), h = h(y), u in U_x and w in W_y, the
// sets of the column and row games as above. None is g⊗h, since that needs
// (u xor g)⊗(w xor h) = 0, and a field has no zero divisors while u != g and
// w != h. Every value below g⊗h is one of them with u < g and w < h, which
// U_x and W_y hold: that is the definition of the nim-product, g⊗h =
// mex{u⊗h xor g⊗w xor u⊗w : u < g, w < h} (Conway, On Numbers and Games,
// ch. 6, proves that it makes the nimbers a field). So the mex is g⊗h.
package coins
