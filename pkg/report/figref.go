package report

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/grundylab/grundy/pkg/report/cellopts"
	"github.com/grundylab/grundy/pkg/report/mathml"
	"github.com/grundylab/grundy/pkg/report/plaintext"
	"github.com/yuin/goldmark/ast"
)

// labelForm matches a label that a block may be linked to by (a glued
// figure's name, a glued formula's label): ASCII letters, digits and "_"
// in words joined by "-", "." or ":", so that it is an element id as it
// is, and ends in a letter, digit or "_", so that the full stop ending a
// sentence after "@fig-values." is not taken.
var labelForm = regexp.MustCompile(`^[A-Za-z0-9_]+(?:[-.:][A-Za-z0-9_]+)*$`)

// figureLabel matches a figure's label as Quarto writes it, "fig-" and a
// name of labelForm.
var figureLabel = regexp.MustCompile(`^fig-[A-Za-z0-9_]+(?:[-.:][A-Za-z0-9_]+)*$`)

// figureRef matches a reference to a figure in Markdown: "@fig-values",
// "@Fig-values" at the start of a sentence, and "-@fig-values" for the
// number alone, as Quarto reads them.
var figureRef = regexp.MustCompile(`(-?)@([Ff]ig-[A-Za-z0-9_]+(?:[-.:][A-Za-z0-9_]+)*)`)

// figures gives the images among the blocks of cell n their
// captions and alternative texts from the cell's options, numbers the
// first as a figure if the cell has a figure label, and gives an image
// the options leave without alternative text a neutral one, with a
// warning.
func (b *builder) figures(n int, blocks []Block, opts cellopts.Options) {
	var images []*Block
	for i := range blocks {
		if blocks[i].Kind == KindImage {
			images = append(images, &blocks[i])
		}
	}
	label := opts.Label
	if label != "" && !strings.HasPrefix(label, "fig-") {
		label = "" // a label for another kind of thing, such as a table
	}
	if label != "" && !figureLabel.MatchString(label) {
		b.warn(n, 0, "label %q is not a figure label (fig- then letters, digits, \"_\", joined by \"-\", \".\" or \":\"), so the figure is not numbered", plaintext.Shorten(label, 60))
		label = ""
	}
	if label != "" && len(images) == 0 {
		b.warn(n, 0, "label %s names no figure: the cell shows no image", label)
		label = ""
	}
	for k, img := range images {
		caption := plaintext.Of(at(opts.Caption, k))
		alt := plaintext.Of(at(opts.Alt, k))
		img.Caption = caption
		if k == 0 && label != "" {
			b.number(n, img, label, caption)
		}
		switch {
		case alt != "":
			img.Alt = alt
		case caption != "":
			img.Alt = caption
		case img.Alt != "":
			// The output's own short text form.
		default:
			img.Alt = standInAlt(img, n, k, len(images))
			hint := " fig-alt: what the figure shows"
			if len(images) > 1 {
				hint = " fig-alt: [what figure 1 shows, what figure 2 shows]"
			}
			b.warn(n, img.Output, "figure has no alt text: %q stands in; give the cell a line %q at its top", img.Alt, cellopts.Prefix(b.v.Language)+hint)
		}
	}
}

// number makes blk the next numbered figure, in one sequence for the
// whole notebook (a cell's "label: fig-..." and a glue:figure's :name:
// alike): its Label label, its Caption "Figure N: caption" ("Figure N"
// without a caption). A label that numbers a figure already numbers no
// other, with a warning.
func (b *builder) number(cell int, blk *Block, label, caption string) {
	if prev := b.numbers[label]; prev > 0 {
		b.warn(cell, 0, "label %s is the label of figure %d already, so this figure is not numbered", label, prev)
		return
	}
	if b.numbers == nil {
		b.numbers = map[string]int{}
	}
	num := len(b.numbers) + 1
	b.numbers[label] = num
	blk.Label = label
	blk.Caption = "Figure " + strconv.Itoa(num)
	if caption != "" {
		blk.Caption += ": " + caption
	}
}

// standInAlt returns the alternative text of image k of count from cell
// n that neither the notebook nor the image's own text form describes:
// "Figure from cell 3", "Figure 2 of cell 3", or for a numbered figure
// without a caption "Figure 1, from cell 3".
func standInAlt(img *Block, n, k, count int) string {
	switch {
	case img.Label != "":
		return img.Caption + ", from cell " + strconv.Itoa(n)
	case count <= 1:
		return "Figure from cell " + strconv.Itoa(n)
	}
	return fmt.Sprintf("Figure %d of cell %d", k+1, n)
}

// at returns list[i], or "".
func at(list []string, i int) string {
	if i < len(list) {
		return list[i]
	}
	return ""
}

// references makes each reference to a numbered figure in Markdown
// ("@fig-values") a link to it, "[Figure 1](#fig-values)", and leaves a
// reference to no figure shown as it is, with a warning. References in
// code, formulas, links and raw HTML are not references. The summary,
// plain text, gets the text of the links.
func (b *builder) references() {
	for i := range b.v.Blocks {
		blk := &b.v.Blocks[i]
		if blk.Kind == KindMarkdown && strings.Contains(blk.Text, "@") {
			blk.Text = b.rewriteReferences(blk.Cell, blk.Text, true)
		}
	}
	if strings.Contains(b.v.Meta.Summary, "@") {
		b.v.Meta.Summary = b.rewriteReferences(0, b.v.Meta.Summary, false)
	}
}

// rewriteReferences returns src with its references to numbered figures
// as links, if markdown is set, with a warning for each reference to no
// such figure; else, for plain text, as the text of the links.
func (b *builder) rewriteReferences(cell int, src string, markdown bool) string {
	matches := figureRef.FindAllStringSubmatchIndex(src, -1)
	if matches == nil {
		return src
	}
	prose := [][2]int{{0, len(src)}}
	if markdown {
		prose = proseRanges(src)
	}
	var out strings.Builder
	last := 0
	warned := map[string]bool{}
	for _, m := range matches {
		start, end := m[0], m[1]
		label := "f" + src[m[4]+1:m[5]]
		if start > 0 && isWordByte(src[start-1]) || !inside(prose, start, end) {
			continue
		}
		num := b.numbers[label]
		if num == 0 {
			if markdown && !warned[label] && len(warned) < maxRefWarnings {
				b.warn(cell, 0, "@%s refers to no numbered figure (a code cell's \"label: %s\" with an image shown), so it stays text", label, label)
			}
			warned[label] = true
			continue
		}
		text := "Figure " + strconv.Itoa(num)
		if m[3] > m[2] {
			text = strconv.Itoa(num)
		}
		// Quarto's bracketed form, "[@fig-values]", reads the same.
		if start > 0 && src[start-1] == '[' && end < len(src) && src[end] == ']' && inside(prose, start-1, end+1) &&
			(end+1 == len(src) || src[end+1] != '(' && src[end+1] != '[') {
			start, end = start-1, end+1
		}
		out.WriteString(src[last:start])
		if markdown {
			text = "[" + text + "](#" + label + ")"
		}
		out.WriteString(text)
		last = end
	}
	out.WriteString(src[last:])
	if markdown && len(warned) > maxRefWarnings {
		b.warn(cell, 0, "%d more labels after these refer to no numbered figure", len(warned)-maxRefWarnings)
	}
	return out.String()
}

// maxRefWarnings is the number of labels of a Markdown block that refer
// to no figure that are each named in a warning; the rest are counted.
const maxRefWarnings = 5

// isWordByte reports whether c is an ASCII letter or digit, "_" or "\",
// before which "@" starts no reference (an e-mail address, an escape).
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '\\'
}

// proseRanges returns the byte ranges of Markdown src that are plain
// text, as the writers' parser reads it: not code, formulas, links,
// images, autolinks or HTML. Adjacent ranges are joined.
func proseRanges(src string) [][2]int {
	return markdownRanges(src, func(n ast.Node, add func(start, stop int)) ast.WalkStatus {
		switch n := n.(type) {
		case *ast.Text:
			add(n.Segment.Start, n.Segment.Stop)
		case *ast.Link, *ast.Image, *ast.CodeSpan, *ast.AutoLink, *ast.RawHTML, *ast.HTMLBlock,
			*ast.FencedCodeBlock, *ast.CodeBlock, *mathml.Math:
			return ast.WalkSkipChildren
		}
		if n.Kind() == mathml.KindMathBlock {
			return ast.WalkSkipChildren
		}
		return ast.WalkContinue
	})
}
