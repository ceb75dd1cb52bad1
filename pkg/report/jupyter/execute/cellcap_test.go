package execute

import (
	"encoding/json"
	"runtime"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/jupyter/kernel"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// TestCollectorCellCap feeds the collector what a cell sends in a loop:
// stdout and stderr in turn, displays, big streams in turn, errors. Each
// makes a new output every time; before the cap a minute of it held
// 147,871 outputs. The cell keeps at most MaxCellOutputs outputs and
// cellBytes of them, and one last output says what was left out.
func TestCollectorCellCap(t *testing.T) {
	const max = 1 << 20
	big := strings.Repeat("b", max-1) + "\n"
	display := func(text string) *kernel.Message {
		raw, _ := json.Marshal(text)
		return message(t, kernel.DisplayDataType, kernel.DisplayData{Data: map[string]json.RawMessage{"text/plain": raw}})
	}
	tests := []struct {
		name     string
		messages func(yield func(*kernel.Message))
		count    int // messages sent
	}{
		{"alternating streams", func(yield func(*kernel.Message)) {
			out := message(t, kernel.StreamType, kernel.Stream{Name: "stdout", Text: "o\n"})
			errm := message(t, kernel.StreamType, kernel.Stream{Name: "stderr", Text: "e\n"})
			for range 100_000 {
				yield(out)
				yield(errm)
			}
		}, 200_000},
		{"displays", func(yield func(*kernel.Message)) {
			m := display("x")
			for range 200_000 {
				yield(m)
			}
		}, 200_000},
		{"big streams in turn", func(yield func(*kernel.Message)) {
			out := message(t, kernel.StreamType, kernel.Stream{Name: "stdout", Text: big})
			errm := message(t, kernel.StreamType, kernel.Stream{Name: "stderr", Text: big})
			for range 50 {
				yield(out)
				yield(errm)
			}
		}, 100},
		{"big displays", func(yield func(*kernel.Message)) {
			m := display(strings.Repeat("d", max-100))
			for range 100 {
				yield(m)
			}
		}, 100},
		{"errors", func(yield func(*kernel.Message)) {
			m := message(t, kernel.ErrorType, kernel.Error{EName: "E", EValue: "v", Traceback: []string{"t"}})
			for range 10_000 {
				yield(m)
			}
		}, 10_000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cells := []*notebook.Cell{code("loop()")}
			c := newCollector(cells, nil, max)
			c.begin(0)
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			tt.messages(c.handle)
			c.end()
			runtime.GC()
			runtime.ReadMemStats(&after)
			outs := cells[0].Outputs
			if len(outs) > MaxCellOutputs+1 {
				t.Errorf("%d messages kept as %d outputs; the cap is %d", tt.count, len(outs), MaxCellOutputs)
			}
			held := 0
			for _, o := range outs {
				held += len(o.Text) + bundleSize(o.Data)
			}
			if held > cellBytes(max)+1000 {
				t.Errorf("the outputs hold %d bytes; the cap is %d", held, cellBytes(max))
			}
			if live := int64(after.HeapAlloc) - int64(before.HeapAlloc); live > 2*int64(cellBytes(max)) {
				t.Errorf("the collector holds %d MB", live>>20)
			}
			note, _ := outs[len(outs)-1].Data.Text("text/plain")
			if !strings.Contains(note, "more outputs") || !strings.Contains(note, "not kept") {
				t.Errorf("the last output is not the note: %q", note)
			}
			if !strings.Contains(c.cut, "a cell keeps at most 1000 outputs") {
				t.Errorf("cut = %q", c.cut)
			}
			t.Logf("%d messages: %d outputs, %d bytes; %s", tt.count, len(outs), held, c.cut)
		})
	}
}

// TestCollectorCellCapCleared checks that clearing a cell's outputs
// clears its count: a progress display redrawn a million times is no
// flood.
func TestCollectorCellCapCleared(t *testing.T) {
	cells := []*notebook.Cell{code("loop()")}
	c := newCollector(cells, nil, 0)
	c.begin(0)
	clear := message(t, kernel.ClearOutputType, kernel.ClearOutput{Wait: true})
	line := message(t, kernel.StreamType, kernel.Stream{Name: "stdout", Text: "50%\n"})
	for range 5000 {
		c.handle(clear)
		c.handle(line)
	}
	c.end()
	if outs := cells[0].Outputs; len(outs) != 1 || outs[0].Text != "50%\n" || c.cut != "" {
		t.Errorf("outputs %q, cut %q", texts(outs), c.cut)
	}
}
