package report

import "github.com/grundylab/grundy/pkg/report/notebook"

// Cell tags that keep parts of a cell out of a writeup, named as Jupyter
// Book and nbconvert's TagRemovePreprocessor name them. The notebook itself
// keeps the cell and runs it; only the post and the page leave it out.
const (
	RemoveCell   = "remove-cell"   // RemoveCell leaves the whole cell out.
	RemoveInput  = "remove-input"  // RemoveInput leaves out the source, keeping the outputs.
	RemoveOutput = "remove-output" // RemoveOutput leaves out the outputs, keeping the source.
)

// Shown reports which parts of a cell a writeup shows: its source, and
// (for a code cell) its outputs, as the cell's tags allow.
func Shown(c *notebook.Cell) (source, outputs bool) {
	if c.HasTag(RemoveCell) {
		return false, false
	}
	return !c.HasTag(RemoveInput), c.Type == notebook.Code && !c.HasTag(RemoveOutput)
}
