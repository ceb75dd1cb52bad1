package authoring

import (
	"bytes"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"
)

// gridFruit is a grid table with a header, alignment in its "=" line and
// cells of several lines: a paragraph, a list, code, two paragraphs.
const gridFruit = `+---------------+----------------+-----------------+
| Fruit         | Price          | Advantages      |
+==============:+:==============:+=================+
| Bananas       | $1.34          | - built-in      |
| *first*       |                |   wrapper       |
|               |                | - bright        |
+---------------+----------------+-----------------+
|     code here | two            | para one        |
|     more code | lines          |                 |
|               |                | para two        |
+---------------+----------------+-----------------+
`

// gridFoot is the Pandoc manual's table with a foot, a column aligned
// (its prices in euros: two dollars in a cell would be math).
const gridFoot = `+---------------+---------------+
| Fruit         | Price         |
+===============+==============:+
| Bananas       | 1.34 €        |
+---------------+---------------+
| Oranges       | 2.10 €        |
+===============+===============+
| Sum           | 3.44 €        |
+===============+===============+
`

// TestGridTables checks the page and the post of grid tables: rows,
// head and foot (as Pandoc 3 reads them; Debian's pandoc 2.17 ends a
// table at its second line of "="), alignment, cells of several lines and blocks, the caption that
// numbers a table and the reference to it.
func TestGridTables(t *testing.T) {
	tests := []struct {
		name, md   string
		page, post []string // what each must hold, in order
	}{
		{"header and blocks", gridFruit,
			[]string{"<thead>", `<th style="text-align:right">Fruit</th>`, `<th style="text-align:center">Price</th>`, "<th>Advantages</th>", "</thead>", "<tbody>",
				"<td style=\"text-align:right\">Bananas\n<em>first</em></td>", "<ul>\n<li>built-in\nwrapper</li>\n<li>bright</li>\n</ul>",
				"<pre><code>code here\nmore code</code></pre>", "two\nlines", "<p>para one</p>\n<p>para two</p>", "</tbody>\n</table>"},
			[]string{"| Fruit | Price | Advantages |\n| --: | :-: | --- |\n", "| Bananas *first* | $1.34 | built-in wrapper bright |\n",
				"| <code>code here<br>more code</code> | two lines | para one para two |\n"}},
		{"no header", "+---+:--:+\n| a | b  |\n+---+----+\n| c | d  |\n+---+----+\n",
			[]string{"<table>\n<tbody>\n<tr>\n<td>a</td>\n<td style=\"text-align:center\">b</td>", "<td>c</td>", "</tbody>"},
			[]string{"| | |\n| --- | :-: |\n| a | b |\n| c | d |\n"}},
		{"caption and reference", "See @tbl-g.\n\n+---+---+\n| a | b |\n+===+===+\n| 1 | 2 |\n+---+---+\n\n: Values of *g* {#tbl-g}\n",
			[]string{"<a class=\"ref\" href=\"#tbl-g\">Table\u00a01</a>", `<figure class="table" id="tbl-g">`, "<figcaption>Table 1: Values of <em>g</em></figcaption>", "<th>a</th>", "<td>1</td>"},
			[]string{"[Table\u00a01](#tbl-g)", `<a id="tbl-g"></a>Table 1: Values of *g*`, "| a | b |\n| --- | --- |\n| 1 | 2 |\n"}},
		{"in a quote", "> +---+---+\n> | a | b |\n> +---+---+\n",
			[]string{"<blockquote>\n<table>", "<td>a</td>", "</table>\n</blockquote>"},
			[]string{"> | | |\n> | --- | --- |\n> | a | b |\n"}},
		{"inline markup, math and bars", "+--------------+-----+\n| `x|y` **b**  | $1$ |\n+--------------+-----+\n",
			[]string{"<code>x|y</code> <strong>b</strong>", "<math"},
			[]string{"| `x\\|y` **b** | $1$ |"}},
		{"heading in a cell", "+-------------------+\n| # H {.c #h-x}     |\n+-------------------+\n",
			[]string{`<td><h1 id="h-x">H</h1>`},
			[]string{"| <strong>H</strong> |"}},
		{"fenced divs in a cell", "+---------------------+\n| ::: {.x}            |\n| 1. A list           |\n| :::                 |\n|                     |\n| ::: y               |\n| text                |\n| :::                 |\n+---------------------+\n",
			[]string{"<td><div>\n<ol>\n<li>A list</li>\n</ol>\n</div>\n<div>\n<p>text</p>\n</div>"},
			[]string{"| A list text |"}},
		{"empty cell", "+---+---+\n|   | b |\n+---+---+\n",
			[]string{"<td></td>", "<td>b</td>"},
			[]string{"|  | b |"}},
		{"foot", gridFoot,
			[]string{"<thead>\n<tr>\n<th>Fruit</th>", "</thead>\n<tbody>\n<tr>\n<td>Bananas</td>", "<td>Oranges</td>\n<td style=\"text-align:right\">2.10 €</td>\n</tr>\n</tbody>",
				"<tfoot>\n<tr>\n<td>Sum</td>\n<td style=\"text-align:right\">3.44 €</td>\n</tr>\n</tfoot>\n</table>"},
			[]string{"| Fruit | Price |\n| --- | --: |\n| Bananas | 1.34 € |\n| Oranges | 2.10 € |\n| Sum | 3.44 € |\n"}},
		{"foot spanning, no head", "+---+---+\n| a | b |\n+===+===+\n| total |\n+===+===+\n",
			[]string{"<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tfoot>\n<tr>\n<td colspan=\"2\">total</td>\n</tr>\n</tfoot>\n</table>"},
			[]string{"| a | b |\n| --- | --- |\n| total |   |\n"}},
		{"a middle line of = is a border", "+---+\n| a |\n+===+\n| b |\n+===+\n| c |\n+---+\n",
			[]string{"<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>b</td>\n</tr>\n<tr>\n<td>c</td>\n</tr>\n</tbody>\n</table>"},
			[]string{"| a |\n| --- |\n| b |\n| c |\n"}},
		{"the foot below the last but one line of =", "+---+\n| a |\n+===+\n| b |\n+===+\n| c |\n+===+\n| d |\n+===+\n",
			[]string{"<th>a</th>", "</thead>\n<tbody>\n<tr>\n<td>b</td>\n</tr>\n<tr>\n<td>c</td>\n</tr>\n</tbody>\n<tfoot>\n<tr>\n<td>d</td>"},
			[]string{"| a |\n| --- |\n| b |\n| c |\n| d |\n"}},
		{"head only", "+---+\n| a |\n+===+\n",
			[]string{"<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n</table>"},
			[]string{"| a |\n| --- |\n"}},
		{"wide characters", "+-----+---+\n| été | b |\n+-----+---+\n",
			[]string{"<td>été</td>", "<td>b</td>"},
			[]string{"| été | b |"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _ := page(t, tt.md)
			inOrder(t, "page", out, tt.page)
			inOrder(t, "post", postWith(t, nil, tt.md), tt.post)
		})
	}
}

// inOrder fails unless each of want is in got, one after another.
func inOrder(t *testing.T, what, got string, want []string) {
	t.Helper()
	rest := got
	for _, w := range want {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Errorf("%s lacks (in order) %q:\n%s", what, w, got)
			return
		}
		rest = rest[i+len(w):]
	}
}

// TestGridMalformed checks that lines that are not a well-formed grid
// table stay the text they are, as Pandoc leaves them, and that a table
// is not taken from inside a paragraph.
func TestGridMalformed(t *testing.T) {
	for name, md := range map[string]string{
		"unclosed":         "+---+---+\n| a | b |\n",
		"bar misplaced":    "+---+---+\n| a  | b |\n+---+---+\n",
		"short line":       "+---+---+\n| a | b\n+---+---+\n",
		"empty row":        "+---+---+\n+---+---+\n",
		"mixed separator":  "+---+\n| a |\n+-=-+\n",
		"first line of =":  "+===+\n| a |\n+---+\n",
		"tab":              "+---+\n|\ta |\n+---+\n",
		"first line text":  "+-x-+\n| a |\n+---+\n",
		"in a paragraph":   "text\n+---+\n| a |\n+---+\n",
		"bad continuation": "> +---+\n| a |\n> +---+\n",
		// Borders that do not close cells which fill the table.
		"gap": "+---+---+\n| a | b |\n+---+---+\n| c   d |\n+---+   +\n",
	} {
		t.Run(name, func(t *testing.T) {
			out, _ := page(t, md)
			if strings.Contains(out, "<table") {
				t.Errorf("%q made a table:\n%s", md, out)
			}
			if !strings.Contains(out, "+---") && !strings.Contains(out, "+-x-+") {
				t.Errorf("%q lost its text:\n%s", md, out)
			}
			if post := postWith(t, nil, md); !strings.Contains(post, strings.Split(md, "\n")[1]) {
				t.Errorf("post of %q changed it: %q", md, post)
			}
		})
	}
}

// TestGridHostile checks that cell text and captions never reach the
// page as markup, and that a huge table costs time and output in
// proportion to its size.
func TestGridHostile(t *testing.T) {
	evil := `<script>alert(1)</script><img src=x onerror=alert(1)>"'`
	col := strings.Repeat("-", len(evil)+2)
	md := "+" + col + "+\n| " + evil + " |\n+" + col + "+\n\n: " + evil + ` {#tbl-x" onclick="alert(1)}` + "\n"
	md2 := "+" + col + "+\n|     " + evil[:len(evil)-4] + " |\n+" + col + "+\n"
	for _, src := range []string{md, md2} {
		out, _ := page(t, src)
		if bad := unsafeMarkup(out); bad != "" {
			t.Errorf("the page holds %s:\n%s", bad, out)
		}
	}
	// Many columns, many rows, many lines in a cell.
	cases := map[string]string{
		"columns": strings.Repeat("+-", 20000) + "+\n" + strings.Repeat("|x", 20000) + "|\n" + strings.Repeat("+-", 20000) + "+\n",
		"rows":    "+---+---+\n" + strings.Repeat("| a | b |\n+---+---+\n", 20000),
		"lines":   "+---+\n" + strings.Repeat("| a |\n", 50000) + "+---+\n",
		"broken":  strings.Repeat("+---+\n| a |\n", 20000),
		"divs":    "+-------+\n" + strings.Repeat("| ::: x |\n", 20000) + "+-------+\n",
		"parts":   "+---+---+\n" + strings.Repeat("| a | b |\n+===+===+\n", 20000),
	}
	for name, src := range cases {
		start := time.Now()
		out := both(t, src)
		if len(out) > 40*len(src)+1000 {
			t.Errorf("%s: %d bytes of input give %d of output", name, len(src), len(out))
		}
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("%s: %v for %d bytes", name, d, len(src))
		}
	}
}

// gridPandoc are grid tables whose cells TestGridAgainstPandoc compares
// with pandoc's.
var gridPandoc = []string{
	gridFruit,
	"+---+:--:+---:+\n| a | b  | c  |\n+---+----+----+\n| d | e  | f  |\n+---+----+----+\n",
	"+-------+------+\n| x     | y    |\n+=======+======+\n| 1     | two  |\n|       | more |\n+-------+------+\n| *3*   | `4`  |\n+-------+------+\n",
	"+------------------+-----+\n|     indented     | p   |\n|     code         |     |\n|                  | q   |\n+------------------+-----+\n",
	// Wide characters take two columns, combining marks none, as Pandoc
	// lines them up.
	"+------+-----+\n| 漢字 | ab  |\n+======+=====+\n| 中文 | e\u0301   |\n| Ｆ   | ｶﾅ  |\n+------+-----+\n",
}

// TestGridAgainstPandoc checks the cells of grid tables, their order,
// header, alignment and blocks, against pandoc's HTML for the same
// Markdown (Debian's pandoc 2.17).
func TestGridAgainstPandoc(t *testing.T) {
	pandoc := needTool(t, "pandoc", "apt-get install pandoc")
	for _, md := range gridPandoc {
		cmd := exec.Command(pandoc, "-f", "markdown", "-t", "html")
		cmd.Stdin = strings.NewReader(md)
		want, err := cmd.Output()
		if err != nil {
			t.Fatalf("pandoc: %v", err)
		}
		got, _ := page(t, md)
		if g, w := cellShape(got), cellShape(string(want)); g != w {
			t.Errorf("%s\ncells\n%s\npandoc's\n%s", md, g, w)
		}
	}
}

// alignStyle matches the alignment in a cell's style.
var alignStyle = regexp.MustCompile(`text-align:\s*([a-z]+)`)

// cellShape returns the table's cells as a line each: header or data,
// alignment, the elements in it and its text, space collapsed.
func cellShape(page string) string {
	z := html.NewTokenizer(strings.NewReader(page))
	var out strings.Builder
	var cell *strings.Builder
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			return out.String()
		case html.StartTagToken, html.EndTagToken:
			tok := z.Token()
			switch tok.Data {
			case "th", "td":
				if tt == html.EndTagToken && cell != nil {
					out.WriteString(strings.Join(strings.Fields(cell.String()), " ") + "\n")
					cell = nil
					continue
				}
				cell = &strings.Builder{}
				align := ""
				for _, a := range tok.Attr {
					if m := alignStyle.FindStringSubmatch(a.Val); a.Key == "style" && m != nil {
						align = m[1]
					}
				}
				cell.WriteString(tok.Data + "[" + align + "] ")
			case "p", "pre", "code", "ul", "li", "em", "strong":
				if cell != nil && tt == html.EndTagToken {
					cell.WriteString(" </" + tok.Data + "> ")
				} else if cell != nil {
					cell.WriteString(" <" + tok.Data + "> ")
				}
			}
		case html.TextToken:
			if cell != nil {
				cell.Write(bytes.TrimSpace(z.Text()))
			}
		}
	}
}

// BenchmarkGridTable parses and renders a grid table of 1000 rows of
// three cells, each of two lines, as the page and the post.
func BenchmarkGridTable(b *testing.B) {
	var src strings.Builder
	src.WriteString("+-------+-------+-------+\n| a     | b     | c     |\n+=======+=======+=======+\n")
	for range 1000 {
		src.WriteString("| *x*   | `y`   | $z$   |\n| w     |     v | - u   |\n+-------+-------+-------+\n")
	}
	b.SetBytes(int64(src.Len()))
	for b.Loop() {
		both(b, src.String())
	}
}
