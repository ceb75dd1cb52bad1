package coins

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundylab/grundy/pkg/games"
	"github.com/grundylab/grundy/pkg/games/heap"
)

// realBoard is the product game played for real, by the generic solver: a
// position is a bitmask of heads coins, bit (y-1)*w + x-1 for coin (x, y),
// and a move turns over a rectangle whose corner shows heads.
type realBoard struct {
	w, h       int
	cols, rows []int // run lengths
}

func (r realBoard) rect(m Move) uint64 {
	var mask uint64
	for y := m.Y - m.Height + 1; y <= m.Y; y++ {
		for x := m.X - m.Width + 1; x <= m.X; x++ {
			mask |= 1 << ((y-1)*r.w + x - 1)
		}
	}
	return mask
}

// moves lists the legal moves of pos.
func (r realBoard) moves(pos uint64) []Move {
	var ms []Move
	for y := 1; y <= r.h; y++ {
		for x := 1; x <= r.w; x++ {
			if pos>>((y-1)*r.w+x-1)&1 == 0 {
				continue
			}
			for _, cw := range r.cols {
				for _, rh := range r.rows {
					if cw <= x && rh <= y {
						ms = append(ms, Move{X: x, Y: y, Width: cw, Height: rh})
					}
				}
			}
		}
	}
	return ms
}

func (r realBoard) options(pos uint64) []uint64 {
	var opts []uint64
	for _, m := range r.moves(pos) {
		opts = append(opts, pos^r.rect(m))
	}
	return opts
}

// boardOf returns a width×height board whose coin (x, y) shows heads where
// heads(x, y) says so, asked row by row from the bottom.
func boardOf(t testing.TB, width, height int, heads func(x, y int) bool) *Board {
	t.Helper()
	b, err := NewBoard(width, height)
	if err != nil {
		t.Fatal(err)
	}
	for y := 1; y <= height; y++ {
		for x := 1; x <= width; x++ {
			b.Set(x, y, heads(x, y))
		}
	}
	return b
}

// bitBoard returns the width×height board of a solver's position: bit
// (y-1)·width + x-1 of pos is set when coin (x, y) shows heads.
func bitBoard(t testing.TB, width, height int, pos uint64) *Board {
	t.Helper()
	return boardOf(t, width, height, func(x, y int) bool { return pos>>((y-1)*width+x-1)&1 == 1 })
}

// winningMover is a product game that lists and counts its winning moves.
type winningMover[M any] interface {
	WinningMoves(*Board) ([]M, error)
	CountWinningMoves(*Board) (*big.Int, error)
}

// listAndCount returns the winning moves of board as p lists them and as it
// counts them, failing the test on an error.
func listAndCount[M any](t *testing.T, p winningMover[M], board *Board) ([]M, *big.Int) {
	t.Helper()
	wins, err := p.WinningMoves(board)
	if err != nil {
		t.Fatal(err)
	}
	count, err := p.CountWinningMoves(board)
	if err != nil {
		t.Fatal(err)
	}
	return wins, count
}

type setPair struct{ cols, rows heap.Set }

func testPairs(t *testing.T) []setPair {
	sets := testSets(t)
	return []setPair{
		{heap.Squares(), heap.Triangular()}, // Project Euler 459
		{sets[5], sets[6]},                  // odd and even lengths
		{sets[2], sets[3]},                  // primes and powers of 2
		{sets[8], sets[4]},                  // all lengths and {1,3,4,70,130}
	}
}

// TestTartanAgainstSolver checks the Tartan theorem, and the winning moves,
// on every position of every board of at most 16 coins with sides up to 5
// (12 coins in short mode), against the generic solver playing the real
// two-dimensional game.
func TestTartanAgainstSolver(t *testing.T) {
	coins := 16
	if testing.Short() {
		coins = 12
	}
	for _, pair := range testPairs(t) {
		p, err := NewProduct(pair.cols, 5, pair.rows, 5)
		if err != nil {
			t.Fatal(err)
		}
		for w := 1; w <= 5; w++ {
			for h := 1; h <= 5 && w*h <= coins; h++ {
				t.Run(fmt.Sprintf("%s×%s/%dx%d", pair.cols, pair.rows, w, h), func(t *testing.T) {
					cols, _ := pair.cols.Members(w)
					rows, _ := pair.rows.Members(h)
					game := realBoard{w: w, h: h, cols: cols, rows: rows}
					solver := games.NewSolver(game.options, 0)
					for pos := range uint64(1) << (w * h) {
						checkPosition(t, p, game, solver, pos)
					}
				})
			}
		}
	}
}

func checkPosition(t *testing.T, p *Product, game realBoard, solver *games.Solver[uint64], pos uint64) {
	t.Helper()
	want, err := solver.Grundy(pos)
	if err != nil {
		t.Fatal(err)
	}
	board := bitBoard(t, game.w, game.h, pos)
	got, err := p.BoardValue(board)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Fatalf("position\n%svalue %d by Tartan, %d by the solver", board, got, want)
	}
	var wantWins []Move
	for _, m := range game.moves(pos) {
		if v, _ := solver.Grundy(pos ^ game.rect(m)); v == 0 {
			wantWins = append(wantWins, m)
		}
		if mv := p.MoveValue(m); mv == 0 {
			t.Fatalf("move %v has value 0", m)
		}
	}
	wins, count := listAndCount(t, p, board)
	if !slices.Equal(wins, wantWins) {
		t.Fatalf("position\n%swinning moves %v, solver %v", board, wins, wantWins)
	}
	if count.Cmp(big.NewInt(int64(len(wantWins)))) != 0 {
		t.Fatalf("position\n%sCountWinningMoves = %v, solver %d", board, count, len(wantWins))
	}
}

// TestAllHeadsWinningMoves checks the count from the run histograms against
// the listed winning moves, which evaluate every move separately.
func TestAllHeadsWinningMoves(t *testing.T) {
	for _, pair := range testPairs(t) {
		for _, size := range [][2]int{{1, 1}, {2, 2}, {5, 5}, {7, 3}, {3, 9}, {16, 16}, {30, 25}} {
			p, err := NewProduct(pair.cols, size[0], pair.rows, size[1])
			if err != nil {
				t.Fatal(err)
			}
			board, _ := NewBoard(size[0], size[1])
			board.Fill(true)
			wins, count := listAndCount(t, p, board)
			value, _ := p.BoardValue(board)
			if p.AllHeads() != value {
				t.Errorf("%v: AllHeads() = %d, board value %d", p, p.AllHeads(), value)
			}
			if got := p.AllHeadsWinningMoves(); got.Cmp(big.NewInt(int64(len(wins)))) != 0 {
				t.Errorf("%v: AllHeadsWinningMoves() = %v, %d moves listed", p, got, len(wins))
			}
			if count.Cmp(big.NewInt(int64(len(wins)))) != 0 {
				t.Errorf("%v: CountWinningMoves(all heads) = %v, %d moves listed", p, count, len(wins))
			}
			for _, m := range wins {
				b := copyBoard(board)
				b.Turn(m)
				if v, _ := p.BoardValue(b); v != 0 {
					t.Fatalf("%v: winning move %v leaves value %d", p, m, v)
				}
			}
		}
	}
}

// TestCountWinningMoves compares the count with the list on random
// positions of larger boards.
func TestCountWinningMoves(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, pair := range testPairs(t) {
		p, err := NewProduct(pair.cols, 40, pair.rows, 30)
		if err != nil {
			t.Fatal(err)
		}
		for range 20 {
			board := boardOf(t, 1+r.IntN(40), 1+r.IntN(30), func(int, int) bool { return r.IntN(3) == 0 })
			wins, count := listAndCount(t, p, board)
			if count.Cmp(big.NewInt(int64(len(wins)))) != 0 {
				t.Fatalf("%v on\n%sCountWinningMoves = %v, %d moves listed", p, board, count, len(wins))
			}
		}
	}
}

// copyBoard copies a board.
func copyBoard(b *Board) *Board {
	c := *b
	c.heads = slices.Clone(b.heads)
	return &c
}

func TestBoard(t *testing.T) {
	b, err := NewBoard(3, 2)
	if err != nil {
		t.Fatal(err)
	}
	b.Set(3, 2, true)
	b.Turn(Move{X: 2, Y: 2, Width: 2, Height: 2})
	if got, want := b.String(), "HHH\nHHT\n"; got != want {
		t.Errorf("board:\n%swant\n%s", got, want)
	}
	if b.Width() != 3 || b.Height() != 2 || !b.Heads(1, 1) || b.Heads(3, 1) {
		t.Errorf("board accessors disagree with\n%s", b)
	}
	if _, err := NewBoard(-1, 2); !errors.Is(err, ErrBoard) {
		t.Errorf("NewBoard(-1, 2) error = %v, want ErrBoard", err)
	}
	p, err := NewProduct(heap.Squares(), 2, heap.Squares(), 2)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.BoardValue(b); !errors.Is(err, ErrBoard) {
		t.Errorf("3x2 board on a 2x2 game: error = %v, want ErrBoard", err)
	}
	if _, err := p.CountWinningMoves(b); !errors.Is(err, ErrBoard) {
		t.Errorf("CountWinningMoves error = %v, want ErrBoard", err)
	}
	if _, err := p.WinningMoves(b); !errors.Is(err, ErrBoard) {
		t.Errorf("WinningMoves error = %v, want ErrBoard", err)
	}
	mustPanic(t, map[string]func(){
		"Heads(0, 1)":     func() { b.Heads(0, 1) },
		"Set(4, 1)":       func() { b.Set(4, 1, true) },
		"Turn off board":  func() { b.Turn(Move{X: 3, Y: 2, Width: 4, Height: 1}) },
		"Turn empty":      func() { b.Turn(Move{X: 2, Y: 2, Width: 0, Height: 1}) },
		"Value off board": func() { p.Value(3, 1) },
	})
}

func TestProductAccessors(t *testing.T) {
	cols, err := NewLine(heap.Squares(), 4)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := NewLine(heap.Triangular(), 3)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ProductOf(cols, rows)
	if err != nil {
		t.Fatal(err)
	}
	if p.Columns() != cols || p.Rows() != rows || p.Width() != 4 || p.Height() != 3 {
		t.Errorf("accessors of %v disagree with its factors", p)
	}
	want := "product of coin turning with runs of squares on 4 coins (columns) and " +
		"coin turning with runs of triangular numbers on 3 coins (rows)"
	if p.String() != want {
		t.Errorf("String() = %q, want %q", p.String(), want)
	}
	if cols.Set().String() != "squares" {
		t.Errorf("Set() = %v, want squares", cols.Set())
	}
}

func TestProductErrors(t *testing.T) {
	if _, err := NewProduct(heap.Squares(), -1, heap.Squares(), 3); err == nil {
		t.Error("NewProduct with -1 columns: no error")
	}
	if _, err := NewProduct(heap.Squares(), 3, heap.Set{}, 3); !errors.Is(err, heap.ErrSet) {
		t.Errorf("NewProduct with a zero Set: error = %v, want ErrSet", err)
	}
}

func TestSizeLimits(t *testing.T) {
	boards := []struct{ w, h int }{
		{-1, 2}, {2, -1}, {math.MinInt, math.MinInt},
		{1 << 31, 1 << 31}, {1 << 32, 1 << 32}, {math.MaxInt, 2}, {2, math.MaxInt},
		{MaxBoardCoins + 1, 1}, {1, MaxBoardCoins + 1}, {1 << 15, 1<<13 + 1},
	}
	for _, b := range boards {
		if _, err := NewBoard(b.w, b.h); !errors.Is(err, ErrBoard) {
			t.Errorf("NewBoard(%d, %d) error = %v, want ErrBoard", b.w, b.h, err)
		} else if len(err.Error()) > 100 {
			t.Errorf("NewBoard(%d, %d) error is %d bytes long", b.w, b.h, len(err.Error()))
		}
	}
	for _, b := range []struct{ w, h int }{{0, 0}, {0, math.MaxInt}, {math.MaxInt, 0}, {1 << 14, 1 << 14}} {
		board, err := NewBoard(b.w, b.h)
		if err != nil || board.Width() != b.w || board.Height() != b.h {
			t.Errorf("NewBoard(%d, %d) = %v, %v", b.w, b.h, board, err)
		}
	}
	all := heap.Predicate("all", func(int) bool { return true })
	lines := []struct {
		name string
		set  heap.Set
		n    int
	}{
		{"quadratic work", all, 1 << 20},
		{"all lengths", all, 1 << 22},
		{"most negative", heap.Squares(), math.MinInt},
		{"largest int", heap.Squares(), math.MaxInt},
	}
	for _, tt := range lines {
		if _, err := NewLine(tt.set, tt.n); err == nil {
			t.Errorf("%s: NewLine(%s, %d) accepted", tt.name, tt.set, tt.n)
		} else if len(err.Error()) > 100 {
			t.Errorf("%s: error is %d bytes long", tt.name, len(err.Error()))
		}
	}
	if _, err := ProductOf(nil, nil); !errors.Is(err, ErrBoard) {
		t.Errorf("ProductOf(nil, nil) error = %v, want ErrBoard", err)
	}
	p, err := NewProduct(all, 3, all, 3)
	if err != nil {
		t.Fatal(err)
	}
	for name, f := range map[string]func(*Board) error{
		"BoardValue":        func(b *Board) error { _, err := p.BoardValue(b); return err },
		"CountWinningMoves": func(b *Board) error { _, err := p.CountWinningMoves(b); return err },
		"WinningMoves":      func(b *Board) error { _, err := p.WinningMoves(b); return err },
	} {
		if err := f(nil); !errors.Is(err, ErrBoard) {
			t.Errorf("%s(nil) error = %v, want ErrBoard", name, err)
		}
	}
}

// TestWinningMovesLimit lists the winning moves of a game with more than
// MaxListedMoves of them, which must be an error, and checks that the count
// still works.
func TestWinningMovesLimit(t *testing.T) {
	// With runs of length 1 only, every coin has value 1, and on an odd
	// board of heads every move wins.
	one, _ := heap.Finite(1)
	n := 1025
	p, err := NewProduct(one, n, one, n)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := NewBoard(n, n)
	b.Fill(true)
	count, err := p.CountWinningMoves(b)
	if err != nil {
		t.Fatal(err)
	}
	if count.Cmp(big.NewInt(int64(n*n))) != 0 {
		t.Fatalf("%d winning moves, want %d", count, n*n)
	}
	if _, err := p.WinningMoves(b); !errors.Is(err, ErrBoard) {
		t.Errorf("WinningMoves of %v moves: error = %v, want ErrBoard", count, err)
	}
	if all := p.AllHeadsWinningMoves(); all.Cmp(count) != 0 {
		t.Errorf("CountWinningMoves = %v, AllHeadsWinningMoves = %v", count, all)
	}
}

// TestCountWinningMovesUntabled counts on a board whose column runs are too
// many for the table of CountWinningMoves, so each coin recomputes them.
func TestCountWinningMovesUntabled(t *testing.T) {
	all := heap.Predicate("all", func(int) bool { return true })
	n := 3000 // n(n+1)/2 column runs, more than maxNeed
	if n*(n+1)/2 <= maxNeed {
		t.Fatalf("%d column runs are not more than %d", n*(n+1)/2, maxNeed)
	}
	p, err := NewProduct(all, n, heap.Squares(), 3)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := NewBoard(n, 3)
	b.Fill(true)
	count, err := p.CountWinningMoves(b)
	if err != nil {
		t.Fatal(err)
	}
	if want := p.AllHeadsWinningMoves(); count.Cmp(want) != 0 || count.Sign() == 0 {
		t.Errorf("CountWinningMoves = %v, AllHeadsWinningMoves = %v", count, want)
	}
}

// TestMoveWorkLimit asks for the winning moves of positions with too many
// moves to try.
func TestMoveWorkLimit(t *testing.T) {
	all := heap.Predicate("all", func(int) bool { return true })
	n := 700 // n^4/4 moves to try, more than MaxMoveWork
	p, err := NewProduct(all, n, all, n)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := NewBoard(n, n)
	b.Fill(true)
	b.Set(1, 1, false) // a position of non-zero value
	if v, _ := p.BoardValue(b); v == 0 {
		t.Fatal("the test needs a position of non-zero value")
	}
	if _, err := p.WinningMoves(b); !errors.Is(err, ErrBoard) {
		t.Errorf("WinningMoves of %d^4/4 moves: error = %v, want ErrBoard", n, err)
	}
}
