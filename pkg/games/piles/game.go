package piles

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/grundylab/grundy/pkg/games/internal/gameerr"
)

// MaxPiles is the largest number of piles a Game may have.
const MaxPiles = 16

// ErrMoves is wrapped by the errors that reject a set of move vectors.
var ErrMoves = errors.New("invalid move vectors")

// ErrPosition is wrapped by the errors of Options for a position that is
// not one of the game's: of another number of piles, or with a negative
// pile.
var ErrPosition = errors.New("invalid position")

// A Game is played on k piles of stones. A move picks one of the game's move
// vectors v in {0,1}^k and a whole number t >= 1 and takes t stones from every
// pile i with v[i] = 1; no pile may go negative. The player who cannot move
// (all piles that any vector touches are empty) loses.
//
// A Game is immutable and safe for concurrent use.
type Game struct {
	k     int
	moves []uint32 // bit i of a vector is pile i
}

// New returns the game whose move vectors are moves; every vector has the same
// length k (the number of piles, 1 to MaxPiles), entries 0 or 1 and at least
// one 1, and no vector appears twice. Errors name New and the vectors (the
// first and last eight, if there are more than sixteen).
func New(moves ...[]int) (*Game, error) {
	g, err := newGame(moves)
	if err != nil {
		vs := make([]string, len(moves))
		for i, v := range moves {
			vs[i] = short(v)
		}
		return nil, gameerr.New("piles.New", short(vs), err)
	}
	return g, nil
}

func newGame(moves [][]int) (*Game, error) {
	if len(moves) == 0 {
		return nil, fmt.Errorf("%w: none given", ErrMoves)
	}
	k := len(moves[0])
	if k < 1 || k > MaxPiles {
		return nil, fmt.Errorf("%w: %d piles, want 1 to %d", ErrMoves, k, MaxPiles)
	}
	if len(moves) >= 1<<k {
		return nil, fmt.Errorf("%w: %d vectors of %d piles, at most %d differ", ErrMoves, len(moves), k, 1<<k-1)
	}
	g := &Game{k: k}
	seen := make([]bool, 1<<k)
	for _, v := range moves {
		if len(v) != k {
			return nil, fmt.Errorf("%w: %s has %d entries, the first vector has %d", ErrMoves, short(v), len(v), k)
		}
		var mask uint32
		for i, x := range v {
			switch x {
			case 0:
			case 1:
				mask |= 1 << i
			default:
				return nil, fmt.Errorf("%w: %s has entry %d, want 0 or 1", ErrMoves, short(v), x)
			}
		}
		if mask == 0 {
			return nil, fmt.Errorf("%w: %s takes nothing", ErrMoves, short(v))
		}
		if seen[mask] {
			return nil, fmt.Errorf("%w: %s appears twice", ErrMoves, short(v))
		}
		seen[mask] = true
		g.moves = append(g.moves, mask)
	}
	return g, nil
}

// short formats a vector or position for an error message, eliding the
// middle of a long one so that messages stay short.
func short[T any](v []T) string {
	const head = 8
	if len(v) <= 2*head {
		return fmt.Sprint(v)
	}
	return fmt.Sprintf("%v ... %v (%d entries)", strings.Trim(fmt.Sprint(v[:head]), "]"), strings.Trim(fmt.Sprint(v[len(v)-head:]), "["), len(v))
}

// short describes the game for an error message: its vectors if they are
// few, else their number.
func (g *Game) short() string {
	if len(g.moves) <= 8 {
		return g.String()
	}
	return fmt.Sprintf("the game of %d vectors on %d piles", len(g.moves), g.k)
}

// Subsets returns the game on k piles in which a move takes the same positive
// number of stones from each pile of any non-empty set of piles: the stone
// game of Project Euler 260 for k = 3, Wythoff's game for k = 2 and Nim on one
// heap for k = 1. Errors name Subsets and k.
func Subsets(k int) (*Game, error) {
	if k < 1 || k > MaxPiles {
		return nil, gameerr.New("piles.Subsets", strconv.Itoa(k), fmt.Errorf("%w: %d piles, want 1 to %d", ErrMoves, k, MaxPiles))
	}
	g := &Game{k: k}
	for mask := uint32(1); mask < 1<<k; mask++ {
		g.moves = append(g.moves, mask)
	}
	return g, nil
}

// Wythoff returns Wythoff's game: two piles, and a move takes stones from one
// pile or the same number from both.
func Wythoff() *Game {
	return &Game{k: 2, moves: []uint32{0b01, 0b10, 0b11}}
}

// Piles returns the number of piles.
func (g *Game) Piles() int { return g.k }

// Moves returns the game's move vectors.
func (g *Game) Moves() [][]int {
	vs := make([][]int, len(g.moves))
	for j, mask := range g.moves {
		vs[j] = make([]int, g.k)
		for i := range g.k {
			vs[j][i] = int(mask >> i & 1)
		}
	}
	return vs
}

// String returns the move vectors as strings of 0s and 1s, pile 1 first:
// "{10 01 11}" for Wythoff's game.
func (g *Game) String() string {
	var b strings.Builder
	b.WriteByte('{')
	for j, v := range g.Moves() {
		if j > 0 {
			b.WriteByte(' ')
		}
		for _, x := range v {
			b.WriteByte(byte('0' + x))
		}
	}
	b.WriteByte('}')
	return b.String()
}

// Symmetric reports whether the move vectors are closed under permuting the
// piles. The P-positions of a symmetric game are closed under permutation too,
// so PPositions lists only the sorted ones.
func (g *Game) Symmetric() bool {
	var weights [MaxPiles + 1]int
	for _, mask := range g.moves {
		weights[bits.OnesCount32(mask)]++
	}
	binom := 1 // C(k, c)
	for c := 0; c <= g.k; c++ {
		if weights[c] != 0 && weights[c] != binom {
			return false
		}
		binom = binom * (g.k - c) / (c + 1)
	}
	return true
}

// MaxOptions bounds the number of options Options lists: a position with
// more, such as piles of 10^6 stones in a game of many vectors, is an error
// rather than gigabytes of positions.
const MaxOptions = 1 << 20

// Options returns the positions one move away from p, which must have one
// non-negative entry per pile and at most MaxOptions options. Errors name
// Game.Options and the game.
func (g *Game) Options(p []int) ([][]int, error) {
	opts, err := g.options(p)
	if err != nil {
		return nil, gameerr.New("piles.Game.Options", g.short(), err)
	}
	return opts, nil
}

func (g *Game) options(p []int) ([][]int, error) {
	if err := g.check(p); err != nil {
		return nil, err
	}
	// A vector's move may take 1 to the smallest of its piles.
	total := 0
	for _, mask := range g.moves {
		least := math.MaxInt
		for i := range g.k {
			if mask>>i&1 == 1 {
				least = min(least, p[i])
			}
		}
		if least > MaxOptions-total {
			return nil, fmt.Errorf("%w: position %s has more than %d options", ErrTooLarge, short(p), MaxOptions)
		}
		total += least
	}
	opts := make([][]int, 0, total)
	for _, mask := range g.moves {
		for t := 1; ; t++ {
			q := slices.Clone(p)
			ok := true
			for i := range q {
				if mask>>i&1 == 1 {
					q[i] -= t
					ok = ok && q[i] >= 0
				}
			}
			if !ok {
				break
			}
			opts = append(opts, q)
		}
	}
	return opts, nil
}

func (g *Game) check(p []int) error {
	if len(p) != g.k {
		return fmt.Errorf("%w: %s has %d piles, the game %d", ErrPosition, short(p), len(p), g.k)
	}
	for _, x := range p {
		if x < 0 {
			return fmt.Errorf("%w: %s has a negative pile", ErrPosition, short(p))
		}
	}
	return nil
}
