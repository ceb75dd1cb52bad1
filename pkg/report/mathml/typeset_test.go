package mathml

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/report/sanitize"
)

// TestTypesetHTML checks that the formulas in the text of HTML are
// typeset by MathJax's delimiters, only where MathJax typesets them, and
// that the text around them stays escaped.
func TestTypesetHTML(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		want  []string
		not   []string
		maths int
	}{
		{"table heading", `<table><tr><th>$\overline{b} - \underline{b}$</th><td>1 &lt; 2</td></tr></table>`,
			[]string{`<th><math`, `<td>1 &lt; 2</td>`}, []string{"$"}, 1},
		{"delimiters", `<p>\(a\) and \[b\] and $$c$$ and \begin{align}d\end{align}</p>`,
			[]string{`<mi>a</mi>`, `display="block"`, `<mi>d</mi>`}, nil, 4},
		{"escaped dollar", `<p>costs \$5 and \$6, $x$</p>`, []string{`costs $5 and $6, <math`}, nil, 1},
		{"unclosed", `<p>costs $5</p>`, []string{`<p>costs $5</p>`}, nil, 0},
		{"one cell each", `<td>$5</td><td>$6</td>`, []string{`<td>$5</td><td>$6</td>`}, nil, 0},
		{"braces", `<p>${a$}$ b</p>`, []string{` b</p>`}, nil, 1},
		{"code", `<pre>$a$</pre><code>$b$</code><script>$c$</script>`, []string{`<pre>$a$</pre>`, `<code>$b$</code>`}, nil, 0},
		{"text escaped", `<p>&lt;script&gt; $x$ &amp;</p>`, []string{`&lt;script&gt; <math`, `</math> &amp;</p>`}, []string{"<script"}, 1},
		{"tex escaped", `<p>$\text{&lt;script&gt;}$</p>`, []string{`&lt;script&gt;`}, []string{"<script"}, 1},
		{"no math", `<p>a &amp; b</p>`, []string{`<p>a &amp; b</p>`}, nil, 0},
	}
	for _, tt := range tests {
		got := New().TypesetHTML(tt.in)
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: %q gives\n%s\nwithout %s", tt.name, tt.in, got, w)
			}
		}
		for _, w := range tt.not {
			if strings.Contains(got, w) {
				t.Errorf("%s: %q gives\n%s\nwith %s", tt.name, tt.in, got, w)
			}
		}
		// One annotation a formula: a tag has its own <math>.
		if n := strings.Count(got, "<annotation"); n != tt.maths {
			t.Errorf("%s: %d formulas, want %d:\n%s", tt.name, n, tt.maths, got)
		}
	}
}

// TestTypesetHTMLLinear checks that text of many unclosed delimiters is
// read in linear time.
func TestTypesetHTMLLinear(t *testing.T) {
	for _, s := range []string{strings.Repeat("${", 200000), strings.Repeat(`\(\{`, 100000), strings.Repeat("$", 400001)} {
		start := time.Now()
		New().TypesetHTML("<p>" + s + "</p>")
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%.20q...: took %v", s, d)
		}
	}
}

// FuzzTypesetHTML checks that typesetting sanitised HTML adds no script.
func FuzzTypesetHTML(f *testing.F) {
	for _, s := range []string{`<th>$a$</th>`, `<p>\(x\) $$y$$ \$</p>`, `<pre>$a$</pre>`, `$\text{<b>}$`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := New().TypesetHTML(sanitize.HTML(s))
		if strings.Contains(strings.ToLower(got), "<script") {
			t.Errorf("%q gives a script: %s", s, got)
		}
	})
}

func BenchmarkTypesetHTML(b *testing.B) {
	row := "<tr><th>$\\alpha_1$</th><td>1.5</td><td>$5 and more</td><td>x &lt; y</td></tr>\n"
	for _, n := range []int{1, 100, 1000} {
		s := "<table>" + strings.Repeat(row, n) + "</table>"
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			c := New()
			for b.Loop() {
				c.TypesetHTML(s)
			}
		})
	}
}
