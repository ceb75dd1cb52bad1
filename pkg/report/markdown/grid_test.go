package markdown

import (
	"bytes"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/internal/hostile"
)

// gridCell is a Markdown cell with a captioned grid table whose cells
// hold several lines, code and hostile text, and a reference to it.
const gridCell = "See @tbl-grid.\n\n" +
	"+-----------------+----------------------------------+\n" +
	"| Game            | Value                            |\n" +
	"+=================+:================================:+\n" +
	"| Nim             | the *nim-sum*                    |\n" +
	"| heaps           | of the heaps                     |\n" +
	"+-----------------+----------------------------------+\n" +
	"|     g(n) = n    | <script>alert(1)</script> a \\| b |\n" +
	"+-----------------+----------------------------------+\n" +
	"\n: Values of games {#tbl-grid}\n"

// TestGridTableInPost checks the post of a grid table: a pipe table that
// Hugo's goldmark and Jekyll's kramdown read as a table, each cell's
// lines on one row, the caption numbered above it, the reference a link,
// and nothing in it that runs script.
func TestGridTableInPost(t *testing.T) {
	v, err := report.NewView(refsNotebook(gridCell), report.ViewOptions{Name: "post", ModTime: modTime})
	if err != nil {
		t.Fatal(err)
	}
	post := Render(v).Text
	for _, want := range []string{
		"See [Table\u00a01](#tbl-grid).",
		"<a id=\"tbl-grid\"></a>Table 1: Values of games",
		"| Game | Value |\n| --- | :-: |\n| Nim heaps | the *nim-sum* of the heaps |\n",
	} {
		if !bytes.Contains(post, []byte(want)) {
			t.Errorf("post lacks\n%s\n%s", want, post)
		}
	}
	for name, page := range blogHTML(t, post) {
		for _, want := range []string{"<th>Game</th>", `<td style="text-align:center">the <em>nim-sum</em> of the heaps</td>`, "<code>g(n) = n</code>"} {
			if !strings.Contains(string(page), want) {
				t.Errorf("%s: the page lacks %s:\n%s", name, want, page)
			}
		}
		for _, p := range hostile.Check(page) {
			t.Errorf("%s: %s", name, p)
		}
	}
	_, body, _ := bytes.Cut(post, []byte("\n---\n"))
	html, ok := kramdownHTML(t, []string{string(body)})
	if !ok {
		return
	}
	for _, page := range html[0] {
		if !strings.Contains(page, "<th>Game</th>") || !strings.Contains(page, "<em>nim-sum</em>") {
			t.Errorf("kramdown's page lacks the table's cells:\n%s", page)
		}
		for _, p := range hostile.Check([]byte(page)) {
			t.Errorf("kramdown: %s", p)
		}
	}
}

// TestGridFootInPost checks the post of a grid table with a foot, as
// Pandoc 3 reads one: a pipe table has no foot, so the foot's rows come
// after the body's, as Pandoc writes them in one, and Hugo's goldmark and
// Jekyll's kramdown show every row.
func TestGridFootInPost(t *testing.T) {
	md := "+----------+-------+\n" +
		"| Heap     | Value |\n" +
		"+==========+======:+\n" +
		"| 1        | 1     |\n" +
		"+----------+-------+\n" +
		"| 2        | 2     |\n" +
		"+==========+=======+\n" +
		"| <b>x</b> | 3     |\n" +
		"+==========+=======+\n"
	v, err := report.NewView(refsNotebook(md), report.ViewOptions{Name: "post", ModTime: modTime})
	if err != nil {
		t.Fatal(err)
	}
	post := Render(v).Text
	want := "| Heap | Value |\n| --- | --: |\n| 1 | 1 |\n| 2 | 2 |\n| <b>x</b> | 3 |\n"
	if !bytes.Contains(post, []byte(want)) {
		t.Fatalf("post lacks\n%s\n%s", want, post)
	}
	rows := []string{"<th>Heap</th>", "<td>1</td>", "<td>2</td>", "<td><b>x</b></td>", `<td style="text-align: right">3</td>`}
	for name, page := range blogHTML(t, post) {
		for _, want := range rows[:4] {
			if !strings.Contains(string(page), want) {
				t.Errorf("%s: the page lacks %s:\n%s", name, want, page)
			}
		}
	}
	_, body, _ := bytes.Cut(post, []byte("\n---\n"))
	html, ok := kramdownHTML(t, []string{string(body)})
	if !ok {
		return
	}
	for _, page := range html[0] {
		for _, want := range rows {
			if !strings.Contains(page, want) {
				t.Errorf("kramdown's page lacks %s:\n%s", want, page)
			}
		}
	}
}
