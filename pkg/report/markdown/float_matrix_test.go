package markdown

// floatCases are Quarto's float divs (figures, tables and listings
// whose content is any Markdown and whose caption is its last
// paragraph) and subfigures, and grid tables' spans (Pandoc 3's); MyST's
// form of a figure and a table is its {figure} and {table} directive,
// in matrixCases; MyST has no grid tables.
func floatCases() []matrixCase {
	return []matrixCase{
		{name: "float-figure/quarto", cells: []matrixCell{md("::: {#fig-fish}\n![](fish.png)\n\nThe *fish*\n:::\n\nSee @fig-fish.")},
			page: []string{"<figure id=\"fig-fish\" class=\"float float-figure\">\n<div class=\"float-body\">\n<p><img src=\"fish.png\" alt=\"\"></p>\n</div>\n<figcaption><span class=\"caption-number\">Figure 1:</span> The <em>fish</em></figcaption>\n</figure>",
				"See <a class=\"ref\" href=\"#fig-fish\">Figure\u00a01</a>."},
			post:   []string{"<a id=\"fig-fish\"></a>\n\n![](fish.png)\n\n*Figure 1:* The *fish*", "See [Figure\u00a01](#fig-fish)."},
			absent: []string{"{#fig", "?@fig"}},
		{name: "subfigure/quarto", cells: []matrixCell{md("::: {#fig-pair layout-ncol=2}\n![Left](l.png){#fig-pair-a}\n\n![Right](r.png){#fig-pair-b}\n\nA pair\n:::\n\nSee @fig-pair, @fig-pair-b and -@fig-pair-a.")},
			page: []string{"<figure id=\"fig-pair\" class=\"float float-figure\">\n<div class=\"float-body\" style=\"grid-template-columns: repeat(2, minmax(0, 1fr))\">",
				"<figcaption><span class=\"caption-number\">(a)</span> Left</figcaption>", "<figcaption><span class=\"caption-number\">(b)</span> Right</figcaption>",
				"<figcaption><span class=\"caption-number\">Figure 1:</span> A pair</figcaption>",
				"See <a class=\"ref\" href=\"#fig-pair\">Figure\u00a01</a>, <a class=\"ref\" href=\"#fig-pair-b\">Figure\u00a01 (b)</a> and <a class=\"ref\" href=\"#fig-pair-a\">1 (a)</a>."},
			post: []string{"<a id=\"fig-pair-a\"></a>![Left](l.png)\n\n*(a)* Left", "<a id=\"fig-pair-b\"></a>![Right](r.png)\n\n*(b)* Right", "*Figure 1:* A pair",
				"See [Figure\u00a01](#fig-pair), [Figure\u00a01 (b)](#fig-pair-b) and [1 (a)](#fig-pair-a)."},
			absent: []string{"{#fig", "layout-ncol", "Figure 2"}},
		{name: "float-table/quarto", cells: []matrixCell{md("::: {#tbl-values}\n| n | g |\n|---|---|\n| 1 | 1 |\n\nValues of *g*\n:::\n\nIn @tbl-values.")},
			page: []string{"<figure id=\"tbl-values\" class=\"float float-table\">\n<figcaption><span class=\"caption-number\">Table 1:</span> Values of <em>g</em></figcaption>\n<div class=\"float-body\">\n<table>",
				"In <a class=\"ref\" href=\"#tbl-values\">Table\u00a01</a>."},
			post: []string{"<a id=\"tbl-values\"></a>\n\n*Table 1:* Values of *g*\n\n| n | g |", "In [Table\u00a01](#tbl-values)."}},
		{name: "float-listing/quarto", cells: []matrixCell{md("::: {#lst-sum}\n```go\nfunc sum() {}\n```\n\nThe sum\n:::\n\nIn @lst-sum.")},
			page: []string{"<figure id=\"lst-sum\" class=\"float float-listing\">\n<figcaption><span class=\"caption-number\">Listing 1:</span> The sum</figcaption>",
				"In <a class=\"ref\" href=\"#lst-sum\">Listing\u00a01</a>."},
			post: []string{"<a id=\"lst-sum\"></a>\n\n*Listing 1:* The sum\n\n```go\nfunc sum() {}\n```", "In [Listing\u00a01](#lst-sum)."}},
		{name: "grid-span/quarto", cells: []matrixCell{md("+---+---+---+\n| a | wide  |\n+===+===+===+\n| 1 | 2 | 3 |\n+---+---+   +\n| 4 | 5 |   |\n+---+---+---+\n")},
			page: []string{"<th>a</th>\n<th colspan=\"2\">wide</th>", "<td>2</td>\n<td rowspan=\"2\">3</td>", "<td>4</td>\n<td>5</td>\n</tr>"},
			post: []string{"| a | wide |   |\n| --- | --- | --- |\n| 1 | 2 | 3 |\n| 4 | 5 |   |\n"}},
		{name: "float-hostile/quarto", cells: []matrixCell{md("::: {#fig-x fig-cap=\"<script>alert(1)</script>\" layout-ncol=\"2);background:red\" onclick=\"b\" .a}\n<img src=x onerror=alert(1)>\n:::\n\n::: {#fig-<script>}\nx\n\n<b onclick=alert(1)>cap</b>\n:::\n\n@fig-x")},
			page:   []string{"<figure id=\"fig-x\" class=\"float float-figure a\">\n<div class=\"float-body\">", "<span class=\"caption-number\">Figure 1:</span>", "<a class=\"ref\" href=\"#fig-x\">Figure\u00a01</a>"},
			post:   []string{"<a id=\"fig-x\"></a>", "*Figure 1:*", "[Figure\u00a01](#fig-x)"},
			absent: []string{"<script>", "onerror", "onclick", "background"}},
	}
}
