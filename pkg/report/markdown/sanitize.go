package markdown

import (
	"bytes"
	"slices"
	"strings"

	"github.com/grundylab/grundy/pkg/report/mathml"
	"github.com/grundylab/grundy/pkg/report/sanitize"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
)

// cellReader finds raw HTML the way the HTML writer does: GitHub's Markdown
// with footnotes and math, so that "$a<b>c$" is math, not a tag.
var cellReader = goldmark.New(goldmark.WithExtensions(extension.GFM, extension.Footnote, &mathml.Extender{})).Parser()

// edit replaces source[start:stop].
type edit struct {
	start, stop int
	text        string
}

// SanitizeHTML returns Markdown source with each piece of raw HTML in it
// (HTML blocks and inline tags) sanitised by package sanitize, the angle
// brackets of its formulas written as \lt and \gt (see MathAngles), and
// the rest as written.
func SanitizeHTML(src string) string {
	// Removing a tag can join the text around it into a new one: "<im<x>g
	// onerror=...>" becomes "<img onerror=...>". So clean again until
	// nothing changes; text that keeps changing is hostile, and loses
	// every tag.
	for range maxPasses {
		clean := sanitizeOnce(src)
		if clean == src {
			return clean
		}
		src = clean
	}
	return strings.ReplaceAll(src, "<", "&lt;")
}

// maxPasses bounds the cleaning passes of SanitizeHTML: ordinary Markdown
// needs one, and a second finds nothing to change.
const maxPasses = 4

// sanitizeOnce is one pass of SanitizeHTML.
func sanitizeOnce(src string) string {
	source := []byte(src)
	doc := cellReader.Parse(text.NewReader(source))
	var edits []edit
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		var segs []text.Segment
		switch n := n.(type) {
		case *ast.RawHTML:
			segs = n.Segments.Sliced(0, n.Segments.Len())
		case *ast.HTMLBlock:
			segs = n.Lines().Sliced(0, n.Lines().Len())
			if n.HasClosure() {
				segs = append(segs, n.ClosureLine)
			}
		default:
			return ast.WalkContinue, nil
		}
		edits = append(edits, sanitizeSegments(source, segs, keepNewline)...)
		return ast.WalkSkipChildren, nil
	})
	edits = append(edits, mathAngles(source, edits)...)
	return applyEdits(string(source), edits)
}

// sanitizeSegments sanitises raw HTML given as segments with clean: as one
// piece when they follow each other in the source, else (inside a list or
// quote, whose markers sit between the lines) one segment at a time.
func sanitizeSegments(source []byte, segs []text.Segment, clean func(string) string) []edit {
	if len(segs) == 0 {
		return nil
	}
	contiguous := true
	for i := 1; i < len(segs); i++ {
		contiguous = contiguous && segs[i].Start == segs[i-1].Stop
	}
	if contiguous {
		start, stop := segs[0].Start, segs[len(segs)-1].Stop
		return []edit{{start, stop, clean(string(source[start:stop]))}}
	}
	edits := make([]edit, len(segs))
	for i, s := range segs {
		edits[i] = edit{s.Start, s.Stop, clean(string(source[s.Start:s.Stop]))}
	}
	return edits
}

// keepNewline sanitises s, keeping its final newline, which ends an HTML
// block.
func keepNewline(s string) string {
	clean := sanitize.HTML(s)
	if len(s) > 0 && s[len(s)-1] == '\n' && (clean == "" || clean[len(clean)-1] != '\n') {
		clean += "\n"
	}
	return clean
}

// MathAngles returns text with "<" and ">" inside its formulas (as
// mathml.FindMath finds them) written as TeX's \lt and \gt. A site's
// Markdown engine may hand a formula's text to the page as HTML before
// MathJax reads it, and an untrusted formula such as
// $\text{<img onerror=...>}$ would then be markup; \lt and \gt mean the
// same to MathJax and are no markup at all.
func MathAngles(text string) string {
	source := []byte(text)
	return applyEdits(text, mathAngles(source, nil))
}

// mathAngles returns the edits that write the angle brackets of the
// formulas of source as \lt and \gt, in source order, leaving out
// formulas that overlap an edit of skip, which do not overlap each other
// and are sorted here by their start.
func mathAngles(source []byte, skip []edit) []edit {
	slices.SortFunc(skip, func(a, b edit) int { return a.start - b.start })
	var edits []edit
	k := 0 // skip[k] is the first edit that ends after the formula starts.
	for _, sp := range mathml.FindMath(source) {
		tex := source[sp.TeXStart:sp.TeXEnd]
		for k < len(skip) && skip[k].stop <= sp.Start {
			k++
		}
		if !bytes.ContainsAny(tex, "<>") || k < len(skip) && skip[k].start < sp.End {
			continue
		}
		edits = append(edits, edit{sp.TeXStart, sp.TeXEnd, quotedTeXAngles(string(tex), quoteDepth(source, sp.Start))})
	}
	return edits
}

// quotedTeXAngles writes the angle brackets of a formula's TeX as \lt and
// \gt, but for the quote markers that start its lines after the first
// when the formula is in a block quote (depth of them, the quotes of the
// line it starts on): they are the quote's, not the formula's, and a
// formula that lost them would end the quote. Every "<" is written \lt,
// so a ">" kept makes no tag.
func quotedTeXAngles(tex string, depth int) string {
	lines := strings.SplitAfter(tex, "\n")
	for i, line := range lines {
		marks := 0
		for quotes := 0; i > 0 && marks < len(line); marks++ {
			if c := line[marks]; c == '>' && quotes < depth {
				quotes++
			} else if c != ' ' && c != '\t' {
				break
			}
		}
		lines[i] = line[:marks] + texAngles.Replace(line[marks:])
	}
	return strings.Join(lines, "")
}

// quoteDepth returns how many block quote markers start the line of
// source that pos is on, before its first other character.
func quoteDepth(source []byte, pos int) int {
	start := bytes.LastIndexByte(source[:pos], '\n') + 1
	depth := 0
	for _, c := range source[start:pos] {
		switch c {
		case '>':
			depth++
		case ' ', '\t':
		default:
			return depth
		}
	}
	return depth
}
