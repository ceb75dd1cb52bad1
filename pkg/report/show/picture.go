package show

import (
	"fmt"
	"iter"
	"strings"
)

// MaxPicture is the largest pile size PPositions draws: a grid of
// (MaxPicture+1)² cells.
const MaxPicture = 1000

// MaxPositions is the most P-positions PPositions draws.
const MaxPositions = 20_000

// PPositions draws the P-positions (a, b) of a two-pile game with both
// piles at most n as an SVG picture: a square cell at column a and row b
// (row 0 at the top) for each. positions yields two-pile positions, as
// piles.Game.PPositions does; symmetric adds (b, a) for each (a, b), for a
// symmetric game whose iterator yields only the sorted ones. The text form
// lists the positions. name names the game, e.g. "Wythoff's game".
func PPositions(name string, n int, positions iter.Seq[[]int], symmetric bool) (Display, error) {
	if n < 0 || n > MaxPicture {
		return Display{}, fmt.Errorf("show: P-positions of %q up to %d (0 to %d): %w", name, n, MaxPicture, ErrData)
	}
	on := make(map[[2]int]bool)
	var list [][2]int
	for p := range positions {
		if len(p) != 2 {
			return Display{}, fmt.Errorf("show: P-positions of %q: position %v has %d piles, not 2: %w", name, p, len(p), ErrData)
		}
		for _, q := range [][2]int{{p[0], p[1]}, {p[1], p[0]}} {
			if q[0] < 0 || q[1] < 0 || q[0] > n || q[1] > n {
				return Display{}, fmt.Errorf("show: P-positions of %q: position %v beyond %d: %w", name, p, n, ErrData)
			}
			if !on[q] {
				if len(list) == MaxPositions {
					return Display{}, fmt.Errorf("show: P-positions of %q: more than %d: %w", name, MaxPositions, ErrData)
				}
				on[q] = true
				list = append(list, q)
			}
			if !symmetric {
				break
			}
		}
	}
	// Cells of at least 4 units and a picture at most 600 units wide.
	cell := max(4, 600/(n+1))
	side := cell * (n + 1)
	margin := 24
	total := side + margin + 4
	var h strings.Builder
	// The attribute is written viewbox: the page's sanitiser lowers it,
	// and a browser's HTML parser restores viewBox inside svg.
	fmt.Fprintf(&h, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewbox="0 0 %d %d">`, total, total, total, total)
	desc := fmt.Sprintf("P-positions of %s with both piles at most %d: %d black cells, pile a across, pile b down.", name, n, len(list))
	fmt.Fprintf(&h, `<title>%s</title>`, esc(desc))
	fmt.Fprintf(&h, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="gray" stroke-width="1"></rect>`, margin, margin, side, side)
	step := max(1, (n+1)/10)
	for i := 0; i <= n; i += step {
		c := margin + i*cell + cell/2
		fmt.Fprintf(&h, `<text x="%d" y="%d" font-size="10" text-anchor="middle" fill="gray">%d</text>`, c, margin-6, i)
		fmt.Fprintf(&h, `<text x="%d" y="%d" font-size="10" text-anchor="end" fill="gray">%d</text>`, margin-4, c+4, i)
	}
	for _, q := range list {
		fmt.Fprintf(&h, `<rect x="%d" y="%d" width="%d" height="%d" fill="currentColor"></rect>`, margin+q[0]*cell, margin+q[1]*cell, cell, cell)
	}
	h.WriteString("</svg>")

	var t strings.Builder
	t.WriteString(desc + "\n")
	for i, q := range list {
		if i > 0 {
			t.WriteString(" ")
		}
		fmt.Fprintf(&t, "(%d, %d)", q[0], q[1])
	}
	return Display{HTML: figure(h.String(), esc(desc)), Text: t.String()}, nil
}
