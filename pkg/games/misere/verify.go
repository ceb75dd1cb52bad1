package misere

import (
	"container/heap"
	"fmt"
	"math/bits"
	"slices"
)

// maxSignatureWords bounds the 64-bit words that the sets of the
// signatures of one check take: 64 MiB.
const maxSignatureWords = 1 << 23

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

// failure returns a sum of heaps on which the pretension fails the check
// below, or nil when it passes, which proves that it gets the outcome of
// every sum of heaps 0..n right. With least set the sum is the least that
// fails, in the order of words, and then the pretension gets its outcome
// wrong: the outcome is the opposite of the one its element says.
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
// runs over them. An element in the P-portion must have no option in it
// whatever else the sum holds: that is checked for every element x and
// heap h at once (x·e(h) in P implies x·t out of P for each t in T(h)),
// and a sum failing it is found as the least word of x plus h. An element
// outside the P-portion needs one option in it, which a larger T keeps
// once a smaller T has it; the search of nFailure below finds a sum
// failing that. Every option of a word comes before it in the order of
// words, so when the least failing sum F is found, every smaller sum
// passes the check and has its outcome right by the induction above, F's
// options among them, and F, failing the check, is wrong. MisereSolver
// recalibrates on the least failure for the same reason; no sum is played
// out.
//
// Without least, the first failure found comes back, a failure of the
// first check as the empty word, which saves the search for the least.
func (pt *pretension) failure(least bool) (word, error) {
	m := pt.m
	if m.p[0] {
		return word{}, nil
	}
	live := pt.liveHeaps()
	var best word
	var words []word // the least word of each element, when least is set
	var reached []int32
	if least {
		words = leastWords(m, pt.phi, pt.tr, live, false)
		for x, w := range words {
			if w != nil {
				reached = append(reached, int32(x))
			}
		}
	} else {
		gens := make([]int32, len(live))
		for i, h := range live {
			gens[i] = pt.phi[h]
		}
		reached = m.reach(gens)
	}
	for _, x := range reached {
		for _, h := range live {
			if !m.p[m.prod(x, pt.phi[h])] {
				continue
			}
			for _, t := range pt.tr[h] {
				if !m.p[m.prod(x, t)] {
					continue
				}
				if !least {
					return word{}, nil
				}
				if w := words[x].plus(h); best == nil || compareWords(w, best) < 0 {
					best = w
				}
				break
			}
		}
	}
	f, _, err := pt.nFailure(live, best, least)
	return f, err
}

// A signature is an element with the elements of a sum's options, and the
// least sum known to have them.
type signature struct {
	e int32
	t []uint64
	w word
}

// sigQueue orders signatures by their words.
type sigQueue []signature

func (q sigQueue) Len() int           { return len(q) }
func (q sigQueue) Less(i, j int) bool { return compareWords(q[i].w, q[j].w) < 0 }
func (q sigQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *sigQueue) Push(x any)        { *q = append(*q, x.(signature)) }
func (q *sigQueue) Pop() any {
	old := *q
	s := old[len(old)-1]
	*q = old[:len(old)-1]
	return s
}

// nFailure returns the least sum, in the order of words, whose element is
// outside the P-portion and none of whose options' elements is in it, or
// best if that comes first (nil for none); without least, the first such
// sum found.
//
// Sums are taken from a queue in increasing order, each extended by one
// heap of every kind, heaps with the same element and option elements
// being one kind (the least of them stands for all). A sum whose set T
// holds the set of a sum taken before with the same element is not
// extended: what fails with it fails with the smaller sum, and so with the
// smaller sum plus whatever is added, which comes first too, since adding
// the same heaps keeps the order of words. So each sum has a sum before it
// or equal to it, taken and extended, with its element and a set T within
// its own, and the least failure is found (MisereSolver's depth-first
// search in the same order prunes alike). With no failure, the minimal
// sets T of each element's sums come back too: every sum's set holds one
// of its element's.
func (pt *pretension) nFailure(live []int, best word, least bool) (word, [][][]uint64, error) {
	m := pt.m
	nw := (m.size + 63) / 64
	type kind struct {
		heap int
		e    int32
		t    []int32
	}
	var kinds []kind
	seen := map[string]bool{}
	for _, h := range live {
		k := string(appendInt32(nil, pt.phi[h]))
		for _, t := range sortedCopy(pt.tr[h]) {
			k += string(appendInt32(nil, t))
		}
		if !seen[k] {
			seen[k] = true
			kinds = append(kinds, kind{h, pt.phi[h], pt.tr[h]})
		}
	}
	pBits := make([]uint64, nw)
	for x := range m.size {
		if m.p[x] {
			pBits[x/64] |= 1 << (x % 64)
		}
	}
	anti := make([][][]uint64, m.size) // the minimal sets T of each element among the sums taken
	queue := &sigQueue{{e: 0, t: make([]uint64, nw), w: word{}}}
	signatures := 1
	for queue.Len() > 0 {
		s := heap.Pop(queue).(signature)
		if best != nil && compareWords(s.w, best) >= 0 {
			break
		}
		if len(s.w) > 0 {
			if subsumed(anti[s.e], s.t) {
				continue
			}
			kept := anti[s.e][:0]
			for _, u := range anti[s.e] {
				if !subset(s.t, u) {
					kept = append(kept, u)
				}
			}
			anti[s.e] = append(kept, s.t)
		}
		for _, k := range kinds {
			e := m.prod(s.e, k.e)
			t := make([]uint64, nw)
			for w, b := range s.t {
				for b != 0 {
					x := int32(w*64 + bits.TrailingZeros64(b))
					b &= b - 1
					y := m.prod(x, k.e)
					t[y/64] |= 1 << (y % 64)
				}
			}
			for _, o := range k.t {
				y := m.prod(s.e, o)
				t[y/64] |= 1 << (y % 64)
			}
			if m.p[e] == intersects(t, pBits) {
				w := s.w.plus(k.heap)
				if !least {
					return w, nil, nil
				}
				if best == nil || compareWords(w, best) < 0 {
					best = w
				}
				continue
			}
			if subsumed(anti[e], t) {
				continue
			}
			if signatures*nw >= maxSignatureWords {
				return nil, nil, fmt.Errorf("%w: more than %d signatures of a quotient of order %d", ErrBound, signatures, m.size)
			}
			signatures++
			heap.Push(queue, signature{e: e, t: t, w: s.w.plus(k.heap)})
		}
	}
	if best != nil {
		return best, nil, nil
	}
	return nil, anti, nil
}

// subsumed reports whether one of the sets kept is within t.
func subsumed(kept [][]uint64, t []uint64) bool {
	for _, u := range kept {
		if subset(u, t) {
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
