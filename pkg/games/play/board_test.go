package play_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/games/heap"
	"github.com/grundylab/grundy/pkg/games/play"
)

func TestBoard(t *testing.T) {
	for _, tc := range []struct {
		in    string
		w, h  int
		heads [][2]int
		err   error
	}{
		{"", 0, 0, nil, nil},
		{"H", 1, 1, [][2]int{{1, 1}}, nil},
		{"THT/HHT", 3, 2, [][2]int{{1, 1}, {2, 1}, {2, 2}}, nil},
		{"T/T/H", 1, 3, [][2]int{{1, 1}}, nil},
		{strings.Repeat("T", 63) + "H", 64, 1, [][2]int{{64, 1}}, nil},
		{"HHHHHHHH/HHHHHHHH/HHHHHHHH/HHHHHHHH/HHHHHHHH/HHHHHHHH/HHHHHHHH/HHHHHHHT", 8, 8, nil, nil},
		{"HT/H", 0, 0, nil, play.ErrPosition},
		{"/", 0, 0, nil, play.ErrPosition},
		{"H/", 0, 0, nil, play.ErrPosition},
		{"HX", 0, 0, nil, play.ErrPosition},
		{"HH h", 0, 0, nil, play.ErrPosition},
		{strings.Repeat("T", 65), 0, 0, nil, play.ErrPosition},
		{strings.Repeat("TTTTTTTTT/", 8) + "TTTTTTTTT", 0, 0, nil, play.ErrPosition},
		{strings.Repeat("/", 1000), 0, 0, nil, play.ErrPosition},
	} {
		b, err := play.ParseBoard(tc.in)
		if !errors.Is(err, tc.err) {
			t.Errorf("ParseBoard(%q) error %v, want %v", tc.in, err, tc.err)
			continue
		}
		if err != nil {
			continue
		}
		if b.String() != tc.in || b.Width() != tc.w || b.Height() != tc.h {
			t.Errorf("ParseBoard(%q) = %q, %d×%d; want %d×%d", tc.in, b, b.Width(), b.Height(), tc.w, tc.h)
		}
		if tc.heads != nil && fmt.Sprint(b.Heads()) != fmt.Sprint(tc.heads) {
			t.Errorf("ParseBoard(%q).Heads() = %v, want %v", tc.in, b.Heads(), tc.heads)
		}
		made, err := play.NewBoard(b.Width(), b.Height(), b.Heads()...)
		if err != nil || made != b {
			t.Errorf("NewBoard of %q's heads = %q, %v", tc.in, made, err)
		}
	}
	for _, tc := range []struct {
		w, h  int
		heads [][2]int
	}{
		{0, 3, nil}, {3, 0, nil}, {-1, -1, nil}, {9, 8, nil}, {65, 1, nil},
		{2, 2, [][2]int{{3, 1}}}, {2, 2, [][2]int{{1, 0}}},
	} {
		if _, err := play.NewBoard(tc.w, tc.h, tc.heads...); !errors.Is(err, play.ErrPosition) {
			t.Errorf("NewBoard(%d, %d, %v) error %v, want ErrPosition", tc.w, tc.h, tc.heads, err)
		}
	}
}

func TestBoardTurned(t *testing.T) {
	for _, tc := range []struct {
		from, to   string
		x, y, w, h int
		ok         bool
	}{
		{"TTT/TTT", "THH/THH", 3, 2, 2, 2, true},
		{"HTT/TTT", "TTT/TTT", 1, 2, 1, 1, true},
		{"HHH/HHH", "HHH/TTT", 3, 1, 3, 1, true},
		{"TTT/TTT", "TTT/TTT", 0, 0, 0, 0, false},
		{"TTT/TTT", "HTT/TTH", 0, 0, 0, 0, false},
		{"TTT/TTT", "TTH/HTT", 0, 0, 0, 0, false},
		{"TTT/TTT", "HTH/TTT", 0, 0, 0, 0, false},
		{"TTT/TTT", "TTTT/TTTT", 0, 0, 0, 0, false},
	} {
		a, _ := play.ParseBoard(tc.from)
		b, _ := play.ParseBoard(tc.to)
		x, y, w, h, ok := a.Turned(b)
		if ok != tc.ok || x != tc.x || y != tc.y || w != tc.w || h != tc.h {
			t.Errorf("%s → %s: Turned = (%d,%d) %d×%d %v, want (%d,%d) %d×%d %v", tc.from, tc.to, x, y, w, h, ok, tc.x, tc.y, tc.w, tc.h, tc.ok)
		}
	}
}

// A grid is the brute force's own board: its faces row by row from the
// bottom, 'H' or 'T', and its width.
type grid struct {
	faces string
	w     int
}

// gridGame is a product of run games by the rules alone: a move picks a
// heads coin, a width and a height from the lists that fit below and left
// of it, and turns the rectangle it spans.
type gridGame struct {
	widths, heights []int
	misere          bool
	value           map[grid]int
}

func (gg *gridGame) moves(g grid) []grid {
	var out []grid
	for i := range len(g.faces) {
		if g.faces[i] != 'H' {
			continue
		}
		x, y := i%g.w, i/g.w
		for _, cw := range gg.widths {
			for _, ch := range gg.heights {
				if cw > x+1 || ch > y+1 {
					continue
				}
				f := []byte(g.faces)
				for r := y - ch + 1; r <= y; r++ {
					for c := x - cw + 1; c <= x; c++ {
						f[r*g.w+c] = 'H' + 'T' - f[r*g.w+c]
					}
				}
				out = append(out, grid{string(f), g.w})
			}
		}
	}
	return out
}

// grundy is the mex of the options' values; in misère play a position
// without moves has value 1 (g⁻).
func (gg *gridGame) grundy(g grid) int {
	if v, ok := gg.value[g]; ok {
		return v
	}
	opts := gg.moves(g)
	seen := map[int]bool{}
	for _, o := range opts {
		seen[gg.grundy(o)] = true
	}
	v := 0
	if len(opts) == 0 && gg.misere {
		v = 1
	} else {
		for seen[v] {
			v++
		}
	}
	gg.value[g] = v
	return v
}

func gridOf(b play.Board) grid {
	f := make([]byte, 0, b.Width()*b.Height())
	for y := 1; y <= b.Height(); y++ {
		for x := 1; x <= b.Width(); x++ {
			if b.IsHeads(x, y) {
				f = append(f, 'H')
			} else {
				f = append(f, 'T')
			}
		}
	}
	return grid{string(f), b.Width()}
}

// TestBoardGameBruteForce plays every position of every board up to 3×3
// of four products, in both conventions, against the brute force: the
// value, the options, the winning moves and the perfect player's reply.
func TestBoardGameBruteForce(t *testing.T) {
	squares, triangular := heap.Squares(), heap.Triangular()
	one23, _ := heap.Finite(1, 2, 3)
	one, _ := heap.Finite(1)
	two3, _ := heap.Finite(2, 3)
	for _, tc := range []struct {
		name            string
		cols, rows      heap.Set
		widths, heights []int
	}{
		{"runs 1-3 × runs 1-3", one23, one23, []int{1, 2, 3}, []int{1, 2, 3}},
		{"squares × triangular", squares, triangular, []int{1}, []int{1, 3}},
		{"one × runs 1-3", one, one23, []int{1}, []int{1, 2, 3}},
		{"runs 2-3 × triangular", two3, triangular, []int{2, 3}, []int{1, 3}},
	} {
		for _, c := range []play.Convention{play.Normal, play.Misere} {
			g, err := play.NewBoardGame(tc.cols, tc.rows, c, 0)
			if err != nil {
				t.Fatal(err)
			}
			gg := &gridGame{widths: tc.widths, heights: tc.heights, misere: c == play.Misere, value: map[grid]int{}}
			positions, won := 0, 0
			for w := 1; w <= 3; w++ {
				for h := 1; h <= 3; h++ {
					for mask := range 1 << (w * h) {
						var heads [][2]int
						for i := range w * h {
							if mask>>i&1 == 1 {
								heads = append(heads, [2]int{i%w + 1, i/w + 1})
							}
						}
						b, err := play.NewBoard(w, h, heads...)
						if err != nil {
							t.Fatal(err)
						}
						positions++
						if checkBoard(t, tc.name+" "+c.String(), g, gg, b) {
							won++
						}
					}
				}
			}
			if positions != 682 || won == 0 || won == positions {
				t.Errorf("%s %s: %d positions, %d won", tc.name, c, positions, won)
			}
		}
	}
}

// checkBoard checks one position against the brute force and reports
// whether it is won for the player to move.
func checkBoard(t *testing.T, name string, g *play.Game[play.Board], gg *gridGame, b play.Board) bool {
	t.Helper()
	want := gg.grundy(gridOf(b))
	v, err := g.Value(b)
	if err != nil || v != want {
		t.Fatalf("%s %s: value %d, %v; brute force %d", name, b, v, err, want)
	}
	opts, err := g.Options(b)
	if err != nil {
		t.Fatal(err)
	}
	var got, gotWin, wantWin []string
	for _, o := range opts {
		got = append(got, gridOf(o.To).faces)
		if o.Winning {
			gotWin = append(gotWin, gridOf(o.To).faces)
		}
		if _, _, _, _, ok := b.Turned(o.To); !ok {
			t.Fatalf("%s %s: option %s turns no rectangle", name, b, o.To)
		}
	}
	var all []string
	for _, o := range gg.moves(gridOf(b)) {
		all = append(all, o.faces)
		if gg.grundy(o) == 0 {
			wantWin = append(wantWin, o.faces)
		}
	}
	for _, s := range [][]string{got, gotWin, all, wantWin} {
		slices.Sort(s)
	}
	if !slices.Equal(got, all) || !slices.Equal(gotWin, wantWin) {
		t.Fatalf("%s %s: options %v winning %v; brute force %v winning %v", name, b, got, gotWin, all, wantWin)
	}
	next, ok, err := g.Reply(b)
	if err != nil || ok != (len(all) > 0) {
		t.Fatalf("%s %s: Reply = %v, %v, %v", name, b, next, ok, err)
	}
	if ok && !g.IsOption(b, next) {
		t.Fatalf("%s %s: reply %s is not a move", name, b, next)
	}
	if want != 0 && len(all) > 0 && gg.grundy(gridOf(next)) != 0 {
		t.Fatalf("%s %s: won, but the reply %s leaves a won position", name, b, next)
	}
	return want != 0
}

func ExampleNewBoardGame() {
	runs, _ := heap.Finite(1, 2)
	g, _ := play.NewBoardGame(runs, runs, play.Normal, 0)
	b, _ := play.ParseBoard("HT/TH")
	v, _ := g.Value(b)
	fmt.Println("value", v)
	next, _, _ := g.Reply(b)
	x, y, w, h, _ := b.Turned(next)
	fmt.Printf("reply: turn the %d×%d rectangle at (%d, %d), leaving %s\n", w, h, x, y, next)
	// Output:
	// value 0
	// reply: turn the 1×1 rectangle at (2, 1), leaving HT/TT
}

func FuzzParseBoard(f *testing.F) {
	for _, s := range []string{"", "H", "THT/HHT", "T/T/H", "HT/H", "/", "HX/TT"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := play.ParseBoard(s)
		if err != nil {
			if !errors.Is(err, play.ErrPosition) {
				t.Errorf("ParseBoard(%q) error %v does not wrap ErrPosition", s, err)
			}
			return
		}
		if b.String() != s {
			t.Errorf("ParseBoard(%q).String() = %q", s, b)
		}
		if b.Width()*b.Height() > play.MaxBoard {
			t.Errorf("ParseBoard(%q) is %d×%d", s, b.Width(), b.Height())
		}
	})
}

func BenchmarkBoardOptions(b *testing.B) {
	runs, _ := heap.Finite(1, 2, 3)
	start, _ := play.ParseBoard("HHHHHHHH/HHHHHHHH/HHHHHHHH/HHHHHHHH/HHHHHHHH/HHHHHHHH/HHHHHHHH/HHHHHHHH")
	g, _ := play.NewBoardGame(runs, runs, play.Normal, 0)
	for b.Loop() {
		if _, err := g.Options(start); err != nil {
			b.Fatal(err)
		}
	}
}

// TestRefereeBoard plays random games on 4×4 boards against the perfect
// player, every position checked by the brute force's own rules.
func TestRefereeBoard(t *testing.T) {
	runs, _ := heap.Finite(1, 2, 3)
	for _, c := range []play.Convention{play.Normal, play.Misere} {
		t.Run(c.String(), func(t *testing.T) {
			g, err := play.NewBoardGame(runs, runs, c, 0)
			if err != nil {
				t.Fatal(err)
			}
			gg := &gridGame{widths: []int{1, 2, 3}, heights: []int{1, 2, 3}}
			start := func(rng *rand.Rand) play.Board {
				var heads [][2]int
				for x := 1; x <= 4; x++ {
					for y := 1; y <= 4; y++ {
						if rng.IntN(3) == 0 {
							heads = append(heads, [2]int{x, y})
						}
					}
				}
				b, err := play.NewBoard(4, 4, heads...)
				if err != nil {
					t.Fatal(err)
				}
				return b
			}
			referee(t, refereeGames, g, start, gridOf, newOracle(gg.moves, c == play.Misere))
		})
	}
}
