package execute

import (
	"encoding/json"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/jupyter/gonb"
	"github.com/grundylab/grundy/pkg/report/jupyter/kernel"
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
	c := newCollector(cells, gonb.IsExitReport, 0)
	c.begin(0)
	for _, s := range []string{"panic: ", "boom", "\n", "\ngoroutine 1 [running]:\n", "exit status 2\n"} {
		c.handle(message(t, kernel.StreamType, kernel.Stream{Name: "stderr", Text: s}))
	}
	if c.exitReport != "exit status 2" {
		t.Errorf("exit report %q", c.exitReport)
	}
	c.end()
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
	c := newCollector(cells, nil, 0)
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

func streamMessages(t testing.TB, name string, chunks ...string) []*kernel.Message {
	var msgs []*kernel.Message
	for _, s := range chunks {
		m, err := kernel.NewMessage("s", kernel.StreamType, kernel.Stream{Name: name, Text: s})
		if err != nil {
			t.Fatal(err)
		}
		msgs = append(msgs, m)
	}
	return msgs
}

// TestCollectorStreamLimit checks that a stream output keeps at most max
// bytes, cut at a character boundary, and ends with a note counting the
// bytes left out, while the following outputs are kept.
func TestCollectorStreamLimit(t *testing.T) {
	note := func(n, max int) string {
		return fmt.Sprintf("[... output truncated: %d more bytes not shown; the limit is %d bytes per output]\n", n, max)
	}
	tests := []struct {
		name   string
		max    int
		chunks []string
		want   string
	}{
		{"under", 10, []string{"abc", "def\n"}, "abcdef\n"},
		{"exactly", 7, []string{"abc", "def\n"}, "abcdef\n"},
		{"over in a chunk", 5, []string{"abc", "def\n"}, "abcde\n" + note(2, 5)},
		{"over at a boundary", 3, []string{"abc", "def\n", "gh"}, "abc\n" + note(6, 3)},
		{"line kept whole", 4, []string{"abc\n", "def\n"}, "abc\n" + note(4, 4)},
		{"no split rune", 4, []string{"ab", "çé"}, "abç\n" + note(2, 4)},
		{"many chunks", 8, strings.Split(strings.Repeat("x", 1000), ""), strings.Repeat("x", 8) + "\n" + note(992, 8)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cells := []*notebook.Cell{code("a")}
			c := newCollector(cells, nil, tt.max)
			c.begin(0)
			for _, m := range streamMessages(t, "stdout", tt.chunks...) {
				c.handle(m)
			}
			c.handle(message(t, kernel.StreamType, kernel.Stream{Name: "stderr", Text: "e\n"}))
			c.end()
			outs := cells[0].Outputs
			if len(outs) != 2 || outs[0].Text != tt.want || outs[1].Text != "e\n" {
				t.Fatalf("outputs %q, want %q then err", texts(outs), tt.want)
			}
		})
	}
}

// TestCollectorDisplayLimit checks that a display output over the limit
// is replaced by a note, also when it updates an earlier display.
func TestCollectorDisplayLimit(t *testing.T) {
	cells := []*notebook.Cell{code("a")}
	c := newCollector(cells, nil, 100)
	show := func(typ, text string) {
		raw, _ := json.Marshal(text)
		c.handle(message(t, typ, kernel.DisplayData{
			Data:      map[string]json.RawMessage{"image/png": raw},
			Transient: map[string]json.RawMessage{"display_id": []byte(`"p"`)},
		}))
	}
	c.begin(0)
	show(kernel.DisplayDataType, "small")
	show(kernel.UpdateDisplayDataType, strings.Repeat("A", 200))
	c.end()
	got, _ := cells[0].Outputs[0].Data.Text("text/plain")
	if len(cells[0].Outputs) != 1 || cells[0].Outputs[0].Data["image/png"] != nil || !strings.Contains(got, "display output of 211 bytes not shown") {
		t.Errorf("outputs %+v", cells[0].Outputs[0])
	}
}

// TestCollectorStreamLinear feeds a stream output in many small chunks:
// the work must grow linearly, so the bytes allocated stay a small multiple
// of the text (joining by string concatenation allocates gigabytes here).
func TestCollectorStreamLinear(t *testing.T) {
	const chunks, size = 4000, 1024
	msgs := streamMessages(t, "stdout", slices.Repeat([]string{strings.Repeat("y", size-1) + "\n"}, chunks)...)
	cells := []*notebook.Cell{code("a")}
	c := newCollector(cells, nil, 1<<30)
	c.begin(0)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for _, m := range msgs {
		c.handle(m)
	}
	c.end()
	runtime.ReadMemStats(&after)
	if n := len(cells[0].Outputs[0].Text); n != chunks*size {
		t.Fatalf("text of %d bytes, want %d", n, chunks*size)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 10*chunks*size {
		t.Errorf("allocated %d bytes for %d bytes of text", alloc, chunks*size)
	}
}

func BenchmarkCollectorStream(b *testing.B) {
	for _, chunks := range []int{100, 1000, 10000} {
		b.Run(strconv.Itoa(chunks), func(b *testing.B) {
			msgs := streamMessages(b, "stdout", slices.Repeat([]string{strings.Repeat("z", 1023) + "\n"}, chunks)...)
			b.SetBytes(int64(chunks * 1024))
			for b.Loop() {
				cells := []*notebook.Cell{code("a")}
				c := newCollector(cells, nil, 0)
				c.begin(0)
				for _, m := range msgs {
					c.handle(m)
				}
				c.end()
			}
		})
	}
}

func texts(outs []*notebook.Output) []string {
	var s []string
	for _, o := range outs {
		s = append(s, o.Text)
	}
	return s
}

// TestCollectorRenumber feeds the collector GoNB's messages for a compile
// error and a panic, which name cells by execution count: they come out
// naming cells by their number in the notebook, as render's messages do.
func TestCollectorRenumber(t *testing.T) {
	// A markdown cell, a declaration, the injected parameters cell at
	// index 2, and two cells that fail.
	cells := []*notebook.Cell{markdown("# t"), code("func f() int"), code("var N = 2"), code("%%\nvar x int = \"s\""), code("%%\npanic(1)")}
	c := newCollector(cells, nil, 0)
	c.injected = 2
	run := func(i, count int, msgs ...*kernel.Message) {
		c.begin(i)
		c.handle(message(t, kernel.ExecuteInputType, map[string]any{"code": cells[i].Source, "execution_count": count}))
		for _, m := range msgs {
			c.handle(m)
		}
		c.end()
	}
	run(1, 1)
	run(2, 2)
	run(3, 3, message(t, kernel.ErrorType, kernel.Error{EName: "ERROR", EValue: "compile", Traceback: []string{"Cell[3]: Line 1", "see Cell[1]: Line 1 and Cell[2]: Line 1", "Cell[9]: Line 1"}}))
	run(4, 4, message(t, kernel.StreamType, kernel.Stream{Name: "stderr", Text: "main.main()\n\t \x1b[7m[[ Cell [4] Line 2 ]]\x1b[0m /tmp/main.go:12\n"}),
		message(t, kernel.StreamType, kernel.Stream{Name: "stdout", Text: "Cell[4]: Line 2\n"}))
	want := []string{"cell 3, line 1", "see cell 2, line 1 and the injected parameters cell, line 1", "Cell[9]: Line 1"}
	if got := cells[3].Outputs[0].Traceback; !slices.Equal(got, want) {
		t.Errorf("traceback %q, want %q", got, want)
	}
	if got, want := cells[4].Outputs[0].Text, "main.main()\n\t \x1b[7m[[ cell 4, line 2 ]]\x1b[0m /tmp/main.go:12\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
	if got := cells[4].Outputs[1].Text; got != "Cell[4]: Line 2\n" {
		t.Errorf("the program's stdout changed: %q", got)
	}
	if got := c.stderrText(); !strings.Contains(got, "[[ cell 4, line 2 ]]") {
		t.Errorf("error detail %q", got)
	}
}

// TestTailBuffer checks that a cell's standard error kept for messages is
// its last lines, bounded, whatever the size of the chunks.
func TestTailBuffer(t *testing.T) {
	for _, chunk := range []int{1, 100, 10 << 10, 1 << 20} {
		var tb tailBuffer
		var all strings.Builder
		for i := 0; all.Len() < 3<<20; i++ {
			s := fmt.Sprintf("line %d %s\n", i, strings.Repeat("e", i%50))
			for len(s) > 0 {
				n := min(chunk, len(s))
				tb.write(s[:n])
				all.WriteString(s[:n])
				s = s[n:]
			}
			if len(tb.buf) > 2*stderrTail+chunk+100 {
				t.Fatalf("chunk %d: the buffer holds %d bytes", chunk, len(tb.buf))
			}
		}
		got := tb.String()
		if len(got) > stderrTail || len(got) < stderrTail/2 || !strings.HasSuffix(all.String(), got) || !strings.HasPrefix(got, "line ") {
			t.Errorf("chunk %d: kept %d bytes starting %q", chunk, len(got), got[:min(20, len(got))])
		}
		tb.reset()
		tb.write("short\n")
		if tb.String() != "short\n" {
			t.Errorf("after reset: %q", tb.String())
		}
	}
}
