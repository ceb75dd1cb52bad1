package show

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/grundylab/grundy/pkg/games/play"
)

// MaxOptions is the most options a display lists; the rest are counted.
const MaxOptions = 1000

// maxLabel is the most bytes of a position's label, so that a position with
// a huge String method cannot make a huge display.
const maxLabel = 200

// Options draws a position of g with its value and every option with its
// value, the winning moves (to a position of value 0) marked. name names
// the game.
func Options[P comparable](name string, g *play.Game[P], p P) (Display, error) {
	v, err := g.Value(p)
	if err != nil {
		return Display{}, fmt.Errorf("show: options of %s: %w", name, err)
	}
	opts, err := g.Options(p)
	if err != nil {
		return Display{}, fmt.Errorf("show: options of %s: %w", name, err)
	}
	posHTML, posText := Position(p)
	status := verdict(v, g.Convention())
	winning := 0
	for _, o := range opts {
		if o.Winning {
			winning++
		}
	}
	caption := fmt.Sprintf("%s (%s play), position %s: value %d, %s %d of its %d moves win (marked ✓).", name, g.Convention(), label(p), v, status, winning, len(opts))

	var h, t strings.Builder
	h.WriteString(`<div>` + posHTML + `</div>`)
	h.WriteString(`<table style="` + tableStyle + `"><thead><tr><th style="` + headStyle + `">move to</th><th style="` + headStyle + `">value</th><th style="` + headStyle + `">wins</th></tr></thead><tbody>`)
	t.WriteString(caption + "\n" + posText + "\n")
	for i, o := range opts {
		if i == MaxOptions {
			fmt.Fprintf(&h, `<tr><td style="%s">… %d more</td><td></td><td></td></tr>`, cellStyle, len(opts)-MaxOptions)
			fmt.Fprintf(&t, "  … %d more\n", len(opts)-MaxOptions)
			break
		}
		style, mark := cellStyle, ""
		if o.Winning {
			style += "; background-color: " + winTint
			mark = "✓"
		}
		l := moveLabel(p, o.To)
		fmt.Fprintf(&h, `<tr><td style="%s">%s</td><td style="%s">%d</td><td style="%s">%s</td></tr>`, style, esc(l), style, o.Value, style, mark)
		fmt.Fprintf(&t, "  %-2s %s  (value %d)\n", mark, l, o.Value)
	}
	h.WriteString("</tbody></table>")
	return Display{HTML: figure(h.String(), esc(caption)), Text: strings.TrimRight(t.String(), "\n")}, nil
}

// verdict says who wins a position of value v.
func verdict(v int, c play.Convention) string {
	if v == 0 {
		return "lost for the player to move:"
	}
	if c == play.Misere {
		return "won for the player to move (in misère play the value is g⁻):"
	}
	return "won for the player to move:"
}

// label is the text of a position, cut to maxLabel bytes.
func label(p any) string {
	s := fmt.Sprint(p)
	if len(s) <= maxLabel {
		return s
	}
	cut := maxLabel
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// moveLabel is the text of a move from p to the position to: for a board,
// the rectangle it turns and the board it leaves; else the position's
// label.
func moveLabel(p, to any) string {
	if from, ok := p.(play.Board); ok {
		if next, ok := to.(play.Board); ok {
			if x, y, w, h, ok := from.Turned(next); ok {
				return fmt.Sprintf("turn %d×%d at (%d, %d): %s", w, h, x, y, next)
			}
		}
	}
	return label(to)
}

// maxTokens is the most tokens of a heap drawn one by one.
const maxTokens = 40

// Position draws a position: the heaps of a play.Heaps as rows of tokens,
// the coins of a play.Row as ● (heads) and ○ (tails), those of a
// play.Board the same way row by row, the top row first, anything else as
// its text. It returns the HTML and the text.
func Position(p any) (htmlForm, text string) {
	switch p := p.(type) {
	case play.Heaps:
		sizes := p.Sizes()
		if len(sizes) == 0 {
			return `<p>no heaps left</p>`, "no heaps left"
		}
		var h, t strings.Builder
		h.WriteString(`<p style="line-height: 1.6">`)
		for i, s := range sizes {
			tokens := strings.Repeat("●", min(s, maxTokens))
			if s > maxTokens {
				tokens += "…"
			}
			if i > 0 {
				h.WriteString("<br>")
				t.WriteByte('\n')
			}
			fmt.Fprintf(&h, `<span style="letter-spacing: 0.15em">%s</span> %d`, tokens, s)
			fmt.Fprintf(&t, "%s %d", tokens, s)
		}
		h.WriteString("</p>")
		return h.String(), t.String()
	case play.Board:
		var rows strings.Builder
		for y := p.Height(); y >= 1; y-- {
			if y < p.Height() {
				rows.WriteByte('\n')
			}
			for x := 1; x <= p.Width(); x++ {
				if p.IsHeads(x, y) {
					rows.WriteString("●")
				} else {
					rows.WriteString("○")
				}
			}
		}
		s := rows.String()
		return `<p style="letter-spacing: 0.2em; line-height: 1.2" title="` + esc(p.String()) + `">` + strings.ReplaceAll(s, "\n", "<br>") + `</p>`, s
	case play.Row:
		var faces strings.Builder
		for x := 1; x <= p.Len(); x++ {
			if p.IsHeads(x) {
				faces.WriteString("●")
			} else {
				faces.WriteString("○")
			}
		}
		s := faces.String()
		return `<p style="letter-spacing: 0.2em" title="` + esc(p.String()) + `">` + s + `</p>`, s + "  " + p.String()
	default:
		l := label(p)
		return "<p><code>" + esc(l) + "</code></p>", l
	}
}
