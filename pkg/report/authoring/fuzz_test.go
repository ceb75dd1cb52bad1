package authoring

import (
	"strings"
	"testing"
)

// FuzzBlocks checks that any text, read with Blocks, renders and posts
// without a panic, with output bounded by its size, and that the post of
// text with no fence, alert, directive or grid table in it is the text
// itself.
func FuzzBlocks(f *testing.F) {
	for _, s := range []string{
		"::: {#thm-a name=\"T\"}\nx\n:::\n",
		"::: {.callout-note collapse=\"true\"}\n## T\nx\n:::\n",
		"::: {.panel-tabset}\n## A\na\n## B\nb\n:::\n",
		"::::{tab-set}\n:::{tab-item} A\na\n:::\n::::\n",
		"```{note} T\n:class: dropdown\nx\n```\n",
		":::{prf:proof}\n---\nlabel: p\n---\nx\n:::\n",
		":::{list-table} C\n:header-rows: 1\n* - a\n  - b\n:::\n",
		":::{figure} a.png\n:name: fig-a\ncap\n:::\n",
		"```{glossary}\nA\n  a\n\nB\n: b\n```\n\n{term}`A`\n",
		"::::{figure}\n:label: fig-ab\n(fig-a)=\n![A](a.png)\n\n![B](b.png)\n\nAll\n::::\n",
		"::: {#fig-x layout=\"[[1,-1,1],[1]]\"}\n![A](a.png){#fig-a}\n\n![B](b.png)\n\nAll\n:::\n",
		"```{math}\n:label: eq-a\nx\n```\n",
		"> [!NOTE]\n> x\n",
		"- ::: {.proof}\n  x\n  :::\n",
		"> :::{note}\n> x\n> :::\n",
		"+---+:--:+\n| a | b  |\n|   |  - c |\n+===+====+\n|     d | e |\n+---+----+\n",
		"- +---+\n  | a |\n  +---+\n",
		"+---+---+---+\n| a | b     |\n+===+   +---+\n| 漢 |   | c |\n+---+---+---+\n",
		"+---+---+\n| a | b |\n+---+ - +\n| c | d |\n+---+---+\n",
		"+---+---+\n| a | b |\n+===+==:+\n| c | d |\n+===+===+\n| e     |\n+===+===+\n",
		"+---+\n| a |\n+===+\n| b |\n+===+\n",
		":::: {#fig-a layout-ncol=2 fig-cap=\"c\"}\n::: {#fig-b}\nb\n\nB\n:::\n![i](i.png){#fig-c}\n::::\n",
		"+--------+\n| ::: {} |\n| # h {} |\n| :::    |\n+--------+\n",
		"```{list-table}\n* - ```{image} a.png\n    :name: img-a\n    :align: center\n    ```\n  - b\n```\n",
		"```{image} ../a.png\n:width: 50%\n:class: x\nbody\n```\n",
		"```{index} single: a ; b\n:name: idx-a\n```\n\nText.\n",
		"::::{note}\n```{index} x\n:name: idx-b\n```\n::::\n",
		"```{eval:figure} plot(x)\n:name: fig-e\nCap {eval}`x`.\n```\n",
		"```{image} a.png\n:width: 300px\n:height: 101\n:scale: 50 %\n```\n",
		"```{eval:figure} p\n:figwidth: 60%\n:figclass: a b\n:align: right\n:alt: A *p*\n:scale: 3\nCap.\n```\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 1<<14 {
			return
		}
		out := both(t, src)
		if len(out) > 200*len(src)+2000 {
			t.Errorf("%d bytes of input give %d of output", len(src), len(out))
		}
		if !strings.ContainsAny(src, ":`~>+") {
			if got := string(Post([]byte(src), &Blocks{})); got != src {
				t.Errorf("Post changed text with no construct: %q to %q", src, got)
			}
		}
	})
}
