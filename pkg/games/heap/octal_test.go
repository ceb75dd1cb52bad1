package heap

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/games"
)

// naiveTakeBreak is the plain definition, the referee of the sparse-space
// method: every option of every heap, then the mex. It costs O(n) per heap
// for moves into two heaps and O(n²) for moves into three.
func naiveTakeBreak(c Code, n int) Sequence {
	g := make(Sequence, n+1)
	for h := 1; h <= n; h++ {
		var opts []int
		for j := 0; j <= c.MaxTake() && j <= h; j++ {
			d, m := c.Digit(j), h-j
			if d&1 != 0 && m == 0 && j > 0 {
				opts = append(opts, 0)
			}
			if d&2 != 0 && m > 0 && j > 0 {
				opts = append(opts, g[m])
			}
			for a := 1; d&4 != 0 && a <= m-a; a++ {
				opts = append(opts, g[a]^g[m-a])
			}
			for a := 1; d&8 != 0 && a <= m; a++ {
				for b := a; a+b < m && b <= m-a-b; b++ {
					opts = append(opts, g[a]^g[b]^g[m-a-b])
				}
			}
		}
		g[h] = games.Mex(opts)
	}
	return g
}

// heapsMoves returns the move function of the take-and-break game of c on
// positions with several heaps, written as the string of their sizes in
// increasing order (one byte per heap): the real game, for the generic
// solver.
func heapsMoves(c Code) func(string) []string {
	return func(pos string) []string {
		var out []string
		add := func(i int, parts ...int) {
			heaps := []byte(pos[:i] + pos[i+1:])
			for _, p := range parts {
				heaps = append(heaps, byte(p))
			}
			slices.Sort(heaps)
			out = append(out, string(heaps))
		}
		for i := range len(pos) {
			h := int(pos[i])
			if i > 0 && pos[i-1] == pos[i] {
				continue // the same moves as from the previous equal heap
			}
			for j := 0; j <= c.MaxTake() && j <= h; j++ {
				d, m := c.Digit(j), h-j
				if d&1 != 0 && m == 0 && j > 0 {
					add(i)
				}
				if d&2 != 0 && m > 0 && j > 0 {
					add(i, m)
				}
				for a := 1; d&4 != 0 && a <= m-a; a++ {
					add(i, a, m-a)
				}
				for a := 1; d&8 != 0 && a <= m; a++ {
					for b := a; b <= m-a-b; b++ {
						add(i, a, b, m-a-b)
					}
				}
			}
		}
		return out
	}
}

// heaps returns the position of the given heaps for heapsMoves; empty heaps
// are no heaps.
func heaps(sizes ...int) string {
	var b []byte
	for _, h := range sizes {
		if h > 0 {
			b = append(b, byte(h))
		}
	}
	slices.Sort(b)
	return string(b)
}

// randomCode returns a random code with up to four digits after the point,
// octal or hexadecimal.
func randomCode(r *rand.Rand, hex bool) Code {
	digits, split := 8, []byte{0, 4}
	if hex {
		digits, split = 16, []byte{0, 4, 8, 12}
	}
	d := []byte{split[r.IntN(len(split))]}
	for range 1 + r.IntN(4) {
		d = append(d, byte(r.IntN(digits)))
	}
	for len(d) > 1 && d[len(d)-1] == 0 {
		d = d[:len(d)-1]
	}
	return Code{d: string(d)}
}

var classicCodes = []string{
	Kayles, DawsonsKayles, DawsonsChess, Treblecross, "0.051", "0.7777", "4.7", "0.16", "0.56",
	"0.376", "0.6", "0.15", "0.3", "0.333", "4.0", "0.4", "0.1", "0.0", "0.007", "0.72", "4.07",
	"0x0.F", "0x0.8", "0x.B7", "0x4.F", "0x8.1", "0xC.0",
}

func TestNaiveAgainstSolver(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	codes := parseCodes(t, classicCodes...)
	for i := range 40 {
		codes = append(codes, randomCode(r, i%3 == 0))
	}
	const n = 14
	for _, c := range codes {
		s := games.NewSolver(heapsMoves(c), 0)
		want := naiveTakeBreak(c, n)
		for h := 0; h <= n; h++ {
			got, err := s.Grundy(heaps(h))
			if err != nil {
				t.Fatal(err)
			}
			if got != want[h] {
				t.Fatalf("%s: heap %d: solver %d, definition %d", c, h, got, want[h])
			}
		}
		// Two and three heaps: the value is the XOR of the heaps' values
		// (Sprague–Grundy), which the solver finds by playing the sum.
		for a := 0; a <= 5; a++ {
			for b := a; b <= 5; b++ {
				for c2 := b; c2 <= 5; c2++ {
					got, err := s.Grundy(heaps(a, b, c2))
					if err != nil {
						t.Fatal(err)
					}
					if want := want[a] ^ want[b] ^ want[c2]; got != want {
						t.Fatalf("%s: heaps %d,%d,%d: solver %d, XOR %d", c, a, b, c2, got, want)
					}
				}
			}
		}
	}
}

// parseCodes parses codes that the test knows to be good.
func parseCodes(t *testing.T, codes ...string) []Code {
	t.Helper()
	parsed := make([]Code, 0, len(codes))
	for _, s := range codes {
		c, err := ParseCode(s)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, c)
	}
	return parsed
}

// naiveCase is a game and the heaps, up to n, on which a fast method must
// agree with the definition.
type naiveCase struct {
	code Code
	n    int
}

// checkAgainstNaive checks the values a fast method computes for each case
// against naiveTakeBreak; method names it in a failure.
func checkAgainstNaive(t *testing.T, method string, cases []naiveCase, values func(naiveCase) Sequence) {
	t.Helper()
	for _, tc := range cases {
		got, want := values(tc), naiveTakeBreak(tc.code, tc.n)
		if len(got) != len(want) {
			t.Fatalf("%s: %d values by %s, %d by the definition", tc.code, len(got), method, len(want))
		}
		if i := firstDiff(got, want); i >= 0 {
			t.Fatalf("%s: g(%d) = %d by %s, %d by the definition", tc.code, i, got[i], method, want[i])
		}
	}
}

func TestTakeBreakAgainstNaive(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var cases []naiveCase
	for _, c := range parseCodes(t, classicCodes...) {
		n := 2000
		if !c.IsOctal() {
			n = 300
		}
		cases = append(cases, naiveCase{c, n})
	}
	// Deep into 0.16, where the sparse space has long been in use.
	cases = append(cases, naiveCase{parseCodes(t, "0.16")[0], 10_000})
	for i := range 200 {
		hex := i%5 == 0
		n := 500
		if hex {
			n = 150
		}
		cases = append(cases, naiveCase{randomCode(r, hex), n})
	}
	checkAgainstNaive(t, "the sparse method", cases, func(tc naiveCase) Sequence {
		got, err := TakeBreak(tc.code, tc.n)
		if err != nil {
			t.Fatal(err)
		}
		return got
	})
}

// TestTakeBreakPrefixes checks that every prefix comes out the same whatever
// sparse space is in use when it is computed.
func TestTakeBreakPrefixes(t *testing.T) {
	full, err := Octal("0.16", 5000)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 1, 2, 63, 64, 65, 200, 1023, 4999} {
		got, err := Octal("0.16", n)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != n+1 || !slices.Equal(got, full[:n+1]) {
			t.Fatalf("Octal(0.16, %d) is not a prefix of the longer sequence", n)
		}
	}
}

// TestDawsonsChessShift checks a classical identity: Dawson's chess on n
// pawns is Dawson's Kayles on n+1 pins.
func TestDawsonsChessShift(t *testing.T) {
	chess, err := Octal(DawsonsChess, 2000)
	if err != nil {
		t.Fatal(err)
	}
	kayles, err := Octal(DawsonsKayles, 2001)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(chess, kayles[1:]) {
		t.Fatal("Dawson's chess is not Dawson's Kayles shifted by one")
	}
}

func TestKnownValues(t *testing.T) {
	for _, tc := range []struct {
		code string
		want string // g(0), g(1), ...
	}{
		{Kayles, "0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7 4 1 2 8"},
		{DawsonsKayles, "0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3 0 1 1 3 0 2 1 1 0 4 5 2 7 4"},
		{"4.7", "0 1 2 1 2 1 2 1 2"},
	} {
		g, err := Octal(tc.code, len(strings.Fields(tc.want))-1)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Trim(fmt.Sprint(g), "[]"); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.code, got, tc.want)
		}
	}
}

func TestTakeBreakErrors(t *testing.T) {
	if _, err := Octal("0.07", -1); err == nil {
		t.Error("negative heap accepted")
	}
	if _, err := Octal("0.07", MaxLen); err == nil {
		t.Error("heap MaxLen accepted")
	}
	_, err := Octal("0.{2", 10)
	var ce *games.Error
	if !errors.As(err, &ce) || ce.Func != "heap.Octal" || ce.Input != "0.{2" {
		t.Errorf("Octal(0.{2): error %v, want a *games.Error from Octal", err)
	}
}

// FuzzTakeBreak compares the sparse-space method with the definition on
// any code the parser accepts.
func FuzzTakeBreak(f *testing.F) {
	for _, s := range classicCodes {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCode(s)
		if err != nil || c.MaxTake() > 12 {
			return
		}
		n := 200
		if !c.IsOctal() {
			n = 60
		}
		got, err := TakeBreak(c, n)
		if err != nil {
			t.Fatal(err)
		}
		if want := naiveTakeBreak(c, n); !slices.Equal(got, want) {
			t.Fatalf("%s: sparse method and definition differ:\n%v\n%v", c, got, want)
		}
	})
}
