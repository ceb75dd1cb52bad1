package misere

import (
	"fmt"
	"slices"
	"testing"
)

// The tests in this file check quotients against the definition of the
// misère quotient, with outcomes and moves from the referee alone. Two
// sums G and H of heaps up to n are indistinguishable when G+X and H+X
// have the same misère outcome for every such sum X; the classes form
// Q(A_n). A quotient q with map Φ from sums to its elements has the order
// of Q(A_n) exactly when
//
//   - q is a commutative monoid (its table is checked),
//   - Φ is onto: every element is the element of some sum,
//   - Φ is faithful: a sum is lost exactly when its element is in the
//     P-portion, checked on every sum of heaps up to n by
//     faithfulOnAllSums, and
//   - q is reduced: no two elements x ≠ y have xz and yz both in the
//     P-portion or both out of it for every z.
//
// Faithful and onto make Q(A_n) a quotient of q (sums of one element are
// indistinguishable), so |Q(A_n)| <= |q|; reduced makes distinct elements
// distinguishable by the sum of some element z, so |Q(A_n)| >= |q|. The
// bound |Q(A_n)| <= |q| is what an order too small would break.

// faithfulOnAllSums checks, for every sum of heaps of 1 to n tokens, that
// its element is in the P-portion exactly when it has a move and the
// element of none of its options is, which by induction on sums is the
// statement that q gives every such sum its misère outcome. The sums are
// infinitely many, but what the check reads of a sum G is its pair
// (Φ(G), T(G)), T(G) the set of the elements of its options, and the pair
// of G+h follows from those of G and h: Φ(G)Φ(h) and Φ(h)T(G) ∪ Φ(G)T(h).
// So the pairs of all sums are the closure of the heaps' pairs under that
// addition, finite, and the check visits every pair in it; nothing is
// pruned. It returns the number of pairs.
func faithfulOnAllSums(t *testing.T, q *Quotient, r *referee, n int) int {
	t.Helper()
	size := q.Size()
	words := (size + 63) / 64
	type pair struct {
		e int
		t []uint64
	}
	key := func(p pair) string { return fmt.Sprint(p.e, p.t) }
	var gens []pair
	seenGen := map[string]bool{}
	for h := 1; h <= n; h++ {
		e, err := q.Pretend(h)
		if err != nil {
			t.Fatal(err)
		}
		tr := make([]uint64, words)
		for _, m := range r.moves(h) {
			x, err := q.Element(m...)
			if err != nil {
				t.Fatal(err)
			}
			tr[x/64] |= 1 << (x % 64)
		}
		if g := (pair{e, tr}); !seenGen[key(g)] {
			seenGen[key(g)] = true
			gens = append(gens, g)
		}
	}
	pBits := make([]uint64, words)
	for x := range size {
		if q.IsP(x) {
			pBits[x/64] |= 1 << (x % 64)
		}
	}
	lost := func(p pair) bool {
		moved, toP := false, false
		for w := range words {
			moved = moved || p.t[w] != 0
			toP = toP || p.t[w]&pBits[w] != 0
		}
		return moved && !toP
	}
	start := pair{0, make([]uint64, words)}
	if q.IsP(0) {
		t.Fatalf("%s: the empty sum's element is in the P-portion", q.Code())
	}
	seen := map[string]bool{key(start): true}
	queue := []pair{start}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for _, g := range gens {
			next := pair{q.Mul(s.e, g.e), make([]uint64, words)}
			for x := range size {
				if s.t[x/64]>>(x%64)&1 != 0 {
					y := q.Mul(x, g.e)
					next.t[y/64] |= 1 << (y % 64)
				}
				if g.t[x/64]>>(x%64)&1 != 0 {
					y := q.Mul(s.e, x)
					next.t[y/64] |= 1 << (y % 64)
				}
			}
			k := key(next)
			if seen[k] {
				continue
			}
			seen[k] = true
			if q.IsP(next.e) != lost(next) {
				t.Fatalf("%s, heaps to %d: a sum of element %d is lost %v, yet its element is in the P-portion %v", q.Code(), n, next.e, lost(next), q.IsP(next.e))
			}
			if len(seen) > 1<<21 {
				t.Fatalf("%s, heaps to %d: more than %d pairs", q.Code(), n, 1<<21)
			}
			queue = append(queue, next)
		}
	}
	return len(seen)
}

// checkStructure checks that q is a commutative monoid with identity 0,
// onto from the heaps 1..n, and reduced.
func checkStructure(t *testing.T, q *Quotient, n int) {
	t.Helper()
	size := q.Size()
	for x := range size {
		if q.Mul(0, x) != x {
			t.Fatalf("%s: 0·%d = %d", q.Code(), x, q.Mul(0, x))
		}
		for y := range size {
			if q.Mul(x, y) != q.Mul(y, x) {
				t.Fatalf("%s: %d·%d ≠ %d·%d", q.Code(), x, y, y, x)
			}
			for z := range size {
				if q.Mul(q.Mul(x, y), z) != q.Mul(x, q.Mul(y, z)) {
					t.Fatalf("%s: (%d·%d)·%d ≠ %d·(%d·%d)", q.Code(), x, y, z, x, y, z)
				}
			}
		}
	}
	reached := []int{0}
	seen := map[int]bool{0: true}
	for i := 0; i < len(reached); i++ {
		for h := 1; h <= n; h++ {
			e, err := q.Pretend(h)
			if err != nil {
				t.Fatal(err)
			}
			if y := q.Mul(reached[i], e); !seen[y] {
				seen[y] = true
				reached = append(reached, y)
			}
		}
	}
	if len(reached) != size {
		t.Fatalf("%s, heaps to %d: the sums reach %d of %d elements", q.Code(), n, len(reached), size)
	}
	for x := range size {
		for y := x + 1; y < size; y++ {
			apart := false
			for z := range size {
				apart = apart || q.IsP(q.Mul(x, z)) != q.IsP(q.Mul(y, z))
			}
			if !apart {
				t.Fatalf("%s: elements %d and %d are indistinguishable", q.Code(), x, y)
			}
		}
	}
}

// TestKaylesByDefinition checks Solve's quotient of misère Kayles against
// the definition for the sums of heaps up to n, for every n up to 60 (the
// order changes last at heap 27), and the complete quotient on every sum
// of heaps up to 400, well past the 167 its proof reads. It is the check
// that rules out an order too small: a faithful quotient of order 40 makes
// the quotient of Kayles at most 40 elements.
func TestKaylesByDefinition(t *testing.T) {
	r := newReferee(t, "0.77")
	var orders []int
	for n := 1; n <= 60; n++ {
		q, err := Solve("0.77", n)
		if err != nil {
			t.Fatal(err)
		}
		checkStructure(t, q, n)
		faithfulOnAllSums(t, q, r, n)
		if len(orders) == 0 || orders[len(orders)-1] != q.Size() {
			orders = append(orders, n, q.Size())
		}
	}
	// The heaps at which the order changes, each with the new order.
	want := []int{1, 2, 2, 6, 5, 12, 9, 18, 12, 24, 25, 32, 27, 40}
	if !slices.Equal(orders, want) {
		t.Errorf("Kayles: (heap, order) %v, want %v", orders, want)
	}
	q, err := Solve("0.77", 400)
	if err != nil {
		t.Fatal(err)
	}
	checkStructure(t, q, 400)
	pairs := faithfulOnAllSums(t, q, r, 400)
	t.Logf("Kayles: order %d, faithful on every sum of heaps up to 400 (%d pairs (element, option elements))", q.Size(), pairs)
}

// outcomeClasses counts the classes of the sums of heaps up to n with at
// most sg tokens, told apart by their outcomes with every sum of heaps up
// to n with at most sx tokens: the definition of Q(A_n), cut to finitely
// many sums. It is a lower bound on the order of Q(A_n).
func outcomeClasses(r *referee, n, sg, sx int) int {
	var xs [][]int
	partitions(sx, n, func(p []int) { xs = append(xs, slices.Clone(p)) })
	classes := map[string]bool{}
	partitions(sg, n, func(g []int) {
		v := make([]byte, len(xs))
		for i, x := range xs {
			if r.lost(append(slices.Clone(g), x...)) {
				v[i] = 1
			}
		}
		classes[string(v)] = true
	})
	return len(classes)
}

// TestBoundedQuotientsByOutcomes computes the orders of Kayles' Q(A_n)
// straight from the definition, classes of sums by their outcome vectors,
// and compares them with Solve's. Each n takes sums of as many tokens as
// it needs for the classes to reach Solve's order (sums of 16 tokens give
// heaps up to 9 only 16 classes of their 18): a count by outcomes is a
// lower bound, and TestKaylesByDefinition gives the upper one.
func TestBoundedQuotientsByOutcomes(t *testing.T) {
	r := newReferee(t, "0.77")
	for _, tc := range []struct{ n, tokens int }{
		{1, 8}, {2, 8}, {3, 8}, {4, 8}, {5, 12}, {6, 12}, {7, 12}, {8, 12}, {9, 20},
	} {
		q, err := Solve("0.77", tc.n)
		if err != nil {
			t.Fatal(err)
		}
		if got := outcomeClasses(r, tc.n, tc.tokens, tc.tokens); got != q.Size() {
			t.Errorf("Kayles, heaps to %d: %d classes by outcomes with sums of %d tokens, Solve's order %d", tc.n, got, tc.tokens, q.Size())
		}
	}
}
