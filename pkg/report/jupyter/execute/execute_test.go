package execute

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/report/jupyter/kernel"
	"github.com/grundylab/grundy/pkg/report/jupyter/kernel/kerneltest"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// fakeKernel starts fake kernels (package kerneltest), whose cells are
// commands such as "print x" or "fail Name value". starts counts the
// kernels started.
type fakeKernel struct {
	t      testing.TB
	starts *atomic.Int32
}

func (f fakeKernel) Start(ctx context.Context, dir string, opts *kernel.Options) (*kernel.Kernel, error) {
	if f.starts != nil {
		f.starts.Add(1)
	}
	srv, err := kerneltest.NewServer()
	if err != nil {
		return nil, err
	}
	f.t.Cleanup(func() { srv.Close() })
	return kernel.Connect(ctx, srv.Info, &kernel.Options{
		HeartbeatInterval: 50 * time.Millisecond,
		HeartbeatTimeout:  2 * time.Second,
		InterruptGrace:    2 * time.Second,
	})
}

func (fakeKernel) ID() string { return "kerneltest" }

func (fakeKernel) IsFailureReport(stderr string) bool { return stderr == "program failed\n" }

// fakeExecutor runs notebooks in fake kernels.
func fakeExecutor(t testing.TB, starts *atomic.Int32) *Executor {
	t.Helper()
	return &Executor{
		CacheDir: t.TempDir(),
		Kernel: func(ctx context.Context, module string) (Kernel, error) {
			return fakeKernel{t, starts}, nil
		},
	}
}

// fakeRuns is the scaffold of a test that executes notebooks in fake
// kernels and counts the kernels each run starts: the Executor, the
// kernels started so far, and the notebook's path, in a fresh folder.
type fakeRuns struct {
	t      *testing.T
	x      *Executor
	path   string
	starts atomic.Int32
}

func newFakeRuns(t *testing.T) *fakeRuns {
	f := &fakeRuns{t: t, path: notebookPath(t)}
	f.x = fakeExecutor(t, &f.starts)
	return f
}

// execute runs nb as the notebook at f.path, failing the test on an
// error, and returns the result and the number of kernels the run started.
func (f *fakeRuns) execute(nb *notebook.Notebook) (*notebook.Notebook, int32) {
	f.t.Helper()
	before := f.starts.Load()
	got, err := f.x.Execute(context.Background(), f.path, nb)
	if err != nil {
		f.t.Fatal(err)
	}
	return got, f.starts.Load() - before
}

func code(src string, tags ...string) *notebook.Cell {
	c := &notebook.Cell{Type: notebook.Code, Source: src, Metadata: notebook.Metadata{}}
	if len(tags) > 0 {
		c.Metadata.Set("tags", tags)
	}
	return c
}

func markdown(src string) *notebook.Cell {
	return &notebook.Cell{Type: notebook.Markdown, Source: src, Metadata: notebook.Metadata{}}
}

// newNotebook returns a Go notebook of the cells, which the fake kernel
// runs in place of GoNB.
func newNotebook(cells ...*notebook.Cell) *notebook.Notebook {
	nb := notebook.New()
	nb.Metadata.Set("kernelspec", map[string]string{"name": "gonb", "language": "go", "display_name": "Go (gonb)"})
	nb.Cells = cells
	return nb
}

func notebookPath(t *testing.T) string {
	return filepath.Join(t.TempDir(), "nb.ipynb")
}

func marshal(t *testing.T, nb *notebook.Notebook) string {
	t.Helper()
	data, err := notebook.Marshal(nb)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func text(t *testing.T, b notebook.MimeBundle, mime string) string {
	t.Helper()
	s, ok := b.Text(mime)
	if !ok {
		t.Fatalf("no %s in %v", mime, b)
	}
	return s
}

func TestExecuteOutputs(t *testing.T) {
	x := fakeExecutor(t, nil)
	stored := &notebook.Output{Type: notebook.Stream, Name: "stdout", Text: "stored\n"}
	skipped := code("fail Never run", SkipTag)
	skipped.Outputs = []*notebook.Output{stored}
	nb := newNotebook(
		markdown("# Title"),
		code("print a\nprint b\neprint e\nresult 42"),
		code("show d1 text/plain one"),
		code("update d1 text/plain two\nprint x"),
		code("print gone\nclearwait\nprint kept"),
		code("print gone\nclear"),
		code("  \n"),
		skipped,
		code("display text/html <svg></svg>"),
	)
	before := marshal(t, nb)
	got, err := x.Execute(context.Background(), notebookPath(t), nb)
	if err != nil {
		t.Fatal(err)
	}
	if marshal(t, nb) != before {
		t.Error("Execute changed its input")
	}
	c := got.Cells
	outs := c[1].Outputs
	if len(outs) != 3 || outs[0].Text != "a\nb\n" || outs[1].Name != "stderr" || outs[1].Text != "e\n" ||
		outs[2].Type != notebook.ExecuteResult || text(t, outs[2].Data, "text/plain") != "42" || *outs[2].ExecutionCount != 1 {
		t.Errorf("cell 2 outputs: %s", marshal(t, got))
	}
	if *c[1].ExecutionCount != 1 || *c[2].ExecutionCount != 2 {
		t.Errorf("execution counts %d %d", *c[1].ExecutionCount, *c[2].ExecutionCount)
	}
	if len(c[2].Outputs) != 1 || text(t, c[2].Outputs[0].Data, "text/plain") != "two" {
		t.Errorf("display d1 was not updated in place: %+v", c[2].Outputs)
	}
	if len(c[3].Outputs) != 1 || c[3].Outputs[0].Text != "x\n" {
		t.Errorf("update_display_data became an output: %+v", c[3].Outputs)
	}
	if len(c[4].Outputs) != 1 || c[4].Outputs[0].Text != "kept\n" {
		t.Errorf("clear_output(wait): %+v", c[4].Outputs)
	}
	if len(c[5].Outputs) != 0 {
		t.Errorf("clear_output: %+v", c[5].Outputs)
	}
	if len(c[6].Outputs) != 0 || c[6].ExecutionCount != nil {
		t.Errorf("empty cell: %+v", c[6])
	}
	if len(c[7].Outputs) != 1 || c[7].Outputs[0].Text != "stored\n" {
		t.Errorf("skipped cell lost its outputs: %+v", c[7].Outputs)
	}
	if o := c[8].Outputs; len(o) != 1 || o[0].Type != notebook.DisplayData || text(t, o[0].Data, "text/html") != "<svg></svg>" {
		t.Errorf("html display: %+v", o)
	}
	if _, err := notebook.Parse([]byte(marshal(t, got))); err != nil {
		t.Errorf("executed notebook does not read back: %v", err)
	}
}

func TestExecuteFailingCell(t *testing.T) {
	x := fakeExecutor(t, nil)
	path := notebookPath(t)
	nb := newNotebook(markdown("intro"), code("print ok"), code("\n  fail ValueError N must be positive\nprint after"), code("print never"))
	_, err := x.Execute(context.Background(), path, nb)
	var ce *CellError
	if !errors.As(err, &ce) || !errors.Is(err, ErrCellFailed) {
		t.Fatalf("Execute = %v, want a *CellError wrapping ErrCellFailed", err)
	}
	if ce.Cell != 3 || ce.Source != "fail ValueError N must be positive" || ce.Notebook != path {
		t.Errorf("CellError = %+v", ce)
	}
	msg := err.Error()
	for _, want := range []string{path, "cell 3", "fail ValueError", "ValueError: N must be positive"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not contain %q", msg, want)
		}
	}

	// With AllowErrors the error is an output and the run goes on.
	x.AllowErrors = true
	got, err := x.Execute(context.Background(), path, nb)
	if err != nil {
		t.Fatal(err)
	}
	outs := got.Cells[2].Outputs
	if len(outs) != 1 || outs[0].Type != notebook.ErrorOutput || outs[0].EName != "ValueError" {
		t.Errorf("failing cell outputs %+v", outs)
	}
	if o := got.Cells[3].Outputs; len(o) != 1 || o[0].Text != "never\n" {
		t.Errorf("the cell after the error did not run: %+v", o)
	}

	// A cell tagged raises-exception, or with the option error: true,
	// may fail without AllowErrors; error: false changes nothing.
	x.AllowErrors = false
	nb.Cells[2] = code("fail Expected error", RaisesTag)
	if _, err := x.Execute(context.Background(), path, nb); err != nil {
		t.Errorf("raises-exception cell: %v", err)
	}
	nb.Cells[2] = code("//| error: true\nfail ValueError expected")
	got, err = x.Execute(context.Background(), path, nb)
	if err != nil {
		t.Errorf("error: true cell: %v", err)
	} else if outs := got.Cells[2].Outputs; len(outs) != 1 || outs[0].EName != "ValueError" || len(got.Cells[3].Outputs) != 1 {
		t.Errorf("error: true cell outputs %+v, the next cell's %+v", outs, got.Cells[3].Outputs)
	}
	nb.Cells[2] = code("//| error: false\nfail ValueError unexpected")
	if _, err := x.Execute(context.Background(), path, nb); !errors.Is(err, ErrCellFailed) {
		t.Errorf("error: false cell: %v, want ErrCellFailed", err)
	}
}

// TestExecuteEvalFalse: a cell whose option eval is false never reaches
// the kernel and loses its stored outputs, as in Quarto; one tagged
// skip-execution keeps them, as in nbclient; the cache tells them apart.
func TestExecuteEvalFalse(t *testing.T) {
	x := fakeExecutor(t, nil)
	path := notebookPath(t)
	stored := []*notebook.Output{{Type: notebook.Stream, Name: "stdout", Text: "stored\n"}}
	off := code("//| eval: false\nfail Never run")
	off.Outputs, off.ExecutionCount = stored, new(int)
	skipped := code("fail Never run", SkipTag)
	skipped.Outputs = stored
	nb := newNotebook(off, skipped, code("print ran"))
	got, err := x.Execute(context.Background(), path, nb)
	if err != nil {
		t.Fatal(err)
	}
	if c := got.Cells[0]; len(c.Outputs) != 0 || c.ExecutionCount != nil || c.Source != off.Source {
		t.Errorf("eval: false cell: outputs %+v, count %v, source %q", c.Outputs, c.ExecutionCount, c.Source)
	}
	if c := got.Cells[1]; len(c.Outputs) != 1 || c.Outputs[0].Text != "stored\n" {
		t.Errorf("skip-execution cell: outputs %+v", c.Outputs)
	}
	if s := got.Cells[2].Outputs; len(s) != 1 || s[0].Text != "ran\n" {
		t.Errorf("the next cell: %+v", s)
	}
	// The same source, run now, is another key.
	nb.Cells[0] = code("//| eval: true\nprint now")
	if got, err = x.Execute(context.Background(), path, nb); err != nil || len(got.Cells[0].Outputs) != 1 {
		t.Errorf("eval: true: %v, %+v", err, got)
	}
}

func TestExecuteTimeout(t *testing.T) {
	x := fakeExecutor(t, nil)
	x.CellTimeout = 300 * time.Millisecond
	path := notebookPath(t)
	nb := newNotebook(code("print a"), code("sleep 1m"), code("print b"))
	start := time.Now()
	_, err := x.Execute(context.Background(), path, nb)
	var ce *CellError
	if !errors.As(err, &ce) || !errors.Is(err, ErrTimeout) || ce.Cell != 2 {
		t.Fatalf("Execute = %v, want a timeout in cell 2", err)
	}
	if !strings.Contains(err.Error(), "300ms") {
		t.Errorf("error %q does not give the timeout", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %v", d)
	}
	x.AllowErrors = true
	got, err := x.Execute(context.Background(), path, nb)
	if err != nil {
		t.Fatal(err)
	}
	if o := got.Cells[1].Outputs; len(o) == 0 || o[len(o)-1].EName != "Timeout" {
		t.Errorf("timed out cell outputs %+v", o)
	}
	if o := got.Cells[2].Outputs; len(o) != 1 || o[0].Text != "b\n" {
		t.Errorf("cell after the timeout: %+v", o)
	}
}

func TestExecuteKernelDies(t *testing.T) {
	x := fakeExecutor(t, nil)
	x.AllowErrors = true // a dead kernel stops the run all the same
	nb := newNotebook(code("print a"), code("exit 1"), code("print b"))
	start := time.Now()
	_, err := x.Execute(context.Background(), notebookPath(t), nb)
	var ce *CellError
	if !errors.As(err, &ce) || ce.Cell != 2 {
		t.Fatalf("Execute = %v, want a *CellError for cell 2", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %v", d)
	}
}

func TestExecuteCache(t *testing.T) {
	f := newFakeRuns(t)
	x, run := f.x, f.execute
	nb := newNotebook(markdown("v1"), code("print a"), code("result 1"))
	first, _ := run(nb)
	again, n := run(nb)
	if n != 0 {
		t.Errorf("unchanged notebook ran again")
	}
	if marshal(t, again) != marshal(t, first) {
		t.Errorf("cached result differs:\n%s\nvs\n%s", marshal(t, again), marshal(t, first))
	}

	edited := nb.Clone()
	edited.Cells[0].Source = "v2"
	got, n := run(edited)
	if n != 0 || got.Cells[0].Source != "v2" || got.Cells[2].Outputs[0].Type != notebook.ExecuteResult {
		t.Errorf("markdown edit: ran %d, cells %s", n, marshal(t, got))
	}

	changed := nb.Clone()
	changed.Cells[1].Source = "print b"
	if got, n := run(changed); n != 1 || got.Cells[1].Outputs[0].Text != "b\n" {
		t.Errorf("code change: ran %d times, output %+v", n, got.Cells[1].Outputs)
	}

	x.Mode = Always
	if _, n := run(nb); n != 1 {
		t.Errorf("mode always ran %d times", n)
	}
	x.Mode = Auto
	x.AllowErrors = true
	if _, n := run(nb); n != 1 {
		t.Errorf("AllowErrors is not in the key")
	}
	x.AllowErrors = false

	x.Mode = Never
	if got, n := run(nb); n != 0 || len(got.Cells[1].Outputs) != 0 {
		t.Errorf("mode never ran (%d) or changed outputs", n)
	}
}

func TestExecuteParams(t *testing.T) {
	f := newFakeRuns(t)
	x, path := f.x, f.path
	// The fake kernel does not speak Go: the parameters cell is skipped,
	// and the injected cell fails there, which shows how such a failure is
	// reported. Real injection is checked with GoNB in gonb_test.go.
	nb := newNotebook(code("var N = 10", ParametersTag, SkipTag), code("print run"))
	x.Params = []Param{{Name: "N", Value: "20"}}
	_, err := x.Execute(context.Background(), path, nb)
	var ce *CellError
	if !errors.As(err, &ce) || !ce.Injected || ce.Cell != 1 || !strings.Contains(err.Error(), "injected parameters cell (after cell 1)") {
		t.Fatalf("Execute = %v, want the injected cell to fail in the fake kernel", err)
	}
	if n := f.starts.Load(); n != 1 {
		t.Errorf("%d kernels started", n)
	}
	nb.Cells[0].Source = "var N = 10"
	x.Params = []Param{{Name: "M", Value: "1"}}
	if _, err := x.Execute(context.Background(), path, nb); !errors.Is(err, ErrParameter) || !strings.Contains(err.Error(), "M is not declared") {
		t.Errorf("unknown parameter: %v", err)
	}
	x.Mode = Never
	x.Params = []Param{{Name: "N", Value: "1"}}
	if _, err := x.Execute(context.Background(), path, nb); !errors.Is(err, ErrParameter) {
		t.Errorf("parameters with mode never: %v", err)
	}
}

func TestProgress(t *testing.T) {
	x := fakeExecutor(t, nil)
	var events []Event
	var cells []int
	x.Progress = func(p Progress) {
		events = append(events, p.Event)
		if p.Event == CellStarted {
			cells = append(cells, p.Cell)
		}
	}
	var buf bytes.Buffer
	printer := NewPrinter(&buf, false)
	prev := x.Progress
	x.Progress = func(p Progress) { prev(p); printer.Progress(p) }
	path := notebookPath(t)
	nb := newNotebook(markdown("m"), code("print a"), code("print b"))
	if _, err := x.Execute(context.Background(), path, nb); err != nil {
		t.Fatal(err)
	}
	want := []Event{Starting, CellStarted, CellFinished, CellStarted, CellFinished, Finished}
	if !reflect.DeepEqual(events, want) || !reflect.DeepEqual(cells, []int{2, 3}) {
		t.Errorf("events %v cells %v", events, cells)
	}
	events = nil
	if _, err := x.Execute(context.Background(), path, nb); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(events, []Event{Cached}) {
		t.Errorf("cached run events %v", events)
	}
	out := buf.String()
	for _, s := range []string{"nb.ipynb: cell 2/3: print a", "nb.ipynb: cell 3/3 done in", "nb.ipynb: executed in", "unchanged, cached"} {
		if !strings.Contains(out, s) {
			t.Errorf("printer output lacks %q:\n%s", s, out)
		}
	}
}

func TestMode(t *testing.T) {
	for _, m := range []Mode{Auto, Always, Never} {
		got, err := ParseMode(m.String())
		if err != nil || got != m {
			t.Errorf("ParseMode(%q) = %v, %v", m.String(), got, err)
		}
	}
	var m Mode
	if err := m.Set("always"); err != nil || m != Always {
		t.Errorf("Set(always) = %v, %v", m, err)
	}
	if err := m.Set("sometimes"); err == nil {
		t.Error("Set(sometimes) succeeded")
	}
	if s := Mode(7).String(); s != "Mode(7)" {
		t.Errorf("String = %q", s)
	}
}

func TestExecuteNoCode(t *testing.T) {
	f := newFakeRuns(t)
	got, n := f.execute(newNotebook(markdown("only text"), code(" \n"), code("fail X y", SkipTag)))
	if n != 0 || len(got.Cells) != 3 {
		t.Errorf("%d cells; %d kernels started", len(got.Cells), n)
	}
}

func TestPrinterTerminal(t *testing.T) {
	var buf bytes.Buffer
	p := NewPrinter(&buf, true)
	p.Notebook(0, 2, "a/pe1.ipynb")
	p.Progress(Progress{Notebook: "a/pe1.ipynb", Event: Building, Source: "building GoNB v1"})
	p.Progress(Progress{Notebook: "a/pe1.ipynb", Event: Starting})
	p.Progress(Progress{Notebook: "a/pe1.ipynb", Event: CellStarted, Cell: 2, Cells: 5, Source: "x := 1", Elapsed: 1500 * time.Millisecond})
	p.Progress(Progress{Notebook: "a/pe1.ipynb", Event: CellFinished, Cell: 2, Cells: 5})
	p.Progress(Progress{Notebook: "a/pe1.ipynb", Event: Finished, Elapsed: 3 * time.Second})
	p.Notebook(1, 2, "a/pe2.ipynb")
	p.Progress(Progress{Notebook: "a/pe2.ipynb", Event: Cached})
	p.Warn("the math font is missing")
	p.Notebook(2, 2, "")
	want := "\r\033[K[1/2] a/pe1.ipynb" +
		"\r\033[K[1/2] pe1.ipynb: building GoNB v1\n" +
		"\r\033[K[1/2] pe1.ipynb: starting the kernel" +
		"\r\033[K[1/2] pe1.ipynb: cell 2/5 (at 1.5s): x := 1" +
		"\r\033[K[1/2] pe1.ipynb: executed in 3s\n" +
		"\r\033[K[2/2] a/pe2.ipynb" +
		"\r\033[Kwarning: the math font is missing\n"
	if buf.String() != want {
		t.Errorf("the terminal printer wrote\n%q, want\n%q", buf.String(), want)
	}
	buf.Reset()
	p.Notebook(0, 1, "a/pe3.ipynb")
	p.Notebook(1, 1, "")
	if want := "\r\033[K[1/1] a/pe3.ipynb\r\033[K"; buf.String() != want {
		t.Errorf("the end of a render wrote %q, want %q (the status line cleared)", buf.String(), want)
	}
}

func TestPrinterLog(t *testing.T) {
	var buf bytes.Buffer
	p := NewPrinter(&buf, false)
	p.Notebook(0, 1, "a/pe1.ipynb")
	p.Progress(Progress{Notebook: "a/pe1.ipynb", Event: Building, Source: "go: downloading \x1b]0;x\a"})
	p.Progress(Progress{Notebook: "a/pe1.ipynb", Event: CellStarted, Cell: 2, Cells: 5, Source: "x := 1"})
	p.Progress(Progress{Notebook: "a/pe1.ipynb", Event: CellFinished, Cell: 2, Cells: 5, CellElapsed: 2100 * time.Millisecond, Elapsed: 9800 * time.Millisecond})
	p.Progress(Progress{Notebook: "a/pe1.ipynb", Event: Warning, Err: errors.New("not cached")})
	p.Notebook(1, 1, "")
	want := "pe1.ipynb: go: downloading \npe1.ipynb: cell 2/5: x := 1\npe1.ipynb: cell 2/5 done in 2.1s (at 9.8s)\nwarning: pe1.ipynb: not cached\n"
	if buf.String() != want {
		t.Errorf("the log printer wrote\n%q, want\n%q", buf.String(), want)
	}
}

// TestExecuteCacheSettings checks that every setting that changes results
// is in the cache key: a result cached from a run whose cell timed out is
// not reused with a longer timeout, nor one cut by the output limit with a
// higher limit.
func TestExecuteCacheSettings(t *testing.T) {
	f := newFakeRuns(t)
	x := f.x
	x.AllowErrors = true
	nb := newNotebook(code("sleep 500ms\nprint slept"), code("print 0123456789"))
	run := func() (*notebook.Notebook, int32) { return f.execute(nb) }
	x.CellTimeout = 100 * time.Millisecond
	if got, n := run(); n != 1 || got.Cells[0].Outputs[len(got.Cells[0].Outputs)-1].EName != "Timeout" {
		t.Fatalf("ran %d, outputs %+v; want a timeout", n, got.Cells[0].Outputs)
	}
	x.CellTimeout = 10 * time.Second
	got, n := run()
	if n != 1 || len(got.Cells[0].Outputs) != 1 || got.Cells[0].Outputs[0].Text != "slept\n" {
		t.Errorf("a longer timeout: ran %d, outputs %+v", n, got.Cells[0].Outputs)
	}
	if _, n := run(); n != 0 {
		t.Errorf("the same settings ran again")
	}
	x.MaxOutput = 4
	if got, n := run(); n != 1 || !strings.HasPrefix(got.Cells[1].Outputs[0].Text, "0123\n[... output truncated") {
		t.Errorf("a lower output limit: ran %d, outputs %+v", n, got.Cells[1].Outputs)
	}
}

// TestExecuteUncached checks that a cache that cannot be written, or no
// cache folder to be had (no home, no XDG_CACHE_HOME), makes a warning
// that says the result is not cached, not a failure of a run that
// succeeded.
func TestExecuteUncached(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, x *Executor)
	}{
		{"unwritable", func(t *testing.T, x *Executor) {
			file := filepath.Join(t.TempDir(), "file")
			if err := os.WriteFile(file, nil, 0o644); err != nil {
				t.Fatal(err)
			}
			x.CacheDir = filepath.Join(file, "cache") // a folder inside a file
		}},
		{"no cache folder", func(t *testing.T, x *Executor) {
			if runtime.GOOS != "linux" {
				t.Skip("os.UserCacheDir fails this way on Linux only")
			}
			t.Setenv("XDG_CACHE_HOME", "")
			t.Setenv("HOME", "")
			x.CacheDir = ""
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := fakeExecutor(t, nil)
			tt.setup(t, x)
			var warnings []error
			x.Progress = func(p Progress) {
				if p.Event == Warning {
					warnings = append(warnings, p.Err)
				}
			}
			got, err := x.Execute(context.Background(), notebookPath(t), newNotebook(code("print a")))
			if err != nil {
				t.Fatalf("Execute = %v, want success with a warning", err)
			}
			if got.Cells[0].Outputs[0].Text != "a\n" {
				t.Errorf("outputs %+v", got.Cells[0].Outputs)
			}
			if len(warnings) != 1 || !strings.Contains(warnings[0].Error(), "not cached") {
				t.Fatalf("warnings %v, want one saying the result is not cached", warnings)
			}
			var b strings.Builder
			NewPrinter(&b, false).Progress(Progress{Notebook: "/x/nb.ipynb", Event: Warning, Err: warnings[0]})
			if !strings.HasPrefix(b.String(), "warning: nb.ipynb: the result is not cached") {
				t.Errorf("Printer wrote %q", b.String())
			}
		})
	}
}

func TestLineWriter(t *testing.T) {
	var lines []string
	w := &lineWriter{line: func(s string) { lines = append(lines, s) }}
	for _, chunk := range []string{"go: downloading a\ngo: down", "loading b\n", "", "\nlast without end"} {
		if n, err := w.Write([]byte(chunk)); n != len(chunk) || err != nil {
			t.Fatalf("Write(%q) = %d, %v", chunk, n, err)
		}
	}
	if want := []string{"go: downloading a", "go: downloading b", ""}; !reflect.DeepEqual(lines, want) {
		t.Errorf("lines %q, want %q", lines, want)
	}
}
