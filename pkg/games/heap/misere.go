package heap

import (
	"errors"
	"fmt"
	"slices"

	"github.com/grundylab/grundy/pkg/games"
)

// Bounds of MisereQuotient: beyond them it returns an error wrapping
// ErrMisereBound instead of computing on.
const (
	// MaxMisereHeap is the largest heap size MisereQuotient accepts.
	MaxMisereHeap = 1000
	// MaxQuotientSize is the largest quotient MisereQuotient builds.
	MaxQuotientSize = 1024
	// maxPlayPositions bounds the sums of heaps whose misère outcome is
	// found by direct play while the quotient is built.
	maxPlayPositions = 2_000_000
	// maxSignatures bounds the states of the verification.
	maxSignatures = 1 << 18
	// maxRounds bounds the rounds of refining a candidate quotient.
	maxRounds = 200
)

// ErrMisereBound is wrapped by the errors of MisereQuotient when the
// quotient, or the play needed to find it, exceeds the package's bounds.
var ErrMisereBound = errors.New("misère quotient beyond bounds")

// A Quotient is the misère quotient of a take-and-break game restricted to
// heaps of at most a given size (T. E. Plambeck, "Taming the wild in
// impartial combinatorial games", Integers 5 (2005) G05; T. E. Plambeck and
// A. N. Siegel, "Misère quotients for impartial games", J. Combin. Theory A
// 115 (2008) 593–622).
//
// Two sums of heaps G and H are indistinguishable when G+X and H+X have the
// same misère outcome for every sum X of such heaps. The classes form a
// commutative monoid, the quotient (finite or not: MisereQuotient returns
// an error for one of more than MaxQuotientSize elements), with the
// P-portion, the classes
// of the sums that are lost for the player to move (in misère play the
// player who makes the last move loses). The pretending function maps each
// heap to its class; the class of a sum is the product of its heaps'
// classes, so the outcome of any sum is read off the monoid.
//
// Elements are numbered 0..Size()-1 with 0 the identity (the class of the
// empty sum). A Quotient does not change once built, so it is safe for
// concurrent use.
type Quotient struct {
	code    Code
	maxHeap int
	size    int
	mul     []int32 // mul[x*size+y]
	p       []bool
	pretend []int32 // pretend[h] for h = 0..maxHeap
	pres    miserePresentation
}

// MisereQuotient returns the misère quotient of the take-and-break game of
// code (octal or 0x hexadecimal, as ParseCode reads it) restricted to heaps
// of at most maxHeap tokens.
//
// The quotient is found the way Plambeck and Siegel describe (their
// MisereSolver guesses and verifies): a candidate monoid is learnt from the
// misère outcomes of small sums of heaps, played out directly, and then
// proved by a finite check. The check runs over the "signatures" of all sums
// of heaps — the class of a sum together with the set of classes that,
// added to it, give it a move to a P-position — which compose under addition
// and are finitely many. If the candidate claims a wrong outcome anywhere,
// the check finds a sum that shows it, the candidate is refined and the
// check runs again. A returned quotient has passed the check, so its
// outcomes are proven for every sum of heaps up to maxHeap, of any size.
//
// maxHeap must be between 1 and MaxMisereHeap. A quotient larger than
// MaxQuotientSize, or one whose construction needs more play than the
// package's internal bounds, gives an error wrapping ErrMisereBound: no
// answer rather than a wrong one.
func MisereQuotient(code string, maxHeap int) (*Quotient, error) {
	c, err := parseCode(code)
	if err != nil {
		return nil, &CodeError{Func: "MisereQuotient", Code: code, Err: err}
	}
	if maxHeap < 1 || maxHeap > MaxMisereHeap {
		return nil, fmt.Errorf("misère quotient of %s: heap size %d outside [1, %d]", c, maxHeap, MaxMisereHeap)
	}
	return misereQuotient(c, maxHeap, maxPlayPositions)
}

// misereQuotient is MisereQuotient with a bound on the sums played out.
func misereQuotient(c Code, maxHeap, playLimit int) (*Quotient, error) {
	b := newQuotientBuilder(c, maxHeap)
	b.pl.limit = playLimit
	var (
		q   *Quotient
		err error
	)
	// Heap by heap: once the quotient of the smaller heaps is proven, play
	// that reaches a sum of smaller heaps only stops there and reads the
	// outcome off it.
	for n := 1; n <= maxHeap; n++ {
		if len(b.pl.opts[n]) == 0 && n < maxHeap {
			continue
		}
		b.grow(n)
		if q, err = b.build(); err != nil {
			return nil, fmt.Errorf("misère quotient of %s up to heap %d: %w", c, n, err)
		}
		b.pl.known, b.pl.knownMax = q, n
	}
	q.pres = presentQuotient(q)
	return q, nil
}

// Code returns the game's code.
func (q *Quotient) Code() Code { return q.code }

// MaxHeap returns the largest heap the quotient covers.
func (q *Quotient) MaxHeap() int { return q.maxHeap }

// Size returns the number of elements of the quotient.
func (q *Quotient) Size() int { return q.size }

// Mul returns the product of elements x and y. It panics if either is not an
// element (outside 0..Size()-1), a programming error.
func (q *Quotient) Mul(x, y int) int {
	if x < 0 || y < 0 || x >= q.size || y >= q.size {
		panic("heap: Quotient.Mul of a non-element")
	}
	return int(q.mul[x*q.size+y])
}

// IsP reports whether element x is in the P-portion: the sums of its class
// are lost for the player to move. It is false for non-elements.
func (q *Quotient) IsP(x int) bool { return x >= 0 && x < q.size && q.p[x] }

// Pretend returns the element of a heap of h tokens, 0 <= h <= MaxHeap();
// the empty heap pretends to be the identity 0.
func (q *Quotient) Pretend(h int) (int, error) {
	if h < 0 || h > q.maxHeap {
		return 0, fmt.Errorf("heap %d outside the quotient's range [0, %d]", h, q.maxHeap)
	}
	return int(q.pretend[h]), nil
}

// Element returns the element of the sum of heaps of the given sizes.
func (q *Quotient) Element(heaps ...int) (int, error) {
	x := int32(0)
	for _, h := range heaps {
		e, err := q.Pretend(h)
		if err != nil {
			return 0, err
		}
		x = q.mul[int(x)*q.size+e]
	}
	return int(x), nil
}

// Outcome returns the misère outcome of the sum of heaps of the given sizes:
// games.PreviousWins if the player to move loses, else games.NextWins.
// Every heap must be between 0 and MaxHeap().
func (q *Quotient) Outcome(heaps ...int) (games.Outcome, error) {
	x, err := q.Element(heaps...)
	if err != nil {
		return 0, err
	}
	if q.p[x] {
		return games.PreviousWins, nil
	}
	return games.NextWins, nil
}

// heapSum is a sum of heaps: their sizes in increasing order, each a heap
// with at least one move (a heap without moves is the empty game).
type heapSum []int

func (m heapSum) key() string { return string(m.appendKey(nil)) }

// smallKey is a short sum of heaps: its length, then the sizes, one byte
// each if all heaps are below 256, else two.
type smallKey [31]byte

// smallKey returns the key of m if m is short enough.
func (m heapSum) smallKey(wide bool) (smallKey, bool) {
	var k smallKey
	if len(m) == 0 {
		return k, true
	}
	if !wide {
		if len(m) >= len(k) {
			return k, false
		}
		k[0] = byte(len(m))
		for i, h := range m {
			k[1+i] = byte(h)
		}
		return k, true
	}
	if len(m) > (len(k)-1)/2 {
		return k, false
	}
	k[0] = byte(len(m))
	for i, h := range m {
		k[1+2*i], k[2+2*i] = byte(h>>8), byte(h)
	}
	return k, true
}

// appendKey appends the sizes, two bytes each, to dst.
func (m heapSum) appendKey(dst []byte) []byte {
	for _, h := range m {
		dst = append(dst, byte(h>>8), byte(h))
	}
	return dst
}

// replace appends to dst the sum m with heap i replaced by the heaps of o
// (o in increasing order), keeping the order.
func (m heapSum) replace(dst heapSum, i int, o heapSum) heapSum {
	j := 0
	for k, h := range m {
		if k == i {
			continue
		}
		for j < len(o) && o[j] < h {
			dst = append(dst, o[j])
			j++
		}
		dst = append(dst, h)
	}
	return append(dst, o[j:]...)
}

// plus returns m with the heaps of o added.
func (m heapSum) plus(o heapSum) heapSum {
	r := make(heapSum, 0, len(m)+len(o))
	r = append(r, m...)
	r = append(r, o...)
	slices.Sort(r)
	return r
}

// misereOptions lists the options of a heap of h tokens, for h = 0..n, as
// multisets (heaps without moves dropped).
func misereOptions(c Code, n int) [][]heapSum {
	opts := make([][]heapSum, n+1)
	live := make([]bool, n+1)
	add := func(h int, parts ...int) {
		var m heapSum
		for _, p := range parts {
			if live[p] {
				m = append(m, p)
			}
		}
		slices.Sort(m)
		opts[h] = append(opts[h], m)
	}
	for h := 1; h <= n; h++ {
		for j := 0; j <= h && j <= c.MaxTake(); j++ {
			d, r := c.Digit(j), h-j
			if j > 0 && d&1 != 0 && r == 0 {
				add(h)
			}
			if j > 0 && d&2 != 0 && r > 0 {
				add(h, r)
			}
			for a := 1; d&4 != 0 && a <= r-a; a++ {
				add(h, a, r-a)
			}
			for a := 1; d&8 != 0 && 3*a <= r; a++ {
				for b := a; b <= r-a-b; b++ {
					add(h, a, b, r-a-b)
				}
			}
		}
		live[h] = len(opts[h]) > 0
	}
	return opts
}

// miserePlayer finds misère outcomes of sums of heaps by direct play, remembering
// them.
type miserePlayer struct {
	opts [][]heapSum
	// The outcomes found, true for a P-position: short sums keyed by a
	// fixed array (a map without pointers costs the collector nothing),
	// longer ones by a string.
	memo  map[smallKey]bool
	long  map[string]bool
	limit int
	// known is the proven quotient of the heaps up to knownMax, or nil.
	known    *Quotient
	knownMax int
}

// isP reports whether the sum m is lost for the player to move in misère
// play: it has a move, and every move leads to a position won for the
// player to move then. The empty sum is won: its player cannot move.
func (pl *miserePlayer) isP(m heapSum) (bool, error) {
	if len(m) == 0 {
		return false, nil
	}
	if pl.known != nil && m[len(m)-1] <= pl.knownMax {
		x := int32(0)
		for _, h := range m {
			x = pl.known.mul[int(x)*pl.known.size+int(pl.known.pretend[h])]
		}
		return pl.known.p[x], nil
	}
	small, isSmall := m.smallKey(len(pl.opts) > 256)
	var key []byte
	if isSmall {
		if v, ok := pl.memo[small]; ok {
			return v, nil
		}
	} else {
		key = m.appendKey(make([]byte, 0, 2*len(m)))
		if v, ok := pl.long[string(key)]; ok {
			return v, nil
		}
	}
	if len(pl.memo)+len(pl.long) >= pl.limit {
		return false, fmt.Errorf("more than %d sums of heaps played out: %w", pl.limit, ErrMisereBound)
	}
	// Largest heaps first: a move there often leaves only heaps whose
	// outcomes the known quotient gives at once, and one winning move is
	// enough.
	lost := true
	buf := make(heapSum, 0, len(m)+3)
	for i := len(m) - 1; i >= 0 && lost; i-- {
		h := m[i]
		if i+1 < len(m) && m[i+1] == h {
			continue
		}
		for _, o := range pl.opts[h] {
			buf = m.replace(buf[:0], i, o)
			p, err := pl.isP(buf)
			if err != nil {
				return false, err
			}
			if p {
				lost = false
				break
			}
		}
	}
	if isSmall {
		pl.memo[small] = lost
	} else {
		pl.long[string(key)] = lost
	}
	return lost, nil
}
