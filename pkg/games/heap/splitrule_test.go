package heap

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/games"
)

// partitionsOf returns every multiset of positive sizes summing to m, each
// as an increasing list: the empty one for m = 0.
func partitionsOf(m int) [][]int {
	var out [][]int
	var rec func(rest, lo int, cur []int)
	rec = func(rest, lo int, cur []int) {
		if rest == 0 {
			out = append(out, slices.Clone(cur))
			return
		}
		for p := lo; p <= rest; p++ {
			rec(rest-p, p, append(cur, p))
		}
	}
	rec(m, 1, nil)
	return out
}

// naiveRuleMoves is the referee of the move enumeration: every way to take
// j tokens and leave the rest as any multiset of heaps, kept when the digit
// allows that many heaps and their sizes pass its modifier, checked on the
// sorted sizes directly.
func naiveRuleMoves(r Rule, n int) [][]int {
	var out [][]int
	for j := 0; j <= n; j++ {
		d := r.digit(j)
		for _, parts := range partitionsOf(n - j) {
			k := len(parts)
			if k == 1 && j == 0 {
				continue // leaving the heap as it is is no move
			}
			allowed := k < 64 && d.counts&(1<<k) != 0 || d.more && k > d.top()
			if !allowed {
				continue
			}
			distinct := len(slices.Compact(slices.Clone(parts))) == k
			same := k == 0 || parts[0] == parts[k-1]
			switch d.mod(k) {
			case unequal:
				allowed = k < 2 || distinct
			case notEqual:
				allowed = k < 2 || !same
			case allEqual:
				allowed = k < 2 || same
			}
			if allowed {
				out = append(out, parts)
			}
		}
	}
	return out
}

// moveStrings writes moves as CGSuite's traversals do: sizes joined by
// commas, "-" for no heap; sorted, for comparison.
func moveStrings(moves [][]int) []string {
	var s []string
	for _, m := range moves {
		if len(m) == 0 {
			s = append(s, "-")
			continue
		}
		s = append(s, strings.Trim(strings.ReplaceAll(fmt.Sprint(m), " ", ","), "[]"))
	}
	slices.Sort(s)
	return s
}

// ruleMovesOf collects the moves Rule.Moves emits for heap n.
func ruleMovesOf(r Rule, n int) [][]int {
	var out [][]int
	r.Moves(n, func(parts ...int) {
		if !slices.IsSorted(parts) {
			panic(fmt.Sprintf("%s: heap %d: parts %v not in increasing order", r, n, parts))
		}
		out = append(out, slices.Clone(parts))
	})
	return out
}

func TestRuleMoves(t *testing.T) {
	// The options of one heap, as CGSuite's TakeAndBreak lists them.
	for _, tc := range []struct {
		code  string
		heap  int
		moves string
	}{
		{"0.3", 9, "8"},
		{"0.7", 9, "8  1,7  2,6  3,5  4,4"},
		{"4.0", 8, "1,7  2,6  3,5  4,4"},
		{"4!.0", 8, "1,7  2,6  3,5"},
		{"0.3F", 9, "8  7  1,6  2,5  3,4  1,1,5  1,2,4  1,3,3  2,2,3"},
		{"0.3F!", 9, "8  7  1,6  2,5  3,4  1,2,4"},
		{"0.3f?", 11, "10  9  1,8  2,7  3,6  4,5  1,1,7  1,2,6  1,3,5  1,4,4  2,2,5  2,3,4"},
		{"0.3f!", 11, "10  9  1,8  2,7  3,6  4,5  1,2,6  1,3,5  2,3,4"},
		{"0.*3", 7, "6  1,5  2,4  3,3  1,1,4  1,2,3  2,2,2  1,1,1,3  1,1,2,2  1,1,1,1,2  1,1,1,1,1,1  5"},
		{"0.*?3", 7, "6  1,5  2,4  1,1,4  1,2,3  1,1,1,3  1,1,2,2  1,1,1,1,2  5"},
		{"0.*!3", 7, "6  1,5  2,4  1,2,3  5"},
		{"0.[3]", 7, "6  5  4  3  2  1  -"},
		{"0.[2]", 7, "6  5  4  3  2  1"},
		{"0.3[1]", 7, "6  -"},
		{"0.7[03]", 7, "6  1,5  2,4  3,3  4  2  -"},
		{"0.*=", 11, "10  5,5  2,2,2,2,2  1,1,1,1,1,1,1,1,1,1"},
		{"{2+}=.0", 10, "5,5  2,2,2,2,2  1,1,1,1,1,1,1,1,1,1"},
		{"0.{0,1,3+}", 1, "-"},
		{"0.{0,1,3+}", 2, "1"},
		{"0.{0,1,3+}", 7, "6  1,1,4  1,2,3  2,2,2  1,1,1,3  1,1,2,2  1,1,1,1,2  1,1,1,1,1,1"},
		{"0.{1,3+}", 1, ""},
		{"0.{2,3?+}", 7, "1,5  2,4  3,3  1,1,4  1,2,3  1,1,1,3  1,1,2,2  1,1,1,1,2"},
		{"8!.0", 9, "1,2,6  1,3,5  2,3,4"},
		{"0.&64;", 8, "1,1,1,1,1,2"},
	} {
		r, err := ParseRule(tc.code)
		if err != nil {
			t.Fatal(err)
		}
		want := moveStrings(nil)
		for _, m := range strings.Fields(strings.ReplaceAll(tc.moves, "  ", " ")) {
			want = append(want, m)
		}
		slices.Sort(want)
		if got := moveStrings(ruleMovesOf(r, tc.heap)); !slices.Equal(got, want) {
			t.Errorf("%s, heap %d: moves %q, want %q", tc.code, tc.heap, got, want)
		}
	}
}

// ruleCodes are generalised codes for the cross-checks: modifiers, braces,
// open-ended digits, repeating parts, digits past F.
var ruleCodes = []string{
	GrundysGame, LaskersNim, "0.4!", "8!.0", "8?.0", "C!.0", "4=.0", "0.7?", "0.3F!", "0.3F?",
	"0.*", "0.*!", "0.*=", "0.*?3", "{2+}.0", "{2+}!.0", "{2+}=.0", "0.{2,3?+}", "0.{0,2!,4?+}",
	"0.[3]", "0.[37]", "0.7[03]", "0.[{0+}=]", "0.G", "0.V", "0.Z", "0.&64;", "0.{2!,3}", "4!.3F",
}

// testRules returns ruleCodes and count random rules, parsed.
func testRules(t *testing.T, seed1, seed2 uint64, count int) map[string]Rule {
	t.Helper()
	r := rand.New(rand.NewPCG(seed1, seed2))
	codes := slices.Clone(ruleCodes)
	for range count {
		codes = append(codes, randomRule(r))
	}
	rules := make(map[string]Rule, len(codes))
	for _, code := range codes {
		rule, err := ParseRule(code)
		if err != nil {
			t.Fatalf("%s: %v", code, err)
		}
		rules[code] = rule
	}
	return rules
}

// TestRuleMovesAgainstNaive compares the enumeration with the referee on
// the first heaps of many rules.
func TestRuleMovesAgainstNaive(t *testing.T) {
	for code, rule := range testRules(t, 7, 8, 60) {
		for n := 0; n <= 13; n++ {
			got, want := moveStrings(ruleMovesOf(rule, n)), moveStrings(naiveRuleMoves(rule, n))
			if !slices.Equal(got, want) {
				t.Fatalf("%s, heap %d:\n got %q\nwant %q", code, n, got, want)
			}
		}
	}
}

// TestRuleSequencePaths compares Octal's direct marking of two-heap splits
// with Split fed by Rule.Moves, one move at a time.
func TestRuleSequencePaths(t *testing.T) {
	for code, rule := range testRules(t, 13, 14, 100) {
		n := 200
		if rule.MaxHeaps() < 0 || rule.MaxHeaps() > 2 {
			n = 30
		}
		got, err := ruleSequence(rule, n, MaxMoves)
		if err != nil {
			t.Fatalf("%s: %v", code, err)
		}
		want, err := Split(n, rule.Moves)
		if err != nil {
			t.Fatalf("%s: %v", code, err)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%s: Octal's path and Split(n, Rule.Moves) differ:\n%v\n%v", code, got, want)
		}
	}
}

// randomRule returns a random generalised code.
func randomRule(r *rand.Rand) string {
	const base36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	mods := []string{"", "", "!", "?", "="}
	digit := func(zeroOK bool) string {
		switch r.IntN(4) {
		case 0:
			var ks []string
			for k := range 6 {
				if r.IntN(3) == 0 && (zeroOK || k >= 2) {
					ks = append(ks, fmt.Sprint(k))
				}
			}
			if len(ks) == 0 {
				ks = []string{"2"}
			}
			plus := ""
			if r.IntN(2) == 0 {
				plus = "+"
			}
			return "{" + strings.Join(ks, ",") + plus + "}" + mods[r.IntN(len(mods))]
		default:
			v := r.IntN(36)
			if !zeroOK {
				v &^= 3
			}
			return base36[v:v+1] + mods[r.IntN(len(mods))]
		}
	}
	s := digit(false) + "."
	for range 1 + r.IntN(3) {
		s += digit(true)
	}
	if r.IntN(4) == 0 {
		s += "[" + digit(true) + "]"
	}
	return s
}

// ruleSolver returns the generic solver playing the rule's game on
// multisets of heaps, with the referee's moves.
func ruleSolver(r Rule) *games.Solver[string] {
	return games.NewSolver(multisetMoves(func(h int) [][]int { return naiveRuleMoves(r, h) }), 0)
}

func TestOctalRulesAgainstSolver(t *testing.T) {
	const n = 12
	for _, code := range ruleCodes {
		r, err := ParseRule(code)
		if err != nil {
			t.Fatal(err)
		}
		g, err := Octal(code, n)
		if err != nil {
			t.Fatalf("%s: %v", code, err)
		}
		s := ruleSolver(r)
		for h := 0; h <= n; h++ {
			got, err := s.Grundy(position(h))
			if err != nil {
				t.Fatal(err)
			}
			if got != g[h] {
				t.Fatalf("%s: heap %d: Octal %d, solver %d", code, h, g[h], got)
			}
		}
		for a := 1; a <= 6; a++ {
			for b := a; b <= 6; b++ {
				got, err := s.Grundy(position(a, b))
				if err != nil {
					t.Fatal(err)
				}
				if want := g[a] ^ g[b]; got != want {
					t.Fatalf("%s: heaps %d,%d: solver %d, XOR %d", code, a, b, got, want)
				}
			}
		}
	}
}

// TestRuleAgainstTakeBreak plays Codes both ways: the generic enumeration
// through Split and the sparse-space method.
func TestRuleAgainstTakeBreak(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	codes := slices.Clone(classicCodes)
	for i := range 60 {
		codes = append(codes, randomCode(r, i%4 == 0).String())
	}
	for _, code := range codes {
		c, cerr := ParseCode(code)
		rule, err := ParseRule(code)
		if err != nil || cerr != nil {
			t.Fatalf("%s: %v, %v", code, err, cerr)
		}
		if back, ok := rule.Code(); !ok || back != c {
			t.Fatalf("%s: Rule.Code() = %s, %v", c, back, ok)
		}
		n := 300
		if !c.IsOctal() {
			n = 80
		}
		got, err := ruleSequence(rule, n, MaxMoves)
		if err != nil {
			t.Fatal(err)
		}
		want, err := TakeBreak(c, n)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%s: Split and the sparse-space method differ", c)
		}
	}
}

func TestOctalKnownRules(t *testing.T) {
	// Grundy's game, two ways: the code and a plain options function.
	g, err := Octal(GrundysGame, 3000)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Split(3000, grundysGame())
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(g, want) {
		t.Fatal("Octal(4!.0) is not Grundy's game")
	}
	// Lasker's Nim has a closed form: g(4k+1) = 4k+1, g(4k+2) = 4k+2,
	// g(4k+3) = 4k+4, g(4k+4) = 4k+3.
	lasker, err := Octal(LaskersNim, 1500)
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= 1500; n++ {
		want := n
		switch n % 4 {
		case 3:
			want = n + 1
		case 0:
			want = n - 1
		}
		if lasker[n] != want {
			t.Fatalf("Lasker's Nim: g(%d) = %d, want %d", n, lasker[n], want)
		}
	}
	// Splitting a heap into two or more heaps has g(n) = n-1 for n >= 1:
	// n-1 heaps of one token and one of v+1 give any v < n-1, and no split
	// gives more than the sum of its (size-1), which is below n-1. The
	// sets of values of splits into three heaps or more come from their
	// recurrence here, not from the p(n) splits.
	split, err := Octal("{2+}.0", 400)
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= 400; n++ {
		if split[n] != n-1 {
			t.Fatalf("{2+}.0: g(%d) = %d, want %d", n, split[n], n-1)
		}
	}
	// Nim: take any number of tokens.
	nim, err := Octal("0.[3]", 500)
	if err != nil {
		t.Fatal(err)
	}
	for n, v := range nim {
		if v != n {
			t.Fatalf("0.[3]: g(%d) = %d", n, v)
		}
	}
}

func TestRuleString(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"0.07", "0.07"},
		{".07", "0.07"},
		{"0x0.F", "0.F"},
		{"0.3f", "0.3F"},
		{"0.000", "0.0"},
		{"4!.0", "4!.0"},
		{"0.{1,2!}", "0.6!"},
		{"0.{0!,2!,3!}", "0.D!"},
		{"0.{0!,2!,3}", "0.{0,2!,3}"},
		{"0.{0!,2!,3!+}", "0.{0,2+}!"},
		{"0.{0!,2,3!+}", "0.{0,2,3!+}"},
		{"0.{0!,3+}", "0.{0,3+}"},
		{"0.{0,2!,4!+}", "0.{0,2,4+}!"},
		{"0.{0!,2!,4+}", "0.{0,2!,4+}"},
		{"0.{0!,2?,4?+}", "0.{0,2,4+}?"},
		{"0.{0!,2=,3?,4?+}", "0.{0,2=,3?+}"},
		{"0.{0!,2?,3?,4?+}", "0.{0,2+}?"},
		{"0.{0,1!,2,3,4+}", "0.*"},
		{"0.{0,1,2!,3!,4!+}", "0.*!"},
		{"0.{2,3}", "0.C"},
		{"0.{5}", "0.W"},
		{"0.{6}", "0.&64;"},
		{"0.&12;", "0.C"},
		{"0.[3]", "0.[3]"},
		{"0.3[33]", "0.[3]"},
		{"0.77[37]", "0.7[73]"},
		{"0.3[00]", "0.3"},
		{"4.[3]", "4.[3]"},
		{"{2+}.0", "{2+}.0"},
		{"{2,3,4+}!.0", "{2+}!.0"},
		{"0.1!", "0.1"},
		{"0.2=", "0.2"},
	} {
		r, err := ParseRule(tc.in)
		if err != nil {
			t.Errorf("ParseRule(%q): %v", tc.in, err)
			continue
		}
		if got := r.String(); got != tc.want {
			t.Errorf("ParseRule(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestParseRuleErrors(t *testing.T) {
	for _, tc := range []struct{ in, reason string }{
		{"", "empty"},
		{"0.{", "'{' at byte 2 has no closing '}'"},
		{"0.{}", `"" is not a number of heaps`},
		{"0.{,2}", `"" is not a number of heaps`},
		{"0.{2,}", `"" is not a number of heaps`},
		{"0.{+}", `"" is not a number of heaps`},
		{"0.{64}", `"64" is not a number of heaps from 0 to 63`},
		{"0.{-1}", `"-1" is not a number of heaps`},
		{"0.{+2}", `"+2" is not a number of heaps`},
		{"0.{2,2}", "lists 2 heaps twice"},
		{"0.{2!}!", "modifiers both inside and after its braces"},
		{"0.{2!!}", `"2!" is not a number of heaps`},
		{"0.&12", "'&' at byte 2 has no closing ';'"},
		{"0.&x;", "is not a decimal number"},
		{"0.&18446744073709551616;", "is not a decimal number"},
		{"0.[", "'[' without a closing ']'"},
		{"0.[3", "'[' without a closing ']'"},
		{"0.[]", "empty repeating part"},
		{"0.[3]3", "']' at byte 4 does not close"},
		{"0.3]", "']' at byte 3 does not close"},
		{"[3].0", "'[' at byte 0"},
		{"0.[3][3]", "']' at byte 4 does not close"},
		{"*.0", "integer part * removes no tokens"},
		{"{1,2}.0", "integer part 6 removes no tokens"},
		{"F.0", "integer part F removes no tokens"},
		{"0.3!!", "'!' at byte 4 is not a digit"},
		{"0.!", "'!' at byte 2 is not a digit"},
		{"04.3", `integer part "04" has more than one digit`},
		{"0x", "no '.'"},
		{strings.Repeat("7", MaxRuleLen) + ".7", "bytes, more than"},
	} {
		_, err := ParseRule(tc.in)
		var ce *games.Error
		switch {
		case err == nil:
			t.Errorf("ParseRule(%q) succeeded", tc.in)
		case !errors.As(err, &ce) || ce.Func != "heap.ParseRule" || !errors.Is(err, ErrCode):
			t.Errorf("ParseRule(%q): %v is not a *games.Error wrapping ErrCode", tc.in, err)
		case !strings.Contains(err.Error(), tc.reason):
			t.Errorf("ParseRule(%q): %q does not say %q", tc.in, err, tc.reason)
		}
	}
}

func TestOctalRuleErrors(t *testing.T) {
	// The budget of work, moves and word operations on the sets of values
	// of many-heap splits: {2+}.0 to heap 200 needs more than 100,000.
	r, err := ParseRule("{2+}.0")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ruleSequence(r, 200, 100_000); !errors.Is(err, ErrTooManyMoves) {
		t.Errorf("{2+}.0 to 200 within 100,000 moves: %v, want ErrTooManyMoves", err)
	}
	if _, err := ruleSequence(r, 10, 100_000); err != nil {
		t.Errorf("{2+}.0 to 10: %v", err)
	}
	if _, err := Octal(GrundysGame, -1); err == nil {
		t.Error("negative heap accepted")
	}
	if _, err := Octal(GrundysGame, MaxLen); !errors.Is(err, ErrTooLong) {
		t.Errorf("heap MaxLen: %v, want ErrTooLong", err)
	}
	// OctalPeriod's theorem needs a Code; it says why a rule is not one.
	for _, code := range []string{GrundysGame, LaskersNim, "0.G"} {
		_, err := OctalPeriod(code, 1000)
		var ce *games.Error
		if !errors.As(err, &ce) || ce.Func != "heap.OctalPeriod" || !strings.Contains(err.Error(), "is not a Code") {
			t.Errorf("OctalPeriod(%s): %v, want a *games.Error saying it is not a Code", code, err)
		}
	}
}

// FuzzParseRule checks that whatever ParseRule accepts reads back from its
// canonical form, agrees with ParseCode, and plays as the referee says on
// small heaps.
func FuzzParseRule(f *testing.F) {
	for _, s := range append(slices.Clone(ruleCodes), classicCodes...) {
		f.Add(s)
	}
	for _, s := range []string{"0.{", "0.&12;", "0.[3", "{2,2}.0", "0.{2!}!", "0x.[F]", "0.{63}", "0.&9223372036854775807;"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRule(s)
		c, cerr := ParseCode(s)
		if err != nil {
			if !errors.Is(err, ErrCode) {
				t.Fatalf("ParseRule(%q): %v does not wrap ErrCode", s, err)
			}
			if cerr == nil {
				t.Fatalf("ParseCode(%q) accepts what ParseRule rejects", s)
			}
			return
		}
		canon := r.String()
		back, err := ParseRule(canon)
		if err != nil || back.String() != canon {
			t.Fatalf("ParseRule(%q) = %s, which reads back as %v, %v", s, canon, back, err)
		}
		rc, isCode := r.Code()
		if isCode != (cerr == nil) || isCode && rc != c {
			t.Fatalf("%q: Rule.Code() = %s, %v; ParseCode = %s, %v", s, rc, isCode, c, cerr)
		}
		for n := 0; n <= 9; n++ {
			got, want := moveStrings(ruleMovesOf(r, n)), moveStrings(naiveRuleMoves(back, n))
			if !slices.Equal(got, want) {
				t.Fatalf("%s, heap %d: moves %q, referee %q", canon, n, got, want)
			}
		}
		// Octal's paths (the sparse-space method, direct pairs, sets of
		// many-heap values) against every move one at a time.
		got, err := Octal(s, 16)
		want, werr := Split(16, r.Moves)
		if err != nil || werr != nil || !slices.Equal(got, want) {
			t.Fatalf("%s: Octal %v, %v; Split of the moves %v, %v", canon, got, err, want, werr)
		}
	})
}

func ExampleParseRule() {
	for _, s := range []string{"4!.0", "0.{2,3}", "0.3[33]", "{2,3,4+}?.0", "1.0"} {
		r, err := ParseRule(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		// -1 means no bound.
		fmt.Println(r, r.MaxTake(), r.MaxHeaps())
	}
	// Output:
	// 4!.0 0 2
	// 0.C 1 3
	// 0.[3] -1 1
	// {2+}?.0 0 -1
	// heap.ParseRule "1.0": invalid take-and-break code: integer part 1 removes no tokens, so it may only split a heap into two or more, not leave it whole (one heap) or take it (no heap)
}

func ExampleRule_Moves() {
	r, err := ParseRule("0.3F!") // take 1 leaving a heap; or take 2 leaving 1-3 unequal heaps
	if err != nil {
		fmt.Println(err)
		return
	}
	r.Moves(9, func(parts ...int) { fmt.Print(parts, " ") })
	fmt.Println()
	// Output: [8] [7] [1 6] [2 5] [3 4] [1 2 4]
}

func ExampleOctal_grundysGame() {
	g, err := Octal(GrundysGame, 20)
	fmt.Println(g, err)
	// Output: [0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0] <nil>
}

func BenchmarkOctalRule(b *testing.B) {
	for _, tc := range []struct {
		code  string
		sizes []int
	}{
		{GrundysGame, []int{1_000, 16_000, 64_000}},
		{"4!.07!", []int{1_000, 16_000}},
		{LaskersNim, []int{1_000, 4_000}},
		{"8?.0", []int{200, 400}},
		{"{2+}.0", []int{100, 400}},
		{"0.G", []int{200, 1_000}},
	} {
		for _, n := range tc.sizes {
			b.Run(fmt.Sprintf("%s/%d", tc.code, n), func(b *testing.B) {
				for b.Loop() {
					if _, err := Octal(tc.code, n); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// randomPairRule returns a random finite code whose moves leave at most two
// heaps, with modifiers on the splits.
func randomPairRule(r *rand.Rand) string {
	mods := []string{"", "!", "?", "="}
	s := []string{"0", "4", "4!", "4="}[r.IntN(4)] + "."
	for range 1 + r.IntN(4) {
		d := r.IntN(8)
		s += strconv.Itoa(d)
		if d&4 != 0 {
			s += mods[r.IntN(len(mods))]
		}
	}
	return s
}

// naivePairRule returns g(0), ..., g(n) of a finite rule whose moves leave
// at most two heaps, straight from the definition: every move of every
// heap, its modifiers read from the digit.
func naivePairRule(r Rule, n int) Sequence {
	g := make(Sequence, n+1)
	seen := make([]int, 2*n+4) // seen[v] == h: v is an option of heap h
	for h := 1; h <= n; h++ {
		for j := 0; j <= h && j < len(r.digits); j++ {
			d, m := r.digits[j], h-j
			if d.counts&1 != 0 && m == 0 && j > 0 {
				seen[0] = h
			}
			if d.counts&2 != 0 && m > 0 && j > 0 {
				seen[g[m]] = h
			}
			if d.counts&4 == 0 {
				continue
			}
			for a := 1; 2*a <= m; a++ {
				equal := 2*a == m
				switch d.mod(2) {
				case unequal, notEqual:
					if equal {
						continue
					}
				case allEqual:
					if !equal {
						continue
					}
				}
				seen[g[a]^g[m-a]] = h
			}
		}
		for seen[g[h]] == h {
			g[h]++
		}
	}
	return g
}

// pairRuleCodes are two-heap codes with splits that take nothing (the digit
// before the point) or carry a modifier, for the engine's cross-checks.
var pairRuleCodes = []string{
	GrundysGame, "4.0", "4?.0", "4=.0", "0.4!", "0.74!", "4!.07", "0.4?4!", "4.4!", "0.04!",
	"0.14!", "4!.4!", "0.6!", "0.6=", "4=.4", "0.4=4!7?", "4!.0004", "4?.64!",
}

// TestPairGameAgainstNaive plays two-heap codes with modifiers by the
// rare/common engine (Octal's path, alone and with its helper) and by
// naivePairRule, far enough for the common keys to be chosen anew several
// times, and Grundy's game far enough for the helper and the witness hints
// to do their work.
func TestPairGameAgainstNaive(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	codes := slices.Clone(pairRuleCodes)
	for range 40 {
		codes = append(codes, randomPairRule(r))
	}
	const n = 3000
	for _, code := range codes {
		rule, err := ParseRule(code)
		if err != nil {
			t.Fatal(err)
		}
		p, ok := ruleGame(rule)
		if !ok {
			t.Fatalf("%s: not a two-heap game", code)
		}
		want := naivePairRule(rule, n)
		for _, helper := range []bool{false, true} {
			e := newEngine[uint16](p)
			e.parallel = helper
			if !runTo(e, n+1) {
				t.Fatalf("%s: a value beyond two bytes", code)
			}
			for i, w := range want {
				if int(e.g[i]) != w {
					t.Fatalf("%s (helper %v): g(%d) = %d by the engine, %d by the definition", code, helper, i, e.g[i], w)
				}
			}
		}
	}
	rule, _ := ParseRule(GrundysGame)
	big := 1 << 16
	if testing.Short() {
		big = 1 << 15
	}
	want := naivePairRule(rule, big)
	got, err := Octal(GrundysGame, big)
	if err != nil {
		t.Fatal(err)
	}
	if i := firstDiff(got, want); i >= 0 {
		t.Fatalf("Grundy's game: g(%d) = %d by Octal, %d by the definition", i, got[i], want[i])
	}
	p, _ := ruleGame(rule)
	e := newEngine[uint16](p)
	e.parallel = true
	if !runTo(e, big+1) {
		t.Fatal("Grundy's game: a value beyond two bytes")
	}
	if rare := len(e.cls[0].rare); rare > 2000 {
		t.Errorf("Grundy's game to %d: %d rare heaps, want a sparse space (about 1,270)", big, rare)
	}
	if e.batches == 0 && runtime.GOMAXPROCS(0) >= 2 {
		t.Errorf("Grundy's game to %d: the helper never started", big)
	}
}

// TestOctalPeriodCGSuite proves, from codes in CGSuite's notation, the
// periods CGSuite's tests find with CheckPeriodicity(2000).
func TestOctalPeriodCGSuite(t *testing.T) {
	for _, tc := range []struct {
		code              string
		preperiod, period int
	}{
		{"0.77", 71, 12},
		{"0.07", 53, 34},
		{"0.0330003", 0, 5},
		{"0.F", 0, 2}, // hexadecimal without a prefix, as "0x0.F"
	} {
		p, err := OctalPeriod(tc.code, 2000)
		if err != nil || p.Preperiod != tc.preperiod || p.Period != tc.period {
			t.Errorf("OctalPeriod(%s) = %v, %v; want preperiod %d, period %d", tc.code, p, err, tc.preperiod, tc.period)
		}
	}
}

// TestRuleCGSuite checks codes against the values g(1), ..., g(20) and the
// number of options of a heap of 20 that CGSuite's own tests of its
// TakeAndBreak rulesets list.
func TestRuleCGSuite(t *testing.T) {
	for _, tc := range []struct {
		code    string
		options int
		values  string
	}{
		{"0.[3]", 20, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20"},
		{"4!.0", 9, "0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0"},
		{"0.77", 20, "1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1"},
		{"0.07", 10, "0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3"},
		{"0.0330003", 3, "0 1 1 2 0 0 1 1 2 0 0 1 1 2 0 0 1 1 2 0"},
		{"0.3003330[3]", 17, "1 0 1 2 3 2 3 4 5 4 5 6 7 6 7 8 9 8 9 10"},
		{"0.3F", 38, "1 2 0 1 2 3 4 5 3 4 5 6 7 8 6 7 8 9 10 11"},
	} {
		r, err := ParseRule(tc.code)
		if err != nil {
			t.Fatal(err)
		}
		if got := len(ruleMovesOf(r, 20)); got != tc.options {
			t.Errorf("%s: heap 20 has %d options, want %d", tc.code, got, tc.options)
		}
		g, err := Octal(tc.code, 20)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Trim(fmt.Sprint(g[1:]), "[]"); got != tc.values {
			t.Errorf("%s:\n got %s\nwant %s", tc.code, got, tc.values)
		}
	}
}

// TestGrundysGameReach plays Grundy's game to 2^20 heaps, which MaxMoves
// stopped short of 300,000 before the rare/common engine played it, checks
// the first 2^17 values by the definition and all of them against the
// engine alone, without its helper. It takes under a minute; set
// GRUNDY_LONG=1 to run it.
func TestGrundysGameReach(t *testing.T) {
	if os.Getenv("GRUNDY_LONG") == "" {
		t.Skip("set GRUNDY_LONG=1 to play Grundy's game to 2^20 heaps (half a minute)")
	}
	g, err := Octal(GrundysGame, 1<<20)
	if err != nil {
		t.Fatalf("Grundy's game to 2^20 heaps: %v", err)
	}
	rule, _ := ParseRule(GrundysGame)
	want := naivePairRule(rule, 1<<17)
	if i := firstDiff(g[:len(want)], want); i >= 0 {
		t.Fatalf("Grundy's game: g(%d) = %d by Octal, %d by the definition", i, g[i], want[i])
	}
	p, _ := ruleGame(rule)
	alone := newRun(p)
	if err := alone.extend(len(g)); err != nil {
		t.Fatal(err)
	}
	for i, v := range g {
		if alone.at(i) != v {
			t.Fatalf("Grundy's game: g(%d) = %d with the helper, %d alone", i, v, alone.at(i))
		}
	}
}
