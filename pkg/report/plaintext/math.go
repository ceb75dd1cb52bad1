package plaintext

import "strings"

// A TextPiece is a run of plain text, or one formula, of text that keeps
// its formulas as $TeX$ or $$TeX$$ (Meta.Summary, Block.Caption).
type TextPiece struct {
	// Text is the text, or the formula's TeX without its dollars.
	Text string
	// Math is set for a formula, and Display too for one between $$.
	Math, Display bool
}

// SplitMath splits plain text that keeps its formulas as $TeX$ or
// $$TeX$$ (as Of writes them) into text and formulas, in order.
// A dollar that opens no formula (nothing up to the next one of the same
// kind, or nothing at all) is text; a dollar meant as text before another
// one reads as a formula, as in the summaries and captions it splits.
func SplitMath(s string) []TextPiece {
	var pieces []TextPiece
	text := func(t string) {
		if n := len(pieces); n > 0 && !pieces[n-1].Math {
			pieces[n-1].Text += t
		} else if t != "" {
			pieces = append(pieces, TextPiece{Text: t})
		}
	}
	for s != "" {
		i := strings.IndexByte(s, '$')
		if i < 0 {
			text(s)
			break
		}
		text(s[:i])
		delim := "$"
		if strings.HasPrefix(s[i:], "$$") {
			delim = "$$"
		}
		rest := s[i+len(delim):]
		j := strings.Index(rest, delim)
		if j <= 0 {
			text(s[i:])
			break
		}
		pieces = append(pieces, TextPiece{Text: rest[:j], Math: true, Display: delim == "$$"})
		s = rest[j+len(delim):]
	}
	return pieces
}
