package play

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/grundylab/grundy/pkg/games/coins"
	"github.com/grundylab/grundy/pkg/games/heap"
	"github.com/grundylab/grundy/pkg/games/internal/gameerr"
)

// MaxBoard is the most coins a Board holds.
const MaxBoard = 64

// Board is a position of a coin-turning game on a grid: columns x = 1 to
// Width and rows y = 1 to Height, (1, 1) at the bottom left as in
// coins.Board, each coin heads or tails. Boards are comparable: equal
// boards are equal values.
type Board struct {
	heads         uint64 // bit (y-1)*width + x-1 is coin (x, y)
	width, height int
}

// NewBoard returns the board of width×height coins with the given coins
// heads, each an (x, y) pair. Both sizes must be at least 1 and their
// product at most MaxBoard, or both 0 for the empty board; anything else,
// or a coin off the board, is an error wrapping ErrPosition.
func NewBoard(width, height int, heads ...[2]int) (Board, error) {
	size := fmt.Sprintf("%dx%d", width, height)
	if err := checkSize(width, height); err != nil {
		return Board{}, gameerr.New("play.NewBoard", size, err)
	}
	b := Board{width: width, height: height}
	for _, c := range heads {
		if c[0] < 1 || c[0] > width || c[1] < 1 || c[1] > height {
			return Board{}, gameerr.New("play.NewBoard", size, fmt.Errorf("%w: coin (%d, %d) off the board", ErrPosition, c[0], c[1]))
		}
		b.heads |= 1 << b.bit(c[0], c[1])
	}
	return b, nil
}

func checkSize(width, height int) error {
	switch {
	case width == 0 && height == 0:
		return nil
	case width < 1 || height < 1 || width > MaxBoard || height > MaxBoard || width*height > MaxBoard:
		return fmt.Errorf("%w: board of %d×%d coins, want each side at least 1 and at most %d coins", ErrPosition, width, height, MaxBoard)
	}
	return nil
}

// ParseBoard reads a board written as String writes it: rows of H (heads)
// and T (tails), coin x = 1 first, separated by "/", the top row (y =
// Height) first.
func ParseBoard(s string) (Board, error) {
	if s == "" {
		return Board{}, nil
	}
	// A board holds at most MaxBoard coins and as many separators, so a
	// longer text is refused before it is split.
	fail := func(err error) (Board, error) {
		return Board{}, gameerr.New("play.ParseBoard", gameerr.Clip(s), err)
	}
	if len(s) > 2*MaxBoard {
		return fail(fmt.Errorf("%w: board of %d bytes, want at most %d coins", ErrPosition, len(s), MaxBoard))
	}
	rows := strings.Split(s, "/")
	width, height := len(rows[0]), len(rows)
	if err := checkSize(width, height); err != nil {
		return fail(err)
	}
	b := Board{width: width, height: height}
	for i, row := range rows {
		y := height - i
		if len(row) != width {
			return fail(fmt.Errorf("%w: row %d has %d coins, row %d has %d", ErrPosition, y, len(row), height, width))
		}
		for j, c := range []byte(row) {
			switch c {
			case 'H':
				b.heads |= 1 << b.bit(j+1, y)
			case 'T':
			default:
				return fail(fmt.Errorf("%w: coin (%d, %d) is %q, not H or T", ErrPosition, j+1, y, c))
			}
		}
	}
	return b, nil
}

func (b Board) bit(x, y int) int { return (y-1)*b.width + x - 1 }

// Width returns the number of columns.
func (b Board) Width() int { return b.width }

// Height returns the number of rows.
func (b Board) Height() int { return b.height }

// IsHeads reports whether coin (x, y) shows heads; false off the board.
func (b Board) IsHeads(x, y int) bool {
	return x >= 1 && x <= b.width && y >= 1 && y <= b.height && b.heads>>b.bit(x, y)&1 == 1
}

// Heads returns the coins showing heads as (x, y) pairs, row by row from
// y = 1, each row by x.
func (b Board) Heads() [][2]int {
	out := make([][2]int, 0, bits.OnesCount64(b.heads))
	for h := b.heads; h != 0; h &= h - 1 {
		i := bits.TrailingZeros64(h)
		out = append(out, [2]int{i%b.width + 1, i/b.width + 1})
	}
	return out
}

// String returns the board's rows as H (heads) and T (tails), the top row
// first, separated by "/": "THT/HHT" has heads at (2, 2), (1, 1) and (2, 1).
func (b Board) String() string {
	var s strings.Builder
	for y := b.height; y >= 1; y-- {
		if y < b.height {
			s.WriteByte('/')
		}
		for x := 1; x <= b.width; x++ {
			if b.IsHeads(x, y) {
				s.WriteByte('H')
			} else {
				s.WriteByte('T')
			}
		}
	}
	return s.String()
}

// Turned returns the rectangle of coins in which b and to differ, as its
// corner (x, y), the coin of largest column and row, and its width and
// height; ok is false unless the two boards have the same size and differ
// in exactly the coins of a rectangle. A move of a board game turns such a
// rectangle.
func (b Board) Turned(to Board) (x, y, width, height int, ok bool) {
	if b.width != to.width || b.height != to.height {
		return 0, 0, 0, 0, false
	}
	diff := b.heads ^ to.heads
	if diff == 0 {
		return 0, 0, 0, 0, false
	}
	first, last := bits.TrailingZeros64(diff), 63-bits.LeadingZeros64(diff)
	x0, y0 := first%b.width+1, first/b.width+1
	x, y = last%b.width+1, last/b.width+1
	if x < x0 {
		return 0, 0, 0, 0, false
	}
	width, height = x-x0+1, y-y0+1
	if diff != rectangle(b.width, x, y, width, height) {
		return 0, 0, 0, 0, false
	}
	return x, y, width, height, true
}

// rectangle returns the bits of a board of the given width that the
// rectangle with corner (x, y), width w and height h covers.
func rectangle(boardWidth, x, y, w, h int) uint64 {
	// 1<<64 is 0 in Go, so a run of 64 coins is all ones too.
	run := (uint64(1)<<w - 1) << (x - w)
	var r uint64
	for row := y - h + 1; row <= y; row++ {
		r |= run << ((row - 1) * boardWidth)
	}
	return r
}

// NewBoardGame returns the product of two coin-turning games of runs
// (coins.Product) on boards of at most MaxBoard coins: a move picks a coin
// (x, y) showing heads, a width w of cols with w <= x and a height h of
// rows with h <= y, and turns over the rectangle of columns x-w+1 to x
// and rows y-h+1 to y. Options are listed by corner, row by row from y = 1
// and each row by x, then by width, then by height, all increasing.
//
// In normal play a board's value comes without a search from the Tartan
// theorem (proved in package coins): the nim-sum over its heads coins of
// g(x) ⊗ h(y), g and h the values of the coins of the two games alone. In
// misère play it comes by brute force, for small boards.
func NewBoardGame(cols, rows heap.Set, c Convention, limit int) (*Game[Board], error) {
	fail := func(err error) (*Game[Board], error) {
		return nil, gameerr.New("play.NewBoardGame", cols.String()+" x "+rows.String(), err)
	}
	widths, err := cols.Members(MaxBoard)
	if err != nil {
		return fail(err)
	}
	heights, err := rows.Members(MaxBoard)
	if err != nil {
		return fail(err)
	}
	g, err := newGame(boardMoves(widths, heights), c, limit)
	if err != nil {
		return fail(err)
	}
	if c == Misere {
		return g, nil
	}
	product, err := coins.NewProduct(cols, MaxBoard, rows, MaxBoard)
	if err != nil {
		return fail(err)
	}
	g.value = func(b Board) (int, error) {
		v := 0
		for _, c := range b.Heads() {
			v ^= product.Value(c[0], c[1])
		}
		return v, nil
	}
	return g, nil
}

// boardMoves returns the move function of the product of the coin-turning
// games whose moves turn runs of the given widths (on columns) and heights
// (on rows).
func boardMoves(widths, heights []int) func(Board) []Board {
	return func(b Board) []Board {
		var out []Board
		for _, c := range b.Heads() {
			x, y := c[0], c[1]
			for _, w := range widths {
				if w < 1 || w > x {
					continue
				}
				for _, h := range heights {
					if h < 1 || h > y {
						continue
					}
					out = append(out, Board{heads: b.heads ^ rectangle(b.width, x, y, w, h), width: b.width, height: b.height})
				}
			}
		}
		return out
	}
}
