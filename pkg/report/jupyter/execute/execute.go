package execute

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/grundylab/grundy/pkg/report/cellopts"
	"github.com/grundylab/grundy/pkg/report/jupyter/gonb"
	"github.com/grundylab/grundy/pkg/report/jupyter/kernel"
	"github.com/grundylab/grundy/pkg/report/jupyter/kernelspec"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/runrecord"
	"github.com/grundylab/grundy/pkg/report/terminal"
)

// DefaultCellTimeout bounds a cell's run when Executor.CellTimeout is zero.
const DefaultCellTimeout = 10 * time.Minute

// Sentinel errors wrapped by the errors of Execute.
var (
	// ErrCellFailed means a cell raised an error or its program failed.
	ErrCellFailed = errors.New("cell failed")
	// ErrTimeout means a cell ran longer than the cell timeout.
	ErrTimeout = errors.New("cell timed out")
	// ErrParameter means a parameter override cannot be applied.
	ErrParameter = errors.New("bad parameter")
)

// A Kernel is the kind of Jupyter kernel that runs notebooks, and what
// the executor needs to know of it. *gonb.Tools implements it for GoNB,
// and *kernelspec.Spec for the kernels Jupyter has installed.
type Kernel interface {
	// Start starts a kernel whose working directory is dir.
	Start(ctx context.Context, dir string, opts *kernel.Options) (*kernel.Kernel, error)
	// ID names the kernel and its version, for the cache key.
	ID() string
	// IsFailureReport reports whether a text the kernel sent on standard
	// error is its report that a cell's program failed, for kernels that
	// still reply "ok" to such a cell, as GoNB does.
	IsFailureReport(stderr string) bool
}

// GoNB's tools and Jupyter's kernel specs are Kernels.
var (
	_ Kernel = (*gonb.Tools)(nil)
	_ Kernel = (*kernelspec.Spec)(nil)
)

// An Executor runs notebooks, each in the kernel its metadata names, and
// keeps the results in a cache keyed by content. The zero Executor is
// ready to use: mode Auto, no parameters, errors stop a notebook, Go
// notebooks run in GoNB provisioned for the Go module that holds each
// (or at render's own versions, for a notebook in none), and the others
// in the Jupyter kernel their metadata names, as Jupyter finds it. An
// Executor is safe for concurrent use; set its fields before the first
// call.
type Executor struct {
	// Mode says when to run a notebook: Auto, Always or Never.
	Mode Mode
	// Params override the notebook's parameters (papermill style).
	Params []Param
	// AllowErrors keeps going after a failing cell, whose error stays in
	// its outputs, instead of stopping the notebook with an error.
	AllowErrors bool
	// CellTimeout bounds each cell's run; zero means DefaultCellTimeout.
	CellTimeout time.Duration
	// MaxOutput bounds the bytes kept of one output (the joined text of a
	// stream, or a display's data); zero means DefaultMaxOutput. Text past
	// it is only counted, and a note at the output's end says how much was
	// left out.
	MaxOutput int
	// CacheDir holds executed notebooks; empty means the folder execute
	// in gonb.DefaultCacheDir.
	CacheDir string
	// ToolsDir is where GoNB and goimports are built; empty means
	// gonb.DefaultCacheDir.
	ToolsDir string
	// ModuleDir is the Go module that provides GoNB and the packages the
	// Go notebooks import; empty means the module holding each notebook.
	ModuleDir string
	// KernelName, if set, names the kernel of every notebook, instead of
	// its metadata (as papermill's -k does): GoNBKernel for GoNB, or the
	// name of a Jupyter kernel spec.
	KernelName string
	// Kernel returns the Kernel for Go notebooks of the Go module whose
	// root folder is module ("" for none); it is called once per module.
	// Nil means GoNB, built by gonb.Provision into ToolsDir at the
	// versions the module requires, or render's own for no module.
	Kernel func(ctx context.Context, module string) (Kernel, error)
	// KernelSpec returns the Kernel for notebooks whose kernel is the
	// Jupyter kernel spec name (any but GoNB's); it is called once per
	// name. Nil means the kernel spec as Jupyter finds it
	// (kernelspec.Find).
	KernelSpec func(ctx context.Context, name string) (Kernel, error)
	// Progress, if not nil, is told which notebook and cell run, and for
	// how long.
	Progress func(Progress)
	// Log, if not nil, receives build output and what the kernel writes.
	Log io.Writer
	// KernelOptions tune the kernel connection; nil means the defaults.
	KernelOptions *kernel.Options

	mu      sync.Mutex
	kernels map[string]Kernel  // kernels by kind and module root or name
	warmed  map[string]*warmth // what warm compiled, by module root
	modules map[string]string  // module root by notebook folder
	digests map[string]string  // digests of imported packages by module root and imports
}

// A CellError reports a cell that failed or timed out, or a kernel that
// died or hung while running it.
type CellError struct {
	Notebook string // Notebook is the notebook's path.
	// Cell is the 1-based number of the cell in the notebook as read; for
	// the injected parameters cell it is the parameters cell's number.
	Cell     int
	Injected bool   // Injected reports that the injected parameters cell failed.
	Source   string // Source is the first non-empty line of the cell.
	Err      error  // Err is ErrCellFailed, ErrTimeout or the kernel's error.
	Detail   string // Detail is the kernel's error text or the cell's stderr.
}

// FailedCell returns Cell, the number of the cell that failed.
func (e *CellError) FailedCell() int { return e.Cell }

// Error names the notebook, the cell and its first line, what happened and
// the kernel's text.
func (e *CellError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "execute %s: ", terminal.SafeLine(e.Notebook))
	if e.Injected {
		fmt.Fprintf(&b, "injected parameters cell (after cell %d)", e.Cell)
	} else {
		fmt.Fprintf(&b, "cell %d", e.Cell)
	}
	if e.Source != "" {
		fmt.Fprintf(&b, " (%s)", e.Source)
	}
	b.WriteString(": ")
	b.WriteString(e.Err.Error())
	if e.Detail != "" {
		b.WriteString(":\n")
		b.WriteString(e.Detail)
	}
	return b.String()
}

// Unwrap returns Err.
func (e *CellError) Unwrap() error { return e.Err }

// Execute runs the notebook read from path and returns the executed copy:
// outputs and execution counts replaced, and, with Params, a cell tagged
// injected-parameters after the cell tagged parameters. nb is not changed.
//
// In mode Auto a result cached for the same notebook code, parameters,
// kernel and module sources is returned without running anything; Always
// runs and refreshes the cache; Never returns a copy of nb as it is.
//
// The kernel is the one the notebook's metadata names (see the package
// documentation) and starts in the notebook's folder (GoNB's GONB_DIR).
// Each code cell runs in order with the cell timeout. A failing cell, a timeout, or a
// kernel that exits or hangs stops the run with a *CellError, except that
// with AllowErrors (or a cell tagged raises-exception) a cell's error stays
// in its outputs and the run goes on. Cells tagged skip-execution and empty
// cells are not run.
//
// The notebook returned after a run, or from the cache, records the run
// in its metadata (a Run under runrecord.Key); a record in nb itself is dropped,
// except in mode Never, which changes nothing.
func (e *Executor) Execute(ctx context.Context, path string, nb *notebook.Notebook) (*notebook.Notebook, error) {
	if e.Mode == Never {
		if len(e.Params) > 0 {
			return nil, fmt.Errorf("execute %s: %w: parameters need execution, but the mode is never", path, ErrParameter)
		}
		return nb.Clone(), nil
	}
	out := nb.Clone()
	// Only a run makes a record of one: a notebook's own is not believed.
	delete(out.Metadata, runrecord.Key)
	choice, err := chooseKernel(out, e.KernelName)
	if err != nil {
		return nil, fmt.Errorf("execute %s: %w", path, err)
	}
	injected, err := inject(out, dedupe(e.Params), choice.language)
	if err != nil {
		return nil, fmt.Errorf("execute %s: %w", path, err)
	}
	start := time.Now()
	if !slices.ContainsFunc(out.Cells, func(c *notebook.Cell) bool { return runnable(c, choice.language) }) {
		// Nothing to run: no kernel to provision, no key to compute.
		return out, nil
	}
	dir, err := filepath.Abs(filepath.Dir(path))
	if err != nil {
		return nil, fmt.Errorf("execute %s: %w", path, err)
	}
	// Only Go notebooks have a module: its packages are what their code
	// imports, and it pins GoNB.
	root := ""
	if choice.isGo() {
		if root, err = e.moduleRoot(ctx, dir); err != nil {
			return nil, fmt.Errorf("execute %s: %w", path, err)
		}
	}
	kern, err := e.kernel(ctx, path, choice, root)
	if err != nil {
		return nil, fmt.Errorf("execute %s: %w", path, err)
	}
	key, err := e.cacheKey(ctx, root, dir, kern.ID(), out, choice)
	if err != nil {
		return nil, fmt.Errorf("execute %s: %w", path, err)
	}
	// A cache that cannot be found or written costs time, not the run.
	cache, cacheErr := e.cacheDir()
	if e.Mode == Auto && cacheErr == nil {
		if hit := loadCached(cache, path, key, out); hit != nil {
			e.report(Progress{Notebook: path, Event: Cached, Cells: len(hit.Cells), Elapsed: time.Since(start)})
			return hit, nil
		}
	}
	warmup := func() { e.warm(ctx, root, notebookImports(out, choice)) }
	if err := e.run(ctx, path, dir, kern, out, choice.language, injected, start, warmup); err != nil {
		return nil, err
	}
	newPathScrubber(root, dir, userHome()).notebook(out)
	if cacheErr == nil {
		cacheErr = storeCached(cache, path, key, out)
	}
	if cacheErr != nil {
		e.report(Progress{Notebook: path, Event: Warning, Err: fmt.Errorf("the result is not cached: %w", cacheErr)})
	}
	return out, nil
}

// cellTimeout returns the cell timeout in effect.
func (e *Executor) cellTimeout() time.Duration {
	if e.CellTimeout <= 0 {
		return DefaultCellTimeout
	}
	return e.CellTimeout
}

// maxOutput returns the output limit in effect.
func (e *Executor) maxOutput() int {
	if e.MaxOutput <= 0 {
		return DefaultMaxOutput
	}
	return e.MaxOutput
}

// run executes the cells of nb, in the language lang, in a fresh kernel,
// which starts once warmup has returned.
func (e *Executor) run(ctx context.Context, path, dir string, kern Kernel, nb *notebook.Notebook, lang string, injected int, start time.Time, warmup func()) error {
	e.report(Progress{Notebook: path, Event: Starting, Cells: len(nb.Cells)})
	began := time.Now()
	warmup()
	opts := kernel.Options{}
	if e.KernelOptions != nil {
		opts = *e.KernelOptions
	}
	if opts.Output == nil {
		opts.Output = e.Log
	}
	k, err := kern.Start(ctx, dir, &opts)
	if err != nil {
		return fmt.Errorf("execute %s: %w", path, err)
	}
	defer k.Close()
	// A run abandoned (a signal, a caller giving up) kills the kernel's
	// process group at once rather than wait for an interrupt to take.
	defer context.AfterFunc(ctx, k.Kill)()
	col := newCollector(nb.Cells, kern.IsFailureReport, e.maxOutput())
	col.injected = injected
	timeout := e.cellTimeout()
	for i, cell := range nb.Cells {
		if cell.Type != notebook.Code || cell.HasTag(SkipTag) {
			continue // nbclient's way: a skipped cell keeps its outputs
		}
		if !runnable(cell, lang) {
			cell.Outputs, cell.ExecutionCount = []*notebook.Output{}, nil
			continue
		}
		e.report(Progress{Notebook: path, Event: CellStarted, Cell: i + 1, Cells: len(nb.Cells), Source: firstLine(cell.Source), Elapsed: time.Since(start)})
		cellStart := time.Now()
		col.begin(i)
		cctx, cancel := context.WithTimeout(ctx, timeout)
		execute := k.Execute
		if e.AllowErrors || asked(lang, cell).Error {
			execute = k.ExecuteAllowingError
		}
		reply, err := execute(cctx, cell.Source, col.handle)
		cancel()
		e.report(Progress{Notebook: path, Event: CellFinished, Cell: i + 1, Cells: len(nb.Cells), Source: firstLine(cell.Source), Elapsed: time.Since(start), CellElapsed: time.Since(cellStart)})
		if reply != nil && cell.ExecutionCount == nil {
			n := reply.ExecutionCount
			cell.ExecutionCount = &n
		}
		col.end()
		if col.cut != "" {
			e.report(Progress{Notebook: path, Event: Warning, Cell: i + 1, Cells: len(nb.Cells), Err: fmt.Errorf("%s: %s", cellName(i, injected), col.cut)})
		}
		if ctx.Err() != nil {
			return fmt.Errorf("execute %s: cell %d: %w", path, i+1, context.Cause(ctx))
		}
		cerr := cellError(ctx, path, nb, i, injected, col, reply, err, timeout)
		if cerr == nil {
			continue
		}
		recovered := err == nil || errors.Is(err, kernel.ErrInterrupted) && isRecovered(err)
		if recovered && (e.AllowErrors || asked(lang, cell).Error) {
			if errors.Is(cerr.Err, ErrTimeout) {
				col.add(&notebook.Output{Type: notebook.ErrorOutput, EName: "Timeout", EValue: cerr.Err.Error(), Traceback: []string{cerr.Error()}}, "")
			}
			continue
		}
		return cerr
	}
	e.report(Progress{Notebook: path, Event: Finished, Cells: len(nb.Cells), Elapsed: time.Since(start)})
	e.recordRun(nb, kern, k.Info(), began)
	return nil
}

// runnable reports whether a cell, in the language lang, is code to run:
// not empty, and neither tagged skip-execution nor set eval: false.
func runnable(c *notebook.Cell, lang string) bool {
	return c.Type == notebook.Code && strings.TrimSpace(c.Source) != "" && asked(lang, c).Eval
}

// asked returns what a cell in the language lang asks of its run and
// writeup (package cellopts). Values it cannot read leave the defaults:
// the writeup warns of them.
func asked(lang string, c *notebook.Cell) cellopts.Options {
	opts, _, _ := cellopts.Of(lang, c)
	return opts
}

func isRecovered(err error) bool {
	var ie *kernel.InterruptError
	return errors.As(err, &ie) && ie.Recovered
}

// cellError classifies the end of a cell's run; nil means it succeeded.
func cellError(ctx context.Context, path string, nb *notebook.Notebook, i, injected int, col *collector, reply *kernel.ExecuteReply, err error, timeout time.Duration) *CellError {
	ce := &CellError{Notebook: path, Cell: i + 1, Source: firstLine(nb.Cells[i].Source)}
	if injected >= 0 {
		switch {
		case i == injected:
			ce.Cell, ce.Injected = i, true
		case i > injected:
			ce.Cell = i
		}
	}
	switch {
	case err != nil && errors.Is(err, kernel.ErrInterrupted) && ctx.Err() == nil:
		ce.Err = fmt.Errorf("%w after %v: %w", ErrTimeout, timeout, err)
		ce.Detail = col.stderrText()
	case err != nil:
		ce.Err = err
		ce.Detail = col.stderrText()
	case col.decodeErr != nil:
		ce.Err = col.decodeErr
	case reply.Status == "error":
		ce.Err = ErrCellFailed
		ce.Detail = errorText(reply, col)
	case reply.Status != "ok":
		ce.Err = fmt.Errorf("%w: execute_reply status %q", ErrCellFailed, reply.Status)
	case col.exitReport != "":
		ce.Err = fmt.Errorf("%w: the program ended with %q", ErrCellFailed, col.exitReport)
		ce.Detail = col.stderrText()
	default:
		return nil
	}
	return ce
}

// stderrText returns the last lines of the cell's standard error, for an
// error message.
func (c *collector) stderrText() string {
	return tailLines(terminal.Safe(c.renumber(c.stderr.String())), 30)
}

// errorText is the kernel's description of a failed cell.
func errorText(r *kernel.ExecuteReply, col *collector) string {
	text := strings.Join(r.Traceback, "\n")
	if strings.TrimSpace(text) == "" {
		text = r.EName + ": " + r.EValue
	}
	return tailLines(terminal.Safe(col.renumber(text)), 40)
}

func (e *Executor) report(p Progress) {
	if e.Progress != nil {
		e.Progress(p)
	}
}

// kernel returns the Kernel chosen for the notebook at path, for Go the
// one of the module at root, made once.
func (e *Executor) kernel(ctx context.Context, path string, choice kernelChoice, root string) (Kernel, error) {
	id := "spec\x00" + choice.name
	if choice.isGo() {
		id = "go\x00" + root
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if k, ok := e.kernels[id]; ok {
		return k, nil
	}
	var k Kernel
	var err error
	switch {
	case choice.isGo() && e.Kernel != nil:
		k, err = e.Kernel(ctx, root)
	case choice.isGo():
		k, err = gonb.Provision(ctx, root, e.ToolsDir, e.buildLog(path))
	case e.KernelSpec != nil:
		k, err = e.KernelSpec(ctx, choice.name)
	default:
		k, err = findKernelSpec(choice.language)(ctx, choice.name)
	}
	if err != nil {
		return nil, err
	}
	if e.kernels == nil {
		e.kernels = map[string]Kernel{}
	}
	e.kernels[id] = k
	return k, nil
}

// buildLog returns the writer for the output of building the kernel of the
// notebook at path: Log, if set, and a Building event for each line.
func (e *Executor) buildLog(path string) io.Writer {
	w := &lineWriter{line: func(s string) { e.report(Progress{Notebook: path, Event: Building, Source: s}) }}
	if e.Log == nil {
		return w
	}
	return io.MultiWriter(e.Log, w)
}

// A lineWriter calls line with each complete line written to it.
type lineWriter struct {
	line    func(string)
	partial []byte
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.partial = append(w.partial, p...)
	for {
		i := bytes.IndexByte(w.partial, '\n')
		if i < 0 {
			break
		}
		w.line(string(w.partial[:i]))
		w.partial = w.partial[i+1:]
	}
	return len(p), nil
}

// moduleRoot returns the root folder of the Go module holding dir, or
// ModuleDir when set; "" when there is none.
func (e *Executor) moduleRoot(ctx context.Context, dir string) (string, error) {
	if e.ModuleDir != "" {
		return filepath.Abs(e.ModuleDir)
	}
	return e.remember(&e.modules, dir, func() (string, error) { return gonb.ModuleRoot(ctx, dir) })
}

// dedupe keeps one value per name, the last given, in the order names first
// appear.
func dedupe(params []Param) []Param {
	var out []Param
	pos := map[string]int{}
	for _, p := range params {
		if i, ok := pos[p.Name]; ok {
			out[i] = p
			continue
		}
		pos[p.Name] = len(out)
		out = append(out, p)
	}
	return out
}

// firstLine returns the first line of a cell that says something: not
// blank and not GoNB's "%%" marker of the main function's body, made safe
// for a terminal and cut to 60 characters.
func firstLine(src string) string {
	for line := range strings.SplitSeq(src, "\n") {
		if t := strings.TrimSpace(line); t != "" && t != "%%" {
			t = terminal.SafeLine(t)
			if r := []rune(t); len(r) > 60 {
				t = string(r[:57]) + "..."
			}
			return t
		}
	}
	return ""
}

// tailLines returns the last n lines of s.
func tailLines(s string, n int) string {
	s = strings.TrimRight(s, "\n")
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = append([]string{fmt.Sprintf("[... %d lines before]", len(lines)-n)}, lines[len(lines)-n:]...)
	}
	return strings.Join(lines, "\n")
}
