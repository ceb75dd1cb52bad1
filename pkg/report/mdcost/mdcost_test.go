package mdcost

import (
	"math"
	"strings"
	"testing"
)

// TestTooCostly: ordinary Markdown, however long, is affordable; each
// count a parser is slow on makes text too costly, and is named.
func TestTooCostly(t *testing.T) {
	tests := []struct {
		name, src string
		why       string // "" when the text is affordable, else a word of the reason
	}{
		{"prose", strings.Repeat("A paragraph with *emphasis*, a [link](x) and `code`.\n\n", 2000), ""},
		{"lists", strings.Repeat("- item\n  - nested item\n", 500), ""},
		{"unmatched emphasis", strings.Repeat("*a_ ", 20000), "emphasis markers"},
		{"open destinations", strings.Repeat("[a](b", 20000), "link destinations"},
		{"nested brackets", strings.Repeat("[", 20000) + strings.Repeat("]", 20000), "brackets nested"},
		{"footnotes", strings.Repeat("x[^1] ", 5000), "footnotes"},
		{"deep quotes", strings.Repeat(">", MaxNesting+1) + " deep", "nests block quotes"},
		{"a thematic break is no list", strings.Repeat("- ", MaxNesting+1), ""},
	}
	for _, tt := range tests {
		why := Of(tt.src).TooCostly(Budget)
		if tt.why == "" && why != "" || !strings.Contains(why, tt.why) {
			t.Errorf("%s: TooCostly = %q, want %q", tt.name, why, tt.why)
		}
	}
}

// TestLinear: the cost of text made of affordable paragraphs grows with
// the number of paragraphs, not faster.
func TestLinear(t *testing.T) {
	para := "*a_ [b](c " + strings.Repeat("> ", 3) + "text\n\n"
	one, many := Of(para).Cost, Of(strings.Repeat(para, 1000)).Cost
	if one <= 0 || many != 1000*one {
		t.Errorf("one paragraph costs %d, a thousand %d", one, many)
	}
}

func TestSaturates(t *testing.T) {
	if got := mulSat(math.MaxInt64/2, 3); got != math.MaxInt64 {
		t.Errorf("mulSat overflowed to %d", got)
	}
	if got := addSat(math.MaxInt64-1, 2); got != math.MaxInt64 {
		t.Errorf("addSat overflowed to %d", got)
	}
	if got := mulSat(6, 7); got != 42 {
		t.Errorf("mulSat(6, 7) = %d", got)
	}
}

// FuzzOf: any text is measured without a panic, at a cost that is never
// negative.
func FuzzOf(f *testing.F) {
	for _, s := range []string{"*a_ ", "[a](b", "> > - 1. x", "[^1]", "- - -", "\t- x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m := Of(s)
		if m.Cost < 0 || m.nesting < 0 {
			t.Fatalf("Of(%q) = %+v", s, m)
		}
	})
}
