package execute

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/grundylab/grundy/pkg/report/jupyter/kernel"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// displayRef is an output shown with a display id, which later
// update_display_data messages change in place.
type displayRef struct {
	cell int
	out  *notebook.Output
}

// DefaultMaxOutput is the most bytes kept of one output when
// Executor.MaxOutput is zero: a few megabytes keep a page readable.
const DefaultMaxOutput = 4 << 20

// MaxCellOutputs is the most outputs one cell keeps: a loop that prints
// to stdout and stderr in turn, or displays in a loop, makes a new output
// each time, hundreds of thousands a minute.
const MaxCellOutputs = 1000

// cellBytes returns the most bytes the outputs of one cell keep, when one
// output keeps at most max: four outputs at the limit, and at least 16 MB.
func cellBytes(perOutput int) int { return max(4*perOutput, 16<<20) }

// stderrTail is how much of a cell's standard error is kept for the
// error message of a failing cell.
const stderrTail = 64 << 10

// collector turns the iopub messages of a notebook's executions into
// nbformat outputs, as Jupyter's own client (nbclient) does: streams are
// appended (consecutive text of one stream joined, as Jupyter saves it),
// update_display_data changes every earlier output with the display id,
// in any cell, and clear_output clears the cell's outputs at once or, with
// wait, just before the next output.
//
// Memory stays bounded by max per output: stream text is gathered in a
// builder (linear time) up to max bytes, after which only the number of
// bytes is counted and a note saying how many were left out ends the
// text; a display output over max is replaced by such a note. A cell
// keeps at most MaxCellOutputs outputs and cellBytes(max) bytes of them:
// what comes after is only counted, and a last output says how much was
// left out (cut).
type collector struct {
	cells    []*notebook.Cell
	displays map[string][]displayRef
	max      int
	// counts maps the kernel's execution counts, by which GoNB names
	// cells in its messages, to cell indexes.
	counts map[int]int
	// injected is the index of the injected parameters cell, or -1.
	injected int

	// State of the cell being run.
	index        int
	clearPending bool
	stream       *streamBuf // stream is the open stream output, the cell's last.
	stderr       tailBuffer
	exitReport   string // exitReport is GoNB's report of a failed program, if any.
	isExit       func(string) bool
	decodeErr    error
	// held is the bytes of the cell's outputs, but for the open stream;
	// full is set once an output did not fit, and dropped and droppedBytes
	// count what was left out since.
	held         int
	full         bool
	dropped      int
	droppedBytes int64
	// cut says what the last cell left out, for a warning; empty if
	// nothing.
	cut string
}

// streamBuf gathers the text of a stream output.
type streamBuf struct {
	out  *notebook.Output
	text notebook.StreamText
}

func newCollector(cells []*notebook.Cell, isExit func(string) bool, max int) *collector {
	if max <= 0 {
		max = DefaultMaxOutput
	}
	return &collector{cells: cells, displays: map[string][]displayRef{}, isExit: isExit, max: max, counts: map[int]int{}, injected: -1}
}

// begin starts collecting for cell i, clearing its outputs.
func (c *collector) begin(i int) {
	c.index = i
	c.clearPending = false
	c.stream = nil
	c.stderr.reset()
	c.exitReport = ""
	c.decodeErr = nil
	c.held, c.full, c.dropped, c.droppedBytes, c.cut = 0, false, 0, 0, ""
	c.cells[i].Outputs = []*notebook.Output{}
	c.cells[i].ExecutionCount = nil
	c.forgetDisplays(i)
}

// end completes the outputs of the cell being run; call it when the
// cell's execution has ended and its execution count is known. GoNB's cell
// numbers (execution counts) in the error outputs and the standard error
// text become the notebook's cell numbers, which render's messages use.
func (c *collector) end() {
	c.closeStream()
	cell := c.cells[c.index]
	if c.full {
		c.cut = fmt.Sprintf("%d more outputs (%d bytes) not kept; a cell keeps at most %d outputs and %d bytes of them", c.dropped, c.droppedBytes, MaxCellOutputs, cellBytes(c.max))
		note := "[... " + c.cut + "]"
		cell.Outputs = append(cell.Outputs, &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{"text/plain": mustJSON(note)}, Metadata: notebook.Metadata{}})
	}
	if cell.ExecutionCount != nil {
		c.counts[*cell.ExecutionCount] = c.index
	}
	for _, o := range cell.Outputs {
		switch {
		case o.Type == notebook.Stream && o.Name == "stderr":
			o.Text = c.renumber(o.Text)
		case o.Type == notebook.ErrorOutput:
			o.EValue = c.renumber(o.EValue)
			for i, line := range o.Traceback {
				o.Traceback[i] = c.renumber(line)
			}
		}
	}
}

// gonbCellRef matches GoNB's references to a line of a cell, "Cell[7]:
// Line 3" in compile errors and "[[ Cell [7] Line 3 ]]" in stack traces,
// where 7 is the execution count of the cell.
var gonbCellRef = regexp.MustCompile(`\[\[ Cell \[(\d+)\] Line (\d+) \]\]|Cell\[(\d+)\]: Line (\d+)`)

// renumber rewrites GoNB's references to cells by execution count into
// references by the cell's number in the notebook as read, such as "cell
// 8, line 3"; a count of no cell run here is left as it is.
func (c *collector) renumber(s string) string {
	if !strings.Contains(s, "Cell") {
		return s
	}
	return gonbCellRef.ReplaceAllStringFunc(s, func(m string) string {
		g := gonbCellRef.FindStringSubmatch(m)
		count, line, wrap := g[1], g[2], true
		if count == "" {
			count, line, wrap = g[3], g[4], false
		}
		n, err := strconv.Atoi(count)
		i, ok := c.counts[n]
		if err != nil || !ok {
			return m
		}
		ref := cellName(i, c.injected) + ", line " + line
		if wrap {
			return "[[ " + ref + " ]]"
		}
		return ref
	})
}

// cellName names the cell at index i of a notebook whose injected
// parameters cell is at index injected (-1 for none) as render's messages
// do: by its number in the notebook as read.
func cellName(i, injected int) string {
	switch {
	case injected < 0 || i < injected:
		return "cell " + strconv.Itoa(i+1)
	case i == injected:
		return "the injected parameters cell"
	}
	return "cell " + strconv.Itoa(i)
}

// closeStream puts the gathered text into the open stream output.
func (c *collector) closeStream() {
	s := c.stream
	if s == nil {
		return
	}
	c.stream = nil
	text := s.text.String()
	c.held += len(text)
	if s.text.Dropped > 0 && s.text.Max < c.max {
		// The cell's limit, not the output's, stopped the text.
		c.full = true
		c.droppedBytes += s.text.Dropped
	} else if s.text.Dropped > 0 {
		if !strings.HasSuffix(text, "\n") && text != "" {
			text += "\n"
		}
		text += fmt.Sprintf("[... output truncated: %d more bytes not shown; the limit is %d bytes per output]\n", s.text.Dropped, c.max)
	}
	s.out.Text = text
}

// fits reports whether the cell being run can keep one more output of n
// bytes; if not, the output is counted as left out.
func (c *collector) fits(n int) bool {
	if !c.full && len(c.cells[c.index].Outputs) < MaxCellOutputs && c.held+n <= cellBytes(c.max) {
		return true
	}
	c.full = true
	c.dropped++
	c.droppedBytes += int64(n)
	return false
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
			c.stderr.write(s.Text)
		}
		c.flushClear()
		if out := (&notebook.Output{Type: notebook.Stream, Name: s.Name}); c.stream == nil || !notebook.Joins(c.stream.out, out) {
			c.closeStream()
			if !c.fits(len(s.Text)) {
				return
			}
			c.add(out, "")
			c.stream = &streamBuf{out: out, text: notebook.StreamText{Max: min(c.max, cellBytes(c.max)-c.held)}}
		}
		c.stream.text.Add(s.Text)
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
		if n := bundleSize(data); n > c.max {
			note := fmt.Sprintf("[... display output of %d bytes not shown; the limit is %d bytes per output]", n, c.max)
			data, meta = notebook.MimeBundle{"text/plain": mustJSON(note)}, notebook.Metadata{}
		}
		if id != "" {
			if refs := c.displays[id]; len(refs) > 0 && c.held+len(refs)*bundleSize(data) > cellBytes(c.max) {
				// An update copied into many displays could outgrow the cell.
				note := fmt.Sprintf("[... display update of %d bytes for %d outputs not shown; a cell keeps at most %d bytes of outputs]", bundleSize(data), len(refs), cellBytes(c.max))
				data, meta = notebook.MimeBundle{"text/plain": mustJSON(note)}, notebook.Metadata{}
			}
			for _, r := range c.displays[id] {
				// Each output owns its data, as notebook.Output.Clone makes it.
				c := (&notebook.Output{Data: data, Metadata: meta}).Clone()
				r.out.Data, r.out.Metadata = c.Data, c.Metadata
			}
		}
		if m.Type() == kernel.UpdateDisplayDataType {
			return
		}
		c.flushClear()
		c.closeStream()
		if !c.fits(bundleSize(data)) {
			return
		}
		c.held += bundleSize(data)
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
		c.closeStream()
		tb := e.Traceback
		if tb == nil {
			tb = []string{}
		}
		n := len(e.EName) + len(e.EValue)
		for _, line := range tb {
			n += len(line)
		}
		if !c.fits(n) {
			return
		}
		c.held += n
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
	c.closeStream()
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
	c.stream = nil
	c.held, c.full, c.dropped, c.droppedBytes = 0, false, 0, 0
	c.cells[c.index].Outputs = []*notebook.Output{}
	c.forgetDisplays(c.index)
}

// bundleSize returns the bytes of a MIME bundle's data.
func bundleSize(b notebook.MimeBundle) int {
	n := 0
	for k, v := range b {
		n += len(k) + len(v)
	}
	return n
}

// mustJSON returns s as a JSON string.
func mustJSON(s string) json.RawMessage {
	data, err := json.Marshal(s)
	if err != nil {
		panic(err) // a Go string always marshals
	}
	return data
}

// tailBuffer keeps about the last stderrTail bytes written to it.
type tailBuffer struct {
	buf     []byte
	dropped bool
}

func (t *tailBuffer) write(s string) {
	t.buf = append(t.buf, s...)
	if over := len(t.buf) - stderrTail; over > stderrTail {
		t.buf = append(t.buf[:0], t.buf[over:]...)
		t.dropped = true
	}
}

func (t *tailBuffer) reset() { t.buf, t.dropped = t.buf[:0], false }

// String returns the text kept, from a line start when earlier text was
// dropped.
func (t *tailBuffer) String() string {
	b := t.buf
	if over := len(b) - stderrTail; over > 0 {
		b = b[over:]
	}
	if t.dropped || len(b) < len(t.buf) {
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			b = b[i+1:]
		}
	}
	return string(b)
}
