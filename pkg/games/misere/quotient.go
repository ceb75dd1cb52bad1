package misere

import (
	"errors"
	"fmt"
	"slices"

	"github.com/grundylab/grundy/pkg/games"
	"github.com/grundylab/grundy/pkg/games/heap"
	"github.com/grundylab/grundy/pkg/games/internal/gameerr"
)

const (
	// MaxHeap is the largest number of heaps Solve builds the quotient of.
	MaxHeap = 4096
	// MaxMoveHeap is the largest heap WinningMoves lists the moves of: a
	// heap of h tokens has about h/2 moves for each digit that splits.
	MaxMoveHeap = 1 << 16
)

var (
	// ErrBound is wrapped by the errors of Solve when the quotient, or the
	// work of finding it, exceeds the package's bounds: no answer rather
	// than a wrong one.
	ErrBound = errors.New("misère quotient beyond bounds")
	// ErrHeap is wrapped by the errors of a Quotient's methods given a heap
	// the quotient does not cover: negative, or beyond Heaps() when the
	// quotient is not proven complete.
	ErrHeap = errors.New("heap outside the quotient")
)

// A Proof says why a quotient holds for every sum of heaps of any size: the
// pretending function repeats with Period from Preperiod on through all the
// heaps computed, which reach Bound, and the periodicity theorem of the
// package documentation makes that enough.
type Proof struct {
	Preperiod, Period int
	// MaxTake and MaxHeaps are the code's t, the most tokens a move
	// removes, and k, the most heaps a move leaves (at least 1 here).
	MaxTake, MaxHeaps int
	// Bound is the least number of heaps the theorem asks for: k(E+p)+t-1
	// with E = max(Preperiod, 1), p = Period, t = MaxTake.
	Bound int
}

// A Quotient is the misère quotient of a take-and-break game: of the sums
// of its heaps up to Heaps() tokens, and, when Proof says so, of all its
// sums of heaps.
//
// Elements are numbered 0..Size()-1, 0 the identity (the empty sum). A
// Quotient does not change once built and is safe for concurrent use.
type Quotient struct {
	code  heap.Code
	m     *monoid
	phi   []int32
	proof *Proof
	pres  presentation
}

// Solve computes the misère quotient of the take-and-break game of code
// (an octal or hexadecimal code, as heap.ParseCode reads it) heap by heap,
// from heap 1 to at most maxHeap, and stops as soon as the periodicity
// theorem of the package documentation proves the quotient found to be the
// whole game's. Without such a proof by maxHeap it returns the quotient of
// the heaps up to maxHeap, which Proof reports as not proven beyond it.
//
// A malformed code gives an error wrapping heap.ErrCode, and a maxHeap
// outside [1, MaxHeap] one wrapping ErrBound, with no quotient. When heap
// n passes one of the package's bounds (see the package documentation),
// Solve returns the quotient of the heaps up to n-1 (nil when n is 1)
// with an error wrapping ErrBound that names heap n, so that the work done
// is kept, as strconv keeps the nearest value with ErrRange.
func Solve(code string, maxHeap int) (*Quotient, error) {
	c, err := heap.ParseCode(code)
	if err != nil {
		return nil, gameerr.New("misere.Solve", code, err)
	}
	if maxHeap < 1 || maxHeap > MaxHeap {
		return nil, gameerr.New("misere.Solve", code, fmt.Errorf("%w: %d heaps outside [1, %d]", ErrBound, maxHeap, MaxHeap))
	}
	s := newSolver(newRules(c))
	for n := 1; n <= maxHeap; n++ {
		if err := s.next(); err != nil {
			err = gameerr.New("misere.Solve", code, fmt.Errorf("%w at heap %d", err, n))
			if n == 1 {
				return nil, err
			}
			return &Quotient{code: c, m: s.cur.m, phi: s.cur.phi, pres: present(s.cur.m, s.cur.phi)}, err
		}
		if p, ok := periodic(c, s.cur.phi); ok {
			return &Quotient{code: c, m: s.cur.m, phi: s.cur.phi, proof: &p, pres: present(s.cur.m, s.cur.phi)}, nil
		}
	}
	return &Quotient{code: c, m: s.cur.m, phi: s.cur.phi, pres: present(s.cur.m, s.cur.phi)}, nil
}

// periodic looks for the least period of phi (heaps 0..N) whose least
// preperiod meets the theorem's bound, N >= k(E+p)+t-1.
func periodic(c heap.Code, phi []int32) (Proof, bool) {
	n := len(phi) - 1
	k, t := max(c.MaxHeaps(), 1), c.MaxTake()
	for p := 1; k*(1+p)+t-1 <= n; p++ {
		e := n - p + 1
		for e > 0 && phi[e-1] == phi[e-1+p] {
			e--
		}
		if b := k*(max(e, 1)+p) + t - 1; b <= n {
			return Proof{Preperiod: e, Period: p, MaxTake: t, MaxHeaps: k, Bound: b}, true
		}
	}
	return Proof{}, false
}

// Code returns the game's code.
func (q *Quotient) Code() heap.Code { return q.code }

// Size returns the order of the quotient.
func (q *Quotient) Size() int { return q.m.size }

// Heaps returns the largest heap whose quotient was computed.
func (q *Quotient) Heaps() int { return len(q.phi) - 1 }

// Proof returns the proof that the quotient is the whole game's, or false
// when it is proven only for the sums of heaps up to Heaps().
func (q *Quotient) Proof() (Proof, bool) {
	if q.proof == nil {
		return Proof{}, false
	}
	return *q.proof, true
}

// Mul returns the product of elements x and y. It panics if either is not
// an element, a programming error.
func (q *Quotient) Mul(x, y int) int {
	if x < 0 || y < 0 || x >= q.m.size || y >= q.m.size {
		panic("misere: Quotient.Mul of a non-element")
	}
	return int(q.m.prod(int32(x), int32(y)))
}

// IsP reports whether x is in the P-portion: the sums of its class are lost
// for the player to move. It is false for non-elements.
func (q *Quotient) IsP(x int) bool { return x >= 0 && x < q.m.size && q.m.p[x] }

// PPortion returns the elements of the P-portion in increasing order.
func (q *Quotient) PPortion() []int {
	var out []int
	for x, in := range q.m.p {
		if in {
			out = append(out, x)
		}
	}
	return out
}

// Pretend returns the element of a heap of h tokens: read off the heaps
// computed, or, beyond them, off the period the proof gives.
func (q *Quotient) Pretend(h int) (int, error) {
	x, err := q.pretend(h)
	if err != nil {
		return 0, gameerr.New("misere.Quotient.Pretend", q.code.String(), err)
	}
	return int(x), nil
}

func (q *Quotient) pretend(h int) (int32, error) {
	switch {
	case h >= 0 && h < len(q.phi):
		return q.phi[h], nil
	case h >= 0 && q.proof != nil:
		e, p := q.proof.Preperiod, q.proof.Period
		return q.phi[e+(h-e)%p], nil
	}
	return 0, fmt.Errorf("%w: heap %d outside [0, %d]", ErrHeap, h, q.Heaps())
}

// Element returns the element of the sum of heaps of the given sizes.
func (q *Quotient) Element(heaps ...int) (int, error) {
	x, err := q.element(heaps)
	if err != nil {
		return 0, gameerr.New("misere.Quotient.Element", q.code.String(), err)
	}
	return int(x), nil
}

func (q *Quotient) element(heaps []int) (int32, error) {
	x := int32(0)
	for _, h := range heaps {
		e, err := q.pretend(h)
		if err != nil {
			return 0, err
		}
		x = q.m.prod(x, e)
	}
	return x, nil
}

// Outcome returns the misère outcome of the sum of heaps of the given
// sizes: games.PreviousWins if the player to move loses, else
// games.NextWins.
func (q *Quotient) Outcome(heaps ...int) (games.Outcome, error) {
	x, err := q.element(heaps)
	if err != nil {
		return 0, gameerr.New("misere.Quotient.Outcome", q.code.String(), err)
	}
	if q.m.p[x] {
		return games.PreviousWins, nil
	}
	return games.NextWins, nil
}

// A Move replaces the heap at Index of a sum by the heaps Leave (none when
// the move takes the whole heap).
type Move struct {
	Index int
	Leave []int
}

// WinningMoves lists the winning moves of a sum of heaps in misère play,
// the moves to a sum lost for the player to move then: none when the sum
// itself is lost (or has no move). Moves come in the order of the heaps,
// then of the tokens they remove; a move that leaves the same heaps as an
// earlier one from a heap of the same size is listed once.
func (q *Quotient) WinningMoves(heaps ...int) ([]Move, error) {
	if _, err := q.element(heaps); err != nil {
		return nil, gameerr.New("misere.Quotient.WinningMoves", q.code.String(), err)
	}
	r := newRules(q.code)
	var out []Move
	for i, h := range heaps {
		if slices.Contains(heaps[:i], h) {
			continue
		}
		rest, err := q.element(append(append([]int(nil), heaps[:i]...), heaps[i+1:]...))
		if err != nil {
			return nil, gameerr.New("misere.Quotient.WinningMoves", q.code.String(), err)
		}
		if h > MaxMoveHeap {
			return nil, gameerr.New("misere.Quotient.WinningMoves", q.code.String(), fmt.Errorf("%w: heap %d beyond %d", ErrHeap, h, MaxMoveHeap))
		}
		for _, o := range r.list(h) {
			x, err := q.element(o)
			if err != nil {
				return nil, gameerr.New("misere.Quotient.WinningMoves", q.code.String(), err)
			}
			if q.m.p[q.m.prod(rest, x)] {
				out = append(out, Move{Index: i, Leave: append([]int(nil), o...)})
			}
		}
	}
	return out, nil
}
