package show

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/grundylab/grundy/pkg/games/play"
)

// Coins draws a row of coins, heads (H, filled) and tails (T, hollow),
// with each coin's value g(x) beneath it — value(x) is the value of the
// position with coin x alone heads, as coins.Line's Value gives it — and
// the position's value, the nim-sum of its heads coins' values by the
// coin-turning theorem (package coins). name names the game.
func Coins(name string, r play.Row, value func(x int) int) (Display, error) {
	if value == nil {
		return Display{}, fmt.Errorf("show: coins of %q: no value function: %w", name, ErrData)
	}
	total := 0
	var h, t strings.Builder
	h.WriteString(`<table style="` + tableStyle + `"><tbody><tr><th style="` + headStyle + `">coin</th>`)
	var coinLine, faceLine, valueLine strings.Builder
	coinLine.WriteString("coin ")
	faceLine.WriteString("face ")
	valueLine.WriteString("g    ")
	values := make([]int, r.Len()+1)
	width := 2
	for x := 1; x <= r.Len(); x++ {
		values[x] = value(x)
		if values[x] < 0 {
			return Display{}, fmt.Errorf("show: coins of %q: g(%d) = %d is negative: %w", name, x, values[x], ErrData)
		}
		width = max(width, len(strconv.Itoa(values[x]))+1, len(strconv.Itoa(x))+1)
	}
	for x := 1; x <= r.Len(); x++ {
		fmt.Fprintf(&h, `<td style="%s">%d</td>`, cellStyle, x)
	}
	h.WriteString(`</tr><tr><th style="` + headStyle + `">face</th>`)
	for x := 1; x <= r.Len(); x++ {
		face, mark := "T", "○"
		style := cellStyle
		if r.IsHeads(x) {
			face, mark = "H", "●"
			total ^= values[x]
			style += "; font-weight: bold"
		}
		fmt.Fprintf(&h, `<td style="%s" title="%s">%s</td>`, style, map[string]string{"H": "heads", "T": "tails"}[face], mark)
		fmt.Fprintf(&coinLine, "%*d", width, x)
		fmt.Fprintf(&faceLine, "%*s", width, face)
		fmt.Fprintf(&valueLine, "%*d", width, values[x])
	}
	h.WriteString(`</tr><tr><th style="` + headStyle + `">g</th>`)
	for x := 1; x <= r.Len(); x++ {
		fmt.Fprintf(&h, `<td style="%s">%d</td>`, cellStyle, values[x])
	}
	h.WriteString("</tr></tbody></table>")
	caption := fmt.Sprintf("%s, %s: ● heads, ○ tails, g the value of each coin alone; the position's value is the nim-sum of its heads coins' values, %d", name, r, total)
	if total == 0 {
		caption += ": a P-position, lost for the player to move."
	} else {
		caption += ": won for the player to move."
	}
	t.WriteString(caption + "\n" + coinLine.String() + "\n" + faceLine.String() + "\n" + valueLine.String())
	return Display{HTML: figure(h.String(), esc(caption)), Text: t.String()}, nil
}
