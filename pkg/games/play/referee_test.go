package play_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundylab/grundy/pkg/games/heap"
	"github.com/grundylab/grundy/pkg/games/play"
)

// The referee plays random games against each Game's perfect player and
// checks every position against a brute force written apart from the
// package: its own positions (pins in a row, heaps in a tuple, coins in a
// word), its own move rules, and plain win-or-lose recursion with no Grundy
// values. From a start lost for the player to move, moving first at random,
// the perfect player must win every game.

// oracle decides positions by brute force: wins[p] is whether the player to
// move from p wins.
type oracle[K comparable] struct {
	moves  func(K) []K
	misere bool
	wins   map[K]bool
}

func newOracle[K comparable](moves func(K) []K, misere bool) *oracle[K] {
	return &oracle[K]{moves: moves, misere: misere, wins: make(map[K]bool)}
}

func (o *oracle[K]) win(p K) bool {
	if w, ok := o.wins[p]; ok {
		return w
	}
	opts := o.moves(p)
	w := len(opts) == 0 && o.misere
	for _, q := range opts {
		if !o.win(q) {
			w = true
			break
		}
	}
	o.wins[p] = w
	return w
}

// A kaylesRow is a row of pins, bit i set when pin i stands; heaps are runs
// of pins separated by one fallen pin.
type kaylesRow uint64

func kaylesMoves(r kaylesRow) []kaylesRow {
	var out []kaylesRow
	for i := range 64 {
		if r>>i&1 == 1 {
			out = append(out, r&^(1<<i))
			if i < 63 && r>>(i+1)&1 == 1 {
				out = append(out, r&^(3<<i))
			}
		}
	}
	return out
}

func rowOfHeaps(sizes []int) kaylesRow {
	var r kaylesRow
	at := 0
	for _, h := range sizes {
		r |= (1<<h - 1) << at
		at += h + 1
	}
	return r
}

func runsOf(r kaylesRow) []int {
	var runs []int
	n := 0
	for i := range 65 {
		if i < 64 && r>>i&1 == 1 {
			n++
			continue
		}
		if n > 0 {
			runs = append(runs, n)
		}
		n = 0
	}
	slices.Sort(runs)
	slices.Reverse(runs)
	return runs
}

// nimTuple is a Nim position as a sorted array of three heaps.
type nimTuple [3]int

func nimMoves(t nimTuple) []nimTuple {
	var out []nimTuple
	for i := range t {
		for k := 1; k <= t[i]; k++ {
			u := t
			u[i] -= k
			slices.Sort(u[:])
			out = append(out, u)
		}
	}
	return out
}

// coinWord is a row of coins, bit x-1 heads; a move turns one to three
// consecutive coins, the rightmost from heads to tails (Mock Turtles
// without its usual coin 0).
type coinWord uint16

const coins = 12

func coinMoves(c coinWord) []coinWord {
	var out []coinWord
	for x := 1; x <= coins; x++ {
		if c>>(x-1)&1 == 0 {
			continue
		}
		for w := 1; w <= 3 && w <= x; w++ {
			var run coinWord
			for y := x - w + 1; y <= x; y++ {
				run |= 1 << (y - 1)
			}
			out = append(out, c^run)
		}
	}
	return out
}

// referee plays n games of g from random starts, the random player first,
// and checks each position and each reply against the oracle's verdict on
// the position's image key(p).
func referee[P comparable, K comparable](t *testing.T, n int, g *play.Game[P], start func(*rand.Rand) P, key func(P) K, o *oracle[K]) {
	t.Helper()
	rng := rand.New(rand.NewPCG(35, 1))
	var won, lost int
	for range n {
		p := start(rng)
		startWins := o.win(key(p))
		if startWins {
			won++
		} else {
			lost++
		}
		perfectToMove := false
		for {
			w, err := g.Wins(p)
			if err != nil {
				t.Fatal(err)
			}
			if want := o.win(key(p)); w != want {
				t.Fatalf("%v: Wins = %v, brute force %v", p, w, want)
			}
			opts := g.Moves(p)
			// The oracle's options must be the images of the game's.
			wantOpts := o.moves(key(p))
			if !sameImages(opts, wantOpts, key) {
				t.Fatalf("%v: options %v, brute force has %d", p, opts, len(wantOpts))
			}
			if len(opts) == 0 {
				// The player to move is stuck: in normal play the
				// perfect player, having moved last, won.
				moverWins := o.misere
				perfectWon := perfectToMove == moverWins
				if !startWins && !perfectWon {
					t.Fatalf("the perfect player lost a game from a lost start")
				}
				break
			}
			if perfectToMove {
				next, ok, err := g.Reply(p)
				if err != nil || !ok {
					t.Fatalf("%v: Reply = %v, %v, %v", p, next, ok, err)
				}
				if !g.IsOption(p, next) {
					t.Fatalf("%v: reply %v is not a move", p, next)
				}
				if w && o.win(key(next)) {
					t.Fatalf("%v: reply %v leaves a won position, brute force has a winning move", p, next)
				}
				p = next
			} else {
				p = opts[rng.IntN(len(opts))]
			}
			perfectToMove = !perfectToMove
		}
	}
	if won < n/10 || lost < n/10 {
		t.Errorf("starts: %d won, %d lost for the first player; want both at least %d", won, lost, n/10)
	}
}

func sameImages[P comparable, K comparable](opts []P, want []K, key func(P) K) bool {
	got := make(map[K]bool)
	for _, o := range opts {
		got[key(o)] = true
	}
	set := make(map[K]bool)
	for _, w := range want {
		set[w] = true
	}
	if len(got) != len(set) {
		return false
	}
	for k := range got {
		if !set[k] {
			return false
		}
	}
	return true
}

const refereeGames = 1000

func TestRefereeKayles(t *testing.T) {
	for _, c := range []play.Convention{play.Normal, play.Misere} {
		t.Run(c.String(), func(t *testing.T) {
			g, err := play.NewHeapGame(heap.Kayles, c, 0)
			if err != nil {
				t.Fatal(err)
			}
			// The oracle's positions are rows whose runs may sit
			// anywhere, so each option is moved to a canonical row.
			canon := func(r kaylesRow) kaylesRow { return rowOfHeaps(runsOf(r)) }
			co := newOracle(func(r kaylesRow) []kaylesRow {
				opts := kaylesMoves(r)
				for i := range opts {
					opts[i] = canon(opts[i])
				}
				return opts
			}, c == play.Misere)
			start := func(rng *rand.Rand) play.Heaps {
				k := 1 + rng.IntN(3)
				sizes := make([]int, k)
				for i := range sizes {
					sizes[i] = 1 + rng.IntN(9)
				}
				h, err := play.NewHeaps(sizes...)
				if err != nil {
					t.Fatal(err)
				}
				return h
			}
			referee(t, refereeGames, g, start, func(h play.Heaps) kaylesRow { return rowOfHeaps(h.Sizes()) }, co)
		})
	}
}

func TestRefereeNim(t *testing.T) {
	g, err := play.NewHeapGame("0.[3]", play.Normal, 0)
	if err != nil {
		t.Fatal(err)
	}
	o := newOracle(nimMoves, false)
	start := func(rng *rand.Rand) play.Heaps {
		h, err := play.NewHeaps(rng.IntN(8), rng.IntN(8), rng.IntN(8))
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	key := func(h play.Heaps) nimTuple {
		var t nimTuple
		copy(t[:], h.Sizes())
		slices.Sort(t[:])
		return t
	}
	referee(t, refereeGames, g, start, key, o)
}

func TestRefereeCoins(t *testing.T) {
	set, err := heap.Finite(1, 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	g, err := play.NewRowGame(set, play.Normal, 0)
	if err != nil {
		t.Fatal(err)
	}
	o := newOracle(coinMoves, false)
	start := func(rng *rand.Rand) play.Row {
		var heads []int
		for x := 1; x <= coins; x++ {
			if rng.IntN(3) == 0 {
				heads = append(heads, x)
			}
		}
		r, err := play.NewRow(coins, heads...)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	key := func(r play.Row) coinWord {
		var c coinWord
		for _, x := range r.Heads() {
			c |= 1 << (x - 1)
		}
		return c
	}
	referee(t, refereeGames, g, start, key, o)
}
