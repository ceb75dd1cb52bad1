package markdown

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/bib"
	"github.com/grundylab/grundy/pkg/report/htmlpage"
	"github.com/grundylab/grundy/pkg/report/internal/hostile"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/textnotebook"
)

// A matrixCell is one cell of a matrix case's notebook: Markdown when
// code is false, else a Python code cell with its metadata (JSON) and
// outputs.
type matrixCell struct {
	code bool
	src  string
	meta string
	outs []*notebook.Output
}

// md is a Markdown cell.
func md(src string) matrixCell { return matrixCell{src: src} }

// code is a code cell with its metadata (JSON, "" for none) and outputs.
func code(src, meta string, outs ...*notebook.Output) matrixCell {
	return matrixCell{code: true, src: src, meta: meta, outs: outs}
}

// out is a display_data output of one representation.
func out(mime, data string) *notebook.Output {
	o := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}, Metadata: notebook.Metadata{}}
	o.Data.SetText(mime, data)
	return o
}

// glued is an output that glue (myst_nb.glue) stored under name.
func glued(name, mime, data string) *notebook.Output {
	o := out(mime, data)
	o.Metadata["scrapbook"] = json.RawMessage(`{"name": "` + name + `", "mime_prefix": ""}`)
	return o
}

// matrixPNG is a PNG's signature in base64, enough for an image output.
const matrixPNG = "iVBORw0KGgo="

// matrixBib holds the works the citation cases cite.
const matrixBib = `@book{berlekamp1982, author = {Berlekamp, Elwyn R. and Conway, John H. and Guy, Richard K.}, title = {Winning Ways for Your Mathematical Plays}, publisher = {Academic Press}, year = {1982}}
@article{knuth1984, author = {Knuth, Donald E.}, title = {Literate Programming}, journal = {The Computer Journal}, volume = {27}, number = {2}, pages = {97--111}, year = {1984}}`

// refsPage and refsPost open the References section of a page and of a
// post; knuthEntry and knuthPost are its entry for knuth1984.
const (
	refsPage   = "<section class=\"references\" id=\"refs\">\n<h2>References</h2>\n<div class=\"csl-entry\" id=\"ref-"
	refsPost   = "\n## References\n\n<a id=\"ref-"
	knuthEntry = `<div class="csl-entry" id="ref-knuth1984">Knuth, Donald E. 1984. “Literate Programming.” <em>The Computer Journal</em> 27 (2): 97–111.</div>`
	knuthPost  = "<a id=\"ref-knuth1984\"></a>Knuth, Donald E. 1984. “Literate Programming.” *The Computer Journal* 27 (2): 97–111."
)

// tabsPage is a tabset of two tabs on the page: radio buttons and
// labels that switch panels with no script.
var tabsPage = `<div class="tabset">
<input type="radio" class="tab-input" name="tabset-1" id="tabset-1-1" checked>
<label class="tab-label" for="tabset-1-1">Go tab</label>
<div class="tab-panel">
<p>Go tab body.</p>
</div>
<input type="radio" class="tab-input" name="tabset-1" id="tabset-1-2">
<label class="tab-label" for="tabset-1-2">Python tab</label>
<div class="tab-panel">
<p>Python tab body.</p>
</div>
</div>`

// A matrixCase is one construct in one form, named
// "construct/form": the notebook's cells (or, in mystMD, a MyST
// Markdown notebook's text, read by package textnotebook), what the page
// and the post must hold, what neither may, and the warning it must give
// ("" for none).
type matrixCase struct {
	name       string
	cells      []matrixCell
	mystMD     string
	page, post []string
	absent     []string
	warning    string
}

// statementCases are the theorem-like blocks of every kind, in Quarto's
// form (the id's prefix names the kind) and sphinx-proof's, each
// referred to.
func statementCases() []matrixCase {
	var cases []matrixCase
	for _, k := range []struct{ prefix, kind string }{
		{"thm", "theorem"}, {"lem", "lemma"}, {"cor", "corollary"}, {"prp", "proposition"}, {"cnj", "conjecture"},
		{"def", "definition"}, {"exm", "example"}, {"exr", "exercise"}, {"sol", "solution"}, {"rem", "remark"},
	} {
		label, name := k.prefix+"-a", strings.ToUpper(k.kind[:1])+k.kind[1:]
		page := []string{`id="` + label + `"`, `<strong class="theorem-lead">` + name + ` 1 (Named).</strong> Statement of the ` + k.kind + `.`,
			`See <a class="ref" href="#` + label + `">` + name + "\u00a01</a>."}
		post := []string{`<a id="` + label + `"></a>**` + name + ` 1 (Named).** Statement of the ` + k.kind + `.`, "See [" + name + "\u00a01](#" + label + ")."}
		myst := matrixCase{name: "statement/" + k.kind + "/myst", page: page, post: post,
			cells: []matrixCell{md(":::{prf:" + k.kind + "} Named\n:label: " + label + "\nStatement of the " + k.kind + ".\n:::\n\nSee {prf:ref}`" + label + "`.")}}
		if k.kind == "solution" {
			// A solution's argument names the exercise it solves; it has
			// no number of its own, and a reference to it reads as
			// mystmd 1.8.3's JATS reads it, "Solution to Exercise 1".
			myst = matrixCase{name: "statement/solution/myst",
				cells: []matrixCell{md(":::{prf:exercise} Named\n:label: exr-a\nStatement of the exercise.\n:::\n\n:::{prf:solution} exr-a\n:label: sol-a\nStatement of the solution.\n:::\n\nSee {prf:ref}`sol-a` and [](#sol-a).")},
				page:  []string{`<div id="sol-a" class="theorem solution">`, "<strong class=\"theorem-lead\">Solution to <a href=\"#exr-a\">Exercise\u00a01</a>.</strong> Statement of the solution.", "See <a class=\"ref\" href=\"#sol-a\">Solution to Exercise\u00a01</a> and <a class=\"ref\" href=\"#sol-a\">Solution to Exercise\u00a01</a>."},
				post:  []string{"<a id=\"sol-a\"></a>**Solution to [Exercise\u00a01](#exr-a).** Statement of the solution.", "See [Solution to Exercise\u00a01](#sol-a) and [Solution to Exercise\u00a01](#sol-a)."}}
		}
		cases = append(cases,
			matrixCase{name: "statement/" + k.kind + "/quarto", page: page, post: post,
				cells: []matrixCell{md("::: {#" + label + " name=\"Named\"}\nStatement of the " + k.kind + ".\n:::\n\nSee @" + label + ".")}},
			myst)
	}
	return cases
}

// matrixCases are issue 31's constructs, each in the forms Quarto and
// MyST write it ("gfm" for GitHub's alerts, "tex" for LaTeX inside
// math, "nbformat" for what neither names).
var matrixCases = append(append(statementCases(), floatCases()...), []matrixCase{
	{name: "proof/quarto", cells: []matrixCell{md("::: {.proof}\nBy induction on the options.\n:::")},
		page: []string{`<div class="theorem proof">`, `<strong class="theorem-lead">Proof.</strong> By induction on the options.`},
		post: []string{"**Proof.** By induction on the options. ∎"}},
	{name: "proof/myst", cells: []matrixCell{md(":::{prf:proof}\nBy induction on the options.\n:::")},
		page: []string{`<div class="theorem proof">`, `<strong class="theorem-lead">Proof.</strong> By induction on the options.`},
		post: []string{"**Proof.** By induction on the options. ∎"}},
	{name: "callout/note/quarto", cells: []matrixCell{md("::: {.callout-note title=\"Read *this*\"}\nA note body.\n:::")},
		page: []string{"<div class=\"callout callout-note\">\n<div class=\"callout-title\">Read <em>this</em></div>", `<p>A note body.</p>`},
		post: []string{"> **Read *this***\n>\n> A note body."}},
	{name: "callout/tip/quarto", cells: []matrixCell{md("::: {.callout-tip collapse=\"true\"}\n## Hint title\nA folded tip body.\n:::")},
		page: []string{"<details class=\"callout callout-tip\">\n<summary class=\"callout-title\">Hint title</summary>", `<p>A folded tip body.</p>`},
		post: []string{"> **Hint title**\n>\n> A folded tip body."}},
	{name: "callout/warning/quarto", cells: []matrixCell{md("::: {.callout-warning collapse=\"false\" title=\"Open fold\"}\nAn open warning body.\n:::")},
		page: []string{"<details class=\"callout callout-warning\" open=\"\">\n<summary class=\"callout-title\">Open fold</summary>", `<p>An open warning body.</p>`},
		post: []string{"> **Open fold**\n>\n> An open warning body."}},
	{name: "callout/caution/quarto", cells: []matrixCell{md("::: {.callout-caution}\nA caution body.\n:::")},
		page: []string{"<div class=\"callout callout-caution\">\n<div class=\"callout-title\">Caution</div>", `<p>A caution body.</p>`},
		post: []string{"> **Caution**\n>\n> A caution body."}},
	{name: "callout/important/quarto", cells: []matrixCell{md("::: {.callout-important title=\"Mind\" collapse=\"true\"}\nAn important body.\n:::")},
		page: []string{"<details class=\"callout callout-important\">\n<summary class=\"callout-title\">Mind</summary>", `<p>An important body.</p>`},
		post: []string{"> **Mind**\n>\n> An important body."}},
	{name: "admonition/colon/myst", cells: []matrixCell{md(":::{note}\nA colon note body.\n:::")},
		page: []string{"<div class=\"callout callout-note\">\n<div class=\"callout-title\">Note</div>", `<p>A colon note body.</p>`},
		post: []string{"> **Note**\n>\n> A colon note body."}},
	{name: "admonition/backtick/myst", cells: []matrixCell{md("```{warning} Titled warning\nA backtick warning body.\n```")},
		page: []string{"<div class=\"callout callout-warning\">\n<div class=\"callout-title\">Titled warning</div>", `<p>A backtick warning body.</p>`},
		post: []string{"> **Titled warning**\n>\n> A backtick warning body."}},
	{name: "admonition/dropdown-class/myst", cells: []matrixCell{md("```{admonition} Drop title\n:class: dropdown\nA dropdown body.\n```")},
		page: []string{"<details class=\"callout\">\n<summary class=\"callout-title\">Drop title</summary>", `<p>A dropdown body.</p>`},
		post: []string{"> **Drop title**\n>\n> A dropdown body."}},
	{name: "admonition/dropdown/myst", cells: []matrixCell{md(":::{dropdown} Drop directive\nA dropdown directive body.\n:::")},
		page: []string{"<details class=\"callout\">\n<summary class=\"callout-title\">Drop directive</summary>", `<p>A dropdown directive body.</p>`},
		post: []string{"> **Drop directive**\n>\n> A dropdown directive body."}},
	{name: "alert/gfm", cells: []matrixCell{md("> [!NOTE]\n> A note alert.\n\n> [!TIP]\n> A tip alert.\n\n> [!IMPORTANT]\n> An important alert.\n\n> [!WARNING]\n> A warning alert.\n\n> [!CAUTION]\n> A caution alert.")},
		page: []string{"<div class=\"callout callout-note\">\n<div class=\"callout-title\">Note</div>", "<div class=\"callout callout-tip\">\n<div class=\"callout-title\">Tip</div>", "<div class=\"callout callout-important\">\n<div class=\"callout-title\">Important</div>", "<div class=\"callout callout-warning\">\n<div class=\"callout-title\">Warning</div>", "<div class=\"callout callout-caution\">\n<div class=\"callout-title\">Caution</div>", `<p>A caution alert.</p>`},
		post: []string{"> **Note**\n>\n> A note alert.", "> **Tip**\n>\n> A tip alert.", "> **Important**\n>\n> An important alert.", "> **Warning**\n>\n> A warning alert.", "> **Caution**\n>\n> A caution alert."}},
	{name: "folded-solution/quarto", cells: []matrixCell{md("::: {#exr-one}\nCompute $g(5)$.\n:::\n\n::: {.callout-tip collapse=\"true\"}\n## Solution\nIt is 2.\n:::")},
		page: []string{`<strong class="theorem-lead">Exercise 1.</strong> Compute`, "<details class=\"callout callout-tip\">\n<summary class=\"callout-title\">Solution</summary>", `<p>It is 2.</p>`},
		post: []string{"<a id=\"exr-one\"></a>**Exercise 1.** Compute $g(5)$.", "> **Solution**\n>\n> It is 2."}},
	{name: "folded-solution/myst", cells: []matrixCell{md(":::{prf:exercise}\n:label: exr-one\nCompute $g(5)$.\n:::\n\n:::{prf:solution} exr-one\n:class: dropdown\nIt is 2.\n:::")},
		page: []string{`<strong class="theorem-lead">Exercise 1.</strong> Compute`, `<details class="theorem solution"><summary>Solution</summary>`, "Solution to <a href=\"#exr-one\">Exercise\u00a01</a>.</strong> It is 2.</p>\n</details>"},
		post: []string{"<a id=\"exr-one\"></a>**Exercise 1.** Compute $g(5)$.", "**Solution to [Exercise\u00a01](#exr-one).** It is 2."}},
	{name: "solution-of-nothing/myst", cells: []matrixCell{md(":::{prf:solution} Nothing\nLost.\n:::")}, warning: "Nothing",
		page: []string{"<strong class=\"theorem-lead\">Solution to <mark class=\"ref-missing\" title=\"no target has this label\">Nothing</mark>.</strong> Lost."},
		post: []string{"**Solution to <mark class=\"ref-missing\">Nothing</mark>.** Lost."}},
	{name: "equation/quarto", cells: []matrixCell{md("$$\nE = mc^2\n$$ {#eq-energy}\n\nBy @eq-energy and [-@eq-energy].")},
		page: []string{`id="eq-energy"`, `<annotation encoding="application/x-tex">E = mc^2\tag{1}</annotation>`, "By <a class=\"ref\" href=\"#eq-energy\">Equation\u00a01</a> and <a class=\"ref\" href=\"#eq-energy\">1</a>."},
		post: []string{"<a id=\"eq-energy\"></a>\n\n$$\nE = mc^2 \\tag{1}\\label{eq-energy}\n$$", "By [Equation\u00a01](#eq-energy) and [1](#eq-energy)."}},
	{name: "equation/myst", cells: []matrixCell{md("```{math}\n:label: eq-energy\nE = mc^2\n```\n\nBy {eq}`eq-energy` and {numref}`eq-energy`.")},
		page: []string{`id="eq-energy"`, `<span class="equation-number">(1)</span>`, `By <a class="ref" href="#eq-energy">(1)</a> and <a class="ref" href="#eq-energy">(1)</a>.`},
		post: []string{"<a id=\"eq-energy\"></a>\n\n$$\nE = mc^2\n\\tag{1}\\label{eq-energy}\n$$", "By [(1)](#eq-energy) and [(1)](#eq-energy)."}},
	{name: "equation/tex", cells: []matrixCell{md("$$\n\\begin{equation}\\label{eq:tex} a = b \\end{equation}\n$$\n\nBy $\\eqref{eq:tex}$.")},
		page: []string{`<span class="math-tag"`, `<mtext>(1)</mtext></math></span></span></div>`, `<span class="equation-anchor" id="eq:tex"></span>`, `<semantics><mtext><a href="#eq:tex">(1)</a></mtext><annotation encoding="application/x-tex">\eqref{eq:tex}</annotation>`},
		post: []string{"<a id=\"eq:tex\"></a>\n\n$$\n\\begin{equation}\\label{eq:tex} a = b\\tag{1} \\end{equation}\n$$", "By $\\eqref{eq:tex}$."}},
	{name: "table/quarto", cells: []matrixCell{md("| n | g |\n|---|---|\n| 1 | 1 |\n\n: Values of *g* {#tbl-values}\n\nIn @tbl-values.")},
		page: []string{"<figure class=\"table\" id=\"tbl-values\">\n<figcaption>Table 1: Values of <em>g</em></figcaption>\n<table>", "In <a class=\"ref\" href=\"#tbl-values\">Table\u00a01</a>."},
		post: []string{"<a id=\"tbl-values\"></a>Table 1: Values of *g*\n\n| n | g |", "In [Table\u00a01](#tbl-values)."}},
	{name: "table/quarto-cell", cells: []matrixCell{code("#| label: tbl-cell\n#| tbl-cap: Values of *g*\ntable()", "", out("text/html", "<table><tr><td>cell table</td></tr></table>")), md("In @tbl-cell.")},
		page: []string{"<figure class=\"output glued\" id=\"tbl-cell\">\n<figcaption>Table 1: Values of <em>g</em></figcaption>\n<div class=\"output html\"><table>", "In <a class=\"ref\" href=\"#tbl-cell\">Table\u00a01</a>."},
		post: []string{"<a id=\"tbl-cell\"></a>\n\n_Table 1: Values of *g*_\n\n<div>\n<table>", "In [Table\u00a01](#tbl-cell)."}},
	{name: "table/myst", cells: []matrixCell{md(":::{table} Values of *g*\n:name: tbl-values\n| n | g |\n|---|---|\n| 1 | 1 |\n:::\n\nIn {numref}`tbl-values`.")},
		page: []string{"<figure id=\"tbl-values\" class=\"table-block\">\n<figcaption class=\"table-caption\"><span class=\"caption-number\">Table 1:</span> Values of <em>g</em></figcaption>\n<table>", "In <a class=\"ref\" href=\"#tbl-values\">Table\u00a01</a>."},
		post: []string{"<a id=\"tbl-values\"></a>**Table 1:** Values of *g*\n\n| n | g |", "In [Table\u00a01](#tbl-values)."}},
	{name: "section/quarto", cells: []matrixCell{md("## Intro {#sec-intro}\n\nSee @sec-intro.")},
		page: []string{`<h2 id="sec-intro">Intro `, `See <a class="ref" href="#sec-intro">Intro</a>.`},
		post: []string{"## Intro {#sec-intro}", "See [Intro](#sec-intro)."}},
	{name: "section/myst", cells: []matrixCell{md("(sec-intro)=\n## Intro\n\nSee {ref}`sec-intro` and [](#sec-intro).")},
		page:   []string{`<h2 id="sec-intro">Intro <a class="anchor" href="#sec-intro">#</a></h2>`, `See <a class="ref" href="#sec-intro">Intro</a> and <a class="ref" href="#sec-intro">Intro</a>.`},
		absent: []string{`href="#intro"`},
		post:   []string{"<a id=\"sec-intro\"></a>\n## Intro", "See [Intro](#sec-intro) and [Intro](#sec-intro)."}},
	{name: "figure/quarto", cells: []matrixCell{code("#| label: fig-plot\n#| fig-cap: The values\nplot()", "", out("image/png", matrixPNG)), md("See @fig-plot.")},
		page: []string{"<figure class=\"output image\" id=\"fig-plot\"><img src=\"data:image/png;base64,iVBORw0KGgo=\" alt=\"The values\">\n<figcaption>Figure 1: The values</figcaption></figure>", "See <a class=\"ref\" href=\"#fig-plot\">Figure\u00a01</a>."},
		post: []string{"<a id=\"fig-plot\"></a>![The values](matrix_files/", "*Figure 1: The values*", "See [Figure\u00a01](#fig-plot)."}},
	{name: "figure/myst", cells: []matrixCell{md(":::{figure} fish.png\n:name: fig-fish\n:alt: A fish\nThe fish.\n:::\n\nSee {numref}`fig-fish` and [](#fig-fish).")},
		page: []string{"<figure id=\"fig-fish\" class=\"figure\"><img src=\"fish.png\" alt=\"A fish\">\n<figcaption><span class=\"caption-number\">Figure 1:</span> <p>The fish.</p>", "See <a class=\"ref\" href=\"#fig-fish\">Figure\u00a01</a> and <a class=\"ref\" href=\"#fig-fish\">Figure\u00a01</a>."},
		post: []string{"<a id=\"fig-fish\"></a>![A fish](fish.png)", "*Figure 1:* The fish.", "See [Figure\u00a01](#fig-fish) and [Figure\u00a01](#fig-fish)."}},
	{name: "figure/myst-class-legend", cells: []matrixCell{md(":::{figure} fish.png\n:name: fig-fish\n:class: shadow\n:figclass: wide\nThe fish.\n\nIts legend.\n:::\n\nSee [](#fig-fish).")},
		page:   []string{"<figure id=\"fig-fish\" class=\"figure wide\"><img src=\"fish.png\" alt=\"\" class=\"shadow\">\n<figcaption><span class=\"caption-number\">Figure 1:</span> <p>The fish.</p>\n</figcaption>\n<div class=\"legend\">\n<p>Its legend.</p>\n</div>\n</figure>", "See <a class=\"ref\" href=\"#fig-fish\">Figure\u00a01</a>."},
		post:   []string{"<a id=\"fig-fish\"></a><img src=\"fish.png\" alt=\"\" class=\"shadow\">\n\n*Figure 1:* The fish.\n\nIts legend.", "See [Figure\u00a01](#fig-fish)."},
		absent: []string{":class:", ":figclass:"}},
	{name: "glossary/myst", cells: []matrixCell{md(":::{glossary}\nGrundy value\n: The mex of the options' values.\n:::\n\n```{glossary}\nNim sum\n  The XOR of heap sizes.\n```"), md("The {term}`Grundy value` and {term}`sums <nim sum>`, not {term}`Missing`.")},
		page:   []string{"<dl class=\"glossary\">\n<dt id=\"term-grundy-value\">Grundy value</dt>\n<dd>\n<p>The mex of the options' values.</p>", "<dt id=\"term-nim-sum\">Nim sum</dt>", "The <a class=\"ref\" href=\"#term-grundy-value\">Grundy value</a> and <a class=\"ref\" href=\"#term-nim-sum\">sums</a>, not <mark class=\"ref-missing\""},
		post:   []string{"<a id=\"term-grundy-value\"></a>Grundy value\n: The mex of the options' values.", "<a id=\"term-nim-sum\"></a>Nim sum\n: The XOR of heap sizes.", "The [Grundy value](#term-grundy-value) and [sums](#term-nim-sum), not <mark class=\"ref-missing\">"},
		absent: []string{"directive-unknown", "{glossary}", "{term}`Grundy"}, warning: "cell 2: term \"Missing\": no glossary defines it"},
	{name: "glossary/myst-hostile", cells: []matrixCell{md("```{glossary}\n<script>alert(1)</script>\n  <img src=x onerror=alert(1)>\n```\n\n{term}`x <\"><script>>`")},
		page:   []string{"<dl class=\"glossary\">"},
		post:   []string{"<a id=\"term-alert-1\"></a>"},
		absent: []string{"<script>", "onerror"}, warning: "cell 1: term \"x <\\\"><script>>\": no glossary defines it"},
	{name: "download/myst", cells: []matrixCell{md("Get {download}`table.csv` or {download}`the notes <notes/a b.md>`.")},
		page:   []string{"Get <a class=\"download\" href=\"table.csv\" download>table.csv</a> or <a class=\"download\" href=\"notes/a%20b.md\" download>the notes</a>."},
		post:   []string{"Get [table.csv](table.csv) or [the notes](notes/a%20b.md)."},
		absent: []string{"{download}"}},
	{name: "download/myst-hostile", cells: []matrixCell{md("{download}`../../etc/passwd` {download}`x <javascript:alert(1)>` {download}`<script>alert(1)</script> <a.zip>`")},
		page:    []string{"<mark class=\"download-refused\"", "&lt;script&gt;alert(1)&lt;/script&gt;</a>"},
		post:    []string{"<mark class=\"download-refused\">"},
		absent:  []string{"<script>", "href=\"javascript", "](javascript", "href=\"../"},
		warning: "only a relative path inside the notebook's folder is linked"},
	{name: "image/myst", cells: []matrixCell{md("```{list-table} Fish\n:name: tbl-fish\n* - ```{image} fish.png\n    :name: img-fish\n    :alt: A fish\n    :width: 200px\n    :align: center\n    :class: shadow\n    ```\n  - A fish.\n```\n\nSee {ref}`img-fish`, {numref}`img-fish`, [](#img-fish) and {numref}`Table %s <tbl-fish>`.")},
		page:   []string{"<td><div id=\"img-fish\" class=\"image align-center\"><img src=\"fish.png\" alt=\"A fish\" class=\"shadow\" style=\"width: 200px\">\n</div>", "See <a class=\"ref\" href=\"#img-fish\">Image</a>, <a class=\"ref\" href=\"#img-fish\">Image</a>, <a class=\"ref\" href=\"#img-fish\">Image</a> and <a class=\"ref\" href=\"#tbl-fish\">Table 1</a>."},
		post:   []string{"<a id=\"img-fish\"></a><img src=\"fish.png\" alt=\"A fish\" class=\"shadow\" width=\"200\">", "See [Image](#img-fish), [Image](#img-fish), [Image](#img-fish) and [Table 1](#tbl-fish)."},
		absent: []string{"Figure", ":align:", "directive-unknown"}},
	{name: "image/myst-hostile", cells: []matrixCell{md("```{image} ../secret.png\n:name: img-x\n:alt: \"><script>alert(1)</script>\n:width: 1px;background:red\n:align: top\" onload=\"x\n:class: a\"b\nKept body.\n```\n\n[](#img-x)")},
		page:   []string{"<div id=\"img-x\" class=\"image\"><p class=\"figure-refused\">", "not a file beside the notebook.</p>\n<p>Kept body.</p>\n</div>", "<a class=\"ref\" href=\"#img-x\">Image</a>"},
		post:   []string{"<a id=\"img-x\"></a>(The image is not shown: its path is not a file beside the notebook.)\n\nKept body.\n", "[Image](#img-x)"},
		absent: []string{"secret", "<script>", "background", "onload", "a\"b"}},
	{name: "index/myst", cells: []matrixCell{md("```{index} Grundy value\n:name: idx-grundy\n```\n\nThe Grundy value of a position.\n\n````{example}\n```{index} Index names\n:name: index-names\n```\n````\n\nSee {ref}`idx-grundy`, [](#idx-grundy) and {ref}`See index names <index-names>`.")},
		page:   []string{"<div id=\"idx-grundy\" class=\"target\"></div>\n<p>The Grundy value of a position.</p>", "<div id=\"index-names\" class=\"target\"></div>", "See <a class=\"ref\" href=\"#idx-grundy\">Paragraph</a>, <a class=\"ref\" href=\"#idx-grundy\">Paragraph</a> and <a class=\"ref\" href=\"#index-names\">See index names</a>."},
		post:   []string{"<a id=\"idx-grundy\"></a>\n\nThe Grundy value of a position.", "<a id=\"index-names\"></a>", "See [Paragraph](#idx-grundy), [Paragraph](#idx-grundy) and [See index names](#index-names)."},
		absent: []string{"Grundy value\n", "Index names", "directive-unknown"}},
	{name: "eval-figure/myst", cells: []matrixCell{md("```{eval:figure} my_plot\n:name: fig-eval\nMy plot of the values.\n```\n\nSee {numref}`fig-eval`, {ref}`fig-eval` and [](#fig-eval).")},
		page:   []string{"<figure id=\"fig-eval\" class=\"figure\"><p class=\"figure-refused\">The image is the value of <code>my_plot</code>, which is not evaluated here.</p>\n<figcaption><span class=\"caption-number\">Figure 1:</span> <p>My plot of the values.</p>", "See <a class=\"ref\" href=\"#fig-eval\">Figure\u00a01</a>, <a class=\"ref\" href=\"#fig-eval\">Figure\u00a01</a> and <a class=\"ref\" href=\"#fig-eval\">Figure\u00a01</a>."},
		post:   []string{"<a id=\"fig-eval\"></a>(The image is the value of an expression, which is not evaluated here.)", "*Figure 1:* My plot of the values.", "See [Figure\u00a01](#fig-eval), [Figure\u00a01](#fig-eval) and [Figure\u00a01](#fig-eval)."},
		absent: []string{"directive-unknown"}},
	{name: "eval-figure/myst-options", cells: []matrixCell{md("```{eval:figure} my_plot\n:name: fig-eval\n:figwidth: 70%\n:figclass: wide\n:align: left\n:alt: The values, plotted\n:width: 300px\n:class: shadow\nMy plot.\n```\n\nSee {numref}`fig-eval`.")},
		page:   []string{"<figure id=\"fig-eval\" class=\"figure wide align-left\" style=\"width: 70%\"><p class=\"figure-refused\">The image, “The values, plotted”, is the value of <code>my_plot</code>, which is not evaluated here.</p>", "<span class=\"caption-number\">Figure 1:</span> <p>My plot.</p>", "See <a class=\"ref\" href=\"#fig-eval\">Figure\u00a01</a>."},
		post:   []string{"<a id=\"fig-eval\"></a>(The image, “The values, plotted”, is the value of an expression, which is not evaluated here.)", "*Figure 1:* My plot.", "See [Figure\u00a01](#fig-eval)."},
		absent: []string{"directive-unknown", "shadow", ":figwidth:"}},
	{name: "figure/quarto-markdown", cells: []matrixCell{code("#| label: fig-plot\n#| fig-cap: The values\nplot()", "", out("image/png", matrixPNG)), md("![The *fish*](fish.png){#fig-fish fig-alt=\"A fish\" width=50% .wide}\n\nSee @fig-fish and @fig-plot.")},
		page:   []string{"<figure id=\"fig-fish\" class=\"figure wide\" style=\"width: 50%\">\n<img src=\"fish.png\" alt=\"A fish\">\n<figcaption><span class=\"caption-number\">Figure 2:</span> The <em>fish</em></figcaption>\n</figure>", "See <a class=\"ref\" href=\"#fig-fish\">Figure\u00a02</a> and <a class=\"ref\" href=\"#fig-plot\">Figure\u00a01</a>."},
		post:   []string{"<a id=\"fig-fish\"></a><img src=\"fish.png\" alt=\"A fish\" width=\"50%\">\n\n*Figure 2:* The *fish*", "See [Figure\u00a02](#fig-fish) and [Figure\u00a01](#fig-plot)."},
		absent: []string{"{#fig-fish", "fig-alt", "?@fig"}},
	{name: "figure/quarto-markdown-hostile", cells: []matrixCell{md("![A <b>\"fish\"</b>](fish.png){#fig-\"x .a\"b width=\"1px;background:red\" fig-alt=\"\\\"><script>\"}")},
		page:   []string{"<figure class=\"figure\">\n<img src=\"fish.png\" alt=\"&quot;&gt;&lt;script&gt;\">\n<figcaption>A <b>&quot;fish&quot;</b></figcaption>"},
		post:   []string{"![\"\\>\\<script\\>](fish.png)"},
		absent: []string{"<script>", "background", "{#fig"}},
	{name: "link/myst", cells: []matrixCell{md("(tgt)=\n### Target\n\nSee [](#tgt) and [the target](#tgt).")},
		page: []string{`<h3 id="tgt">Target `, `See <a class="ref" href="#tgt">Target</a> and <a href="#tgt">the target</a>.`},
		post: []string{"<a id=\"tgt\"></a>\n### Target", "See [Target](#tgt) and [the target](#tgt)."}},
	{name: "ref/myst", cells: []matrixCell{md("(tgt)=\n### Target\n\nSee {ref}`tgt` and {ref}`text <tgt>`.")},
		page: []string{`<h3 id="tgt">Target `, `See <a class="ref" href="#tgt">Target</a> and <a class="ref" href="#tgt">text</a>.`},
		post: []string{"<a id=\"tgt\"></a>\n### Target", "See [Target](#tgt) and [text](#tgt)."}},
	{name: "numref/myst", cells: []matrixCell{md(":::{figure} fish.png\n:name: fig-fish\nThe fish.\n:::\n\nSee {numref}`fig-fish` and {numref}`Fig. %s <fig-fish>` and {numref}`Fig. {number} <fig-fish>`.")},
		page: []string{"See <a class=\"ref\" href=\"#fig-fish\">Figure\u00a01</a> and <a class=\"ref\" href=\"#fig-fish\">Fig. 1</a> and <a class=\"ref\" href=\"#fig-fish\">Fig. 1</a>."},
		post: []string{"See [Figure\u00a01](#fig-fish) and [Fig. 1](#fig-fish) and [Fig. 1](#fig-fish)."}},
	{name: "unresolved/quarto", cells: []matrixCell{md("See @thm-none.")}, warning: "thm-none", page: []string{`See <mark class="ref-missing" title="no target has this label">?@thm-none</mark>.`}, post: []string{"See <mark class=\"ref-missing\">?@thm-none</mark>."}},
	{name: "unresolved/myst", cells: []matrixCell{md("See {numref}`fig-none` and {prf:ref}`thm-none` and [](#nowhere).")}, warning: "fig-none", page: []string{`<mark class="ref-missing" title="no target has this label">{numref}` + "`fig-none`" + `</mark>`, `<mark class="ref-missing" title="no target has this label">{prf:ref}` + "`thm-none`" + `</mark>`, `<mark class="ref-missing" title="no target has this label">[](#nowhere)</mark>`}, post: []string{"See <mark class=\"ref-missing\">\\{numref\\}\\`fig-none\\`</mark> and <mark class=\"ref-missing\">\\{prf:ref\\}\\`thm-none\\`</mark> and <mark class=\"ref-missing\">\\[\\](\\#nowhere)</mark>."}},
	{name: "cite/bracket/quarto", cells: []matrixCell{md("As shown [@knuth1984].")},
		page: []string{`As shown <span class="citation">(<a href="#ref-knuth1984">Knuth 1984</a>)</span>.`, refsPage, knuthEntry},
		post: []string{"As shown ([Knuth 1984](#ref-knuth1984)).", refsPost, knuthPost}},
	{name: "cite/bare/quarto", cells: []matrixCell{md("As @knuth1984 shows.")},
		page: []string{`As <span class="citation">Knuth (<a href="#ref-knuth1984">1984</a>)</span> shows.`, refsPage, knuthEntry},
		post: []string{"As Knuth ([1984](#ref-knuth1984)) shows.", refsPost, knuthPost}},
	{name: "cite/suppress/quarto", cells: []matrixCell{md("Knuth says so [-@knuth1984].")},
		page: []string{`Knuth says so <span class="citation">(<a href="#ref-knuth1984">1984</a>)</span>.`, refsPage, knuthEntry},
		post: []string{"Knuth says so ([1984](#ref-knuth1984)).", refsPost, knuthPost}},
	{name: "cite/list/quarto", cells: []matrixCell{md("As shown [@knuth1984; @berlekamp1982, p. 3].")},
		page: []string{`As shown <span class="citation">(<a href="#ref-knuth1984">Knuth 1984</a>; <a href="#ref-berlekamp1982">Berlekamp, Conway, and Guy 1982, 3</a>)</span>.`, refsPage + "berlekamp1982\">Berlekamp, Elwyn R., John H. Conway, and Richard K. Guy. 1982. <em>Winning Ways for Your Mathematical Plays</em>. Academic Press.</div>\n" + knuthEntry},
		post: []string{"As shown ([Knuth 1984](#ref-knuth1984); [Berlekamp, Conway, and Guy 1982, 3](#ref-berlekamp1982)).", "## References\n\n<a id=\"ref-berlekamp1982\"></a>Berlekamp, Elwyn R., John H. Conway, and Richard K. Guy. 1982. *Winning Ways for Your Mathematical Plays*. Academic Press.\n\n<a id=\"ref-knuth1984\">"}},
	{name: "cite/cite/myst", cells: []matrixCell{md("As shown {cite}`knuth1984`.")},
		page: []string{`As shown <span class="citation">(<a href="#ref-knuth1984">Knuth 1984</a>)</span>.`, refsPage, knuthEntry},
		post: []string{"As shown ([Knuth 1984](#ref-knuth1984)).", refsPost, knuthPost}},
	{name: "cite/cite-p/myst", cells: []matrixCell{md("As shown {cite:p}`knuth1984,berlekamp1982`.")},
		page: []string{`As shown <span class="citation">(<a href="#ref-knuth1984">Knuth 1984</a>; <a href="#ref-berlekamp1982">Berlekamp, Conway, and Guy 1982</a>)</span>.`, refsPage, knuthEntry},
		post: []string{"As shown ([Knuth 1984](#ref-knuth1984); [Berlekamp, Conway, and Guy 1982](#ref-berlekamp1982)).", refsPost, knuthPost}},
	{name: "cite/cite-t/myst", cells: []matrixCell{md("As {cite:t}`knuth1984` shows.")},
		page: []string{`As <span class="citation">Knuth (<a href="#ref-knuth1984">1984</a>)</span> shows.`, refsPage, knuthEntry},
		post: []string{"As Knuth ([1984](#ref-knuth1984)) shows.", refsPost, knuthPost}},
	{name: "tabset/quarto", cells: []matrixCell{md("::: {.panel-tabset}\n## Go tab\nGo tab body.\n## Python tab\nPython tab body.\n:::")},
		page: []string{tabsPage},
		post: []string{"## Go tab\nGo tab body.\n## Python tab\nPython tab body."}},
	{name: "tabset/myst", cells: []matrixCell{md("::::{tab-set}\n:::{tab-item} Go tab\nGo tab body.\n:::\n:::{tab-item} Python tab\nPython tab body.\n:::\n::::")},
		page: []string{tabsPage},
		post: []string{"**Go tab**\n\nGo tab body.\n\n\n**Python tab**\n\nPython tab body."}},
	{name: "deflist/quarto", cells: []matrixCell{md("Mex\n:   The least number not in a set.\n")},
		page: []string{"<dl>\n<dt>Mex</dt>\n<dd>The least number not in a set.</dd>\n</dl>"},
		post: []string{"Mex\n:   The least number not in a set."}},
	{name: "list-table/myst", cells: []matrixCell{md(":::{list-table} Values\n:header-rows: 1\n:name: tbl-list\n* - n\n  - g\n* - 1\n  - 1\n:::\n\nIn {numref}`tbl-list`.")},
		page: []string{"<figure id=\"tbl-list\" class=\"table-block\">\n<figcaption class=\"table-caption\"><span class=\"caption-number\">Table 1:</span> Values</figcaption>\n<table>\n<tr>\n<th>n</th>\n<th>g</th>\n</tr>\n<tr>\n<td>1</td>", "In <a class=\"ref\" href=\"#tbl-list\">Table\u00a01</a>."},
		post: []string{"<a id=\"tbl-list\"></a>**Table 1:** Values\n\n| n | g |\n| --- | --- |\n| 1 | 1 |", "In [Table\u00a01](#tbl-list)."}},
	{name: "eval/quarto", cells: []matrixCell{code("#| eval: false\nnever()", "")},
		page: []string{`<span class="n">never</span>`},
		post: []string{"```python\nnever()\n```"}},
	{name: "error/quarto", cells: []matrixCell{code("#| error: true\nfail()", "", &notebook.Output{Type: notebook.ErrorOutput, EName: "ValueError", EValue: "expected failure", Traceback: []string{"ValueError: expected failure"}})},
		page: []string{`<pre class="output error">ValueError: expected failure</pre>`},
		post: []string{"```\nValueError: expected failure\n```"}},
	{name: "error/myst", cells: []matrixCell{code("fail()", `{"tags": ["raises-exception"]}`, &notebook.Output{Type: notebook.ErrorOutput, EName: "ValueError", EValue: "expected failure", Traceback: []string{"ValueError: expected failure"}})},
		page: []string{`<pre class="output error">ValueError: expected failure</pre>`},
		post: []string{"```\nValueError: expected failure\n```"}},
	{name: "warning/quarto", cells: []matrixCell{code("#| warning: false\nwarn()", "", &notebook.Output{Type: notebook.Stream, Name: "stderr", Text: "/tmp/ipykernel_1/2.py:1: UserWarning: careful\n"}, &notebook.Output{Type: notebook.Stream, Name: "stdout", Text: "kept output\n"})}, page: []string{`<pre class="output stream stdout">kept output</pre>`}, post: []string{"```\nkept output\n```"},
		absent: []string{"UserWarning", "/tmp/"}},
	{name: "warning/myst", cells: []matrixCell{code("warn()", `{"tags": ["remove-stderr"]}`, &notebook.Output{Type: notebook.Stream, Name: "stderr", Text: "/tmp/ipykernel_1/2.py:1: UserWarning: careful\n"}, &notebook.Output{Type: notebook.Stream, Name: "stdout", Text: "kept output\n"})},
		page:   []string{`<pre class="output stream stdout">kept output</pre>`},
		post:   []string{"```\nkept output\n```"},
		absent: []string{"UserWarning", "/tmp/"}},
	{name: "remove-stdout/myst", cells: []matrixCell{code("warn()", `{"tags": ["remove-stdout"]}`, &notebook.Output{Type: notebook.Stream, Name: "stderr", Text: "kept warning\n"}, &notebook.Output{Type: notebook.Stream, Name: "stdout", Text: "dropped output\n"})},
		page:   []string{`<pre class="output stream stderr">kept warning</pre>`},
		post:   []string{"```\nkept warning\n```"},
		absent: []string{"dropped output"}},
	{name: "asis/quarto", cells: []matrixCell{code("#| output: asis\nprint('**bold** text')", "", &notebook.Output{Type: notebook.Stream, Name: "stdout", Text: "**bold** text\n"})},
		page:   []string{"<div class=\"output markdown\">\n<p><strong>bold</strong> text</p>\n</div>"},
		post:   []string{"```\n\n**bold** text\n"},
		absent: []string{"<pre class=\"output stream", "```\n**bold**"}},
	{name: "line-numbers/quarto", cells: []matrixCell{code("#| code-line-numbers: true\na = 1\nb = 2", "")},
		page: []string{`<span class="ln">1</span><span class="cl"><span class="n">a</span>`, `<span class="ln">2</span>`},
		post: []string{"```python\na = 1\nb = 2\n```"}},
	{name: "line-numbers/myst", cells: []matrixCell{code("a = 1\nb = 2", `{"mystnb": {"number_source_lines": true}}`)},
		page: []string{`<span class="ln">1</span><span class="cl"><span class="n">a</span>`, `<span class="ln">2</span>`},
		post: []string{"```python\na = 1\nb = 2\n```"}},
	{name: "fig-cap/quarto", cells: []matrixCell{code("#| label: fig-bold\n#| fig-cap: A **bold** caption\nplot()", "", out("image/png", matrixPNG))},
		page: []string{`<figure class="output image" id="fig-bold">`, `alt="A bold caption"`, "<figcaption>Figure 1: A <strong>bold</strong> caption</figcaption>"},
		post: []string{"<a id=\"fig-bold\"></a>![A bold caption](matrix_files/", "_Figure 1: A **bold** caption_"}},
	{name: "fig-cap/myst", cells: []matrixCell{code("plot()", `{"mystnb": {"figure": {"caption": "A **bold** caption", "name": "fun-fish"}}}`, out("image/png", matrixPNG)), md("[swim to the fish](fun-fish) or {numref}`fun-fish`.")},
		page: []string{`<figure class="output image" id="fun-fish">`, "<figcaption>Figure 1: A <strong>bold</strong> caption</figcaption>", "<a href=\"#fun-fish\">swim to the fish</a> or <a class=\"ref\" href=\"#fun-fish\">Figure\u00a01</a>."},
		post: []string{"<a id=\"fun-fish\"></a>![", "_Figure 1: A **bold** caption_", "[swim to the fish](#fun-fish) or [Figure\u00a01](#fun-fish).", "![A bold caption]("}},
	{name: "alt-hint/myst", cells: []matrixCell{code("plot()", `{"mystnb": {"image": {"width": "300px"}}}`, out("image/png", matrixPNG))}, warning: `{"mystnb": {"image": {"alt": `,
		page: []string{`<figure class="output image">`}, post: []string{`![Figure from cell 1](`}},
	{name: "alt-hint/quarto", cells: []matrixCell{code("#| label: fig-none\nplot()", "", out("image/png", matrixPNG))}, warning: `"#| fig-alt: what the figure shows"`,
		page: []string{`<figure class="output image" id="fig-none">`}, post: []string{`<a id="fig-none"></a>`}},
	{name: "mystnb-image/myst", cells: []matrixCell{code("plot()", `{"mystnb": {"image": {"width": "300px", "alt": "A fun fish", "classes": "shadow bg-primary"}}}`, out("image/png", matrixPNG))},
		page: []string{`<figure class="output image shadow bg-primary"><img src="data:image/png;base64,iVBORw0KGgo=" alt="A fun fish" width="300"></figure>`},
		post: []string{`<img src="matrix_files/4c4b6a3be1314ab86138bef4314dde02.png" alt="A fun fish" class="shadow bg-primary" width="300">`}},
	{name: "code-prompt-show/myst", cells: []matrixCell{code("x = 1", `{"tags": ["hide-input"], "mystnb": {"code_prompt_show": "Open the {type}"}}`)},
		page: []string{"<details class=\"fold source\"><summary>Open the source</summary>\n<pre class=\"chroma\">"},
		post: []string{"<details>\n<summary>Open the source</summary>\n\n<pre><code class=\"language-python\">x = 1</code></pre>\n\n</details>"}},
	{name: "glue-math/myst", cells: []matrixCell{code("glue('t', Math('y^2'))", "", glued("t", "text/latex", "$y^2$")), md(":::{glue:math} t\n:label: eq-glued\n:::\n\nSee {eq}`eq-glued`.")},
		page: []string{`<div class="output math" id="eq-glued">`, `<mtext>(1)</mtext></mtd>`, `See <a class="ref" href="#eq-glued">(1)</a>.`},
		post: []string{"<a id=\"eq-glued\"></a>\n\n$$\ny^2\\tag{1}\n$$", "See [(1)](#eq-glued)."}},
	{name: "unknown-mime/nbformat", cells: []matrixCell{code("x", "", out("application/x-unknown", "1"))}, warning: "cannot show", page: []string{`<p class="output note">An output of a type this page cannot show: &#34;application/x-unknown&#34;.</p>`}, post: []string{"> *An output of a type this page cannot show: \"application/x-unknown\".*"}},
	{name: "skip-execution/myst", cells: []matrixCell{code("never()", `{"tags": ["skip-execution"]}`, &notebook.Output{Type: notebook.Stream, Name: "stdout", Text: "stored output\n"})},
		page:   []string{`<span class="n">never</span>`, `<pre class="output stream stdout">stored output</pre>`},
		post:   []string{"```python\nnever()\n```", "```\nstored output\n```"},
		absent: []string{"skip-execution"}},
	{name: "code-summary/quarto", cells: []matrixCell{code("#| code-fold: true\n#| code-summary: The set-up\nx = 1", ""), code("#| code-fold: show\n#| code-summary: Shown set-up\ny = 2", "")},
		page: []string{"<details class=\"fold source\"><summary>The set-up</summary>", "<details class=\"fold source\" open><summary>Shown set-up</summary>"},
		post: []string{"<details>\n<summary>The set-up</summary>", "<details open=\"\">\n<summary>Shown set-up</summary>"}},
	{name: "deflist/myst", mystMD: mystNotebook("(sec-terms)=\n## Terms\n\nMex\n:   The least number not in a set.\n\nSee {ref}`sec-terms`."),
		page: []string{"<dl>\n<dt>Mex</dt>\n<dd>The least number not in a set.</dd>\n</dl>", `See <a class="ref" href="#sec-terms">Terms</a>.`},
		post: []string{"Mex\n:   The least number not in a set.", "See [Terms](#sec-terms)."}},
	{name: "alert/myst", mystMD: mystNotebook("(sec-alerts)=\n## Alerts\n\n> [!NOTE]\n> A note alert.\n\n> [!CAUTION]\n> A caution alert.\n\nSee {ref}`sec-alerts`."),
		page: []string{"<div class=\"callout callout-note\">\n<div class=\"callout-title\">Note</div>", "<div class=\"callout callout-caution\">\n<div class=\"callout-title\">Caution</div>", `<p>A caution alert.</p>`, `See <a class="ref" href="#sec-alerts">Alerts</a>.`},
		post: []string{"> **Note**\n>\n> A note alert.", "> **Caution**\n>\n> A caution alert.", "See [Alerts](#sec-alerts)."}},
	{name: "unknown-mime/myst", cells: []matrixCell{md("(sec-out)=\n## Output\n\nSee {ref}`sec-out`."), code("x", `{"tags": ["remove-input"]}`, out("application/x-unknown", "1"))}, warning: "cannot show",
		page:   []string{`<p class="output note">An output of a type this page cannot show: &#34;application/x-unknown&#34;.</p>`, `See <a class="ref" href="#sec-out">Output</a>.`},
		post:   []string{"> *An output of a type this page cannot show: \"application/x-unknown\".*", "See [Output](#sec-out)."},
		absent: []string{`<span class="n">x</span>`}},
}...)

// view is the reader's view of the case's notebook.
func (c matrixCase) view(t *testing.T) *report.View {
	t.Helper()
	if c.mystMD == "" {
		return matrixView(t, c.cells)
	}
	f, err := textnotebook.Parse("matrix.md", []byte(c.mystMD))
	if err != nil {
		t.Fatal(err)
	}
	return notebookView(t, f.Notebook)
}

// mystNotebook is a MyST Markdown notebook, as jupytext writes one, of
// the Markdown body and a code cell.
func mystNotebook(body string) string {
	return "---\njupytext:\n  text_representation:\n    format_name: myst\nkernelspec:\n  name: python3\n  display_name: Python 3\n---\n\n" +
		body + "\n\n```{code-cell} python\nx = 1\n```\n"
}

// hasMarkdown reports whether the case's notebook has Markdown, from
// which the reader tells MyST from Quarto.
func (c matrixCase) hasMarkdown() bool {
	return c.mystMD != "" || slices.ContainsFunc(c.cells, func(m matrixCell) bool { return !m.code })
}

// matrixView is the reader's view of a notebook of cells.
func matrixView(t *testing.T, cells []matrixCell) *report.View {
	t.Helper()
	nb := notebook.New()
	nb.Metadata["kernelspec"] = json.RawMessage(`{"name": "python3", "language": "python"}`)
	for _, c := range cells {
		cell := &notebook.Cell{Type: notebook.Markdown, Source: c.src, Metadata: notebook.Metadata{}}
		if c.code {
			cell.Type, cell.Outputs = notebook.Code, c.outs
		}
		if c.meta != "" {
			if err := json.Unmarshal([]byte(c.meta), &cell.Metadata); err != nil {
				t.Fatal(err)
			}
		}
		nb.Cells = append(nb.Cells, cell)
	}
	return notebookView(t, nb)
}

// notebookView is the reader's view of nb with matrixBib.
func notebookView(t *testing.T, nb *notebook.Notebook) *report.View {
	t.Helper()
	db, err := bib.Parse([]byte(matrixBib))
	if err != nil {
		t.Fatal(err)
	}
	v, err := report.NewView(nb, report.ViewOptions{Name: "matrix", ModTime: modTime, Bibliography: db})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// syntaxMarks are pieces of Quarto's and MyST's syntax that neither
// writer may leave as text.
var syntaxMarks = []string{":::", "```{", "{prf:", "{numref}", "{eq}", "{ref}", "{cite", "[!NOTE]", "[!TIP]", "[!WARNING]", ")=\n", "#|", "{.callout", "{#tbl", "{#eq"}

// TestMatrix renders each of issue 31's constructs, in each form it has,
// with both writers: the page (htmlpage.Render) and the post (Render)
// each hold what the case names, neither shows the construct's syntax
// as text (but a reference to nothing, which is marked), only the
// case's warning is given, naming its cell, and a MyST case with
// Markdown is read as MyST.
func TestMatrix(t *testing.T) {
	for _, tt := range matrixCases {
		t.Run(tt.name, func(t *testing.T) {
			v := tt.view(t)
			if strings.HasSuffix(tt.name, "/myst") && tt.hasMarkdown() && !v.Index.MyST {
				t.Error("the MyST case is not read as MyST")
			}
			page, err := htmlpage.Render(v, htmlpage.Options{})
			if err != nil {
				t.Fatal(err)
			}
			_, main, _ := strings.Cut(string(page), "<main>")
			_, post, _ := strings.Cut(strings.TrimPrefix(string(Render(v).Text), "---\n"), "\n---\n")
			for _, want := range tt.page {
				if !strings.Contains(main, want) {
					t.Errorf("page lacks\n%q\n%q", want, main)
				}
			}
			for _, want := range tt.post {
				if !strings.Contains(post, want) {
					t.Errorf("post lacks\n%q\n%q", want, post)
				}
			}
			for _, no := range tt.absent {
				if strings.Contains(main, no) || strings.Contains(post, no) {
					t.Errorf("%q shown:\n%s\n%s", no, main, post)
				}
			}
			if len(tt.page) == 0 || len(tt.post) == 0 {
				t.Error("the case names nothing to find")
			}
			if !strings.HasPrefix(tt.name, "unresolved/") {
				for _, mark := range syntaxMarks {
					if strings.Contains(main, mark) || strings.Contains(post, mark) {
						t.Errorf("%q shown as text:\n%s\n%s", mark, main, post)
					}
				}
			}
			warned := false
			for _, w := range v.Warnings {
				warned = warned || tt.warning != "" && strings.Contains(w.String(), tt.warning)
				if !strings.HasPrefix(w.String(), "cell ") {
					t.Errorf("warning %q names no cell", w)
				}
			}
			if tt.warning != "" && !warned || tt.warning == "" && len(v.Warnings) > 0 {
				t.Errorf("warnings %q, want one with %q", v.Warnings, tt.warning)
			}
		})
	}
}

// FuzzMatrix renders a Markdown cell, seeded with every Markdown cell of
// matrixCases, beside a labelled figure and with a bibliography, as a
// page and a post, and converts the post as each blog does: within
// fuzzBudget, no script and no load from outside the page's folder in
// any of them, and each at most a constant times the input in size.
func FuzzMatrix(f *testing.F) {
	for _, c := range matrixCases {
		if c.mystMD != "" {
			f.Add(c.mystMD)
		}
		for _, cell := range c.cells {
			if !cell.code {
				f.Add(cell.src)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 1<<14 {
			return
		}
		// A hang would stall the fuzzer without a word; crashing the
		// worker makes it keep the input as a failure.
		done := make(chan struct{})
		defer close(done)
		go func() {
			select {
			case <-done:
			case <-time.After(fuzzBudget):
				panic(fmt.Sprintf("rendering took more than %v", fuzzBudget))
			}
		}()
		v := matrixView(t, []matrixCell{md(src),
			code("#| label: fig-plot\n#| fig-cap: The values\nplot()", "", out("image/png", matrixPNG))})
		page, err := htmlpage.Render(v, htmlpage.Options{})
		if err != nil {
			return
		}
		post := Render(v).Text
		for _, p := range hostile.Check(page) {
			t.Errorf("page: %s", p)
		}
		docs := blogHTML(t, post)
		for blog, doc := range docs {
			for _, p := range hostile.Check(doc) {
				t.Errorf("%s: %s\npost:\n%s", blog, p, post)
			}
			if len(doc) > 200*len(src)+20000 {
				t.Errorf("%s: %d bytes of Markdown give %d", blog, len(src), len(doc))
			}
		}
		// The page's stylesheet and the figure are the same whatever the
		// cell holds.
		if len(page) > 200*len(src)+200000 || len(post) > 200*len(src)+20000 {
			t.Errorf("%d bytes of Markdown give a page of %d and a post of %d", len(src), len(page), len(post))
		}
	})
}

// TestMatrixMeta checks that a writeup's title and description read as
// the reader sees its text: no construct's syntax in the post's front
// matter or the page's head, and a heading inside a block (a callout, a
// tab, a theorem) never the title.
func TestMatrixMeta(t *testing.T) {
	for _, tt := range []struct {
		name, src, title, description string
	}{
		{"callout", "::: {.callout-note title=\"Read *this*\"}\nA note body.\n:::\n\n## Top", "Top", "Read this A note body."},
		{"callout-after-text", "Some text first.\n::: {.callout-note}\nA note body.\n:::", "matrix", "Some text first."},
		{"target-and-citations", "(sec-intro)=\n## Intro\n\nSee {ref}`sec-intro`, [@knuth1984] and {cite:t}`knuth1984`.", "Intro", "See Intro, (Knuth 1984) and Knuth (1984)."},
		{"table-caption", "| n | g |\n|---|---|\n| 1 | 1 |\n\n: Values of *g* {#tbl-values}\n\nIn @tbl-values the values.", "matrix", "In Table 1 the values."},
		{"labelled-equation", "$$\nE = mc^2\n$$ {#eq-energy}\n\nBy @eq-energy it holds.", "matrix", "By Equation 1 it holds."},
		{"folded-callout-heading", "::: {.callout-tip collapse=\"true\"}\n## Hint title\nA tip.\n:::\n\n## Real title\n\nText.", "Real title", "Hint title A tip."},
		{"tab-heading", "::: {.panel-tabset}\n## Go tab\nGo body.\n:::\n\nText.", "matrix", "Go tab Go body."},
		{"theorem-heading", "::: {#thm-a}\n## Named\nStatement.\n:::\n\n# The page", "The page", "Theorem 1 (Named). Statement."},
		{"lone-figure", "![A fish](fish.png){#fig-fish}\n\nText after @fig-fish.", "matrix", "Text after Figure 1."},
		{"float-figure", "::: {#fig-pair layout-ncol=2}\n![Left](l.png){#fig-pair-a}\n\nA *pair*\n:::\n\nText after @fig-pair-a.", "matrix", "Text after Figure 1 (a)."},
		{"text-then-float", "Text first.\n::: {#tbl-x}\n| a |\n|---|\n\nCap\n:::", "matrix", "Text first."},
		{"admonition-heading", ":::{note}\n## Inside\nBody.\n:::\n\n### Outside", "Outside", "Note Inside Body."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			v := matrixView(t, []matrixCell{md(tt.src)})
			if v.Meta.Title != tt.title || v.Meta.Summary != tt.description {
				t.Errorf("title %q, description %q; want %q, %q", v.Meta.Title, v.Meta.Summary, tt.title, tt.description)
			}
			page, err := htmlpage.Render(v, htmlpage.Options{})
			if err != nil {
				t.Fatal(err)
			}
			head, _, _ := strings.Cut(string(page), "<main>")
			front, _, _ := strings.Cut(strings.TrimPrefix(string(Render(v).Text), "---\n"), "\n---\n")
			for _, mark := range append(syntaxMarks, "(sec-intro)", "@knuth", "{#", "## ") {
				if strings.Contains(head, mark) || strings.Contains(front, mark) {
					t.Errorf("%q in the head or the front matter:\n%s\n%s", mark, head, front)
				}
			}
		})
	}
}
