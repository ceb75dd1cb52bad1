package heap

import "fmt"

// quotientBuilder learns the quotient from outcomes of play, in the manner
// of Angluin's learning of automata: an element is a row of outcomes, the
// outcomes of rep+t for every test sum t; sums with equal rows are taken to
// be indistinguishable until play shows otherwise, and then the test that
// tells them apart is added.
type quotientBuilder struct {
	code    Code
	maxHeap int
	pl      *miserePlayer
	gens    []int // the heaps with moves, the generators of the monoid
	tests   []heapSum
	testKey map[string]bool

	// The candidate of the current round.
	reps  []heapSum
	rows  map[string]int32
	mul   []int32 // size*size, filled once the candidate is closed
	size  int
	image []int32 // image[g] is the element of heap gens[g]
	p     []bool
}

func newQuotientBuilder(c Code, maxHeap int) *quotientBuilder {
	// maxHeap sizes the table of moves; grow sets the heaps in play.
	b := &quotientBuilder{
		code:    c,
		pl:      &miserePlayer{opts: misereOptions(c, maxHeap), memo: map[smallKey]bool{}, long: map[string]bool{}, limit: maxPlayPositions},
		testKey: map[string]bool{},
	}
	b.addTest(nil)
	return b
}

// grow makes heaps up to n the game's heaps.
//
// The tests start afresh with the empty sum and single heaps: tests that
// earlier levels needed are often sums of several heaps, whose play costs
// much more than that of the sums a level needs.
func (b *quotientBuilder) grow(n int) {
	for h := b.maxHeap + 1; h <= n; h++ {
		if len(b.pl.opts[h]) > 0 {
			b.gens = append(b.gens, h)
		}
	}
	b.maxHeap = n
	b.tests, b.testKey = nil, map[string]bool{}
	b.addTest(nil)
	for _, h := range b.gens {
		b.addTest(heapSum{h})
	}
}

// addTest adds t to the tests and reports whether it is new.
func (b *quotientBuilder) addTest(t heapSum) bool {
	k := t.key()
	if b.testKey[k] {
		return false
	}
	b.testKey[k] = true
	b.tests = append(b.tests, t)
	return true
}

// row returns the outcomes of m+t for every test t, as a key.
func (b *quotientBuilder) row(m heapSum) (string, error) {
	r := make([]byte, (len(b.tests)+7)/8)
	for i, t := range b.tests {
		p, err := b.pl.isP(m.plus(t))
		if err != nil {
			return "", err
		}
		if p {
			r[i/8] |= 1 << (i % 8)
		}
	}
	return string(r), nil
}

// element returns the element whose row m has, adding a new one.
func (b *quotientBuilder) element(m heapSum) (int32, error) {
	r, err := b.row(m)
	if err != nil {
		return 0, err
	}
	if x, ok := b.rows[r]; ok {
		return x, nil
	}
	if len(b.reps) >= MaxQuotientSize {
		return 0, fmt.Errorf("more than %d elements: %w", MaxQuotientSize, ErrMisereBound)
	}
	x := int32(len(b.reps))
	b.rows[r] = x
	b.reps = append(b.reps, m)
	return x, nil
}

func (b *quotientBuilder) build() (*Quotient, error) {
	for range maxRounds {
		refined, err := b.candidate()
		if err != nil {
			return nil, err
		}
		if refined {
			continue
		}
		refined, err = b.verify()
		if err != nil {
			return nil, err
		}
		if !refined {
			return b.quotient(), nil
		}
	}
	return nil, fmt.Errorf("no verified quotient after %d refinements: %w", maxRounds, ErrMisereBound)
}

// candidate builds the monoid of the current tests: the elements reachable
// from the empty sum by adding heaps, closed under products of
// representatives. It reports true if it found two merged sums that the
// tests must tell apart, having added the test that does.
func (b *quotientBuilder) candidate() (bool, error) {
	b.reps, b.rows = nil, map[string]int32{}
	if _, err := b.element(nil); err != nil {
		return false, err
	}
	b.image = make([]int32, len(b.gens))
	for g, h := range b.gens {
		x, err := b.element(heapSum{h})
		if err != nil {
			return false, err
		}
		b.image[g] = x
	}
	// Close under adding a heap and under products of representatives;
	// new elements extend the loop, and each new x is paired with every
	// y <= x, so every pair is met once.
	var succ [][]int32
	var lower [][]int32 // lower[x][y] = rep(x)+rep(y) for y <= x
	for x := 0; x < len(b.reps); x++ {
		s := make([]int32, len(b.gens))
		for g, h := range b.gens {
			z, err := b.element(b.reps[x].plus(heapSum{h}))
			if err != nil {
				return false, err
			}
			s[g] = z
		}
		succ = append(succ, s)
		l := make([]int32, x+1)
		for y := 0; y <= x; y++ {
			z, err := b.element(b.reps[x].plus(b.reps[y]))
			if err != nil {
				return false, err
			}
			l[y] = z
		}
		lower = append(lower, l)
	}
	n := len(b.reps)
	b.size = n
	b.mul = make([]int32, n*n)
	for x := range n {
		for y := 0; y <= x; y++ {
			b.mul[x*n+y], b.mul[y*n+x] = lower[x][y], lower[x][y]
		}
	}
	b.p = make([]bool, n)
	for x, m := range b.reps {
		p, err := b.pl.isP(m)
		if err != nil {
			return false, err
		}
		b.p[x] = p
	}
	// A heap must act like the representative of its element: rep(x)+heap
	// and rep(x)+rep(image) must share a row.
	for g := range b.gens {
		for x := range n {
			if z, w := succ[x][g], b.mul[x*n+int(b.image[g])]; z != w {
				// rep(image) and the heap are merged; a test on rep(x) splits them.
				return b.split(b.reps[z], b.reps[w], b.reps[x])
			}
		}
	}
	// Associativity: (xy)z = x(yz).
	for x := range n {
		for y := range n {
			xy := b.mul[x*n+y]
			for z := range n {
				l, r := b.mul[int(xy)*n+z], b.mul[x*n+int(b.mul[y*n+z])]
				if l != r {
					// rep(xy) and rep(x)+rep(y) are merged, as are rep(yz)
					// and rep(y)+rep(z); a test on rep(z) or rep(x) splits one.
					return b.split(b.reps[l], b.reps[r], b.reps[z], b.reps[x])
				}
			}
		}
	}
	return false, nil
}

// split adds the tests c+t, for each c in cs and each test t on which the
// rows of u and v differ; one of them separates two merged sums.
func (b *quotientBuilder) split(u, v heapSum, cs ...heapSum) (bool, error) {
	ru, err := b.row(u)
	if err != nil {
		return false, err
	}
	rv, err := b.row(v)
	if err != nil {
		return false, err
	}
	added := false
	for i := range b.tests {
		if (ru[i/8]^rv[i/8])>>(i%8)&1 == 0 {
			continue
		}
		t := b.tests[i]
		for _, c := range cs {
			if b.addTest(c.plus(t)) {
				added = true
			}
		}
		break
	}
	if !added {
		return false, fmt.Errorf("candidate quotient inconsistent without a separating test (a bug)")
	}
	return true, nil
}

// misereSignature is the state of the verification for a sum X: its element x
// and the set U of elements w such that X plus a sum of element w has a
// move, made in X, to a P-position.
type misereSignature struct {
	x      int32
	u      []uint64
	parent int32 // the signature this one extends by a heap, or -1
	gen    int32
}

// verify checks the candidate on every sum of heaps. It reports true if it
// found a sum the candidate gets wrong, having refined the tests.
//
// For a sum X of heaps, X is a P-position exactly when it has a move and no
// move leads to a P-position. The candidate claims X is a P-position when
// its element is in the P-portion. If the claim and the rule agree for every
// non-empty X, the claims are right, by induction on X. Whether X has a
// move into the P-portion is "1 ∈ U(X)" for the misereSignature (x, U), and
// signatures compose: U(Y+Z) = U(Y)/z ∪ U(Z)/y (where U/z = {w : wz ∈ U}).
// So the check runs over the finitely many signatures reachable from the
// heaps' own.
func (b *quotientBuilder) verify() (bool, error) {
	n := b.size
	words := (n + 63) / 64
	// T[g]: the elements w such that w times some option of heap g is in P.
	t := make([][]uint64, len(b.gens))
	for g, h := range b.gens {
		t[g] = make([]uint64, words)
		for _, o := range b.pl.opts[h] {
			e := b.elementOf(o)
			for w := range n {
				if b.p[b.mul[w*n+int(e)]] {
					t[g][w/64] |= 1 << (w % 64)
				}
			}
		}
	}
	var sigs []misereSignature
	seen := map[string]bool{}
	key := func(x int32, u []uint64) string {
		k := make([]byte, 4+8*len(u))
		k[0], k[1], k[2], k[3] = byte(x), byte(x>>8), byte(x>>16), byte(x>>24)
		for i, w := range u {
			for j := range 8 {
				k[4+8*i+j] = byte(w >> (8 * j))
			}
		}
		return string(k)
	}
	push := func(s misereSignature) error {
		k := key(s.x, s.u)
		if seen[k] {
			return nil
		}
		if len(sigs) >= maxSignatures {
			return fmt.Errorf("more than %d signatures to verify: %w", maxSignatures, ErrMisereBound)
		}
		seen[k] = true
		sigs = append(sigs, s)
		return nil
	}
	for g := range b.gens {
		if err := push(misereSignature{x: b.image[g], u: t[g], parent: -1, gen: int32(g)}); err != nil {
			return false, err
		}
	}
	for i := 0; i < len(sigs); i++ {
		s := sigs[i]
		canReachP := s.u[0]&1 != 0 // element 0 is the identity
		if b.p[s.x] == canReachP {
			return true, b.refine(b.witness(sigs, i))
		}
		for g := range b.gens {
			a := b.image[g]
			u := make([]uint64, words)
			for w := range n {
				wa, wx := b.mul[w*n+int(a)], b.mul[w*n+int(s.x)]
				if s.u[wa/64]>>(wa%64)&1 != 0 || t[g][wx/64]>>(wx%64)&1 != 0 {
					u[w/64] |= 1 << (w % 64)
				}
			}
			if err := push(misereSignature{x: b.mul[int(s.x)*n+int(a)], u: u, parent: int32(i), gen: int32(g)}); err != nil {
				return false, err
			}
		}
	}
	return false, nil
}

// elementOf returns the candidate's element of a sum of heaps: the product
// of its heaps' images.
func (b *quotientBuilder) elementOf(m heapSum) int32 {
	x := int32(0)
	for _, h := range m {
		x = b.mul[int(x)*b.size+int(b.image[b.genIndex(h)])]
	}
	return x
}

// genIndex returns the index in gens of a heap with moves.
func (b *quotientBuilder) genIndex(h int) int {
	lo, hi := 0, len(b.gens)
	for lo < hi {
		mid := (lo + hi) / 2
		if b.gens[mid] < h {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// witness returns the sum of heaps whose signature is sigs[i].
func (b *quotientBuilder) witness(sigs []misereSignature, i int) heapSum {
	var m heapSum
	for j := int32(i); j >= 0; j = sigs[j].parent {
		m = append(m, b.gens[sigs[j].gen])
	}
	return m.plus(nil)
}

// refine is given a sum X at which the candidate breaks the rule, so that
// the candidate misjudges X or one of its options. It finds that sum Y and,
// walking Y heap by heap from the largest, the first point where the representative of the
// element so far, plus the heaps still to come, has another outcome than Y:
// the heaps still to come tell two merged sums apart, and become a test.
func (b *quotientBuilder) refine(x heapSum) error {
	cands := []heapSum{x}
	for i, h := range x {
		if i > 0 && x[i-1] == h {
			continue
		}
		rest := append(append(heapSum{}, x[:i]...), x[i+1:]...)
		for _, o := range b.pl.opts[h] {
			cands = append(cands, rest.plus(o))
		}
	}
	for _, y := range cands {
		truth, err := b.pl.isP(y)
		if err != nil {
			return err
		}
		if b.p[b.elementOf(y)] == truth {
			continue
		}
		// Largest heaps first, so that the test is a sum of small heaps,
		// cheap to play.
		cur := int32(0)
		for j := len(y) - 1; j >= 0; j-- {
			next := b.mul[int(cur)*b.size+int(b.image[b.genIndex(y[j])])]
			tail := y[:j]
			p, err := b.pl.isP(b.reps[next].plus(tail))
			if err != nil {
				return err
			}
			if p != truth {
				b.addTest(append(heapSum{}, tail...))
				return nil
			}
			cur = next
		}
		return fmt.Errorf("misjudged sum %v without a separating test (a bug)", y)
	}
	return fmt.Errorf("rule broken at %v but every outcome judged right (a bug)", x)
}

// quotient returns the verified candidate, with its miserePresentation.
func (b *quotientBuilder) quotient() *Quotient {
	q := &Quotient{
		code:    b.code,
		maxHeap: b.maxHeap,
		size:    b.size,
		mul:     b.mul,
		p:       b.p,
		pretend: make([]int32, b.maxHeap+1),
	}
	for g, h := range b.gens {
		q.pretend[h] = b.image[g]
	}
	return q
}
