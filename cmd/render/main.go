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
// GoNB kernel first, auto only when the cached result is stale: when the
// code, the parameters, these settings or the Go packages the notebook
// imports have changed. -p sets a parameter of the notebooks' "parameters"
// cell to a Go expression (or text, for a string) on one line,
// -allow-errors renders a failing cell's error instead of stopping,
// -timeout bounds each cell's run (10m by default), and -max-output the
// bytes kept of one output (4 MiB by default; the rest is counted in a
// note). Notebooks are untrusted unless -trust is given: their raw HTML is
// sanitised, and their formulas, outputs and names can put no script on a
// page. Running a notebook is running its author's code, as Jupyter does
// (GoNB's "!" lines reach a shell): render a notebook you do not trust
// with -execute never, which shows its stored outputs and runs nothing. Cells tagged remove-cell, remove-input or remove-output (the
// Jupyter Book tags) run as usual but leave the whole cell, its source or
// its outputs out of the writeup. A notebook that fails is named, with its
// cell, and leaves none of its files half-written; render then exits with
// status 1. SIGINT, SIGTERM and SIGHUP stop a run alike, and so does
// standard error closing under it (render ... 2>&1 | head): the kernel and
// every program it runs are ended, their temporary files removed, and the
// pages already written stay as they were; render exits with status 1.
// Progress goes to standard error: one status line kept up to date on a
// terminal, a line per notebook and cell otherwise (a log); notebook text
// shown there is stripped of terminal control sequences.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/grundylab/grundy/pkg/report/jupyter/execute"
	"github.com/grundylab/grundy/pkg/report/site"
)

func main() {
	// A terminal's ^C, a job's cancel (SIGTERM), a closed terminal
	// (SIGHUP) and a closed pipe on standard error all end the run the
	// same way: the kernels' process groups are killed and their temporary
	// folders removed before render exits.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	ctx, cancel := context.WithCancelCause(ctx)
	ignoreSIGPIPE()
	code := run(ctx, os.Args[1:], &endWriter{f: os.Stderr, cancel: cancel})
	cancel(nil)
	stop()
	os.Exit(code)
}

func run(ctx context.Context, args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: render [-o DIR] [-execute auto|always|never] [-trust] [-p NAME=VALUE]... [-allow-errors] [-timeout D] [-max-output N] [PATH ...]")
		fs.PrintDefaults()
	}
	// The flags that say how to run the notebooks set the executor itself,
	// with its own parsers.
	var x execute.Executor
	dir := fs.String("o", "site", "output `folder`")
	fs.Var(&x.Mode, "execute", "run the notebooks' code first: `auto` (when stale), always, or never (render stored outputs; use it for notebooks you do not trust)")
	trust := fs.Bool("trust", false, "trust the notebooks: keep their raw HTML unsanitised")
	fs.BoolVar(&x.AllowErrors, "allow-errors", false, "render a failing cell's error instead of stopping the notebook")
	font := fs.String("font", "", "Latin Modern Math `file` to ship with the site (default: from fonts-lmodern)")
	title := fs.String("title", "", "`title` of the index page (default Writeups)")
	fs.DurationVar(&x.CellTimeout, "timeout", execute.DefaultCellTimeout, "the longest a cell may run before it is interrupted and the notebook fails")
	fs.IntVar(&x.MaxOutput, "max-output", execute.DefaultMaxOutput, "the most `bytes` kept of one output of a cell run; the rest is counted in a note")
	fs.Func("p", "set notebook parameter `NAME=VALUE` (repeatable)", func(s string) error {
		p, err := execute.ParseParam(s)
		if err == nil {
			x.Params = append(x.Params, p)
		}
		return err
	})
	if err := fs.Parse(args); err != nil {
		return 2
	}
	switch {
	case x.CellTimeout <= 0:
		fmt.Fprintf(stderr, "render: -timeout %v: want a positive duration\n", x.CellTimeout)
		return 2
	case x.MaxOutput <= 0:
		fmt.Fprintf(stderr, "render: -max-output %d: want a positive number of bytes\n", x.MaxOutput)
		return 2
	case x.Mode == execute.Never && len(x.Params) > 0:
		fmt.Fprintln(stderr, "render: -p needs the notebooks to run, but -execute is never")
		return 1
	}
	paths := fs.Args()
	if len(paths) == 0 {
		paths = []string{"notebooks"}
	}

	progress := execute.NewPrinter(stderr, isTerminal(stderr))
	x.Progress = progress.Progress
	s := &site.Site{
		Dir: *dir, Title: *title, Trust: *trust, MathFont: *font,
		Progress: progress.Notebook, Warn: progress.Warn,
	}
	// An explicit -max-output caps the pages too; otherwise they keep
	// their own, smaller default, which keeps them readable.
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "max-output" {
			s.MaxOutput = x.MaxOutput
		}
	})
	if x.Mode != execute.Never {
		s.Executor = &x
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
