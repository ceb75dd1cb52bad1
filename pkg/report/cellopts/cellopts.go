package cellopts

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/grundylab/grundy/pkg/report/codelang"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// Options are what a cell asks of its run and its writeup, read by Of
// from what writers already use: Quarto's option lines, Jupyter Book's
// tags, JupyterLab's and nbformat's metadata, MyST-NB's metadata. Each
// field names where it comes from.
type Options struct {
	// Eval runs the cell; false (option eval: false, tag skip-execution)
	// keeps it from the kernel.
	Eval bool
	// Error lets the run go on past an error in the cell, which its
	// outputs then show (option error: true, tag raises-exception).
	Error bool

	// Include shows the cell at all (option include: false and tag
	// remove-cell remove it).
	Include bool
	// Echo shows the source (option echo: false, tag remove-input and
	// MyST-NB's remove_code_source hide it).
	Echo bool
	// Output shows the outputs (option output: false, tag remove-output
	// and MyST-NB's remove_code_outputs hide them).
	Output bool
	// Stdout and Stderr show the stream outputs of that name (tags
	// remove-stdout and remove-stderr, MyST-NB's output_stderr: remove,
	// and Quarto's warning: false, which drops stderr as Quarto's Jupyter
	// engine does, hide them).
	Stdout, Stderr bool
	// Asis reads the cell's text output as Markdown (option output: asis).
	Asis bool
	// LineNumbers numbers the source's lines (option code-line-numbers,
	// MyST-NB's number_source_lines).
	LineNumbers bool

	// Fold shows the source folded, a click away (option code-fold: true,
	// or "show" for folded but open at first, which sets FoldOpen too).
	Fold, FoldOpen bool
	// Summary is the text of the control that opens folded source
	// (option code-summary); empty for the default.
	Summary string
	// HideInput, HideOutput and HideCell fold the source, the outputs or
	// the whole cell (tags hide-input, hide-output and hide-cell;
	// JupyterLab's jupyter.source_hidden, which for a Markdown or raw
	// cell is HideCell, and jupyter.outputs_hidden; nbformat's collapsed,
	// the outputs).
	HideInput, HideOutput, HideCell bool
	// PromptShow is the text of the control that opens a folded part
	// (MyST-NB's code_prompt_show), where "{type}" stands for "source",
	// "outputs" or "content"; empty for the default. PromptHide is the
	// text of the same control once the part is open (code_prompt_hide),
	// as Jupyter Book shows it.
	PromptShow, PromptHide string
	// MergeStreams joins all of a cell's stdout into one output where the
	// first was, and all its stderr likewise (MyST-NB's merge_streams).
	MergeStreams bool
	// MarkdownFormat is the dialect a text/markdown output is read in
	// (MyST-NB's markdown_format): "commonmark", "gfm" or "myst"; empty
	// when the cell does not say, which a view reads as the notebook's
	// own Markdown.
	MarkdownFormat string

	// Caption and Alt are the figures' captions and alternative texts
	// (options fig-cap and fig-alt), one per image output of the cell in
	// order: a single string is the first image's, a list gives one each.
	// A caption is Markdown; alternative text is plain.
	Caption, Alt []string
	// Label names the cell's figure for references (option label, as
	// "fig-values").
	Label string
	// Subfigures makes the cell's figures the lettered subfigures of one
	// figure, Caption[0] its caption (option fig-subcap, Quarto's);
	// Subcaptions are their captions in order, none for letters alone
	// (fig-subcap: true).
	Subfigures  bool
	Subcaptions []string
	// Subtables and TableSubcaptions are the same for the cell's tables
	// (option tbl-subcap), TableCaption[0] the caption of their table.
	Subtables        bool
	TableSubcaptions []string
	// Columns and Rows set the cell's figures in a grid of so many
	// columns or rows (options layout-ncol and layout-nrow), 0 for none;
	// Layout is option layout, rows of widths as JSON, "[[1,1],[1]]", for
	// authoring.ParseLayout to read.
	Columns, Rows int
	Layout        string
	// VAlign and Align are options layout-valign and layout-align as
	// written, for authoring.ParseVAlign and ParseAlign to read.
	VAlign, Align string
	// TableCaption are the captions of the cell's tables (option
	// tbl-cap), one per table output as Caption is per image.
	TableCaption []string
	// Figure makes the cell's output a figure (MyST-NB's figure).
	Figure Figure
	// Image says how to show the cell's images (MyST-NB's image).
	Image Image
}

// Figure is MyST-NB's figure metadata: the cell's first output shown as
// a figure with a caption, numbered and referable by name.
type Figure struct {
	// Caption is MyST Markdown: its first paragraph is the caption, the
	// paragraphs after it the legend.
	Caption string
	// CaptionBefore puts the caption above the figure (caption_before).
	CaptionBefore bool
	// Name is the label references use.
	Name string
	// Classes are added to the figure.
	Classes []string
}

// Image is MyST-NB's image metadata: how the cell's images are shown.
type Image struct {
	// Width and Height are CSS lengths as docutils takes them: a number
	// and a unit (px, em, %, ...).
	Width, Height string
	// Alt is the images' alternative text.
	Alt string
	// Classes are added to the images.
	Classes []string
}

// Default returns the options of a cell that sets none: run, shown
// whole, unfolded.
func Default() Options {
	return Options{Eval: true, Include: true, Echo: true, Output: true, Stdout: true, Stderr: true}
}

// Cell tags that Jupyter Book (and nbconvert's TagRemovePreprocessor,
// nbclient, MyST-NB) read.
const (
	RemoveCell   = "remove-cell"   // RemoveCell leaves the whole cell out.
	RemoveInput  = "remove-input"  // RemoveInput leaves out the source, keeping the outputs.
	RemoveOutput = "remove-output" // RemoveOutput leaves out the outputs, keeping the source.
	RemoveStdout = "remove-stdout" // RemoveStdout leaves out the stdout stream.
	RemoveStderr = "remove-stderr" // RemoveStderr leaves out the stderr stream.
	HideInput    = "hide-input"    // HideInput folds the source.
	HideOutput   = "hide-output"   // HideOutput folds the outputs.
	HideCell     = "hide-cell"     // HideCell folds the whole cell, source and outputs together.
	// SkipExecution keeps the cell from the kernel; its stored outputs stay.
	SkipExecution = "skip-execution"
	// RaisesException marks a cell expected to fail: its error does not
	// stop the run.
	RaisesException = "raises-exception"
)

// Of reads what cell c of a notebook in language lang (a chroma lexer
// name) asks for: its tags, its metadata and, for a code cell, its
// option lines (Parse; after a first line that is a cell magic, in the
// language of the magic's body). It returns the options, a code cell's
// source without the option lines (line ends made "\n"), and an error
// joining every option or metadata value that could not be used; the
// options then hold what could be read.
func Of(lang string, c *notebook.Cell) (Options, string, error) {
	opts := Default()
	var errs []error
	code := ""
	if c.Type == notebook.Code {
		src := strings.ReplaceAll(strings.ReplaceAll(c.Source, "\r\n", "\n"), "\r", "\n")
		var err error
		opts, code, err = Parse(optionLanguage(lang, src), src)
		errs = append(errs, err)
	}
	opts.setTags(c)
	errs = append(errs, opts.setJupyter(c), opts.setMystNB(c))
	return opts, code, errors.Join(errs...)
}

// optionLanguage returns the language of a code cell's option lines:
// the notebook's, or that of the body of a cell magic on the first line
// ("%%bash" gives "bash").
func optionLanguage(lang, src string) string {
	first, _, _ := strings.Cut(src, "\n")
	if strings.HasPrefix(first, "%%") {
		return codelang.CellMagicBody(lang, first)
	}
	return lang
}

// setTags applies the cell's tags, which a code cell's options cannot
// undo: a tag that removes or skips wins.
func (o *Options) setTags(c *notebook.Cell) {
	tags := c.Tags()
	has := func(tag string) bool { return slices.Contains(tags, tag) }
	o.Include = o.Include && !has(RemoveCell)
	o.Echo = o.Echo && !has(RemoveInput)
	o.Output = o.Output && !has(RemoveOutput)
	o.Stdout = o.Stdout && !has(RemoveStdout)
	o.Stderr = o.Stderr && !has(RemoveStderr)
	o.Eval = o.Eval && !has(SkipExecution)
	o.Error = o.Error || has(RaisesException)
	o.HideInput = o.HideInput || has(HideInput)
	o.HideOutput = o.HideOutput || has(HideOutput)
	o.HideCell = o.HideCell || has(HideCell)
}

// setJupyter applies JupyterLab's metadata jupyter.source_hidden and
// jupyter.outputs_hidden, and nbformat's older collapsed, which means
// the outputs.
func (o *Options) setJupyter(c *notebook.Cell) error {
	var j struct {
		SourceHidden  bool `json:"source_hidden"`
		OutputsHidden bool `json:"outputs_hidden"`
	}
	var errs []error
	if raw, ok := c.Metadata["jupyter"]; ok {
		if err := json.Unmarshal(raw, &j); err != nil {
			errs = append(errs, fmt.Errorf("metadata jupyter: %s, so it is ignored", jsonProblem(err)))
			j.SourceHidden, j.OutputsHidden = false, false
		}
	}
	var collapsed bool
	if raw, ok := c.Metadata["collapsed"]; ok && json.Unmarshal(raw, &collapsed) != nil {
		collapsed = false // classic Notebook wrote it loosely; nothing to say
	}
	if c.Type == notebook.Code {
		o.HideInput = o.HideInput || j.SourceHidden
		o.HideOutput = o.HideOutput || j.OutputsHidden || collapsed
	} else {
		o.HideCell = o.HideCell || j.SourceHidden
	}
	return errors.Join(errs...)
}

// jsonProblem describes a JSON decoding error briefly.
func jsonProblem(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Sprintf("%s is %s, not %s", te.Field, te.Value, te.Type)
	}
	return "not valid JSON"
}
