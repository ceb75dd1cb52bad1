package markdown

import (
	"strconv"
	"strings"
	"time"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/internal/codefence"
)

// provenanceFrontMatter returns the front matter lines that say how the
// post was made, under one key, provenance, that Hugo and Hexo give
// templates as it is.
func provenanceFrontMatter(p *report.Provenance) string {
	if p == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString("provenance:\n")
	field := func(key, value string) {
		if value != "" {
			b.WriteString("  " + key + ": " + yamlScalar(value) + "\n")
		}
	}
	field("notebook", p.Notebook)
	field("commit", p.Commit)
	if p.Commit != "" || p.InRepository {
		b.WriteString("  modified: " + strconv.FormatBool(p.Modified) + "\n")
	}
	if p.Stored {
		b.WriteString("  outputs: stored\n")
	} else {
		kernel := strings.TrimSpace(p.Kernel + " " + p.KernelVersion)
		if p.GoNB != "" {
			kernel = "gonb " + p.GoNB // GoNB's own reply gives its dispatcher's version
		}
		field("kernel", kernel)
		field("language", strings.TrimSpace(p.Language+" "+p.LanguageVersion))
		field("gonb", p.GoNB)
	}
	if !p.Ran.IsZero() {
		b.WriteString("  ran: " + p.Ran.UTC().Format(time.RFC3339) + "\n")
		b.WriteString("  duration: " + yamlScalar(p.Duration.Round(time.Millisecond).String()) + "\n")
	}
	if len(p.Params) > 0 {
		b.WriteString("  parameters:\n")
		for _, param := range p.Params {
			b.WriteString("    - " + yamlScalar(param) + "\n")
		}
	}
	field("command", p.Command)
	return b.String()
}

// provenanceFooter returns the end of a post that says how it was made:
// a rule and a list of report.Provenance's items, their text escaped and
// their code in code spans, so that nothing in them is read as markup.
func provenanceFooter(p *report.Provenance) string {
	if p == nil {
		return ""
	}
	var b strings.Builder
	// A rule of asterisks, which no line above can take for a heading's
	// underline, as it could "---".
	b.WriteString("* * *\n\n*" + report.ProvenanceTitle + ":*\n\n")
	for _, item := range p.Items() {
		b.WriteString("- " + item.Label + ": ")
		for _, part := range item.Parts {
			if part.Code {
				b.WriteString(codeSpan(part.Text))
			} else {
				b.WriteString(noteEscaper.Replace(part.Text))
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// codeSpan returns text as a Markdown code span, delimited by more
// backticks than any run of them in text, and padded with a space where
// text starts or ends with a backtick or a space, which the span would
// otherwise lose or end early.
func codeSpan(text string) string {
	delim := codefence.Span(text)
	if strings.HasPrefix(text, "`") || strings.HasSuffix(text, "`") || strings.HasPrefix(text, " ") || strings.HasSuffix(text, " ") {
		text = " " + text + " "
	}
	return delim + text + delim
}
