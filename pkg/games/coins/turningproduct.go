package coins

import (
	"fmt"
	"math/big"
	"slices"

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
		return nil, fmt.Errorf("turning product: nil game: %w", ErrBoard)
	}
	return &TurningProduct{cols: cols, rows: rows}, nil
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
		return 0, err
	}
	return board.value(p.Value), nil
}

// A factorMove is a move of one factor: its coins and their nim-sum.
type factorMove struct {
	coins []int
	sum   int
}

// movesByValue returns the moves of t on coin x grouped by nim-sum, coins
// included when withCoins.
func movesByValue(t *TurningGame, x int, withCoins bool, budget *int) (map[int][]factorMove, error) {
	byValue := map[int][]factorMove{}
	err := t.rule.walk(x, t.g, withCoins, func(coins []int, sum int) bool {
		*budget--
		if *budget < 0 {
			return false
		}
		m := factorMove{sum: sum ^ t.g[x]}
		if withCoins {
			m.coins = append(slices.Clone(coins), x)
		}
		byValue[m.sum] = append(byValue[m.sum], m)
		return true
	})
	if err != nil {
		return nil, fmt.Errorf("moves of coin %d: more than %d: %w", x, uint64(MaxTurningWork), ErrTooLarge)
	}
	return byValue, nil
}

// winning visits the winning moves of a position, pairs of a column move
// of value a and a row move of value b with a ⊗ b the position's value,
// counting each pair of groups once.
func (p *TurningProduct) winning(board *Board, withCoins bool, visit func(x, y int, cols, rows []factorMove) bool) error {
	target, err := p.BoardValue(board)
	if err != nil || target == 0 {
		return err
	}
	budget := MaxTurningWork
	colMoves := make([]map[int][]factorMove, board.width+1)
	rowMoves := make([]map[int][]factorMove, board.height+1)
	for y := 1; y <= board.height; y++ {
		for x := 1; x <= board.width; x++ {
			if !board.Heads(x, y) {
				continue
			}
			if colMoves[x] == nil {
				if colMoves[x], err = movesByValue(p.cols, x, withCoins, &budget); err != nil {
					return err
				}
			}
			if rowMoves[y] == nil {
				if rowMoves[y], err = movesByValue(p.rows, y, withCoins, &budget); err != nil {
					return err
				}
			}
			for a, cols := range colMoves[x] {
				if a == 0 {
					continue // a move of value 0 leaves the value as it is
				}
				b, _ := nimber.Div(uint64(target), uint64(a))
				if rows := rowMoves[y][int(b)]; len(rows) > 0 && !visit(x, y, cols, rows) {
					return fmt.Errorf("more than %d winning moves: %w", MaxListedMoves, ErrBoard)
				}
			}
		}
	}
	return nil
}

// CountWinningMoves returns the number of winning moves of a position, the
// moves to a position of value 0. It walks the moves of each factor on each
// column and row with a heads coin once, grouped by value, and pairs the
// groups.
func (p *TurningProduct) CountWinningMoves(board *Board) (*big.Int, error) {
	count := new(big.Int)
	var t big.Int
	err := p.winning(board, false, func(_, _ int, cols, rows []factorMove) bool {
		count.Add(count, t.Mul(big.NewInt(int64(len(cols))), big.NewInt(int64(len(rows)))))
		return true
	})
	if err != nil {
		return nil, err
	}
	return count, nil
}

// WinningMoves lists the winning moves of a position, the moves to a
// position of value 0, ordered by corner row, corner column, columns and
// rows. More than MaxListedMoves are an error.
func (p *TurningProduct) WinningMoves(board *Board) ([]TurningMove, error) {
	var wins []TurningMove
	err := p.winning(board, true, func(x, y int, cols, rows []factorMove) bool {
		for _, c := range cols {
			for _, r := range rows {
				if len(wins) == MaxListedMoves {
					return false
				}
				wins = append(wins, TurningMove{X: x, Y: y, Cols: c.coins, Rows: r.coins})
			}
		}
		return true
	})
	if err != nil {
		return nil, err
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
func (p *TurningProduct) Turn(board *Board, m TurningMove) error {
	if err := p.check(board); err != nil {
		return err
	}
	ok := len(m.Cols) > 0 && len(m.Rows) > 0 &&
		m.Cols[len(m.Cols)-1] == m.X && m.Rows[len(m.Rows)-1] == m.Y &&
		m.X >= 1 && m.X <= board.width && m.Y >= 1 && m.Y <= board.height &&
		p.cols.rule.Allows(m.Cols) && p.rows.rule.Allows(m.Rows)
	if !ok || !board.Heads(m.X, m.Y) {
		return fmt.Errorf("move %v on a %dx%d board: %w", m, board.width, board.height, ErrBoard)
	}
	for _, r := range m.Rows {
		for _, c := range m.Cols {
			board.Set(c, r, !board.Heads(c, r))
		}
	}
	return nil
}
