package mathml

import (
	"bytes"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/yuin/goldmark"
	"golang.org/x/net/html"
)

// hostile are formulas that try to put markup, script or a network load
// into the page through the converter.
var hostile = []string{
	`\text{<img/src/onerror=alert(document.domain)>}`,
	`\text{</math><svg/onload=alert(1)>}`,
	`\text{</mtext></math><img src=x onerror=alert(1)>}`,
	`\color{red" autofocus onfocus="alert(1)"}{x}`,
	`\color{red' onmouseover='alert(1)}{x}`,
	`\class{x" onclick="alert(1)"}{y}`,
	`\cssId{x" onclick="alert(1)"}{y}`,
	`\style{background:url(https://example.com/x.png)}{y}`,
	`\href{javascript:alert(1)}{x}`,
	`\href{https://example.com/}{x}`,
	`\text{<img src=https://example.com/x.png>}`,
	`\textbf{<script>alert(1)</script>}`,
	`\mbox{<a href="javascript:alert(1)">x</a>}`,
	`\operatorname{<img src=x onerror=alert(1)>}`,
	`\operatorname*{<svg onload=alert(1)>}_x`,
	`\mathrm{<img src=x onerror=alert(1)>}`,
	`\tag{<img src=x onerror=alert(1)>} x`,
	`\label{"><img src=x onerror=alert(1)>} x = \eqref{"><img src=x onerror=alert(1)>}`,
	`\begin{array}{c" onclick="alert(1)} x \end{array}`,
	`\begin{<img src=x onerror=alert(1)>} x \end{<img src=x onerror=alert(1)>}`,
	`\newcommand{\x}{\text{<img src=x onerror=alert(1)>}}\x`,
	`\def\x#1{\text{#1}}\x{<svg onload=alert(1)>}`,
	`\unicode{60}img src=x onerror=alert(1)\unicode{62}`,
	`\verb|<img src=x onerror=alert(1)>|`,
	`\colorbox{red" onclick="alert(1)}{x}`,
	`\textcolor{red" onclick="alert(1)}{x}`,
	`\mmlToken{mi" onclick="alert(1)}{x}`,
	`\hspace{1em" onclick="alert(1)} x`,
	`\rule{1em}{1em" onclick="alert(1)}`,
	`x < y \& z > w \text{a & b < c}`,
	`\text{$<img src=x onerror=alert(1)>$}`,
	"\uE000" + `0` + "\uE001" + `\text{x}`,
	`\text{` + "\uE0000\uE001" + `}`,
}

// mathCore are the elements MathML Core defines, which alone may appear.
var mathCore = map[string]bool{
	"math": true, "semantics": true, "annotation": true, "merror": true, "mfrac": true, "mi": true,
	"mmultiscripts": true, "mn": true, "mo": true, "mover": true, "mpadded": true, "mphantom": true,
	"mprescripts": true, "mroot": true, "mrow": true, "ms": true, "mspace": true, "msqrt": true,
	"mstyle": true, "msub": true, "msubsup": true, "msup": true, "mtable": true, "mtd": true,
	"mtext": true, "mtr": true, "munder": true, "munderover": true, "none": true,
}

// checkSafe parses page as a browser would and reports any element outside
// MathML Core, any event handler, link, or value that could load from the
// network. It shares no code with the sanitiser.
func checkSafe(t testing.TB, in, page string) {
	t.Helper()
	doc, err := html.Parse(strings.NewReader("<!DOCTYPE html><body>" + page))
	if err != nil {
		t.Fatalf("%q: output does not parse: %v", in, err)
	}
	var body *html.Node
	for n := range doc.Descendants() {
		if n.Type == html.ElementNode && n.Data == "body" {
			body = n
			break
		}
	}
	for n := range body.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		// An \eqref's link to its equation: an <a> in <mtext>, linking
		// within the page.
		eqref := n.Namespace == "" && n.Data == "a" && n.Parent != nil && n.Parent.Data == "mtext" &&
			len(n.Attr) == 1 && n.Attr[0].Key == "href" && anchorLink.MatchString(n.Attr[0].Val)
		allowed := mathCore[n.Data] && n.Namespace == "math" || eqref ||
			n.Namespace == "" && (n.Data == "code" || n.Data == "p" || n.Data == "div" || n.Data == "span")
		if !allowed {
			t.Errorf("%q: element <%s> (namespace %q) in %s", in, n.Data, n.Namespace, page)
		}
		for _, a := range n.Attr {
			key := strings.ToLower(a.Key)
			val := strings.ToLower(a.Val)
			if key == "xmlns" && a.Val == "http://www.w3.org/1998/Math/MathML" && n.Data == "math" ||
				key == "title" && n.Data == "code" || eqref {
				continue
			}
			switch {
			case strings.HasPrefix(key, "on"), key == "href", key == "src", key == "autofocus",
				key == "id", key == "tabindex", strings.Contains(key, ":"):
				t.Errorf("%q: attribute %s=%q in %s", in, a.Key, a.Val, page)
			case strings.Contains(val, "url("), strings.Contains(val, "javascript"),
				strings.Contains(val, "<"), strings.Contains(val, "//"):
				t.Errorf("%q: value %s=%q in %s", in, a.Key, a.Val, page)
			}
		}
	}
}

// anchorLink matches a link to a label on the page.
var anchorLink = regexp.MustCompile(`^#[A-Za-z0-9_]+(?:[-.:/][A-Za-z0-9_]+)*$`)

// checkMathSafe checks a page of Markdown, whose own markup (headings,
// links, images) is not the math's: every <math> element holds only what
// checkSafe allows, and no element has an event handler.
func checkMathSafe(t testing.TB, in, page string) {
	t.Helper()
	doc, err := html.Parse(strings.NewReader("<!DOCTYPE html><body>" + page))
	if err != nil {
		t.Fatalf("%q: output does not parse: %v", in, err)
	}
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		for _, a := range n.Attr {
			if strings.HasPrefix(strings.ToLower(a.Key), "on") {
				t.Errorf("%q: handler %s on <%s> in %s", in, a.Key, n.Data, page)
			}
		}
		if n.Data == "math" {
			var b strings.Builder
			if err := html.Render(&b, n); err != nil {
				t.Fatal(err)
			}
			checkSafe(t, in, b.String())
		}
	}
}

func TestHostileFormulas(t *testing.T) {
	for _, tex := range hostile {
		for _, display := range []bool{false, true} {
			mml, _, err := New().Convert(tex, display)
			if err != nil {
				if !errors.Is(err, ErrTeX) {
					t.Errorf("%q: error does not wrap ErrTeX: %v", tex, err)
				}
				continue
			}
			checkSafe(t, tex, mml)
		}
	}
}

// TestHostileMarkdown passes the hostile formulas through the Markdown
// extension, where a formula that fails shows as its escaped source.
func TestHostileMarkdown(t *testing.T) {
	for _, tex := range hostile {
		for _, src := range []string{"$" + tex + "$", "$$" + tex + "$$", "\\\\(" + tex + "\\\\)", "$$\n" + tex + "\n$$"} {
			md := goldmark.New(goldmark.WithExtensions(&Extender{}))
			var b bytes.Buffer
			if err := md.Convert([]byte(src), &b); err != nil {
				t.Fatal(err)
			}
			checkSafe(t, src, b.String())
		}
	}
}

func TestHostileColours(t *testing.T) {
	for _, tex := range []string{`\color{red" x="y}{x}`, `\color{url(x)}{x}`, `\color[rgb]{1,0,2}{x}`, `\color[HTML]{GG0000}{x}`, `\colorbox{a b}{x}`} {
		if _, _, err := New().Convert(tex, false); err == nil {
			t.Errorf("%q: no error for an invalid colour", tex)
		}
	}
	for tex, want := range map[string]string{
		`\color{red}{x}`:                `mathcolor="red"`,
		`\color{#00ff00}{x}`:            `mathcolor="#00ff00"`,
		`\color[rgb]{1,0,0.5}{x}`:       `mathcolor="#ff0080"`,
		`\color[RGB]{255,0,0}{x}`:       `mathcolor="#ff0000"`,
		`\color[HTML]{A0B0C0}{x}`:       `mathcolor="#A0B0C0"`,
		`\textcolor{blue}{x}`:           `mathcolor="blue"`,
		`\colorbox{yellow}{boxed}`:      `mathbackground="yellow"`,
		`\class{big}{x} + \cssId{a}{y}`: `<mi>y</mi>`,
	} {
		got, _, err := New().Convert(tex, false)
		if err != nil || !strings.Contains(got, want) {
			t.Errorf("%q gives %s, %v; want %s in it", tex, got, err, want)
		}
	}
}

// TestMacroBombs checks that recursive and exponential macros end quickly
// with an error wrapping ErrLimit.
func TestMacroBombs(t *testing.T) {
	double := `\newcommand{\x}[1]{#1#1}` + strings.Repeat(`\x{`, 30) + "a" + strings.Repeat("}", 30)
	tests := []string{
		`\newcommand{\a}{\b}\newcommand{\b}{\a}\a`,
		`\def\a{\a}\a`,
		`\def\a{x\a}\a`,
		`\def\a{\a\a}\a`,
		`\newcommand{\a}[1]{\a{#1#1}}\a{x}`,
		`\let\a\b\def\b{\a}\a`,
		`\newcommand{\a}[1][x]{\a y}\a`,
		`\newcommand{\a}[2][x]{\a{#2}{#2} y}\a{z}`,
		double,
		`\def\a{aaaaaaaaaa}\def\b{\a\a\a\a\a\a\a\a\a\a}\def\c{\b\b\b\b\b\b\b\b\b\b}\def\d{\c\c\c\c\c\c\c\c\c\c}\def\e{\d\d\d\d\d\d\d\d\d\d}\e`,
	}
	// A formula longer than MaxSource.
	tests = append(tests, strings.Repeat("x+", MaxSource/2+1))
	// A definition that takes in a long expansion, again and again.
	long := strings.Repeat("x", 20000)
	tests = append(tests, `\def\big{\def\z{`+long+`}}\def\r{\big\r}\r`)
	for _, tex := range tests {
		start := time.Now()
		_, _, err := New().Convert(tex, false)
		if !errors.Is(err, ErrLimit) || !errors.Is(err, ErrTeX) {
			t.Errorf("%.40q: error %v, want one wrapping ErrLimit and ErrTeX", tex, err)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("%.40q: took %v", tex, d)
		}
	}
}

// TestNestedFonts checks that fonts nested in fonts, around what the
// rewriter builds itself, convert in time linear in the nesting, or end
// with an error wrapping ErrLimit.
func TestNestedFonts(t *testing.T) {
	tests := []struct {
		tex   string
		limit bool
	}{
		{strings.Repeat(`\mathbf{`, 90) + `\Sigma\bm{y}` + strings.Repeat("}", 90), false},
		{strings.Repeat(`\mathbf{\hat{\boldsymbol{x}`, 60) + `\Sigma` + strings.Repeat("}}", 60), false},
		{`\mathbf{` + strings.Repeat(`{\bm{x}\hat{`, 150) + `\Sigma` + strings.Repeat("}}", 150) + "}", true},
	}
	for _, tt := range tests {
		start := time.Now()
		_, _, err := New().Convert(tt.tex, false)
		if tt.limit != errors.Is(err, ErrLimit) {
			t.Errorf("%.40q: error %v, want one wrapping ErrLimit: %v", tt.tex, err, tt.limit)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("%.40q: took %v", tt.tex, d)
		}
	}
}

// TestDefinitionsBounded checks that a document cannot hold macros of
// unbounded size, formula after formula.
func TestDefinitionsBounded(t *testing.T) {
	c := New()
	body := strings.Repeat("x", 30000)
	var err error
	for i := range 20 {
		if _, _, err = c.Convert(`\def\m`+strings.Repeat("a", i+1)+`{`+body+`}`, false); err != nil {
			break
		}
	}
	if !errors.Is(err, ErrLimit) {
		t.Errorf("20 macros of 30000 tokens: error %v, want one wrapping ErrLimit", err)
	}
}

func TestMacros(t *testing.T) {
	c := New()
	steps := []struct{ tex, want string }{
		{`\newcommand{\R}{\mathbb{R}}\DeclareMathOperator{\mex}{mex}\DeclareMathOperator*{\argmax}{arg\,max}`, ""},
		{`x \in \R`, `<mi>ℝ</mi>`},
		{`\mex\{0,1\}`, `<mi>mex</mi>`},
		{`\argmax_x f`, `<munder>`},
		{`\newcommand{\pair}[2][0]{(#1,#2)}\pair{a} \pair[b]{c}`, `<mi>b</mi>`},
		{`\def\sq#1{#1^2}\sq{y}`, `<msup><mi>y</mi><mn>2</mn></msup>`},
		{`\renewcommand{\R}{\mathbb{C}}\R`, `<mi>ℂ</mi>`},
		{`\providecommand{\R}{Q}\R`, `<mi>ℂ</mi>`},
		{`\let\foo\R \foo`, `<mi>ℂ</mi>`},
	}
	for _, s := range steps {
		got, _, err := c.Convert(s.tex, true)
		if err != nil {
			t.Errorf("%q: %v", s.tex, err)
			continue
		}
		if s.want == "" && got != "" || !strings.Contains(got, s.want) {
			t.Errorf("%q gives %s, want %s in it", s.tex, got, s.want)
		}
	}
}

// FuzzConvert converts arbitrary TeX, seeded with macros and the hostile
// formulas: no panic, a bounded time and size, and MathML with nothing
// outside MathML Core in it.
func FuzzConvert(f *testing.F) {
	seeds := append([]string{
		`\newcommand{\a}{\b}\newcommand{\b}{\a}\a`,
		`\newcommand{\x}[1]{#1#1}\x{\x{\x{a}}}`,
		`\def\f#1#2{#2#1}\f{a}{b}`,
		`\newcommand{\a}[1][x]{\a y}\a`,
		`\newcommand{\o}[2][z]{#1^#2}\o{y}\o[w]{v}`,
		`\DeclareMathOperator*{\op}{op}\op_x`,
		`\let\a\frac\a{1}{2}`,
		`\begin{align} a &= b \tag{1} \label{x} \\ c \end{align} \eqref{x}`,
		`\text{a $b \text{c $d$}$}`,
	}, hostile...)
	for _, s := range seeds {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, tex string, display bool) {
		start := time.Now()
		c := New()
		mml, _, err := c.Convert(tex, display)
		if err == nil {
			checkSafe(t, tex, mml)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%q: took %v", tex, d)
		}
		if len(mml) > 200*len(tex)+100_000 {
			t.Errorf("%q: %d bytes of MathML", tex, len(mml))
		}
	})
}
