package authoring

import (
	"strings"
	"testing"
)

// TestDirectiveAliases checks the other names of statements: mystmd's
// proof:kind and plain proof, sphinx-exercise's exercise and solution and
// jupyter-book's example, read as the prf: kinds are, in the page and
// the post, with the numbers mystmd 1.8.3 gives (myst build --jats
// numbers exercises 1, 2 in their own count, and knows no {example}).
func TestDirectiveAliases(t *testing.T) {
	doc := "```{proof:theorem} Big\n:label: th1\nT.\n```\n\n" +
		"```{proof}\nP.\n```\n\n" +
		"```{exercise}\n:label: ex1\nDo it.\n```\n\n" +
		"````{solution} ex1\n:label: sol1\n```{figure} x.png\n:name: fig-in\nCap.\n```\n````\n\n" +
		"```{exercise} Titled\n:label: ex2\nAgain.\n```\n\n" +
		"````{example}\n```{figure} y.png\n:name: fig-ex\nShown.\n```\n````\n\n" +
		"See {proof:ref}`th1`, {numref}`ex2`, {numref}`fig-in`, {numref}`fig-ex`.\n"
	out, x := page(t, doc)
	for _, want := range []string{
		">Theorem\u00a01</a>, <a class=\"ref\" href=\"#ex2\">Exercise\u00a02</a>, <a class=\"ref\" href=\"#fig-in\">Figure\u00a01</a>, <a class=\"ref\" href=\"#fig-ex\">Figure\u00a02</a>",
		`x.png`, `y.png`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("page lacks %s\n%s", want, out)
		}
	}
	for _, bad := range []string{"{proof", "{exercise}", "{solution}", "{example}", ":label:"} {
		if strings.Contains(out, bad) {
			t.Errorf("page keeps %s as text\n%s", bad, out)
		}
	}
	if w := x.Check(); len(w) > 0 {
		t.Errorf("warnings %v", w)
	}
	post := postWith(t, nil, doc)
	for _, bad := range []string{"{proof", "{exercise}", "{solution}", "{example}", ":label:"} {
		if strings.Contains(post, bad) {
			t.Errorf("post keeps %s as text\n%s", bad, post)
		}
	}
	for _, want := range []string{"Theorem 1", "Exercise 2", "x.png", "y.png"} {
		if !strings.Contains(post, want) {
			t.Errorf("post lacks %s\n%s", want, post)
		}
	}
}

// TestCiteWithoutBibliography checks that a citation in brackets in a
// document with no bibliography is marked and warned about, its post
// mark escaped, while a bare "@key" in prose stays text.
func TestCiteWithoutBibliography(t *testing.T) {
	const md = "As [@knuth1984; @w*x*] say; mail me@example.org, or @alice."
	out, x := page(t, md)
	if want := `<mark class="cite-missing" title="no bibliography">[@knuth1984; @w*x*]</mark>`; !strings.Contains(out, want) {
		t.Errorf("page lacks %s\n%s", want, out)
	}
	if !strings.Contains(out, "@alice.") {
		t.Errorf("page loses a bare @alice\n%s", out)
	}
	w := x.Check()
	if len(w) != 2 || w[0].Cell != 1 || !strings.Contains(w[0].Msg, "@knuth1984: the document names no bibliography") {
		t.Errorf("warnings %v, want one for each key of cell 1", w)
	}
	post := postWith(t, nil, md)
	if want := `<mark class="cite-missing">\[@knuth1984; @w\*x\*\]</mark>`; !strings.Contains(post, want) {
		t.Errorf("post lacks %s\n%s", want, post)
	}
}

// TestSlashLabels checks that labels with "/", as MyST's documentation
// writes them ("(use/hiding/code)="), name targets in the page and the
// post, while a "/" that does not join two words is still refused.
func TestSlashLabels(t *testing.T) {
	const md = "(ref/target_headers)=\n## Headers\n\n```{figure} x.png\n:name: fig/a\nCap.\n```\n\n" +
		"See {ref}`ref/target_headers`, [](#fig/a) and {numref}`fig/a`.\n\n(bad//label)=\n## B\n"
	out, x := page(t, md)
	for _, want := range []string{
		`id="ref/target_headers"`, `id="fig/a"`,
		`<a class="ref" href="#ref/target_headers">Headers</a>`,
		"<a class=\"ref\" href=\"#fig/a\">Figure\u00a01</a>",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("page lacks %s\n%s", want, out)
		}
	}
	if w := x.Check(); len(w) != 0 {
		t.Errorf("warnings %v", w)
	}
	post := postWith(t, nil, md)
	for _, want := range []string{"[Headers](#ref/target_headers)", "(#fig/a)"} {
		if !strings.Contains(post, want) {
			t.Errorf("post lacks %s\n%s", want, post)
		}
	}
	if _, ok := x.Target("bad//label"); ok {
		t.Error(`"bad//label" names a target`)
	}
}

// TestHTMLCellClosesFence checks that a list-table whose last cell is an
// HTML block ends at its closing fence, as MyST reads it, in the page
// and the post: the heading after it stays a heading.
func TestHTMLCellClosesFence(t *testing.T) {
	const md = "``````{list-table}\n:header-rows: 1\n\n* - Syntax\n  - Result\n* - a\n  - <p> This is a paragraph </p>\n``````\n\n## Links\n\nafter\n"
	out, x := page(t, md)
	if !strings.Contains(out, "</table>\n</figure>\n<h2") || strings.Contains(out, "<pre>") {
		t.Errorf("page: the table does not end at its fence\n%s", out)
	}
	if w := x.Check(); len(w) != 0 {
		t.Errorf("warnings %v", w)
	}
	post := postWith(t, nil, md)
	if !strings.Contains(post, "| a | <p> This is a paragraph </p> |\n\n## Links") || strings.Contains(post, "``````") {
		t.Errorf("post: the table does not end at its fence\n%s", post)
	}
}

// TestTableCaptionAbove checks that a Pandoc caption after its table is
// written above it in the post, as the page shows it, inside a quote too;
// a caption already above stays there, and a table whose first row
// starts with markup keeps its caption below.
func TestTableCaptionAbove(t *testing.T) {
	tests := []struct{ name, md, want string }{
		{"after", "| a | b |\n|---|---|\n| 1 | 2 |\n\n: Values {#tbl-x}\n",
			"<a id=\"tbl-x\"></a>Table 1: Values\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"},
		{"before", ": Values {#tbl-x}\n\n| a | b |\n|---|---|\n| 1 | 2 |\n",
			"<a id=\"tbl-x\"></a>Table 1: Values\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"},
		{"quoted", "> | a | b |\n> |---|---|\n> | 1 | 2 |\n>\n> : Values {#tbl-x}\n",
			"> <a id=\"tbl-x\"></a>Table 1: Values\n>\n> | a | b |\n> |---|---|\n> | 1 | 2 |\n"},
		{"markup first", "*a* | b\n---|---\n1 | 2\n\n: Values {#tbl-x}\n",
			"*a* | b\n---|---\n1 | 2\n\n<a id=\"tbl-x\"></a>Table 1: Values\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			post := postWith(t, nil, tt.md)
			if !strings.HasPrefix(post, tt.want) {
				t.Errorf("post\n%q\nwant it to start\n%q", post, tt.want)
			}
			out, _ := page(t, tt.md)
			if !strings.Contains(out, "<figcaption>Table 1: Values") || strings.Index(out, "figcaption") > strings.Index(out, "<table>") {
				t.Errorf("page: caption not above the table\n%s", out)
			}
		})
	}
}
