package show

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grundylab/grundy/pkg/games/heap"
)

// MaxCells is the most values a table shows; a longer sequence shows its
// first MaxCells values and says how many it has.
const MaxCells = 10_000

// SequenceOptions say how a Sequence is drawn. The zero value draws ten
// values a row without a period.
type SequenceOptions struct {
	// Caption names what the values are, e.g. "Kayles".
	Caption string
	// Proof, when set, is the proven period of the sequence: its preperiod
	// and each period are tinted, and its statement is said below.
	Proof *heap.PeriodProof
	// Columns is the number of values a row; 0 means the period when
	// there is one from 2 to 24 (so that equal values stand in columns),
	// else 10.
	Columns int
}

// Sequence draws the values g(0), g(1), ... of a heap game as a table, ten
// (or Columns) values a row, the P-positions (value 0) in bold and marked,
// and with a Proof the preperiod and the successive periods tinted. The
// text form is the same table with P-positions marked by *.
func Sequence(s heap.Sequence, o SequenceOptions) (Display, error) {
	if len(s) == 0 {
		return Display{}, fmt.Errorf("show: sequence %q has no values: %w", o.Caption, ErrData)
	}
	for n, v := range s {
		if v < 0 {
			return Display{}, fmt.Errorf("show: sequence %q: g(%d) = %d is negative: %w", o.Caption, n, v, ErrData)
		}
	}
	pre, period := 0, 0
	if p := o.Proof; p != nil {
		if p.Period < 1 || p.Preperiod < 0 {
			return Display{}, fmt.Errorf("show: sequence %q: preperiod %d, period %d: %w", o.Caption, p.Preperiod, p.Period, ErrData)
		}
		pre, period = p.Preperiod, p.Period
	}
	cols := o.Columns
	switch {
	case cols < 0:
		return Display{}, fmt.Errorf("show: sequence %q: %d columns: %w", o.Caption, cols, ErrData)
	case cols == 0 && period >= 2 && period <= 24:
		cols = period
	case cols == 0:
		cols = 10
	}
	shown := min(len(s), MaxCells)
	table, text := grid(s[:shown], cols, pre, period, func(n int) bool { return s[n] == 0 })
	caption := sequenceCaption(o.Caption, len(s), shown, o.Proof)
	return Display{
		HTML: figure(table, esc(caption)),
		Text: caption + "\n" + text,
	}, nil
}

// grid draws values as a table, cols values a row, each row headed by the
// index of its first value; the values where p holds are bold and
// underlined in HTML, followed by * in text, and when period > 0 the values
// before pre and the successive periods from pre are tinted.
func grid(values []int, cols, pre, period int, p func(n int) bool) (table, text string) {
	width := len(strconv.Itoa(len(values) - 1))
	cellWidth := max(len(strconv.Itoa(slices.Max(values)))+1, len(strconv.Itoa(cols-1))+1)
	var h, t strings.Builder
	// A cell takes its style, a tint and a value: growing once saves the
	// copies of doubling for long tables.
	h.Grow(len(values) * (len(cellStyle) + 100))
	t.Grow(len(values) * (cellWidth + 2))
	h.WriteString(`<table style="` + tableStyle + `"><thead><tr><th style="` + headStyle + `">n</th>`)
	fmt.Fprintf(&t, "%*s", width, "n")
	for c := range cols {
		fmt.Fprintf(&h, `<th style="%s">+%d</th>`, headStyle, c)
		fmt.Fprintf(&t, " %*s", cellWidth, "+"+strconv.Itoa(c))
	}
	h.WriteString("</tr></thead><tbody>")
	t.WriteByte('\n')
	for row := 0; row < len(values); row += cols {
		fmt.Fprintf(&h, `<tr><th style="%s">%d</th>`, headStyle, row)
		var line strings.Builder
		fmt.Fprintf(&line, "%*d", width, row)
		for n := row; n < row+cols && n < len(values); n++ {
			style := cellStyle + tint(n, pre, period)
			if p(n) {
				fmt.Fprintf(&h, `<td style="%s; font-weight: bold; text-decoration: underline" title="P-position">%d</td>`, style, values[n])
				fmt.Fprintf(&line, " %*s", cellWidth, strconv.Itoa(values[n])+"*")
			} else {
				fmt.Fprintf(&h, `<td style="%s">%d</td>`, style, values[n])
				fmt.Fprintf(&line, " %*d ", cellWidth-1, values[n])
			}
		}
		h.WriteString("</tr>")
		t.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	h.WriteString("</tbody></table>")
	return h.String(), strings.TrimRight(t.String(), "\n")
}

// tint is the style that tints index n: orange in the preperiod, n <
// pre, then alternating greens period by period; nothing when period is 0.
func tint(n, pre, period int) string {
	switch {
	case period == 0:
		return ""
	case n < pre:
		return "; background-color: " + prePeriodTint
	case (n-pre)/period%2 == 0:
		return "; background-color: " + periodTint
	default:
		return "; background-color: " + periodTint2
	}
}

func sequenceCaption(name string, n, shown int, p *heap.PeriodProof) string {
	var b strings.Builder
	if name != "" {
		b.WriteString(name)
		b.WriteString(": ")
	}
	fmt.Fprintf(&b, "Grundy values g(n) for n = 0 to %d", shown-1)
	if shown < n {
		fmt.Fprintf(&b, " (the first %d of %d)", shown, n)
	}
	b.WriteString(". Bold underlined (* in text) values 0 are the P-positions, lost for the player to move.")
	if p != nil {
		fmt.Fprintf(&b, " Proven ultimately periodic: g(n + %d) = g(n) for every n ≥ %d", p.Period, p.Preperiod)
		if p.Preperiod > 0 {
			fmt.Fprintf(&b, "; the preperiod, n < %d, is tinted orange", p.Preperiod)
		}
		b.WriteString("; successive periods are tinted in alternating greens.")
	}
	return b.String()
}
