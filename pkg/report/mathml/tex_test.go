package mathml

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/grundylab/grundy/internal/htmltext"
	"golang.org/x/net/html"
)

// TestMathJaxConstructs converts TeX that MathJax renders and that
// treeblood alone does not, in one document, and checks the MathML made
// of each: no error, and the expected piece.
func TestMathJaxConstructs(t *testing.T) {
	tests := []struct {
		tex     string
		display bool
		want    []string
	}{
		{`a \tag{1.1}`, true, []string{`<mtd class="math-tag"`, `<mtext>(1.1)</mtext>`}},
		{`b \tag*{A}`, true, []string{`<mtext>A</mtext>`}},
		{`\begin{equation} x = 1 \label{one} \end{equation}`, true, []string{`<mtext>(1)</mtext>`}},
		{`\begin{equation*} x \end{equation*}`, true, []string{`<mi>x</mi>`}},
		{`\begin{align} a &= b \label{two} \\ c &= d \notag \\ e &= f \nonumber \\ g &= h \end{align}`, true,
			[]string{`<mtext>(2)</mtext>`, `<mtext>(3)</mtext>`}},
		{`\text{see } \eqref{one}, \ref{two} \text{ and } \eqref{three}`, false, []string{`<mtext><a href="#one">(1)</a></mtext>`, `<mtext><a href="#two">2</a></mtext>`, `<mtext>(???)</mtext>`}},
		{`\begin{align*} a &= b \\ c &= d \tag{x} \end{align*}`, true, []string{`<mtext>(x)</mtext>`}},
		{`\begin{gather} a \\ b \end{gather}`, true, []string{`<mtext>(4)</mtext>`, `<mtext>(5)</mtext>`, `displaystyle="true"`}},
		{`\begin{multline} a \\ b \end{multline}`, true, []string{`<mtext>(6)</mtext>`}},
		{`\begin{split} a &= b \\ &= c \end{split}`, true, []string{`<mtable`}},
		{`\begin{alignat}{2} a &= b & c &= d \end{alignat}`, true, []string{`<mtext>(7)</mtext>`}},
		{`\begin{cases} 1 & x > 0 \\ 0 & \text{otherwise} \end{cases}`, false, []string{`<mtext>otherwise</mtext>`}},
		{`\begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix} \begin{bmatrix} a \end{bmatrix} \begin{vmatrix} b \end{vmatrix} \begin{smallmatrix} c \end{smallmatrix}`, false, []string{`<mo fence="true">(</mo>`}},
		{`\begin{array}{c|c} 1 & 2 \end{array}`, false, []string{`<mtd style="border-right: 1px solid; text-align: center;"><mn>1</mn>`}},
		{`\textrm{rm} \textbf{bf} \textit{it} \text*{star} \mbox{box}`, false, []string{`<mtext>rm</mtext>`, `<mtext mathvariant="bold">bf</mtext>`, `<mtext mathvariant="italic">it</mtext>`, `<mtext>star</mtext>`}},
		{`\text{a $\text{b $c^2$}$ d}`, false, []string{"<mtext>b\u00a0</mtext><mrow><msup><mi>c</mi>"}},
		{`\text{if $x>0$ then}`, false, []string{"<mtext>if\u00a0</mtext><mrow><mi>x</mi><mo>&gt;</mo><mn>0</mn></mrow>"}},
		{`\mathrm{d}x \mathbb{R} \boldsymbol{\alpha} \bm{x}`, false, []string{`<mi>ℝ</mi>`}},
		{`a \hskip 1em b \hspace{2em} c \hspace*{1cm} d \quad e \qquad f \kern-3mu g \mkern 18mu h \, i \> j`, false,
			[]string{`<mspace width="1.000em">`, `<mspace width="2.000em">`, `<mspace width="2.845em">`, `margin-left: -0.167em`}},
		{`\big( \Big[ \bigg\{ \Bigg| \bigl( \bigr) \Bigm| \biggm\vert \Biggl\langle`, false, []string{`maxsize="1.2em"`, `maxsize="1.623em"`, `maxsize="2.047em"`, `maxsize="2.470em"`, `⟨`}},
		{`\operatorname*{argmax}_{x \in X} f(x)`, true, []string{`<munder><mo`, `argmax</mo>`}},
		{`\operatorname{mex}(S)`, false, []string{"<mi>mex</mi><mo>\u2061</mo>"}},
		{`\arg z`, false, []string{"<mi>arg</mi>"}},
		{`\sum_{\substack{i < n \\ j < m}} a_{ij}`, true, []string{`<mtr><mtd><mi>i</mi><mo>&lt;</mo><mi>n</mi></mtd></mtr><mtr><mtd><mi>j</mi>`}},
		{`\begin{array}{c|c} \hline 1 & 2 \\ \hline 3 & 4 \\ \hline \end{array}`, false, []string{`border-right: 1px solid`, `border-top: 1px solid`, `border-bottom: 1px solid`}},
		{`\begin{array}{|l|} a \end{array}`, false, []string{`border-left: 1px solid; border-right: 1px solid;`}},
		{`\boldsymbol{\mu} \bm{\Sigma} \boldsymbol{x}`, false, []string{"<mi>\U0001D741</mi>", "<mi>\U0001D6BA</mi>", "<mi>\U0001D499</mi>"}},
		{`\bra{\phi} \ket{\psi} \braket{\phi|\psi}`, false, []string{`⟨`, `⟩`}},
		{`\genfrac{(}{)}{0pt}{}{n}{k} \genfrac{}{}{1pt}{0}{a}{b}`, false, []string{`<mfrac linethickness="0">`, `<mi>n</mi>`}},
		{`\pmatrix{a & b \\ c & d} \cases{1 & x \\ 0 & y} \displaylines{a \\ b}`, false, []string{`<mtr>`, `<mo fence="true">(</mo>`}},
		{`\enclose{circle}{x} \rlap{y} \llap{z} \mathclap{w}`, false, []string{`border-radius: 50%`, `<mpadded width="0">`}},
		{`\buildrel \text{def} \over = \skew{3}\hat{A} \Space{1em}{0em}{0em} \amp \overparen{ab}`, false, []string{`<mover>`, `<mspace width="1.000em">`, `&amp;`}},
		{`\overset{!}{=} \underset{x}{\lim} \stackrel{def}{=}`, false, []string{`<mover>`, `<munder>`}},
		{`A \xrightarrow[f]{g} B \xleftarrow{h} C`, false, []string{`⟶`, `⟵`, `<mi>f</mi>`}},
		{`\color{red}{x} \textcolor{blue}{y}`, false, []string{`mathcolor="red"`, `mathcolor="blue"`}},
		{`\phantom{x} \hphantom{y} \vphantom{z} \boxed{w} \smash{v}`, false, []string{`<mphantom>`, `border: 1px solid`, `<mpadded depth="0" height="0">`}},
		{`\left [ x \right ] \left( y \middle| z \right)`, false, []string{`stretchy="true">[</mo>`}},
		{`\dotsb \dotsc \mod{3} \pmod{4} \root 3 \of x \dbinom{n}{k}`, false, []string{`<mi>mod</mi>`, `<mroot>`}},
		{`a \\ b`, true, []string{`<mi>a</mi><mi>b</mi>`}},
		{`\unicode{x263A} \unicode{65}`, false, []string{`<mi>☺</mi>`, `<mi>A</mi>`}},
		{`\verb|a<b|`, false, []string{`<mtext mathvariant="monospace">a&lt;b</mtext>`}},
		{`x^\frac{1}{2} y_\mathrm{max} z^\hat{a} w_\mathcal F`, false, []string{`<msup><mi>x</mi><mfrac><mn>1</mn><mn>2</mn></mfrac></msup>`, `<msub><mi>y</mi><mpadded lspace="0"><mi mathvariant="normal">m</mi>`, `<msup><mi>z</mi><mover`, `<msub><mi>w</mi>`}},
		{`\mathbf{\Sigma} \mathbf \Omega^2 \mathbf{x_{\Gamma}} \mathbf{\hat{\Delta}}`, false, []string{"<mi>\U0001D6BA</mi>", "<msup><mi>\U0001D6C0</mi><mn>2</mn></msup>", "<msub><mi>\U0001D431</mi><mi>\U0001D6AA</mi></msub>", "<mover accent=\"true\"><mi>\U0001D6AB</mi>"}},
		{`\mathbf{\boldsymbol{\beta}} \mathbf{K\bm{\epsilon}} \mathbf{\text{a}b}`, false, []string{"<mi>\U0001D737</mi>", "<mi>\U0001D40A</mi><mi>\U0001D750</mi>", "<mtext>a</mtext><mi>\U0001D41B</mi>"}},
		{`\bigl(z_t,\;\; {}_{t+1}z_t^e\bigr) \quad {}^{14}C`, false, []string{`<msub><mrow></mrow><mrow><mi>t</mi>`, `<msup><mrow></mrow><mn>14</mn></msup><mi>C</mi>`}},
		{`e^\left(a+b\right) c`, false, []string{`<msup><mi>e</mi><mrow><mo fence="true" form="prefix" stretchy="true">(</mo>`, `</msup><mi>c</mi>`}},
	}
	c := New()
	for _, tt := range tests {
		got, warnings, err := c.Convert(tt.tex, tt.display)
		if err != nil {
			t.Errorf("%q: %v", tt.tex, err)
			continue
		}
		if strings.Contains(got, "merror") {
			t.Errorf("%q: an error element: %s", tt.tex, got)
		}
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%q gives\n%s\nwithout %s", tt.tex, got, w)
			}
		}
		for _, w := range warnings {
			if !strings.Contains(w, "no such label") {
				t.Errorf("%q: warning %s", tt.tex, w)
			}
		}
		checkSafe(t, tt.tex, got)
	}
}

// TestLooseColumns checks that an array whose column specification MathJax
// 3.2 refuses is shown as MathJax showed it before, with a warning: its
// l, c and r taken, the rest ignored.
func TestLooseColumns(t *testing.T) {
	tests := []struct {
		tex  string
		want string
	}{
		{"\\begin{array}\n\\\n\\sigma = \\sqrt{x}.\n\\end{array}", `<mtd style="text-align: center;"><mi>σ</mi>`},
		{`\begin{array}{lx} a & b \end{array}`, `<mtd style="text-align: left;"><mi>a</mi>`},
	}
	for _, tt := range tests {
		got, warnings, err := New().Convert(tt.tex, true)
		if err != nil {
			t.Errorf("%q: %v", tt.tex, err)
			continue
		}
		if !strings.Contains(got, tt.want) {
			t.Errorf("%q gives\n%s\nwithout %s", tt.tex, got, tt.want)
		}
		if len(warnings) != 1 || !strings.Contains(warnings[0], "read as") {
			t.Errorf("%q: warnings %q, want one that says how the columns were read", tt.tex, warnings)
		}
	}
}

// TestInvalidTeX checks that a formula that is truly invalid gives an
// error wrapping ErrTeX, and that the Extender shows its source.
func TestInvalidTeX(t *testing.T) {
	for _, tex := range []string{`\frac{1}{`, `x}`, `\begin{foo} x \end{foo}`, `\begin{align} x`, `\hspace{wide}`, `\color{}{x}`, `\newcommand{x}{y}`, `\def\a#2{x}`, `\big x`, `#1`, `\`, `x^\left( a`} {
		if _, _, err := New().Convert(tex, false); err == nil {
			t.Errorf("%q: no error", tex)
		}
	}
	_, out := formulas(t, "$\\frac{1}{$\n\nand $x}$")
	if strings.Count(out, `class="math-error"`) != 2 || !strings.Contains(out, `\frac{1}{</code>`) {
		t.Errorf("invalid formulas not shown as their source: %s", out)
	}
}

// TestTextNesting checks that math in text in math... is refused past a
// depth, quickly.
func TestTextNesting(t *testing.T) {
	deep := strings.Repeat(`\text{a $`, 5000) + "x" + strings.Repeat(`$}`, 5000)
	if _, _, err := New().Convert(deep, false); !errors.Is(err, ErrLimit) {
		t.Errorf("text nested 5000 deep: error %v, want one wrapping ErrLimit", err)
	}
	shallow := strings.Repeat(`\text{a $`, 10) + "x" + strings.Repeat(`$}`, 10)
	if got, _, err := New().Convert(shallow, false); err != nil || strings.Count(got, "<mtext>") != 10 {
		t.Errorf("text nested 10 deep: %v\n%s", err, got)
	}
}

// TestWarningsTaken checks that treeblood's warnings reach the caller
// instead of standard error.
func TestWarningsTaken(t *testing.T) {
	c := New()
	if _, err := c.Inline(`\nosuchcommand x`); err != nil {
		t.Fatal(err)
	}
	w := c.TakeWarnings()
	if len(w) == 0 || !strings.Contains(strings.Join(w, " "), "nosuchcommand") {
		t.Errorf("warnings %q, want one naming \\nosuchcommand", w)
	}
	if w := c.TakeWarnings(); len(w) != 0 {
		t.Errorf("warnings kept after TakeWarnings: %q", w)
	}
	// Delimiters that do not pair are no mistake in TeX.
	for _, tex := range []string{`\beta \in [0, 1)`, `(a, b]`, `x)`} {
		if _, err := c.Inline(tex); err != nil {
			t.Fatal(err)
		}
		if w := c.TakeWarnings(); len(w) != 0 {
			t.Errorf("%q: warnings %q", tex, w)
		}
	}
}

// TestRandomTeXReachesNoPanic converts random formulas made of the pieces
// of real TeX, valid or not: treeblood prints on standard output each
// formula that makes it panic (it recovers), so checkArguments and the
// rewriting stop what would; the pieces that still get through are rare
// combinations such as \atop in an otherwise empty matrix.
func TestRandomTeXReachesNoPanic(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	pieces := strings.Fields(`\frac { } ^ _ x 1 \left( \right) \middle| \sqrt [ ] \begin{align} \end{align} & \\ \over \text{a} \mathrm \sum \lim \limits \overset \underset \color{red} \big( \hat \vec \binom \begin{array}{cc} \end{array} \operatorname{f} \tag{1} \label{a} \hline \substack \not = \mathbb \displaystyle \begin{cases} \end{cases} \begin{pmatrix} \end{pmatrix} \mathbf{x} \text{$x$} \boxed \phantom \xrightarrow \hspace{1em} \bigl \Bigr \biggm \arg \operatorname* \notag \eqref{a} \cdots \dot \prime \infty ; , . | \{ \} \langle \rangle \atop \choose \nolimits \newcommand{\q}{x} \q \def\w#1{#1^2} \w \mathop \mathbin \rm \it \cal \mathcal \mathfrak \begin{gather} \end{gather} \begin{array}{c} \end{array} \begin{split} \end{split}`)
	const n = 20000
	panics := 0
	for range n {
		var b strings.Builder
		for range 1 + rng.IntN(8) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
			b.WriteByte(' ')
		}
		_, _, err := New().Convert(b.String(), rng.IntN(2) == 0)
		if err != nil && strings.Contains(err.Error(), "unexpected") {
			panics++
			t.Logf("treeblood panics on %q", b.String())
		}
	}
	// Before checkArguments, 7% of these formulas made treeblood panic.
	if panics > n/5000 {
		t.Errorf("%d of %d random formulas make treeblood panic", panics, n)
	}
}

// TestConcurrentConverters converts with several Converters at once, as
// pages rendered in parallel do: each gives what it gives alone, and the
// warnings of one do not reach another.
func TestConcurrentConverters(t *testing.T) {
	want, _, err := New().Convert(`\frac{a}{b} + \alpha_i`, true)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			c := New()
			for range 50 {
				got, warnings, err := c.Convert(`\frac{a}{b} + \alpha_i`, true)
				if err != nil || got != want || len(warnings) != 0 {
					t.Errorf("goroutine %d: %v %q\n%s", g, err, warnings, got)
					return
				}
				if _, warnings, _ := c.Convert(`\nosuch`, false); len(warnings) != 1 {
					t.Errorf("goroutine %d: warnings %q, want one", g, warnings)
					return
				}
			}
		})
	}
	wg.Wait()
}

// TestTagsBeside checks that the Extender sets tags beside the formula, at
// the right of the line: a tag as MathML text, the tags of numbered rows as
// a table of as many rows as the formula's table.
func TestTagsBeside(t *testing.T) {
	_, out := formulas(t, "$$ x \\tag{1.1} $$\n\n\\begin{align}\na &= \\frac{b}{c} \\\\\nd &= e \\notag \\\\\nf &= g\n\\end{align}\n")
	doc, err := html.Parse(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	var tags []*html.Node
	for n := range doc.Descendants() {
		if n.Type == html.ElementNode && n.Data == "span" && slices.Contains(n.Attr, html.Attribute{Key: "class", Val: "math-tag"}) {
			tags = append(tags, n)
		}
	}
	if len(tags) != 2 {
		t.Fatalf("%d tags beside formulas, want 2:\n%s", len(tags), out)
	}
	if got := htmltext.Text(tags[0]); got != "(1.1)" {
		t.Errorf("tag %q, want (1.1)", got)
	}
	var rows, formulaRows int
	for n := range tags[1].Descendants() {
		if n.Type == html.ElementNode && n.Data == "mtr" {
			rows++
		}
	}
	for n := range tags[1].Parent.FirstChild.Descendants() {
		if n.Type == html.ElementNode && n.Data == "mtr" {
			formulaRows++
		}
	}
	if rows != 3 || formulaRows != 3 {
		t.Errorf("%d rows of tags beside %d rows of formula, want 3 and 3:\n%s", rows, formulaRows, out)
	}
	var shown []string
	for n := range tags[1].Descendants() {
		if n.Type == html.ElementNode && n.Data == "mtext" {
			shown = append(shown, htmltext.Text(n))
		}
	}
	if !slices.Equal(shown, []string{"(1)", "(2)"}) {
		t.Errorf("row tags %q, want (1) and (2)", shown)
	}
}
