package markdown

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/util"
)

// A post asks for MathJax (mathjax: true), which typesets the formulas of
// the page a blog makes of it from the page's text, wherever its
// delimiters are found: \href{javascript:...}{x} and
// \mmlToken{mi}[href="javascript:..."]{x} make links that run script,
// \style and \bbox take CSS that loads from the web. A zero-width space
// after the backslash of such a command leaves it no command, and shows
// nothing.

// mathjaxCommand matches the MathJax commands that link, style, name or
// load, up to the character after the name.
var mathjaxCommand = regexp.MustCompile(`\\(?:href|style|class|cssId|data|bbox|mmlToken)(?:[^A-Za-z]|$)`)

// breakMathJax returns text (plain text, or HTML whose text holds no
// character references of a backslash) with a zero-width space after the
// backslash of each of mathjaxCommand.
func breakMathJax(text string) string {
	if !strings.Contains(text, `\`) {
		return text
	}
	return mathjaxCommand.ReplaceAllStringFunc(text, func(m string) string { return `\` + "\u200b" + m[1:] })
}

// mathjaxEdits returns the edits that break MathJax's commands in the text
// of doc as the page shows it, outside code: escapes and character
// references decoded and consecutive pieces of text joined, so that
// neither "\\href", "&#92;href" nor a command split between pieces
// escapes. In a run of text that holds one, a zero-width space goes after
// each backslash that starts a command as written; if the run would still
// show one (written with references, or split), each of its pieces that
// holds a backslash is written again: its text with a zero-width space
// after every backslash, its punctuation escaped.
func mathjaxEdits(doc ast.Node, source []byte) []edit {
	if !bytes.ContainsAny(source, `\&`) {
		return nil
	}
	var edits []edit
	var run []*ast.Text
	flush := func() {
		defer func() { run = run[:0] }()
		if !mathjaxCommand.MatchString(runText(run, source, nil)) {
			return
		}
		var inserted []edit
		for _, t := range run {
			raw := t.Segment.Value(source)
			for _, m := range mathjaxCommand.FindAllIndex(raw, -1) {
				inserted = append(inserted, edit{t.Segment.Start + m[0] + 1, t.Segment.Start + m[0] + 1, "\u200b"})
			}
		}
		if !mathjaxCommand.MatchString(runText(run, source, inserted)) {
			edits = append(edits, inserted...)
			return
		}
		for _, t := range run {
			if s := decodeText(t.Segment.Value(source)); strings.Contains(s, `\`) {
				edits = append(edits, edit{t.Segment.Start, t.Segment.Stop, escapeText(s)})
			}
		}
	}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		switch n := n.(type) {
		case *ast.Text:
			if entering {
				run = append(run, n)
				if n.NextSibling() == nil {
					flush()
				}
			}
			return ast.WalkContinue, nil
		case *ast.CodeSpan, *ast.RawHTML:
			// MathJax skips code; raw HTML is sanitised and broken with
			// the rest of the HTML.
			if entering {
				flush()
			}
			return ast.WalkSkipChildren, nil
		}
		if entering {
			flush()
		}
		return ast.WalkContinue, nil
	})
	flush()
	return edits
}

// runText returns the text a run of pieces shows, with the insertions
// of edits made first.
func runText(run []*ast.Text, source []byte, edits []edit) string {
	var b strings.Builder
	for _, t := range run {
		raw := string(t.Segment.Value(source))
		for i := len(edits) - 1; i >= 0; i-- {
			if e := edits[i]; t.Segment.Start <= e.start && e.start <= t.Segment.Stop {
				at := e.start - t.Segment.Start
				raw = raw[:at] + e.text + raw[at:]
			}
		}
		b.WriteString(decodeText([]byte(raw)))
	}
	return b.String()
}

// decodeText returns Markdown text as goldmark writes it: backslash
// escapes and character references decoded.
func decodeText(raw []byte) string {
	return string(util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(raw))))
}

// escapeText writes text as Markdown that shows it as it is, with a
// zero-width space after each backslash: ASCII punctuation escaped.
func escapeText(text string) string {
	var b strings.Builder
	for _, r := range text {
		if r < 0x80 && util.IsPunct(byte(r)) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
		if r == '\\' {
			b.WriteString("\u200b")
		}
	}
	return b.String()
}
