package markdown

import (
	"html"
	"strconv"
	"strings"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/plaintext"
)

// figure writes an image, or a block with a caption (a glue:figure's
// table or text): a numbered figure's anchor (which references to it
// link to) and the image with its alternative text in one paragraph, or
// the anchor as a paragraph of its own and the block as it is written
// elsewhere; its caption, if any, as a paragraph of inline Markdown
// (CaptionText), emphasised with a mark it does not use itself, below
// or, for a table, above; then its legend, Markdown. An image with
// classes is an <img> element with them and its size, which Hugo and
// Jekyll keep as it is, where Markdown's image has no classes. The
// panels of a cell's figure or table (report.Panel) are written one
// under another, the whole's anchor before the first, its caption after
// the last (a table's before the first): a blog has no stylesheet for
// their layout, and so none for layout-valign and layout-align either,
// which the post leaves out.
func (w *writer) figure(blk *report.Block) {
	pn := blk.Panel
	if pn != nil && pn.First && pn.Label != "" {
		w.b.WriteString(`<a id="` + html.EscapeString(pn.Label) + `"></a>` + "\n\n")
	}
	if pn != nil && pn.First && pn.CaptionAbove && pn.Caption != "" {
		w.b.WriteString(emphasisedCaption(CaptionText(pn.Caption, w.trust)) + "\n\n")
	}
	if blk.Label != "" {
		w.b.WriteString(`<a id="` + html.EscapeString(blk.Label) + `"></a>`)
	}
	if blk.CaptionAbove && blk.Caption != "" {
		if blk.Label != "" {
			w.b.WriteString("\n\n")
		}
		w.b.WriteString(emphasisedCaption(CaptionText(blk.Caption, w.trust)) + "\n\n")
	}
	switch {
	case blk.Kind == report.KindImage && len(blk.Classes) > 0:
		w.b.WriteString(imgElement(blk) + "\n\n")
	case blk.Kind == report.KindImage:
		w.b.WriteString("![" + altEscaper.Replace(blk.Alt) + "](" + report.LinkPath(blk.File) + ")\n\n")
	default:
		if blk.Label != "" && !blk.CaptionAbove {
			w.b.WriteString("\n\n")
		}
		inner := *blk
		inner.Caption, inner.Label, inner.Legend = "", "", ""
		w.block(&inner)
	}
	if !blk.CaptionAbove && blk.Caption != "" {
		w.b.WriteString(emphasisedCaption(CaptionText(blk.Caption, w.trust)) + "\n\n")
	}
	if blk.Legend != "" {
		w.markdown(blk.Legend)
	}
	if pn != nil && pn.Last && !pn.CaptionAbove && pn.Caption != "" {
		w.b.WriteString(emphasisedCaption(CaptionText(pn.Caption, w.trust)) + "\n\n")
	}
}

// emphasisedCaption returns a caption's line emphasised. Emphasis in
// emphasis of the same mark reads ambiguously, so it is emphasised with
// a mark it does not use.
func emphasisedCaption(c string) string {
	switch {
	case !strings.Contains(c, "*"):
		return "*" + c + "*"
	case !strings.Contains(c, "_"):
		return "_" + c + "_"
	}
	return c
}

// imgElement returns an image as an <img> element: its file, its
// alternative text, its classes (checked by the view to be safe as they
// are, escaped all the same) and its size.
func imgElement(blk *report.Block) string {
	img := `<img src="` + html.EscapeString(report.LinkPath(blk.File)) + `" alt="` + html.EscapeString(oneLine(blk.Alt)) + `"`
	if len(blk.Classes) > 0 {
		img += ` class="` + html.EscapeString(strings.Join(blk.Classes, " ")) + `"`
	}
	if blk.Width > 0 {
		img += ` width="` + strconv.Itoa(blk.Width) + `"`
	}
	if blk.Height > 0 {
		img += ` height="` + strconv.Itoa(blk.Height) + `"`
	}
	return img + ">"
}

// CaptionText returns a caption (report.Block.Caption, a line of inline
// Markdown) as a line of a post: its markup kept, its raw HTML sanitised
// unless trusted (SanitizeHTML, which also writes the angle brackets of
// its formulas as TeX commands), and the square brackets of its formulas
// written as \lbrack and \rbrack, so that no blog engine finds a link in
// them.
func CaptionText(caption string, trusted bool) string {
	if !trusted {
		caption = SanitizeHTML(caption)
	}
	var b strings.Builder
	for _, piece := range plaintext.SplitMath(oneLine(caption)) {
		switch {
		case piece.Math && piece.Display:
			b.WriteString("$$" + texBrackets.Replace(piece.Text) + "$$")
		case piece.Math:
			b.WriteString("$" + texBrackets.Replace(piece.Text) + "$")
		default:
			b.WriteString(piece.Text)
		}
	}
	return b.String()
}

// texBrackets writes the brackets of TeX that Markdown or HTML could read
// as markup as TeX's commands for them.
var texBrackets = strings.NewReplacer("<", `\lt `, ">", `\gt `, "[", `\lbrack `, "]", `\rbrack `)
