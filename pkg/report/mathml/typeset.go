package mathml

import (
	"html"
	"strings"
)

// TypesetHTML returns HTML, such as a cell's text/html output, with the
// formulas in its text converted, as JupyterLab's MathJax typesets an HTML
// output (a table whose headings read $\alpha$): $...$ and \(...\) inline,
// $$...$$, \[...\] and \begin{env}...\end{env} displayed, within one run
// of text; \$ is a dollar. Nothing is typeset where MathJax typesets
// nothing (<pre>, <code>, <script>, <style>, <textarea>) nor in MathML or
// SVG. The HTML should be sanitised already: its tags pass through as
// they are, and the text around the formulas is escaped again.
func (c *Converter) TypesetHTML(s string) string {
	if !strings.ContainsAny(s, `$\`) {
		return s
	}
	var out strings.Builder
	for raw, z := range htmlTokens(s) {
		if z != nil {
			text := string(z.Text())
			if spans := texSpans(text); len(spans) > 0 {
				c.typesetText(&out, text, spans)
				continue
			}
		}
		out.WriteString(raw)
	}
	return out.String()
}

// A texSpan is a formula in text: text[start:end] with its delimiters, and
// its TeX.
type texSpan struct {
	start, end int
	tex        string
	display    bool
}

// typesetText writes text escaped, with its formulas converted.
func (c *Converter) typesetText(w *strings.Builder, text string, spans []texSpan) {
	at := 0
	for _, s := range spans {
		w.WriteString(html.EscapeString(strings.ReplaceAll(text[at:s.start], `\$`, "$")))
		c.writeHTML(w, trimTeX(s.tex), s.display)
		at = s.end
	}
	w.WriteString(html.EscapeString(strings.ReplaceAll(text[at:], `\$`, "$")))
}

// texSpans returns the formulas of text by MathJax's delimiters. The
// search for closing delimiters reads at most 16 times the text (and a
// megabyte more) in all, so that text of many unclosed delimiters takes
// linear time; past that, the rest is text.
func texSpans(text string) []texSpan {
	var spans []texSpan
	budget := 16*len(text) + 1<<20
	for i := 0; i < len(text); {
		open, closer, display := "", "", false
		rest := text[i:]
		switch {
		case strings.HasPrefix(rest, `\$`):
			i += 2
			continue
		case strings.HasPrefix(rest, "$$"):
			open, closer, display = "$$", "$$", true
		case rest[0] == '$':
			open, closer = "$", "$"
		case strings.HasPrefix(rest, `\(`):
			open, closer = `\(`, `\)`
		case strings.HasPrefix(rest, `\[`):
			open, closer, display = `\[`, `\]`, true
		case strings.HasPrefix(rest, `\begin{`):
			if j := strings.IndexByte(rest, '}'); j > 0 {
				open, closer, display = rest[:j+1], `\end`+rest[len(`\begin`):j+1], true
			}
		}
		if open == "" {
			i++
			if rest[0] == '\\' && len(rest) > 1 {
				i++ // an escaped character
			}
			continue
		}
		end := closing(text, i+len(open), closer, &budget)
		if budget <= 0 {
			return spans
		}
		if end < 0 {
			i += len(open)
			continue
		}
		s := texSpan{start: i, end: end + len(closer), tex: text[i+len(open) : end], display: display}
		if closer[0] == '\\' && closer[1] == 'e' {
			s.tex = text[i:s.end] // an environment is its own TeX
		}
		if strings.TrimSpace(s.tex) != "" {
			spans = append(spans, s)
		}
		i = s.end
	}
	return spans
}

// closing returns the index of closer in text from i, outside braces and
// escapes, or -1, spending budget a byte read.
func closing(text string, i int, closer string, budget *int) int {
	depth := 0
	for ; i < len(text) && *budget > 0; i++ {
		*budget--
		if depth == 0 && strings.HasPrefix(text[i:], closer) {
			return i
		}
		switch text[i] {
		case '\\':
			i++
		case '{':
			depth++
		case '}':
			if depth > 0 {
				depth--
			}
		}
	}
	return -1
}
