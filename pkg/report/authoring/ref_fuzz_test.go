package authoring

import (
	"strconv"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/mathml"
	"golang.org/x/net/html"
)

// FuzzRefs reads any Markdown with the index and the Refs extender, as
// the page and the post do, and checks that the output stays within a
// constant times the input (formulas aside: package mathml bounds
// those), and that nothing a reference, role, target, label or citation
// writes opens an element or attribute that runs script.
func FuzzRefs(f *testing.F) {
	for _, seed := range []string{
		"## Intro {#sec-intro}\n\nSee @fig-x, [@eq-a], -@eq-a, @Eq-a, {eq}`eq-b`, {numref}`Eq. %s <eq-b>`, [](#sec-intro).",
		"$$\na = b\n$$ {#eq-a}\n\n$$ c \\label{eq-b} $$\n\n\\begin{align}x\\\\y\\end{align}\n\n$$ d $$ (eq-d)\n",
		"(tgt)=\n## Second\n\n{ref}`tgt` and {ref}`text <tgt>` and [t](tgt) and \\eqref{eq-a}",
		"[see @knuth1984, p. 3; -@winning] and @grundy1939 and {cite:t}`knuth1984,nobody` and {cite:p}`x`",
		"| a |\n|---|\n| 1 |\n\n: Caption *em* {#tbl-a}\n\n@tbl-a",
		"(<script>alert(1)</script>)=\n## x {#\"><script>}\n\n[](#\"><img src=x onerror=alert(1)>) {ref}`<script> <\"><b>`",
		"::: {#thm-a}\n## T\nx\n:::\n\n@thm-a {prf:ref}`thm-a`",
		"```{glossary}\nA <b>\n  x {term}`B`\n\nB\n: y\n```\n\n{term}`a <b>` {term}`<\"><script>` {download}`a.zip` {download}`x <../\"><script>`",
		strings.Repeat("@fig-a ", 200) + strings.Repeat("[@a; @b] ", 100),
		"$$ a $$ {#eq-a}\n\n[@eq-a; @tbl-b]\n\n[see @eq-a; -@eq-a; @knuth1984, p. 3]\n\n@knuth1984 [p. 33] [@a;\n@b,\np. 3 and more]",
		"> | a | b |\n> |---|---|\n> | 1 | 2 |\n>\n> : Values {#tbl/x}\n\n(use/hiding)=\n## H\n\n{ref}`use/hiding` [@nobib]",
		"```{proof:theorem} T\n:label: th1\nT.\n```\n\n````{solution} th1\n```{figure} x.png\n:name: f/1\nC.\n```\n````\n\n{proof:ref}`th1` {numref}`f/1`",
		"See @tbl-g.\n\n+---+:--:+\n| a | b  |\n| `c | d  |\n+===+====+\n|  $x$ [@a] |\n+---+----+\n\n: Grid *g* {#tbl-g}\n\n> +--+\n> |é |\n> +--+\n",
		"![The *fish* @fig-b](fish.png){#fig-a fig-alt=\"A \\\"fish\\\"\" width=50% fig-align=left .c}\n\n> ![x](javascript:alert(1)){#fig-b}\n\n@fig-a @fig-b [f](fig-a)",
		":::{exercise}\n:label: ex\nE.\n:::\n\n:::{solution} ex\n:label: so\nS.\n:::\n\n:::{solution} nothing\nN.\n:::\n\n[](#so)",
		":::: {#fig-a layout-ncol=2}\n![x](x.png){#fig-a-x}\n\n::: {#fig-a-y}\ny\n\nY\n:::\n\nCap *a*\n::::\n\n::: {#tbl-t tbl-cap=\"T \\\" <b>\"}\n| a |\n|---|\n\n: inner {#tbl-i}\n:::\n\n@fig-a @fig-a-x -@fig-a-y @tbl-t @tbl-i",
		"> ::: {#lst-l cap-location=bottom}\n> ```go\n> x\n> ```\n>\n> L\n> :::\n\n- ::: {#fig-<b>}\n  z\n  :::\n\n@lst-l",
		"## A\n\n(s)=\n### B\n\n$$\n\\begin{align}a\\\\b\\end{align}\n$$\n\n```{math}\n:enumerated: false\nz\n```\n\n{ref}`s` [](#s) {numref}`%s <s>`",
		"$$\n\\begin{align}a \\label{eq:a}\\\\ b \\notag \\\\ c \\tag{x}\\\\\n\\end{align}\n$$\n\n$$ d $$ {#eq-d}\n\n```{math}\n:label: eq-m\n\\begin{gather}e\\\\f\\end{gather}\n```\n\n\\eqref{eq:a} @eq-d {eq}`eq-m` $\\eqref{eq-d}$",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 1<<14 {
			return
		}
		out, x := page(t, src)
		if limit := 64*len(src) + 8192; len(out) > limit && !strings.Contains(src, "$") && !strings.Contains(src, "\\") {
			t.Fatalf("page of %d bytes from %d bytes of Markdown", len(out), len(src))
		}
		checkHTML(t, out)
		checkHTML(t, ReferencesHTML(x))
		// The same Markdown numbered as mystmd numbers it.
		myst, _ := configuredPage(t, map[string]any{"numbering": map[string]any{"headings": true}}, src)
		if limit := 64*len(src) + 8192; len(myst) > limit && !strings.Contains(src, "$") && !strings.Contains(src, "\\") {
			t.Fatalf("MyST page of %d bytes from %d bytes of Markdown", len(myst), len(src))
		}
		checkHTML(t, myst)
		refs := &Refs{Index: x}
		post := Post(mathml.JoinLines([]byte(src)), &mathml.Extender{}, &Blocks{}, refs)
		if limit := 16*len(src) + 4096; len(post) > limit {
			t.Fatalf("post of %d bytes from %d bytes of Markdown", len(post), len(src))
		}
	})
}

// checkHTML fails for an element or attribute that runs script.
func checkHTML(t *testing.T, page string) {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			if n.Data == "script" || n.Data == "iframe" {
				t.Fatalf("<%s> in\n%s", n.Data, page)
			}
			for _, a := range n.Attr {
				if strings.HasPrefix(a.Key, "on") || a.Key == "href" && strings.HasPrefix(strings.ToLower(strings.TrimSpace(a.Val)), "javascript:") {
					t.Fatalf("attribute %s=%q in\n%s", a.Key, a.Val, page)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
}

// BenchmarkRefs reads Markdown made of what costs the parsers most, at
// two sizes: many unclosed "[" and roles on one line, and many
// references and citations. The time should grow as the input does.
func BenchmarkRefs(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		src := strings.Repeat("[@a ", n) + "\n\n" + strings.Repeat("{ref}`x ", n) + "\n\n" + strings.Repeat("@fig-a [@b; @c] {eq}`e` ", n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				x := NewIndex()
				x.Markdown(1, src)
				Post([]byte(src), &mathml.Extender{}, &Refs{Index: x})
			}
		})
	}
}
