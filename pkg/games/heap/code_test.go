package heap

import (
	"errors"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/games"
)

func TestParseCode(t *testing.T) {
	for _, tc := range []struct {
		in, want          string
		maxTake, maxHeaps int
		octal             bool
	}{
		{"0.07", "0.07", 2, 2, true},
		{".07", "0.07", 2, 2, true},
		{"0.070", "0.07", 2, 2, true},
		{".137", "0.137", 3, 2, true},
		{"4.7", "4.7", 1, 2, true},
		{"0.16", "0.16", 2, 2, true},
		{".7777", "0.7777", 4, 2, true},
		{"0.3", "0.3", 1, 1, true},
		{"0.1", "0.1", 1, 0, true},
		{"0.0", "0.0", 0, 0, true},
		{".000", "0.0", 0, 0, true},
		{"4.0", "4.0", 0, 2, true},
		{"0x0.F", "0x0.F", 1, 3, false},
		{"0x.f", "0x0.F", 1, 3, false},
		{"0X4.b7", "0x4.B7", 2, 3, false},
		{"0xC.1", "0xC.1", 1, 3, false},
		{"0x0.77", "0.77", 2, 2, true}, // hexadecimal digits below 8 are octal ones
		{"0x.0", "0.0", 0, 0, true},
		// CGSuite writes hexadecimal digits without a prefix.
		{"0.9", "0x0.9", 1, 3, false},
		{"0.F", "0x0.F", 1, 3, false},
		{"0.3f", "0x0.3F", 2, 3, false},
		{"C.0", "0xC.0", 0, 3, false},
	} {
		c, err := ParseCode(tc.in)
		if err != nil {
			t.Errorf("ParseCode(%q): %v", tc.in, err)
			continue
		}
		if got := c.String(); got != tc.want {
			t.Errorf("ParseCode(%q) = %s, want %s", tc.in, got, tc.want)
		}
		if c.MaxTake() != tc.maxTake || c.MaxHeaps() != tc.maxHeaps || c.IsOctal() != tc.octal {
			t.Errorf("%s: MaxTake %d, MaxHeaps %d, IsOctal %v; want %d, %d, %v",
				c, c.MaxTake(), c.MaxHeaps(), c.IsOctal(), tc.maxTake, tc.maxHeaps, tc.octal)
		}
		back, err := ParseCode(c.String())
		if err != nil || back != c {
			t.Errorf("%s does not read back: %v, %v", c, back, err)
		}
	}
}

func TestParseCodeErrors(t *testing.T) {
	for _, tc := range []struct {
		in, reason string
	}{
		{"", "empty"},
		{"0.0$", "'$' at byte 3 is not a digit"},
		{"0.07.1", "second '.' at byte 4"},
		{"007", "no '.'"},
		{"0x", "no '.'"},
		{"0.", "no digits after '.'"},
		{".", "no digits after '.'"},
		{"0x4.", "no digits after '.'"},
		{"04.7", `integer part "04" has more than one digit`},
		{"1.07", "integer part 1 removes no tokens"},
		{"2.07", "integer part 2 removes no tokens"},
		{"0x6.1", "integer part 6 removes no tokens"},
		{"x.07", "integer part X removes no tokens"},
		{"0·07", "'·' at byte 1 is not a digit"},
		{" 0.07", "' ' at byte 0 is not a digit"},
		{"-0.07", "'-' at byte 0 is not a digit"},
		// Rules that are not Codes.
		{"0.0x", "it has digit d2 = X, which may leave more than three heaps"},
		{"0xG.1", "it has digit d0 = G, which may leave more than three heaps"},
		{"0.{2+}", "it has digit d1 = {2+}, which may leave more than three heaps"},
		{"4!.0", "it has digit d0 = 4!, which constrains the sizes of the heaps"},
		{"0.7=", "it has digit d1 = 7=, which constrains the sizes of the heaps"},
		{"0.[3]", "it repeats forever"},
	} {
		_, err := ParseCode(tc.in)
		if err == nil {
			t.Errorf("ParseCode(%q) succeeded", tc.in)
			continue
		}
		var ce *games.Error
		if !errors.As(err, &ce) || ce.Func != "heap.ParseCode" || ce.Input != tc.in {
			t.Errorf("ParseCode(%q): %#v is not a *games.Error for this input", tc.in, err)
		}
		if !errors.Is(err, ErrCode) {
			t.Errorf("ParseCode(%q): %v does not wrap ErrCode", tc.in, err)
		}
		if !strings.Contains(err.Error(), tc.reason) {
			t.Errorf("ParseCode(%q): %q does not say %q", tc.in, err, tc.reason)
		}
	}
}

func TestCodeZeroValue(t *testing.T) {
	var c Code
	if c.String() != "0.0" || c.MaxTake() != 0 || c.MaxHeaps() != 0 || !c.IsOctal() || c.Digit(0) != 0 {
		t.Errorf("zero Code: %s, MaxTake %d, MaxHeaps %d", c, c.MaxTake(), c.MaxHeaps())
	}
	none, _ := ParseCode("0.0")
	if c != none {
		t.Error("the zero Code differs from 0.0")
	}
	g, err := TakeBreak(c, 5)
	if err != nil || g.Max() != 0 {
		t.Errorf("the game without moves: %v, %v", g, err)
	}
}

func TestCodeDigit(t *testing.T) {
	c, err := ParseCode("0x4.7B")
	if err != nil {
		t.Fatal(err)
	}
	for j, want := range []int{4, 7, 11, 0, 0} {
		if got := c.Digit(j); got != want {
			t.Errorf("Digit(%d) = %d, want %d", j, got, want)
		}
	}
	if c.Digit(-1) != 0 {
		t.Error("Digit(-1) is not 0")
	}
}

func FuzzParseCode(f *testing.F) {
	for _, s := range append(classicCodes, "", "0.9", "0.0x", "x.07", "0.07.1", "04.7", "1.3", "0x.", "0X.fF",
		"0.3F", "C.1", GrundysGame, LaskersNim, "0.{2,3}", "0.&12;", "0.G") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCode(s)
		if err != nil {
			if !errors.Is(err, ErrCode) {
				t.Fatalf("ParseCode(%q): %v does not wrap ErrCode", s, err)
			}
			return
		}
		canon := c.String()
		back, err := ParseCode(canon)
		if err != nil || back != c || back.String() != canon {
			t.Fatalf("ParseCode(%q) = %s, which reads back as %v, %v", s, canon, back, err)
		}
		if c.Digit(0)&3 != 0 {
			t.Fatalf("ParseCode(%q) accepted integer part %d", s, c.Digit(0))
		}
		if c.MaxTake() > 0 && c.Digit(c.MaxTake()) == 0 {
			t.Fatalf("ParseCode(%q): trailing zero kept", s)
		}
		// Every Code is a Rule, the same game.
		r, err := ParseRule(s)
		if rc, ok := r.Code(); err != nil || !ok || rc != c || r.MaxTake() != c.MaxTake() || r.MaxHeaps() != c.MaxHeaps() {
			t.Fatalf("ParseCode(%q) = %s, but ParseRule gives %s, %v", s, c, r, err)
		}
	})
}
