package report

import (
	"encoding/json"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

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

// RawFormat returns the MIME type a raw cell is meant for (its metadata
// "format", or the older "raw_mimetype"), or "".
func RawFormat(c *notebook.Cell) string {
	for _, key := range []string{"format", "raw_mimetype"} {
		if f, ok := c.Metadata.String(key); ok {
			switch f {
			case "markdown", "text/x-markdown":
				return "text/markdown"
			case "html":
				return "text/html"
			}
			return f
		}
	}
	return ""
}

// jupyterHidden reads JupyterLab's cell metadata jupyter.source_hidden
// and jupyter.outputs_hidden, and the older collapsed, which means the
// outputs.
func jupyterHidden(c *notebook.Cell) (source, outputs bool) {
	var j struct {
		SourceHidden  bool `json:"source_hidden"`
		OutputsHidden bool `json:"outputs_hidden"`
	}
	if raw, ok := c.Metadata["jupyter"]; ok && json.Unmarshal(raw, &j) != nil {
		j.SourceHidden, j.OutputsHidden = false, false
	}
	var collapsed bool
	if raw, ok := c.Metadata["collapsed"]; ok && json.Unmarshal(raw, &collapsed) != nil {
		collapsed = false
	}
	return j.SourceHidden, j.OutputsHidden || collapsed && c.Type == notebook.Code
}
