package report

import (
	"strings"

	"github.com/grundylab/grundy/pkg/report/cellopts"
	"github.com/grundylab/grundy/pkg/report/codelang"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/plaintext"
)

// Cell tags of Jupyter Book that fold parts of a cell: the writeup shows
// them closed, one click from open, where the remove-* tags (RemoveCell
// and the others) leave them out.
const (
	HideInput  = "hide-input"  // HideInput folds the source.
	HideOutput = "hide-output" // HideOutput folds the outputs.
	HideCell   = "hide-cell"   // HideCell folds the whole cell, source and outputs together.
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
	summary                 string
	// code is a code cell's source as shown: without option lines, and
	// without GoNB's directives in a Go notebook.
	code string
	opts cellopts.Options
	// format is the MIME type a Markdown or raw cell's source is shown
	// as: "text/markdown", "text/html", or another that is not shown.
	format string
}

// look reads how a cell is shown from its tags (remove-* and hide-*),
// its Quarto options (code cells) and JupyterLab's metadata.
func (b *builder) look(n int, c *notebook.Cell) look {
	lk := look{opts: cellopts.Default()}
	lk.source, lk.outputs = Shown(c)
	sourceHidden, outputsHidden := jupyterHidden(c)
	if c.Type != notebook.Code {
		lk.format = "text/markdown"
		if c.Type == notebook.Raw {
			lk.format = RawFormat(c)
		}
		if c.HasTag(HideCell) || sourceHidden {
			lk.sourceFold, lk.summary = FoldCell, textSummary
		}
		return lk
	}
	src := plaintext.Clean(c.Source)
	opts, code, err := cellopts.Parse(b.optionLanguage(src), src)
	if err != nil {
		b.warn(n, 0, "%v", err)
	}
	if b.v.Language == "go" {
		code = codelang.GoNBCode(code)
	}
	lk.opts, lk.code = opts, code
	if !opts.Include {
		lk.source, lk.outputs = false, false
	}
	lk.source = lk.source && opts.Echo
	lk.outputs = lk.outputs && opts.Output
	switch {
	case c.HasTag(HideCell):
		lk.sourceFold, lk.outputsFold, lk.summary = FoldCell, FoldCell, cellSummary
		return lk
	case opts.Fold:
		lk.sourceFold, lk.open, lk.summary = FoldSource, opts.FoldOpen, codeFoldSummary
	case c.HasTag(HideInput) || sourceHidden:
		lk.sourceFold, lk.summary = FoldSource, sourceSummary
	}
	if opts.Summary != "" && lk.sourceFold == FoldSource {
		lk.summary = strings.Join(strings.Fields(opts.Summary), " ")
	}
	if c.HasTag(HideOutput) || outputsHidden {
		lk.outputsFold = FoldOutputs
	}
	return lk
}

// optionLanguage returns the language of a code cell's option lines:
// the notebook's, or that of the body of a cell magic on the first line
// ("%%bash" gives "bash").
func (b *builder) optionLanguage(src string) string {
	first, _, _ := strings.Cut(src, "\n")
	if strings.HasPrefix(first, "%%") {
		return codelang.CellMagicBody(b.v.Language, first)
	}
	return b.v.Language
}

// fold marks the blocks of cell n, of type t, with the cell's type and
// the folded parts they are in, and makes figures of its images.
func (b *builder) fold(n int, t notebook.CellType, lk *look, blocks []Block) {
	for i := range blocks {
		blk := &blocks[i]
		blk.CellType = t
		switch {
		case blk.Output == 0 && lk.sourceFold != Unfolded:
			blk.Fold, blk.Open, blk.Summary = lk.sourceFold, lk.open, lk.summary
		case blk.Output > 0 && lk.outputsFold == FoldCell:
			blk.Fold, blk.Summary = FoldCell, lk.summary
		case blk.Output > 0 && lk.outputsFold == FoldOutputs:
			blk.Fold, blk.Summary = FoldOutputs, outputsSummary
		}
	}
	if t == notebook.Code {
		b.figures(n, blocks, lk.opts)
	}
}
