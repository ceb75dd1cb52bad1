package htmlpage

import (
	"html"
	"html/template"
	"strings"

	"github.com/grundylab/grundy/pkg/report/mathml"
	"github.com/grundylab/grundy/pkg/report/plaintext"
)

// Summary returns a plain-text summary (report.Meta.Summary) as HTML for
// the site index: the text escaped, whatever run wrote it, and its
// formulas ($TeX$ and $$TeX$$, as plaintext.Of keeps them) as
// sanitised MathML. Nothing in a summary is read as Markdown or HTML, so
// a summary cannot carry markup from one notebook's trust into another
// page.
func Summary(summary string) template.HTML {
	p := &page{conv: mathml.New()}
	return template.HTML(p.textWithMath(summary))
}

// textWithMath returns plain text with formulas ($TeX$ and $$TeX$$) as
// HTML: the text escaped, the formulas as MathML, sanitised unless the
// page is trusted.
func (p *page) textWithMath(text string) string {
	var b strings.Builder
	for _, piece := range plaintext.SplitMath(text) {
		if piece.Math {
			b.WriteString(p.math(piece.Text, piece.Display))
		} else {
			b.WriteString(html.EscapeString(piece.Text))
		}
	}
	return b.String()
}
