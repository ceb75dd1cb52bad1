package piles

import (
	"errors"
	"fmt"
	"iter"
	"math"
	"math/bits"

	"github.com/grundylab/grundy/pkg/games/internal/gameerr"
)

// MaxBytes bounds the memory PPositions may use for its tables of claimed
// lines; a size that needs more is an error (ErrTooLarge) rather than a crash.
const MaxBytes = 4 << 30

// MaxWork bounds the time PPositions may take: its estimate of the words it
// scans, one row of claimed lines of n/64 words for each prefix of k-1 piles
// (sorted prefixes for a symmetric game), must not exceed MaxWork.
// Wythoff's game up to n = 10^6 and the game of Project Euler 260 up to
// n = 10^4 fit, as a test checks.
const MaxWork = 1 << 35

// ErrTooLarge is wrapped by the errors for a size whose tables would exceed
// MaxBytes or whose scan would exceed MaxWork, a position with more than
// MaxOptions options, and a Wythoff pair beyond an int.
var ErrTooLarge = errors.New("too large")

// ErrSize is wrapped by the errors for a negative size or index.
var ErrSize = errors.New("invalid size")

// The method: every P-position claims, for each move vector v, the line of
// positions it reaches or is reached from by multiples of v. At most one
// P-position lies on a line (two would be a move apart), and a position is P
// exactly when none of its lines is claimed by a P-position met earlier in
// lexicographic order, which is an order every move goes down in.
//
// Positions are visited by their leading k-1 piles (the prefix) and the last
// pile z. For a fixed prefix, the line through (prefix, z) in each direction v
// is one bit of a row of a bit matrix, at a column that is z minus an offset,
// so the claimed lines of 64 consecutive z are one word per direction: OR the
// words and the first zero bit is the first candidate. When the single-pile
// vector of the last pile is a move, the first candidate found claims the
// prefix's own line and ends the prefix: at most one z per prefix is P.
//
// A line is stored under a key: the move vector's table, a row from all but
// one of the line's invariant coordinates and a column from the last one. The
// invariants of a line in direction v through p are the piles v does not touch
// and the differences of the piles it does touch. For a symmetric game only
// sorted positions are visited and a line is known up to permuting the piles:
// its key is the multiset of (invariant, touched) pairs, stored twice when the
// scanned pile z can be either the largest untouched pile (form A) or the
// largest touched one (form B) of lines of that weight.

// A term is one coordinate of a key: p[i] - p[j] + add, where a negative i or
// j stands for zero.
type term struct{ i, j, add int }

// A form is a linear function of a position: add + sum of c[i]*p[i].
type form struct {
	c   []int
	add int
}

func (f *form) eval(p []int) int {
	v := f.add
	for i, c := range f.c {
		v += c * p[i]
	}
	return v
}

// A key maps a position to the bit of one of its lines: the table, the index
// of the row's first word in it and the column.
type key struct {
	table int
	word  form
	col   form
}

// newKey compiles the terms of a row, with their place values, and of the
// column into linear forms, so that locating a line costs k multiplications.
func newKey(k, table, words int, row []term, mult []int, col term) key {
	key := key{table: table, word: form{c: make([]int, k)}, col: form{c: make([]int, k)}}
	add := func(f *form, t term, m int) {
		f.add += t.add * m
		if t.i >= 0 {
			f.c[t.i] += m
		}
		if t.j >= 0 {
			f.c[t.j] -= m
		}
	}
	for x, t := range row {
		add(&key.word, t, mult[x]*words)
	}
	add(&key.col, col, 1)
	return key
}

// A shape is the size of a table of claimed lines.
type shape struct{ rows, cols int }

func (s shape) words() int { return (s.cols + 63) / 64 }

// A plan is everything about a run that depends on the game and n but not on
// the positions found.
type plan struct {
	k, n   int
	sorted bool
	shapes []shape
	claims []key // set for every P-position
	probes []int // claims whose column is z minus an offset from the prefix
	blocks []int // claims whose line depends on the prefix alone
}

func (g *Game) plan(n int) (*plan, error) {
	if n < 0 {
		return nil, fmt.Errorf("%w: n = %d is negative", ErrSize, n)
	}
	if n > math.MaxInt32 {
		return nil, fmt.Errorf("%w: n = %d is beyond 2^31-1", ErrTooLarge, n)
	}
	pl := &plan{k: g.k, n: n, sorted: g.Symmetric()}
	if w := pl.work(); w > MaxWork {
		return nil, fmt.Errorf("%w: n = %d needs about %.2g word scans, more than %d", ErrTooLarge, n, w, MaxWork)
	}
	diff := 2*n + 1 // differences range over [-n, n], stored shifted by n
	shift := n
	if pl.sorted {
		diff, shift = n+1, 0 // sorted: differences to the smallest touched pile are >= 0
	}
	tables := map[[2]int]int{}
	for _, mask := range g.moves {
		var f0, f1 []term // untouched piles; touched piles minus the first touched one
		j0 := bits.TrailingZeros32(mask)
		for i := range g.k {
			switch {
			case mask>>i&1 == 0:
				f0 = append(f0, term{i, -1, 0})
			case i != j0:
				f1 = append(f1, term{i, j0, shift})
			}
		}
		// Forms: A keys by the last untouched pile, B by the last touched one.
		var forms []byte
		switch c := len(f1) + 1; {
		case pl.sorted:
			if c < g.k {
				forms = append(forms, 'A')
			}
			if c >= 2 || c == g.k {
				forms = append(forms, 'B')
			}
		case mask>>(g.k-1)&1 == 1 && c >= 2:
			forms = []byte{'B'}
		default:
			forms = []byte{'A'}
		}
		for _, f := range forms {
			var row []term
			var radix []int
			col, cols := term{-1, -1, 0}, 1 // one pile, one vector: the line is the whole game
			switch {
			case f == 'A' && len(f0) > 0:
				row = append(append(row, f0[:len(f0)-1]...), f1...)
				radix = append(repeat(n+1, len(f0)-1), repeat(diff, len(f1))...)
				col, cols = f0[len(f0)-1], n+1
			case len(f1) > 0:
				row = append(append(row, f0...), f1[:len(f1)-1]...)
				radix = append(repeat(n+1, len(f0)), repeat(diff, len(f1)-1)...)
				col, cols = f1[len(f1)-1], diff
			}
			rows := 1
			mult := make([]int, len(radix))
			for x := len(radix) - 1; x >= 0; x-- {
				mult[x] = rows
				var ok bool
				if rows, ok = mul(rows, radix[x]); !ok {
					return nil, fmt.Errorf("%w: n = %d needs tables of more than 2^63 bits", ErrTooLarge, n)
				}
			}
			id := [2]int{len(f1) + 1, int(f)}
			if !pl.sorted {
				id = [2]int{int(mask), 0}
			}
			t, ok := tables[id]
			if !ok {
				t = len(pl.shapes)
				tables[id] = t
				pl.shapes = append(pl.shapes, shape{rows, cols})
			}
			k := newKey(g.k, t, pl.shapes[t].words(), row, mult, col)
			switch {
			case col.i == g.k-1:
				pl.probes = append(pl.probes, len(pl.claims))
			case mask == 1<<(g.k-1):
				pl.blocks = append(pl.blocks, len(pl.claims))
			}
			pl.claims = append(pl.claims, k)
		}
	}
	if b, ok := pl.bytes(); !ok || b > MaxBytes {
		return nil, fmt.Errorf("%w: n = %d needs more than %d bytes of tables", ErrTooLarge, n, MaxBytes)
	}
	return pl, nil
}

// work estimates the words run scans: a row of n/64 words for each prefix,
// C(n+k-1, k-1) sorted prefixes or (n+1)^(k-1) of any order.
func (pl *plan) work() float64 {
	prefixes := 1.0
	for i := 1; i < pl.k; i++ {
		if pl.sorted {
			prefixes = prefixes * float64(pl.n+i) / float64(i)
		} else {
			prefixes *= float64(pl.n + 1)
		}
	}
	return prefixes * (float64(pl.n)/64 + 1)
}

func repeat(x, n int) []int {
	r := make([]int, n)
	for i := range r {
		r[i] = x
	}
	return r
}

// mul returns a*b for non-negative a and b, and whether it fits in an int.
func mul(a, b int) (int, bool) {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	return int(lo), hi == 0 && lo <= math.MaxInt
}

func (pl *plan) bytes() (int, bool) {
	total := 0
	for _, s := range pl.shapes {
		b, ok := mul(s.rows, s.words()*8)
		if !ok || total > math.MaxInt-b-8*spare {
			return 0, false
		}
		total += b + 8*spare
	}
	return total, true
}

// Bytes returns the memory PPositions(n) uses for its tables of claimed
// lines. Errors are those of PPositions, naming Game.Bytes and the game.
func (g *Game) Bytes(n int) (int, error) {
	pl, err := g.plan(n)
	if err != nil {
		return 0, gameerr.New("piles.Game.Bytes", g.short(), err)
	}
	b, _ := pl.bytes()
	return b, nil
}

// PPositions returns an iterator over the P-positions (the positions lost for
// the player to move) whose piles are all at most n, in lexicographic order.
// For a symmetric game it yields only the sorted ones, p[0] <= p[1] <= ...;
// the others are their permutations. The yielded slice is reused: copy it to
// keep it.
//
// Each range over the iterator recomputes the positions with memory about
// (n+1)^(k-1) bits per family of lines in a symmetric game, up to 2^(c-1)
// times that for a vector of c piles in another (Bytes tells exactly); n < 0
// and sizes that need more than MaxBytes are errors.
func (g *Game) PPositions(n int) (iter.Seq[[]int], error) {
	pl, err := g.plan(n)
	if err != nil {
		return nil, gameerr.New("piles.Game.PPositions", g.short(), err)
	}
	return pl.run, nil
}

// A cursor reads a probe's row of claimed lines 64 columns at a time.
type cursor struct {
	row   []uint64 // from the word before the row's first
	off   int      // the column of z is z - off
	i     int      // the word of z0 - off, where the scan starts
	shift uint     // the bit of z0 - off in that word
}

// spare is the number of zero words around a table: one before the first row,
// so a window may start at column -63 (word w of a table is at index w+1),
// and four after the last, for the last block of four words first reads.
const spare = 5

// A loc locates the bit of a line: a word index in its table and a column.
type loc struct{ word, col int }

func (pl *plan) run(yield func([]int) bool) {
	k, n := pl.k, pl.n
	tables := make([][]uint64, len(pl.shapes))
	for t, s := range pl.shapes {
		tables[t] = make([]uint64, s.rows*s.words()+spare)
	}
	// at[x] locates the line of claims[x] through (prefix, 0); moving the
	// last prefix pile by one moves every line by a fixed step, and z moves it
	// by a fixed slope, so most prefixes cost additions instead of forms.
	at := make([]loc, len(pl.claims))
	step := make([]loc, len(pl.claims))
	slope := make([]loc, len(pl.claims))
	for x, c := range pl.claims {
		slope[x] = loc{c.word.c[k-1], c.col.c[k-1]}
		if k >= 2 {
			step[x] = loc{c.word.c[k-2], c.col.c[k-2]}
		}
	}
	cursors := make([]cursor, len(pl.probes))
	p := make([]int, k)
	out := make([]int, k)
	for changed := -2; changed != -1; changed = pl.next(p) {
		if changed == k-2 {
			for x := range at {
				at[x].word += step[x].word
				at[x].col += step[x].col
			}
		} else {
			p[k-1] = 0
			for x := range pl.claims {
				at[x] = loc{pl.claims[x].word.eval(p), pl.claims[x].col.eval(p)}
			}
		}
		if pl.blocked(tables, at) {
			continue
		}
		for x, c := range pl.probes {
			cursors[x].row = tables[pl.claims[c].table][at[c].word:]
			cursors[x].off = -at[c].col
		}
		lo := 0
		if pl.sorted && k >= 2 {
			lo = p[k-2]
		}
		for {
			z, ok := first(cursors, lo, n)
			if !ok {
				break
			}
			for x := range pl.claims {
				col := at[x].col + slope[x].col*z
				tables[pl.claims[x].table][1+at[x].word+slope[x].word*z+col>>6] |= 1 << (col & 63)
			}
			p[k-1] = z
			if !yield(append(out[:0], p...)) {
				return
			}
			if len(pl.blocks) > 0 {
				break // the P-position just found claims the prefix's own line
			}
			lo = z + 1
		}
	}
}

// blocked reports whether a line that depends on the prefix alone is claimed,
// which rules out every last pile.
func (pl *plan) blocked(tables [][]uint64, at []loc) bool {
	for _, b := range pl.blocks {
		word, col := at[b].word, at[b].col
		if tables[pl.claims[b].table][1+word+col>>6]>>(col&63)&1 == 1 {
			return true
		}
	}
	return false
}

// first returns the first z in [lo, n] where no cursor's row is set.
func first(cursors []cursor, lo, n int) (int, bool) {
	z0 := lo &^ 63
	for x := range cursors {
		cu := &cursors[x]
		c := z0 - cu.off + 64 // the row starts with a spare zero word
		cu.i, cu.shift = c>>6, uint(c&63)
	}
	// Four words at a time: each cursor's fields are loaded once per block.
	var w [4]uint64
	w[0] = uint64(1)<<(lo-z0) - 1 // the columns before lo
	for t := 0; z0 <= n; t, z0 = t+4, z0+256 {
		for x := range cursors {
			cu := &cursors[x]
			row := cu.row[cu.i+t : cu.i+t+5]
			s := cu.shift
			w[0] |= row[0]>>s | row[1]<<(64-s)
			w[1] |= row[1]>>s | row[2]<<(64-s)
			w[2] |= row[2]>>s | row[3]<<(64-s)
			w[3] |= row[3]>>s | row[4]<<(64-s)
		}
		for j := range w {
			zj := z0 + 64*j
			if rest := n + 1 - zj; rest < 64 {
				w[j] |= math.MaxUint64 << max(rest, 0)
			}
			if w[j] != math.MaxUint64 {
				return zj + bits.TrailingZeros64(^w[j]), true
			}
			w[j] = 0
		}
	}
	return 0, false
}

// next advances the prefix p[:k-1] in lexicographic order (sorted prefixes for
// a symmetric game) and returns the index of the pile it increased, or -1
// after the last prefix.
func (pl *plan) next(p []int) int {
	for i := pl.k - 2; i >= 0; i-- {
		if p[i] < pl.n {
			p[i]++
			for j := i + 1; j < pl.k-1; j++ {
				p[j] = 0
				if pl.sorted {
					p[j] = p[i]
				}
			}
			return i
		}
	}
	return -1
}
