package play

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/grundylab/grundy/pkg/games/heap"
	"github.com/grundylab/grundy/pkg/games/internal/gameerr"
)

// MaxRow is the most coins a Row holds.
const MaxRow = 64

// Row is a position of a coin-turning game: coins 1 to Len in a row, each
// heads or tails. Rows are comparable: equal rows are equal values.
type Row struct {
	heads uint64 // bit x-1 is coin x
	n     int
}

// NewRow returns the row of n coins with the given coins heads, numbered
// from 1. An n outside 0 to MaxRow or a coin outside 1 to n is an error
// wrapping ErrPosition.
func NewRow(n int, heads ...int) (Row, error) {
	if n < 0 || n > MaxRow {
		return Row{}, gameerr.New("play.NewRow", strconv.Itoa(n), fmt.Errorf("%w: row of %d coins, want 0 to %d", ErrPosition, n, MaxRow))
	}
	r := Row{n: n}
	for _, x := range heads {
		if x < 1 || x > n {
			return Row{}, gameerr.New("play.NewRow", strconv.Itoa(n), fmt.Errorf("%w: coin %d off a row of %d", ErrPosition, x, n))
		}
		r.heads |= 1 << (x - 1)
	}
	return r, nil
}

// ParseRow reads a row written as String writes it: H for heads and T for
// tails, coin 1 first.
func ParseRow(s string) (Row, error) {
	if len(s) > MaxRow {
		return Row{}, gameerr.New("play.ParseRow", gameerr.Clip(s), fmt.Errorf("%w: row of %d coins, want at most %d", ErrPosition, len(s), MaxRow))
	}
	r := Row{n: len(s)}
	for i, c := range []byte(s) {
		switch c {
		case 'H':
			r.heads |= 1 << i
		case 'T':
		default:
			return Row{}, gameerr.New("play.ParseRow", s, fmt.Errorf("%w: coin %d is %q, not H or T", ErrPosition, i+1, c))
		}
	}
	return r, nil
}

// Len returns the number of coins.
func (r Row) Len() int { return r.n }

// IsHeads reports whether coin x shows heads.
func (r Row) IsHeads(x int) bool { return x >= 1 && x <= r.n && r.heads>>(x-1)&1 == 1 }

// Heads returns the coins showing heads, in increasing order.
func (r Row) Heads() []int {
	out := make([]int, 0, bits.OnesCount64(r.heads))
	for h := r.heads; h != 0; h &= h - 1 {
		out = append(out, bits.TrailingZeros64(h)+1)
	}
	return out
}

// String returns the row as H (heads) and T (tails), coin 1 first.
func (r Row) String() string {
	var b strings.Builder
	for x := 1; x <= r.n; x++ {
		if r.IsHeads(x) {
			b.WriteByte('H')
		} else {
			b.WriteByte('T')
		}
	}
	return b.String()
}

// NewRowGame returns the coin-turning game of coins.Line on rows of at most
// MaxRow coins: a move picks a coin x showing heads and a length w of set
// with w <= x, and turns over coins x-w+1 to x. Options are listed by coin,
// then by length, both increasing.
func NewRowGame(set heap.Set, c Convention, limit int) (*Game[Row], error) {
	lengths, err := set.Members(MaxRow)
	if err == nil {
		var g *Game[Row]
		if g, err = newGame(rowMoves(lengths), c, limit); err == nil {
			return g, nil
		}
	}
	return nil, gameerr.New("play.NewRowGame", set.String(), err)
}

// rowMoves returns the move function of the coin-turning game whose moves
// turn runs of the given lengths.
func rowMoves(lengths []int) func(Row) []Row {
	return func(r Row) []Row {
		var out []Row
		for _, x := range r.Heads() {
			for _, w := range lengths {
				if w < 1 || w > x {
					continue
				}
				run := (uint64(1)<<w - 1) << (x - w)
				if w == 64 {
					run = ^uint64(0)
				}
				out = append(out, Row{heads: r.heads ^ run, n: r.n})
			}
		}
		return out
	}
}
