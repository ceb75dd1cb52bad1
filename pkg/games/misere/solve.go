package misere

import (
	"fmt"
	"slices"
)

// maxRecalibrations bounds the candidates tried for one heap that changes
// the quotient.
const maxRecalibrations = 64

// maxCandidate bounds the order of a candidate monoid before reduction, a
// direct product kept without a table of its own.
const maxCandidate = 1 << 16

// A solver builds the quotients of the heaps up to n, for n = 1, 2, ...
type solver struct {
	r   *rules
	cur *pretension // the quotient of heaps 0..n, proven
	// minimal holds, for each element x of cur's monoid, sets T(W) of sums
	// W of heaps with element x, every such set holding one of them: the
	// minimal sets of a full check (see nFailure). nil until needed, and
	// again when the monoid changes.
	minimal [][][]uint64
}

func newSolver(r *rules) *solver {
	return &solver{r: r, cur: &pretension{m: trivial(), phi: []int32{0}, tr: [][]int32{nil}}}
}

// next adds the next heap. When some element of the quotient so far can
// stand for it, so that every sum stays right (the check of extends, or
// else of failure), the quotient does not change; that is the common case,
// and the elements of earlier heaps with the same option elements are
// tried first. Otherwise the quotient grows: the
// new heap gets a cyclic monoid of its own beside the old quotient, play
// on least words decides the P-portion, indistinguishable elements merge,
// and the result is checked. The least sum it gets wrong names the heaps to
// recalibrate: they get cyclic components of their own, long enough for
// the sum's exponents, until the sum comes out right; then the check runs
// again (Plambeck and Siegel's MisereSolver works this way).
func (s *solver) next() error {
	n := len(s.cur.phi)
	trn := s.trans(s.cur, n)
	cand := &pretension{m: s.cur.m, phi: append(slices.Clone(s.cur.phi), 0), tr: append(slices.Clone(s.cur.tr), trn)}
	if len(trn) == 0 {
		s.accept(cand)
		return nil
	}
	wantP := true
	for _, t := range trn {
		wantP = wantP && !s.cur.m.p[t]
	}
	xs := s.order(trn)
	if s.minimal == nil {
		_, minimal, err := s.cur.nFailure(s.cur.liveHeaps(), nil, true)
		if err != nil {
			return err
		}
		s.minimal = minimal
	}
	for _, x := range xs {
		if s.cur.m.p[x] == wantP && s.extends(x, trn) {
			cand.phi[n] = x
			s.cur = cand
			return nil
		}
	}
	for _, x := range xs {
		if s.cur.m.p[x] != wantP {
			continue
		}
		cand.phi[n] = x
		f, err := cand.failure(false)
		if err != nil {
			return err
		}
		if f == nil {
			s.accept(cand)
			return nil
		}
	}
	cand.phi[n] = 0
	next, err := s.build(cand, map[int]int{n: 2})
	if err != nil {
		return err
	}
	for range maxRecalibrations {
		f, err := next.failure(true)
		if err != nil {
			return err
		}
		if f == nil {
			s.accept(next)
			return nil
		}
		if next, err = s.recalibrate(next, f); err != nil {
			return err
		}
	}
	return fmt.Errorf("%w: no quotient at heap %d after %d recalibrations", ErrBound, n, maxRecalibrations)
}

func (s *solver) accept(p *pretension) {
	s.cur = p
	s.minimal = nil
}

// extends reports whether the heap after cur's, whose options have the
// elements trn, can take the element x, of the P-portion just when no
// element of trn is, with every sum right; that needs no search when T(W)
// is within trn for a sum W of cur's heaps with element x. This is
// MisereSolver's mex interpolation, and the proof is by induction on the
// copies of the new heap n in a sum U = S+n. Every sum with fewer is right,
// and U's element is that of S+W, which has one copy fewer, so T(S+W) =
// xT(S) ∪ e(S)T(W) is within T(U) = xT(S) ∪ e(S)trn. If U's element is
// outside the P-portion and S+W has a move, T(S+W) has an element in it,
// and so has T(U); if S+W has no move, S is heaps without moves and U's
// options are the new heap's, right because x is in the P-portion just
// when no element of trn is. If U's element is in the P-portion, xT(S) has
// none, as T(S+W) has none, and e(S)trn has none by the check below, made
// for every element z = e(S).
func (s *solver) extends(x int32, trn []int32) bool {
	m := s.cur.m
	for z := range int32(m.size) {
		if !m.p[m.prod(z, x)] {
			continue
		}
		for _, t := range trn {
			if m.p[m.prod(z, t)] {
				return false
			}
		}
	}
	t := make([]uint64, (m.size+63)/64)
	for _, y := range trn {
		t[y/64] |= 1 << (y % 64)
	}
	return subsumed(s.minimal[x], t)
}

// trans returns the elements of the options of heap n under pt.
func (s *solver) trans(pt *pretension, n int) []int32 {
	var t []int32
	for _, o := range s.r.options(n) {
		x := int32(0)
		for _, part := range o {
			x = pt.m.prod(x, pt.phi[part])
		}
		t = append(t, x)
	}
	return distinct(t)
}

// order lists the elements to try for a heap whose options have the
// elements trn: first those of the latest heaps with the same option
// elements, then the rest.
func (s *solver) order(trn []int32) []int32 {
	want := sortedCopy(trn)
	var xs []int32
	for h := len(s.cur.phi) - 1; h >= 1; h-- {
		if slices.Equal(sortedCopy(s.cur.tr[h]), want) {
			xs = append(xs, s.cur.phi[h])
		}
	}
	for x := range s.cur.m.size {
		xs = append(xs, int32(x))
	}
	return distinct(xs)
}

// build returns the candidate in which each heap h of own gets a cyclic
// monoid of index own[h] and period 2 of its own, beside the submonoid of
// base that the other heaps generate; its P-portion is decided by play on
// least words, and it is reduced.
func (s *solver) build(base *pretension, own map[int]int) (*pretension, error) {
	phi := slices.Clone(base.phi)
	heaps := make([]int, 0, len(own))
	for h := range own {
		heaps = append(heaps, h)
		phi[h] = 0
	}
	slices.Sort(heaps)
	m, to := base.m.generated(phi)
	for i := range phi {
		phi[i] = to[phi[i]]
	}
	for _, h := range heaps {
		c := cyclic(own[h], 2)
		if m.size*c.size > maxCandidate {
			return nil, fmt.Errorf("%w: a candidate of order %d", ErrBound, m.size*c.size)
		}
		m = product(m, c)
		for i := range phi {
			phi[i] *= int32(c.size)
		}
		phi[h] = 1 // the generator of the new component
	}
	pt := &pretension{m: m, phi: phi}
	pt.transitions(s.r)
	leastWords(m, phi, pt.tr, pt.liveHeaps(), true)
	red, to, err := m.reduce(phi)
	if err != nil {
		return nil, err
	}
	for i := range phi {
		phi[i] = to[phi[i]]
	}
	out := &pretension{m: red, phi: phi}
	out.transitions(s.r)
	return out, nil
}

// recalibrate returns a candidate that gets the sum f right, giving the
// fewest of its heaps cyclic components of their own. f is the least sum
// that cand gets wrong (see failure), so its outcome is the opposite of
// the one cand says.
func (s *solver) recalibrate(cand *pretension, f word) (*pretension, error) {
	lost := !cand.m.p[elementOf(cand.m, cand.phi, f)]
	var heaps []int
	count := map[int]int{}
	for _, h := range f {
		if count[h] == 0 {
			heaps = append(heaps, h)
		}
		count[h]++
	}
	for k := 1; k <= len(heaps); k++ {
		for _, sub := range combinations(heaps, k) {
			own := map[int]int{}
			for _, h := range sub {
				own[h] = max(cand.m.index(cand.phi[h]), count[h]) + 1
			}
			next, err := s.build(cand, own)
			if err != nil {
				return nil, err
			}
			if next.m.p[elementOf(next.m, next.phi, f)] == lost {
				return next, nil
			}
		}
	}
	return nil, fmt.Errorf("%w: at heap %d no candidate gets the sum %v right", ErrBound, len(cand.phi)-1, []int(f))
}

// combinations returns the k-element subsets of s, in order.
func combinations(s []int, k int) [][]int {
	if k == 0 {
		return [][]int{nil}
	}
	var out [][]int
	for i := k - 1; i < len(s); i++ {
		for _, c := range combinations(s[:i], k-1) {
			out = append(out, append(c, s[i]))
		}
	}
	return out
}
