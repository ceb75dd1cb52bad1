package report

import (
	"github.com/grundylab/grundy/pkg/report/mdcost"
	"github.com/grundylab/grundy/pkg/report/plaintext"
)

// glueByteCost is what one byte of a glued value costs of the Markdown
// budget each time a role or directive quotes it: the pasting, the
// escaping, the parser and both writers each read it. Glue may spend half
// the budget, the rest being the Markdown's: about 12 MB pasted.
const glueByteCost = 4

// glueFactor bounds what glue pastes by what the notebook holds: at most
// glueFactor times the bytes of its cells' sources and glued values, so
// that a view stays linear in its notebook however often a value is
// quoted. A 1 MB value quoted 200 times made 200 MB of Markdown and took
// gigabytes.
const glueFactor = 16

// glueAllowance returns the bytes of glued values a notebook whose
// sources and glued values take size bytes may paste.
func glueAllowance(size int) int64 {
	return min(mdcost.Budget/2/glueByteCost, glueFactor*int64(size))
}

// affordGlue reports whether pasting n bytes of a glued value fits what
// glue may paste (glueAllowance) and spend of the notebook's Markdown
// budget, and spends it if so; if not, it warns, once a view, that the
// role or directive, written, and those after it are left as written.
func (b *builder) affordGlue(cell int, written string, n int) bool {
	if cost := int64(n) * glueByteCost; int64(n) <= b.glueLeft && b.budget-cost >= mdcost.Budget/2 {
		b.spendGlue(n)
		return true
	}
	if !b.glueSpent {
		b.glueSpent = true
		b.warn(cell, 0, "glue: %s and the glue after it are left as written: the notebook's budget for glued values is spent (%s pasted)", plaintext.Shorten(written, 80), ByteSize(b.glueAllowed-max(b.glueLeft, 0)))
	}
	return false
}

// spendGlue spends n bytes of glued value pasted.
func (b *builder) spendGlue(n int) {
	if n > 0 {
		b.budget -= int64(n) * glueByteCost
		b.glueLeft -= int64(n)
	}
}

// afford reports whether Markdown src, of the cell and output (0 for the
// cell's own source), fits what is left of the notebook's Markdown
// budget, and spends its cost if so. If not, it warns and returns the
// blocks that show src as text instead, after a note that says why.
func (b *builder) afford(cell, out int, src string) ([]Block, bool) {
	m := mdcost.Of(src)
	why := m.TooCostly(b.budget)
	if why == "" {
		b.budget -= m.Cost
		return nil, true
	}
	what := "This cell's Markdown"
	if out > 0 {
		what = "This output's Markdown"
	}
	b.warn(cell, out, "Markdown shown as text: %s", why)
	return []Block{
		{Kind: KindNote, Cell: cell, Output: out, Text: what + " is shown as text: " + why + "."},
		{Kind: KindText, Cell: cell, Output: out, Text: src},
	}, false
}

// markdownBlocks returns Markdown src of the cell and output as a
// Markdown block if it is affordable, else as text. Every Markdown block
// a view holds is made here, or after afford, so that no parser sees
// Markdown the budget has not measured.
func (b *builder) markdownBlocks(cell, out int, src string) []Block {
	if text, ok := b.afford(cell, out, src); !ok {
		return text
	}
	return []Block{{Kind: KindMarkdown, Cell: cell, Output: out, Text: src}}
}
