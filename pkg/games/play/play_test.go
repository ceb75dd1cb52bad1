package play_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/grundylab/grundy/pkg/games"
	"github.com/grundylab/grundy/pkg/games/heap"
	"github.com/grundylab/grundy/pkg/games/play"
)

func TestHeaps(t *testing.T) {
	for _, tc := range []struct {
		sizes []int
		want  string
		err   error
	}{
		{nil, "0", nil},
		{[]int{0, 0}, "0", nil},
		{[]int{3, 5, 0, 3}, "5 + 3 + 3", nil},
		{[]int{play.MaxHeap}, fmt.Sprint(play.MaxHeap), nil},
		{[]int{-1}, "", play.ErrPosition},
		{[]int{play.MaxHeap + 1}, "", play.ErrPosition},
		{make65(), "", play.ErrPosition},
	} {
		h, err := play.NewHeaps(tc.sizes...)
		if !errors.Is(err, tc.err) {
			t.Errorf("NewHeaps(%v) error %v, want %v", tc.sizes, err, tc.err)
			continue
		}
		if err == nil && h.String() != tc.want {
			t.Errorf("NewHeaps(%v) = %q, want %q", tc.sizes, h, tc.want)
		}
	}
	a, _ := play.NewHeaps(1, 2, 3)
	b, _ := play.NewHeaps(3, 1, 2)
	if a != b {
		t.Errorf("heaps in another order differ: %v, %v", a, b)
	}
}

func make65() []int {
	s := make([]int, 65)
	for i := range s {
		s[i] = 1
	}
	return s
}

func TestRow(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []int
		err  error
	}{
		{"", []int{}, nil},
		{"THHT", []int{2, 3}, nil},
		{"HTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTH", []int{1, 64}, nil},
		{"THX", nil, play.ErrPosition},
		{"HTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTH", nil, play.ErrPosition},
	} {
		r, err := play.ParseRow(tc.in)
		if !errors.Is(err, tc.err) {
			t.Errorf("ParseRow(%q) error %v, want %v", tc.in, err, tc.err)
			continue
		}
		if err != nil {
			continue
		}
		if got := r.Heads(); fmt.Sprint(got) != fmt.Sprint(tc.want) || r.String() != tc.in {
			t.Errorf("ParseRow(%q) = %v heads %v, want %v", tc.in, r, got, tc.want)
		}
	}
	if _, err := play.NewRow(3, 4); !errors.Is(err, play.ErrPosition) {
		t.Errorf("NewRow(3, 4) error %v", err)
	}
	if _, err := play.NewRow(65); !errors.Is(err, play.ErrPosition) {
		t.Errorf("NewRow(65) error %v", err)
	}
}

func TestRowMovesLongRun(t *testing.T) {
	r, _ := play.NewRow(64, 64)
	whole, err := heap.Finite(64)
	if err != nil {
		t.Fatal(err)
	}
	g, err := play.NewRowGame(whole, play.Normal, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := g.Moves(r)
	if len(got) != 1 || got[0].String() != "HHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHT" {
		t.Errorf("run of 64 from coin 64: %v", got)
	}
}

func TestNewErrors(t *testing.T) {
	if _, err := play.New[int](nil, play.Normal, 0); !errors.Is(err, play.ErrGame) {
		t.Errorf("nil moves: %v", err)
	}
	moves := func(int) []int { return nil }
	if _, err := play.New(moves, play.Convention(7), 0); !errors.Is(err, play.ErrGame) {
		t.Errorf("bad convention: %v", err)
	}
	if _, err := play.New(moves, play.Normal, -1); !errors.Is(err, play.ErrGame) {
		t.Errorf("negative limit: %v", err)
	}
	if _, err := play.NewHeapGame("0.7$", play.Normal, 0); !errors.Is(err, heap.ErrCode) {
		t.Errorf("bad code: %v", err)
	}
}

func TestLimitAndCycle(t *testing.T) {
	g, _ := play.New(func(n int) []int { return []int{n + 1} }, play.Normal, 100)
	if _, err := g.Value(0); !errors.Is(err, games.ErrLimit) {
		t.Errorf("endless game: %v", err)
	}
	c, _ := play.New(func(n int) []int { return []int{1 - n} }, play.Misere, 0)
	if _, err := c.Value(0); !errors.Is(err, games.ErrCycle) {
		t.Errorf("cycle: %v", err)
	}
}

// Misère values of single Nim heaps: g⁻(0) = 1, g⁻(1) = 0, and g⁻(n) = n
// for n >= 2 (the heap of one token is the only lost one).
func TestMisereNim(t *testing.T) {
	g, _ := play.NewHeapGame("0.[3]", play.Misere, 0)
	want := []int{1, 0, 2, 3, 4, 5}
	for n, w := range want {
		h, _ := play.NewHeaps(n)
		if v, err := g.Value(h); err != nil || v != w {
			t.Errorf("g⁻(%d) = %d, %v; want %d", n, v, err, w)
		}
	}
	pair, _ := play.NewHeaps(1, 1)
	if v, err := g.Value(pair); err != nil || v != 1 {
		t.Errorf("g⁻(1 + 1) = %d, %v; want 1, not the nim-sum 0 of g⁻(1) and g⁻(1)", v, err)
	}
}

func ExampleGame_Options() {
	g, _ := play.NewHeapGame(heap.Kayles, play.Normal, 0)
	start, _ := play.NewHeaps(4)
	opts, _ := g.Options(start)
	for _, o := range opts {
		fmt.Println(o.To, o.Value, o.Winning)
	}
	next, _, _ := g.Reply(start)
	fmt.Println("reply:", next)
	// Output:
	// 3 3 false
	// 2 + 1 3 false
	// 2 2 false
	// 1 + 1 0 true
	// reply: 1 + 1
}

func FuzzParseRow(f *testing.F) {
	for _, s := range []string{"", "H", "THHT", "HX"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := play.ParseRow(s)
		if err != nil {
			return
		}
		if r.String() != s {
			t.Errorf("ParseRow(%q).String() = %q", s, r)
		}
	})
}

func BenchmarkKaylesSum(b *testing.B) {
	start, _ := play.NewHeaps(12, 9, 7)
	for b.Loop() {
		g, _ := play.NewHeapGame(heap.Kayles, play.Normal, 0)
		if _, err := g.Options(start); err != nil {
			b.Fatal(err)
		}
	}
}
