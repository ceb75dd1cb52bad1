package misere

import (
	"container/heap"
	"fmt"
	"math/bits"
	"slices"
)

// maxSignatures bounds the signatures one check keeps.
const maxSignatures = 1 << 20

// A pretension is a candidate quotient: a bipartite monoid and the element
// each heap 0..n pretends to be, with the elements of each heap's options.
type pretension struct {
	m   *monoid
	phi []int32   // phi[h] for h = 0..n; 0 for heaps without a move
	tr  [][]int32 // tr[h]: the elements of the options of heap h, distinct
}

// transitions computes tr from phi and the options of the heaps.
func (pt *pretension) transitions(r *rules) {
	pt.tr = make([][]int32, len(pt.phi))
	for h := range pt.phi {
		var t []int32
		for _, o := range r.options(h) {
			x := int32(0)
			for _, part := range o {
				x = pt.m.prod(x, pt.phi[part])
			}
			t = append(t, x)
		}
		pt.tr[h] = distinct(t)
	}
}

// liveHeaps returns the heaps 1..n that have a move.
func (pt *pretension) liveHeaps() []int {
	var live []int
	for h := 1; h < len(pt.phi); h++ {
		if len(pt.tr[h]) > 0 {
			live = append(live, h)
		}
	}
	return live
}

// failure returns a sum of heaps whose outcome the pretension gets wrong,
// or nil when it gets every sum of heaps 0..n right, which it proves.
//
// The proof is by induction on sums. A sum G with no move is won for the
// player to move, and its element is the identity, outside the P-portion
// (checked). A sum with a move is lost exactly when none of its options
// is; by induction the options' outcomes are their elements', so the
// element of G must be in the P-portion exactly when none of the elements
// of its options is. Those elements form the set T(G), and the signature
// (element, T) of a sum G+H follows from those of G and H: T(G+H) =
// e(H)T(G) ∪ e(G)T(H). So the signatures of all sums are the closure of
// the heaps' signatures under that addition, finitely many, and the check
// runs over them. Two shortcuts keep the closure small. An element in the
// P-portion must have no option in it whatever else the sum holds: that is
// checked for every element x and heap h at once (x·e(h) in P implies
// x·t out of P for each t in T(h)). An element outside the P-portion needs
// one option in it, which a larger T keeps once a smaller T has it, and
// adding heaps keeps inclusion; so only signatures whose T holds no other
// signature's T of the same element are extended (MisereSolver prunes its
// search the same way).
//
// Without name, a failure of the first shortcut comes back as the empty
// word rather than a sum, which saves the search for the least one.
func (pt *pretension) failure(name bool) (word, error) {
	m := pt.m
	if m.p[0] {
		return word{}, nil
	}
	live := pt.liveHeaps()
	gens := make([]int32, len(live))
	for i, h := range live {
		gens[i] = pt.phi[h]
	}
	_, reached := m.generated(gens)
	for x := range m.size {
		if reached[x] < 0 {
			continue
		}
		for _, h := range live {
			if !m.p[m.prod(int32(x), pt.phi[h])] {
				continue
			}
			for _, t := range pt.tr[h] {
				if m.p[m.prod(int32(x), t)] {
					if !name {
						return word{}, nil
					}
					// Name the least sum of x's class with heap h.
					return leastWords(m, pt.phi, pt.tr, live, false)[x].plus(h), nil
				}
			}
		}
	}
	return pt.nFailure(live)
}

// signature is an element with the elements of a sum's options, and how
// the closure reached it: the signature it extends and the heap added.
type signature struct {
	e      int32
	t      []uint64
	parent int32
	heap   int
	tokens int // the tokens of the sum
}

// sigQueue orders signatures by the tokens of their sums.
type sigQueue struct {
	sigs  *signatures
	items []int32
}

func (q *sigQueue) Len() int { return len(q.items) }
func (q *sigQueue) Less(i, j int) bool {
	return (*q.sigs)[q.items[i]].tokens < (*q.sigs)[q.items[j]].tokens
}
func (q *sigQueue) Swap(i, j int) { q.items[i], q.items[j] = q.items[j], q.items[i] }
func (q *sigQueue) Push(x any)    { q.items = append(q.items, x.(int32)) }
func (q *sigQueue) Pop() any {
	x := q.items[len(q.items)-1]
	q.items = q.items[:len(q.items)-1]
	return x
}

func (pt *pretension) nFailure(live []int) (word, error) {
	m := pt.m
	words := (m.size + 63) / 64
	type gen struct {
		heap int
		e    int32
		t    []int32
	}
	var gens []gen
	seen := map[string]bool{}
	for _, h := range live {
		k := string(appendInt32(nil, pt.phi[h]))
		for _, t := range sortedCopy(pt.tr[h]) {
			k += string(appendInt32(nil, t))
		}
		if !seen[k] {
			seen[k] = true
			gens = append(gens, gen{h, pt.phi[h], pt.tr[h]})
		}
	}
	sigs := signatures{{e: 0, t: make([]uint64, words), parent: -1}}
	anti := make([][]int32, m.size) // indices of the minimal signatures of each element
	anti[0] = []int32{0}
	pBits := make([]uint64, words)
	for x := range m.size {
		if m.p[x] {
			pBits[x/64] |= 1 << (x % 64)
		}
	}
	// Smaller sums first, so that a failure is found on a small sum,
	// which play can settle quickly; any order would prove the same.
	queue := &sigQueue{sigs: &sigs, items: []int32{0}}
	for queue.Len() > 0 {
		i := int(heap.Pop(queue).(int32))
		s := sigs[i]
		if s.parent >= 0 && !slices.Contains(anti[s.e], int32(i)) {
			continue // superseded by a smaller set before it was extended
		}
		for _, g := range gens {
			e := m.prod(s.e, g.e)
			t := make([]uint64, words)
			for w, b := range s.t {
				for b != 0 {
					x := int32(w*64 + bits.TrailingZeros64(b))
					b &= b - 1
					y := m.prod(x, g.e)
					t[y/64] |= 1 << (y % 64)
				}
			}
			for _, o := range g.t {
				y := m.prod(s.e, o)
				t[y/64] |= 1 << (y % 64)
			}
			if m.p[e] == intersects(t, pBits) {
				return sigs.word(i).plus(g.heap), nil
			}
			if subsumed(sigs, anti[e], t) {
				continue
			}
			if len(sigs) >= maxSignatures {
				return nil, fmt.Errorf("%w: more than %d signatures", ErrBound, maxSignatures)
			}
			kept := anti[e][:0]
			for _, j := range anti[e] {
				if !subset(t, sigs[j].t) {
					kept = append(kept, j)
				}
			}
			anti[e] = append(kept, int32(len(sigs)))
			sigs = append(sigs, signature{e: e, t: t, parent: int32(i), heap: g.heap, tokens: s.tokens + g.heap})
			heap.Push(queue, int32(len(sigs)-1))
		}
	}
	return nil, nil
}

type signatures []signature

func (s signatures) word(i int) word {
	var w word
	for s[i].parent >= 0 {
		w = w.plus(s[i].heap)
		i = int(s[i].parent)
	}
	return w
}

// subsumed reports whether some kept signature's set is within t.
func subsumed(sigs []signature, kept []int32, t []uint64) bool {
	for _, j := range kept {
		if subset(sigs[j].t, t) {
			return true
		}
	}
	return false
}

func subset(a, b []uint64) bool {
	for i := range a {
		if a[i]&^b[i] != 0 {
			return false
		}
	}
	return true
}

func intersects(a, b []uint64) bool {
	for i := range a {
		if a[i]&b[i] != 0 {
			return true
		}
	}
	return false
}

func sortedCopy(s []int32) []int32 {
	c := slices.Clone(s)
	slices.Sort(c)
	return c
}
