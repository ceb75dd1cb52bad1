package htmlpage

import (
	"encoding/base64"
	"fmt"
	"html"
	"strings"

	"github.com/grundylab/grundy/pkg/report"
)

// figure writes an image as a <figure>: the image with its alternative
// text, and its caption, if any, with formulas typeset. A numbered
// figure has its label as id, which references to it link to.
func (p *page) figure(w *strings.Builder, blk *report.Block) {
	w.WriteString(`<figure class="output image"`)
	if blk.Label != "" {
		w.WriteString(` id="` + html.EscapeString(blk.Label) + `"`)
	}
	fmt.Fprintf(w, `><img src="data:%s;base64,%s" alt="%s"%s>`,
		blk.MIME, base64.StdEncoding.EncodeToString(blk.Data), html.EscapeString(blk.Alt), sizeAttrs(blk))
	if blk.Caption != "" {
		w.WriteString("\n<figcaption>" + p.textWithMath(blk.Caption) + "</figcaption>")
	}
	w.WriteString("</figure>\n")
}
