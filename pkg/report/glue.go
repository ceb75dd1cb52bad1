package report

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// GluePrefix is the MIME prefix of a value glued without display, as
// MyST-NB's glue(name, value, display=False) and papermill write it.
const GluePrefix = "application/papermill.record/"

// A Glued is a value that a code cell stored under a name with MyST-NB's
// glue (or pkg/report/glue from Go): a display output whose metadata is
// {"scrapbook": {"name": NAME, "mime_prefix": PREFIX}}. The notebook's
// Markdown quotes it as {glue}`NAME` and with the other glue roles and
// directives.
type Glued struct {
	Name string
	// Cell and Output place the output in the notebook (counted from 1).
	Cell, Output int
	// Data holds the value's representations by MIME type, the prefix
	// taken off.
	Data notebook.MimeBundle
	// Metadata is the output's metadata (image sizes, scrapbook).
	Metadata notebook.Metadata
	// Shown is set when the output is shown as well (display=True: its
	// keys carry no prefix); else a reader sees the value only where the
	// Markdown quotes it.
	Shown bool
}

// glueOutput reads an output as a glued value. ok is false for an output
// that is no glue: no scrapbook metadata, or no name in it.
func glueOutput(o *notebook.Output) (name string, data notebook.MimeBundle, hidden, ok bool) {
	if o == nil || o.Type != notebook.DisplayData && o.Type != notebook.ExecuteResult {
		return "", nil, false, false
	}
	raw, found := o.Metadata["scrapbook"]
	if !found {
		return "", nil, false, false
	}
	var sb struct {
		Name       string `json:"name"`
		MimePrefix string `json:"mime_prefix"`
	}
	if json.Unmarshal(raw, &sb) != nil || sb.Name == "" {
		return "", nil, false, false
	}
	data = make(notebook.MimeBundle, len(o.Data))
	prefixed := 0
	for mime, v := range o.Data {
		if sb.MimePrefix != "" && strings.HasPrefix(mime, sb.MimePrefix) {
			mime = mime[len(sb.MimePrefix):]
			prefixed++
		}
		data[mime] = v
	}
	// MyST-NB hides the output when it names a prefix; a reader sees
	// nothing of it in Jupyter only when every key carries the prefix.
	hidden = prefixed > 0 && prefixed == len(o.Data)
	return sb.Name, data, hidden, true
}

// collectGlue returns the values glued by the notebook's code cells, by
// name, whatever the cells' tags: MyST-NB reads the whole notebook before
// the Markdown, so a value may be glued after the text that quotes it,
// and a cell left out of the writeup (remove-cell) still glues. A name
// glued twice keeps its last value, with a warning. hidden holds the
// outputs glued without display, which a reader sees only where the
// Markdown quotes them.
func collectGlue(nb *notebook.Notebook) (glue map[string]*Glued, hidden map[*notebook.Output]bool, warnings []Warning) {
	for i, c := range nb.Cells {
		if c == nil || c.Type != notebook.Code {
			continue
		}
		for j, o := range c.Outputs {
			name, data, hide, ok := glueOutput(o)
			if !ok {
				continue
			}
			if hide {
				if hidden == nil {
					hidden = map[*notebook.Output]bool{}
				}
				hidden[o] = true
			}
			if prev := glue[name]; prev != nil {
				warnings = append(warnings, Warning{Cell: i + 1, Output: j + 1,
					Msg: fmt.Sprintf("glue name %q glued again (first in cell %d): the last value is used", name, prev.Cell)})
			}
			if glue == nil {
				glue = map[string]*Glued{}
			}
			glue[name] = &Glued{Name: name, Cell: i + 1, Output: j + 1, Data: data, Metadata: o.Metadata, Shown: !hide}
		}
	}
	return glue, hidden, warnings
}
