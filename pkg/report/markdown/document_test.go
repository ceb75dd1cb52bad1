package markdown

import (
	"strconv"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/internal/hostile"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

func TestSanitizeDocument(t *testing.T) {
	tests := []struct{ in, want string }{
		// Ordinary Markdown stays as it is.
		{"# T\n\nText with $a\\lt b$ math, `code <b>`, a [link](https://go.dev) and ![i](p_files/a.png).\n",
			"# T\n\nText with $a\\lt b$ math, `code <b>`, a [link](https://go.dev) and ![i](p_files/a.png).\n"},
		// A "<" that math passed through would write raw is written as
		// a reference, which reads the same.
		{"$a<b$ and $c < d$", "$a&lt;b$ and $c &lt; d$"},
		{"| $n$ | $g(n)$ |\n|---|---|\n| 1 | 1 |\n", "| $n$ | $g(n)$ |\n|---|---|\n| 1 | 1 |\n"},
		{"<div>\n<table><tr><td>1</td></tr></table>\n</div>\n", "<div>\n<table><tr><td>1</td></tr></table>\n</div>\n"},
		{"Costs $5 and <b>bold</b> and $6.\n", "Costs $5 and <b>bold</b> and $6.\n"},
		{"# Id {#my-id .wide}\n", "# Id {#my-id .wide}\n"},
		// Links that run script stop being links, however escaped.
		{"[x](javascript:alert(1))", "&#91;x](javascript:alert(1))"},
		{"[x](javascript&colon;alert(1))", "&#91;x](javascript&colon;alert(1))"},
		{"[x](&#106;avascript:alert(1))", "&#91;x](&#106;avascript:alert(1))"},
		{"[x][r]\n\n[r]: javascript:alert(1)", "&#91;x]&#91;r]\n\n[r]: javascript:alert(1)"},
		{"<javascript:alert(1)>", "&lt;javascript:alert(1)>"},
		// Images from the web become links; those that could run script
		// stop being images.
		{"![x](http&colon;//e.example/p.png)", "[x](http&colon;//e.example/p.png)"},
		{"![x](&#104;ttp://e.example/p.png)", "[x](&#104;ttp://e.example/p.png)"},
		{"![x](//e.example/p.png)", "[x](//e.example/p.png)"},
		{"![x](javascript:alert(1))", "!&#91;x](javascript:alert(1))"},
		// A heading's style goes, its id stays.
		{"# T {style=\"background:url(//e.example/x)\"}", "# T &#123;style=\"background:url(//e.example/x)\"}"},
		// Raw HTML that a code span hides from CommonMark but math passed
		// through does not.
		{"$`<img src=x onerror=alert(1)>`$", "$`&lt;img src=x onerror=alert(1)>`$"},
		{"a $b `c$ <img src=x onerror=alert(1)> d` e", "a $b `c$ <img src=\"x\"> d` e"},
		// MathJax's commands that link or load lose their backslash's
		// meaning, however the backslash is written; others stay.
		{`$\href{javascript:x}{y}$ and $\frac{a}{b}$`, "$\\\u200bhref{javascript:x}{y}$ and $\\frac{a}{b}$"},
		{`$&#92;style{x}{y}$`, "\\$\\\\\u200bstyle\\{x\\}\\{y\\}\\$"},
		{"`\\href{x}` in code", "`\\href{x}` in code"},
		// Hugo's shortcodes and the end of a raw block are broken, in
		// code without a reference that would show.
		{"{{< gist a 1 >}} `{{< gist a 2 >}}`", "&#123;{< gist a 1 >}} `{\u200b{< gist a 2 >}}`"},
		{"{% endraw %} x", "&#123;% endraw %} x"},
		// kramdown's attribute lists are text.
		{"*x*{: onclick=y}", "*x*&#123;: onclick=y}"},
		// A list left open by one cell takes the next one's code.
		{"- item\n\n    <img src=x onerror=alert(1)>\n", "- item\n\n    <img src=\"x\">\n"},
	}
	for _, tt := range tests {
		if got := SanitizeDocument(tt.in); got != tt.want {
			t.Errorf("SanitizeDocument(%q)\n got  %q\n want %q", tt.in, got, tt.want)
		}
	}
}

// TestSanitizeDocumentSettles gives text that every cleaning turns into
// new markup: it ends inert.
func TestSanitizeDocumentSettles(t *testing.T) {
	in := strings.Repeat("<", 8) + "img src=x " + strings.Repeat("onerror=alert(1)>", 8) + " [x](javascript:y) # {a}"
	got := SanitizeDocument(in)
	for name, doc := range blogHTML(t, []byte("---\ntitle: t\n---\n"+got)) {
		for _, p := range hostile.Check(doc) {
			t.Errorf("%s: %s in %s", name, p, doc)
		}
	}
}

// TestFrontMatterInert: title, tags and summary with markup are read back
// as written, and a renderer that does not know front matter finds no
// markup in them.
func TestFrontMatterInert(t *testing.T) {
	meta := report.Meta{
		Title:   `[t](javascript:alert(1)) <img src=x onerror=alert(2)> "q" \ {style=x}`,
		Tags:    []string{"<b>", "[x]: javascript:y", "a {b}", "plain"},
		Summary: "<script>alert(3)</script> ends {style=\"x\"}",
		Authors: []string{"\u2028line\x01"},
	}
	post, err := Convert(notebook.New(), meta, Options{Name: "x"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := ReadFrontMatter(post.Text)
	if err != nil {
		t.Fatalf("%v\n%s", err, post.Text)
	}
	if got.Title != meta.Title || got.Summary != meta.Summary || strings.Join(got.Tags, "|") != strings.Join(meta.Tags, "|") ||
		strings.Join(got.Authors, "|") != strings.Join(meta.Authors, "|") {
		t.Errorf("read back %+v, want %+v\n%s", got, meta, post.Text)
	}
	fm, _, _ := strings.Cut(string(post.Text), "\n---\n")
	if strings.ContainsAny(fm, "<[]") {
		t.Errorf("front matter holds markup:\n%s", fm)
	}
	for name, doc := range blogHTML(t, post.Text) {
		if s := string(doc); strings.Contains(s, "<img") || strings.Contains(s, "<script") || strings.Contains(s, "<a ") || strings.Contains(s, "<h2 ") {
			t.Errorf("%s: %s", name, doc)
		}
	}
}

// BenchmarkSanitizeDocument cleans the body of an ordinary post (text,
// math, code, a table, an HTML output, an image) of growing length.
func BenchmarkSanitizeDocument(b *testing.B) {
	unit := "## Step\n\nThe value $g(n) = \\operatorname{mex}\\{g(n-s)\\}$ is <b>known</b>; see [Go](https://go.dev).\n\n" +
		"```go\nfmt.Println(g(10))\n```\n\n```\n7\n```\n\n| $n$ | $g(n)$ |\n|---|---|\n| 1 | 1 |\n\n" +
		"<div>\n<table class=\"dataframe\"><tr><td>1</td></tr></table>\n</div>\n\n![plot](post_files/cell1-1.png)\n\n"
	for _, n := range []int{1, 100, 1000} {
		src := strings.Repeat(unit, n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				SanitizeDocument(src)
			}
		})
	}
}
