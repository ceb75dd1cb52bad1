package coins

import (
	"testing"

	"github.com/grundylab/grundy/pkg/games/heap"
	"github.com/grundylab/grundy/pkg/games/internal/gameerrtest"
)

// TestErrorMessages checks the *games.Error of every function that can
// fail: the function, the input, the sentinel and the message.
func TestErrorMessages(t *testing.T) {
	squares := heap.Squares()
	p, err := NewProduct(squares, 3, squares, 3)
	if err != nil {
		t.Fatal(err)
	}
	ruler, err := NewTurning("1-3", 4)
	if err != nil {
		t.Fatal(err)
	}
	tp, err := NewTurningProduct(ruler, ruler)
	if err != nil {
		t.Fatal(err)
	}
	big, err := NewBoard(5, 5)
	if err != nil {
		t.Fatal(err)
	}
	small, err := NewBoard(2, 2)
	if err != nil {
		t.Fatal(err)
	}
	const product = "product of coin turning with runs of squares on 3 coins (columns) and coin turning with runs of squares on 3 coins (rows)"
	gameerrtest.Run(t, []gameerrtest.Case{
		{Call: func() error { _, err := NewLine(squares, -1); return err },
			Func: "coins.NewLine", Input: "squares", Sentinel: heap.ErrSize,
			Msg: `coins.NewLine "squares": invalid size: -1 coins`},
		{Call: func() error { _, err := NewLine(heap.Set{}, 5); return err },
			Func: "coins.NewLine", Input: "", Sentinel: heap.ErrSet,
			Msg: `coins.NewLine "": invalid subtraction set: zero Set`},
		{Call: func() error { _, err := NewProduct(squares, heap.MaxLen, squares, 2); return err },
			Func: "coins.NewProduct", Input: "squares x squares", Sentinel: heap.ErrTooLong,
			Msg: `coins.NewProduct "squares x squares": sequence too long: 268435456 coins, at most 268435455`},
		{Call: func() error { _, err := ProductOf(nil, p.Rows()); return err },
			Func: "coins.ProductOf", Input: "nil x coin turning with runs of squares on 3 coins", Sentinel: ErrBoard,
			Msg: `coins.ProductOf "nil x coin turning with runs of squares on 3 coins": invalid board: nil line`},
		{Call: func() error { _, err := NewBoard(-1, 2); return err },
			Func: "coins.NewBoard", Input: "-1x2", Sentinel: ErrBoard,
			Msg: `coins.NewBoard "-1x2": invalid board: negative size`},
		{Call: func() error { _, err := NewBoard(1<<20, 1<<20); return err },
			Func: "coins.NewBoard", Input: "1048576x1048576", Sentinel: ErrBoard,
			Msg: `coins.NewBoard "1048576x1048576": invalid board: more than 268435456 coins`},
		{Call: func() error { _, err := p.BoardValue(big); return err },
			Func: "coins.Product.BoardValue", Input: product, Sentinel: ErrBoard,
			Msg: `coins.Product.BoardValue "` + product + `": invalid board: board 5x5 on a game of 3x3 coins`},
		{Call: func() error { _, err := p.CountWinningMoves(nil); return err },
			Func: "coins.Product.CountWinningMoves", Input: product, Sentinel: ErrBoard,
			Msg: `coins.Product.CountWinningMoves "` + product + `": invalid board: nil board`},
		{Call: func() error { _, err := p.WinningMoves(big); return err },
			Func: "coins.Product.WinningMoves", Input: product, Sentinel: ErrBoard,
			Msg: `coins.Product.WinningMoves "` + product + `": invalid board: board 5x5 on a game of 3x3 coins`},
		{Call: func() error { _, err := ParseRule("1-3Q"); return err },
			Func: "coins.ParseRule", Input: "1-3Q", Sentinel: ErrRule,
			Msg: `coins.ParseRule "1-3Q": invalid turning code: unknown modifier 'Q'`},
		{Call: func() error { _, err := Turning("3-1", 10); return err },
			Func: "coins.Turning", Input: "3-1", Sentinel: ErrRule,
			Msg: `coins.Turning "3-1": invalid turning code: range "3-1" is empty`},
		{Call: func() error { _, err := NewTurning("1-3", -2); return err },
			Func: "coins.NewTurning", Input: "1-3", Sentinel: heap.ErrSize,
			Msg: `coins.NewTurning "1-3": invalid size: -2 coins`},
		{Call: func() error { _, err := ruler.Moves(5); return err },
			Func: "coins.TurningGame.Moves", Input: "1-3", Sentinel: ErrBoard,
			Msg: `coins.TurningGame.Moves "1-3": invalid board: coin 5 off a row of 4`},
		{Call: func() error { _, err := NewTurningProduct(ruler, nil); return err },
			Func: "coins.NewTurningProduct", Input: "1-3 x nil", Sentinel: ErrBoard,
			Msg: `coins.NewTurningProduct "1-3 x nil": invalid board: nil game`},
		{Call: func() error { _, err := tp.BoardValue(big); return err },
			Func: "coins.TurningProduct.BoardValue", Input: "1-3 x 1-3", Sentinel: ErrBoard,
			Msg: `coins.TurningProduct.BoardValue "1-3 x 1-3": invalid board: board 5x5 on a game of 4x4 coins`},
		{Call: func() error { _, err := tp.CountWinningMoves(big); return err },
			Func: "coins.TurningProduct.CountWinningMoves", Input: "1-3 x 1-3", Sentinel: ErrBoard,
			Msg: `coins.TurningProduct.CountWinningMoves "1-3 x 1-3": invalid board: board 5x5 on a game of 4x4 coins`},
		{Call: func() error { _, err := tp.WinningMoves(nil); return err },
			Func: "coins.TurningProduct.WinningMoves", Input: "1-3 x 1-3", Sentinel: ErrBoard,
			Msg: `coins.TurningProduct.WinningMoves "1-3 x 1-3": invalid board: nil board`},
		{Call: func() error { return tp.Turn(small, TurningMove{X: 1, Y: 1, Cols: []int{1}, Rows: []int{1}}) },
			Func: "coins.TurningProduct.Turn", Input: "1-3 x 1-3", Sentinel: ErrBoard,
			Msg: `coins.TurningProduct.Turn "1-3 x 1-3": invalid board: no move at (1,1) of 1 columns and 1 rows on a 2x2 board`},
	})
}
