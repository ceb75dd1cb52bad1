package execute

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/grundylab/grundy/pkg/report/kernel"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// displayRef is an output shown with a display id, which later
// update_display_data messages change in place.
type displayRef struct {
	cell int
	out  *notebook.Output
}

// collector turns the iopub messages of a notebook's executions into
// nbformat outputs, as Jupyter's own client (nbclient) does: streams are
// appended (consecutive text of one stream joined, as Jupyter saves it),
// update_display_data changes every earlier output with the display id,
// in any cell, and clear_output clears the cell's outputs at once or, with
// wait, just before the next output.
type collector struct {
	cells    []*notebook.Cell
	displays map[string][]displayRef

	// State of the cell being run.
	index        int
	clearPending bool
	stderr       strings.Builder
	exitReport   string // exitReport is GoNB's report of a failed program, if any.
	isExit       func(string) bool
	decodeErr    error
}

func newCollector(cells []*notebook.Cell, isExit func(string) bool) *collector {
	return &collector{cells: cells, displays: map[string][]displayRef{}, isExit: isExit}
}

// begin starts collecting for cell i, clearing its outputs.
func (c *collector) begin(i int) {
	c.index = i
	c.clearPending = false
	c.stderr.Reset()
	c.exitReport = ""
	c.decodeErr = nil
	c.cells[i].Outputs = []*notebook.Output{}
	c.cells[i].ExecutionCount = nil
	c.forgetDisplays(i)
}

// forgetDisplays drops the display references into cell i.
func (c *collector) forgetDisplays(i int) {
	for id, refs := range c.displays {
		c.displays[id] = slices.DeleteFunc(refs, func(r displayRef) bool { return r.cell == i })
	}
}

// handle is the kernel.Execute callback.
func (c *collector) handle(m *kernel.Message) {
	cell := c.cells[c.index]
	switch m.Type() {
	case kernel.StreamType:
		var s kernel.Stream
		if !c.decode(m, &s) {
			return
		}
		if s.Name == "stderr" {
			if c.isExit != nil && c.isExit(s.Text) {
				c.exitReport = strings.TrimSpace(s.Text)
			}
			c.stderr.WriteString(s.Text)
		}
		c.flushClear()
		if n := len(cell.Outputs); n > 0 && cell.Outputs[n-1].Type == notebook.Stream && cell.Outputs[n-1].Name == s.Name {
			cell.Outputs[n-1].Text += s.Text
			return
		}
		c.add(&notebook.Output{Type: notebook.Stream, Name: s.Name, Text: s.Text}, "")
	case kernel.DisplayDataType, kernel.ExecuteResultType, kernel.UpdateDisplayDataType:
		var d kernel.DisplayData
		if !c.decode(m, &d) {
			return
		}
		id := d.DisplayID()
		data, meta := notebook.MimeBundle(d.Data), notebook.Metadata(d.Metadata)
		if data == nil {
			data = notebook.MimeBundle{}
		}
		if meta == nil {
			meta = notebook.Metadata{}
		}
		if id != "" {
			for _, r := range c.displays[id] {
				r.out.Data, r.out.Metadata = cloneBundle(data), cloneMeta(meta)
			}
		}
		if m.Type() == kernel.UpdateDisplayDataType {
			return
		}
		c.flushClear()
		out := &notebook.Output{Type: notebook.DisplayData, Data: data, Metadata: meta}
		if m.Type() == kernel.ExecuteResultType {
			out.Type = notebook.ExecuteResult
			out.ExecutionCount = d.ExecutionCount
		}
		c.add(out, id)
	case kernel.ErrorType:
		var e kernel.Error
		if !c.decode(m, &e) {
			return
		}
		c.flushClear()
		tb := e.Traceback
		if tb == nil {
			tb = []string{}
		}
		c.add(&notebook.Output{Type: notebook.ErrorOutput, EName: e.EName, EValue: e.EValue, Traceback: tb}, "")
	case kernel.ClearOutputType:
		var co kernel.ClearOutput
		if !c.decode(m, &co) {
			return
		}
		if co.Wait {
			c.clearPending = true
			return
		}
		c.clear()
	case kernel.ExecuteInputType:
		var in struct {
			ExecutionCount *int `json:"execution_count"`
		}
		if c.decode(m, &in) && in.ExecutionCount != nil {
			n := *in.ExecutionCount
			cell.ExecutionCount = &n
		}
	}
}

func (c *collector) decode(m *kernel.Message, v any) bool {
	if err := m.DecodeContent(v); err != nil {
		if c.decodeErr == nil {
			c.decodeErr = err
		}
		return false
	}
	return true
}

func (c *collector) add(out *notebook.Output, displayID string) {
	cell := c.cells[c.index]
	cell.Outputs = append(cell.Outputs, out)
	if displayID != "" {
		c.displays[displayID] = append(c.displays[displayID], displayRef{cell: c.index, out: out})
	}
}

func (c *collector) flushClear() {
	if c.clearPending {
		c.clear()
	}
}

func (c *collector) clear() {
	c.clearPending = false
	c.cells[c.index].Outputs = []*notebook.Output{}
	c.forgetDisplays(c.index)
}

func cloneBundle(b notebook.MimeBundle) notebook.MimeBundle {
	out := make(notebook.MimeBundle, len(b))
	for k, v := range b {
		out[k] = slices.Clone(v)
	}
	return out
}

func cloneMeta(m notebook.Metadata) notebook.Metadata {
	out := make(notebook.Metadata, len(m))
	for k, v := range m {
		out[k] = json.RawMessage(slices.Clone(v))
	}
	return out
}
