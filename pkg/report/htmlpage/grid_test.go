package htmlpage

import (
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// TestGridTable checks a grid table on the page: numbered by its
// caption, referred to, its header, alignment and blocks, its hostile
// text escaped (renderPage checks the page is safe).
func TestGridTable(t *testing.T) {
	nb := notebook.New()
	nb.Cells = append(nb.Cells, &notebook.Cell{Type: notebook.Markdown, Source: "See @tbl-grid.\n\n" +
		"+-----------------+----------------------------------+\n" +
		"| Game            | Value                            |\n" +
		"+=================+:================================:+\n" +
		"| Nim             | the *nim-sum* $a \\oplus b$       |\n" +
		"| heaps           | of the heaps                     |\n" +
		"+-----------------+----------------------------------+\n" +
		"|     g(n) = n    | <script>alert(1)</script> a \\| b |\n" +
		"+-----------------+----------------------------------+\n" +
		"\n: Values of games {#tbl-grid}\n"})
	page := string(renderPage(t, nb, report.ViewOptions{}))
	rest := page
	for _, want := range []string{
		`<a class="ref" href="#tbl-grid">Table` + "\u00a0" + `1</a>`,
		`<figure class="table" id="tbl-grid">`, "<figcaption>Table 1: Values of games</figcaption>",
		"<thead>", "<th>Game</th>", `<th style="text-align:center">Value</th>`,
		"<td>Nim\nheaps</td>", `<td style="text-align:center">the <em>nim-sum</em> <math`, "of the heaps</td>",
		"<pre><code>g(n) = n</code></pre>", "a | b</td>",
	} {
		i := strings.Index(rest, want)
		if i < 0 {
			t.Fatalf("page lacks (in order) %q:\n%s", want, page)
		}
		rest = rest[i+len(want):]
	}
}
