package report

import (
	"strings"

	"github.com/grundylab/grundy/pkg/report/cellopts"
	"github.com/grundylab/grundy/pkg/report/codelang"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/plaintext"
)

// DefaultFoldLines is the number of lines past which a stream or text
// output is folded when ViewOptions.FoldLines is zero: about a screen.
const DefaultFoldLines = 40

// Fold says which folded part of its cell a block is shown in.
type Fold uint8

// The folded parts of a cell.
const (
	// Unfolded is a block shown as it is.
	Unfolded Fold = iota
	// FoldSource is a code cell's folded source: tag hide-input, option
	// code-fold, or JupyterLab's metadata jupyter.source_hidden.
	FoldSource
	// FoldOutputs is a code cell's folded outputs: tag hide-output, or
	// the metadata jupyter.outputs_hidden or collapsed (nbformat's,
	// which the classic Notebook sets).
	FoldOutputs
	// FoldCell is a whole cell folded as one: tag hide-cell, or a
	// Markdown or raw cell with jupyter.source_hidden.
	FoldCell
)

// The texts of the controls that open folded parts, as Jupyter Book and
// Quarto word them.
const (
	sourceSummary   = "Show code cell source"
	outputsSummary  = "Show code cell outputs"
	cellSummary     = "Show code cell content"
	textSummary     = "Show cell content"
	codeFoldSummary = "Code"
)

// look is how a cell is shown: which parts, folded how, and the options
// it sets.
type look struct {
	source, outputs         bool
	sourceFold, outputsFold Fold
	open                    bool
	// summary and outputsSummary are the texts of the controls that
	// open the folded source (or cell) and the folded outputs; hide and
	// outputsHide their texts once open ("" for the same text).
	summary, outputsSummary string
	hide, outputsHide       string
	// code is a code cell's source as shown: without option lines, and
	// without GoNB's directives in a Go notebook.
	code string
	opts cellopts.Options
	// format is the MIME type a Markdown or raw cell's source is shown
	// as: "text/markdown", "text/html", or another that is not shown.
	format string
}

// look reads how a cell is shown from what it asks for (package
// cellopts: its tags, options and metadata).
func (b *builder) look(n int, c *notebook.Cell) look {
	opts, code, err := cellopts.Of(b.v.Language, c)
	if err != nil {
		b.warn(n, 0, "%v", err)
	}
	prompt := func(fallback, part string) string {
		if opts.PromptShow == "" {
			return fallback
		}
		return promptText(opts.PromptShow, part)
	}
	lk := look{opts: opts, outputsSummary: prompt(outputsSummary, "outputs"), outputsHide: promptText(opts.PromptHide, "outputs")}
	lk.source = opts.Include && opts.Echo
	lk.outputs = c.Type == notebook.Code && opts.Include && opts.Output
	if c.Type != notebook.Code {
		lk.format = "text/markdown"
		if c.Type == notebook.Raw {
			lk.format = RawFormat(c)
		}
		if opts.HideCell {
			lk.sourceFold, lk.summary, lk.hide = FoldCell, prompt(textSummary, "content"), promptText(opts.PromptHide, "content")
		}
		return lk
	}
	code = plaintext.Clean(code)
	if b.v.Language == "go" {
		code = codelang.GoNBCode(code)
	}
	lk.code = code
	switch {
	case opts.HideCell:
		lk.sourceFold, lk.outputsFold, lk.summary, lk.hide = FoldCell, FoldCell, prompt(cellSummary, "content"), promptText(opts.PromptHide, "content")
		return lk
	case opts.Fold:
		lk.sourceFold, lk.open, lk.summary = FoldSource, opts.FoldOpen, codeFoldSummary
	case opts.HideInput:
		lk.sourceFold, lk.summary, lk.hide = FoldSource, prompt(sourceSummary, "source"), promptText(opts.PromptHide, "source")
	}
	if opts.Summary != "" && lk.sourceFold == FoldSource {
		lk.summary = strings.Join(strings.Fields(opts.Summary), " ")
	}
	if opts.HideOutput {
		lk.outputsFold = FoldOutputs
	}
	return lk
}

// promptText returns MyST-NB's code_prompt_show or code_prompt_hide for
// a folded part ("source", "outputs" or "content", which stands for
// "{type}"), on one line; "" for none.
func promptText(prompt, part string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(prompt, "{type}", part)), " ")
}

// fold marks the blocks of cell n, of type t, with the cell's type and
// the folded parts they are in, and makes figures of its images.
func (b *builder) fold(n int, t notebook.CellType, lk *look, blocks []Block) {
	for i := range blocks {
		blk := &blocks[i]
		blk.CellType = t
		switch {
		case blk.Output == 0 && lk.sourceFold != Unfolded:
			blk.Fold, blk.Open, blk.Summary, blk.SummaryHide = lk.sourceFold, lk.open, lk.summary, lk.hide
		case blk.Output > 0 && lk.outputsFold == FoldCell:
			blk.Fold, blk.Summary, blk.SummaryHide = FoldCell, lk.summary, lk.hide
		case blk.Output > 0 && lk.outputsFold == FoldOutputs:
			blk.Fold, blk.Summary, blk.SummaryHide = FoldOutputs, lk.outputsSummary, lk.outputsHide
		}
	}
	if t == notebook.Code {
		b.figures(n, blocks, &lk.opts)
	}
}
