package htmlpage

import (
	_ "embed"
	"html"
	"strings"

	"github.com/grundylab/grundy/pkg/report"
)

// glueCSS styles what glue directives and roles add: figures with their
// captions, and the marked text of a role whose value is missing.
//
//go:embed glue.css
var glueCSS string

// figure writes a block with a caption or a label (from a glue:figure
// directive) as a <figure>, the caption rendered as Markdown.
func (p *page) figure(w *strings.Builder, blk *report.Block) error {
	inner := *blk
	inner.Caption, inner.Label = "", ""
	w.WriteString(`<figure class="glued"` + idAttr("", blk.Label) + ">\n")
	if err := p.block(w, &inner); err != nil {
		return err
	}
	if blk.Caption != "" {
		caption, err := p.markdown(blk.Caption)
		if err != nil {
			return err
		}
		w.WriteString("<figcaption>" + caption + "</figcaption>\n")
	}
	w.WriteString("</figure>\n")
	return nil
}

// idAttr returns an id attribute for a label, with a prefix, or "" for
// no label. The label comes from the notebook: characters other than
// letters, digits, '-', '_', '.' and ':' become '-'.
func idAttr(prefix, label string) string {
	if label == "" {
		return ""
	}
	id := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.', r == ':':
			return r
		}
		return '-'
	}, label)
	return ` id="` + html.EscapeString(prefix+id) + `"`
}
