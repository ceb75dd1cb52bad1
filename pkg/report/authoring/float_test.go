package authoring

import (
	"strings"
	"testing"
)

// floatDoc holds Quarto's float divs as its documentation writes them:
// a figure of two subfigures in columns, a figure of nested divs, a
// table, a listing, an image alone and a caption given by attribute.
const floatDoc = `::: {#fig-elephants layout-ncol=2}

![Surus](surus.png){#fig-surus}

![Abbas](abbas.png){#fig-abbas}

Famous *elephants*
:::

:::: {#fig-subrefs}
::: {#fig-first}
CONTENT 1

First caption
:::

::: {#fig-second}
CONTENT 2

Second caption
:::

Main caption
::::

::: {#tbl-letters}

| Col1 | Col2 |
|------|------|
| A    | B    |

My Caption
:::

::: {#lst-customers}
` + "```sql\nSELECT * FROM Customers\n```" + `

Customers Query
:::

::: {#fig-alone}
![](alone.png)
:::

::: {#fig-attr fig-cap="From the *attribute*"}
Only content.
:::

::: {#fig-two-images}
![One](one.png)

![Two](two.png)
:::
`

// TestFloats checks the numbers, captions and references of Quarto's
// float divs, on the page and in the post, as Quarto 1.4+ writes them:
// the last paragraph the caption (an image alone never), a table's and a
// listing's caption above, subfloats lettered, "Figure 1 (a)".
func TestFloats(t *testing.T) {
	refs := "See @fig-elephants, @fig-abbas, -@fig-second, @tbl-letters, @lst-customers, @fig-alone, @fig-attr, @fig-two-images."
	out, x := page(t, floatDoc, refs)
	inOrder(t, "page", out, nbsp(
		`<figure id="fig-elephants" class="float float-figure">`,
		"<div class=\"float-body\">\n<div class=\"layout-row\">\n<div class=\"layout-cell layout-align-center\" style=\"flex-basis: 50.000%\">\n<figure id=\"fig-surus\" class=\"figure\">", `<figcaption><span class="caption-number">(a)</span> Surus</figcaption>`,
		`<figure id="fig-abbas" class="figure">`, `<figcaption><span class="caption-number">(b)</span> Abbas</figcaption>`,
		"</div>\n<figcaption><span class=\"caption-number\">Figure 1:</span> Famous <em>elephants</em></figcaption>\n</figure>",
		`<figure id="fig-subrefs" class="float float-figure">`,
		`<figure id="fig-first" class="float float-figure subfloat">`, "<p>CONTENT 1</p>", `<span class="caption-number">(a)</span> First caption`,
		`<figure id="fig-second" class="float float-figure subfloat">`, `<span class="caption-number">(b)</span> Second caption`,
		`<span class="caption-number">Figure 2:</span> Main caption`,
		"<figure id=\"tbl-letters\" class=\"float float-table\">\n<figcaption><span class=\"caption-number\">Table 1:</span> My Caption</figcaption>\n<div class=\"float-body\">\n<table>",
		"<figure id=\"lst-customers\" class=\"float float-listing\">\n<figcaption><span class=\"caption-number\">Listing 1:</span> Customers Query</figcaption>",
		"<figure id=\"fig-alone\" class=\"float float-figure\">\n<div class=\"float-body\">\n<p><img src=\"alone.png\" alt=\"\"></p>\n</div>\n<figcaption><span class=\"caption-number\">Figure 3</span></figcaption>",
		`<span class="caption-number">Figure 4:</span> From the <em>attribute</em>`,
		"<figure id=\"fig-two-images\" class=\"float float-figure\">\n<div class=\"float-body\">\n<p><img src=\"one.png\" alt=\"One\"></p>\n<p><img src=\"two.png\" alt=\"Two\"></p>\n</div>\n<figcaption><span class=\"caption-number\">Figure 5</span></figcaption>",
		`See <a class="ref" href="#fig-elephants">Figure~1</a>, <a class="ref" href="#fig-abbas">Figure~1 (b)</a>, <a class="ref" href="#fig-second">2 (b)</a>, <a class="ref" href="#tbl-letters">Table~1</a>, <a class="ref" href="#lst-customers">Listing~1</a>, <a class="ref" href="#fig-alone">Figure~3</a>, <a class="ref" href="#fig-attr">Figure~4</a>, <a class="ref" href="#fig-two-images">Figure~5</a>.`,
	))
	if w := x.Check(); len(w) > 0 {
		t.Errorf("warnings %v", w)
	}
	post := postWith(t, nil, floatDoc, refs)
	inOrder(t, "post", post, nbsp(
		`<a id="fig-elephants"></a>`, `<a id="fig-surus"></a>![Surus](surus.png)`, "*(a)* Surus", `<a id="fig-abbas"></a>![Abbas](abbas.png)`, "*(b)* Abbas",
		"*Figure 1:* Famous *elephants*",
		`<a id="fig-first"></a>`, "CONTENT 1", "*(a)* First caption", "*(b)* Second caption", "*Figure 2:* Main caption",
		"<a id=\"tbl-letters\"></a>\n\n*Table 1:* My Caption\n\n", "| Col1 | Col2 |",
		"*Listing 1:* Customers Query", "```sql\nSELECT * FROM Customers\n```",
		"![](alone.png)\n\n*Figure 3*", "Only content.\n\n*Figure 4:* From the *attribute*",
		"See [Figure~1](#fig-elephants), [Figure~1 (b)](#fig-abbas), [2 (b)](#fig-second), [Table~1](#tbl-letters), [Listing~1](#lst-customers), [Figure~3](#fig-alone), [Figure~4](#fig-attr), [Figure~5](#fig-two-images).",
	))
	for _, mark := range []string{":::", "{#", "@fig", "@tbl", "@lst", "My Caption\n\n|"} {
		if strings.Contains(post, mark) {
			t.Errorf("post holds %q:\n%s", mark, post)
		}
	}
}

// TestFloatsNumberWithFigures checks that float divs share their
// sequences with Markdown figures and pipe tables, in document order.
func TestFloatsNumberWithFigures(t *testing.T) {
	out, _ := page(t, "![A](a.png){#fig-a}\n\n::: {#fig-b}\nB\n\nCap B\n:::\n\n| x |\n|---|\n| 1 |\n\n: T {#tbl-a}\n\n::: {#tbl-b}\n| y |\n|---|\n| 2 |\n\nCap\n:::\n\n@fig-a @fig-b @tbl-a @tbl-b")
	inOrder(t, "page", out, nbsp(
		`>Figure~1</a>`, `>Figure~2</a>`, `>Table~1</a>`, `>Table~2</a>`,
	))
}

// TestFloatsHostile checks that a float's label, classes, caption and
// layout from a hostile notebook set nothing on the page but text, and
// that a bad layout is warned of.
func TestFloatsHostile(t *testing.T) {
	evil := `<script>alert(1)</script><img src=x onerror=alert(1)>`
	for _, src := range []string{
		"::: {#fig-a layout-ncol=\"2);background:url(x)\"}\nx\n\n" + evil + "\n:::\n",
		"::: {#fig-\"><script> .a\"onclick=x}\nx\n\ncap\n:::\n",
		"::: {#fig-a fig-cap=\"" + strings.ReplaceAll(evil, `"`, `\"`) + "\" .x}\nx\n:::\n",
		"::: {#fig-a fig-cap=\"a \\\" <script>\"}\nx\n:::\n",
		"::: {#tbl-a layout-ncol=1000000}\n::: {#tbl-b}\n" + evil + "\n\ncap\n:::\n" + evil + "\n:::\n",
	} {
		md, warnings := newMarkdown()
		var b strings.Builder
		if err := md.Convert([]byte(src), &b); err != nil {
			t.Fatal(err)
		}
		if bad := unsafeMarkup(strings.ReplaceAll(b.String(), `style="grid-template-columns: repeat(`, `x="`)); bad != "" {
			t.Errorf("%q: the page holds %s:\n%s", src, bad, b.String())
		}
		checkHTML(t, b.String())
		if strings.Contains(src, "layout-ncol") && len(*warnings) == 0 {
			t.Errorf("%q: no warning", src)
		}
		// The post's Markdown is the notebook's, which the post writer
		// sanitises; what the float adds is an anchor of a valid label.
		post := string(Post([]byte(src), &Blocks{}))
		if strings.Contains(post, `<a id="fig-"`) || strings.Contains(post, "onclick") {
			t.Errorf("%q: post %q", src, post)
		}
	}
}

// TestFloatsLinear checks that many floats, subfloats and deep nesting
// cost output in proportion to their size.
func TestFloatsLinear(t *testing.T) {
	cases := map[string]string{
		"floats": strings.Repeat("::: {#fig-a}\nx\n\ny\n:::\n\n", 3000),
		"subs":   "::: {#fig-top layout-ncol=3}\n" + strings.Repeat("![a](a.png){#fig-s}\n\n", 3000) + "cap\n:::\n",
		"nested": strings.Repeat("::::: {#fig-n}\n", 3000) + "x\n" + strings.Repeat(":::::\n", 3000),
	}
	for name, src := range cases {
		out := both(t, src)
		if len(out) > 40*len(src)+1000 {
			t.Errorf("%s: %d bytes of input give %d of output", name, len(src), len(out))
		}
		p, _ := page(t, src)
		if len(p) > 40*len(src)+1000 {
			t.Errorf("%s: %d bytes of input give a page of %d", name, len(src), len(p))
		}
	}
}

// TestSubLetter checks the letters of subfloats past z.
func TestSubLetter(t *testing.T) {
	for k, want := range map[int]string{1: "a", 2: "b", 26: "z", 27: "aa", 28: "ab", 52: "az", 53: "ba", 702: "zz", 703: "aaa"} {
		if got := Letter(k); got != want {
			t.Errorf("Letter(%d) = %q, want %q", k, got, want)
		}
	}
}

// nbsp returns want with each "~" a no-break space.
func nbsp(want ...string) []string {
	out := make([]string, len(want))
	for i, w := range want {
		out[i] = strings.ReplaceAll(w, "~", "\u00a0")
	}
	return out
}

// TestSubtables checks Quarto's subtables: captioned pipe tables
// labelled "tbl-" in a table div, lettered, "Table 1 (a)".
func TestSubtables(t *testing.T) {
	doc := "::: {#tbl-panel layout-ncol=2}\n| A |\n|---|\n| 1 |\n\n: First {#tbl-first}\n\n| C |\n|---|\n| 3 |\n\n: Second {#tbl-second}\n\nMain caption\n:::\n\n| E |\n|---|\n| 5 |\n\n: After {#tbl-after}\n"
	refs := "See @tbl-panel, @tbl-first, @tbl-second, @tbl-after."
	out, _ := page(t, doc, refs)
	inOrder(t, "page", out, nbsp(
		`<span class="caption-number">Table 1:</span> Main caption`,
		`<figure class="table" id="tbl-first">`, "<figcaption>(a) First</figcaption>",
		`<figure class="table" id="tbl-second">`, "<figcaption>(b) Second</figcaption>",
		"<figcaption>Table 2: After</figcaption>",
		`<a class="ref" href="#tbl-panel">Table~1</a>, <a class="ref" href="#tbl-first">Table~1 (a)</a>, <a class="ref" href="#tbl-second">Table~1 (b)</a>, <a class="ref" href="#tbl-after">Table~2</a>`,
	))
	post := postWith(t, nil, doc, refs)
	inOrder(t, "post", post, nbsp(
		"*Table 1:* Main caption", `<a id="tbl-first"></a>(a) First`, `<a id="tbl-second"></a>(b) Second`, `<a id="tbl-after"></a>Table 2: After`,
	))
}
