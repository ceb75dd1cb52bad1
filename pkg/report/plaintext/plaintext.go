package plaintext

import (
	"html"
	"regexp"
	"strings"
	"sync"

	"github.com/grundylab/grundy/pkg/report/mathml"
	"github.com/grundylab/grundy/pkg/report/mdcost"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// markdownParser reads Markdown as the writers do: GitHub's extensions,
// math, and headings' attributes ("## Title {#sec-x}"), which are not
// their text.
var markdownParser = sync.OnceValue(func() parser.Parser {
	return goldmark.New(goldmark.WithExtensions(extension.GFM, &mathml.Extender{}), goldmark.WithParserOptions(parser.WithAttribute())).Parser()
})

// MarkdownParser returns a parser that reads Markdown as the writers do,
// with GitHub's extensions and math, for finding where in a text its
// code, formulas and prose lie. It is made once and shared; goldmark's
// parsers may be used by many goroutines at once.
func MarkdownParser() parser.Parser { return markdownParser() }

// budget is the cost of Markdown Of parses: titles and summaries
// are a line or a paragraph.
const budget = mdcost.Budget / 100

// Of returns the text a reader sees in Markdown src, on one line:
// no markup, no HTML tags, no images, links as their text, formulas kept
// as $TeX$ (or $$TeX$$ for displays), entities and escapes resolved.
//
// Markdown too costly to parse (see package mdcost) is taken as text: a
// title or a summary has no use for markup that deep.
func Of(src string) string {
	if mdcost.Of(src).TooCostly(budget) != "" {
		return strings.Join(strings.Fields(Clean(src)), " ")
	}
	source := []byte(Clean(src))
	doc := markdownParser().Parse(text.NewReader(source))
	var b strings.Builder
	role := "" // the MyST role whose content the next code span is
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			if n.Type() == ast.TypeBlock && n.Kind() != ast.KindDocument {
				b.WriteByte(' ')
			}
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Text:
			v := html.UnescapeString(string(util.UnescapePunctuations(n.Segment.Value(source))))
			if _, ok := n.NextSibling().(*ast.CodeSpan); ok && !n.SoftLineBreak() && !n.HardLineBreak() {
				if m := roleMark.FindStringSubmatchIndex(v); m != nil {
					role, v = v[m[2]:m[3]], v[:m[0]]
				}
			}
			b.WriteString(v)
			if n.SoftLineBreak() || n.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.WriteString(html.UnescapeString(string(n.Value)))
		case *ast.CodeSpan:
			var code strings.Builder
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				if t, ok := c.(*ast.Text); ok {
					code.Write(t.Segment.Value(source))
				}
			}
			b.WriteString(roleText(role, code.String()))
			role = ""
			return ast.WalkSkipChildren, nil
		case *mathml.Math:
			delim := "$"
			if n.Display {
				delim = "$$"
			}
			b.WriteString(delim + string(n.TeX) + delim)
			return ast.WalkSkipChildren, nil
		case *ast.AutoLink:
			b.Write(n.Label(source))
			return ast.WalkSkipChildren, nil
		case *ast.Image, *ast.RawHTML, *ast.HTMLBlock, *ast.FencedCodeBlock, *ast.CodeBlock:
			return ast.WalkSkipChildren, nil
		}
		if n.Kind() == mathml.KindMathBlock {
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return strings.Join(strings.Fields(b.String()), " ")
}

// roleMark matches the name of a MyST role, "{numref}", at the end of a
// text its content follows as a code span.
var roleMark = regexp.MustCompile(`\{([A-Za-z][A-Za-z0-9_+.-]*(?::[A-Za-z][A-Za-z0-9_+.-]*)?)\}$`)

// roleLabel matches a role's content that gives a text and a label,
// "text <label>".
var roleLabel = regexp.MustCompile(`(?s)^(.*?)\s*<[^<>]+>$`)

// refRoles are MyST's roles of references, which a writer that knows the
// document's targets resolves in plain text (authoring's
// Index.PlainText): they are kept as written.
var refRoles = map[string]bool{"ref": true, "numref": true, "eq": true, "prf:ref": true, "proof:ref": true}

// roleText returns the text a reader is shown for a role's content: a
// formula for {math}; a reference role as written, "{numref}`label`",
// for the writer to resolve when its content has no backtick; the text
// another gives ("text <label>", its number templates "%s" and
// "{number}" dropped), else the content, a key, as written. A code span
// of no role is its content.
func roleText(role, content string) string {
	switch {
	case role == "":
		return content
	case role == "math":
		return "$" + content + "$"
	case refRoles[role] && !strings.Contains(content, "`"):
		return "{" + role + "}`" + content + "`"
	}
	if m := roleLabel.FindStringSubmatch(content); m != nil && strings.TrimSpace(m[1]) != "" {
		return strings.TrimSpace(strings.NewReplacer("%s", "", "{number}", "").Replace(m[1]))
	}
	return content
}
