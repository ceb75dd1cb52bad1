package coins

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/games"
	"github.com/grundylab/grundy/pkg/games/heap"
	"github.com/grundylab/grundy/pkg/games/nimber"
)

// TestTurningPublished compares the first twenty values with those CGSuite's
// own tests give for its turning codes (GameHeapTest.scala, Spawning).
func TestTurningPublished(t *testing.T) {
	tests := []struct {
		code string
		want []int
	}{
		{MockTurtles, []int{1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35, 37, 38}},
		{Moidores, []int{1, 2, 4, 8, 16, 32, 64, 128, 256, 511, 512, 1024, 2048, 4096, 7711, 8192, 16384, 26215, 32768, 43691}},
		{Triplets, []int{0, 0, 1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35}},
		{Ruler, []int{1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16, 1, 2, 1, 4}},
		{MockTurtleFives, []int{1, 2, 4, 7, 8, 1, 2, 4, 7, 8, 1, 2, 4, 7, 8, 1, 2, 4, 7, 8}},
		{TripletFives, []int{0, 0, 1, 2, 4, 0, 0, 1, 2, 4, 0, 0, 1, 2, 4, 0, 0, 1, 2, 4}},
		{RulerFives, []int{1, 2, 1, 4, 1, 2, 1, 4, 1, 2, 1, 4, 1, 2, 1, 4, 1, 2, 1, 4}},
		{Turnips, []int{0, 0, 1, 0, 0, 1, 2, 2, 1, 0, 0, 1, 0, 0, 1, 2, 2, 1, 4, 4}},
		{Grunt, []int{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3}},
		{Sym, []int{1, 2, 4, 3, 6, 7, 8, 16, 18, 25, 32, 11, 64, 31, 128, 10, 256, 5, 512, 28}},
	}
	for _, tt := range tests {
		s, err := Turning(tt.code, 20)
		if err != nil {
			t.Fatalf("%s: %v", tt.code, err)
		}
		if s[0] != 0 || !slices.Equal(s[1:], tt.want) {
			t.Errorf("Turning(%q, 20) = %v, want 0 then %v", tt.code, s, tt.want)
		}
	}
}

// TestTurningClosedForms checks long runs against known formulas: Twins
// (coin x has value x-1), Turtles (x-1 with x = 1 worth 1), Mock Turtles
// (the odious numbers: 2x-1 or 2x-2, whichever has an odd number of ones),
// Ruler (the largest power of two dividing x) and Motley (2^(x-1)).
func TestTurningClosedForms(t *testing.T) {
	n := 3000
	tests := []struct {
		code string
		n    int
		f    func(x int) int
	}{
		{Twins, n, func(x int) int { return x - 1 }},
		{Turtles, n, func(x int) int { return x }},
		{MockTurtles, n, func(x int) int {
			if bits.OnesCount(uint(2*x-2))%2 == 1 {
				return 2*x - 2
			}
			return 2*x - 1
		}},
		{Ruler, n, func(x int) int { return x & -x }},
		{Motley, 20, func(x int) int { return 1 << (x - 1) }},
	}
	for _, tt := range tests {
		s, err := Turning(tt.code, tt.n)
		if err != nil {
			t.Fatalf("%s: %v", tt.code, err)
		}
		for x := 1; x <= tt.n; x++ {
			if s[x] != tt.f(x) {
				t.Fatalf("Turning(%q): g(%d) = %d, want %d", tt.code, x, s[x], tt.f(x))
			}
		}
	}
}

// coinMoves lists the options of a row of n coins, a bitmask of heads, in
// the game of rule r by trying every set of coins: bit x-1 is coin x.
func coinMoves(r Rule, n int) func(uint32) []uint32 {
	return func(pos uint32) []uint32 {
		var opts []uint32
		for x := 1; x <= n; x++ {
			if pos>>(x-1)&1 == 0 {
				continue
			}
			for other := uint32(0); other < 1<<(x-1); other++ {
				coins := make([]int, 0, bits.OnesCount32(other)+1)
				for c := 1; c < x; c++ {
					if other>>(c-1)&1 == 1 {
						coins = append(coins, c)
					}
				}
				if r.Allows(append(coins, x)) {
					opts = append(opts, pos^other^1<<(x-1))
				}
			}
		}
		return opts
	}
}

// randomCode draws a turning code from the grammar.
func randomCode(r *rand.Rand) string {
	var alts []string
	for range 1 + r.IntN(2) {
		lo := 1 + r.IntN(4)
		var s string
		switch r.IntN(3) {
		case 0:
			s = fmt.Sprint(lo)
		case 1:
			s = fmt.Sprintf("%d-%d", lo, lo+r.IntN(4))
		default:
			s = fmt.Sprintf("%d+", lo)
		}
		s += []string{"", "", "C", "E", "S"}[r.IntN(5)]
		if r.IntN(4) == 0 {
			s += "F"
		}
		if r.IntN(3) == 0 {
			s += fmt.Sprintf("C(%d)", 1+r.IntN(6))
		}
		alts = append(alts, s)
	}
	return strings.Join(alts, ",")
}

// TestTurningAgainstSolver plays the real coin game on every position of a
// row of up to 9 coins with the generic solver, moves found by trying every
// set of coins against Rule.Allows, and checks the coin-turning theorem: a
// position's value is the nim-sum of the values Turning gives its heads.
func TestTurningAgainstSolver(t *testing.T) {
	codes := []string{Turtles, MockTurtles, Moebius, Mogul, Moidores, Motley, Twins, Triplets, Ruler,
		MockTurtleFives, TripletFives, RulerFives, Turnips, Grunt, Sym, Sympler, "1F", "2F", "1-3F", "2+E", "1,3C", "2S,1-2C(3)"}
	r := rand.New(rand.NewPCG(13, 14))
	for range 60 {
		codes = append(codes, randomCode(r))
	}
	n := 9
	if testing.Short() {
		n = 7
	}
	for _, code := range codes {
		rule, err := ParseRule(code)
		if err != nil {
			t.Fatalf("%q: %v", code, err)
		}
		s, err := Turning(code, n)
		if err != nil {
			t.Fatalf("%q: %v", code, err)
		}
		solver := games.NewSolver(coinMoves(rule, n), 0)
		for pos := uint32(0); pos < 1<<n; pos++ {
			want := 0
			for x := 1; x <= n; x++ {
				if pos>>(x-1)&1 == 1 {
					want ^= s[x]
				}
			}
			got, err := solver.Grundy(pos)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("%q: position %0*b has value %d, the nim-sum of Turning's values is %d", code, n, pos, got, want)
			}
		}
	}
}

// allowedSets returns every set of coins, listed in increasing order and
// ending at coin x, that r allows as a move: the plain definition, trying
// each of the 2^(x-1) sets of the coins before x.
func allowedSets(r Rule, x int) [][]int {
	var sets [][]int
	for other := 0; other < 1<<(x-1); other++ {
		var coins []int
		for c := 1; c < x; c++ {
			if other>>(c-1)&1 == 1 {
				coins = append(coins, c)
			}
		}
		if coins = append(coins, x); r.Allows(coins) {
			sets = append(sets, coins)
		}
	}
	return sets
}

// TestTurningMoves compares Moves with every set of coins Allows.
func TestTurningMoves(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	codes := []string{MockTurtles, Motley, Ruler, Turnips, Grunt, Sym, Sympler, "1-3,2", "2+E,3S"}
	for range 40 {
		codes = append(codes, randomCode(r))
	}
	n := 10
	for _, code := range codes {
		tg, err := NewTurning(code, n)
		if err != nil {
			t.Fatal(err)
		}
		for x := 1; x <= n; x++ {
			got, err := tg.Moves(x)
			if err != nil {
				t.Fatal(err)
			}
			want := allowedSets(tg.Rule(), x)
			slices.SortFunc(got, slices.Compare)
			slices.SortFunc(want, slices.Compare)
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Fatalf("%q: Moves(%d) = %v, want %v", code, x, got, want)
			}
		}
	}
}

// TestTurningRunsAgainstWalk computes codes of consecutive coins both as a
// Line and by walking their moves.
func TestTurningRunsAgainstWalk(t *testing.T) {
	codes := []string{Ruler, RulerFives, "2C", "1,3C", "2-3C,5C", "3+C", "1-4CC(3)", "7-9C,2C"}
	for _, code := range codes {
		r, err := ParseRule(code)
		if err != nil {
			t.Fatal(err)
		}
		if !r.runs() {
			t.Fatalf("%q is not a code of runs", code)
		}
		line, err := r.lineValues(2000)
		if err != nil {
			t.Fatal(err)
		}
		walked, err := r.values(2000)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(line, walked) {
			t.Errorf("%q: Line and walk differ", code)
		}
	}
	for _, code := range []string{"1+CF", "1+C,2", "3E", "1-4C(3)"} {
		if r, _ := ParseRule(code); r.runs() {
			t.Errorf("%q taken for a code of runs", code)
		}
	}
}

func TestParseRule(t *testing.T) {
	good := []struct {
		code  string
		moves [][]int // some allowed moves
		not   [][]int // some forbidden ones
	}{
		{"1-3", [][]int{{5}, {1, 5}, {1, 2, 5}}, [][]int{{1, 2, 3, 5}}},
		{"2", [][]int{{1, 9}}, [][]int{{9}, {1, 2, 9}}},
		{"1+c", [][]int{{3, 4, 5}}, [][]int{{3, 5}}},
		{"3e", [][]int{{1, 4, 7}}, [][]int{{1, 4, 8}}},
		{"4FS", [][]int{{1, 2, 5, 6}}, [][]int{{2, 3, 6, 7}, {1, 2, 4, 6}}},
		{"1-3C(5)", [][]int{{3, 7}, {3, 5, 7}}, [][]int{{2, 7}}},
		{" 2 , 3C ", [][]int{{1, 8}, {6, 7, 8}}, [][]int{{5, 7, 8}}},
		{"1F", [][]int{{1}}, [][]int{{2}}},
		{"2-3C(2)", [][]int{{4, 5}}, [][]int{{3, 4, 5}}},
	}
	for _, tt := range good {
		r, err := ParseRule(tt.code)
		if err != nil {
			t.Errorf("ParseRule(%q): %v", tt.code, err)
			continue
		}
		if r.String() != tt.code {
			t.Errorf("String() = %q, want %q", r, tt.code)
		}
		for _, m := range tt.moves {
			if !r.Allows(m) {
				t.Errorf("%q does not allow %v", tt.code, m)
			}
		}
		for _, m := range tt.not {
			if r.Allows(m) {
				t.Errorf("%q allows %v", tt.code, m)
			}
		}
	}
	bad := []string{"", ",", "1-", "-3", "0", "0-2", "3-1", "1+2", "x", "1X", "1C(", "1C()", "1C(0)", "1C(x)",
		"1CE", "1SE", "99999999999", "1-99999999999", "1++", "1-2-3", "1C(5", "é", "1\x00",
		strings.Repeat("1,", MaxRuleLen)}
	for _, code := range bad {
		_, err := ParseRule(code)
		if !errors.Is(err, ErrRule) {
			t.Errorf("ParseRule(%q) error = %v, want ErrRule", code, err)
		} else if len(err.Error()) > 2*MaxRuleLen {
			t.Errorf("ParseRule(%.20q...): error of %d bytes", code, len(err.Error()))
		}
	}
	for _, m := range [][]int{nil, {0, 2}, {2, 2}, {3, 1}, {-1}} {
		if r, _ := ParseRule(Motley); r.Allows(m) {
			t.Errorf("Motley allows %v", m)
		}
	}
}

func TestTurningLimits(t *testing.T) {
	tests := []struct {
		name string
		code string
		n    int
		is   error
	}{
		{"negative", MockTurtles, -1, heap.ErrSize},
		{"too long", MockTurtles, heap.MaxLen, heap.ErrTooLong},
		{"values too large", Motley, 40, ErrTooLarge},
		{"values too large for the bitsets", Moidores, 100, ErrTooLarge},
		{"too many bitsets", "1-1000", 1 << 20, ErrTooLarge},
		{"too much work", "3E", 1 << 20, ErrTooLarge},
		{"bad code", "1Q", 10, ErrRule},
	}
	for _, tt := range tests {
		_, err := Turning(tt.code, tt.n)
		if !errors.Is(err, tt.is) {
			t.Errorf("%s: Turning(%q, %d) error = %v, want %v", tt.name, tt.code, tt.n, err, tt.is)
		} else if len(err.Error()) > 200 {
			t.Errorf("%s: error of %d bytes", tt.name, len(err.Error()))
		}
	}
	tg, err := NewTurning(Motley, 30)
	if err == nil {
		if _, err := tg.Moves(30); !errors.Is(err, ErrTooLarge) {
			t.Errorf("Moves of Motley on coin 30: error = %v, want ErrTooLarge", err)
		}
	}
	// Counts far beyond the row: nothing to explore.
	for _, code := range []string{"999999999", "999999999S", "999999999E", "999999999F", "999999999-1000000000C(1000000000)"} {
		tg, err := NewTurning(code, 60)
		if err != nil {
			t.Fatalf("%q: %v", code, err)
		}
		if m, err := tg.Moves(60); err != nil || len(m) != 0 {
			t.Errorf("%q: Moves(60) = %v, %v; want none", code, m, err)
		}
		if s := tg.Values(); s.Max() != 0 {
			t.Errorf("%q: values %v, want zeros", code, s)
		}
	}
	tg, _ = NewTurning("30", 40)
	if _, err := tg.Moves(40); !errors.Is(err, ErrTooLarge) {
		t.Errorf("Moves(40) of 30 coins among 40: error = %v, want ErrTooLarge", err)
	}
	// Factors with millions of moves per coin: too many to list.
	motley, err := NewTurning(Motley, 24)
	if err != nil {
		t.Fatal(err)
	}
	one, _ := NewTurning("1", 1)
	p, _ := NewTurningProduct(motley, one)
	board, _ := NewBoard(24, 1)
	board.Fill(true)
	if _, err := p.WinningMoves(board); !errors.Is(err, ErrTooLarge) {
		t.Errorf("WinningMoves of Motley on 24 coins: error = %v, want ErrTooLarge", err)
	}
	tg, _ = NewTurning(MockTurtles, 5)
	for _, x := range []int{0, 6, -1} {
		if _, err := tg.Moves(x); !errors.Is(err, ErrBoard) {
			t.Errorf("Moves(%d) error = %v, want ErrBoard", x, err)
		}
	}
	if _, err := NewTurningProduct(nil, tg); !errors.Is(err, ErrBoard) {
		t.Errorf("NewTurningProduct(nil) error = %v, want ErrBoard", err)
	}
}

// productMoves lists the options of a board, a bitmask with bit
// (y-1)·w + x-1 for coin (x, y), in the product game by trying every pair of
// sets of columns and rows against the factors' rules.
func productMoves(cols, rows Rule, w, h int) func(uint32) []uint32 {
	return func(pos uint32) []uint32 {
		var opts []uint32
		for y := 1; y <= h; y++ {
			for x := 1; x <= w; x++ {
				if pos>>((y-1)*w+x-1)&1 == 0 {
					continue
				}
				for _, cs := range allowedSets(cols, x) {
					for _, rs := range allowedSets(rows, y) {
						q := pos
						for _, r := range rs {
							for _, c := range cs {
								q ^= 1 << ((r-1)*w + c - 1)
							}
						}
						opts = append(opts, q)
					}
				}
			}
		}
		return opts
	}
}

// TestTurningProductAgainstSolver plays products, Turning Corners among
// them, on every position of small boards and compares values, winning
// moves and their count with the generic solver.
func TestTurningProductAgainstSolver(t *testing.T) {
	pairs := [][2]string{{Twins, Twins}, {MockTurtles, Ruler}, {Turnips, Turtles}, {Grunt, Sym}, {"1-2C", "2,3E"}}
	w, h := 4, 3
	for _, pair := range pairs {
		cols, err := NewTurning(pair[0], w)
		if err != nil {
			t.Fatal(err)
		}
		rows, err := NewTurning(pair[1], h)
		if err != nil {
			t.Fatal(err)
		}
		p, err := NewTurningProduct(cols, rows)
		if err != nil {
			t.Fatal(err)
		}
		solver := games.NewSolver(productMoves(cols.Rule(), rows.Rule(), w, h), 0)
		for pos := uint32(0); pos < 1<<(w*h); pos++ {
			board := bitBoard(t, w, h, uint64(pos))
			want, err := solver.Grundy(pos)
			if err != nil {
				t.Fatal(err)
			}
			got, err := p.BoardValue(board)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("%s × %s: position %b: value %d, solver %d", pair[0], pair[1], pos, got, want)
			}
			if pos%7 != 0 {
				continue
			}
			// The winning moves are the options of value 0.
			wantWins := 0
			for _, q := range productMoves(cols.Rule(), rows.Rule(), w, h)(pos) {
				if g, _ := solver.Grundy(q); g == 0 {
					wantWins++
				}
			}
			wins, count := listAndCount(t, p, board)
			if len(wins) != wantWins || count.Int64() != int64(wantWins) {
				t.Fatalf("%s × %s: position %b: %d winning moves listed, %v counted, solver %d",
					pair[0], pair[1], pos, len(wins), count, wantWins)
			}
			for _, m := range wins {
				b := copyBoard(board)
				if err := p.Turn(b, m); err != nil {
					t.Fatal(err)
				}
				if v, _ := p.BoardValue(b); v != 0 {
					t.Fatalf("%s × %s: move %v leaves value %d", pair[0], pair[1], m, v)
				}
			}
		}
	}
}

// TestTurningCorners checks the Tartan theorem's statement for Turning
// Corners on a larger board: the value of coin (x, y) is (x-1) ⊗ (y-1).
func TestTurningCorners(t *testing.T) {
	twins, err := NewTurning(Twins, 64)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := NewTurningProduct(twins, twins)
	for x := 1; x <= 64; x++ {
		for y := 1; y <= 64; y++ {
			if got, want := p.Value(x, y), int(nimber.Mul(uint64(x-1), uint64(y-1))); got != want {
				t.Fatalf("Turning Corners (%d,%d) = %d, want %d", x, y, got, want)
			}
		}
	}
	board, _ := NewBoard(3, 3)
	bad := []TurningMove{
		{X: 3, Y: 3, Cols: []int{3}, Rows: []int{1, 3}},    // one column: not a Twins move
		{X: 3, Y: 3, Cols: []int{1, 3}, Rows: []int{1, 3}}, // corner tails
		{X: 4, Y: 3, Cols: []int{1, 4}, Rows: []int{1, 3}}, // off the board
		{X: 3, Y: 3},
		{X: 3, Y: 3, Cols: make([]int, 1e5), Rows: []int{1, 3}}, // long and not a move
	}
	board.Set(3, 3, true)
	for i, m := range bad {
		if i == 1 {
			board.Set(3, 3, false)
		}
		if err := p.Turn(board, m); !errors.Is(err, ErrBoard) {
			t.Errorf("Turn(%.60v) error = %v, want ErrBoard", m, err)
		} else if len(err.Error()) > 120 {
			t.Errorf("Turn: error of %d bytes", len(err.Error()))
		}
	}
}

func FuzzParseRule(f *testing.F) {
	for _, code := range []string{MockTurtles, Motley, Ruler, MockTurtleFives, Turnips, Grunt, Sympler, "2,3C", "1-3C(5),4E", "1c(2)f"} {
		f.Add(code)
	}
	f.Fuzz(func(t *testing.T, code string) {
		r, err := ParseRule(code)
		if err != nil {
			if !errors.Is(err, ErrRule) {
				t.Fatalf("ParseRule(%q) error %v does not wrap ErrRule", code, err)
			}
			return
		}
		if r.String() != code {
			t.Fatalf("String() = %q, want %q", r, code)
		}
		n := 7
		s, err := Turning(code, n)
		if err != nil {
			t.Fatal(err)
		}
		solver := games.NewSolver(coinMoves(r, n), 0)
		for x := 1; x <= n; x++ {
			if g, err := solver.Grundy(1 << (x - 1)); err != nil || g != s[x] {
				t.Fatalf("%q: coin %d: Turning %d, solver %d (%v)", code, x, s[x], g, err)
			}
		}
	})
}

func ExampleTurning() {
	s, _ := Turning(MockTurtles, 10)
	fmt.Println(s[1:])
	// Output: [1 2 4 7 8 11 13 14 16 19]
}

func ExampleTurningProduct_WinningMoves() {
	twins, _ := NewTurning(Twins, 4)
	corners, _ := NewTurningProduct(twins, twins) // Turning Corners
	board, _ := NewBoard(4, 4)
	board.Set(4, 4, true)
	board.Set(2, 4, true)
	fmt.Println(corners.BoardValue(board))
	moves, _ := corners.WinningMoves(board)
	fmt.Println(moves)
	// Output:
	// 1 <nil>
	// [(2,4) cols [1 2] rows [3 4] (4,4) cols [1 4] rows [2 4] (4,4) cols [2 4] rows [1 4] (4,4) cols [3 4] rows [3 4]]
}

func BenchmarkTurning(b *testing.B) {
	for _, tt := range []struct {
		code string
		n    int
	}{
		{MockTurtles, 1000}, {MockTurtles, 10000}, {MockTurtles, 100000},
		{Moidores, 50}, {Ruler, 10000}, {Turnips, 10000}, {MockTurtleFives, 100000}, {Sym, 24},
	} {
		b.Run(fmt.Sprintf("%s/%d", tt.code, tt.n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Turning(tt.code, tt.n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func ExampleParseRule() {
	r, _ := ParseRule("1-3C(5)") // Mock Turtle Fives
	fmt.Println(r.Allows([]int{3, 7}), r.Allows([]int{2, 7}), r.Allows([]int{3, 5, 6, 7}))
	// Output: true false false
}

func ExampleTurningGame_Moves() {
	t, _ := NewTurning(Turnips, 7)
	moves, _ := t.Moves(7)
	fmt.Println(moves, t.Value(7))
	// Output: [[5 6 7] [3 5 7] [1 4 7]] 2
}

func BenchmarkTurningProduct(b *testing.B) {
	for _, n := range []int{8, 16, 32} {
		cols, err := NewTurning(MockTurtles, n)
		if err != nil {
			b.Fatal(err)
		}
		rows, err := NewTurning(Ruler, n)
		if err != nil {
			b.Fatal(err)
		}
		p, _ := NewTurningProduct(cols, rows)
		r := rand.New(rand.NewPCG(1, uint64(n)))
		board := boardOf(b, n, n, func(int, int) bool { return r.IntN(2) == 0 })
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := p.CountWinningMoves(board); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestMinWork holds the estimate by which Turning refuses a game before it
// starts to the steps a computation really spends, on every kind of walked
// alternative: it must never be more. Turnips on 300,000 coins, whose walk
// takes fewer steps than MaxTurningWork, must not be refused.
func TestMinWork(t *testing.T) {
	codes := []string{"3E", "2E", "4E", "5E", "2S", "3S", "4S", "1-3C", "15-20C,2", "2+C", "4C(6)",
		"3C(5)", "1-4C(7)", "2C(3)", "3-5C(9)", "2-4SC(6)", "3EC(9)", "3+EC(8)", "1-3C(5),4E", "1-3,2E"}
	for _, code := range codes {
		r, err := ParseRule(code)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{1, 2, 3, 5, 17, 64, 300} {
			e := r.newEngine(n)
			least := e.minWork(n)
			if _, err := e.run(n); err != nil {
				t.Fatalf("%s on %d coins: %v", code, n, err)
			}
			if spent := float64(MaxTurningWork - e.budget); least > spent {
				t.Errorf("%s on %d coins: minWork %g, more than the %g steps spent", code, n, least, spent)
			}
		}
	}
	r, err := ParseRule(Turnips)
	if err != nil {
		t.Fatal(err)
	}
	if w := r.newEngine(300_000).minWork(300_000); w > MaxTurningWork {
		t.Errorf("Turnips on 300000 coins: minWork %g, more than MaxTurningWork %d", w, uint64(MaxTurningWork))
	}
}
