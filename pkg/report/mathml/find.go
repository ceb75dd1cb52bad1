package mathml

import (
	"bytes"
	"regexp"
	"strings"
	"unicode/utf8"
)

// A Span is a formula in Markdown source: Source[Start:End] with its
// delimiters, and Source[TeXStart:TeXEnd] the TeX to convert.
type Span struct {
	Start, End       int
	TeXStart, TeXEnd int
	// Display is true for $$...$$, \\[...\\] and \begin{env}...\end{env}.
	Display bool
}

// FindMath returns the formulas of Markdown source as Jupyter finds them
// before it renders the Markdown (the rules of JupyterLab's rendermime,
// which come from MathJax and StackExchange):
//
//   - $...$ and $$...$$ anywhere, spaces allowed inside; \\(...\\) and
//     \\[...\\] written with two backslashes, as Markdown escapes them; and
//     \begin{env}...\end{env} without dollars;
//   - a formula never crosses a blank line, and braces balance inside it: a
//     closing delimiter inside unbalanced braces is taken only if no
//     balanced one follows before the blank line or the end;
//   - \$, \{ and \} are characters, never delimiters or braces;
//   - dollars in code spans and fenced code blocks are not delimiters.
func FindMath(src []byte) []Span {
	masked := hideCode(src)
	var spans []Span
	var (
		open       = -1 // start of the opening delimiter; -1 outside math
		openLen    int
		closer     string
		braces     int
		lastEnd    = -1 // end of a closer seen inside unbalanced braces
		lastCloser int
	)
	closeAt := func(end, closeLen int) {
		s := Span{Start: open, End: end, TeXStart: open + openLen, TeXEnd: end - closeLen}
		switch {
		case closer == "$":
		case closer == `\\)`:
		case closer[0] == '$' || closer == `\\]`:
			s.Display = true
		default: // an environment is its own TeX
			s.Display, s.TeXStart, s.TeXEnd = true, open, end
		}
		spans = append(spans, s)
		open, lastEnd, braces = -1, -1, 0
	}
	for i := 0; i < len(masked); {
		tok, n := mathToken(masked, i)
		if n == 0 {
			i++
			continue
		}
		switch {
		case open >= 0:
			switch {
			case tok == closer:
				if braces > 0 {
					lastEnd, lastCloser = i+n, n
				} else {
					closeAt(i+n, n)
				}
			case (tok[0] == '\n' || tok[0] == '\r') && lineBreaks(tok) > 1:
				if lastEnd >= 0 {
					end := lastEnd
					closeAt(end, lastCloser)
					i = end
					continue
				}
				open, braces = -1, 0
			case tok == "{":
				braces++
			case tok == "}" && braces > 0:
				braces--
			}
		case tok == "$" || tok == "$$":
			open, openLen, closer, braces = i, n, tok, 0
		case tok == `\\(` || tok == `\\[`:
			open, openLen, braces = i, n, 0
			closer = `\\)`
			if tok == `\\[` {
				closer = `\\]`
			}
		case len(tok) > 7 && tok[:7] == `\begin{`:
			open, openLen, braces = i, n, 0
			closer = `\end` + tok[6:]
		}
		i += n
	}
	if open >= 0 && lastEnd >= 0 {
		closeAt(lastEnd, lastCloser)
	}
	return spans
}

// mathToken returns the token of Jupyter's math splitting that starts at
// src[i] and its length, or 0 if none does.
func mathToken(src []byte, i int) (string, int) {
	rest := src[i:]
	switch c := rest[0]; c {
	case '$':
		if len(rest) > 1 && rest[1] == '$' {
			return "$$", 2
		}
		return "$", 1
	case '{', '}':
		return string(c), 1
	case '\n', '\r':
		// A line break and all the white space after it, as JavaScript's
		// \s counts it.
		j := 0
		for j < len(rest) {
			r, size := utf8.DecodeRune(rest[j:])
			if !jsSpace(r) {
				break
			}
			j += size
		}
		return string(rest[:j]), j
	case '\\':
		for _, kw := range []string{`\begin{`, `\end{`} {
			if !bytes.HasPrefix(rest, []byte(kw)) {
				continue
			}
			j := len(kw)
			for j < len(rest) && isLetter(rest[j]) {
				j++
			}
			if j < len(rest) && rest[j] == '*' {
				j++
			}
			if j < len(rest) && rest[j] == '}' {
				return string(rest[:j+1]), j + 1
			}
		}
		if len(rest) > 1 && (rest[1] == '{' || rest[1] == '}' || rest[1] == '$') {
			return string(rest[:2]), 2
		}
		if len(rest) > 2 && rest[1] == '\\' && bytes.IndexByte([]byte("()[]"), rest[2]) >= 0 {
			return string(rest[:3]), 3
		}
	}
	return "", 0
}

// jsSpace reports whether JavaScript's \s matches r.
func jsSpace(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\v', '\f', '\r', 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// lineBreaks counts the line breaks in white space as Jupyter does, after
// it turns \r\n and \r into \n.
func lineBreaks(s string) int {
	n := strings.Count(s, "\n")
	for i := range len(s) {
		if s[i] == '\r' && (i+1 == len(s) || s[i+1] != '\n') {
			n++
		}
	}
	return n
}

// hideCode returns a copy of src with the dollars of fenced code blocks and
// code spans replaced, so that they delimit nothing.
func hideCode(src []byte) []byte {
	if bytes.IndexByte(src, '`') < 0 && !bytes.Contains(src, []byte("~~~")) {
		return src
	}
	out := bytes.Clone(src)
	hide := func(from, to int) {
		for k := from; k < to; k++ {
			if out[k] == '$' {
				out[k] = 0
			}
		}
	}
	// Fenced blocks: a line of three or more ` or ~, up to a line that
	// starts with the same fence.
	for lineStart := 0; lineStart < len(src); {
		lineEnd := lineEndAt(src, lineStart)
		fence := fenceAt(src[lineStart:lineEnd])
		if fence == "" || bytes.IndexByte(src[lineStart+len(fence):lineEnd], '`') >= 0 || lineEnd == len(src) {
			lineStart = lineEnd + 1
			continue
		}
		closed := -1
		for l := lineEnd + 1; l < len(src); {
			e := lineEndAt(src, l)
			line := src[l:e]
			if bytes.HasPrefix(line, []byte(fence)) && len(bytes.TrimRight(line[len(fence):], "`\r")) == 0 {
				closed = e
				break
			}
			l = e + 1
		}
		if closed < 0 {
			lineStart = lineEnd + 1
			continue
		}
		hide(lineStart, closed)
		lineStart = closed + 1
	}
	// Code spans, within one line: a run of backticks not after a
	// backslash, up to the next run of the same length.
	for i := 0; i < len(out); {
		if out[i] != '`' {
			i++
			continue
		}
		j := i
		for j < len(out) && out[j] == '`' {
			j++
		}
		n := j - i
		if i > 0 && out[i-1] == '\\' {
			i = j
			continue
		}
		end := -1
		for k := j; k < len(out) && out[k] != '\n'; {
			if out[k] != '`' {
				k++
				continue
			}
			m := k
			for m < len(out) && out[m] == '`' {
				m++
			}
			if m-k == n && k > j {
				end = m
				break
			}
			k = m
		}
		if end < 0 {
			i = j
			continue
		}
		hide(i, end)
		i = end
	}
	return out
}

func lineEndAt(src []byte, start int) int {
	if k := bytes.IndexByte(src[start:], '\n'); k >= 0 {
		return start + k
	}
	return len(src)
}

// fenceAt returns the fence a line starts with: three or more backticks or
// tildes, or "".
func fenceAt(line []byte) string {
	if len(line) < 3 || line[0] != '`' && line[0] != '~' {
		return ""
	}
	j := 0
	for j < len(line) && line[j] == line[0] {
		j++
	}
	if j < 3 {
		return ""
	}
	return string(line[:j])
}

// headingStart matches the start of a line that is an ATX heading, up to
// its text.
var headingStart = regexp.MustCompile(`^ {0,3}#{1,6}[ \t]`)

// blockStart matches a line that Markdown reads as the start of a block
// even within a paragraph, or as the end of one: a heading, a setext
// heading's underline, a list item, a quote, a fence, a thematic break or
// HTML.
var blockStart = regexp.MustCompile("^[ \t]*(?:#{1,6}(?:[ \t]|$)|[-+*](?:[ \t]|$)|[0-9]{1,9}[.)](?:[ \t]|$)|>|```|~~~|<[A-Za-z/!?]|(?:=+|-+|(?:\\*[ \t]*){3,}|(?:_[ \t]*){3,})[ \t]*$)")

// JoinLines returns Markdown source with the line breaks inside a formula
// made spaces where Markdown would read the formula's lines as blocks of
// their own: a formula that starts on a heading's line, or one with a line
// that starts as a list item, a heading, a quote, a fence or HTML. Jupyter
// takes the math out of a cell before it reads the Markdown, so it keeps
// such a formula whole, in its heading or paragraph. Offsets are kept, so
// FindMath finds the same formulas in the result. A formula with a TeX
// comment (%), which ends at its line, keeps its lines, as does one in an
// indented code block. The bars of a formula on a line with other bars, a
// row of a table, are masked, so that they do not end its cell; the
// Extender reads them back. src is returned itself when nothing changes.
func JoinLines(src []byte) []byte {
	var out []byte
	for _, s := range FindMath(src) {
		text := src[s.Start:s.End]
		if !bytes.ContainsAny(text, "\n\r|") || texComment(text) {
			continue
		}
		lineStart := bytes.LastIndexAny(src[:s.Start], "\n\r") + 1
		prefix := src[lineStart:s.Start]
		if len(bytes.TrimSpace(prefix)) == 0 && (bytes.HasPrefix(prefix, []byte("    ")) || bytes.HasPrefix(prefix, []byte("\t"))) {
			continue // perhaps code
		}
		if lineEnd := lineEndAt(src, s.End); bytes.IndexByte(src[lineStart:s.Start], '|') >= 0 || bytes.IndexByte(src[s.End:lineEnd], '|') >= 0 {
			// A row of a table, which a | in the formula would cut.
			for i := s.Start; i < s.End; i++ {
				if src[i] == '|' {
					if out == nil {
						out = bytes.Clone(src)
					}
					out[i] = maskedBar
				}
			}
		}
		join := headingStart.Match(prefix)
		for _, line := range bytes.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == '\r' })[1:] {
			join = join || blockStart.Match(line)
		}
		if !join {
			continue
		}
		if out == nil {
			out = bytes.Clone(src)
		}
		for i := s.Start; i < s.End; i++ {
			if out[i] == '\n' || out[i] == '\r' {
				out[i] = ' '
			}
		}
	}
	if out == nil {
		return src
	}
	return out
}

// maskedBar stands for a | of a formula in a table row, which the table
// would otherwise read as the end of a cell; the Extender reads it back as
// |. Jupyter takes the formula out before Markdown reads the table.
const maskedBar = 0x1f

// unmask returns TeX with the bars JoinLines masked put back.
func unmask(tex []byte) []byte {
	return bytes.ReplaceAll(tex, []byte{maskedBar}, []byte{'|'})
}

// texComment reports whether TeX holds a comment: a % not escaped.
func texComment(tex []byte) bool {
	for i, c := range tex {
		if c != '%' {
			continue
		}
		backslashes := 0
		for j := i - 1; j >= 0 && tex[j] == '\\'; j-- {
			backslashes++
		}
		if backslashes%2 == 0 {
			return true
		}
	}
	return false
}
