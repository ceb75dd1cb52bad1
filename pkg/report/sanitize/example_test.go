package sanitize_test

import (
	"fmt"

	"github.com/grundylab/grundy/pkg/report/sanitize"
)

func ExampleHTML() {
	fmt.Println(sanitize.HTML(`<b onclick="steal()">bold</b><script>steal()</script>`))
	fmt.Println(sanitize.HTML(`<img src="https://tracker.example/p.png"><img src="data:image/png;base64,iVBORw0KGgo=">`))
	fmt.Println(sanitize.HTML(`<svg viewBox="0 0 2 2"><circle r="1" style="fill:teal"/></svg>`))
	// Output:
	// <b>bold</b>
	// <img src="data:image/png;base64,iVBORw0KGgo=">
	// <svg viewbox="0 0 2 2"><circle r="1" style="fill: teal"/></svg>
}

func ExampleMathML() {
	fmt.Println(sanitize.MathML(`<math display="block"><mtext>a<img src=x onerror=steal()></mtext><mi onclick="steal()" mathvariant="normal">x</mi></math>`))
	// Output:
	// <math display="block"><mtext>a</mtext><mi mathvariant="normal">x</mi></math>
}

func ExampleSafeSource() {
	for _, src := range []string{"post_files/fig1.png", "data:image/png;base64,iVBORw0KGgo=", "http&colon;//tracker.example/p.png", "&#47;/tracker.example/p.png"} {
		fmt.Println(sanitize.SafeSource(src), sanitize.SafeLink(src))
	}
	fmt.Println(sanitize.SafeLink("java&#9;script:steal()"))
	// Output:
	// true true
	// true true
	// false true
	// false true
	// false
}
