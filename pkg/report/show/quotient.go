package show

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/grundylab/grundy/pkg/games/misere"
)

// Bounds of a Quotient display: misere.Solve builds quotients of up to
// 8,192 elements, whose table alone would be 67 million cells.
const (
	// MaxQuotientTable is the largest order whose multiplication table
	// Quotient draws; a larger quotient is shown by its presentation.
	MaxQuotientTable = 64
	// MaxElements is the most elements Quotient lists with their normal
	// forms; the rest are counted.
	MaxElements = 1024
)

// QuotientOptions say how a Quotient is drawn. The zero value names the
// game by its code and shows the pretending function of the heaps it
// chooses.
type QuotientOptions struct {
	// Caption names the game, e.g. "Kayles (0.77)"; empty means its code.
	Caption string
	// Heaps is the number of heaps, 0 to Heaps-1, whose elements are shown.
	// 0 means the preperiod and two periods, in full rows, for a quotient
	// proven complete, else every heap computed. Heaps beyond those computed
	// can be shown only for a proven quotient, whose period gives them.
	Heaps int
	// Columns is the number of heaps a row; 0 means the period when there
	// is one from 2 to 24, else 10.
	Columns int
}

// Quotient draws a misère quotient, as misere.Solve returns it, the way
// Plambeck's and Siegel's tables give one: whether it is proven to be the
// whole game's (with the period of its pretending function) or only the
// quotient of the heaps computed; its presentation by generators, each a
// heap, and relations; its elements by number with their normal forms, the
// P-portion marked; its multiplication table, for orders up to
// MaxQuotientTable; and the pretending function Φ, the element of each of
// the first heaps, with the heaps that are lost alone marked and, for a
// proven quotient, the preperiod and the periods tinted.
func Quotient(q *misere.Quotient, o QuotientOptions) (Display, error) {
	if q == nil {
		return Display{}, fmt.Errorf("show: quotient %q: no quotient: %w", o.Caption, ErrData)
	}
	name := o.Caption
	if name == "" {
		name = q.Code().String()
	}
	proof, proven := q.Proof()
	pre, period := 0, 0
	if proven {
		pre, period = proof.Preperiod, proof.Period
	}
	cols := o.Columns
	switch {
	case cols < 0:
		return Display{}, fmt.Errorf("show: quotient %q: %d columns: %w", name, cols, ErrData)
	case cols == 0 && period >= 2 && period <= 24:
		cols = period
	case cols == 0:
		cols = 10
	}
	heaps := o.Heaps
	switch {
	case heaps < 0 || heaps > MaxCells:
		return Display{}, fmt.Errorf("show: quotient %q: %d heaps (0 to %d): %w", name, heaps, MaxCells, ErrData)
	case heaps == 0 && proven:
		heaps = min(MaxCells, (pre+2*period+cols-1)/cols*cols)
	case heaps == 0:
		heaps = min(MaxCells, q.Heaps()+1)
	}
	phi := make([]int, heaps)
	for n := range phi {
		x, err := q.Pretend(n)
		if err != nil {
			return Display{}, fmt.Errorf("show: quotient %q: %w: %w", name, ErrData, err)
		}
		phi[n] = x
	}

	caption := quotientCaption(name, q, proof, proven)
	var h, t strings.Builder
	h.WriteString("<div>")
	t.WriteString(caption + "\n")

	gens := q.Generators()
	letters := make([]string, len(gens))
	defs := make([]string, len(gens))
	for i, g := range gens {
		x, err := q.Pretend(g)
		if err != nil {
			return Display{}, fmt.Errorf("show: quotient %q: generator %d: %w", name, g, err)
		}
		letters[i] = q.Name(x)
		defs[i] = letters[i] + " = Φ(" + strconv.Itoa(g) + ")"
	}
	relations := q.Relations()
	shownRelations := relations[:min(len(relations), MaxListed)]
	more := ""
	if len(relations) > MaxListed {
		more = fmt.Sprintf(", … (%d relations)", len(relations))
	}
	pres := "⟨" + strings.Join(letters, ", ") + " | " + strings.Join(shownRelations, ", ") + more + "⟩"
	where := ", where " + strings.Join(defs, ", ") + ": the element of a heap of n tokens is Φ(n)."
	if len(gens) == 0 {
		where = ", the trivial monoid: every heap is the identity 1."
	}
	fmt.Fprintf(&h, `<p><strong>Presentation.</strong> %s</p>`, power(pres+where))
	t.WriteString("Presentation: " + pres + where + "\n")

	pNames := make([]string, 0, len(q.PPortion()))
	for _, x := range q.PPortion() {
		pNames = append(pNames, q.Name(x))
	}
	pSet := "{" + strings.Join(pNames, ", ") + "}"
	fmt.Fprintf(&h, `<p><strong>Elements</strong> by number with their normal forms; the P-portion %s, the sums lost for the player to move, is bold and underlined.</p>`, power(pSet))
	t.WriteString("Elements by number with their normal forms; * marks the P-portion " + pSet + ", the sums lost for the player to move:\n")
	elementTable(&h, &t, q)

	if q.Size() <= MaxQuotientTable {
		h.WriteString(`<p><strong>Multiplication table</strong> by element numbers; the products in the P-portion are bold and underlined.</p>`)
		t.WriteString("\nMultiplication table by element numbers; * marks the products in the P-portion:\n")
		mulTable(&h, &t, q)
	} else {
		note := fmt.Sprintf("The multiplication table of %d elements is not drawn (more than %d): the presentation's relations determine every product.", q.Size(), MaxQuotientTable)
		h.WriteString("<p>" + esc(note) + "</p>")
		t.WriteString("\n" + note + "\n")
	}

	phiNote := fmt.Sprintf("Pretending function: Φ(n), the element of a heap of n tokens, for n = 0 to %d; the heaps lost alone, Φ(n) in the P-portion, are bold and underlined (* in text).", heaps-1)
	if proven {
		phiNote += fmt.Sprintf(" Φ(n + %d) = Φ(n) for every n ≥ %d", period, pre)
		if pre > 0 {
			phiNote += fmt.Sprintf("; the preperiod, n < %d, is tinted orange", pre)
		}
		phiNote += "; successive periods are tinted in alternating greens."
	}
	table, text := grid(phi, cols, pre, period, func(n int) bool { return q.IsP(phi[n]) })
	h.WriteString("<p>" + esc(phiNote) + "</p>" + table + "</div>")
	t.WriteString("\n" + phiNote + "\n" + text)
	return Display{HTML: figure(h.String(), esc(caption)), Text: t.String()}, nil
}

func quotientCaption(name string, q *misere.Quotient, p misere.Proof, proven bool) string {
	var b strings.Builder
	elements := "elements"
	if q.Size() == 1 {
		elements = "element"
	}
	fmt.Fprintf(&b, "Misère quotient of %s: %d %s, %d of them in the P-portion.", name, q.Size(), elements, len(q.PPortion()))
	if proven {
		fmt.Fprintf(&b, " Proven complete, the quotient of every sum of heaps: Φ(n + %d) = Φ(n) for %d ≤ n ≤ %d, and moves take at most t = %d tokens and leave at most k = %d heaps, so the periodicity theorem (package misere) needs the heaps up to k(max(%d, 1) + %d) + t − 1 = %d, all computed.", p.Period, p.Preperiod, q.Heaps()-p.Period, p.MaxTake, p.MaxHeaps, p.Preperiod, p.Period, p.Bound)
	} else {
		fmt.Fprintf(&b, " Not proven complete: this is the quotient of the sums of heaps of at most %d tokens, and a larger heap may change it.", q.Heaps())
	}
	return b.String()
}

// elementTable lists the elements, eight a row, each its number and normal
// form, the P-portion marked.
func elementTable(h, t *strings.Builder, q *misere.Quotient) {
	const perRow = 8
	shown := min(q.Size(), MaxElements)
	nameWidth := 1
	for x := range shown {
		nameWidth = max(nameWidth, len(q.Name(x)))
	}
	numWidth := len(strconv.Itoa(shown - 1))
	h.WriteString(`<table style="` + tableStyle + `"><tbody>`)
	for row := 0; row < shown; row += perRow {
		h.WriteString("<tr>")
		var line strings.Builder
		for x := row; x < row+perRow && x < shown; x++ {
			style, mark := cellStyle+"; text-align: left", " "
			if q.IsP(x) {
				style += "; font-weight: bold; text-decoration: underline"
				mark = "*"
			}
			fmt.Fprintf(h, `<th style="%s">%d</th><td style="%s">%s</td>`, headStyle, x, style, power(q.Name(x)))
			fmt.Fprintf(&line, "%*d %-*s  ", numWidth, x, nameWidth+1, q.Name(x)+mark)
		}
		h.WriteString("</tr>")
		t.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	h.WriteString("</tbody></table>")
	if shown < q.Size() {
		more := fmt.Sprintf("… %d more elements.", q.Size()-shown)
		h.WriteString("<p>" + more + "</p>")
		t.WriteString(more + "\n")
	}
}

// mulTable draws the products x·y of the elements by number.
func mulTable(h, t *strings.Builder, q *misere.Quotient) {
	n := q.Size()
	w := len(strconv.Itoa(n-1)) + 1
	h.WriteString(`<table style="` + tableStyle + `"><thead><tr><th style="` + headStyle + `">·</th>`)
	var head strings.Builder
	fmt.Fprintf(&head, "%*s", w, "·")
	for y := range n {
		fmt.Fprintf(h, `<th style="%s">%d</th>`, headStyle, y)
		fmt.Fprintf(&head, " %*d ", w, y)
	}
	h.WriteString("</tr></thead><tbody>")
	t.WriteString(strings.TrimRight(head.String(), " ") + "\n")
	for x := range n {
		fmt.Fprintf(h, `<tr><th style="%s">%d</th>`, headStyle, x)
		var line strings.Builder
		fmt.Fprintf(&line, "%*d", w, x)
		for y := range n {
			p := q.Mul(x, y)
			if q.IsP(p) {
				fmt.Fprintf(h, `<td style="%s; font-weight: bold; text-decoration: underline">%d</td>`, cellStyle, p)
				fmt.Fprintf(&line, " %*s", w+1, strconv.Itoa(p)+"*")
			} else {
				fmt.Fprintf(h, `<td style="%s">%d</td>`, cellStyle, p)
				fmt.Fprintf(&line, " %*d ", w, p)
			}
		}
		h.WriteString("</tr>")
		t.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	h.WriteString("</tbody></table>")
}

// exponent is an exponent in a normal form, "b^2".
var exponent = regexp.MustCompile(`\^([0-9]+)`)

// power escapes s and writes its exponents as superscripts: "b^2" reads
// b², as in the papers.
func power(s string) string {
	return exponent.ReplaceAllString(esc(s), "<sup>$1</sup>")
}
