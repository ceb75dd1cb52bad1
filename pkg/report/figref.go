package report

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/grundylab/grundy/pkg/report/authoring"
	"github.com/grundylab/grundy/pkg/report/cellopts"
	"github.com/grundylab/grundy/pkg/report/mathml"
	"github.com/grundylab/grundy/pkg/report/mdcost"
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

// figures gives the images among the blocks of cell n their
// captions and alternative texts from the cell's options, numbers the
// first as a figure if the cell has a figure label, and gives an image
// the options leave without alternative text a neutral one, with a
// warning.
func (b *builder) figures(n int, blocks []Block, opts *cellopts.Options) {
	tables := b.quartoTable(n, blocks, opts)
	images := b.quartoFigures(n, blocks, opts)
	if len(tables) > 0 {
		b.panels(n, tables, opts)
	} else {
		b.panels(n, images, opts)
	}
	b.mystFigure(n, blocks, &opts.Figure)
	b.mystImages(n, images, &opts.Image)
}

// quartoTable captions the first output of cell n that is not an image
// as Quarto captions a cell's table: numbered "Table N: tbl-cap" when the
// cell's label is "tbl-NAME", tbl-cap alone without one, the caption
// shown above the table, where Quarto puts it. With tbl-subcap and such
// a label, every such output is a subtable of the one table
// (subfloats), and quartoTable returns them.
func (b *builder) quartoTable(n int, blocks []Block, opts *cellopts.Options) []*Block {
	label := opts.Label
	caption := captionMarkdown(at(opts.TableCaption, 0), b.opts.Trust)
	numbered := strings.HasPrefix(label, "tbl-")
	if opts.Subtables && !numbered {
		b.warn(n, 0, "tbl-subcap makes subtables of a table labelled tbl-...: the cell has no such label, so its tables are not lettered")
	}
	if !numbered && caption == "" {
		return nil
	}
	var tables []*Block
	for i := range blocks {
		blk := &blocks[i]
		if blk.Output == 0 || blk.Kind == KindImage || blk.Kind == KindNote || blk.Rest {
			continue
		}
		blk.CaptionAbove = true
		tables = append(tables, blk)
		if !opts.Subtables || !numbered {
			break
		}
	}
	switch {
	case len(tables) == 0:
		what := "label " + plaintext.Shorten(label, 60)
		if !numbered {
			what = "tbl-cap"
		}
		b.warn(n, 0, "%s names no table: the cell shows no output other than images", what)
		return nil
	case opts.Subtables && numbered:
		b.subfloats(n, tables, subfloatSet{counter: authoring.CounterTable, option: "tbl-subcap",
			label: label, caption: at(opts.TableCaption, 0), subs: opts.TableSubcaptions})
		return tables
	case numbered:
		b.numberAs(authoring.CounterTable, n, tables[0], label, caption)
	default:
		tables[0].Caption = caption
	}
	return nil
}

// quartoFigures gives the images among the blocks of cell n their
// captions, alternative texts and number from Quarto's options (and
// MyST-NB's image alt), and returns them.
func (b *builder) quartoFigures(n int, blocks []Block, opts *cellopts.Options) []*Block {
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
	subfigures := opts.Subfigures && len(images) > 0
	if subfigures && label == "" {
		b.warn(n, 0, "fig-subcap makes subfigures of a figure labelled fig-...: the cell has no such label, so its figures are captioned one by one")
		subfigures = false
	}
	if subfigures {
		b.subfloats(n, images, subfloatSet{counter: authoring.CounterFigure, option: "fig-subcap",
			label: label, caption: at(opts.Caption, 0), subs: opts.Subcaptions})
	}
	for k, img := range images {
		caption := captionMarkdown(at(opts.Caption, k), b.opts.Trust)
		alt := plaintext.Of(at(opts.Alt, k))
		described := caption // the text that may stand as alternative text
		if subfigures {
			caption = img.Caption
			described = captionMarkdown(at(opts.Subcaptions, k), b.opts.Trust)
		}
		img.Caption = caption
		if k == 0 && label != "" && !subfigures {
			b.number(n, img, label, caption)
		}
		if alt == "" {
			alt = plaintext.Of(opts.Image.Alt)
		}
		switch {
		case alt != "":
			img.Alt = alt
		case described != "":
			img.Alt = plaintext.Of(described)
		case k == 0 && opts.Figure.Caption != "":
			// MyST-NB's caption, its first paragraph, as mystFigure
			// shows it under the cell's first output.
			first, _, _ := strings.Cut(strings.ReplaceAll(opts.Figure.Caption, "\r\n", "\n"), "\n\n")
			img.Alt = plaintext.Of(first)
		case img.Alt != "":
			// The output's own short text form.
		default:
			img.Alt = standInAlt(img, n, k, len(images))
			b.warn(n, img.Output, "figure has no alt text: %q stands in; %s", img.Alt, b.altHint(opts, len(images)))
		}
	}
	return images
}

// altHint says how a cell gives its figures alternative text in the
// notebook's own syntax: MyST-NB's image alt in a MyST notebook or a
// cell with MyST-NB's metadata, else Quarto's fig-alt.
func (b *builder) altHint(opts *cellopts.Options, images int) string {
	f, img := opts.Figure, opts.Image
	if b.index.MyST || f.Name != "" || len(f.Classes) > 0 || img.Width != "" || img.Height != "" || len(img.Classes) > 0 {
		return `give the cell the metadata {"mystnb": {"image": {"alt": "what the figure shows"}}}`
	}
	hint := " fig-alt: what the figure shows"
	if images > 1 {
		hint = " fig-alt: [what figure 1 shows, what figure 2 shows]"
	}
	return fmt.Sprintf("give the cell a line %q at its top", cellopts.Prefix(b.v.Language)+hint)
}

// mystFigure makes the first output among the blocks of cell n the
// figure MyST-NB's figure metadata asks for: its caption (the first
// paragraph of fig.Caption, read as a fig-cap is, above the figure with
// caption_before), its legend (the paragraphs after it) and, with a
// name, a number in the same sequence as the other figures, the name its
// label.
func (b *builder) mystFigure(n int, blocks []Block, fig *cellopts.Figure) {
	if fig.Caption == "" && fig.Name == "" {
		return
	}
	i := slices.IndexFunc(blocks, func(blk Block) bool { return blk.Output > 0 && !blk.Rest && blk.Kind != KindNote })
	if i < 0 {
		b.warn(n, 0, "MyST-NB figure metadata names no figure: the cell shows no output")
		return
	}
	target := &blocks[i]
	caption, legend := b.captionAndLegend(n, fig.Caption)
	target.Legend, target.CaptionAbove = legend, fig.CaptionBefore
	name := fig.Name
	switch {
	case name == "":
	case target.Label != "":
		b.warn(n, target.Output, "MyST-NB figure name %q: the figure is labelled %s already, so the name is not used", plaintext.Shorten(name, 60), target.Label)
		return
	case !labelForm.MatchString(name):
		b.warn(n, target.Output, "MyST-NB figure name %q is not a label (letters, digits, \"_\", joined by \"-\", \".\" or \":\"), so the figure is not numbered", plaintext.Shorten(name, 60))
		name = ""
	}
	if name == "" {
		target.Caption = caption
		return
	}
	b.number(n, target, name, caption)
}

// mystImages sizes the images of cell n and gives them classes as
// MyST-NB's image metadata asks. Sizes other than pixels are not kept
// (a view's sizes are in CSS pixels), with a warning.
func (b *builder) mystImages(n int, images []*Block, img *cellopts.Image) {
	if len(images) == 0 {
		return
	}
	size := [2]int{}
	for i, l := range []string{img.Width, img.Height} {
		if l == "" {
			continue
		}
		px, err := strconv.ParseFloat(strings.TrimSuffix(l, "px"), 64)
		if err != nil || px < 1 || px > maxImageSide {
			b.warn(n, 0, "MyST-NB image size %q is not used: a page takes sizes in pixels, 1 to %d", l, maxImageSide)
			continue
		}
		size[i] = int(px + 0.5)
	}
	for _, blk := range images {
		if size[0] > 0 {
			blk.Width = size[0]
		}
		if size[1] > 0 {
			blk.Height = size[1]
		}
		blk.Classes = append(blk.Classes, img.Classes...)
	}
}

// number makes blk the next numbered figure, in the document's one
// sequence of figures (a cell's "label: fig-..." and a glue:figure's
// :name: alike, and the figures of the Markdown's directives): its Label
// label, its Caption "Figure N: caption" ("Figure N" without a caption).
// A label that names a target already numbers no other, with a warning.
func (b *builder) number(cell int, blk *Block, label, caption string) {
	b.numberAs(authoring.CounterFigure, cell, blk, label, caption)
}

// numberAs makes blk the next of the counter's sequence ("figure" or
// "table"), as number does for figures: its Label label, its Caption
// "Table N: caption".
func (b *builder) numberAs(counter string, cell int, blk *Block, label, caption string) {
	if prev, ok := b.index.Target(label); ok {
		b.warn(cell, 0, "label %s is the label of %s %s already, so this %s is not numbered", label, prev.Counter, prev.Number, counter)
		return
	}
	num, err := b.index.Add(cell, counter, label, plaintext.Of(caption))
	if err != nil {
		b.warn(cell, 0, "%s %s: %v", counter, num, err)
		return
	}
	blk.Label = label
	blk.Caption = strings.ToUpper(counter[:1]) + counter[1:] + " " + num
	if caption != "" {
		blk.Caption += ": " + caption
	}
}

// captionMarkdown returns a caption, Markdown (fig-cap, a MyST-NB
// figure's or a glue:figure's), as Block.Caption holds it: one line of
// inline Markdown, its emphasis, code, links and formulas kept, its raw
// HTML left out unless trusted, and a first character that would start
// a block (a heading, a quote, a list, a rule, a fence, a table)
// escaped, so that the line is one paragraph wherever it is put.
func captionMarkdown(src string, trusted bool) string {
	line := strings.Join(strings.Fields(plaintext.Clean(src)), " ")
	if !trusted {
		line = withoutHTML(line)
	}
	if captionStart.MatchString(line) {
		line = `\` + line
	}
	return line
}

// captionAndLegend splits Markdown src, a MyST-NB figure's caption or a
// glue:figure's body, as docutils splits a figure's content: its first
// paragraph the caption (captionMarkdown), the paragraphs after it the
// legend, Markdown without raw HTML unless trusted. A legend beyond what
// is left of the notebook's Markdown budget is left out, with a warning.
func (b *builder) captionAndLegend(cell int, src string) (caption, legend string) {
	src = strings.TrimSpace(plaintext.Clean(strings.ReplaceAll(src, "\r\n", "\n")))
	first, rest := src, ""
	if loc := blankLine.FindStringIndex(src); loc != nil {
		first, rest = src[:loc[0]], src[loc[1]:]
	}
	caption = captionMarkdown(first, b.opts.Trust)
	legend = strings.TrimSpace(rest)
	if legend == "" {
		return caption, ""
	}
	if !b.opts.Trust {
		legend = withoutHTML(legend)
	}
	m := mdcost.Of(legend)
	if why := m.TooCostly(b.budget); why != "" {
		b.warn(cell, 0, "figure legend left out: %s", why)
		return caption, ""
	}
	b.budget -= m.Cost
	return caption, legend
}

// blankLine matches the end of a paragraph: a line of spaces at most.
var blankLine = regexp.MustCompile(`\n[ \t]*\n`)

// withoutHTML returns Markdown without its raw HTML. Taking a tag out
// can join the text around it into a new one ("<<b>b>"), so it goes
// again until none is left; text that keeps making tags has every "<"
// escaped.
func withoutHTML(src string) string {
	for range 4 {
		tags := markdownRanges(src, func(n ast.Node, add func(start, stop int)) ast.WalkStatus {
			if raw, ok := n.(*ast.RawHTML); ok {
				for i := range raw.Segments.Len() {
					seg := raw.Segments.At(i)
					add(seg.Start, seg.Stop)
				}
			}
			return ast.WalkContinue
		})
		if len(tags) == 0 {
			return src
		}
		var b strings.Builder
		last := 0
		for _, r := range tags {
			b.WriteString(src[last:r[0]])
			last = r[1]
		}
		src = b.String() + src[last:]
	}
	return strings.ReplaceAll(src, "<", `\<`)
}

// captionStart matches the start of a line of Markdown that makes it a
// block other than a paragraph.
var captionStart = regexp.MustCompile(`^(?:[#>|=]|[-+*](?:\s|$)|[0-9]{1,9}[.)](?:\s|$)|[-*_](?:\s*[-*_]){2,}\s*$|` + "```|~~~" + `|<)`)

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

// record adds the Markdown and formulas among the blocks of a cell to
// the document's index, in order, as the writers will read them (Markdown
// in a Dialect has no references, and the writers read it without): the
// targets they hold numbered, a glued formula with a label numbered in
// the sequence of equations (its number its \tag).
func (b *builder) record(blocks []Block) {
	for i := range blocks {
		blk := &blocks[i]
		switch {
		case blk.Kind == KindMarkdown && blk.Dialect == "":
			b.index.Markdown(blk.Cell, blk.Text)
		case blk.Kind == KindMath && blk.Display && blk.Label != "" && blk.Caption == "":
			num, err := b.index.Add(blk.Cell, authoring.CounterEquation, blk.Label, "")
			if err != nil {
				b.warn(blk.Cell, 0, "equation %s: %v", num, err)
				blk.Label = ""
			}
			blk.Text += `\tag{` + num + `}`
		case blk.Kind == KindMath && blk.Display:
			b.index.Math(blk.Text)
		}
	}
	for _, w := range b.index.Warnings() {
		b.warn(w.Cell, 0, "%s", w.Msg)
	}
}

// references warns of each reference to no target and each citation of
// no work, once the whole notebook is read, and makes the summary from
// its Markdown, the references in it read as the page's text of them.
func (b *builder) references() {
	for _, w := range b.index.Check() {
		b.warn(w.Cell, 0, "%s", w.Msg)
		b.v.unresolved = append(b.v.unresolved, b.v.Warnings[len(b.v.Warnings)-1])
	}
	b.v.summary = b.summary
	b.v.Meta.Summary = summaryText(b.summary.markdown, b.summary.fromText, b.index)
}

// A summarySource is the Markdown a summary is made from, and whether it
// is the notebook's first paragraph rather than a field's value.
type summarySource struct {
	markdown string
	fromText bool
}

// summaryText returns the summary made from src: plain text, as the
// reader sees it. With an index, the Markdown's constructs (callouts,
// targets, references, citations) read as the post writes them, so
// that their syntax is never shown.
func summaryText(src string, fromText bool, x *authoring.Index) string {
	// A paragraph longer than a summary could hold many times over is
	// read as plain text only: what a parser would take long over stays
	// within package plaintext's budget.
	if x != nil && len(src) <= 8*MaxSummary {
		src = string(authoring.Post([]byte(src), &mathml.Extender{}, &authoring.Blocks{}, &authoring.Refs{Index: x}))
	}
	summary := plaintext.Of(src)
	if x != nil {
		// A role to no target reads as its own text, not as written.
		summary = x.PlainText(summary)
	}
	if fromText {
		// A paragraph may end in the middle of a sentence that a list
		// completes; the summary keeps whole sentences only.
		summary = plaintext.WholeSentences(summary)
	}
	return plaintext.Shorten(summary, MaxSummary)
}
