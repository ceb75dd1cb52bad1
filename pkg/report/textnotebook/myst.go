package textnotebook

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strings"

	"github.com/grundylab/grundy/pkg/report/mdcost"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// The directives that make cells in MyST Markdown, as jupytext and
// MyST-NB name them.
const (
	codeDirective = "{code-cell}"
	rawDirective  = "{raw-cell}"
)

// frontMatterRule is the line that opens and closes YAML front matter.
var frontMatterRule = regexp.MustCompile(`^---[ \t]*$`)

// myst reads a MyST Markdown notebook as jupytext's myst_to_notebook and
// MyST-NB's reader do: front matter is the notebook's metadata; each
// top-level fence whose info string starts with {code-cell} or {raw-cell}
// is a cell, its options (":key: value" lines, or YAML between "---"
// lines) the cell's metadata; "+++" lines break Markdown into cells, with
// the JSON after them the next cell's metadata; the text between is
// Markdown, kept as written but for blank lines at its ends. Fences in
// lists, quotes or other fences are text, as in both tools.
func (r *reader) myst(data []byte) error {
	start, err := r.mystFrontMatter()
	if err != nil {
		return err
	}
	// The front matter's lines are blanked, not cut, so that offsets in
	// the parsed source are offsets in the file.
	src := blankLines(data, start)
	if err := r.mystCost(src); err != nil {
		return err
	}
	doc := mystParser().Parse(text.NewReader(src))
	lineOf := lineIndex(src)
	mdStart := start
	var mdMeta notebook.Metadata
	lexer := ""
	flush := func(end int) {
		if end > len(r.lines) {
			end = len(r.lines)
		}
		if mdStart >= end {
			return
		}
		src := strings.TrimRight(strings.Join(r.lines[mdStart:end], "\n"), " \t\r\n\v\f")
		trimmed := strings.TrimLeft(src, "\n")
		if trimmed == "" {
			return
		}
		first := mdStart + strings.Count(src[:len(src)-len(trimmed)], "\n")
		r.add(&notebook.Cell{Type: notebook.Markdown, Source: trimmed, Metadata: mdMeta}, first)
	}
	for n := doc.FirstChild(); n != nil && len(r.nb.Cells) <= MaxCells; n = n.NextSibling() {
		switch n := n.(type) {
		case *blockBreak:
			line := lineOf(n.offset)
			flush(line)
			mdMeta = nil
			if n.content != "" {
				if err := json.Unmarshal([]byte(n.content), &mdMeta); err != nil || mdMeta == nil {
					return r.errorAt(line, err, "the metadata after +++ is not a JSON object")
				}
			}
			mdStart = line + 1
		case *ast.FencedCodeBlock:
			if n.Info == nil {
				continue
			}
			info := string(n.Info.Segment.Value(src))
			typ, ok := directiveType(info)
			if !ok {
				continue
			}
			open := lineOf(n.Info.Segment.Start)
			end, closed := r.fenceEnd(n, lineOf, open)
			if !closed {
				return r.errorAt(open, nil, "%s fence opened here is never closed (the rest of the file would be its code)", info[:strings.IndexByte(info, '}')+1])
			}
			flush(open)
			c, err := r.directiveCell(typ, fenceContent(n, src), open)
			if err != nil {
				return err
			}
			if typ == notebook.Code {
				l := strings.TrimSpace(info[len(codeDirective):])
				switch {
				case lexer == "":
					lexer = l
				case l != "" && l != lexer:
					r.warn(open, "code cells in %s and %s: a MyST notebook has one language, %s", lexer, l, lexer)
				}
			}
			r.add(c, open)
			mdMeta = nil
			mdStart = end
		}
	}
	flush(len(r.lines))
	r.setLanguage(lexerLanguage(lexer))
	return nil
}

// directiveType returns the type of cell a fence's info string makes,
// and false for a fence that makes none.
func directiveType(info string) (notebook.CellType, bool) {
	switch {
	case strings.HasPrefix(info, codeDirective):
		return notebook.Code, true
	case strings.HasPrefix(info, rawDirective):
		return notebook.Raw, true
	}
	return "", false
}

// mystCost refuses Markdown whose block quotes and lists nest deeper
// than mdcost.MaxNesting, naming the first line that does: a CommonMark
// parser reads each line again for each level it opens, so that deep
// nesting takes it time growing with the square of the depth. Only the
// blocks are parsed here, so inline markup costs nothing.
func (r *reader) mystCost(src []byte) error {
	if mdcost.Of(string(src)).TooCostly(math.MaxInt64) == "" {
		return nil
	}
	for i, l := range r.lines {
		if why := mdcost.Of(l).TooCostly(math.MaxInt64); why != "" {
			return r.errorAt(i, nil, "not read: %s", why)
		}
	}
	return r.errorAt(0, nil, "not read: it nests block quotes and lists more than %d deep", mdcost.MaxNesting)
}

// mystFrontMatter reads the YAML front matter into the notebook's
// metadata and returns the line after it (0 when there is none).
func (r *reader) mystFrontMatter() (int, error) {
	if len(r.lines) == 0 || !frontMatterRule.MatchString(r.lines[0]) {
		return 0, nil
	}
	for i := 1; i < len(r.lines); i++ {
		if !frontMatterRule.MatchString(r.lines[i]) {
			continue
		}
		m, err := yamlMapping(r.yaml, strings.Join(r.lines[1:i], "\n"))
		if err != nil {
			return 0, r.errorAt(0, err, "front matter")
		}
		if f := jupytextFormat(m); f != "" && f != mystFormatName {
			return 0, &Error{Path: r.path, Line: 1, Err: ErrFormat,
				Msg: fmt.Sprintf("jupytext's %q format is not read; render reads MyST notebooks (jupytext --to myst makes one)", f)}
		}
		// MyST-NB gives a kernelspec without a display name its name, as
		// nbformat requires one.
		if ks, ok := object(m, "kernelspec"); ok {
			if _, ok := ks["display_name"]; !ok && ks["name"] != nil {
				ks["display_name"] = ks["name"]
			}
		}
		md, err := metadataOf(m)
		if err != nil {
			return 0, r.errorAt(0, err, "front matter")
		}
		r.nb.Metadata = md
		return i + 1, nil
	}
	return 0, r.errorAt(0, nil, "front matter opened here is never closed by a --- line")
}

// directiveCell makes a cell of a {code-cell} or {raw-cell} directive's
// content: options first, then the body, whose first line is dropped
// when blank.
func (r *reader) directiveCell(typ notebook.CellType, content string, line int) (*notebook.Cell, error) {
	body, yamlText := directiveOptions(content)
	c := &notebook.Cell{Type: typ}
	if yamlText != "" {
		m, err := yamlMapping(r.yaml, yamlText)
		if err == nil {
			c.Metadata, err = metadataOf(m)
		}
		if err != nil {
			return nil, r.errorAt(line, err, "the cell's options")
		}
		if _, ok := m["load"]; ok {
			r.warn(line, "option load is not followed: the cell's code is what the file holds")
		}
	}
	if len(body) > 0 && blank(body[0]) {
		body = body[1:]
	}
	c.Source = strings.Join(body, "\n")
	return c, nil
}

// directiveOptions splits a directive's content into its body lines and
// the YAML of its options: a block between "---" lines at the top, or
// the ":key: value" lines at the top with their colon removed.
func directiveOptions(content string) (body []string, yamlText string) {
	lines := splitLines([]byte(content))
	switch {
	case strings.HasPrefix(content, "---"):
		lines = lines[1:]
		for i, l := range lines {
			if strings.HasPrefix(l, "---") {
				return lines[i+1:], dedent(lines[:i])
			}
		}
		return nil, dedent(lines)
	case strings.HasPrefix(strings.TrimLeft(content, " \t\n\r\f\v"), ":"):
		var opts []string
		for len(lines) > 0 {
			l := strings.TrimLeft(lines[0], " \t\r\f\v")
			if !strings.HasPrefix(l, ":") {
				break
			}
			opts = append(opts, l[1:])
			lines = lines[1:]
		}
		return lines, strings.Join(opts, "\n")
	}
	return lines, ""
}

// dedent removes the white space that all non-blank lines begin with, as
// Python's textwrap.dedent does.
func dedent(lines []string) string {
	prefix := ""
	first := true
	for _, l := range lines {
		if blank(l) {
			continue
		}
		indent := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
		if first {
			prefix, first = indent, false
			continue
		}
		for !strings.HasPrefix(indent, prefix) {
			prefix = prefix[:len(prefix)-1]
		}
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		if blank(l) {
			out[i] = ""
		} else {
			out[i] = l[len(prefix):]
		}
	}
	return strings.Join(out, "\n")
}

// fenceEnd returns the line after a fenced block and whether a closing
// fence ends it (else it runs to the end of the file).
func (r *reader) fenceEnd(n *ast.FencedCodeBlock, lineOf func(int) int, open int) (int, bool) {
	next := open + 1
	if l := n.Lines(); l.Len() > 0 {
		next = lineOf(l.At(l.Len()-1).Start) + 1
	}
	if next >= len(r.lines) {
		return len(r.lines), false
	}
	char, size := fenceOf(r.lines[open])
	line := r.lines[next]
	indent := len(line) - len(strings.TrimLeft(line, " "))
	rest := strings.TrimLeft(line, " ")
	run := len(rest) - len(strings.TrimLeft(rest, string(char)))
	if indent <= 3 && run >= size && blank(rest[run:]) {
		return next + 1, true
	}
	return len(r.lines), false
}

// fenceOf returns the character and length of the fence that opens line.
func fenceOf(line string) (byte, int) {
	rest := strings.TrimLeft(line, " ")
	if rest == "" {
		return '`', 3
	}
	c := rest[0]
	return c, len(rest) - len(strings.TrimLeft(rest, string(c)))
}

// fenceContent returns the text inside a fenced block, its indentation
// removed as CommonMark removes it.
func fenceContent(n *ast.FencedCodeBlock, src []byte) string {
	var b strings.Builder
	lines := n.Lines()
	for i := range lines.Len() {
		s := lines.At(i)
		b.WriteString(strings.Repeat(" ", s.Padding))
		b.Write(s.Value(src))
	}
	return b.String()
}

// blankLines returns data with its first n lines emptied (their line ends
// kept).
func blankLines(data []byte, n int) []byte {
	out := make([]byte, 0, len(data))
	for i, b := range data {
		if n == 0 {
			return append(out, data[i:]...)
		}
		if b == '\n' {
			out = append(out, b)
			n--
		}
	}
	return out
}

// lineIndex returns a function from a byte offset in src to its 0-based
// line.
func lineIndex(src []byte) func(int) int {
	var starts []int
	for i, b := range src {
		if b == '\n' {
			starts = append(starts, i+1)
		}
	}
	return func(off int) int {
		lo, hi := 0, len(starts)
		for lo < hi {
			mid := (lo + hi) / 2
			if starts[mid] <= off {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		return lo
	}
}

// lexerLanguage returns the language of a code-cell's lexer name, as
// "ipython3" is Python's.
func lexerLanguage(lexer string) string {
	l := strings.ToLower(lexer)
	if strings.HasPrefix(l, "ipython") {
		return "python"
	}
	return l
}

// setLanguage records the language of the code cells as the notebook's
// when its metadata names neither a kernel nor a language, so that it
// runs in that language's kernel and its code is highlighted so.
func (r *reader) setLanguage(lang string) {
	if lang == "" {
		return
	}
	if _, ok := r.nb.Metadata["kernelspec"]; ok {
		return
	}
	if _, ok := r.nb.Metadata["language_info"]; ok {
		return
	}
	r.nb.Metadata.Set("language_info", map[string]string{"name": lang})
}

// mystParser returns a CommonMark block parser that also reads MyST's
// "+++" block breaks and parses no inline markup: only the blocks decide
// the cells.
func mystParser() parser.Parser {
	return parser.NewParser(
		parser.WithBlockParsers(append(parser.DefaultBlockParsers(), util.Prioritized(breakParser{}, 250))...),
		parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
	)
}

// kindBlockBreak is the kind of a MyST block break.
var kindBlockBreak = ast.NewNodeKind("MystBlockBreak")

// A blockBreak is a MyST "+++" line, with what follows the pluses.
type blockBreak struct {
	ast.BaseBlock
	offset  int
	content string
}

func (b *blockBreak) Kind() ast.NodeKind { return kindBlockBreak }

func (b *blockBreak) Dump(src []byte, level int) {
	ast.DumpHelper(b, src, level, map[string]string{"content": b.content}, nil)
}

// breakParser reads a block break as markdown-it's MyST plugin does: at
// most three spaces, then at least three "+" among spaces and tabs; the
// rest of the line is its content. It may interrupt a paragraph.
type breakParser struct{}

func (breakParser) Trigger() []byte { return []byte{'+'} }

func (breakParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	s := strings.TrimRight(string(line), "\r\n")
	indent := len(s) - len(strings.TrimLeft(s, " "))
	if indent > 3 {
		return nil, parser.NoChildren
	}
	count, i := 0, indent
	for ; i < len(s); i++ {
		if s[i] == '+' {
			count++
		} else if s[i] != ' ' && s[i] != '\t' {
			break
		}
	}
	if count < 3 {
		return nil, parser.NoChildren
	}
	reader.Advance(seg.Len() - 1)
	return &blockBreak{offset: seg.Start, content: strings.TrimSpace(s[i:])}, parser.NoChildren
}

func (breakParser) Continue(ast.Node, text.Reader, parser.Context) parser.State { return parser.Close }

func (breakParser) Close(ast.Node, text.Reader, parser.Context) {}

func (breakParser) CanInterruptParagraph() bool { return true }

func (breakParser) CanAcceptIndentedLine() bool { return false }
