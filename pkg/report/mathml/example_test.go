package mathml_test

import (
	"bytes"
	"fmt"
	"log"
	"strings"

	"github.com/grundylab/grundy/pkg/report/mathml"
	"github.com/yuin/goldmark"
)

func ExampleConverter_Inline() {
	mml, err := mathml.New().Inline(`\operatorname{mex}\{0,1\}`)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(strings.Contains(mml, `<mi>mex</mi>`), strings.Contains(mml, "merror"))
	// Output: true false
}

func ExampleExtender() {
	md := goldmark.New(goldmark.WithExtensions(&mathml.Extender{}))
	var b bytes.Buffer
	if err := md.Convert([]byte("Nim sum $a \\oplus b$.\n\n$$\n\\frac{1}{2}\n$$\n"), &b); err != nil {
		log.Fatal(err)
	}
	fmt.Println(strings.Count(b.String(), "<math "), strings.Contains(b.String(), `<div class="math-display">`))
	// Output: 2 true
}
