package misere

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/games"
)

// referee plays sums of heaps of an octal game in misère play by the rules
// alone: it reads the code's digits itself and tries every move, knowing
// nothing of quotients or of package heap.
type referee struct {
	digits []int // digits[j]: what removing j tokens may leave
	memo   map[string]bool
}

func newReferee(t testing.TB, code string) *referee {
	whole, frac, ok := strings.Cut(code, ".")
	if !ok {
		t.Fatalf("code %q has no point", code)
	}
	d0, err := strconv.Atoi(whole)
	if err != nil {
		t.Fatalf("code %q: %v", code, err)
	}
	digits := []int{d0 &^ 3}
	for _, r := range frac {
		digits = append(digits, int(r-'0'))
	}
	return &referee{digits: digits, memo: map[string]bool{}}
}

// moves returns what a heap of h tokens may become: lists of heaps.
func (r *referee) moves(h int) [][]int {
	var out [][]int
	for j, d := range r.digits {
		rest := h - j
		if rest < 0 {
			break
		}
		if j > 0 && d&1 != 0 && rest == 0 {
			out = append(out, nil)
		}
		if j > 0 && d&2 != 0 && rest > 0 {
			out = append(out, []int{rest})
		}
		for a := 1; d&4 != 0 && 2*a <= rest; a++ {
			out = append(out, []int{a, rest - a})
		}
	}
	return out
}

// lost reports whether the sum is lost for the player to move when the
// last player to move loses: the player to move wins a sum without moves.
func (r *referee) lost(sum []int) bool {
	s := slices.Clone(sum)
	slices.Sort(s)
	k := make([]byte, 0, 2*len(s))
	for _, h := range s {
		k = append(k, byte(h), byte(h>>8))
	}
	if v, ok := r.memo[string(k)]; ok {
		return v
	}
	moved, lost := false, true
	for i, h := range s {
		for _, m := range r.moves(h) {
			moved = true
			next := append(append(slices.Clone(s[:i]), s[i+1:]...), m...)
			if r.lost(next) {
				lost = false
				break
			}
		}
		if !lost {
			break
		}
	}
	lost = lost && moved
	r.memo[string(k)] = lost
	return lost
}

// partitions calls f with every multiset of heaps of 1 to maxHeap tokens
// whose sizes add up to at most total.
func partitions(total, maxHeap int, f func([]int)) {
	var rec func(rest, top int, cur []int)
	rec = func(rest, top int, cur []int) {
		f(cur)
		for h := min(top, rest); h >= 1; h-- {
			rec(rest-h, h, append(cur, h))
		}
	}
	rec(total, maxHeap, nil)
}

// TestRefereeAgrees checks the quotients against the referee on every sum
// of heaps whose sizes add up to at most the stated total, and the winning
// moves they list: each leads to a lost sum, and a won sum has one.
func TestRefereeAgrees(t *testing.T) {
	for _, tc := range []struct {
		code  string
		total int
	}{
		{"0.3", 30},
		{"0.33", 30},
		{"0.75", 32},
		{"0.71", 32},
		{"0.77", 32},
	} {
		q, err := Solve(tc.code, 400)
		if err != nil {
			t.Fatal(err)
		}
		checkReferee(t, q, tc.code, tc.total)
	}
}

// checkReferee compares q with the referee on every sum of heaps whose
// sizes add up to at most total.
func checkReferee(t *testing.T, q *Quotient, code string, total int) {
	t.Helper()
	checkRefereeUpTo(t, q, code, total, total)
}

// checkRefereeUpTo is checkReferee on the sums of heaps of at most maxHeap
// tokens each.
func checkRefereeUpTo(t *testing.T, q *Quotient, code string, total, maxHeap int) {
	t.Helper()
	r := newReferee(t, code)
	count := 0
	partitions(total, maxHeap, func(sum []int) {
		count++
		want := games.NextWins
		if r.lost(sum) {
			want = games.PreviousWins
		}
		got, err := q.Outcome(sum...)
		if err != nil || got != want {
			t.Fatalf("%s %v: outcome %v, %v; referee %v", code, sum, got, err, want)
		}
		moves, err := q.WinningMoves(sum...)
		if err != nil {
			t.Fatal(err)
		}
		canMove := false
		for _, h := range sum {
			canMove = canMove || len(r.moves(h)) > 0
		}
		if (want == games.NextWins && canMove) != (len(moves) > 0) {
			t.Fatalf("%s %v (%v): winning moves %v", code, sum, want, moves)
		}
		for _, m := range moves {
			next := append(append(slices.Clone(sum[:m.Index]), sum[m.Index+1:]...), m.Leave...)
			if !r.lost(next) {
				t.Fatalf("%s %v: move %v leads to %v, won for the player to move", code, sum, m, next)
			}
		}
	})
	t.Logf("%s: order %d, %d sums checked", code, q.Size(), count)
}
