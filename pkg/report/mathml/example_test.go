package mathml_test

import (
	"bytes"
	"errors"
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

func ExampleConverter_Convert() {
	c := mathml.New()
	// A macro defined in one formula holds in the later ones.
	if _, _, err := c.Convert(`\DeclareMathOperator{\mex}{mex}`, false); err != nil {
		log.Fatal(err)
	}
	mml, warnings, err := c.Convert(`\mex\{0, 1, 3\} = 2 \tag{1}`, true)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(strings.Contains(mml, "<mi>mex</mi>"), strings.Contains(mml, "<mtext>(1)</mtext>"), len(warnings))
	_, _, err = c.Convert(`\def\a{\a}\a`, false)
	fmt.Println(errors.Is(err, mathml.ErrLimit))
	// Output:
	// true true 0
	// true
}

func ExampleFindMath() {
	src := "Jupyter finds $ c $, $$x$$ and \\\\(y\\\\), not `$code$` nor \\$5."
	for _, s := range mathml.FindMath([]byte(src)) {
		fmt.Printf("%q display=%v\n", src[s.TeXStart:s.TeXEnd], s.Display)
	}
	// Output:
	// " c " display=false
	// "x" display=true
	// "y" display=false
}
