// Command render turns Jupyter notebooks into published writeups: for each
// notebook NAME.ipynb a Markdown post with front matter (DIR/NAME.md, its
// images in DIR/NAME_files/), a self-contained HTML page (DIR/NAME.html),
// and an index of them all (DIR/index.html).
//
// Usage:
//
//	render [-o DIR] [-execute auto|always|never] [-trust] [-p NAME=VALUE]... [-allow-errors] [-timeout D] [-max-output N] [-pdf] [-serve ADDR] [PATH ...]
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
// status 1. SIGINT, SIGTERM and SIGHUP stop a run alike: the kernel and
// every program it runs are ended, their temporary files removed, and the
// pages already written stay as they were; render exits with status 1.
// Progress goes to standard error: one status line kept up to date on a
// terminal, a line per notebook and cell otherwise (a log); notebook text
// shown there is stripped of terminal control sequences.
//
// Each page is dated by its notebook's metadata, else by the notebook's
// last git commit, else by its file's modification time. It ends with how
// it was made: the notebook's path in its repository and commit (and
// whether the file has changes not committed), the kernel and its version
// (for Go, GoNB's and Go's), when it ran and for how long, its parameters,
// and the command that makes it again, with no folder of this machine in
// it; with -execute never, that its outputs are the notebook's own. Pages
// link the ones before and after them in the index's order.
//
// -pdf prints each page to NAME.pdf beside it, written with the page, by
// headless Chromium or Chrome (the program CHROME_PATH names, else
// chromium or google-chrome on PATH; apt-get install chromium), as the
// page's print stylesheet lays it out: no navigation, blocks kept whole
// where they fit on a sheet, page numbers at the foot.
//
// -serve ADDR renders, then serves the site over HTTP at ADDR (say
// localhost:8080: the site is then reachable from this machine only),
// watches the notebooks, renders one again within a second of its being
// saved (with the same cache), and reloads the pages open in a browser.
// A render that fails is reported, and shown on the pages in a banner,
// while the pages of the last good one are served. The reload script and
// the banner are in what is served only, never in the files written.
// SIGINT or SIGTERM stops it, the kernels with it, and render exits with
// status 0.
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
	// A terminal's ^C, a job's cancel (SIGTERM) and a closed terminal
	// (SIGHUP) all end the run the same way: the kernels' process groups
	// are killed and their temporary folders removed before render exits.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	code := run(ctx, os.Args[1:], os.Stderr)
	stop()
	os.Exit(code)
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
		fmt.Fprintln(stderr, "usage: render [-o DIR] [-execute auto|always|never] [-trust] [-p NAME=VALUE]... [-allow-errors] [-timeout D] [-max-output N] [-pdf] [-serve ADDR] [PATH ...]")
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
	serve := fs.String("serve", "", "after rendering, serve the site at `ADDR` (such as localhost:8080), render each notebook again when it is saved, and reload the open pages, until Ctrl-C")
	printPDF := fs.Bool("pdf", false, "print each page to NAME.pdf beside it with headless Chromium (CHROME_PATH, else chromium or google-chrome on PATH)")
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

	f, ok := stderr.(*os.File)
	progress := execute.NewPrinter(stderr, ok && isTerminal(f))
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
	if *printPDF {
		stop, err := startPrinter(ctx, s)
		if err != nil {
			fmt.Fprintf(stderr, "render: %s\n", execute.TerminalText(err.Error()))
			return 1
		}
		defer stop()
	}
	if *serve != "" {
		return serveSite(ctx, *serve, s, paths, stderr)
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
