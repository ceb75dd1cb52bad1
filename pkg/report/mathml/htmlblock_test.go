package mathml

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"

	"github.com/grundylab/grundy/pkg/report/sanitize"
)

// htmlBlocks returns the HTML of the HTML blocks of src as
// Converter.HTMLBlock writes them, cleaned by clean.
func htmlBlocks(t *testing.T, src string, clean func(string) string) string {
	t.Helper()
	c := New()
	md := goldmark.New(goldmark.WithExtensions(extension.GFM, &Extender{Converter: c}))
	source := []byte(src)
	doc := md.Parser().Parse(text.NewReader(source))
	var b strings.Builder
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if h, ok := n.(*ast.HTMLBlock); ok && entering {
			b.WriteString(c.HTMLBlock(h, source, clean))
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// TestHTMLBlockMath checks that the formulas in raw HTML are typeset, as
// Jupyter typesets them, and only where MathJax would typeset them.
func TestHTMLBlockMath(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		trusted bool
		want    []string // in the output
		not     []string // not in the output
		maths   int
	}{
		{"table cell", "<table><tr><td>$$\nY_t = a\n$$\n\n</td></tr></table>", false,
			[]string{`<td><math`, `display="block"`, `<msub><mi>Y</mi><mi>t</mi></msub>`}, nil, 1},
		{"closing tags then text", "</td></tr></table>- the parameter $ a $ and $b < c$ here\n", false,
			[]string{`- the parameter <math`, `<mi>b</mi><mo>&lt;</mo><mi>c</mi>`}, []string{"$"}, 2},
		{"attribute", "<div title=\"$x$\">$y$</div>\n", true,
			[]string{`title="$x$"`, `<mi>y</mi>`}, nil, 1},
		{"attribute breaking out", "<div title=\"$\"><script>alert(1)</script>$\">x</div>\n", false,
			nil, []string{"<script"}, 0},
		{"code", "<div><code>$a$</code> and $b$</div>\n", false,
			[]string{`<code>$a$</code>`, `<mi>b</mi>`}, nil, 1},
		{"pre escaped", "<div><pre>$<script>alert(1)</script>$</pre></div>\n", false,
			[]string{`&lt;script&gt;`}, []string{"<script"}, 0},
		{"trusted pre kept", "<div><pre>$<b>x</b>$</pre></div>\n", true,
			[]string{`<pre>$<b>x</b>$</pre>`}, nil, 0},
		{"type 1 block", "<pre>\n$a$\n</pre>\n", false, []string{`$a$`}, nil, 0},
		{"comment", "<div><!-- $a$ --></div>\n", true, []string{`<!-- $a$ -->`}, nil, 0},
		{"placeholder rune in source", "<div>\uE0000\uE001 $a$</div>\n", false, []string{`$a$`}, nil, 0},
		{"invalid formula", "<div>$\\frac{1}{$</div>\n", false, []string{`class="math-error"`}, nil, 0},
		{"list", "- <div>$a$</div>\n", false, []string{`<div><math`}, nil, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clean := sanitize.HTML
			if tt.trusted {
				clean = nil
			}
			got := htmlBlocks(t, tt.src, clean)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("%q gives\n%s\nwithout %s", tt.src, got, w)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(got, w) {
					t.Errorf("%q gives\n%s\nwith %s", tt.src, got, w)
				}
			}
			if n := strings.Count(got, "<math"); n != tt.maths {
				t.Errorf("%q gives %d formulas, want %d:\n%s", tt.src, n, tt.maths, got)
			}
			if strings.ContainsAny(got, "\uE000\uE001") && !strings.Contains(tt.src, "\uE000") {
				t.Errorf("%q leaves a placeholder: %q", tt.src, got)
			}
		})
	}
}

// TestHTMLBlockNumbering checks that a formula in HTML takes its number in
// the order of the document.
func TestHTMLBlockNumbering(t *testing.T) {
	c := New()
	md := goldmark.New(goldmark.WithExtensions(&Extender{Converter: c}))
	source := []byte("<div>\n\\begin{equation} a \\end{equation}\n</div>\n\n<div>$$b \\tag{x}$$</div>\n")
	doc := md.Parser().Parse(text.NewReader(source))
	var b bytes.Buffer
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if h, ok := n.(*ast.HTMLBlock); ok && entering {
			b.WriteString(c.HTMLBlock(h, source, sanitize.HTML))
		}
		return ast.WalkContinue, nil
	})
	for _, w := range []string{"(1)", "(x)"} {
		if !strings.Contains(b.String(), w) {
			t.Errorf("no tag %s in %s", w, b.String())
		}
	}
}

// FuzzHTMLBlock checks that no Markdown puts a script into the cleaned
// HTML of its blocks, or leaves a placeholder it did not hold.
func FuzzHTMLBlock(f *testing.F) {
	for _, s := range []string{
		"<div>$a$</div>\n", "<td>$$\nx\n$$\n\n</td>", "<div title=\"$\">$\">x</div>\n",
		"<div><pre>$<script>x</script>$</pre></div>\n", "<div>\\begin{align}a\\end{align}</div>\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		got := htmlBlocks(t, src, sanitize.HTML)
		if strings.Contains(strings.ToLower(got), "<script") {
			t.Errorf("%q gives a script: %s", src, got)
		}
		if strings.ContainsAny(got, "\uE000\uE001") && !strings.ContainsAny(src, "\uE000\uE001") {
			t.Errorf("%q leaves a placeholder: %q", src, got)
		}
	})
}

func BenchmarkHTMLBlock(b *testing.B) {
	unit := "<tr><td>$$\n\\frac{a_t}{b} + \\sum_{i=1}^n x_i\n$$\n</td><td>(1)</td></tr>\n"
	for _, n := range []int{1, 10, 100} {
		src := []byte("<table>\n" + strings.Repeat(unit, n) + "</table>\n")
		c := New()
		md := goldmark.New(goldmark.WithExtensions(&Extender{Converter: c}))
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				doc := md.Parser().Parse(text.NewReader(src))
				for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
					if h, ok := n.(*ast.HTMLBlock); ok {
						c.HTMLBlock(h, src, sanitize.HTML)
					}
				}
			}
		})
	}
}
