package sanitize

import (
	"strconv"
	"strings"
	"testing"
)

var mathAttacks = []string{
	`<math><mtext><img src=x onerror=alert(1)></mtext></math>`,
	`<math><mtext></mtext></math><svg onload=alert(1)></svg>`,
	`<math><mstyle mathcolor="red" onfocus="alert(1)" autofocus><mi>x</mi></mstyle></math>`,
	`<math><mi class="x" onclick="alert(1)">y</mi></math>`,
	`<math><mi href="javascript:alert(1)">x</mi></math>`,
	`<math><mrow xlink:href="https://example.com/">x</mrow></math>`,
	`<math><mtext><a href="https://example.com">x</a></mtext></math>`,
	`<math><maction actiontype="statusline"><mi>x</mi><mtext>y</mtext></maction></math>`,
	`<math><annotation-xml encoding="text/html"><img src=x onerror=alert(1)></annotation-xml></math>`,
	`<math><mi style="background: url(https://example.com/x.png)">x</mi></math>`,
	`<math><mstyle mathcolor="url(https://example.com/)"><mi>x</mi></mstyle></math>`,
	`<math><mspace width="1em;background:url(x)"></mspace></math>`,
	`<math><mtext><style>@import "https://example.com/x.css";</style></mtext></math>`,
	`<math><mi id="x" tabindex="1">x</mi></math>`,
}

func TestMathMLAttacks(t *testing.T) {
	for _, in := range mathAttacks {
		out := MathML(in)
		check(t, in, out)
		for _, bad := range []string{"<img", "<svg", "<a ", "<style", "maction", "annotation-xml", "href", "autofocus", "onfocus", "onclick", "url(", "tabindex", "id="} {
			if strings.Contains(out, bad) {
				t.Errorf("MathML(%q) = %q keeps %q", in, out, bad)
			}
		}
	}
}

// TestMathMLKeeps checks that clean MathML with sorted attributes passes
// unchanged.
func TestMathMLKeeps(t *testing.T) {
	in := `<math display="block" xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><mstyle mathcolor="#ff0000"><mi mathvariant="normal">x</mi></mstyle><mo form="prefix" maxsize="1.2em" stretchy="true">(</mo><mfrac linethickness="0"><mn>1</mn><mn>2</mn></mfrac><mspace width="0.5em"></mspace><mtable columnalign="left right" style="width: 100%;"><mtr><mtd><mtext>a &lt; b</mtext></mtd></mtr></mtable></mrow><annotation encoding="application/x-tex">x &lt; y</annotation></semantics></math>`
	if got := MathML(in); got != in {
		t.Errorf("MathML changed clean MathML:\n got  %s\n want %s", got, in)
	}
}

func FuzzMathML(f *testing.F) {
	for _, a := range mathAttacks {
		f.Add(a)
	}
	f.Fuzz(func(t *testing.T, in string) {
		check(t, in, MathML(in))
	})
}

func BenchmarkMathML(b *testing.B) {
	unit := `<mrow><mfrac><mi mathvariant="normal">x</mi><mn>2</mn></mfrac><mo form="infix" stretchy="false">+</mo><mtext>a&lt;b<img src=x onerror=y()></mtext></mrow>`
	for _, n := range []int{1, 100, 10000} {
		in := `<math display="block" xmlns="http://www.w3.org/1998/Math/MathML">` + strings.Repeat(unit, n) + `</math>`
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				MathML(in)
			}
		})
	}
}
