package htmlpage

import (
	"html"
	"html/template"
	"strings"

	"github.com/grundylab/grundy/pkg/report/mathml"
)

// Summary returns a plain-text summary (report.Meta.Summary) as HTML for
// the site index: the text escaped, whatever run wrote it, and its
// formulas ($TeX$ and $$TeX$$, as report.PlainText keeps them) as
// sanitised MathML. Nothing in a summary is read as Markdown or HTML, so
// a summary cannot carry markup from one notebook's trust into another
// page.
func Summary(summary string) template.HTML {
	p := &page{conv: mathml.New()}
	var b strings.Builder
	for s := summary; s != ""; {
		i := strings.IndexByte(s, '$')
		if i < 0 {
			b.WriteString(html.EscapeString(s))
			break
		}
		b.WriteString(html.EscapeString(s[:i]))
		delim := "$"
		if strings.HasPrefix(s[i:], "$$") {
			delim = "$$"
		}
		rest := s[i+len(delim):]
		j := strings.Index(rest, delim)
		if j <= 0 {
			b.WriteString(html.EscapeString(s[i:]))
			break
		}
		b.WriteString(p.math(rest[:j], delim == "$$"))
		s = rest[j+len(delim):]
	}
	return template.HTML(b.String())
}
