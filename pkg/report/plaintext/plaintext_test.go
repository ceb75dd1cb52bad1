package plaintext

import "testing"

// TestOf: markup, HTML and images go, links become their text, formulas
// stay as TeX, entities and escapes are resolved, NUL is replaced.
func TestOf(t *testing.T) {
	for in, want := range map[string]string{
		"First *para* and **bold** `code <b>`":                         "First para and bold code <b>",
		"A [link](http://x) and ![img](x.png) image":                   "A link and image",
		"Value $g_1 \\oplus g_2$ and $$x$$":                            "Value $g_1 \\oplus g_2$ and $$x$$",
		"<img src=x onerror=alert(1)> text <b>bold</b>":                "text bold",
		"Caf&eacute; \\*not emphasis\\* &lt;script&gt;":                "Café *not emphasis* <script>",
		"line one\nline two":                                           "line one line two",
		"nul\x00byte":                                                  "nul\ufffdbyte",
		"By {prf:ref}`thm-sg` and *{numref}`Figure %s <fig-x>`*":       "By {prf:ref}`thm-sg` and {numref}`Figure %s <fig-x>`",
		"As {cite:p}`knuth, bcg` and {math}`x^2` show, `{code}` stays": "As knuth, bcg and $x^2$ show, {code} stays",
	} {
		if got := Of(in); got != want {
			t.Errorf("Of(%q) = %q, want %q", in, got, want)
		}
	}
}
