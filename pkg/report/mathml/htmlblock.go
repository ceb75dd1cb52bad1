package mathml

import (
	"bytes"
	"html"
	"iter"
	"slices"
	"strconv"
	"strings"

	xhtml "golang.org/x/net/html"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// spansAttribute names the attribute of an HTML block that holds the
// formulas inside it, as a []Span.
var spansAttribute = []byte("mathml-spans")

// htmlBlockMath marks the formulas that lie in HTML blocks: Jupyter takes
// the math out of a cell before Markdown sees it, so a formula in raw
// HTML, such as a table cell, is typeset like any other.
type htmlBlockMath struct{}

func (htmlBlockMath) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	source := reader.Source()
	var spans []Span
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		b, ok := n.(*ast.HTMLBlock)
		// Types 6 and 7 hold HTML; the others are <pre>, <script>,
		// <style> and <textarea>, comments and declarations, in which
		// MathJax typesets nothing.
		if !entering || !ok || b.HTMLBlockType != ast.HTMLBlockType6 && b.HTMLBlockType != ast.HTMLBlockType7 {
			return ast.WalkContinue, nil
		}
		if spans == nil {
			for _, s := range spansOf(pc, source) {
				spans = append(spans, s)
			}
			slices.SortFunc(spans, func(a, b Span) int { return a.Start - b.Start })
		}
		segs := blockSegments(b)
		if len(segs) == 0 {
			return ast.WalkContinue, nil
		}
		last := segs[len(segs)-1].Stop
		var inside []Span
		for _, seg := range segs {
			i, _ := slices.BinarySearchFunc(spans, seg.Start, func(s Span, start int) int { return s.Start - start })
			for ; i < len(spans) && spans[i].Start < seg.Stop; i++ {
				if spans[i].End <= last {
					inside = append(inside, spans[i])
				}
			}
		}
		if len(inside) > 0 {
			b.SetAttribute(spansAttribute, inside)
		}
		return ast.WalkSkipChildren, nil
	})
}

// blockSegments returns the lines of an HTML block, with its closing
// line.
func blockSegments(n *ast.HTMLBlock) []text.Segment {
	segs := slices.Clone(n.Lines().Sliced(0, n.Lines().Len()))
	if n.HasClosure() {
		segs = append(segs, n.ClosureLine)
	}
	return segs
}

// Placeholders stand for the formulas of an HTML block while its HTML is
// cleaned; a block whose text holds either rune keeps its formulas as
// text.
const (
	placeholderOpen  = '\uE000'
	placeholderClose = '\uE001'
)

// HTMLBlock returns the HTML of an HTML block of a document parsed with
// the Extender, with its formulas converted as Jupyter typesets them:
// clean, if not nil, sanitises the HTML around the formulas, and a
// formula that the HTML puts where MathJax typesets nothing (an
// attribute, a comment, <pre>, <code>, <script>, <style>, <textarea>)
// stays as its source, escaped unless clean is nil. The formulas join the
// document's numbering and warnings, as those of its paragraphs do.
func (c *Converter) HTMLBlock(n *ast.HTMLBlock, source []byte, clean func(string) string) string {
	trusted := clean == nil
	if trusted {
		clean = func(s string) string { return s }
	}
	segs := blockSegments(n)
	var raw bytes.Buffer
	for _, seg := range segs {
		raw.Write(seg.Value(source))
	}
	v, _ := n.Attribute(spansAttribute)
	spans, _ := v.([]Span)
	if len(spans) == 0 || bytes.ContainsRune(raw.Bytes(), placeholderOpen) || bytes.ContainsRune(raw.Bytes(), placeholderClose) {
		return clean(raw.String())
	}
	var b strings.Builder
	originals := make([]string, len(spans))
	texs := make([][]byte, len(spans))
	k, skip := 0, 0
	for _, seg := range segs {
		for p := max(seg.Start, skip); p < seg.Stop; {
			if k == len(spans) || spans[k].Start >= seg.Stop {
				b.Write(source[p:seg.Stop])
				break
			}
			s := spans[k]
			b.Write(source[p:s.Start])
			b.WriteRune(placeholderOpen)
			b.WriteString(strconv.Itoa(k))
			b.WriteRune(placeholderClose)
			p, skip = s.End, s.End
			k++
		}
	}
	for k, s := range spans {
		var orig []byte
		for _, seg := range segs {
			if from, to := max(seg.Start, s.Start), min(seg.Stop, s.End); from < to {
				orig = append(orig, source[from:to]...)
			}
			if from, to := max(seg.Start, s.TeXStart), min(seg.Stop, s.TeXEnd); from < to {
				texs[k] = append(texs[k], source[from:to]...)
			}
		}
		originals[k] = string(unmask(orig))
		texs[k] = unmask(texs[k])
	}
	return c.fillPlaceholders(clean(b.String()), spans, texs, originals, trusted)
}

// mathless are the elements inside which MathJax typesets nothing.
var mathless = map[string]bool{
	"script": true, "noscript": true, "style": true, "textarea": true, "pre": true,
	"code": true, "annotation": true, "annotation-xml": true, "title": true, "xmp": true,
	"math": true, "svg": true,
}

// htmlTokens yields the raw HTML of each token of s, with the tokenizer
// on it when it is text where MathJax typesets (outside the mathless
// elements), for its Text, and nil otherwise.
func htmlTokens(s string) iter.Seq2[string, *xhtml.Tokenizer] {
	return func(yield func(string, *xhtml.Tokenizer) bool) {
		z := xhtml.NewTokenizer(strings.NewReader(s))
		depth := 0
		for {
			tt := z.Next()
			if tt == xhtml.ErrorToken {
				return
			}
			raw := string(z.Raw()) // before Text, which unescapes in place
			depth = mathlessDepth(z, tt, depth)
			text := z
			if tt != xhtml.TextToken || depth != 0 {
				text = nil
			}
			if !yield(raw, text) {
				return
			}
		}
	}
}

// mathlessDepth returns how deep in elements where MathJax typesets
// nothing the token just read leaves z, which was at depth.
func mathlessDepth(z *xhtml.Tokenizer, tt xhtml.TokenType, depth int) int {
	if tt != xhtml.StartTagToken && tt != xhtml.EndTagToken {
		return depth
	}
	name, _ := z.TagName()
	switch {
	case !mathless[string(name)]:
		return depth
	case tt == xhtml.StartTagToken:
		return depth + 1
	case depth > 0:
		return depth - 1
	}
	return depth
}

// fillPlaceholders replaces the placeholders of cleaned HTML with the
// formulas' MathML where the HTML holds text, and with their source
// elsewhere, escaped unless the HTML is trusted.
func (c *Converter) fillPlaceholders(cleaned string, spans []Span, texs [][]byte, originals []string, trusted bool) string {
	var out strings.Builder
	for raw, text := range htmlTokens(cleaned) {
		typeset := text != nil
		for {
			i := strings.IndexRune(raw, placeholderOpen)
			if i < 0 {
				break
			}
			j := strings.IndexRune(raw[i:], placeholderClose)
			if j < 0 {
				break
			}
			k, err := strconv.Atoi(raw[i+len(string(placeholderOpen)) : i+j])
			out.WriteString(raw[:i])
			raw = raw[i+j+len(string(placeholderClose)):]
			switch {
			case err != nil || k < 0 || k >= len(spans):
			case typeset:
				c.writeHTML(&out, trimTeX(string(texs[k])), spans[k].Display)
			case trusted:
				out.WriteString(originals[k])
			default:
				out.WriteString(html.EscapeString(originals[k]))
			}
		}
		out.WriteString(raw)
	}
	return out.String()
}
