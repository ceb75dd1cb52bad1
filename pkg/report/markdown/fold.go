package markdown

import (
	"html"
	"strings"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/plaintext"
)

// A folded part of a cell, and the rest of a long output, are written as
// a <details> element: a click on its summary opens it. Its content is
// HTML written here with every text escaped, each element a block of its
// own between blank lines: a <pre> block may hold blank lines, since
// CommonMark ends it only at </pre>, and an engine that reads the whole
// <details> as raw HTML (kramdown does) finds nothing but escaped text
// and HTML the view has sanitised. Markdown is not HTML, and such an
// engine would not read it as Markdown, so a part that holds Markdown is
// written unfolded.

// part writes the block at i, or the folded part that starts there, and
// returns the index of the block after it.
func (w *writer) part(blocks []report.Block, i int) int {
	first := &blocks[i]
	end := i + 1
	if first.Fold != report.Unfolded {
		for end < len(blocks) && blocks[end].Cell == first.Cell && blocks[end].Fold == first.Fold {
			end++
		}
	}
	folded := first.Fold != report.Unfolded
	for _, blk := range blocks[i:end] {
		folded = folded && blk.Kind != report.KindMarkdown
	}
	if !folded {
		for j := i; j < end; j++ {
			w.block(&blocks[j])
		}
		return end
	}
	w.openDetails(first.Summary, first.Open)
	for j := i; j < end; j++ {
		w.htmlBlock(&blocks[j])
	}
	w.b.WriteString("</details>\n\n")
	return end
}

// openDetails starts a <details> element with its summary.
func (w *writer) openDetails(summary string, open bool) {
	w.b.WriteString("<details")
	if open {
		w.b.WriteString(` open=""`) // as the sanitiser writes it, so that cleaning the post changes nothing
	}
	w.b.WriteString(">\n<summary>" + html.EscapeString(oneLine(summary)) + "</summary>\n\n")
}

// rest writes the rest of a long output, folded after its first lines.
func (w *writer) rest(blk *report.Block) {
	w.openDetails(blk.Summary, false)
	w.pre("", blk.Text)
	w.b.WriteString("</details>\n\n")
}

// htmlBlock writes a block that is not Markdown as HTML, followed by a
// blank line.
func (w *writer) htmlBlock(blk *report.Block) {
	if (blk.Caption != "" || blk.Legend != "") && !blk.Rest {
		w.foldedFigure(blk)
		return
	}
	switch {
	case blk.Rest:
		w.rest(blk)
	case blk.Kind == report.KindCode:
		w.pre(blk.Lang, blk.Text)
	case blk.Kind == report.KindStream, blk.Kind == report.KindError, blk.Kind == report.KindText:
		w.pre("", blk.Text)
	case blk.Kind == report.KindJSON:
		w.pre("json", blk.Text)
	case blk.Kind == report.KindImage:
		w.foldedFigure(blk)
	case blk.Kind == report.KindHTML:
		w.html(blk.Text)
	case blk.Kind == report.KindMath:
		delim := "$"
		if blk.Display {
			delim = "$$"
		}
		tex := blankLines.ReplaceAllString(strings.TrimSpace(blk.Text), "\n")
		w.b.WriteString(`<div class="math">` + html.EscapeString(delim+tex+delim) + "</div>\n\n")
	case blk.Kind == report.KindNote:
		w.b.WriteString("<p><em>" + html.EscapeString(oneLine(blk.Text)) + "</em></p>\n\n")
	}
}

// foldedFigure writes an image, or a block with a caption (a
// glue:figure's table or text), in a folded part, as a <figure> with its
// caption and legend as plain text, above the figure or below it as on
// the page; a panel of its cell's figure or table (report.Panel) after
// the whole's anchor and a table's caption, for the first, and before a
// figure's caption, for the last. An image's figure is one HTML block; a table's or text's
// tags are blocks of their own around it, so that its blank lines end no
// HTML block early.
func (w *writer) foldedFigure(blk *report.Block) {
	pn := blk.Panel
	if pn != nil && pn.First && pn.Label != "" {
		w.b.WriteString(`<a id="` + html.EscapeString(pn.Label) + `"></a>` + "\n")
	}
	if pn != nil && pn.First && pn.CaptionAbove && pn.Caption != "" {
		w.b.WriteString(wholeCaption(pn))
	}
	w.b.WriteString("<figure")
	if blk.Label != "" {
		w.b.WriteString(` id="` + html.EscapeString(blk.Label) + `"`)
	}
	w.b.WriteString(">\n")
	caption := ""
	if blk.Caption != "" || blk.Legend != "" {
		caption = "<figcaption>" + html.EscapeString(oneLine(plaintext.Of(blk.Caption)+" "+plaintext.Of(blk.Legend))) + "</figcaption>\n"
	}
	if blk.CaptionAbove {
		w.b.WriteString(caption)
	}
	if blk.Kind == report.KindImage {
		w.b.WriteString(imgElement(blk) + "\n")
	} else {
		w.b.WriteString("\n")
		inner := *blk
		inner.Caption, inner.Label, inner.Legend = "", "", ""
		w.htmlBlock(&inner)
	}
	if !blk.CaptionAbove {
		w.b.WriteString(caption)
	}
	w.b.WriteString("</figure>\n\n")
	if pn != nil && pn.Last && !pn.CaptionAbove && pn.Caption != "" {
		w.b.WriteString(wholeCaption(pn))
	}
}

// wholeCaption returns the caption of a folded figure or table whose
// panels it is, plain text, emphasised.
func wholeCaption(pn *report.Panel) string {
	return "<p><em>" + html.EscapeString(oneLine(plaintext.Of(pn.Caption))) + "</em></p>\n\n"
}

// pre writes text as a <pre> block, its text escaped, the code element
// classed by the language as Markdown engines class a fenced block's.
func (w *writer) pre(lang, text string) {
	w.b.WriteString("<pre><code")
	if lang != "" && lang != "text" {
		w.b.WriteString(` class="language-` + html.EscapeString(lang) + `"`)
	}
	w.b.WriteString(">" + html.EscapeString(strings.TrimRight(text, "\n")) + "</code></pre>\n\n")
}

// oneLine returns s with each run of white space, newlines too, one space.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
