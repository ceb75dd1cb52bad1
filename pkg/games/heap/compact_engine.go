package heap

import (
	"cmp"
	"slices"
)

// The rare/common split with parity keys (the "RC2" refinement of the
// sparse-space method, as Piotr Beling's ogs describes it).
//
// The key of position x is κ(x) = 2·g(x) + (x mod 2). A move that removes j
// tokens and splits the rest, m = n-j, into a+b offers g(a)^g(b), and as
// a+b = m, κ(a)^κ(b) = 2·(g(a)^g(b)) + (m mod 2): the XOR of the keys of
// the parts is the key of the option "as seen from m". The splitting
// amounts fall into two classes by parity, d = j mod 2; within one class the
// parity of m is that of n^d, for every amount.
//
// Each class keeps a set C of common keys; a position is rare when its key
// is not in C. Every pair with a rare part is enumerated from the list of
// rare positions, so a value v can be missing from those enumerations and
// still be an option only if 2v + (m mod 2) lies in C⊕C, the set reach of
// XORs of two common keys; then the pairs are scanned, smallest part first,
// until v turns up or they run out. The result never depends on C: the
// empty C makes every position rare (the plain definition), and reach is
// checked for every candidate value.
//
// C is chosen for speed: greedily, from the most frequent keys, keeping
// c^d out of C⊕C for every c in C. A heap whose key is common then needs no
// scan at all for that class, since its value cannot come from two common
// parts; only rare heaps, and values below the mex that reach contains,
// cost a scan. C is rebuilt when the frequencies say a better split exists.

// valueType is the storage of a value: one byte while every value fits,
// two while every value fits in them, four beyond.
type valueType interface{ ~uint8 | ~uint16 | ~uint32 }

// fits reports whether T holds v.
func fits[T valueType](v int) bool {
	var z T
	return uint64(v) <= uint64(^z)
}

// rcClass is the rare/common split of one class of splitting amounts.
type rcClass struct {
	d       int    // the parity of the amounts
	inC     []bool // inC[κ]: κ is common
	seen    []bool // seen[κ]: κ was classified when it first occurred
	reach   []bool // reach[κ]: κ = c1^c2 for common c1, c2
	members []int  // the common keys
	rare    []uint32
	// common lists the common positions below commonLimit: a scan reads
	// only pairs with a common smaller part, the others being enumerated.
	common []uint32
}

// dense reports whether at most one position in denseRare below
// commonLimit, of the n known, is rare: a scan then reads every pair,
// rather than the list, whose reads cost more than the rare pairs read
// again.
func (c *rcClass) dense(n int) bool {
	listed := min(n, commonLimit) - 1
	return denseRare*(listed-len(c.common)) <= listed
}

// deferRare returns the bound below which a dense class of one splitting
// amount leaves its rare parts to its scans, or 0 for none. A scan of such
// a class reads every part, rare ones too, so the pairs of the rare parts
// it reaches need not be marked beforehand; those beyond where the scans
// stopped are marked once no scan is left to run, and the value is taken
// again if they change it (see nextWith). The value does not depend on the
// bound, only the work: a scan may now run to a pair that an early mark
// would have spared it, but on Officers the scans went exactly as far
// either way (counted from 2^19 to 2^20), the values of a rare and a
// common part not being what its scans look for. The bound is an eighth
// past where the scans went on average: a rare part beyond it is rarely
// reached, and leaving it would cost a second scan after the late marks
// changed the value. Counted on Officers from 2^19 to 2^20, the pairs a
// heap reads fell from 4,278 to about 3,900 (1,583 rare parts, about
// 1,200 of them marked apart).
func (e *engine[T]) deferRare(d int) int {
	mean := e.scans.mean[d]
	if len(e.split[d]) != 1 || mean < 2 || !e.cls[d].dense(len(e.g)) {
		return 0
	}
	return mean + mean/8
}

// denseRare is the share of rare positions, one in denseRare, below which
// a class is dense.
const denseRare = 16

// commonLimit bounds the positions listed in rcClass.common; scans rarely
// go that far.
const commonLimit = 1 << 16

// appendCommon appends x to a list of common positions, doubling its room
// up to commonLimit rather than by append's quarters: a list rebuilt
// in place keeps its room, and the copies left behind, which a collector
// does not reclaim while the values dominate the heap, stay below one
// full list.
func appendCommon(list []uint32, x uint32) []uint32 {
	if len(list) == cap(list) {
		grown := make([]uint32, len(list), min(commonLimit, max(2*cap(list), 1024)))
		copy(grown, list)
		list = grown
	}
	return append(list, x)
}

func newRCClass(d, keys int) *rcClass {
	return &rcClass{d: d, inC: make([]bool, keys), seen: make([]bool, keys), reach: make([]bool, keys)}
}

// grow makes room for keys below keys.
func (c *rcClass) grow(keys int) {
	c.inC = append(c.inC, make([]bool, keys-len(c.inC))...)
	c.seen = append(c.seen, make([]bool, keys-len(c.seen))...)
	c.reach = append(c.reach, make([]bool, keys-len(c.reach))...)
}

// canAdd reports whether key x can join C while c^d stays out of C⊕C for
// every common c, x included.
func (c *rcClass) canAdd(x int) bool {
	if x == c.d || c.reach[x^c.d] {
		return false
	}
	for _, y := range c.members {
		// c^d = x^y' for common y, y' (one of them x) means x^y^d is common
		// or x itself.
		if z := x ^ y ^ c.d; z == x || (z < len(c.inC) && c.inC[z]) {
			return false
		}
	}
	return true
}

func (c *rcClass) add(x int) {
	c.inC[x] = true
	c.reach[0] = true
	for _, y := range c.members {
		c.reach[x^y] = true
	}
	c.members = append(c.members, x)
}

// A pairGame is a take-and-break game whose moves leave at most two heaps,
// finite: the games of the engine. Octal codes are such games, and so are
// the finite codes of Rule whose digits allow at most two heaps, with their
// modifiers: a split into two heaps under ! or ? leaves out the split into
// equal heaps, and under = it is the only split (its value is 0).
type pairGame struct {
	name    string // the canonical code, which checkpoints record
	maxTake int    // the most tokens a move removes
	whole   []int  // amounts j >= 1 whose moves take a whole heap of j tokens
	single  []int  // amounts j >= 1 whose moves leave one heap
	equal   []int  // amounts j >= 0 whose moves leave two equal heaps only
	// split[d] holds the amounts j = d mod 2 whose moves leave two heaps of
	// any sizes, increasing; unequal[d][i] leaves out equal heaps for
	// split[d][i].
	split   [2][]int
	unequal [2][]bool
}

// codeGame returns the game of an octal code.
func codeGame(c Code) *pairGame {
	p := &pairGame{name: c.String(), maxTake: c.MaxTake()}
	for j := 0; j <= c.MaxTake(); j++ {
		p.add(j, int(c.Digit(j)), anySizes)
	}
	return p
}

// ruleGame returns the game of a rule, if it is finite and its moves leave
// at most two heaps.
func ruleGame(r Rule) (*pairGame, bool) {
	if r.period > 0 {
		return nil, false
	}
	p := &pairGame{name: r.String(), maxTake: r.MaxTake()}
	for j, d := range r.digits {
		if d.more || d.top() > 2 {
			return nil, false
		}
		p.add(j, int(d.counts), d.mod(2))
	}
	return p, true
}

// add records the moves of digit j, whose bits are those of a Code; mod
// constrains its split into two heaps.
func (p *pairGame) add(j, digit int, mod modifier) {
	if digit&1 != 0 && j > 0 {
		p.whole = append(p.whole, j)
	}
	if digit&2 != 0 && j > 0 {
		p.single = append(p.single, j)
	}
	if digit&4 == 0 {
		return
	}
	if mod == allEqual {
		p.equal = append(p.equal, j)
		return
	}
	p.split[j&1] = append(p.split[j&1], j)
	p.unequal[j&1] = append(p.unequal[j&1], mod != anySizes)
}

// half returns the largest smaller part of the class-d splits of i-th
// amount of a heap leaving m tokens: m/2, or less when equal heaps are
// left out.
func (p *pairGame) half(d, i, m int) int {
	if p.unequal[d][i] && m%2 == 0 {
		return m/2 - 1
	}
	return m / 2
}

// skip returns the rare part whose pair the class-d splits of the i-th
// amount leave out, m/2 for equal heaps, or -1.
func (p *pairGame) skip(d, i, m int) int {
	if p.unequal[d][i] && m%2 == 0 {
		return m / 2
	}
	return -1
}

// engine computes the values of a pairGame with values stored in T.
type engine[T valueType] struct {
	*pairGame
	cls   [2]*rcClass
	hints witnessHints
	scans scanReach

	g []T
	// st[v] == n marks v as the value of an option of heap n; every value is
	// below size, a power of two, and so is the XOR of two of them.
	st    []uint32
	size  int
	count []int64 // count[κ]: positions x >= 1 with key κ

	rebuilds    int
	nextRebuild int
	keys        []int  // rebuild's list of the keys that occur, kept for the next
	nextTry     int    // the first heap whose rarity may prompt a rebuild
	parallel    bool   // whether to use a helper goroutine (see pipeline)
	ring        []bool // the helper's marks, kept from one pipeline to the next
	batches     int    // how many times the helper was started
	spans       int    // how many of those batches had a span (see helped)

	// reach[d] sums, over the last reached heaps, how far the scans of
	// class d went: the helper's span is chosen from their mean.
	reach   [2]int64
	reached int64
}

// newEngine returns an engine for game p that knows g(0) = 0 only.
func newEngine[T valueType](p *pairGame) *engine[T] {
	e := &engine[T]{pairGame: p, g: []T{0}, size: 1, nextRebuild: 64}
	e.st = make([]uint32, 2)
	e.count = make([]int64, 4)
	for d := range 2 {
		if len(e.split[d]) > 0 {
			e.cls[d] = newRCClass(d, 4)
		}
	}
	return e
}

// resume returns an engine that continues after the values g, which it
// takes over.
func resumeEngine[T valueType](p *pairGame, g []T) *engine[T] {
	e := newEngine[T](p)
	e.g = g
	mx := 0
	for _, v := range g {
		mx = max(mx, int(v))
	}
	e.growSize(mx)
	for x := 1; x < len(g); x++ {
		e.count[e.key(x)]++
	}
	e.nextRebuild = max(64, len(g))
	for d := range 2 {
		if e.cls[d] != nil {
			e.rebuild(d, true)
		}
	}
	return e
}

func (e *engine[T]) key(x int) int { return int(e.g[x])<<1 | x&1 }

// growSize makes size exceed v.
func (e *engine[T]) growSize(v int) {
	if v < e.size {
		return
	}
	for v >= e.size {
		e.size *= 2
	}
	e.st = append(e.st, make([]uint32, e.size+1-len(e.st))...)
	keys := 2*e.size + 2
	e.count = append(e.count, make([]int64, keys-len(e.count))...)
	for _, c := range e.cls {
		if c != nil {
			c.grow(keys)
		}
	}
}

// next computes the value of the next heap and appends it; ok is false,
// and nothing appended, if the value does not fit in T.
func (e *engine[T]) next() (v int, ok bool) {
	return e.nextWith(nil)
}

// markRare marks the values of the pairs (a, m-a) for the rare parts a in
// rare below m, except a = skip (the equal heaps a move may not leave; -1
// for none), setting st[v] to mark: the heap in the main goroutine, true
// in the helper's (see pipeline).
func markRare[T valueType, M uint32 | bool](g []T, st []M, mark M, rare []uint32, m, skip int) {
	if len(rare) > 0 && int(rare[len(rare)-1]) >= m {
		k, _ := slices.BinarySearch(rare, uint32(m))
		rare = rare[:k]
	}
	if skip >= 0 {
		if k, found := slices.BinarySearch(rare, uint32(skip)); found {
			markPairs(g, st, mark, rare[:k], m)
			rare = rare[k+1:]
		}
	}
	markPairs(g, st, mark, rare, m)
}

// markPairs marks the values of the pairs (a, m-a) for the parts a in list.
func markPairs[T valueType, M uint32 | bool](g []T, st []M, mark M, list []uint32, m int) {
	i := 0
	for ; i+4 <= len(list); i += 4 {
		r := list[i : i+4]
		a0, a1, a2, a3 := int(r[0]), int(r[1]), int(r[2]), int(r[3])
		st[g[a0]^g[m-a0]] = mark
		st[g[a1]^g[m-a1]] = mark
		st[g[a2]^g[m-a2]] = mark
		st[g[a3]^g[m-a3]] = mark
	}
	for _, a := range list[i:] {
		st[g[a]^g[m-int(a)]] = mark
	}
}

// nextWith is next where a helper may already have marked the pairs of
// some rare parts, as h says (see pipeline); then only the others are
// marked here.
func (e *engine[T]) nextWith(h *helped) (v int, ok bool) {
	n := len(e.g)
	cur := uint32(n)
	g, st := e.g, e.st
	var hm []bool // the helper's marks
	if h != nil {
		hm = h.marks
	}
	markSimple(g, st, n, e.whole, e.single)
	for _, j := range e.equal {
		if m := n - j; m >= 2 && m%2 == 0 {
			st[0] = cur // two equal heaps
		}
	}
	// deferred[d] > 0: the rare parts of class d below it are left to the
	// scans, which read them anyway, and marked only if the scans stop
	// short of them (see deferRare).
	var deferred [2]int
	for d, c := range e.cls {
		if c == nil {
			continue
		}
		rare, extra := c.rare, []uint32(nil)
		if h == nil {
			if deferred[d] = e.deferRare(d); deferred[d] > 0 {
				k, _ := slices.BinarySearch(rare, uint32(deferred[d]))
				rare = rare[k:]
			}
		}
		if h != nil {
			// The helper did the parts from h.from on among the first
			// h.count[d]; those that became rare since are for us.
			k, _ := slices.BinarySearch(c.rare[:h.count[d]], uint32(h.from))
			rare, extra = c.rare[:k], c.rare[h.count[d]:]
		}
		for i, j := range e.split[d] {
			m := n - j
			if m < 2 {
				break
			}
			skip := e.skip(d, i, m)
			markRare(g, st, cur, rare, m, skip)
			markRare(g, st, cur, extra, m, skip)
		}
	}
	var pos [2]int
	var done [2]bool
	pos[0], pos[1] = 1, 1
	for {
		for st[v] == cur || (hm != nil && hm[v]) {
			v++
		}
		found := false
		for d, c := range e.cls {
			if c == nil || done[d] || n-e.split[d][0] < 2 || !c.reach[v<<1|(n^d)&1] {
				continue
			}
			if e.hinted(d, n, v) {
				st[v] = cur
				found = true
				break
			}
			if b := e.scan(st, d, n, v, &pos[d], h); b > 0 {
				e.hints.remember(d, n, v, b)
				found = true
				break
			}
			done[d] = true
		}
		if found {
			continue
		}
		// v is the value unless a rare part left to the scans, beyond
		// where they stopped, gives it.
		for d, c := range e.cls {
			if deferred[d] == 0 {
				continue
			}
			rare := c.rare
			i, _ := slices.BinarySearch(rare, uint32(pos[d]))
			k, _ := slices.BinarySearch(rare, uint32(deferred[d]))
			if m := n - e.split[d][0]; i < k && m >= 2 {
				markRare(g, st, cur, rare[i:k], m, e.skip(d, 0, m))
				found = true
			}
			deferred[d] = 0
		}
		if !found {
			break
		}
	}
	if !fits[T](v) {
		return v, false
	}
	if e.scans.add(pos) {
		e.hints.decide(e.scans.mean)
	}
	if e.parallel {
		// Capped so that the sums cannot overflow: the span is far shorter.
		e.reach[0] += int64(min(pos[0], commonLimit))
		e.reach[1] += int64(min(pos[1], commonLimit))
		e.reached++
	}
	e.g = append(e.g, T(v))
	e.growSize(v)
	k := v<<1 | n&1
	e.count[k]++
	for d, c := range e.cls {
		if c == nil {
			continue
		}
		if !c.seen[k] {
			c.seen[k] = true
			if c.canAdd(k) {
				c.add(k)
			}
		}
		if c.inC[k] && n < commonLimit {
			c.common = appendCommon(c.common, uint32(n))
		}
		if !c.inC[k] {
			c.rare = append(c.rare, uint32(n))
			if n >= e.nextTry && e.worthRebuilding(c, k) {
				if !e.rebuild(d, false) {
					// The greedy choice costs O(keys²); after one that
					// changed nothing, wait for the counts to move.
					e.nextTry = n + n/16
				}
			}
		}
	}
	if n+1 == e.nextRebuild {
		e.nextRebuild *= 2
		for d, c := range e.cls {
			if c != nil {
				e.rebuild(d, false)
			}
		}
	}
	return v, true
}

// scan reads the pairs of the class-d splits of heap n from smallest part
// *pos on, marking their values, until one is target, and returns the
// larger part of that pair, or 0 if they run out. *pos is where to go on
// next time. The pairs whose smaller part the helper h covers (h.span[d])
// are skipped: target, not among h's marks, is not their value.
func (e *engine[T]) scan(st []uint32, d, n, target int, pos *int, h *helped) int {
	g := e.g
	cur := uint32(n)
	amounts := e.split[d]
	if !fits[T](target) {
		return 0 // no pair gives it, and smaller values are all marked
	}
	t := T(target)
	if len(amounts) == 1 {
		m := n - amounts[0]
		hi := e.half(d, 0, m)
		a := *pos
		var skipFrom, skipTo int
		if h != nil {
			skipFrom, skipTo = h.span[d][0], h.span[d][1]
		}
		c := e.cls[d]
		if c.dense(len(g)) {
			// Every part, up to the helper's span and after it: the few
			// rare ones cost less than reading the list.
			if a < skipFrom {
				if at, b := scanSpan(g, st, cur, t, a, min(skipFrom, hi+1), m); b > 0 {
					*pos = at
					return b
				}
				a = skipFrom
			}
			a = max(a, skipTo)
			*pos = hi + 1
			at, b := scanSpan(g, st, cur, t, a, hi+1, m)
			if b > 0 {
				*pos = at
			}
			return b
		}
		// First the common smaller parts listed, up to the helper's span
		// and after it.
		common := c.common
		if a < skipFrom {
			i, _ := slices.BinarySearch(common, uint32(a))
			k, _ := slices.BinarySearch(common, uint32(skipFrom))
			if at, b, stop := scanList(g, st, cur, t, common[i:k], m, hi); stop {
				*pos = at
				return b
			}
			a = skipFrom
		}
		a = max(a, skipTo)
		i, _ := slices.BinarySearch(common, uint32(a))
		if at, b, stop := scanList(g, st, cur, t, common[i:], m, hi); stop {
			*pos = at
			return b
		}
		// Then every part beyond the list.
		a = max(a, commonLimit)
		*pos = max(a, hi+1)
		at, b := scanSpan(g, st, cur, t, a, hi+1, m)
		if b > 0 {
			*pos = at
		}
		return b
	}
	a := *pos
	for ; 2*a <= n-amounts[0]; a++ {
		ga := g[a]
		for i, j := range amounts {
			m := n - j
			if a > e.half(d, i, m) {
				if 2*a > m {
					break // the amounts increase, so the rest are smaller
				}
				continue // the equal heaps this amount leaves out
			}
			x := ga ^ g[m-a]
			st[x] = cur
			if x == t {
				*pos = a // the other amounts of part a are read again
				return m - a
			}
		}
	}
	*pos = a
	return 0
}

// scanBlock is how many pairs a scan of every part marks before it looks
// for its target.
const scanBlock = 32

// scanSpan marks the values of the pairs (a, m-a) for lo <= a < hi, a
// block at a time, until one is t, and returns the part after the block
// of the witness and the witness's larger part; b is 0 if no pair has
// value t.
func scanSpan[T valueType](g []T, st []uint32, cur uint32, t T, lo, hi, m int) (next, b int) {
	a := lo
	for ; a+scanBlock <= hi; a += scanBlock {
		markSpan(g, st, cur, a, a+scanBlock, m)
		if st[t] == cur {
			return a + scanBlock, m - witness(g, t, m, a, a+scanBlock)
		}
	}
	for ; a < hi; a++ {
		x := g[a] ^ g[m-a]
		st[x] = cur
		if x == t {
			return a + 1, m - a
		}
	}
	return a, 0
}

// witness returns the part a, lo <= a < hi, of a pair (a, m-a) of value t.
func witness[T valueType](g []T, t T, m, lo, hi int) int {
	for a := lo; a < hi; a++ {
		if g[a]^g[m-a] == t {
			return a
		}
	}
	panic("heap: the marks of a scan show a value no pair of it has")
}

// scanList reads the pairs (a, m-a) for the parts a in list, increasing,
// while a <= hi, marking their values, until one is t. It reports whether
// it stopped before the list ran out (found, or past hi), with the larger
// part of the witness (0 if none) and where to go on next: the part after
// the witness, or hi+1.
func scanList[T valueType](g []T, st []uint32, cur uint32, t T, list []uint32, m, hi int) (next, b int, stop bool) {
	// Eight pairs at a time, marked without a test each: a witness found
	// a few pairs late costs less than a branch per pair.
	i := 0
	for ; i+8 <= len(list) && int(list[i+7]) <= hi; i += 8 {
		c := list[i : i+8]
		st[g[c[0]]^g[m-int(c[0])]] = cur
		st[g[c[1]]^g[m-int(c[1])]] = cur
		st[g[c[2]]^g[m-int(c[2])]] = cur
		st[g[c[3]]^g[m-int(c[3])]] = cur
		st[g[c[4]]^g[m-int(c[4])]] = cur
		st[g[c[5]]^g[m-int(c[5])]] = cur
		st[g[c[6]]^g[m-int(c[6])]] = cur
		st[g[c[7]]^g[m-int(c[7])]] = cur
		if st[t] == cur {
			for _, a := range c {
				if g[a]^g[m-int(a)] == t {
					return int(c[7]) + 1, m - int(a), true
				}
			}
		}
	}
	for ; i < len(list) && int(list[i]) <= hi; i++ {
		a := int(list[i])
		x := g[a] ^ g[m-a]
		st[x] = cur
		if x == t {
			return a + 1, m - a, true
		}
	}
	if i < len(list) {
		return hi + 1, 0, true
	}
	return 0, 0, false
}

// worthRebuilding reports whether the rare key k has become more frequent
// than some common key, so that a greedy choice might now take it.
func (e *engine[T]) worthRebuilding(c *rcClass, k int) bool {
	for _, y := range c.members {
		if e.count[y] < e.count[k] {
			return true
		}
	}
	return false
}

// rebuild chooses the common keys of class d anew, greedily from the most
// frequent, and installs them if they leave fewer rare positions (or always,
// if force); it reports whether it did.
func (e *engine[T]) rebuild(d int, force bool) bool {
	c := e.cls[d]
	keys := e.keys[:0]
	for k, n := range e.count {
		if n > 0 {
			keys = append(keys, k)
		}
	}
	e.keys = keys
	slices.SortStableFunc(keys, func(a, b int) int { return cmp.Compare(e.count[b], e.count[a]) })
	nc := newRCClass(d, len(e.count))
	var rare int64
	for _, k := range keys {
		nc.seen[k] = true
		if nc.canAdd(k) {
			nc.add(k)
		} else {
			rare += e.count[k]
		}
	}
	if !force && rare >= int64(len(c.rare)) {
		return false
	}
	e.rebuilds++
	// A new rare list, since a helper goroutine may still be reading the
	// old one; the common list, read by this goroutine only, is refilled
	// in place.
	nc.rare = make([]uint32, 0, len(c.rare))
	nc.common = c.common[:0]
	for x := 1; x < len(e.g); x++ {
		if !nc.inC[e.key(x)] {
			nc.rare = append(nc.rare, uint32(x))
		} else if x < commonLimit {
			nc.common = appendCommon(nc.common, uint32(x))
		}
	}
	e.cls[d] = nc
	return true
}
