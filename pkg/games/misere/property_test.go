package misere

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/grundylab/grundy/pkg/games"
	"github.com/grundylab/grundy/pkg/games/heap"
)

// The property tests below came with package heap's bounded misère
// quotients, which Solve replaces; they run on Solve's quotients of heaps
// up to n.

// TestOptionsNormalPlay checks the move lists the package plays with
// against package heap's normal-play values: the mex over the XOR of the
// options' values must give the same sequence.
func TestOptionsNormalPlay(t *testing.T) {
	for _, code := range []string{"0.07", "0.77", "0.137", "4.7", "0.16", "0.6", "0x0.F", "0x4.B", "0.3333", "0.75", "0.007"} {
		c, err := heap.ParseCode(code)
		if err != nil {
			t.Fatal(err)
		}
		const n = 40
		want, err := heap.TakeBreak(c, n)
		if err != nil {
			t.Fatal(err)
		}
		r := newRules(c)
		g := make([]int, n+1)
		for h := 1; h <= n; h++ {
			var vals []int
			for _, o := range r.options(h) {
				x := 0
				for _, p := range o {
					x ^= g[p]
				}
				vals = append(vals, x)
			}
			g[h] = games.Mex(vals)
		}
		if !slices.Equal(g, []int(want)) {
			t.Errorf("%s: values from the move lists %v, want %v", code, g, want)
		}
	}
}

// bruteMisere plays sums of heaps out directly with the move lists that
// TestOptionsNormalPlay checks: a sum, as counts of each heap size, is
// lost for the player to move if it has a move and every move leads to a
// sum won for the player to move then.
type bruteMisere struct {
	r    *rules
	memo map[string]bool
}

func newBruteMisere(t testing.TB, code string) *bruteMisere {
	c, err := heap.ParseCode(code)
	if err != nil {
		t.Fatal(err)
	}
	return &bruteMisere{r: newRules(c), memo: map[string]bool{}}
}

func (b *bruteMisere) lost(counts []byte) bool {
	k := string(counts)
	if v, ok := b.memo[k]; ok {
		return v
	}
	moved, lost := false, true
	for h := 1; h < len(counts) && lost; h++ {
		if counts[h] == 0 {
			continue
		}
		for _, o := range b.r.options(h) {
			moved = true
			next := slices.Clone(counts)
			next[h]--
			for _, p := range o {
				next[p]++
			}
			if b.lost(next) {
				lost = false
				break
			}
		}
	}
	b.memo[k] = moved && lost
	return moved && lost
}

func (b *bruteMisere) outcome(heaps []int) games.Outcome {
	counts := make([]byte, slices.Max(append([]int{0}, heaps...))+1)
	for _, h := range heaps {
		counts[h]++
	}
	if b.lost(counts) {
		return games.PreviousWins
	}
	return games.NextWins
}

var propertyCases = []struct {
	code string
	n    int
}{
	{"0.3333333", 7}, // misère Nim on heaps up to 7
	{"0.75", 12},
	{"0.07", 10},
	{"0.77", 9},
	{"0.137", 9},
	{"4.7", 9},
	{"0.6", 9},
	{"0.16", 9},
	{"0.36", 9},
	{"0x0.F", 7},
	{"0.007", 10},
	{"0.51", 8},
}

var propertyCache = map[string]*Quotient{}

// cachedQuotient computes each quotient of propertyCases once for all
// tests.
func cachedQuotient(t *testing.T, code string, n int) *Quotient {
	t.Helper()
	k := code + "/" + strconv.Itoa(n)
	if q, ok := propertyCache[k]; ok {
		return q
	}
	q, err := Solve(code, n)
	if err != nil {
		t.Fatalf("%s up to %d: %v", code, n, err)
	}
	propertyCache[k] = q
	return q
}

// TestAgainstDirectPlay compares the quotient's outcome of random sums,
// some with many copies of one heap, with direct play of the sums.
func TestAgainstDirectPlay(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 3))
	for _, tc := range propertyCases {
		q := cachedQuotient(t, tc.code, tc.n)
		brute := newBruteMisere(t, tc.code)
		for trial := range 150 {
			k := 1 + r.IntN(4)
			if trial%5 == 0 {
				k = 5 + r.IntN(3)
			}
			heaps := make([]int, k)
			for i := range heaps {
				heaps[i] = r.IntN(tc.n + 1)
			}
			if trial%7 == 0 {
				// Many copies of one small heap probe the powers of its element.
				heaps = slices.Repeat([]int{1 + r.IntN(min(tc.n, 4))}, 2+r.IntN(8))
			}
			got, err := q.Outcome(heaps...)
			if err != nil {
				t.Fatal(err)
			}
			if want := brute.outcome(heaps); got != want {
				t.Fatalf("%s up to %d: sum %v: quotient says %v, play says %v", tc.code, tc.n, heaps, got, want)
			}
		}
	}
}

// TestEvenOrder checks that each quotient is reduced and that its order
// is even, as Plambeck and Siegel prove for every misère quotient of a
// game with a move (Misère quotients for impartial games, 2008).
func TestEvenOrder(t *testing.T) {
	for _, tc := range propertyCases {
		q := cachedQuotient(t, tc.code, tc.n)
		if q.Size()%2 != 0 {
			t.Errorf("%s: order %d is odd", tc.code, q.Size())
		}
		checkStructure(t, q, tc.n)
	}
}

// TestDawsonsChess compares two codes of one game: a heap of n in Dawson's
// Chess (0.137) plays as a heap of n+1 in Dawson's Kayles (0.07), so
// their quotients must have the same order and agree on every sum.
func TestDawsonsChess(t *testing.T) {
	const n = 9
	chess := cachedQuotient(t, heap.DawsonsChess, n)
	kayles := cachedQuotient(t, heap.DawsonsKayles, n+1)
	if chess.Size() != kayles.Size() {
		t.Errorf("orders %d (0.137 up to %d) and %d (0.07 up to %d)", chess.Size(), n, kayles.Size(), n+1)
	}
	r := rand.New(rand.NewPCG(137, 7))
	for range 300 {
		heaps := make([]int, 1+r.IntN(6))
		shifted := make([]int, len(heaps))
		for i := range heaps {
			heaps[i] = 1 + r.IntN(n)
			shifted[i] = heaps[i] + 1
		}
		a, err := chess.Outcome(heaps...)
		if err != nil {
			t.Fatal(err)
		}
		b, err := kayles.Outcome(shifted...)
		if err != nil {
			t.Fatal(err)
		}
		if a != b {
			t.Fatalf("sum %v of 0.137: %v; as 0.07 heaps %v: %v", heaps, a, shifted, b)
		}
	}
}

// TestQuotientPlambeck0312 checks the quotient of 0.312 against the
// solution on Plambeck's page for the game: heaps 1 to 10 pretend to be the
// adders :1 :2 :4 A :4 :5 :4 :5 :4 :5 (period two from heap 5), with
// A + A = :0; and :5 = :4 + :1 as adders add like Nim heaps.
func TestQuotientPlambeck0312(t *testing.T) {
	q, err := Solve("0.312", 14)
	if err != nil {
		t.Fatal(err)
	}
	e := func(h int) int {
		x, err := q.Pretend(h)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	for h := 7; h <= 14; h++ {
		if e(h) != e(h-2) {
			t.Errorf("heaps %d and %d pretend to %s and %s", h, h-2, q.Name(e(h)), q.Name(e(h-2)))
		}
	}
	if e(3) != e(5) || e(6) != q.Mul(e(3), e(1)) {
		t.Errorf("heaps 3, 5: %s, %s; heap 6 %s, want heap 3 + heap 1 = %s", q.Name(e(3)), q.Name(e(5)), q.Name(e(6)), q.Name(q.Mul(e(3), e(1))))
	}
	if a := e(4); q.Mul(a, a) != 0 {
		t.Errorf("A = heap 4 = %s: A + A = %s, want 1", q.Name(a), q.Name(q.Mul(a, a)))
	}
	distinct := map[int]bool{e(1): true, e(2): true, e(3): true, e(4): true, e(6): true}
	if len(distinct) != 5 {
		t.Errorf("heaps 1, 2, 3, 4, 6 should pretend to five different elements: %s", q.Pretending())
	}
}

// TestLongHeaps takes 0.3 (take one token) to heaps past 255: a sum is
// lost for the player to move exactly when its number of tokens is odd.
func TestLongHeaps(t *testing.T) {
	q, err := Solve("0.3", 300)
	if err != nil {
		t.Fatal(err)
	}
	if q.Size() != 2 || q.Presentation() != "<a | a^2=1>" {
		t.Errorf("0.3: order %d, %s", q.Size(), q.Presentation())
	}
	for _, heaps := range [][]int{{300}, {299}, {257, 300}, {1, 2, 3}, {256, 256, 255}} {
		tokens := 0
		for _, h := range heaps {
			tokens += h
		}
		if got, _ := q.Outcome(heaps...); (got == games.PreviousWins) != (tokens%2 == 1) {
			t.Errorf("0.3: sum %v of %d tokens: %v", heaps, tokens, got)
		}
	}
}

func TestGenusNim(t *testing.T) {
	// Misère Nim heaps (Conway, ONAG ch. 12): *0 = 0^120, *1 = 1^031 and
	// *n = n^(n, n XOR 2) for n >= 2; all tame.
	want := []string{"0^120", "1^031", "2^20", "3^31", "4^46", "5^57", "6^64"}
	for n, w := range want {
		g, err := HeapGenus("0.333333", n)
		if err != nil {
			t.Fatal(err)
		}
		if g.String() != w || !g.Tame() {
			t.Errorf("Nim heap %d: genus %v (tame %v), want %s, tame", n, g, g.Tame(), w)
		}
	}
}

// TestGenusAgainstQuotient checks γ0 against the quotient: a heap is a
// misère P-position alone exactly when γ0 = 0; and g against the
// normal-play sequence.
func TestGenusAgainstQuotient(t *testing.T) {
	for _, tc := range propertyCases[:6] {
		q := cachedQuotient(t, tc.code, tc.n)
		seq, err := heap.Octal(tc.code, tc.n)
		if err != nil {
			t.Fatal(err)
		}
		for h := 1; h <= tc.n; h++ {
			g, err := HeapGenus(tc.code, h)
			if err != nil {
				t.Fatal(err)
			}
			o, _ := q.Outcome(h)
			if (g.Gamma[0] == 0) != (o == games.PreviousWins) || g.G != seq[h] {
				t.Errorf("%s heap %d: genus %v, quotient outcome %v, normal value %d", tc.code, h, g, o, seq[h])
			}
		}
	}
}

func TestGenusString(t *testing.T) {
	for _, tc := range []struct {
		g    Genus
		want string
		tame bool
	}{
		{Genus{0, []int{1, 2, 0, 2, 0, 2, 0, 2}}, "0^120", true},
		{Genus{1, []int{0, 3, 1, 3, 1, 3, 1, 3}}, "1^031", true},
		{Genus{0, []int{0, 2, 0, 2, 0, 2, 0, 2}}, "0^02", true},
		{Genus{0, []int{1, 4, 2, 0, 2, 0, 2, 0}}, "0^1420", false},
		{Genus{12, []int{12, 14, 12, 14, 12, 14, 12, 14}}, "12^{12,14}", true},
	} {
		if tc.g.String() != tc.want || tc.g.Tame() != tc.tame {
			t.Errorf("%v: %q tame %v, want %q %v", tc.g.Gamma, tc.g.String(), tc.g.Tame(), tc.want, tc.tame)
		}
	}
}

// TestGenusPlambeck0312 reproduces the single-heap genera of 0.312 on
// Plambeck's page for the game (plambeck.org, misère octal games,
// quaternary games, 0.312): 1^{03131} 2^{20} 0^{02} 2^{1420} 0^{02} 1^{13}
// for heaps 1 to 6, where the exponent's last two values repeat for ever.
func TestGenusPlambeck0312(t *testing.T) {
	want := []struct {
		g      int
		prefix []int
	}{
		{1, []int{0, 3, 1, 3, 1}},
		{2, []int{2, 0}},
		{0, []int{0, 2}},
		{2, []int{1, 4, 2, 0}},
		{0, []int{0, 2}},
		{1, []int{1, 3}},
	}
	for i, w := range want {
		n := i + 1
		g, err := HeapGenus("0.312", n)
		if err != nil {
			t.Fatal(err)
		}
		// Extend the published exponent by its repeating last two values.
		seq := slices.Clone(w.prefix)
		for len(seq) < GenusTerms {
			seq = append(seq, seq[len(seq)-2])
		}
		if g.G != w.g || !slices.Equal(g.Gamma, seq) {
			t.Errorf("0.312 heap %d: genus %v (γ %v), want g=%d γ %v", n, g, g.Gamma, w.g, seq)
		}
	}
}

func TestGenusErrors(t *testing.T) {
	if _, err := HeapGenus("1.0", 3); !errors.Is(err, heap.ErrCode) {
		t.Errorf("HeapGenus of a bad code: error %v, want heap.ErrCode", err)
	}
	for _, n := range []int{-1, MaxHeap + 1} {
		if _, err := HeapGenus("0.77", n); !errors.Is(err, ErrHeap) {
			t.Errorf("HeapGenus of heap %d: error %v, want ErrHeap", n, err)
		}
	}
	// A game without moves has the trivial quotient.
	q, err := Solve("0.0", 4)
	if err != nil || q.Size() != 1 {
		t.Fatalf("0.0: %v, %v", q, err)
	}
	if o, _ := q.Outcome(3, 4); o != games.NextWins {
		t.Errorf("0.0: outcome %v, want N (no move: the player to move has won)", o)
	}
}

func ExampleHeapGenus() {
	// Kayles: heap 5 is the first whose genus is not one of misère Nim's.
	for n := 1; n <= 5; n++ {
		g, err := HeapGenus(heap.Kayles, n)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(n, g, g.Tame())
	}
	// Output:
	// 1 1^031 true
	// 2 2^20 true
	// 3 3^31 true
	// 4 1^031 true
	// 5 4^146 false
}

func BenchmarkHeapGenus(b *testing.B) {
	for _, n := range []int{5, 10, 15} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := HeapGenus(heap.Kayles, n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkOutcome(b *testing.B) {
	q, err := Solve("0.75", 30)
	if err != nil {
		b.Fatal(err)
	}
	for _, k := range []int{10, 1000, 100_000} {
		heaps := make([]int, k)
		for i := range heaps {
			heaps[i] = 1 + i%30
		}
		b.Run(strconv.Itoa(k), func(b *testing.B) {
			for b.Loop() {
				if _, err := q.Outcome(heaps...); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
