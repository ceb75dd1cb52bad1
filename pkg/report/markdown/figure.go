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
// elsewhere, then its caption, if any, as an emphasised paragraph. The
// caption is text to the reader, whatever it holds: every character that
// Markdown reads as markup is escaped, and only its formulas are left for
// the blog's math engine, with the angle brackets and square brackets in
// them written as TeX commands so that no engine finds a tag or a link
// in them.
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
		w.b.WriteString("*" + CaptionText(blk.Caption) + "*\n\n")
	}
}

// CaptionText returns plain text with formulas (report.Block.Caption) as
// Markdown on one line that shows the text as it is: punctuation that
// could be markup escaped, formulas kept between their dollars with
// "<", ">", "[" and "]" in them written as \lt, \gt, \lbrack and \rbrack.
func CaptionText(caption string) string {
	var b strings.Builder
	for _, piece := range plaintext.SplitMath(oneLine(caption)) {
		switch {
		case piece.Math && piece.Display:
			b.WriteString("$$" + texBrackets.Replace(piece.Text) + "$$")
		case piece.Math:
			b.WriteString("$" + texBrackets.Replace(piece.Text) + "$")
		default:
			b.WriteString(textEscaper.Replace(piece.Text))
		}
	}
	return b.String()
}

// texBrackets writes the brackets of TeX that Markdown or HTML could read
// as markup as TeX's commands for them.
var texBrackets = strings.NewReplacer("<", `\lt `, ">", `\gt `, "[", `\lbrack `, "]", `\rbrack `)

// textEscaper escapes the ASCII punctuation that can be markup inside a
// line of Markdown (CommonMark lets any of it be escaped).
var textEscaper = strings.NewReplacer(`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`,
	"<", `\<`, ">", `\>`, "&", `\&`, "~", `\~`, "|", `\|`, "$", `\$`, "!", `\!`)
