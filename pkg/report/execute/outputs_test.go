package execute

import (
	"encoding/json"
	"testing"

	"github.com/grundylab/grundy/pkg/report/gonb"
	"github.com/grundylab/grundy/pkg/report/kernel"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

func message(t *testing.T, msgType string, content any) *kernel.Message {
	t.Helper()
	m, err := kernel.NewMessage("s", msgType, content)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestCollectorExitReport feeds the collector what GoNB publishes for a
// cell that panics: the program's stderr in pieces, then the exit report.
func TestCollectorExitReport(t *testing.T) {
	cells := []*notebook.Cell{code("%%\npanic(\"boom\")")}
	c := newCollector(cells, gonb.IsExitReport)
	c.begin(0)
	for _, s := range []string{"panic: ", "boom", "\n", "\ngoroutine 1 [running]:\n", "exit status 2\n"} {
		c.handle(message(t, kernel.StreamType, kernel.Stream{Name: "stderr", Text: s}))
	}
	if c.exitReport != "exit status 2" {
		t.Errorf("exit report %q", c.exitReport)
	}
	outs := cells[0].Outputs
	if len(outs) != 1 || outs[0].Text != "panic: boom\n\ngoroutine 1 [running]:\nexit status 2\n" {
		t.Errorf("outputs %+v", outs)
	}
	err := cellError(t.Context(), "nb.ipynb", newNotebook(cells...), 0, -1, c, &kernel.ExecuteReply{Status: "ok"}, nil, 0)
	if err == nil || err.Detail == "" || err.Cell != 1 {
		t.Fatalf("cellError = %+v", err)
	}
	// The same text on stdout, or without the report, is no failure.
	c.begin(0)
	c.handle(message(t, kernel.StreamType, kernel.Stream{Name: "stdout", Text: "exit status 2\n"}))
	c.handle(message(t, kernel.StreamType, kernel.Stream{Name: "stderr", Text: "warning\n"}))
	if err := cellError(t.Context(), "nb.ipynb", newNotebook(cells...), 0, -1, c, &kernel.ExecuteReply{Status: "ok"}, nil, 0); err != nil {
		t.Errorf("cellError = %v, want nil", err)
	}
}

// TestCollectorDisplayAcrossCells checks that an update reaches a display
// made in an earlier cell, and that clearing a cell forgets its displays.
func TestCollectorDisplayAcrossCells(t *testing.T) {
	cells := []*notebook.Cell{code("a"), code("b")}
	c := newCollector(cells, nil)
	show := func(typ, text string) {
		raw := []byte(`"` + text + `"`)
		c.handle(message(t, typ, kernel.DisplayData{
			Data:      map[string]json.RawMessage{"text/plain": raw},
			Transient: map[string]json.RawMessage{"display_id": []byte(`"p"`)},
		}))
	}
	c.begin(0)
	show(kernel.DisplayDataType, "0%")
	c.begin(1)
	show(kernel.UpdateDisplayDataType, "50%")
	if got, _ := cells[0].Outputs[0].Data.Text("text/plain"); got != "50%" {
		t.Errorf("after update: %q", got)
	}
	show(kernel.DisplayDataType, "60%") // a second display with the id
	if got, _ := cells[0].Outputs[0].Data.Text("text/plain"); got != "60%" || len(cells[1].Outputs) != 1 {
		t.Errorf("display_data with a known id: %q, %d outputs", got, len(cells[1].Outputs))
	}
	c.handle(message(t, kernel.ClearOutputType, kernel.ClearOutput{}))
	show(kernel.UpdateDisplayDataType, "100%")
	if got, _ := cells[0].Outputs[0].Data.Text("text/plain"); got != "100%" || len(cells[1].Outputs) != 0 {
		t.Errorf("after clear and update: %q, %d outputs", got, len(cells[1].Outputs))
	}
}
