package authoring

import (
	"strings"
	"testing"
	"time"
)

// gridSpans is the table of gridtables' README, which Pandoc 3 reads: a
// header of two rows whose first cell spans both and whose second spans
// three columns; and a body row with a cell spanning two columns.
const gridSpans = `+---------------------+-----------------------+
| Location            | Temperature 1961-1990 |
|                     | in degree Celsius     |
|                     +-------+-------+-------+
|                     | min   | mean  | max   |
+=====================+=======+=======+=======+
| Antarctica          | -89.2 | N/A   | 19.8  |
+---------------------+-------+-------+-------+
| Both                | one           | two   |
+---------------------+---------------+-------+
`

// TestGridSpans checks cells that span rows and columns, as Pandoc 3
// reads them: rowspan and colspan on the page; in the post, a pipe
// table, each cell in its first place and the places it covers empty.
func TestGridSpans(t *testing.T) {
	out, _ := page(t, gridSpans)
	inOrder(t, "page", out, []string{
		"<thead>\n<tr>\n<th rowspan=\"2\">Location</th>\n<th colspan=\"3\">Temperature 1961-1990\nin degree Celsius</th>\n</tr>",
		"<tr>\n<th>min</th>\n<th>mean</th>\n<th>max</th>\n</tr>\n</thead>",
		"<tbody>\n<tr>\n<td>Antarctica</td>\n<td>-89.2</td>\n<td>N/A</td>\n<td>19.8</td>\n</tr>",
		"<tr>\n<td>Both</td>\n<td colspan=\"2\">one</td>\n<td>two</td>\n</tr>\n</tbody>",
	})
	inOrder(t, "post", postWith(t, nil, gridSpans), []string{
		"| Location | Temperature 1961-1990 in degree Celsius |   |   |\n| --- | --- | --- | --- |\n",
		"|   | min | mean | max |\n", "| Antarctica | -89.2 | N/A | 19.8 |\n", "| Both | one |   | two |\n",
	})
	// A bottom border that does not close a cell leaves it open down to
	// the next that does, as Pandoc 3 traces it: a span.
	md := "+---+---+\n| a | b |\n+---+ - +\n| c | d |\n+---+---+\n"
	out, _ = page(t, md)
	inOrder(t, "page", out, []string{"<td>a</td>\n<td rowspan=\"2\">"})
	// A row span in the body, in the middle column.
	md = "+---+---+---+\n| a | b | c |\n+---+   +---+\n| d |   | f |\n+---+---+---+\n"
	out, _ = page(t, md)
	inOrder(t, "page", out, []string{"<td>a</td>\n<td rowspan=\"2\">b</td>\n<td>c</td>\n</tr>\n<tr>\n<td>d</td>\n<td>f</td>"})
	inOrder(t, "post", postWith(t, nil, md), []string{"| a | b | c |\n| d |   | f |\n"})
}

// TestGridTraceBounded checks that tracing a table whose borders lead
// every corner far before failing costs time in proportion to its size.
func TestGridTraceBounded(t *testing.T) {
	cols := 300
	row := strings.Repeat("|  ", cols) + "|\n"
	md := strings.Repeat("+--", cols) + "+\n" + strings.Repeat(row, 300) + strings.Repeat("+ -", cols) + "+\n"
	start := time.Now()
	out := both(t, md)
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("%v for %d bytes", d, len(md))
	}
	if strings.Contains(out, "<table") {
		t.Error("a table with no bottom border")
	}
}
