// Command render turns Jupyter notebooks into published writeups: for each
// notebook NAME.ipynb a Markdown post with front matter (DIR/NAME.md, its
// images in DIR/NAME_files/), a self-contained HTML page (DIR/NAME.html),
// and an index of them all (DIR/index.html).
//
// Usage:
//
//	render [-o DIR] [-execute auto|always|never] [-trust] [-p NAME=VALUE]... [-allow-errors] [-timeout D] [-max-output N] [PATH ...]
//
// PATH is a notebook or a folder of them (default notebooks); DIR defaults
// to site. With -execute never the outputs stored in the notebooks are
// rendered; auto (the default) and always run the notebooks through the
// GoNB kernel first, auto only when the cached result is stale. -p sets a
// parameter of the notebooks' "parameters" cell, -allow-errors renders a
// failing cell's error instead of stopping, and -timeout bounds each
// cell's run (10m by default), -max-output the bytes kept of one output
// (4 MiB by default; the rest is counted in a note). Notebooks are
// untrusted unless -trust is given: their raw HTML is sanitised. Cells tagged remove-cell,
// remove-input or remove-output (the Jupyter Book tags) run as usual but
// leave the whole cell, its source or its outputs out of the writeup. A
// notebook that fails is named, with its cell, and leaves none of its
// files half-written; render then exits with status 1. Progress goes to
// standard error: one status line kept up to date on a terminal, a line
// per notebook and cell otherwise (a log).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"regexp"
	"strings"
	"syscall"
	"time"

	"github.com/grundylab/grundy/pkg/report/execute"
	"github.com/grundylab/grundy/pkg/report/site"
)

func main() {
	// A terminal's ^C, a job's cancel (SIGTERM) and a closed terminal
	// (SIGHUP) all end the run the same way: the kernels' process groups
	// are killed and their temporary folders removed before render exits.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	code := run(ctx, os.Args[1:], os.Stderr)
	stop()
	os.Exit(code)
}

// Param is a notebook parameter given with -p NAME=VALUE.
type Param struct {
	Name, Value string
}

// ExecConfig is what the command line says about executing notebooks.
type ExecConfig struct {
	// Mode is "auto", "always" or "never".
	Mode        string
	Params      []Param
	AllowErrors bool
	// CellTimeout bounds each cell's run; zero means the executor's default.
	CellTimeout time.Duration
	// MaxOutput bounds the bytes kept of one output; zero means the
	// executor's default.
	MaxOutput int
	// Progress receives news of each notebook and cell as it runs; nil
	// for silence.
	Progress io.Writer
	// Terminal says Progress is a terminal, where one status line is kept
	// up to date in place instead of a line written per event.
	Terminal bool
}

// newExecutor returns the Executor for cfg, or nil when the stored outputs
// are to be rendered.
func newExecutor(cfg ExecConfig) (site.Executor, error) {
	if cfg.Mode == "never" {
		if len(cfg.Params) > 0 {
			return nil, errors.New("-p needs the notebooks to run, but -execute is never")
		}
		return nil, nil
	}
	mode, err := execute.ParseMode(cfg.Mode)
	if err != nil {
		return nil, err
	}
	if cfg.CellTimeout < 0 {
		return nil, fmt.Errorf("-timeout %v is negative", cfg.CellTimeout)
	}
	if cfg.MaxOutput < 0 {
		return nil, fmt.Errorf("-max-output %d is negative", cfg.MaxOutput)
	}
	x := &execute.Executor{Mode: mode, AllowErrors: cfg.AllowErrors, CellTimeout: cfg.CellTimeout, MaxOutput: cfg.MaxOutput}
	for _, p := range cfg.Params {
		x.Params = append(x.Params, execute.Param{Name: p.Name, Value: p.Value})
	}
	switch {
	case cfg.Progress != nil && cfg.Terminal:
		x.Progress = execute.StatusLine(cfg.Progress)
	case cfg.Progress != nil:
		x.Progress = execute.Printer(cfg.Progress)
	}
	return x, nil
}

var identifier = regexp.MustCompile(`^[\p{L}_][\p{L}\p{N}_]*$`)

// parseParam parses NAME=VALUE with NAME a Go identifier.
func parseParam(s string) (Param, error) {
	name, value, ok := strings.Cut(s, "=")
	if !ok || !identifier.MatchString(name) {
		return Param{}, fmt.Errorf("parameter %q is not NAME=VALUE with NAME a Go identifier", s)
	}
	return Param{Name: name, Value: value}, nil
}

// isTerminal reports whether f is a terminal (a character device).
func isTerminal(f *os.File) bool {
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

func run(ctx context.Context, args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: render [-o DIR] [-execute auto|always|never] [-trust] [-p NAME=VALUE]... [-allow-errors] [-timeout D] [-max-output N] [PATH ...]")
		fs.PrintDefaults()
	}
	dir := fs.String("o", "site", "output `folder`")
	mode := fs.String("execute", "auto", "run the notebooks first: `auto` (when stale), always, or never (render stored outputs)")
	trust := fs.Bool("trust", false, "trust the notebooks: keep their raw HTML unsanitised")
	allowErrors := fs.Bool("allow-errors", false, "render a failing cell's error instead of stopping the notebook")
	font := fs.String("font", "", "Latin Modern Math `file` to ship with the site (default: from fonts-lmodern)")
	title := fs.String("title", "", "`title` of the index page (default Writeups)")
	timeout := fs.Duration("timeout", execute.DefaultCellTimeout, "the longest a cell may run before it is interrupted and the notebook fails")
	maxOutput := fs.Int("max-output", execute.DefaultMaxOutput, "the most `bytes` kept of one output of a cell run; the rest is counted in a note")
	var params []Param
	fs.Func("p", "set notebook parameter `NAME=VALUE` (repeatable)", func(s string) error {
		p, err := parseParam(s)
		if err == nil {
			params = append(params, p)
		}
		return err
	})
	if err := fs.Parse(args); err != nil {
		return 2
	}
	switch *mode {
	case "auto", "always", "never":
	default:
		fmt.Fprintf(stderr, "render: -execute %q: want auto, always or never\n", *mode)
		return 2
	}
	paths := fs.Args()
	if len(paths) == 0 {
		paths = []string{"notebooks"}
	}

	f, ok := stderr.(*os.File)
	terminal := ok && isTerminal(f)
	exec, err := newExecutor(ExecConfig{Mode: *mode, Params: params, AllowErrors: *allowErrors, CellTimeout: *timeout, MaxOutput: *maxOutput, Progress: stderr, Terminal: terminal})
	if err != nil {
		fmt.Fprintf(stderr, "render: %v\n", err)
		return 1
	}
	s := &site.Site{
		Dir: *dir, Title: *title, Trust: *trust, Executor: exec, MathFont: *font,
		Warn: func(msg string) { fmt.Fprintf(stderr, "render: warning: %s\n", execute.TerminalText(msg)) },
	}
	if terminal {
		s.Progress = func(done, total int, path string) {
			if path == "" {
				fmt.Fprintf(stderr, "\r\033[K")
				return
			}
			fmt.Fprintf(stderr, "\r\033[K[%d/%d] %s", done+1, total, strings.ReplaceAll(execute.TerminalText(path), "\n", " "))
		}
	}
	if err := s.Build(ctx, paths); err != nil {
		for _, e := range unjoin(err) {
			fmt.Fprintf(stderr, "render: %s\n", execute.TerminalText(e.Error()))
		}
		return 1
	}
	return 0
}

// unjoin splits an error made by errors.Join into its parts.
func unjoin(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}
