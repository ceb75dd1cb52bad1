package htmlpage

import (
	"encoding/base64"
	"fmt"
	"html"
	"regexp"
	"strings"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/authoring"
	"github.com/grundylab/grundy/pkg/report/plaintext"
)

// figure writes an image, or a block with a caption (a glue:figure's
// table or text), as a <figure>: the image with its alternative text, or
// the block as it is shown elsewhere, and its caption, if any, with
// formulas typeset, below it or, for a table, above it, followed by its
// legend. A numbered figure has its label as id, which references to it
// link to. The images and tables that are panels of their cell's figure
// or table (report.Panel) are set in its <figure>, in the rows and cells
// of its layout, its caption after them (a table's before them).
func (p *page) figure(w *strings.Builder, blk *report.Block) error {
	caption, err := p.figcaption(blk)
	if err != nil {
		return err
	}
	if blk.Kind == report.KindImage {
		panelStart(w, p, blk.Panel)
		defer p.panelEnd(w, blk.Panel)
		src := `src="data:` + blk.MIME + ";base64," + base64.StdEncoding.EncodeToString(blk.Data) + `"`
		if f := p.files.file(blk.File); f != nil {
			src = p.files.src(f)
		}
		class := strings.Join(append([]string{"output", "image"}, blk.Classes...), " ")
		fmt.Fprintf(w, `<figure class="%s"%s>`, html.EscapeString(class), idAttr(blockID(blk)))
		if blk.CaptionAbove {
			w.WriteString(caption + "\n")
		}
		fmt.Fprintf(w, `<img %s alt="%s"%s>`, src, html.EscapeString(blk.Alt), sizeAttrs(blk))
		if !blk.CaptionAbove && caption != "" {
			w.WriteString("\n" + caption)
		}
		w.WriteString("</figure>\n")
		return nil
	}
	panelStart(w, p, blk.Panel)
	defer p.panelEnd(w, blk.Panel)
	w.WriteString(`<figure class="output glued"` + idAttr(blockID(blk)) + ">\n")
	if blk.CaptionAbove {
		w.WriteString(caption + "\n")
	}
	inner := *blk
	inner.Caption, inner.Label, inner.Legend = "", "", ""
	if err := p.block(w, &inner); err != nil {
		return err
	}
	if !blk.CaptionAbove {
		w.WriteString(caption)
	}
	w.WriteString("</figure>\n")
	return nil
}

// figcaption returns the <figcaption> of a figure: its caption, and its
// legend (report.Block.Legend, Markdown) converted as the page's
// Markdown is; "" for a figure with neither.
func (p *page) figcaption(blk *report.Block) (string, error) {
	if blk.Caption == "" && blk.Legend == "" {
		return "", nil
	}
	c := "<figcaption>"
	if blk.Caption != "" {
		c += p.caption(blk.Caption)
	}
	if blk.Legend != "" {
		legend, err := p.markdown(blk.Legend)
		if err != nil {
			return "", err
		}
		c += `<div class="legend">` + "\n" + legend + "</div>"
	}
	return c + "</figcaption>", nil
}

// caption returns a figure's caption (report.Block.Caption, a line of
// inline Markdown) as HTML, converted as the page's Markdown is: its
// emphasis, code, links and formulas kept, raw HTML and unsafe links
// sanitised unless the page is trusted. A caption that the converter
// does not make one paragraph is shown as its plain text.
func (p *page) caption(c string) string {
	out, err := p.markdown(c)
	inner, ok := strings.CutPrefix(strings.TrimSpace(out), "<p>")
	if inner, found := strings.CutSuffix(inner, "</p>"); err == nil && ok && found && !strings.Contains(inner, "<p>") {
		return inner
	}
	return p.textWithMath(plaintext.Of(c))
}

// blockID returns the id of the element that shows a block, where links
// to its label go: a figure's or a formula's label; "" for a block
// without a label.
func blockID(blk *report.Block) string { return blk.Label }

// idAttr returns an id attribute, or "" for no id. The view gives labels
// a form that needs no escaping; escaping keeps the page whole whatever
// a view holds.
func idAttr(id string) string {
	if id == "" {
		return ""
	}
	return ` id="` + html.EscapeString(id) + `"`
}

// cssShare matches a panel's share of its row as the view makes it.
var cssShare = regexp.MustCompile(`^[0-9]{1,3}(?:\.[0-9]{1,3})?%$`)

// panelStart writes what comes before an image or a table that is a
// panel of its cell's figure or table (report.Panel): the figure's start
// before the first, and its caption there if it stands above; the row a
// panel starts, the spacer before it and its cell, their classes those
// of authoring's layouts.
func panelStart(w *strings.Builder, p *page, pn *report.Panel) {
	if pn == nil {
		return
	}
	laid := cssShare.MatchString(pn.Width)
	if pn.First {
		class := "panels"
		if !laid {
			class += " subfigures"
		}
		w.WriteString(`<figure class="` + class + `"` + idAttr(pn.Label) + ">\n")
		if pn.CaptionAbove && pn.Caption != "" {
			w.WriteString("<figcaption>" + p.caption(pn.Caption) + "</figcaption>\n")
		}
		w.WriteString(`<div class="float-body">` + "\n")
	}
	if !laid {
		return
	}
	if pn.NewRow {
		if !pn.First {
			w.WriteString("</div>\n")
		}
		// The classes are made from fixed words: nothing of the view's
		// text is in them.
		w.WriteString(`<div class="` + authoring.LayoutRowClass(pn.VAlign) + `">` + "\n")
	}
	if cssShare.MatchString(pn.Gap) {
		w.WriteString(`<div class="layout-spacer" style="flex-basis: ` + pn.Gap + `"></div>` + "\n")
	}
	w.WriteString(`<div class="` + authoring.LayoutCellClass(pn.Align) + `" style="flex-basis: ` + pn.Width + `">` + "\n")
}

// panelEnd writes what comes after a panel: the end of its cell, and
// after the last the end of its row and the figure's caption.
func (p *page) panelEnd(w *strings.Builder, pn *report.Panel) {
	if pn == nil {
		return
	}
	laid := cssShare.MatchString(pn.Width)
	if laid {
		w.WriteString("</div>\n")
	}
	if !pn.Last {
		return
	}
	if laid {
		w.WriteString("</div>\n")
	}
	w.WriteString("</div>\n")
	if pn.Caption != "" && !pn.CaptionAbove {
		w.WriteString("<figcaption>" + p.caption(pn.Caption) + "</figcaption>\n")
	}
	w.WriteString("</figure>\n")
}
