package coins

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
	"sync"

	"github.com/grundylab/grundy/pkg/games/heap"
	"github.com/grundylab/grundy/pkg/games/internal/gameerr"
	"github.com/grundylab/grundy/pkg/games/nimber"
)

// ErrBoard is wrapped by the errors of boards that do not fit a game.
var ErrBoard = errors.New("invalid board")

// A Product is the product of two coin-turning games, played on a grid of
// coins: columns x = 1..width from the first game (its runs are the widths
// of moves), rows y = 1..height from the second (its runs are the heights).
// A move picks a move of each, runs x-w+1..x and y-h+1..y, and turns over
// every coin of the rectangle they span; its corner coin (x, y) must show
// heads.
//
// By the Tartan theorem the value of the coin (x, y) alone is the
// nim-product g(x) ⊗ g'(y) of the values of its column and row in the two
// games, so a position's value is the nim-sum of those products over its
// heads coins, and a move changes it by the nim-product of the values of its
// two runs.
type Product struct {
	cols, rows *Line
}

// NewProduct computes the product of the coin-turning games with run
// lengths colSet on width coins and rowSet on height coins, the two games
// concurrently. Errors name NewProduct and the two sets.
func NewProduct(colSet heap.Set, width int, rowSet heap.Set, height int) (*Product, error) {
	var p Product
	var colErr, rowErr error
	var wg sync.WaitGroup
	wg.Go(func() { p.rows, rowErr = lineOf(rowSet, height) })
	p.cols, colErr = lineOf(colSet, width)
	wg.Wait()
	if err := errors.Join(colErr, rowErr); err != nil {
		return nil, gameerr.New("coins.NewProduct", colSet.String()+" x "+rowSet.String(), err)
	}
	return &p, nil
}

// ProductOf returns the product of the games cols (on columns) and rows (on
// rows). A nil Line is an error wrapping ErrBoard, naming ProductOf.
func ProductOf(cols, rows *Line) (*Product, error) {
	if cols == nil || rows == nil {
		return nil, gameerr.New("coins.ProductOf", lineName(cols)+" x "+lineName(rows), fmt.Errorf("%w: nil line", ErrBoard))
	}
	return &Product{cols: cols, rows: rows}, nil
}

// lineName describes a line for an error: its String, or nil.
func lineName(l *Line) string {
	if l == nil {
		return "nil"
	}
	return l.String()
}

// Columns returns the game played on the columns.
func (p *Product) Columns() *Line { return p.cols }

// Rows returns the game played on the rows.
func (p *Product) Rows() *Line { return p.rows }

// String describes the game.
func (p *Product) String() string {
	return fmt.Sprintf("product of %s (columns) and %s (rows)", p.cols, p.rows)
}

// Width returns the number of columns.
func (p *Product) Width() int { return p.cols.Len() }

// Height returns the number of rows.
func (p *Product) Height() int { return p.rows.Len() }

// mul returns the nim-product of two values of the factors.
func mul(a, b int) int { return int(nimber.Mul(uint64(a), uint64(b))) }

// Value returns the value of the position whose only heads coin is (x, y):
// g(x) ⊗ g'(y). It panics unless the coin is on the board.
func (p *Product) Value(x, y int) int {
	return mul(p.cols.Value(x), p.rows.Value(y))
}

// A Move of a product game turns over the coins of the rectangle of columns
// X-Width+1..X and rows Y-Height+1..Y. Its corner coin (X, Y) must show
// heads, Width must be a run length of the column game and Height one of
// the row game.
type Move struct {
	X, Y, Width, Height int
}

// String formats the move as its corner and size, such as "(5,3) 4x1".
func (m Move) String() string {
	return fmt.Sprintf("(%d,%d) %dx%d", m.X, m.Y, m.Width, m.Height)
}

// MoveValue returns the amount by which m changes the value of a position:
// the nim-product of the values of its runs of columns and rows. It panics
// unless the rectangle is on the board.
func (p *Product) MoveValue(m Move) int {
	return mul(p.cols.Interval(m.X-m.Width+1, m.X), p.rows.Interval(m.Y-m.Height+1, m.Y))
}

// AllHeads returns the value of the position with every coin heads: by
// distributivity, the product of the values of the full rows of the two
// games.
func (p *Product) AllHeads() int {
	return mul(p.cols.Prefix(p.cols.Len()), p.rows.Prefix(p.rows.Len()))
}

// AllHeadsWinningMoves returns the number of winning moves from the position
// with every coin heads: the moves to a position of value 0. Every move is
// legal there, so the count pairs the runs of the two games by value: a
// column run of value a and a row run of value b make a winning move when
// a ⊗ b is the position's value T, that is when b = T ⊗ a⁻¹. It takes one
// division per run value of the column game.
func (p *Product) AllHeadsWinningMoves() *big.Int {
	count := new(big.Int)
	target := uint64(p.AllHeads())
	if target == 0 {
		return count
	}
	cols, rows := p.cols.runs, p.rows.runs
	var term big.Int
	for a, n := range cols {
		if n == 0 {
			continue
		}
		b, _ := nimber.Div(target, uint64(a)) // a > 0: no run has value 0
		if b < uint64(len(rows)) && rows[b] != 0 {
			count.Add(count, term.Mul(big.NewInt(n), big.NewInt(rows[b])))
		}
	}
	return count
}

// A Board is a position of a product game: which coins of a grid show
// heads. Coins are numbered from (1, 1), and a new Board shows tails
// everywhere.
type Board struct {
	width, height int
	heads         []bool // heads[(y-1)*width + x-1]
}

// MaxBoardCoins is the largest number of coins a Board may hold: a board
// takes one byte per coin.
const MaxBoardCoins = 1 << 28

// NewBoard returns a board of width×height coins, all tails. Sizes must not
// be negative and width·height must not exceed MaxBoardCoins; anything else
// is an error wrapping ErrBoard, naming NewBoard and the size.
func NewBoard(width, height int) (*Board, error) {
	size := fmt.Sprintf("%dx%d", width, height)
	if width < 0 || height < 0 {
		return nil, gameerr.New("coins.NewBoard", size, fmt.Errorf("%w: negative size", ErrBoard))
	}
	if height != 0 && width > MaxBoardCoins/height {
		return nil, gameerr.New("coins.NewBoard", size, fmt.Errorf("%w: more than %d coins", ErrBoard, MaxBoardCoins))
	}
	return &Board{width: width, height: height, heads: make([]bool, width*height)}, nil
}

// Width returns the number of columns.
func (b *Board) Width() int { return b.width }

// Height returns the number of rows.
func (b *Board) Height() int { return b.height }

func (b *Board) index(x, y int) int {
	if x < 1 || x > b.width || y < 1 || y > b.height {
		panic(fmt.Sprintf("coins: coin (%d,%d) off a %dx%d board", x, y, b.width, b.height))
	}
	return (y-1)*b.width + x - 1
}

// Heads reports whether coin (x, y) shows heads. It panics unless the coin
// is on the board.
func (b *Board) Heads(x, y int) bool { return b.heads[b.index(x, y)] }

// Set puts coin (x, y) heads up or down. It panics unless the coin is on the
// board.
func (b *Board) Set(x, y int, heads bool) { b.heads[b.index(x, y)] = heads }

// Fill puts every coin heads up or down.
func (b *Board) Fill(heads bool) {
	for i := range b.heads {
		b.heads[i] = heads
	}
}

// Turn applies a move: it turns over every coin of m's rectangle. It
// panics unless the rectangle is on the board and not empty.
func (b *Board) Turn(m Move) {
	b.index(m.X, m.Y)
	b.index(m.X-m.Width+1, m.Y-m.Height+1)
	if m.Width < 1 || m.Height < 1 {
		panic(fmt.Sprintf("coins: move %v is empty", m))
	}
	for y := m.Y - m.Height + 1; y <= m.Y; y++ {
		for x := m.X - m.Width + 1; x <= m.X; x++ {
			i := b.index(x, y)
			b.heads[i] = !b.heads[i]
		}
	}
}

// String draws the board, top row first as in the problem statements with
// (1, 1) at the bottom left: H for heads, T for tails.
func (b *Board) String() string {
	var s strings.Builder
	for y := b.height; y >= 1; y-- {
		for x := 1; x <= b.width; x++ {
			if b.Heads(x, y) {
				s.WriteByte('H')
			} else {
				s.WriteByte('T')
			}
		}
		s.WriteByte('\n')
	}
	return s.String()
}

// check reports an error unless board fits the game.
func (p *Product) check(board *Board) error { return board.fits(p.Width(), p.Height()) }

// fits reports an error unless b is a board of at most width×height coins.
func (b *Board) fits(width, height int) error {
	if b == nil {
		return fmt.Errorf("%w: nil board", ErrBoard)
	}
	if b.width > width || b.height > height {
		return fmt.Errorf("%w: board %dx%d on a game of %dx%d coins", ErrBoard, b.width, b.height, width, height)
	}
	return nil
}

// BoardValue returns the value of a position: the nim-sum of the values of
// its heads coins. The board may be smaller than the game, which then plays
// on its first columns and rows.
func (p *Product) BoardValue(board *Board) (int, error) {
	if err := p.check(board); err != nil {
		return 0, gameerr.New("coins.Product.BoardValue", p.String(), err)
	}
	return board.value(p.Value), nil
}

// value returns the nim-sum of value(x, y) over the heads coins (x, y).
func (b *Board) value(value func(x, y int) int) int {
	v := 0
	for y := 1; y <= b.height; y++ {
		for x := 1; x <= b.width; x++ {
			if b.Heads(x, y) {
				v ^= value(x, y)
			}
		}
	}
	return v
}

// CountWinningMoves returns the number of winning moves of a position, the
// moves to a position of value 0. A move with corner (x, y) wins when the
// value b of its run of rows is T ⊗ a⁻¹, T the position's value and a the
// value of its run of columns, so it finds these b once per column and looks
// them up in a histogram of the row runs ending at y: the cost is one lookup
// per heads coin and column run, not one per move. The board may be smaller
// than the game, as for BoardValue.
func (p *Product) CountWinningMoves(board *Board) (*big.Int, error) {
	target, err := p.BoardValue(board)
	if err == nil && target != 0 {
		err = p.checkWork(board, false)
	}
	if err != nil {
		return nil, gameerr.New("coins.Product.CountWinningMoves", p.String(), err)
	}
	count := new(big.Int)
	if target == 0 {
		return count, nil
	}
	need := p.needTable(board.width, target)
	var scratch []int
	hist := make([]int64, len(p.rows.runs)) // every row run value is below it
	var part int64
	for y := 1; y <= board.height; y++ {
		p.rowRuns(hist, y, 1)
		for x := 1; x <= board.width; x++ {
			if !board.Heads(x, y) {
				continue
			}
			var bs []int
			if need != nil {
				bs = need[x]
			} else {
				scratch = p.need(scratch[:0], x, target)
				bs = scratch
			}
			for _, b := range bs {
				if b < len(hist) {
					part += hist[b]
				}
			}
			if part > 1<<62 {
				count.Add(count, big.NewInt(part))
				part = 0
			}
		}
		p.rowRuns(hist, y, -1)
	}
	return count.Add(count, big.NewInt(part)), nil
}

// MaxMoveWork bounds the work of CountWinningMoves, the pairs of a heads
// coin and a run of columns ending at it, and of WinningMoves, which tries
// every move from every heads coin: a position that needs more is an error
// wrapping ErrBoard, before the work starts.
const MaxMoveWork = 1 << 35

// checkWork reports an error if counting (or, with every, listing) the
// winning moves of board needs more than MaxMoveWork steps.
func (p *Product) checkWork(board *Board, every bool) error {
	work := 0.0
	rows := 0 // the row runs ending at y: lengths[:rows] are at most y
	for y := 1; y <= board.height; y++ {
		for rows < len(p.rows.lengths) && p.rows.lengths[rows] <= y {
			rows++
		}
		r := 1.0
		if every {
			r = float64(rows)
		}
		cols := 0
		for x := 1; x <= board.width; x++ {
			for cols < len(p.cols.lengths) && p.cols.lengths[cols] <= x {
				cols++
			}
			if board.Heads(x, y) {
				work += float64(cols) * r
			}
		}
	}
	if work > MaxMoveWork {
		return fmt.Errorf("%w: a board of %dx%d needs about %.2g moves tried, more than %d", ErrBoard, board.width, board.height, work, uint64(MaxMoveWork))
	}
	return nil
}

// maxNeed bounds the entries of the table of CountWinningMoves: past it,
// each heads coin recomputes its column's entries instead.
const maxNeed = 1 << 22

// needTable returns need[x], the row run values b that make a winning move
// with each column run ending at x, for x up to width, or nil if the table
// would hold more than maxNeed entries.
func (p *Product) needTable(width, target int) [][]int {
	entries := 0
	for _, w := range p.cols.lengths {
		if w > width {
			break
		}
		entries += width - w + 1
		if entries > maxNeed {
			return nil
		}
	}
	need := make([][]int, width+1)
	flat := make([]int, 0, entries)
	for x := 1; x <= width; x++ {
		start := len(flat)
		flat = p.need(flat, x, target)
		need[x] = flat[start:len(flat):len(flat)]
	}
	return need
}

// need appends to dst the row run value b = T ⊗ a⁻¹ for the value a of each
// column run ending at x, T the target.
func (p *Product) need(dst []int, x, target int) []int {
	for _, w := range p.cols.lengths {
		if w > x {
			break
		}
		b, _ := nimber.Div(uint64(target), uint64(p.cols.Interval(x-w+1, x)))
		dst = append(dst, int(b))
	}
	return dst
}

// rowRuns adds d to hist[v] for the value v of each row run ending at y.
func (p *Product) rowRuns(hist []int64, y int, d int64) {
	for _, h := range p.rows.lengths {
		if h > y {
			break
		}
		hist[p.rows.Interval(y-h+1, y)] += d
	}
}

// MaxListedMoves bounds the number of moves WinningMoves lists; a position
// with more winning moves is an error wrapping ErrBoard (CountWinningMoves
// counts them instead).
const MaxListedMoves = 1 << 20

// WinningMoves lists the winning moves of a position, the moves to a
// position of value 0, ordered by corner row, corner column, width and
// height. It tries every move, so it suits small boards; the board may be
// smaller than the game, as for BoardValue. More than MaxListedMoves winning
// moves are an error.
func (p *Product) WinningMoves(board *Board) ([]Move, error) {
	wins, err := p.winningMoves(board)
	if err != nil {
		return nil, gameerr.New("coins.Product.WinningMoves", p.String(), err)
	}
	return wins, nil
}

func (p *Product) winningMoves(board *Board) ([]Move, error) {
	target, err := p.BoardValue(board)
	if err != nil || target == 0 {
		return nil, err
	}
	if err := p.checkWork(board, true); err != nil {
		return nil, err
	}
	var wins []Move
	for y := 1; y <= board.height; y++ {
		for x := 1; x <= board.width; x++ {
			if !board.Heads(x, y) {
				continue
			}
			for _, w := range p.cols.lengths {
				if w > x {
					break
				}
				a := p.cols.Interval(x-w+1, x)
				for _, h := range p.rows.lengths {
					if h > y {
						break
					}
					if mul(a, p.rows.Interval(y-h+1, y)) == target {
						if len(wins) == MaxListedMoves {
							return nil, fmt.Errorf("%w: more than %d winning moves", ErrBoard, MaxListedMoves)
						}
						wins = append(wins, Move{X: x, Y: y, Width: w, Height: h})
					}
				}
			}
		}
	}
	return wins, nil
}
