package htmlpage

import (
	"html"
	"strings"

	"github.com/grundylab/grundy/pkg/report"
)

// foldClasses names the folded parts of a cell as classes of their
// <details>.
var foldClasses = map[report.Fold]string{
	report.FoldSource: "source", report.FoldOutputs: "outputs", report.FoldCell: "cell",
}

// newFold reports whether blk starts a folded part or leaves one: it is
// in another cell or another part than prev, the block before it.
func newFold(prev, blk *report.Block) bool {
	return prev == nil || blk == nil || prev.Cell != blk.Cell || prev.Fold != blk.Fold
}

// endFold closes the folded part of prev if blk (nil at the end of the
// page) is not in it.
func endFold(w *strings.Builder, prev, blk *report.Block) {
	if prev != nil && prev.Fold != report.Unfolded && newFold(prev, blk) {
		w.WriteString("</details>\n")
	}
}

// startFold opens the folded part of blk, a <details> element that a
// click on its summary opens, if prev is not in it already.
func startFold(w *strings.Builder, prev, blk *report.Block) {
	if blk.Fold == report.Unfolded || !newFold(prev, blk) {
		return
	}
	w.WriteString(`<details class="fold ` + foldClasses[blk.Fold] + `"`)
	if blk.Open {
		w.WriteString(" open")
	}
	w.WriteString("><summary>" + summaryText(blk) + "</summary>\n")
}

// summaryText returns the text of the control that opens the folded part
// of blk, as HTML: Summary, or with a SummaryHide both, the stylesheet
// showing the one that fits whether the part is open.
func summaryText(blk *report.Block) string {
	if blk.SummaryHide == "" {
		return html.EscapeString(blk.Summary)
	}
	return `<span class="prompt-show">` + html.EscapeString(blk.Summary) + `</span><span class="prompt-hide">` + html.EscapeString(blk.SummaryHide) + "</span>"
}

// rest writes the rest of a long output, folded after its first lines.
func (p *page) rest(w *strings.Builder, blk *report.Block) error {
	w.WriteString(`<details class="more"><summary>` + html.EscapeString(blk.Summary) + "</summary>\n")
	unfolded := *blk
	unfolded.Rest = false
	if err := p.block(w, &unfolded); err != nil {
		return err
	}
	w.WriteString("</details>\n")
	return nil
}
