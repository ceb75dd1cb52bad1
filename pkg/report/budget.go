package report

import "github.com/grundylab/grundy/pkg/report/mdcost"

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
