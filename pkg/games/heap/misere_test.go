package heap

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/grundylab/grundy/pkg/games"
)

// TestHeapOptionsNormalPlay checks the move lists the misère code plays
// with against the sparse-space normal-play values: the mex over the XOR
// of the options' values must give Octal's sequence.
func TestHeapOptionsNormalPlay(t *testing.T) {
	for _, code := range []string{"0.07", "0.77", "0.137", "4.7", "0.16", "0.6", "0x0.F", "0x4.B", "0.3333", "0.75", "0.007"} {
		c, err := ParseCode(code)
		if err != nil {
			t.Fatal(err)
		}
		const n = 40
		want, err := TakeBreak(c, n)
		if err != nil {
			t.Fatal(err)
		}
		opts := misereOptions(c, n)
		g := make([]int, n+1)
		for h := 1; h <= n; h++ {
			var vals []int
			for _, o := range opts[h] {
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

// bruteMisere plays sums of heaps out directly: a sum, as counts of each
// heap size, is lost for the player to move if it has a move and every
// move leads to a sum won for the player to move then.
type bruteMisere struct {
	opts [][]heapSum
	memo map[string]bool
}

func newBruteMisere(code string, n int) *bruteMisere {
	c, err := ParseCode(code)
	if err != nil {
		panic(err)
	}
	return &bruteMisere{opts: misereOptions(c, n), memo: map[string]bool{}}
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
		for _, o := range b.opts[h] {
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
	counts := make([]byte, len(b.opts))
	for _, h := range heaps {
		counts[h]++
	}
	if b.lost(counts) {
		return games.PreviousWins
	}
	return games.NextWins
}

var misereCases = []struct {
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

var quotientCache = map[string]*Quotient{}

// cachedQuotient computes each quotient of misereCases once for all tests.
func cachedQuotient(t *testing.T, code string, n int) *Quotient {
	t.Helper()
	k := code + "/" + strconv.Itoa(n)
	if q, ok := quotientCache[k]; ok {
		return q
	}
	q, err := MisereQuotient(code, n)
	if err != nil {
		t.Fatalf("%s up to %d: %v", code, n, err)
	}
	quotientCache[k] = q
	return q
}

// TestMisereAgainstDirectPlay compares the quotient's outcome of random
// sums, some with many copies of one heap, with direct play of the sums.
func TestMisereAgainstDirectPlay(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 3))
	for _, tc := range misereCases {
		q := cachedQuotient(t, tc.code, tc.n)
		brute := newBruteMisere(tc.code, tc.n)
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

// TestMisereQuotientReduced checks that the quotient has no two elements
// that no sum tells apart (a Moore partition refinement finds none) and
// that its order is even, as Plambeck and Siegel prove for every misère
// quotient of a game with a move (Misère quotients for impartial games,
// 2008).
func TestMisereQuotientReduced(t *testing.T) {
	for _, tc := range misereCases {
		q := cachedQuotient(t, tc.code, tc.n)
		if q.Size()%2 != 0 {
			t.Errorf("%s: order %d is odd", tc.code, q.Size())
		}
		class := make([]int, q.Size())
		for x := range class {
			if q.IsP(x) {
				class[x] = 1
			}
		}
		for {
			sig := map[string]int{}
			next := make([]int, q.Size())
			for x := range class {
				k := fmt.Sprint(class[x])
				for y := range q.Size() {
					k += "," + strconv.Itoa(class[q.Mul(x, y)])
				}
				if _, ok := sig[k]; !ok {
					sig[k] = len(sig)
				}
				next[x] = sig[k]
			}
			if slices.Equal(next, class) || len(sig) == q.Size() {
				if len(sig) != q.Size() {
					t.Errorf("%s: %d elements but %d classes", tc.code, q.Size(), len(sig))
				}
				break
			}
			class = next
		}
	}
}

// TestMisereKnownQuotients reproduces quotients from the literature.
func TestMisereKnownQuotients(t *testing.T) {
	for _, tc := range []struct {
		code       string
		n          int
		size       int
		pres       string
		p          string
		pretending string
	}{
		// Misère Nim (Bouton; Conway, ONAG ch. 12): a sum of heaps of size 1
		// is lost when their number is odd.
		{"0.3", 1, 2, "<a | a^2=1>", "{a}", "a"},
		// The tame quotient of misère Nim on heaps 1-3 (Plambeck–Siegel
		// 2008, section 3): a^2=1, b^3=b, with P = {a, b^2}.
		{"0.333", 3, 6, "<a,b | a^2=1, b^3=b>", "{a,b^2}", "a b ab"},
		// Heaps 1-7: the tame quotient with three generators, order 10.
		{"0.3333333", 7, 10, "<a,b,c | a^2=1, b^3=b, c^2=b^2, b^2c=c>", "{a,b^2}", "a b ab c ac bc abc"},
		// 0.75, a wild game: the 8-element quotient that Plambeck and
		// Siegel call R8 (Misère quotients for impartial games, 2008),
		// <a,b,c | a^2=1, b^3=b, bc=ab, c^2=b^2>, P={a,b^2}.
		{"0.75", 20, 8, "<a,b,c | a^2=1, b^3=b, bc=ab, c^2=b^2>", "{a,b^2}", "a b a b c b c b ab^2 b ab^2 b ab^2 b ab^2 b ab^2 b ab^2 b"},
	} {
		q, err := MisereQuotient(tc.code, tc.n)
		if err != nil {
			t.Fatal(err)
		}
		if q.Size() != tc.size || q.Presentation() != tc.pres || q.Pretending() != tc.pretending {
			t.Errorf("%s up to %d: order %d %s, pretending %q; want %d %s %q", tc.code, tc.n, q.Size(), q.Presentation(), q.Pretending(), tc.size, tc.pres, tc.pretending)
		}
		if want := tc.pres + " P=" + tc.p; q.String() != want {
			t.Errorf("%s: String %q, want %q", tc.code, q.String(), want)
		}
	}
}

// TestMiserePresentation checks that the relations hold in the table and
// that the normal forms name distinct elements.
func TestMiserePresentation(t *testing.T) {
	for _, tc := range misereCases {
		q := cachedQuotient(t, tc.code, tc.n)
		eval := func(m []int) int {
			x := 0
			for i, e := range m {
				g, _ := q.Pretend(q.pres.gens[i])
				for range e {
					x = q.Mul(x, g)
				}
			}
			return x
		}
		names := map[string]bool{}
		for x := range q.Size() {
			if eval(q.pres.normal[x]) != x {
				t.Errorf("%s: normal form %s is not element %d", tc.code, q.Name(x), x)
			}
			names[q.Name(x)] = true
		}
		if len(names) != q.Size() {
			t.Errorf("%s: %d names for %d elements", tc.code, len(names), q.Size())
		}
		for i, rel := range q.pres.relations {
			if eval(rel[0]) != eval(rel[1]) {
				t.Errorf("%s: relation %s fails", tc.code, q.Relations()[i])
			}
		}
	}
}

func TestMisereErrors(t *testing.T) {
	for _, tc := range []struct {
		code string
		n    int
		want error
	}{
		{"0.7x", 5, ErrCode},
		{"0.77", 0, nil},
		{"0.77", MaxMisereHeap + 1, nil},
	} {
		_, err := MisereQuotient(tc.code, tc.n)
		if err == nil || (tc.want != nil && !errors.Is(err, tc.want)) {
			t.Errorf("MisereQuotient(%q, %d) error %v, want %v", tc.code, tc.n, err, tc.want)
		}
	}
	if _, err := misereQuotient(misereCode(t, "0.77"), 12, 1000); !errors.Is(err, ErrMisereBound) {
		t.Errorf("0.77 up to 12 with 1000 sums of play: error %v, want ErrMisereBound", err)
	}
	q, err := MisereQuotient("0.75", 5)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := q.Outcome(1, 6); err == nil {
		t.Error("Outcome of a heap beyond the quotient: no error")
	}
	if _, err := q.Outcome(-1); err == nil {
		t.Error("Outcome of a negative heap: no error")
	}
	if _, err := MisereGenus("1.0", 3); !errors.Is(err, ErrCode) {
		t.Errorf("MisereGenus of a bad code: error %v, want ErrCode", err)
	}
	for _, n := range []int{-1, MaxMisereHeap + 1} {
		if _, err := MisereGenus("0.77", n); err == nil {
			t.Errorf("MisereGenus of heap %d: no error", n)
		}
	}
	// A game without moves has the trivial quotient.
	q, err = MisereQuotient("0.0", 4)
	if err != nil || q.Size() != 1 {
		t.Fatalf("0.0: %v, %v", q, err)
	}
	if o, _ := q.Outcome(3, 4); o != games.NextWins {
		t.Errorf("0.0: outcome %v, want N (no move: the player to move has won)", o)
	}
}

func FuzzMisereQuotient(f *testing.F) {
	f.Add("0.75", uint8(6), []byte{1, 2, 3})
	f.Add("0.07", uint8(7), []byte{4, 4, 2})
	f.Add("4.7", uint8(5), []byte{5, 1})
	f.Fuzz(func(t *testing.T, code string, n uint8, heaps []byte) {
		maxHeap := int(n)%7 + 1
		c, err := ParseCode(code)
		if err != nil {
			if _, err := MisereQuotient(code, maxHeap); !errors.Is(err, ErrCode) {
				t.Fatalf("%q: error %v, want ErrCode", code, err)
			}
			return
		}
		// A small bound on play keeps each run short; games it cuts off
		// must say so.
		q, err := misereQuotient(c, maxHeap, 50_000)
		if err != nil {
			if !errors.Is(err, ErrCode) && !errors.Is(err, ErrMisereBound) {
				t.Fatalf("%q: unexpected error %v", code, err)
			}
			return
		}
		if len(heaps) > 8 {
			heaps = heaps[:8]
		}
		hs := make([]int, len(heaps))
		for i, h := range heaps {
			hs[i] = int(h) % (maxHeap + 1)
		}
		got, err := q.Outcome(hs...)
		if err != nil {
			t.Fatal(err)
		}
		if want := newBruteMisere(code, maxHeap).outcome(hs); got != want {
			t.Fatalf("%s up to %d: sum %v: quotient %v, play %v", code, maxHeap, hs, got, want)
		}
	})
}

func ExampleMisereQuotient() {
	q, err := MisereQuotient("0.75", 12)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(q.Size(), q)
	fmt.Println(q.Pretending())
	o, _ := q.Outcome(2, 5, 5)
	fmt.Println(o)
	// Output:
	// 8 <a,b,c | a^2=1, b^3=b, bc=ab, c^2=b^2> P={a,b^2}
	// a b a b c b c b ab^2 b ab^2 b
	// N
}

func BenchmarkMisereQuotient(b *testing.B) {
	for _, tc := range []struct {
		code string
		n    int
	}{{"0.75", 10}, {"0.75", 20}, {"0.75", 30}, {"0.07", 8}, {"0.07", 12}, {"0.77", 8}, {"0.77", 10}} {
		b.Run(tc.code+"/"+strconv.Itoa(tc.n), func(b *testing.B) {
			for b.Loop() {
				if _, err := MisereQuotient(tc.code, tc.n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func misereCode(t *testing.T, code string) Code {
	t.Helper()
	c, err := ParseCode(code)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestMisereGenusNim(t *testing.T) {
	// Misère Nim heaps (Conway, ONAG ch. 12): *0 = 0^120, *1 = 1^031 and
	// *n = n^(n, n XOR 2) for n >= 2; all tame.
	want := []string{"0^120", "1^031", "2^20", "3^31", "4^46", "5^57", "6^64"}
	for n, w := range want {
		g, err := MisereGenus("0.333333", n)
		if err != nil {
			t.Fatal(err)
		}
		if g.String() != w || !g.Tame() {
			t.Errorf("Nim heap %d: genus %v (tame %v), want %s, tame", n, g, g.Tame(), w)
		}
	}
}

// TestMisereGenusAgainstQuotient checks γ0 against the quotient: a heap is
// a misère P-position alone exactly when γ0 = 0; and g against the
// normal-play sequence.
func TestMisereGenusAgainstQuotient(t *testing.T) {
	for _, tc := range misereCases[:6] {
		q := cachedQuotient(t, tc.code, tc.n)
		seq, err := Octal(tc.code, tc.n)
		if err != nil {
			t.Fatal(err)
		}
		for h := 1; h <= tc.n; h++ {
			g, err := MisereGenus(tc.code, h)
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

func ExampleMisereGenus() {
	// Kayles: heap 5 is the first whose genus is not one of misère Nim's.
	for n := 1; n <= 5; n++ {
		g, err := MisereGenus(Kayles, n)
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

func BenchmarkMisereGenus(b *testing.B) {
	for _, n := range []int{5, 10, 15} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := MisereGenus(Kayles, n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestMisereDawsonsChess compares two codes of one game: a heap of n in
// Dawson's Chess (0.137) plays as a heap of n+1 in Dawson's Kayles (0.07),
// so their quotients must have the same order and agree on every sum.
func TestMisereDawsonsChess(t *testing.T) {
	const n = 9
	chess := cachedQuotient(t, DawsonsChess, n)
	kayles := cachedQuotient(t, DawsonsKayles, n+1)
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

// TestMisereLongHeaps takes 0.3 (take one token) to heaps past 255, where
// sums are keyed with two bytes a heap: a sum is lost for the player to
// move exactly when its number of tokens is odd.
func TestMisereLongHeaps(t *testing.T) {
	q, err := MisereQuotient("0.3", 300)
	if err != nil {
		t.Fatal(err)
	}
	if q.Size() != 2 || q.Presentation() != "<a | a^2=1>" {
		t.Errorf("0.3 up to 300: order %d, %s", q.Size(), q.Presentation())
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

// TestMisereGenusPlambeck0312 reproduces the single-heap genera of 0.312
// on Plambeck's page for the game (plambeck.org, misère octal games,
// quaternary games, 0.312): 1^{03131} 2^{20} 0^{02} 2^{1420} 0^{02} 1^{13}
// for heaps 1 to 6, where the exponent's last two values repeat for ever.
func TestMisereGenusPlambeck0312(t *testing.T) {
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
		g, err := MisereGenus("0.312", n)
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

// TestMisereQuotientPlambeck0312 checks the quotient of 0.312 against the
// solution on Plambeck's page for the game: heaps 1 to 10 pretend to be the
// adders :1 :2 :4 A :4 :5 :4 :5 :4 :5 (period two from heap 5), with
// A + A = :0; and :5 = :4 + :1 as adders add like Nim heaps.
func TestMisereQuotientPlambeck0312(t *testing.T) {
	q, err := MisereQuotient("0.312", 14)
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

func BenchmarkQuotientOutcome(b *testing.B) {
	q, err := MisereQuotient("0.75", 30)
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
