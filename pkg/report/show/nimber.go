package show

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/grundylab/grundy/pkg/games/nimber"
)

// MaxNimTable is the largest n NimTable draws: n² products.
const MaxNimTable = 64

// NimTable draws the nim products a ⊗ b for a, b < n, n from 1 to
// MaxNimTable. The products equal to 1 are tinted: they pair each a with its
// inverse. For n = 2, 4 and 16, Fermat 2-powers, the numbers below n are a
// subfield (package nimber), and every product in the table is below n.
func NimTable(n int) (Display, error) {
	if n < 1 || n > MaxNimTable {
		return Display{}, fmt.Errorf("show: nim table of %d (1 to %d): %w", n, MaxNimTable, ErrData)
	}
	largest := uint64(0)
	for a := range n {
		for b := range n {
			largest = max(largest, nimber.Mul(uint64(a), uint64(b)))
		}
	}
	cellWidth := len(strconv.FormatUint(largest, 10)) + 1
	var h, t strings.Builder
	h.WriteString(`<table style="` + tableStyle + `"><thead><tr><th style="` + headStyle + `">⊗</th>`)
	t.WriteString(strings.Repeat(" ", cellWidth-1) + "⊗")
	for b := range n {
		fmt.Fprintf(&h, `<th style="%s">%d</th>`, headStyle, b)
		fmt.Fprintf(&t, " %*d", cellWidth, b)
	}
	h.WriteString("</tr></thead><tbody>")
	t.WriteByte('\n')
	for a := range n {
		fmt.Fprintf(&h, `<tr><th style="%s">%d</th>`, headStyle, a)
		fmt.Fprintf(&t, "%*d", cellWidth, a)
		for b := range n {
			p := nimber.Mul(uint64(a), uint64(b))
			style := cellStyle
			if p == 1 {
				style += "; background-color: " + winTint
			}
			fmt.Fprintf(&h, `<td style="%s">%d</td>`, style, p)
			fmt.Fprintf(&t, " %*d", cellWidth, p)
		}
		h.WriteString("</tr>")
		t.WriteByte('\n')
	}
	h.WriteString("</tbody></table>")
	caption := fmt.Sprintf("Nim products a ⊗ b for a, b < %d; the products equal to 1 (tinted) pair each a with its inverse.", n)
	return Display{
		HTML: figure(h.String(), esc(caption)),
		Text: caption + "\n" + strings.TrimRight(t.String(), "\n"),
	}, nil
}
