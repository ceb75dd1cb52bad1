package codefence

import (
	"fmt"
	"strings"
	"testing"
)

func TestFences(t *testing.T) {
	tests := []struct {
		text        string
		block, span string
	}{
		{"", "```", "`"},
		{"no ticks", "```", "`"},
		{"a ` b", "```", "``"},
		{"``` inside", "````", "````"},
		{"`` and ````` and `", "``````", "``````"},
		{"ends with ``", "```", "```"},
	}
	for _, tt := range tests {
		if got := Block(tt.text); got != tt.block {
			t.Errorf("Block(%q) = %q, want %q", tt.text, got, tt.block)
		}
		if got := Span(tt.text); got != tt.span {
			t.Errorf("Span(%q) = %q, want %q", tt.text, got, tt.span)
		}
	}
}

func TestLongBlocks(t *testing.T) {
	// A fence longer than every run inside, whatever the text holds.
	text := strings.Repeat("`", 10_000) + "x" + strings.Repeat("`", 3)
	if got := len(Block(text)); got != 10_001 {
		t.Errorf("len(Block) = %d, want 10001", got)
	}
}

func ExampleBlock() {
	src := "a block that shows ``` itself"
	fmt.Println(Block(src) + "text")
	fmt.Println(src)
	fmt.Println(Block(src))
	// Output:
	// ````text
	// a block that shows ``` itself
	// ````
}
