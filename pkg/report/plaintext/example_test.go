package plaintext_test

import (
	"fmt"

	"github.com/grundylab/grundy/pkg/report/plaintext"
)

// Of gives the text a reader sees in Markdown: a title or a summary, with
// its formulas kept.
func ExampleOf() {
	fmt.Println(plaintext.Of("The *nim sum* $a \\oplus b$ of [two heaps](#heaps)."))
	// Output: The nim sum $a \oplus b$ of two heaps.
}

func ExampleSplitMath() {
	for _, p := range plaintext.SplitMath("Values $g(n)$ sum to $$\\sum g$$, for $5.") {
		fmt.Printf("%q math=%v display=%v\n", p.Text, p.Math, p.Display)
	}
	// Output:
	// "Values " math=false display=false
	// "g(n)" math=true display=false
	// " sum to " math=false display=false
	// "\\sum g" math=true display=true
	// ", for $5." math=false display=false
}
