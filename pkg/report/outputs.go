package report

import (
	"encoding/json"
	"regexp"
	"strings"

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

// ErrorText returns an error output as a reader sees it: "NAME: VALUE",
// then the traceback when it says more.
func ErrorText(o *notebook.Output) string {
	text := o.EName + ": " + o.EValue
	if tb := strings.Join(o.Traceback, "\n"); strings.TrimSpace(tb) != "" && !strings.Contains(text, tb) {
		text += "\n" + tb
	}
	return text
}

// Preferred returns the first MIME type of order that data holds, else
// the first textual type it holds in sorted order, else "".
func Preferred(data notebook.MimeBundle, order []string) string {
	for _, m := range order {
		if _, ok := data[m]; ok {
			return m
		}
	}
	if types := data.MIMETypes(); len(types) > 0 && strings.HasPrefix(types[0], "text/") {
		return types[0]
	}
	return ""
}

// RawFormat returns the MIME type a raw cell is meant for (its metadata
// "format", or the older "raw_mimetype"), or "".
func RawFormat(c *notebook.Cell) string {
	for _, key := range []string{"format", "raw_mimetype"} {
		if f, ok := c.Metadata.String(key); ok {
			return f
		}
	}
	return ""
}
