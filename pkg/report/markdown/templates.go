package markdown

import (
	"regexp"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// Blogs run a template engine over a post before they read its Markdown,
// in code too: Hugo expands its shortcodes ({{< gist >}} loads a script
// from the web, {{< youtube >}} a frame), Jekyll runs Liquid and Hexo
// Nunjucks, whose filters can build any markup from text ({{ "%3Cscript"
// | url_decode }}) and which fail a whole site on a Go literal such as
// [][]int{{1, 2}}. Render puts an untrusted post's body that holds their
// syntax in a raw block that Liquid and Nunjucks both know (liquidRaw);
// inside it, the end of the
// raw block and Hugo's shortcodes are broken wherever they are
// (templateEdits).

// templateMark matches the start of a shortcode or of the end of a raw
// block.
var templateMark = regexp.MustCompile(`\{\{[<%]|\{%-?\s*endraw`)

// rawStart and rawEnd open and close a Liquid or Nunjucks raw block inside
// HTML comments, which Markdown readers without a template engine skip.
// No blank line follows rawStart, so that the excerpt Jekyll takes (the
// text up to the first blank line) holds the post's first block.
const (
	rawStart = "<!-- {% raw %} -->\n"
	rawEnd   = "\n<!-- {% endraw %} -->\n"
)

// liquidRaw returns a post's body in a raw block if it holds what Liquid
// or Nunjucks would read ("{{" or "{%"), else as it is.
func liquidRaw(body string) string {
	if !strings.Contains(body, "{{") && !strings.Contains(body, "{%") {
		return body
	}
	return rawStart + body + rawEnd
}

// templateEdits returns the edits that break each templateMark in source:
// its first brace written as a character reference or, in code, where a
// reference would show, followed by a zero-width space.
func templateEdits(doc ast.Node, source []byte) []edit {
	marks := templateMark.FindAllIndex(source, -1)
	if len(marks) == 0 {
		return nil
	}
	var code []text.Segment
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			code = append(code, n.Lines().Sliced(0, n.Lines().Len())...)
		case *ast.CodeSpan:
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				if t, ok := c.(*ast.Text); ok {
					code = append(code, t.Segment)
				}
			}
		}
		return ast.WalkContinue, nil
	})
	slices.SortFunc(code, func(a, b text.Segment) int { return a.Start - b.Start })
	// inCode reports whether source[i:j] is code; segments do not
	// overlap, so the one that could hold it is the last to start at or
	// before i.
	inCode := func(i, j int) bool {
		k, found := slices.BinarySearchFunc(code, i, func(s text.Segment, i int) int { return s.Start - i })
		if !found {
			k--
		}
		return k >= 0 && j <= code[k].Stop
	}
	edits := make([]edit, len(marks))
	for n, m := range marks {
		if inCode(m[0], m[1]) {
			edits[n] = edit{m[0] + 1, m[0] + 1, "\u200b"}
		} else {
			edits[n] = edit{m[0], m[0] + 1, "&#123;"}
		}
	}
	return edits
}

// escapeTemplates writes, in HTML, the first brace of each templateMark
// and of "{:" (see attributeLists) as a character reference.
func escapeTemplates(s string) string {
	s = strings.ReplaceAll(s, "{:", "&#123;:")
	return templateMark.ReplaceAllStringFunc(s, func(m string) string { return "&#123;" + m[1:] })
}
