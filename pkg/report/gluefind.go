package report

import (
	"bytes"
	"regexp"
	"slices"
	"strings"

	"github.com/grundylab/grundy/pkg/report/authoring"
	"github.com/grundylab/grundy/pkg/report/mathml"
	"github.com/grundylab/grundy/pkg/report/plaintext"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// A glueRef is a glue role or directive in Markdown source, as MyST-NB
// reads them: a role {glue:text}`name:spec` in text, a directive as a
// fenced block ```{glue:figure} name``` (or a colon fence, :::) at the
// top level of a cell.
type glueRef struct {
	// Start and End delimit the whole role or directive in the source.
	Start, End int
	// Name is the role or directive's name, as "glue:text"; "glue:" is
	// read as "glue".
	Name string
	// Directive is set for a directive; Nested for one inside a list or
	// a quote, which is not read (MyST-NB would read it; the view cannot
	// split a list around a block).
	Directive, Nested bool
	// Arg is the role's text or the directive's argument.
	Arg string
	// Options are a directive's options (":alt: text" lines or a YAML
	// block between --- lines); Body is its content after them.
	Options map[string]string
	Body    string
	// Caption holds the glue found in a glue:figure's Body, its caption.
	Caption []glueRef
	// LineRest is what follows a role on its line, and AtLineStart is set
	// when the role may be the first character of its line's inline
	// content: a value pasted there could start a block.
	LineRest    string
	AtLineStart bool
}

// glueRoles are the names of the glue roles and directives.
var glueRoles = []string{"glue", "glue:", "glue:any", "glue:text", "glue:md", "glue:math", "glue:figure"}

// directiveOpen matches a directive's info string: the name in braces
// and the argument.
var directiveOpen = regexp.MustCompile(`^\{(glue(?::[a-z]*)?)\}(?:[ \t]+(.*?))?[ \t]*$`)

// findGlue returns the glue roles and directives of Markdown source in
// order: roles in text only (not in code, math or HTML, not after a
// backslash), directives only where they stand at the top level (not in
// a list or quote). Source is read with goldmark and math found as the
// writers find it, so a role is what a reader's renderer would see as
// one.
func findGlue(src []byte) []glueRef {
	if !bytes.Contains(src, []byte("{glue")) {
		return nil
	}
	source := mathml.JoinLines(src) // same offsets as src
	doc := plaintext.MarkdownParser().Parse(text.NewReader(source))
	var refs []glueRef
	inDirective := func(pos int) bool {
		return slices.ContainsFunc(refs, func(r glueRef) bool { return r.Directive && r.Start <= pos && pos < r.End })
	}
	// Directives first: the roles inside one (in its caption) belong to
	// it, and are read again with its body.
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if c.Pos() >= 0 && inDirective(c.Pos()) {
			continue
		}
		switch c := c.(type) {
		case *ast.FencedCodeBlock:
			if c.Info == nil {
				continue
			}
			m := directiveOpen.FindStringSubmatch(string(c.Info.Segment.Value(source)))
			if m == nil || !slices.Contains(glueRoles, m[1]) {
				continue
			}
			start := lineStart(src, c.Pos())
			refs = append(refs, directive(src, start, m[1], m[2]))
		case *ast.Paragraph:
			lines := c.Lines()
			for k := range lines.Len() {
				seg := lines.At(k)
				if r, ok := colonDirective(src, seg.Start); ok {
					refs = append(refs, r)
					break
				}
			}
		}
	}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.CodeSpan:
			if r, ok := role(source, n); ok && !inDirective(r.Start) {
				refs = append(refs, r)
			}
			return ast.WalkSkipChildren, nil
		case *ast.FencedCodeBlock:
			if _, top := n.Parent().(*ast.Document); !top && n.Info != nil && !inDirective(n.Pos()) {
				m := directiveOpen.FindStringSubmatch(string(n.Info.Segment.Value(source)))
				if m != nil && slices.Contains(glueRoles, m[1]) {
					refs = append(refs, glueRef{Start: n.Pos(), End: n.Pos() + 1, Name: strings.TrimSuffix(m[1], ":"), Arg: m[2], Directive: true, Nested: true})
				}
			}
			return ast.WalkSkipChildren, nil
		case *ast.CodeBlock, *ast.HTMLBlock, *ast.RawHTML, *mathml.Math, *mathml.MathBlock:
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	slices.SortFunc(refs, func(a, b glueRef) int { return a.Start - b.Start })
	for i := range refs {
		if r := &refs[i]; !r.Directive {
			r.LineRest = string(src[r.End:lineEndAt(src, r.End)])
			r.AtLineStart = lineStartsAt(src, r.Start)
		}
	}
	return refs
}

// role returns the role whose text is the code span n: the span must
// follow "{name}" in plain text, not escaped.
func role(source []byte, n *ast.CodeSpan) (glueRef, bool) {
	pos := n.Pos()
	prev, ok := n.PreviousSibling().(*ast.Text)
	if pos <= 0 || !ok || prev.Segment.Stop != pos || source[pos-1] != '}' || n.FirstChild() == nil {
		return glueRef{}, false
	}
	open := bytes.LastIndexByte(source[:pos], '{')
	if open < 0 || open < prev.Segment.Start && !textBefore(prev, open) {
		return glueRef{}, false
	}
	name := string(source[open+1 : pos-1])
	if !slices.Contains(glueRoles, name) || name == "glue:figure" {
		return glueRef{}, false
	}
	backslashes := 0
	for k := open - 1; k >= 0 && source[k] == '\\'; k-- {
		backslashes++
	}
	if backslashes%2 == 1 {
		return glueRef{}, false
	}
	ticks := 0
	for pos+ticks < len(source) && source[pos+ticks] == '`' {
		ticks++
	}
	var arg strings.Builder
	last := 0
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok {
			arg.Write(t.Segment.Value(source))
			last = t.Segment.Stop
		}
	}
	closeAt := bytes.IndexByte(source[last:], '`')
	if closeAt < 0 {
		return glueRef{}, false
	}
	if name == "glue:" {
		name = "glue"
	}
	return glueRef{Start: open, End: last + closeAt + ticks, Name: name, Arg: strings.TrimSpace(strings.ReplaceAll(arg.String(), "\n", " "))}, true
}

// textBefore reports whether source position open lies in the text
// nodes that run up to t without a gap.
func textBefore(t *ast.Text, open int) bool {
	start := t.Segment.Start
	for p := t.PreviousSibling(); p != nil; p = p.PreviousSibling() {
		pt, ok := p.(*ast.Text)
		if !ok || pt.Segment.Stop != start {
			break
		}
		start = pt.Segment.Start
	}
	return open >= start
}

// directive reads the fenced directive whose opening line starts at
// start, up to its closing fence or the end of the source.
func directive(src []byte, start int, name, arg string) glueRef {
	line := src[start:lineEndAt(src, start)]
	indent := len(line) - len(bytes.TrimLeft(line, " "))
	fence := line[indent]
	n := indent
	for n < len(line) && line[n] == fence {
		n++
	}
	return fenced(src, start, lineEndAt(src, start), fence, n-indent, name, arg)
}

// colonOpen matches the opening line of a MyST colon fence that holds a
// glue directive.
var colonOpen = regexp.MustCompile(`^ {0,3}(:{3,})\{(glue(?::[a-z]*)?)\}(?:[ \t]+(.*?))?[ \t]*$`)

// colonDirective reads the colon-fenced directive whose opening line
// starts at start, if there is one.
func colonDirective(src []byte, start int) (glueRef, bool) {
	m := colonOpen.FindSubmatch(src[start:lineEndAt(src, start)])
	if m == nil || !slices.Contains(glueRoles, string(m[2])) {
		return glueRef{}, false
	}
	return fenced(src, start, lineEndAt(src, start), ':', len(m[1]), string(m[2]), string(m[3])), true
}

// fenced reads a directive whose opening line is src[start:openEnd],
// fenced by at least n of the character fence.
func fenced(src []byte, start, openEnd int, fence byte, n int, name, arg string) glueRef {
	bodyStart := min(openEnd+1, len(src))
	end, bodyEnd := len(src), len(src)
	for l := bodyStart; l < len(src); {
		e := lineEndAt(src, l)
		t := bytes.TrimRight(src[l:e], " \t\r")
		trimmed := bytes.TrimLeft(t, " ")
		if len(t)-len(trimmed) <= 3 && len(trimmed) >= n && len(bytes.Trim(trimmed, string(fence))) == 0 {
			bodyEnd, end = l, min(e+1, len(src))
			break
		}
		l = e + 1
	}
	if name == "glue:" {
		name = "glue"
	}
	r := glueRef{Start: start, End: end, Name: name, Directive: true, Arg: strings.TrimSpace(arg)}
	r.Options, r.Body = directiveBody(string(src[bodyStart:max(bodyStart, bodyEnd)]))
	if r.Name == "glue:figure" {
		r.Caption = findGlue([]byte(r.Body))
	}
	return r
}

// directiveBody splits a directive's content into its options, given as
// ":key: value" lines or as a YAML block between "---" lines, read as
// the page's directives read them, and the rest.
func directiveBody(s string) (map[string]string, string) {
	opts, rest, _ := authoring.DirectiveOptions(s)
	if opts == nil {
		opts = map[string]string{}
	}
	return opts, strings.Trim(rest, "\n")
}

// lineStartPrefix matches what may stand before a role at the start of a
// line's inline content: spaces, quote markers and list markers.
var lineStartPrefix = regexp.MustCompile(`^(?:[ \t]*(?:>|[-+*]|[0-9]{1,9}[.)])?[ \t]*)*$`)

// lineStartsAt reports whether src[pos] may be the first character of a
// line's inline content, where a character could start a block.
func lineStartsAt(src []byte, pos int) bool {
	start := bytes.LastIndexByte(src[:pos], '\n') + 1
	return lineStartPrefix.Match(src[start:pos])
}

// lineStart returns the start of the line that holds src[pos].
func lineStart(src []byte, pos int) int {
	return bytes.LastIndexByte(src[:pos], '\n') + 1
}

// lineEndAt returns the index of the newline that ends the line starting
// at start, or len(src).
func lineEndAt(src []byte, start int) int {
	if k := bytes.IndexByte(src[start:], '\n'); k >= 0 {
		return start + k
	}
	return len(src)
}
