package report

import (
	"encoding/json"
	"regexp"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// ansiEscape matches terminal colour and cursor sequences.
var ansiEscape = regexp.MustCompile(`\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)`)

// StripANSI removes terminal escape sequences, which kernels put in error
// tracebacks and coloured output.
func StripANSI(s string) string {
	return ansiEscape.ReplaceAllString(s, "")
}

// Outputs returns the outputs of a code cell as a reader should see them,
// as Jupyter shows them: consecutive stream outputs of the same stream are
// joined, an update_display_data output replaces the data of the earlier
// output with the same display id and is itself dropped, and terminal
// escapes are removed from stream text and tracebacks. The cell is not
// changed.
func Outputs(c *notebook.Cell) []*notebook.Output {
	var outs []*notebook.Output
	for _, o := range c.Outputs {
		switch o.Type {
		case notebook.Stream:
			if n := len(outs); n > 0 && outs[n-1].Type == notebook.Stream && outs[n-1].Name == o.Name {
				outs[n-1].Text += StripANSI(o.Text)
				continue
			}
			o = o.Clone()
			o.Text = StripANSI(o.Text)
		case notebook.UpdateDisplayData:
			id := displayID(o)
			for _, earlier := range outs {
				if id != "" && displayID(earlier) == id {
					earlier.Data = o.Clone().Data
					earlier.Metadata = o.Clone().Metadata
				}
			}
			continue
		case notebook.ErrorOutput:
			o = o.Clone()
			for i, line := range o.Traceback {
				o.Traceback[i] = StripANSI(line)
			}
		default:
			o = o.Clone()
		}
		outs = append(outs, o)
	}
	return outs
}

// displayID returns the output's display id, kept by kernels under
// "transient", or "".
func displayID(o *notebook.Output) string {
	var t struct {
		DisplayID string `json:"display_id"`
	}
	if raw, ok := o.Extra["transient"]; ok && json.Unmarshal(raw, &t) == nil {
		return t.DisplayID
	}
	return ""
}
