package markdown

import (
	"html"
	"strings"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/plaintext"
)

// figure writes an image, or a block with a caption (a glue:figure's
// table or text): a numbered figure's anchor (which references to it
// link to) and the image with its alternative text in one paragraph, or
// the anchor as a paragraph of its own and the block as it is written
// elsewhere, then its caption, if any, as a paragraph of inline Markdown
// (CaptionText), emphasised with a mark it does not use itself.
func (w *writer) figure(blk *report.Block) {
	if blk.Label != "" {
		w.b.WriteString(`<a id="` + html.EscapeString(blk.Label) + `"></a>`)
	}
	if blk.Kind == report.KindImage {
		w.b.WriteString("![" + altEscaper.Replace(blk.Alt) + "](" + report.LinkPath(blk.File) + ")\n\n")
	} else {
		if blk.Label != "" {
			w.b.WriteString("\n\n")
		}
		inner := *blk
		inner.Caption, inner.Label = "", ""
		w.block(&inner)
	}
	if blk.Caption != "" {
		// Emphasis in emphasis of the same mark reads ambiguously: the
		// caption is emphasised with a mark it does not use.
		c := CaptionText(blk.Caption, w.trust)
		switch {
		case !strings.Contains(c, "*"):
			c = "*" + c + "*"
		case !strings.Contains(c, "_"):
			c = "_" + c + "_"
		}
		w.b.WriteString(c + "\n\n")
	}
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
