package show

import (
	"fmt"
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

	width := len(strconv.Itoa(shown - 1))
	cellWidth := max(len(strconv.Itoa(s[:shown].Max()))+1, len(strconv.Itoa(cols-1))+1)
	var h, t strings.Builder
	h.WriteString(`<table style="` + tableStyle + `"><thead><tr><th style="` + headStyle + `">n</th>`)
	fmt.Fprintf(&t, "%*s", width, "n")
	for c := range cols {
		fmt.Fprintf(&h, `<th style="%s">+%d</th>`, headStyle, c)
		fmt.Fprintf(&t, " %*s", cellWidth, "+"+strconv.Itoa(c))
	}
	h.WriteString("</tr></thead><tbody>")
	t.WriteByte('\n')
	for row := 0; row < shown; row += cols {
		fmt.Fprintf(&h, `<tr><th style="%s">%d</th>`, headStyle, row)
		var line strings.Builder
		fmt.Fprintf(&line, "%*d", width, row)
		for n := row; n < row+cols && n < shown; n++ {
			style := cellStyle
			switch {
			case period == 0:
			case n < pre:
				style += "; background-color: " + prePeriodTint
			case (n-pre)/period%2 == 0:
				style += "; background-color: " + periodTint
			default:
				style += "; background-color: " + periodTint2
			}
			if s[n] == 0 {
				fmt.Fprintf(&h, `<td style="%s; font-weight: bold; text-decoration: underline" title="P-position">0</td>`, style)
				fmt.Fprintf(&line, " %*s", cellWidth, "0*")
			} else {
				fmt.Fprintf(&h, `<td style="%s">%d</td>`, style, s[n])
				fmt.Fprintf(&line, " %*d ", cellWidth-1, s[n])
			}
		}
		h.WriteString("</tr>")
		t.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	h.WriteString("</tbody></table>")

	caption := sequenceCaption(o.Caption, len(s), shown, o.Proof)
	return Display{
		HTML: figure(h.String(), esc(caption)),
		Text: caption + "\n" + strings.TrimRight(t.String(), "\n"),
	}, nil
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
