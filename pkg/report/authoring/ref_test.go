package authoring

import (
	"bytes"
	"github.com/grundylab/grundy/pkg/report/bib"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/mathml"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
)

// page renders the cells of a document as a page does: an index of
// them all first, then each cell with one Refs and one Converter.
func page(t testing.TB, cells ...string) (string, *Index) {
	t.Helper()
	return pageWith(t, nil, cells...)
}

// pageWith is page with a bibliography.
func pageWith(t testing.TB, db *bib.Database, cells ...string) (string, *Index) {
	t.Helper()
	x := NewIndex()
	x.Bibliography = db
	for i, c := range cells {
		x.Markdown(i+1, c)
	}
	return renderPage(t, x, cells...), x
}

// renderPage renders the cells of a document that x recorded as a page
// does, with one Refs and one Converter.
func renderPage(t testing.TB, x *Index, cells ...string) string {
	t.Helper()
	conv := mathml.New()
	md := goldmark.New(goldmark.WithExtensions(extension.GFM, &mathml.Extender{Converter: conv}, &Blocks{Math: conv.Display}, &Refs{Index: x, Converter: conv}),
		goldmark.WithParserOptions(parser.WithAttribute()))
	var out bytes.Buffer
	for _, c := range cells {
		if err := md.Convert(mathml.JoinLines([]byte(c)), &out); err != nil {
			t.Fatal(err)
		}
	}
	return out.String()
}

// TestRefTexts checks the text of each form of reference, as Quarto
// and mystmd write it (mystmd's checked by TestMystNumbers).
func TestRefTexts(t *testing.T) {
	doc := []string{
		"## Intro {#sec-intro}\n\n(tgt)=\n## Second\n",
		"::: {#thm-sg}\n## Sprague\nText.\n:::\n\n:::{prf:lemma}\n:label: lem-a\nL.\n:::\n\n```{prf:theorem}\n:label: thm-b\nT.\n```\n\n| a |\n|---|\n| 1 |\n\n: Caption {#tbl-a}\n",
		"$$\na = b\n$$ {#eq-a}\n\n$$\nc \\label{eq-b}\n$$\n\n\\begin{equation}x\\end{equation}\n\n$$ d $$\n\n```{math}\n:label: eq-n\nn\n```\n\n```{math}\n:label: eq-m\nm\n```\n",
	}
	// In want, "~" stands for a no-break space.
	tests := []struct{ in, want string }{
		{"@eq-a", `<a class="ref" href="#eq-a">Equation~1</a>`},
		{"[@eq-a]", `<a class="ref" href="#eq-a">Equation~1</a>`},
		{"-@eq-b", `<a class="ref" href="#eq-b">2</a>`},
		{"@Eq-a.", `<a class="ref" href="#eq-a">Equation~1</a>.`},
		{"{eq}`eq-b`", `<a class="ref" href="#eq-b">(2)</a>`},
		{"{numref}`Eq. %s <eq-b>`", `<a class="ref" href="#eq-b">Eq. 2</a>`},
		{"{numref}`Eq. {number} <eq-b>`", `<a class="ref" href="#eq-b">Eq. 2</a>`},
		{"{ref}`see this <eq-a>`", `<a class="ref" href="#eq-a">see this</a>`},
		{"[](#sec-intro)", `<a class="ref" href="#sec-intro">Intro</a>`},
		{"[](#eq-a)", `<a class="ref" href="#eq-a">(1)</a>`},
		{"{ref}`tgt`", `<a class="ref" href="#tgt">Second</a>`},
		{"[text](tgt)", `<a href="#tgt">text</a>`},
		{"[text](#tgt)", `<a href="#tgt">text</a>`},
		{"\\eqref{eq-b} and \\ref{eq-a}", `<a class="ref" href="#eq-b">(2)</a> and <a class="ref" href="#eq-a">1</a>`},
		{"@fig-none", `<mark class="ref-missing" title="no target has this label">?@fig-none</mark>`},
		{"{ref}`nothing`", `<mark class="ref-missing" title="no target has this label">{ref}` + "`nothing`" + `</mark>`},
		{"me@fig-x.org and \\@fig-x", `<a href="mailto:me@fig-x.org">me@fig-x.org</a> and @fig-x`},
		{"@property of a class", `@property of a class`},
		{"`@fig-x` in code", `<code>@fig-x</code> in code`},
		{"@thm-sg and {prf:ref}`lem-a` and [](#thm-b)", `<a class="ref" href="#thm-sg">Theorem~1</a> and <a class="ref" href="#lem-a">Lemma~1</a> and <a class="ref" href="#thm-b">Theorem~2</a>`},
		{"{eq}`eq-m` and {numref}`tbl-a`", `<a class="ref" href="#eq-m">(5)</a> and <a class="ref" href="#tbl-a">Table~1</a>`},
		{"[@fig-x](http://e.org)", `<a href="http://e.org">@fig-x</a>`},
		{"[@eq-a; @eq-b]", `<a class="ref" href="#eq-a">Equation~1</a>, <a class="ref" href="#eq-b">Equation~2</a>`},
		{"[@tbl-a;\n@eq-b]", `<a class="ref" href="#tbl-a">Table~1</a>, <a class="ref" href="#eq-b">Equation~2</a>`},
		{"[see @eq-a]", `<a class="ref" href="#eq-a">see~1</a>`},
		{"[-@eq-a; @Thm-sg, p. 3]", `<a class="ref" href="#eq-a">1</a>, <a class="ref" href="#thm-sg">Theorem~1</a>, p. 3`},
		{"[@eq-a left; @eq-b]", `<a class="ref" href="#eq-a">Equation~1</a> left, <a class="ref" href="#eq-b">Equation~2</a>`},
		{"[@eq-a; @fig-none]", `<a class="ref" href="#eq-a">Equation~1</a>, <mark class="ref-missing" title="no target has this label">?@fig-none</mark>`},
		{"[@eq-a; @knuth1984]", `<a class="ref" href="#eq-a">Equation~1</a> <mark class="cite-missing" title="no bibliography">[@knuth1984]</mark>`},
		{"[[@eq-a; @eq-b]](http://e.org)", `<a href="http://e.org">[@eq-a; @eq-b]</a>`},
	}
	for i, tt := range tests {
		out, _ := page(t, append(doc, tt.in)...)
		last := out[strings.LastIndex(out, "<p>")+3:]
		last = strings.TrimSuffix(strings.TrimSpace(last), "</p>")
		if want := strings.ReplaceAll(tt.want, "~", "\u00a0"); last != want { // ~ a no-break space
			t.Errorf("case %d: %q\ngot  %s\nwant %s", i+1, tt.in, last, tt.want)
		}
	}
}

// TestEquationNumbers checks the one sequence of equations: labelled
// formulas tagged, AMS environments numbered in between, \eqref in a
// formula resolved, forward too.
func TestEquationNumbers(t *testing.T) {
	out, x := page(t, "$\\eqref{eq-c}$\n\n$$ a $$ {#eq-a}\n\n\\begin{align}b\\\\ c\\end{align}\n", "$$\nc \\label{eq-c}\n$$\n\n$$ unnumbered $$\n\n\\begin{equation}d\\end{equation}\n")
	var tags []string
	for _, part := range strings.Split(out, "<mtext>")[1:] {
		if strings.HasPrefix(part, "<a ") { // \eqref's link
			part = part[strings.Index(part, ">")+1:]
		}
		tags = append(tags, part[:strings.Index(part, "<")])
	}
	if got, want := strings.Join(tags, " "), "(4) (1) (2) (3) (4) (5)"; got != want {
		t.Errorf("tags %q, want %q\n%s", got, want, out)
	}
	if tg, _ := x.Target("eq-c"); tg.Number != "4" {
		t.Errorf("eq-c is %+v, want number 4", tg)
	}
}

// TestSections checks Quarto's section numbers with number-sections:
// true: the first level-1 heading is the title, {.unnumbered} takes no
// number, a theorem's title heading is no section, and references read
// "Section 1.1"; without it a section is referred to by its title.
func TestSections(t *testing.T) {
	doc := "# Title\n\n::: {#thm-a}\n## Sprague\nT\n:::\n\n## Intro {#sec-i}\n\n### Sub {#sec-s}\n\n## Aside {.unnumbered}\n\n(sec-t)=\n## Three\n\nSee @sec-s, @sec-t and {ref}`sec-i`."
	for _, tt := range []struct {
		number bool
		want   []string
	}{
		{true, []string{`<h3 id="sec-s"><span class="header-section-number">1.1</span> Sub</h3>`, `<h2 id="aside" class="unnumbered">Aside</h2>`,
			`<h2 id="sec-t"><span class="header-section-number">2</span> Three</h2>`,
			`See <a class="ref" href="#sec-s">Section 1.1</a>, <a class="ref" href="#sec-t">Section 2</a> and <a class="ref" href="#sec-i">Intro</a>.`}},
		{false, []string{`<h2 id="sec-t">Three</h2>`, `See <a class="ref" href="#sec-s">Sub</a>, <a class="ref" href="#sec-t">Three</a> and <a class="ref" href="#sec-i">Intro</a>.`}},
	} {
		x := NewIndex()
		x.NumberSections = tt.number
		x.Markdown(1, doc)
		md := goldmark.New(goldmark.WithExtensions(extension.GFM, &mathml.Extender{}, &Blocks{}, &Refs{Index: x}),
			goldmark.WithParserOptions(parser.WithAutoHeadingID()))
		var out bytes.Buffer
		if err := md.Convert([]byte(doc), &out); err != nil {
			t.Fatal(err)
		}
		page := strings.ReplaceAll(out.String(), "\u00a0", " ")
		for _, want := range tt.want {
			if !strings.Contains(page, want) {
				t.Errorf("number-sections %v: page lacks\n%s\n%s", tt.number, want, page)
			}
		}
	}
}

// TestPlainText checks the references a summary's plain text resolves.
func TestPlainText(t *testing.T) {
	_, x := page(t, "$$ a $$ {#eq-a}\n\n$$ b $$ {#eq-b}\n\n| a |\n|---|\n| 1 |\n\n: Caption {#tbl-a}\n")
	for _, tt := range []struct{ in, want string }{
		{"See @eq-a.", "See Equation 1."},
		{"@Eq-b and -@eq-b", "Equation 2 and 2"},
		{"[@eq-a]", "Equation 1"},
		{"[@eq-a; -@eq-b; @tbl-a]", "Equation 1, 2, Table 1"},
		{"[@eq-a; @knuth1984]", "[Equation 1; @knuth1984]"},
		{"me@eq-a.org", "me@eq-a.org"},
		{"no references", "no references"},
	} {
		if got := x.PlainText(tt.in); got != tt.want {
			t.Errorf("PlainText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
