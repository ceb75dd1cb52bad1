package play

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grundylab/grundy/pkg/games/heap"
	"github.com/grundylab/grundy/pkg/games/internal/gameerr"
)

// Bounds of a Heaps position: brute force over heaps much larger, or many
// more of them, would not end in a notebook's patience anyway, and a move
// function must not list millions of options for one click.
const (
	MaxHeap  = 1 << 12
	MaxHeaps = 64
)

// Heaps is a position of a heap game: a multiset of heap sizes, each at
// least 1 (an empty heap is no heap). Equal multisets are equal values, so
// Heaps can be a map key and a position of a Game.
type Heaps struct {
	key string // the sizes in decreasing order, as uvarints
}

// NewHeaps returns the position with heaps of the given sizes, in any
// order; heaps of size 0 are dropped. A negative size, one above MaxHeap or
// more than MaxHeaps heaps is an error wrapping ErrPosition.
func NewHeaps(sizes ...int) (Heaps, error) {
	s := make([]int, 0, len(sizes))
	fail := func(err error) (Heaps, error) {
		return Heaps{}, gameerr.New("play.NewHeaps", gameerr.Clip(fmt.Sprint(sizes)), err)
	}
	for _, h := range sizes {
		if h < 0 || h > MaxHeap {
			return fail(fmt.Errorf("%w: heap of %d tokens, want 0 to %d", ErrPosition, h, MaxHeap))
		}
		if h > 0 {
			s = append(s, h)
		}
	}
	if len(s) > MaxHeaps {
		return fail(fmt.Errorf("%w: %d heaps, want at most %d", ErrPosition, len(s), MaxHeaps))
	}
	return heapsOf(s), nil
}

// heapsOf makes the key of sizes, all in range; it sorts sizes.
func heapsOf(sizes []int) Heaps {
	slices.SortFunc(sizes, func(a, b int) int { return b - a })
	var key []byte
	for _, h := range sizes {
		if h > 0 {
			key = binary.AppendUvarint(key, uint64(h))
		}
	}
	return Heaps{key: string(key)}
}

// Sizes returns the heap sizes in decreasing order.
func (h Heaps) Sizes() []int {
	var out []int
	for b := []byte(h.key); len(b) > 0; {
		v, n := binary.Uvarint(b)
		out = append(out, int(v))
		b = b[n:]
	}
	return out
}

// String returns the sizes joined by " + ", largest first, or "0" for the
// position without heaps.
func (h Heaps) String() string {
	sizes := h.Sizes()
	if len(sizes) == 0 {
		return "0"
	}
	parts := make([]string, len(sizes))
	for i, s := range sizes {
		parts[i] = strconv.Itoa(s)
	}
	return strings.Join(parts, " + ")
}

// NewHeapGame returns the take-and-break game of code (any code of
// heap.ParseRule: "0.77" is Kayles, "0.[3]" Nim) played on sums of heaps
// under convention c, with at most limit positions remembered (0 means
// games.DefaultLimit). In normal play values come from the game's Grundy
// sequence by the Sprague–Grundy theorem, without a search; in misère play
// by brute force over the sums. A move replaces one heap by the heaps the code
// allows; the options of a position are listed heap by heap, largest heap
// first, each distinct position once.
func NewHeapGame(code string, c Convention, limit int) (*Game[Heaps], error) {
	r, err := heap.ParseRule(code)
	if err != nil {
		return nil, gameerr.New("play.NewHeapGame", gameerr.Clip(code), err)
	}
	g, err := newGame(heapMoves(r), c, limit)
	if err != nil {
		return nil, gameerr.New("play.NewHeapGame", gameerr.Clip(code), err)
	}
	if c == Misere {
		return g, nil
	}
	// In normal play a sum of heaps has the nim-sum of its heaps' values
	// (the Sprague–Grundy theorem), so one Grundy sequence, grown as larger
	// heaps come, answers every position without a search.
	var seq heap.Sequence
	g.value = func(p Heaps) (int, error) {
		sizes := p.Sizes()
		if len(sizes) == 0 {
			return 0, nil
		}
		if sizes[0] >= len(seq) {
			s, err := heap.Octal(code, max(sizes[0], 2*len(seq)))
			if err != nil {
				return 0, err
			}
			seq = s
		}
		v := 0
		for _, h := range sizes {
			v ^= seq[h]
		}
		return v, nil
	}
	return g, nil
}

// heapMoves returns the move function of the take-and-break game r on sums
// of heaps.
func heapMoves(r heap.Rule) func(Heaps) []Heaps {
	return func(p Heaps) []Heaps {
		sizes := p.Sizes()
		var out []Heaps
		seen := make(map[Heaps]bool)
		for i, h := range sizes {
			if i > 0 && sizes[i-1] == h {
				continue
			}
			rest := slices.Delete(slices.Clone(sizes), i, i+1)
			r.Moves(h, func(parts ...int) {
				next := heapsOf(append(slices.Clone(rest), parts...))
				if !seen[next] {
					seen[next] = true
					out = append(out, next)
				}
			})
		}
		return out
	}
}
