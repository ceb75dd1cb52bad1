package report

import "github.com/grundylab/grundy/pkg/report/mdcost"

// affordable reports whether Markdown src, of the cell and output (0 for
// the cell's own source), fits what is left of the notebook's Markdown
// budget, and spends its cost if so. If not, it adds src as text, after a
// note that says why, and a warning.
func (b *builder) affordable(cell, out int, src string) bool {
	m := mdcost.Of(src)
	why := m.TooCostly(b.budget)
	if why == "" {
		b.budget -= m.Cost
		return true
	}
	what := "This cell's Markdown"
	if out > 0 {
		what = "This output's Markdown"
	}
	b.add(Block{Kind: KindNote, Cell: cell, Output: out, Text: what + " is shown as text: " + why + "."})
	b.add(Block{Kind: KindText, Cell: cell, Output: out, Text: src})
	b.warn(cell, out, "Markdown shown as text: %s", why)
	return false
}

// markdownBlock adds Markdown src of the cell and output as a Markdown
// block if it is affordable. Every Markdown block a view holds is added
// here, or after affordable, so that no parser sees Markdown the budget
// has not measured.
func (b *builder) markdownBlock(cell, out int, src string) {
	if b.affordable(cell, out, src) {
		b.add(Block{Kind: KindMarkdown, Cell: cell, Output: out, Text: src})
	}
}
