package coins

import (
	"fmt"
	"math/big"
	"slices"

	"github.com/grundylab/grundy/pkg/games/internal/gameerr"
	"github.com/grundylab/grundy/pkg/games/nimber"
)

// A TurningProduct is the product of two turning games played on a grid:
// a move picks a move of the column game, turning columns Cols (ending at
// X), and one of the row game, turning rows Rows (ending at Y), and turns
// every coin (c, r) with c in Cols and r in Rows; the corner (X, Y) must show
// heads. Turning Corners is Twins × Twins: a move turns the four corners of
// a rectangle.
//
// By the Tartan theorem the value of coin (x, y) alone is g(x) ⊗ g'(y), the
// nim-product of its column's and row's values, and a move changes a
// position's value by the nim-product of the nim-sums of its columns and of
// its rows.
type TurningProduct struct {
	cols, rows *TurningGame
}

// A TurningMove is a move of a TurningProduct: it turns the coins (c, r),
// c in Cols and r in Rows, each in increasing order and ending at the corner
// (X, Y).
type TurningMove struct {
	X, Y       int
	Cols, Rows []int
}

// String formats the move as its corner and its columns and rows, such as
// "(5,3) cols [2 5] rows [1 3]".
func (m TurningMove) String() string {
	return fmt.Sprintf("(%d,%d) cols %v rows %v", m.X, m.Y, m.Cols, m.Rows)
}

// NewTurningProduct returns the product of cols (played on the columns) and
// rows (on the rows). A nil game is an error wrapping ErrBoard.
func NewTurningProduct(cols, rows *TurningGame) (*TurningProduct, error) {
	if cols == nil || rows == nil {
		return nil, gameerr.New("coins.NewTurningProduct", turningName(cols)+" x "+turningName(rows), fmt.Errorf("%w: nil game", ErrBoard))
	}
	return &TurningProduct{cols: cols, rows: rows}, nil
}

// name describes the product for its errors, by the codes of its games.
func (p *TurningProduct) name() string {
	return turningName(p.cols) + " x " + turningName(p.rows)
}

// turningName describes a game for an error: its code, cut as gameerr.Clip
// cuts it, or nil.
func turningName(t *TurningGame) string {
	if t == nil {
		return "nil"
	}
	return gameerr.Clip(t.rule.code)
}

// Columns returns the game played on the columns.
func (p *TurningProduct) Columns() *TurningGame { return p.cols }

// Rows returns the game played on the rows.
func (p *TurningProduct) Rows() *TurningGame { return p.rows }

// Width returns the number of columns.
func (p *TurningProduct) Width() int { return p.cols.Len() }

// Height returns the number of rows.
func (p *TurningProduct) Height() int { return p.rows.Len() }

// Value returns the value of the position whose only heads coin is (x, y):
// g(x) ⊗ g'(y). It panics unless the coin is on the board.
func (p *TurningProduct) Value(x, y int) int {
	return mul(p.cols.Value(x), p.rows.Value(y))
}

// check reports an error unless board fits the game.
func (p *TurningProduct) check(board *Board) error { return board.fits(p.Width(), p.Height()) }

// BoardValue returns the value of a position: the nim-sum of the values of
// its heads coins. The board may be smaller than the game, which then plays
// on its first columns and rows.
func (p *TurningProduct) BoardValue(board *Board) (int, error) {
	if err := p.check(board); err != nil {
		return 0, gameerr.New("coins.TurningProduct.BoardValue", p.name(), err)
	}
	return board.value(p.Value), nil
}

// A group holds the moves of one factor on one coin with one nim-sum: their
// number, and their coins when they are listed.
type group struct {
	n     int64
	coins [][]int
}

// maxStoredCoins bounds the coins WinningMoves holds for the moves of the
// factors.
const maxStoredCoins = 1 << 22

// A grouper collects the moves of the factors on the columns and rows of a
// board, within a budget of moves walked and coins stored.
type grouper struct {
	withCoins bool
	work      int
	stored    int
}

// groups returns the moves of t on coin x grouped by nim-sum.
func (gr *grouper) groups(t *TurningGame, x int) (map[int]*group, error) {
	byValue := map[int]*group{}
	err := t.rule.walk(x, t.g, gr.withCoins, func(coins []int, sum int) bool {
		gr.work++
		gr.stored += len(coins) + 1
		if gr.work > MaxTurningWork || gr.withCoins && gr.stored > maxStoredCoins {
			return false
		}
		g := byValue[sum^t.g[x]]
		if g == nil {
			g = &group{}
			byValue[sum^t.g[x]] = g
		}
		g.n++
		if gr.withCoins {
			g.coins = append(g.coins, append(slices.Clone(coins), x))
		}
		return true
	})
	if err != nil {
		return nil, fmt.Errorf("%w: the moves of coin %d pass the limits", ErrTooLarge, x)
	}
	return byValue, nil
}

// winning visits the winning moves of a position, pairs of a column move
// of value a and a row move of value b with a ⊗ b the position's value, one
// pair of groups at a time.
func (p *TurningProduct) winning(board *Board, withCoins bool, visit func(x, y int, cols, rows *group) bool) error {
	target, err := p.BoardValue(board)
	if err != nil || target == 0 {
		return err
	}
	gr := &grouper{withCoins: withCoins}
	colMoves := make([]map[int]*group, board.width+1)
	rowMoves := make([]map[int]*group, board.height+1)
	for y := 1; y <= board.height; y++ {
		for x := 1; x <= board.width; x++ {
			if !board.Heads(x, y) {
				continue
			}
			if colMoves[x] == nil {
				if colMoves[x], err = gr.groups(p.cols, x); err != nil {
					return err
				}
			}
			if rowMoves[y] == nil {
				if rowMoves[y], err = gr.groups(p.rows, y); err != nil {
					return err
				}
			}
			for a, cols := range colMoves[x] {
				if a == 0 {
					continue // a move of value 0 leaves the value as it is
				}
				b, _ := nimber.Div(uint64(target), uint64(a))
				if rows := rowMoves[y][int(b)]; rows != nil && !visit(x, y, cols, rows) {
					return fmt.Errorf("%w: more than %d winning moves", ErrBoard, MaxListedMoves)
				}
			}
		}
	}
	return nil
}

// CountWinningMoves returns the number of winning moves of a position, the
// moves to a position of value 0. It walks the moves of each factor on each
// column and row with a heads coin once, grouped by value, and pairs the
// groups. Walking more than MaxTurningWork moves is an error.
func (p *TurningProduct) CountWinningMoves(board *Board) (*big.Int, error) {
	count := new(big.Int)
	var t big.Int
	err := p.winning(board, false, func(_, _ int, cols, rows *group) bool {
		count.Add(count, t.Mul(big.NewInt(cols.n), big.NewInt(rows.n)))
		return true
	})
	if err != nil {
		return nil, gameerr.New("coins.TurningProduct.CountWinningMoves", p.name(), err)
	}
	return count, nil
}

// WinningMoves lists the winning moves of a position, the moves to a
// position of value 0, ordered by corner row, corner column, columns and
// rows. More than MaxListedMoves are an error, and so are factors whose moves
// on the columns and rows of the heads coins hold more than 2^22 coins in
// all, or number more than MaxTurningWork (a position of value 0 has no
// winning move, walks none, and is never refused).
func (p *TurningProduct) WinningMoves(board *Board) ([]TurningMove, error) {
	var wins []TurningMove
	err := p.winning(board, true, func(x, y int, cols, rows *group) bool {
		for _, c := range cols.coins {
			for _, r := range rows.coins {
				if len(wins) == MaxListedMoves {
					return false
				}
				wins = append(wins, TurningMove{X: x, Y: y, Cols: slices.Clone(c), Rows: slices.Clone(r)})
			}
		}
		return true
	})
	if err != nil {
		return nil, gameerr.New("coins.TurningProduct.WinningMoves", p.name(), err)
	}
	slices.SortFunc(wins, func(a, b TurningMove) int {
		if a.Y != b.Y {
			return a.Y - b.Y
		}
		if a.X != b.X {
			return a.X - b.X
		}
		if c := slices.Compare(a.Cols, b.Cols); c != 0 {
			return c
		}
		return slices.Compare(a.Rows, b.Rows)
	})
	return wins, nil
}

// Turn applies a move of the product to board: it turns over every coin
// (c, r), c in m.Cols and r in m.Rows. It returns an error, leaving the
// board as it was, unless m is a move of the game on the board with its
// corner heads.
//
// Errors name TurningProduct.Turn and the game.
func (p *TurningProduct) Turn(board *Board, m TurningMove) error {
	if err := p.check(board); err != nil {
		return gameerr.New("coins.TurningProduct.Turn", p.name(), err)
	}
	ok := len(m.Cols) > 0 && len(m.Rows) > 0 &&
		m.Cols[len(m.Cols)-1] == m.X && m.Rows[len(m.Rows)-1] == m.Y &&
		m.X >= 1 && m.X <= board.width && m.Y >= 1 && m.Y <= board.height &&
		p.cols.rule.Allows(m.Cols) && p.rows.rule.Allows(m.Rows)
	if !ok || !board.Heads(m.X, m.Y) {
		return gameerr.New("coins.TurningProduct.Turn", p.name(), fmt.Errorf("%w: no move at (%d,%d) of %d columns and %d rows on a %dx%d board", ErrBoard, m.X, m.Y, len(m.Cols), len(m.Rows), board.width, board.height))
	}
	for _, r := range m.Rows {
		for _, c := range m.Cols {
			board.Set(c, r, !board.Heads(c, r))
		}
	}
	return nil
}
