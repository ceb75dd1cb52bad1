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
	caption := fmt.Sprintf("%s, %s: ● heads, ○ tails, g the value of each coin alone; the position's value is the nim-sum of its heads coins' values, %d", name, r, total) + outcome(total)
	t.WriteString(caption + "\n" + coinLine.String() + "\n" + faceLine.String() + "\n" + valueLine.String())
	return Display{HTML: figure(h.String(), esc(caption)), Text: t.String()}, nil
}

// outcome ends a caption that gave a normal-play value v.
func outcome(v int) string {
	if v == 0 {
		return ": a P-position, lost for the player to move."
	}
	return ": won for the player to move."
}

// CoinBoard draws a board of a two-dimensional coin-turning game, the top
// row first as in coins.Board, each coin heads (●, bold) or tails (○)
// with its value g(x, y) — the value of the board with coin (x, y) alone
// heads, as coins.Product's Value gives it: the nim-product of the values
// of its column and its row, by the Tartan theorem — and the position's
// value, the nim-sum of its heads coins' values by the coin-turning
// theorem (package coins). name names the game.
func CoinBoard(name string, b play.Board, value func(x, y int) int) (Display, error) {
	if value == nil {
		return Display{}, fmt.Errorf("show: coin board of %q: no value function: %w", name, ErrData)
	}
	w, ht := b.Width(), b.Height()
	values := make([][]int, ht+1)
	width := len(strconv.Itoa(max(w, ht)))
	total := 0
	for y := 1; y <= ht; y++ {
		values[y] = make([]int, w+1)
		for x := 1; x <= w; x++ {
			v := value(x, y)
			if v < 0 {
				return Display{}, fmt.Errorf("show: coin board of %q: g(%d, %d) = %d is negative: %w", name, x, y, v, ErrData)
			}
			values[y][x] = v
			width = max(width, len(strconv.Itoa(v)))
			if b.IsHeads(x, y) {
				total ^= v
			}
		}
	}
	var h, faces, vals strings.Builder
	h.WriteString(`<table style="` + tableStyle + `"><tbody>`)
	rowHead := len(strconv.Itoa(ht))
	for y := ht; y >= 1; y-- {
		fmt.Fprintf(&h, `<tr><th style="%s">%d</th>`, headStyle, y)
		fmt.Fprintf(&faces, "%*d ", rowHead, y)
		fmt.Fprintf(&vals, "%*d ", rowHead, y)
		for x := 1; x <= w; x++ {
			style, mark, face := cellStyle+"; text-align: center", "○", "T"
			if b.IsHeads(x, y) {
				style, mark, face = style+"; font-weight: bold", "●", "H"
			}
			fmt.Fprintf(&h, `<td style="%s" title="(%d, %d) %s">%s %d</td>`, style, x, y, map[string]string{"H": "heads", "T": "tails"}[face], mark, values[y][x])
			fmt.Fprintf(&faces, " %*s", width, face)
			fmt.Fprintf(&vals, " %*d", width, values[y][x])
		}
		h.WriteString("</tr>")
		faces.WriteByte('\n')
		vals.WriteByte('\n')
	}
	fmt.Fprintf(&h, `<tr><th style="%s">y / x</th>`, headStyle)
	var foot strings.Builder
	foot.WriteString(strings.Repeat(" ", rowHead+1))
	for x := 1; x <= w; x++ {
		fmt.Fprintf(&h, `<th style="%s">%d</th>`, headStyle, x)
		fmt.Fprintf(&foot, " %*d", width, x)
	}
	h.WriteString("</tr></tbody></table>")
	caption := fmt.Sprintf("%s, board %s (top row first): ● heads, ○ tails, with the value g(x, y) of each coin alone; the position's value is the nim-sum of its heads coins' values, %d", name, b, total) + outcome(total)
	text := caption + "\nfaces (H heads, T tails), row y by row, top first:\n" + faces.String() + foot.String() +
		"\nvalues g(x, y):\n" + vals.String() + foot.String()
	return Display{HTML: figure(h.String(), esc(caption)), Text: text}, nil
}
