package htmlpage

import (
	"bytes"
	"fmt"
	"io"
	"time"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/codelang"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/util"
)

// Chroma's lexers are regular expressions that backtrack (regexp2): on
// ordinary code they read about a megabyte a second, on hostile code
// (a run of backticks, of quotes, of string prefixes) ten times slower,
// and each of their patterns may try for up to 250 ms at one place before
// it gives up. So a page highlights a block of code only up to
// maxHighlight bytes, and all its code only for highlightTime; the rest
// is shown as plain text, with a warning.
const (
	maxHighlight  = 64 << 10
	highlightTime = 2 * time.Second
)

// code writes a code cell's segments, highlighted while the page's
// budget lasts, its lines numbered if numbered is set.
func (p *page) code(w io.Writer, segs []codelang.Segment, numbered bool) error {
	var b bytes.Buffer
	size := 0
	for _, s := range segs {
		size += len(s.Text)
		b.WriteString(s.Text)
	}
	if p.mayHighlight(size) {
		var out bytes.Buffer
		start := time.Now()
		ok, err := highlight(&out, segs, p.highlightStart(start), numbered)
		p.highlightSpent += time.Since(start)
		if err != nil || ok {
			w.Write(out.Bytes())
			return err
		}
		p.highlightTimeout()
	}
	return plainCode(w, b.String(), numbered)
}

// mayHighlight reports whether code of size bytes is to be highlighted,
// warning when not for its size.
func (p *page) mayHighlight(size int) bool {
	switch {
	case p.highlightSpent >= highlightTime:
		return false
	case size > maxHighlight:
		p.warn("code of %s is shown without highlighting (more than %s)", report.ByteSize(int64(size)), report.ByteSize(maxHighlight))
		return false
	}
	return true
}

// highlightStart returns the deadline of highlighting that starts now.
func (p *page) highlightStart(now time.Time) time.Time {
	return now.Add(highlightTime - p.highlightSpent)
}

// highlightTimeout notes that the page's time for highlighting is spent.
func (p *page) highlightTimeout() {
	p.highlightSpent = highlightTime
	p.warn("highlighting took more than %v; this code and the page's code after it are shown without highlighting", highlightTime)
}

// plainCode writes code as a highlighted block with no colours, its
// lines numbered if numbered is set.
func plainCode(w io.Writer, code string, numbered bool) error {
	if code != "" && code[len(code)-1] != '\n' {
		code += "\n"
	}
	return formatter(numbered).Format(w, codeStyle, chroma.Literator(chroma.Token{Type: chroma.Text, Value: code}))
}

// tokensBefore returns the tokens of it, or false if the deadline passed
// before it was done.
func tokensBefore(it chroma.Iterator, deadline time.Time) ([]chroma.Token, bool) {
	var out []chroma.Token
	for t := it(); t != chroma.EOF; t = it() {
		out = append(out, t)
		if len(out)%64 == 0 && time.Now().After(deadline) {
			return nil, false
		}
	}
	return out, !time.Now().After(deadline)
}

// fencedCode renders a fenced code block of Markdown: highlighted as a
// code cell is, when its language is known and the budget lasts, else as
// plain text marked with its language.
func (r *nodeRenderers) fencedCode(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.FencedCodeBlock)
	var code bytes.Buffer
	lines := n.Lines()
	for i := range lines.Len() {
		seg := lines.At(i)
		code.Write(seg.Value(source))
	}
	lang := string(n.Language(source))
	if lang != "" && lexers.Get(lang) != nil && r.p.mayHighlight(code.Len()) {
		var out bytes.Buffer
		start := time.Now()
		ok, err := highlight(&out, []codelang.Segment{{Lang: lang, Text: code.String()}}, r.p.highlightStart(start), false)
		r.p.highlightSpent += time.Since(start)
		if err != nil || ok {
			w.Write(out.Bytes())
			return ast.WalkContinue, err
		}
		r.p.highlightTimeout()
	}
	w.WriteString("<pre><code")
	if lang != "" {
		w.WriteString(` class="language-`)
		w.Write(util.EscapeHTML([]byte(lang)))
		w.WriteString(`"`)
	}
	w.WriteString(">")
	w.Write(util.EscapeHTML(code.Bytes()))
	w.WriteString("</code></pre>\n")
	return ast.WalkContinue, nil
}

// warn passes a warning about the cell being written to Options.Warn.
func (p *page) warn(format string, args ...any) {
	if p.opts.Warn != nil {
		p.opts.Warn(p.cell, fmt.Sprintf(format, args...))
	}
}
