package heap

import "math/bits"

// Generalised codes whose moves leave at most two heaps, such as Grundy's
// game (4!.0), have the sparse space of octal games (see sparse.go), and
// the modifiers do not spoil it. Call position x rare when
// σ(x) = parity(g(x)&mask) ^ (delta&x) equals rho. A split of m into a+b
// has a value v with parity(v&mask) = σ(a) ^ σ(b) ^ (delta&m), so a value
// with parity(v&mask) ^ (delta&m) = 1, "complete", comes only from a pair
// with exactly one rare part, and the list of rare positions gives every
// such pair. The split into two equal heaps, which ! and ? leave out, has
// two parts of the same kind and is never such a pair: leaving it out only
// changes the other, "incomplete" values, which are settled by scanning
// the pairs until each has a witness, and through all of them only when
// one is truly missing. That makes the new heap rare, with rho = delta&j
// for a splitting amount j: rare heaps are the expensive ones, and the
// mask and delta that make the fewest of them are chosen from a
// Walsh–Hadamard transform of the counts of values, as the heaps double.

// pairFirstChoice is the heap at which the mask is first chosen, and
// chosen anew each time the number of heaps doubles; beyond
// pairMaxChoice possible values the transform costs more than it saves.
const (
	pairFirstChoice = 64
	pairMaxChoice   = 1 << 20
)

// pairSparse computes the values of a finite rule whose moves leave at most
// two heaps, splits into two heaps by the sparse space.
type pairSparse struct {
	whole  []int  // amounts j >= 1 whose moves take a whole heap of j tokens
	single []int  // amounts j >= 1 whose moves leave one heap
	equal  []int  // amounts j >= 0 whose moves leave two equal heaps
	split  []int  // amounts j >= 0 whose moves leave two heaps, increasing
	unequ  []bool // unequ[i]: the two heaps of split[i] must differ

	g Sequence
	// stamp[v] == n marks v as the value of an option of heap n >= 1.
	// Every value is below size, a power of two, and so is the XOR of two.
	stamp []uint32
	size  int

	mask, delta, rho int
	rare             []int // the rare heaps x >= 1, increasing
	nextChoice       int
	work             int // pairs looked at
	// rareCost is the work per rare heap and heap, in pairs, that the
	// choice of mask expects: the rare pairs and the witnesses together.
	// Without a sparse space, every split costs half the heaps.
	rareCost int64
}

// newPairSparse returns the engine for a rule, or nil if the rule repeats
// forever, has a move into three heaps or more, or has no split that the
// sparse space speeds up.
func newPairSparse(r Rule) *pairSparse {
	if r.period > 0 {
		return nil
	}
	p := &pairSparse{g: Sequence{0}, size: 1, stamp: make([]uint32, 2), nextChoice: pairFirstChoice, rareCost: 4}
	for j, d := range r.digits {
		if d.more || d.top() > 2 {
			return nil
		}
		if d.counts&1 != 0 && j > 0 {
			p.whole = append(p.whole, j)
		}
		if d.counts&2 != 0 && j > 0 {
			p.single = append(p.single, j)
		}
		if d.counts&4 != 0 {
			switch mod := d.mod(2); mod {
			case allEqual:
				p.equal = append(p.equal, j)
			default:
				p.split = append(p.split, j)
				p.unequ = append(p.unequ, mod != anySizes)
			}
		}
	}
	if len(p.split) == 0 {
		return nil
	}
	return p
}

// extend computes values until n are known or the work passes budget; it
// returns the work done.
func (p *pairSparse) extend(n, budget int) int {
	for len(p.g) < n && p.work <= budget {
		if len(p.g) == p.nextChoice {
			p.choose()
			p.nextChoice *= 2
		}
		p.next()
	}
	return p.work
}

func (p *pairSparse) parity(v int) int { return bits.OnesCount(uint(v&p.mask)) & 1 }

// allRare reports whether every heap so far is rare, so that every split
// is enumerated.
func (p *pairSparse) allRare() bool { return len(p.rare) == len(p.g)-1 }

// next computes the value of the next heap.
func (p *pairSparse) next() {
	n := len(p.g)
	cur := uint32(n)
	g, st := p.g, p.stamp
	markSimple(g, st, n, p.whole, p.single)
	for _, j := range p.equal {
		if m := n - j; m >= 2 && m%2 == 0 {
			st[0] = cur
		}
	}
	for i, j := range p.split {
		m := n - j
		if m < 2 {
			continue
		}
		if p.allRare() {
			hi := m / 2
			if p.unequ[i] && m%2 == 0 {
				hi--
			}
			for a := 1; a <= hi; a++ {
				st[g[a]^g[m-a]] = cur
			}
			p.work += hi
			continue
		}
		for _, a := range p.rare {
			if a >= m {
				break
			}
			if !p.unequ[i] || 2*a != m {
				st[g[a]^g[m-a]] = cur
			}
			p.work++
		}
	}
	v := p.mex(n)
	p.g = append(p.g, v)
	if v >= p.size {
		for v >= p.size {
			p.size *= 2
		}
		p.stamp = append(p.stamp, make([]uint32, p.size+1-len(p.stamp))...)
	}
	if p.parity(v)^(p.delta&n&1) == p.rho {
		p.rare = append(p.rare, n)
	}
}

// mex returns the value of heap n once the options the rare heaps give
// are marked: the least value that is complete and unmarked, or
// incomplete and without a witness among all the splits.
func (p *pairSparse) mex(n int) int {
	cur := uint32(n)
	st := p.stamp
	allKnown := n-p.split[0] < 2 || p.allRare()
	complete := 1 ^ p.delta&(n-p.split[0])&1
	v, needed := 0, 0
	for ; v < p.size; v++ {
		if st[v] == cur {
			continue
		}
		if allKnown || p.parity(v) == complete {
			break
		}
		needed++
	}
	if needed > 0 {
		p.witness(n, v, needed)
		for w := range v {
			if st[w] != cur {
				return w
			}
		}
	}
	return v
}

// witness scans the splits of heap n, smallest part first and all amounts
// side by side, for the needed values below limit that are still unmarked,
// and stops when it has found them all.
func (p *pairSparse) witness(n, limit, needed int) {
	cur := uint32(n)
	g, st := p.g, p.stamp
	for a := 1; 2*a <= n-p.split[0]; a++ {
		for i, j := range p.split {
			m := n - j
			if 2*a > m {
				break // the amounts increase, so the rest are smaller
			}
			p.work++
			if p.unequ[i] && 2*a == m {
				continue
			}
			if x := g[a] ^ g[m-a]; x < limit && st[x] != cur {
				st[x] = cur
				if needed--; needed == 0 {
					return
				}
			}
		}
	}
}

// choose picks the mask and delta that make the fewest heaps so far rare,
// and rebuilds the rare list if they change.
func (p *pairSparse) choose() {
	if p.size > pairMaxChoice {
		return
	}
	// count[x&1][v] heaps 1 <= x < n of value v, then its transform:
	// count[q][mask] = heaps with parity(g&mask) even minus odd.
	var count [2][]int64
	var total [2]int64
	for q := range count {
		count[q] = make([]int64, p.size)
	}
	for x := 1; x < len(p.g); x++ {
		count[x&1][p.g[x]]++
		total[x&1]++
	}
	for q := range count {
		transform(count[q])
	}
	// delta 1 needs one class of complete values for every amount: amounts
	// of one parity.
	deltas := 2
	for _, j := range p.split {
		if (j^p.split[0])&1 != 0 {
			deltas = 1
		}
	}
	heaps := int64(len(p.g) - 1)
	cost := func(rare int64) int64 {
		if rare == heaps {
			return heaps / 2 // every split is enumerated, from its smaller part
		}
		return p.rareCost * rare
	}
	best, bestMask, bestDelta := cost(int64(len(p.rare))), p.mask, p.delta
	for delta := range deltas {
		rho := delta & p.split[0] & 1
		for mask := range p.size {
			var rare int64
			for q := range count {
				even := (total[q] + count[q][mask]) / 2
				if rho^(delta&q) == 0 {
					rare += even
				} else {
					rare += total[q] - even
				}
			}
			if c := cost(rare); c < best {
				best, bestMask, bestDelta = c, mask, delta
			}
		}
	}
	if bestMask == p.mask && bestDelta == p.delta {
		return
	}
	p.mask, p.delta, p.rho = bestMask, bestDelta, bestDelta&p.split[0]&1
	p.rare = p.rare[:0]
	for x := 1; x < len(p.g); x++ {
		if p.parity(p.g[x])^(p.delta&x&1) == p.rho {
			p.rare = append(p.rare, x)
		}
	}
}

// transform replaces a, of power-of-two length, by its Walsh–Hadamard
// transform in place.
func transform(a []int64) {
	for h := 1; h < len(a); h *= 2 {
		for i := 0; i < len(a); i += 2 * h {
			for k := i; k < i+h; k++ {
				a[k], a[k+h] = a[k]+a[k+h], a[k]-a[k+h]
			}
		}
	}
}
