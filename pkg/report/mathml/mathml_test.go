package mathml

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"golang.org/x/net/html"
)

func TestConverter(t *testing.T) {
	tests := []struct {
		tex, want string
		display   bool
	}{
		{`a \oplus b`, `<mo>⊕</mo>`, false},
		{`\operatorname{mex}(s)`, "<mi>mex</mi><mo>\u2061</mo>", false},
		{`\frac{1}{2}`, `<mfrac><mn>1</mn><mn>2</mn></mfrac>`, true},
		{`x < y`, `<mo>&lt;</mo>`, false},
		{`\mathbb{Z}_{>0}`, `<msub><mi>ℤ</mi>`, false},
	}
	for _, tt := range tests {
		c := New()
		got, _, err := c.Convert(tt.tex, tt.display)
		if err != nil {
			t.Errorf("%q: %v", tt.tex, err)
			continue
		}
		if !strings.Contains(got, tt.want) {
			t.Errorf("%q gives %s, want it to contain %s", tt.tex, got, tt.want)
		}
		if strings.Contains(got, "merror") {
			t.Errorf("%q gives an error element: %s", tt.tex, got)
		}
		wantDisplay := `display="inline"`
		if tt.display {
			wantDisplay = `display="block"`
		}
		if !strings.HasPrefix(got, "<math ") || !strings.Contains(got, wantDisplay) {
			t.Errorf("%q: not a <math %s> element: %s", tt.tex, wantDisplay, got)
		}
		checkSortedAttributes(t, got)
	}
}

// checkSortedAttributes parses the MathML independently of normalize and
// checks every element's attributes are in order.
func checkSortedAttributes(t *testing.T, mml string) {
	t.Helper()
	tag := regexp.MustCompile(`<([a-z]+)((?:\s+[a-z:-]+="[^"]*")*)\s*/?>`)
	attr := regexp.MustCompile(`([a-z:-]+)="`)
	for _, m := range tag.FindAllStringSubmatch(mml, -1) {
		var keys []string
		for _, a := range attr.FindAllStringSubmatch(m[2], -1) {
			keys = append(keys, a[1])
		}
		if !slices.IsSorted(keys) {
			t.Errorf("attributes of <%s> not sorted: %q", m[1], keys)
		}
	}
}

func TestConverterDeterministic(t *testing.T) {
	tex := `\left\{\bigoplus_{t=x-w+1}^{x-1} h(t)\middle|w\in\mathcal S\right\} \begin{aligned} a&=b\\ c&=d \end{aligned}`
	first, err := New().Display(tex)
	if err != nil {
		t.Fatal(err)
	}
	for range 20 {
		again, err := New().Display(tex)
		if err != nil || again != first {
			t.Fatalf("second conversion differs:\n%s\n%s", first, again)
		}
	}
}

func TestConverterErrors(t *testing.T) {
	for _, tex := range []string{`\frac{1}{`, `}}}`} {
		_, err := New().Inline(tex)
		if !errors.Is(err, ErrTeX) || !strings.Contains(err.Error(), tex) || strings.Contains(err.Error(), "<pre>") {
			t.Errorf("%q: error %v", tex, err)
		}
	}
}

func TestNewCommandPersists(t *testing.T) {
	c := New()
	if _, err := c.Inline(`\newcommand{\G}{\mathcal{G}}`); err != nil {
		t.Fatal(err)
	}
	got, err := c.Inline(`\G(n)`)
	if err != nil || strings.Contains(got, "merror") {
		t.Errorf(`\G after \newcommand: %s, %v`, got, err)
	}
}

// TestDefinitionsOnly checks that a formula that only defines macros is
// an empty element on the page, one element a formula as MathJax makes
// it, and that its macros hold after it.
func TestDefinitionsOnly(t *testing.T) {
	tests := []struct {
		src, want string
	}{
		{"$\\DeclareMathOperator{\\Tr}{Trace}$ and $\\Tr A$", `<math display="inline"></math> and <math`},
		{"$$\\newcommand{\\R}{\\mathbb{R}}$$\n\n$\\R$", `<math display="block"></math></div>`},
	}
	for _, tt := range tests {
		_, out := formulas(t, tt.src)
		if !strings.Contains(out, tt.want) || strings.Count(out, "<math") != 2 || strings.Contains(out, "merror") {
			t.Errorf("%q gives\n%s\nwant %s, two elements and no error", tt.src, out, tt.want)
		}
	}
}

// TestTrailingControlSpace checks that a display whose TeX ends with a
// backslash before its line break, a control space, converts.
func TestTrailingControlSpace(t *testing.T) {
	for _, src := range []string{"$$\na \\\n$$", "\\\\[a \\\n\\\\]"} {
		_, out := formulas(t, src)
		if strings.Contains(out, "math-error") || !strings.Contains(out, "<mi>a</mi>") {
			t.Errorf("%q gives\n%s", src, out)
		}
	}
	for tex, want := range map[string]string{"a \\\n": "a \\ ", " a\\\\\n": "a\\\\", "\\": "\\", " x ": "x"} {
		if got := trimTeX(tex); got != want {
			t.Errorf("trimTeX(%q) = %q, want %q", tex, got, want)
		}
	}
}

// formulas renders markdown and returns the TeX of each formula, marked
// "I:" for inline and "D:" for display, read back from the annotations.
func formulas(t testing.TB, src string) ([]string, string) {
	t.Helper()
	md := goldmark.New(goldmark.WithExtensions(extension.GFM, &Extender{}))
	var b bytes.Buffer
	if err := md.Convert([]byte(src), &b); err != nil {
		t.Fatal(err)
	}
	var got []string
	z := html.NewTokenizer(bytes.NewReader(b.Bytes()))
	display := false
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return got, b.String()
		}
		tok := z.Token()
		switch {
		case tt == html.StartTagToken && tok.Data == "math":
			display = slices.Contains(tok.Attr, html.Attribute{Key: "display", Val: "block"})
		case tt == html.StartTagToken && tok.Data == "annotation":
			z.Next()
			mark := "I:"
			if display {
				mark = "D:"
			}
			got = append(got, mark+string(z.Text()))
		case tt == html.StartTagToken && tok.Data == "code" && len(tok.Attr) > 0 && tok.Attr[0].Val == "math-error":
			z.Next()
			got = append(got, "E:"+string(z.Text()))
		}
	}
}

func TestDelimiters(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{"no math here", nil},
		{"$a_1$ and $b_2$", []string{"I:a_1", "I:b_2"}},
		{"price $5 and $6", []string{"I:5 and "}},
		{"$ c $ is math, so are $ a$ and $a $", []string{"I: c ", "I: a", "I:a "}},
		{`\$a$ is escaped`, nil},
		{`$a \$ b$`, []string{`I:a \$ b`}},
		{"$$x^2$$ inline display", []string{"D:x^2"}},
		{`\(a\) and \[b\] are not math`, nil},
		{`\\(a\\) and \\[b\\]`, []string{"I:a", "D:b"}},
		{"$a\nb$ spans lines", []string{"I:a\nb"}},
		{"$a\n\nb$ crosses a blank line", nil},
		{"$a\n  \nb$ nor a line of spaces", nil},
		{"$$\n\\frac{a}{b}\n$$", []string{"D:\\frac{a}{b}"}},
		{"text\n$$\n- x\n$$\nafter", []string{"D:- x"}},
		{"$$ a = b $$", []string{"D:a = b"}},
		{"$$ x $$\nfollowing paragraph\n\n$$ y $$ tail", []string{"D:x", "D: y "}},
		{"\\\\[\na\n\\\\]", []string{"D:a"}},
		{"`$code$` and $m$", []string{"I:m"}},
		{"```\n$x$\n```\n$y$", []string{"I:y"}},
		{"*$a*b$*", []string{"I:a*b"}},
		{"$\\frac{1}{$", []string{"E:\\frac{1}{"}},
		{"$\\{a$", []string{"I:\\{a"}},
		{"$a {b$ c$ d}$", []string{"I:a {b$ c$ d}"}},
		{"| a | b |\n|---|---|\n| $x$ | $y$ |", []string{"I:x", "I:y"}},
		{"unclosed $$ here", nil},
		{"$$\nnever closed", nil},
		{"中文 $sg(n)$ 函数", []string{"I:sg(n)"}},
		{"\\begin{align}\na &= b\n\\end{align}", []string{"D:\\begin{align}\na &= b\n\\end{align}"}},
		{"see \\begin{equation*} x \\end{equation*} here", []string{"D:\\begin{equation*} x \\end{equation*}"}},
	}
	for _, tt := range tests {
		got, out := formulas(t, tt.src)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%q: formulas %q, want %q\nHTML: %s", tt.src, got, tt.want, out)
		}
	}
}

// TestUnmatchedDollarsLinear checks that a paragraph of dollars inside
// unbalanced braces is parsed in linear time: ten times the text may take
// at most about twenty times as long (quadratic would be a hundred).
func TestUnmatchedDollarsLinear(t *testing.T) {
	cost := func(n int) time.Duration {
		src := "$" + strings.Repeat("{a $ ", n)
		best := time.Duration(1 << 62)
		for range 3 {
			start := time.Now()
			formulas(t, src)
			best = min(best, time.Since(start))
		}
		return best
	}
	small, large := cost(2000), cost(20000)
	if large > 20*small+50*time.Millisecond {
		t.Errorf("2000 dollars take %v, 20000 take %v: not linear", small, large)
	}
}

func TestBlockIsWrapped(t *testing.T) {
	_, out := formulas(t, "$$\nx\n$$\n")
	if !strings.HasPrefix(out, `<div class="math-display"><math `) {
		t.Errorf("block math not in a math-display div: %s", out)
	}
	_, out = formulas(t, "\\(<b>\\) <i>")
	if strings.Contains(out, "<b>") {
		t.Errorf("TeX text reached the HTML unescaped: %s", out)
	}
}

func FuzzMarkdown(f *testing.F) {
	for _, s := range []string{"$a$", "$$\nx\n$$", `\(a\)`, `\[\frac{1}{2}\]`, "$$ a $$", `$\operatorname{mex}$`, "$a\n\nb$"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		_, out := formulas(t, src)
		checkMathSafe(t, src, out)
	})
}

// FuzzFindMath checks FindMath against the referee on text without code
// (the referee does not hide code), and that spans are ordered, apart and
// within the source.
func FuzzFindMath(f *testing.F) {
	for _, s := range []string{"$a$ $$b$$", `\\(x\\) \\[y\\]`, "\\begin{align} a \\end{align}", "$a {b$ c$ d}$", "$a\n\nb$", `\$ $x$`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		spans := FindMath([]byte(src))
		end := 0
		for _, s := range spans {
			if s.Start < end || s.End > len(src) || s.TeXStart < s.Start || s.TeXEnd > s.End || s.TeXStart > s.TeXEnd {
				t.Fatalf("%q: span %+v out of order or range", src, s)
			}
			end = s.End
		}
		if strings.ContainsAny(src, "`~") {
			return
		}
		var got []string
		for _, s := range spans {
			got = append(got, src[s.Start:s.End])
		}
		if want := referenceMath(src); !slices.Equal(got, want) {
			t.Fatalf("%q: FindMath finds %q, reference %q", src, got, want)
		}
	})
}

func BenchmarkConvert(b *testing.B) {
	tex := `\operatorname{SG}(S)=\bigoplus_{(x,y)\in S} g(x,y)`
	for _, n := range []int{1, 10, 100} {
		src := strings.Repeat("Text $"+tex+"$ and\n\n$$"+tex+"$$\n\n", n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				formulas(b, src)
			}
		})
	}
}

func BenchmarkFindMath(b *testing.B) {
	unit := "Text $a_1$ and $$\\frac{1}{2}$$, `$code$`, \\$5 and \\\\(x\\\\) with {braces}.\n\n"
	for _, n := range []int{1, 100, 10000} {
		src := []byte(strings.Repeat(unit, n))
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				FindMath(src)
			}
		})
	}
}

// seedFormulas are the longest formulas of the seed posts.
var seedFormulas = []string{
	` \operatorname{SG}(W) =\bigoplus_{x=1}^N\bigoplus_{y=1}^N g(x,y) =\bigoplus_{x=1}^N\bigoplus_{y=1}^N \bigl(h(x)\otimes v(y)\bigr) =\left(\bigoplus_{x=1}^N h(x)\right)\otimes\left(\bigoplus_{y=1}^N v(y)\right) `,
	` \begin{aligned} v(y)&=\operatorname{mex}\left(\left\{P_V(y-1)\oplus P_V(y-h)\mid h\in\mathcal T,h\le y\right\}\cup\{0\}\right),\\ P_V(y)&=P_V(y-1)\oplus v(y). \end{aligned} `,
	"\nsg(n)=\n\\left \\{\\begin{aligned}\n  &0 & & \\mathrm{if\\quad} n\\le 1 \\\\\n  &\\text{mex}(\\{sg(i)\\oplus sg(n-2-i)|0\\le i\\le n-2-i\\}) & & \\mathrm{else}\n\\end{aligned}\\right.\n",
	`\alpha \otimes \beta = \operatorname{mex}\{ \alpha' \otimes \beta \oplus \alpha \otimes \beta' \oplus \alpha' \otimes \beta' : \alpha' < \alpha,\beta' < \beta \}.`,
	`\displaystyle\operatorname{val}(R)=\left(\bigoplus_{i=x-w+1}^{x} h(i)\right)\otimes\left(\bigoplus_{j=y-h+1}^{y} v(j)\right).`,
	`\displaystyle\left\{\bigoplus_{t=x-w+1}^{x-1} h(t)\middle|w\in\mathcal S,w\le x\right\}\cup\{0\},`,
	`\operatorname{val}(R)=\bigl(P_H(x)\oplus P_H(x-w)\bigr)\otimes\bigl(P_V(y)\oplus P_V(y-h)\bigr).`,
	`\mathcal T=\left\{\dfrac{i(i+1)}{2} \mid i\in \mathbb{Z}_{>0}\right\}`,
}

// TestSeedFormulas converts the seeds' hardest formulas: no error and no
// error element, and every \operatorname name upright.
func TestSeedFormulas(t *testing.T) {
	c := New()
	for _, tex := range seedFormulas {
		for _, display := range []bool{false, true} {
			got, _, err := c.Convert(tex, display)
			if err != nil || strings.Contains(got, "<merror") {
				t.Errorf("%q: %v\n%s", tex, err, got)
			}
		}
	}
	got, err := c.Inline(`\operatorname{val}(R)`)
	if err != nil || !strings.Contains(got, `<mi>val</mi>`) {
		t.Errorf(`\operatorname{val} not upright: %s %v`, got, err)
	}
}

// mathSplit is the pattern of JupyterLab's rendermime for the pieces
// that matter to math, used here as an independent referee of FindMath's
// scanner.
var mathSplit = regexp.MustCompile(`(?i)(\$\$?|\\(?:begin|end)\{[a-z]*\*?\}|\\[{}$]|[{}]|(?:\n` + jsWhite + `*)+|\\\\(?:\(|\)|\[|\]))`)

// jsWhite is JavaScript's \s, wider than Go's.
const jsWhite = `[\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}]`

// referenceMath finds formulas by splitting the text with mathSplit and
// walking the pieces as JupyterLab does, returning each formula with its
// delimiters.
func referenceMath(s string) []string {
	// Jupyter turns \r\n and \r into \n first; the lengths of the
	// formulas are kept by writing a space for the \r of \r\n, and the
	// formulas are returned from the text as given.
	orig := s
	s = strings.ReplaceAll(s, "\r\n", " \n")
	s = strings.ReplaceAll(s, "\r", "\n")
	idx := mathSplit.FindAllStringIndex(s, -1)
	var got []string
	start, last, braces := -1, -1, 0
	end := ""
	for i := 0; i < len(idx); i++ {
		block := s[idx[i][0]:idx[i][1]]
		if start >= 0 {
			switch {
			case block == end:
				if braces > 0 {
					last = i
				} else {
					got = append(got, orig[idx[start][0]:idx[i][1]])
					start, last = -1, -1
				}
			case regexp.MustCompile(`\n.*\n`).MatchString(block):
				if last >= 0 {
					got = append(got, orig[idx[start][0]:idx[last][1]])
					i = last
				}
				start, last, braces = -1, -1, 0
			case block == "{":
				braces++
			case block == "}" && braces > 0:
				braces--
			}
			continue
		}
		switch {
		case block == "$" || block == "$$":
			start, end, braces = i, block, 0
		case block == `\\(` || block == `\\[`:
			start, braces = i, 0
			end = map[string]string{`\\(`: `\\)`, `\\[`: `\\]`}[block]
		case len(block) > 6 && strings.EqualFold(block[1:6], "begin"):
			start, end, braces = i, `\end`+block[6:], 0
		}
	}
	if last >= 0 {
		got = append(got, orig[idx[start][0]:idx[last][1]])
	}
	return got
}

func TestFindMathAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"$", "$", "$$", "a", " ", "\\", "{", "}", "\n", "\n\n", "\r\n", "\r", "\u00a0", "\v", `\\(`, `\\)`, `\begin{x}`, `\end{x}`, `\$`}
	for range 20000 {
		var b strings.Builder
		for range 1 + rng.IntN(12) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		src := b.String()
		want := referenceMath(src)
		var got []string
		for _, s := range FindMath([]byte(src)) {
			got = append(got, src[s.Start:s.End])
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%q: FindMath finds %q, reference %q", src, got, want)
		}
	}
}

// TestDisplayKeepsFollowingText checks that a one-line display does not
// take the paragraph after it.
func TestDisplayKeepsFollowingText(t *testing.T) {
	_, out := formulas(t, "$$ x $$\nfollowing *text*\n")
	if !strings.Contains(out, "<em>text</em>") || strings.Contains(out, "following *") {
		t.Errorf("text after a one-line display lost: %s", out)
	}
}

// TestJoinLines checks that a formula whose lines Markdown would read as
// blocks stays whole, in its heading or paragraph, as in Jupyter, and that
// code and TeX comments keep their lines.
func TestJoinLines(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // formulas, as formulas reports them
		html      string   // in the page
	}{
		{"heading", "## \\begin{equation}\nf(x) = 1\n\\end{equation}\n\ntext", []string{"D:\\begin{equation} f(x) = 1 \\end{equation}"}, "<h2><span class=\"math-tagged\""},
		{"list marker", "3. shift, $X = Y\n+ Z$ here", []string{"I:X = Y + Z"}, " here</li>"},
		{"quote", "a $x\n> y$ b", []string{"I:x &gt; y"}, ""},
		{"setext underline", "$a\n=\nb$", []string{"I:a = b"}, "<p><math"},
		{"thematic break", "$a\n***\nb$ c", []string{"I:a *** b"}, ""},
		{"table", "|a|b|\n|-|-|\n|$x | y$|$\\|z\\|$|\n", []string{"I:x | y", "I:\\|z\\|"}, "<td><math"},
		{"bars outside tables kept", "$|x|$ and $a \\mid b$", []string{"I:|x|", "I:a \\mid b"}, ""},
		{"plain lines kept", "a $x\ny$ b", []string{"I:x\ny"}, ""},
		{"comment kept", "## $x % c\n+ y$", nil, ""},
		{"code kept", "    $ ls\n    - $ cd", nil, "<pre><code>$ ls\n- $ cd"},
	}
	for _, tt := range tests {
		joined := JoinLines([]byte(tt.src))
		if len(joined) != len(tt.src) {
			t.Errorf("%s: length %d, want %d", tt.name, len(joined), len(tt.src))
		}
		got, out := formulas(t, string(joined))
		for i := range got {
			got[i] = strings.ReplaceAll(got[i], "&gt;", ">")
		}
		want := slices.Clone(tt.want)
		for i := range want {
			want[i] = strings.ReplaceAll(want[i], "&gt;", ">")
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: formulas %q, want %q\n%s", tt.name, got, want, out)
		}
		if !strings.Contains(out, tt.html) {
			t.Errorf("%s: page lacks %q:\n%s", tt.name, tt.html, out)
		}
		if string(joined) != tt.src && len(FindMath(joined)) != len(FindMath([]byte(tt.src))) {
			t.Errorf("%s: FindMath finds other formulas after JoinLines", tt.name)
		}
	}
}

// FuzzJoinLines checks that JoinLines keeps offsets and the formulas
// FindMath finds.
func FuzzJoinLines(f *testing.F) {
	for _, s := range []string{"## $a\nb$", "1. $x\n- y$", "    $ a\n    - $ b", "$a %c\n+ b$", "\\begin{align}\n# x\n\\end{align}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		joined := JoinLines([]byte(src))
		if len(joined) != len(src) {
			t.Fatalf("%q: length %d", src, len(joined))
		}
		before, after := FindMath([]byte(src)), FindMath(joined)
		if len(before) != len(after) {
			t.Fatalf("%q: %d formulas, %d after JoinLines", src, len(before), len(after))
		}
		for i := range before {
			if before[i] != after[i] {
				t.Fatalf("%q: formula %v, %v after JoinLines", src, before[i], after[i])
			}
		}
	})
}

func BenchmarkJoinLines(b *testing.B) {
	unit := "Text $a_1$ and $$\\frac{1}{2}\n+ x$$, and\n## $x\ny$\n\n"
	for _, n := range []int{1, 100, 10000} {
		src := []byte(strings.Repeat(unit, n))
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				JoinLines(src)
			}
		})
	}
}
