// Command render turns Jupyter notebooks into published writeups: for each
// notebook NAME.ipynb a Markdown post with front matter (DIR/NAME.md, its
// images in DIR/NAME_files/), a self-contained HTML page (DIR/NAME.html),
// and an index of them all (DIR/index.html). Notebooks kept as text are
// read too (package textnotebook): MyST Markdown (NAME.md), Quarto
// (NAME.qmd) and jupytext percent scripts (NAME.py, NAME.go, NAME.jl,
// NAME.R), run and rendered as an .ipynb is; one paired with NAME.ipynb
// is left for it. A file of another kind is refused, with the formats
// render reads.
//
// Usage:
//
//	render [-o DIR] [-execute auto|always|never] [-kernel NAME] [-trust] [-p NAME=VALUE]... [-allow-errors] [-timeout D] [-max-output N] [-pdf] [-serve ADDR [-serve-host NAME]...] [-shared-folder] [PATH ...]
//	render -install-kernel
//
// PATH is a notebook or a folder of them (default notebooks); DIR defaults
// to site. With -execute never the outputs stored in the notebooks are
// rendered; auto (the default) and always run the notebooks first, auto
// only when the cached result is stale: when the code, the parameters,
// the kernel, these settings or the Go packages the notebook imports have
// changed. Each notebook runs in the kernel its metadata names, as Jupyter
// chooses it: a Go notebook in GoNB, which render builds for the Go module
// holding the notebook (or at render's own versions, for a notebook in no
// module), any other in the Jupyter kernel spec of that name, found where
// `jupyter kernelspec list` finds it; -kernel names one kernel for all.
// -p sets a parameter of the notebooks' "parameters" cell, in Go to a Go
// expression and in Python to a Python expression (or, for a string,
// text) on one line, -allow-errors renders a failing cell's error instead
// of stopping, -timeout bounds each cell's run in seconds or as a Go
// duration (10m by default), and -max-output the bytes kept of one output
// (4 MiB by default; the rest is counted in a note). Notebooks are
// untrusted unless -trust is given: their raw HTML is sanitised, and their
// formulas, outputs and names can put no script on a page. Running a
// notebook is running its author's code, as Jupyter does (GoNB's "!" lines
// reach a shell): render a notebook you do not trust with -execute never,
// which shows its stored outputs and runs nothing. Cells tagged
// remove-cell, remove-input or remove-output (the Jupyter Book tags) run
// as usual but leave the whole cell, its source or its outputs out of the
// writeup. A notebook that fails is named, with its cell, and leaves none
// of its files half-written; render then exits with status 1. SIGINT,
// SIGTERM and SIGHUP stop a run alike, and so does standard output or
// error closing under it (render ... 2>&1 | head): the kernel and every
// program it runs are ended, their temporary files removed, and the pages
// already written stay as they were; render exits with status 1. Progress
// goes to standard error: one status line kept up to date on a terminal, a
// line per notebook and cell otherwise (a log); notebook text shown there
// is stripped of terminal control sequences. A summary ends every run: the
// pages written, the notebooks run and those taken from the cache, the
// warnings, the time taken and the index page. -h prints the usage on
// standard output.
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
// The output folder holds only what render wrote: render records every
// file it writes in DIR/.render-manifest.json, removes the pages of
// notebooks that are gone from the folders it renders (deleted or
// renamed), and deletes or overwrites no file it did not write. A DIR
// that holds other files, or is the notebooks' own folder, is refused
// unless -shared-folder is given; even then a post, page or index that
// would replace a file of the user's (a paired analysis.md, an index.html)
// is refused by name, and the file stays as it is.
//
// -serve ADDR renders, then serves the site over HTTP at ADDR (say
// localhost:8080: the site is then reachable from this machine only),
// watches the notebooks, renders one again within a second of its being
// saved (with the same cache), and reloads the pages open in a browser.
// A render that fails is reported, and shown on the pages in a banner,
// while the pages of the last good one are served. The reload script and
// the banner are in what is served only, never in the files written.
// Only the files render wrote are served, streamed from disk, at most 16
// at once (a request beyond that gets 503 at once). A request must name
// localhost, a loopback address, the -serve address or, for a wildcard
// address (:8080, 0.0.0.0:8080), this machine's host name or addresses,
// or a name given by -serve-host: a web page elsewhere cannot read the
// site through a DNS name of its own pointed at this machine. SIGINT or
// SIGTERM stops it, the kernels with it, and render exits with status 0.
//
// -install-kernel builds GoNB as render runs it and installs it as the
// Jupyter kernel gonb in the user's Jupyter data folder
// (~/.local/share/jupyter/kernels/gonb, or $JUPYTER_DATA_DIR), so that
// Jupyter opens the notebooks with the same GoNB.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/grundylab/grundy/pkg/report/jupyter/execute"
	"github.com/grundylab/grundy/pkg/report/jupyter/gonb"
	"github.com/grundylab/grundy/pkg/report/jupyter/kernelspec"
	"github.com/grundylab/grundy/pkg/report/site"
	"github.com/grundylab/grundy/pkg/report/terminal"
	"github.com/grundylab/grundy/pkg/report/textnotebook"
)

func main() {
	// A terminal's ^C, a job's cancel (SIGTERM), a closed terminal
	// (SIGHUP) and a closed pipe on standard error all end the run the
	// same way: the kernels' process groups are killed and their temporary
	// folders removed before render exits.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	ctx, cancel := context.WithCancelCause(ctx)
	ignoreSIGPIPE()
	code := run(ctx, os.Args[1:], &endWriter{f: os.Stdout, cancel: cancel}, &endWriter{f: os.Stderr, cancel: cancel})
	cancel(nil)
	stop()
	os.Exit(code)
}

const usageLine = "usage: render [-o DIR] [-execute auto|always|never] [-kernel NAME] [-trust] [-p NAME=VALUE]... [-allow-errors] [-timeout D] [-max-output N] [-pdf] [-serve ADDR [-serve-host NAME]...] [-shared-folder] [PATH ...]\n       render -install-kernel"

// options are render's command line, parsed.
type options struct {
	x             execute.Executor
	dir           string
	trust         bool
	font, title   string
	installKernel bool
	maxOutputSet  bool // maxOutputSet reports an explicit -max-output.
	serve         string
	serveHosts    []string
	shared        bool
	pdf           bool
	paths         []string
}

// parse parses the command line. It returns the exit status for a command
// line that says to stop, with what to say already written: 0 for -h (the
// usage on stdout), 2 for a mistake (on stderr); -1 to go on.
func parse(args []string, stdout, stderr io.Writer) (*options, int) {
	o := &options{}
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	// Parse's own messages are left out: the usage goes where it was
	// asked for, and a mistake is reported below.
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	x := &o.x
	x.CellTimeout = execute.DefaultCellTimeout
	fs.StringVar(&o.dir, "o", "site", "output `folder`")
	fs.Var(&x.Mode, "execute", "run the notebooks' code first: `auto` (when stale), always, or never (render stored outputs; use it for notebooks you do not trust)")
	fs.StringVar(&x.KernelName, "kernel", "", "run every notebook in the Jupyter kernel `NAME` (as `jupyter kernelspec list` shows; gonb is render's own GoNB) instead of the one its metadata names")
	fs.BoolVar(&o.trust, "trust", false, "trust the notebooks: keep their raw HTML unsanitised")
	fs.BoolVar(&x.AllowErrors, "allow-errors", false, "render a failing cell's error instead of stopping the notebook")
	fs.StringVar(&o.font, "font", "", "Latin Modern Math `file` to ship with the site (default: from fonts-lmodern)")
	fs.StringVar(&o.title, "title", "", "`title` of the index page (default Writeups)")
	fs.Var(durationFlag{&x.CellTimeout}, "timeout", "the longest a cell may run before it is interrupted and the notebook fails: `seconds` (as nbconvert takes it) or a Go duration such as 90s or 2m")
	fs.IntVar(&x.MaxOutput, "max-output", execute.DefaultMaxOutput, fmt.Sprintf("the most `bytes` kept of one output of a cell run (a cell keeps at most %d outputs, and four times this or 16 MB of them); the rest is counted in a note", execute.MaxCellOutputs))
	fs.StringVar(&o.serve, "serve", "", "after rendering, serve the site at `ADDR` (such as localhost:8080), render each notebook again when it is saved, and reload the open pages, until Ctrl-C")
	fs.Func("serve-host", "with -serve, also answer requests that name the host `NAME` (a name of this machine others use, behind a proxy or in /etc/hosts; repeatable): requests naming any host but localhost, loopback addresses, the -serve address, or for a wildcard address this machine's name and addresses, are refused, so that no web page can read the site through a name of its own", func(s string) error {
		if s == "" || strings.ContainsAny(s, "/ :") && net.ParseIP(strings.Trim(s, "[]")) == nil {
			return fmt.Errorf("%q: want a host name or address, without a port", s)
		}
		o.serveHosts = append(o.serveHosts, s)
		return nil
	})
	fs.BoolVar(&o.shared, "shared-folder", false, "let the output folder hold files render did not write (a blog's content folder, the notebooks' own folder), which render otherwise refuses: it then writes beside them and still deletes and overwrites none of them")
	fs.BoolVar(&o.pdf, "pdf", false, "print each page to NAME.pdf beside it with headless Chromium (CHROME_PATH, else chromium or google-chrome on PATH)")
	fs.Func("p", "set notebook parameter `NAME=VALUE` (repeatable)", func(s string) error {
		p, err := execute.ParseParam(s)
		if err == nil {
			x.Params = append(x.Params, p)
		}
		return err
	})
	fs.BoolVar(&o.installKernel, "install-kernel", false, "install render's GoNB as the Jupyter kernel gonb, for opening the notebooks in Jupyter, and exit")
	usage := func(w io.Writer) {
		fmt.Fprintln(w, usageLine)
		fmt.Fprintln(w, "PATH: a notebook or a folder of them. render reads "+textnotebook.Formats+".")
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage(stdout)
			return nil, 0
		}
		fmt.Fprintf(stderr, "render: %v\n", err)
		usage(stderr)
		return nil, 2
	}
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "max-output" {
			o.maxOutputSet = true
		}
	})
	o.paths = fs.Args()
	switch {
	case x.CellTimeout <= 0:
		fmt.Fprintf(stderr, "render: -timeout %v: want a positive duration\n", x.CellTimeout)
		return nil, 2
	case x.MaxOutput <= 0:
		fmt.Fprintf(stderr, "render: -max-output %d: want a positive number of bytes\n", x.MaxOutput)
		return nil, 2
	case x.KernelName != "" && !kernelspec.ValidName(x.KernelName):
		fmt.Fprintf(stderr, "render: -kernel %q: a kernel's name has letters, digits, '.', '_' and '-'\n", x.KernelName)
		return nil, 2
	case len(o.serveHosts) > 0 && o.serve == "":
		fmt.Fprintln(stderr, "render: -serve-host names a host for -serve, which is not given")
		return nil, 2
	case o.installKernel && len(o.paths) > 0:
		fmt.Fprintln(stderr, "render: -install-kernel installs the kernel and renders nothing: give no PATH")
		return nil, 2
	}
	if len(o.paths) == 0 {
		o.paths = []string{"notebooks"}
	}
	return o, -1
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	start := time.Now()
	o, code := parse(args, stdout, stderr)
	if o == nil {
		return code
	}
	if o.installKernel {
		return installKernel(ctx, stdout, stderr)
	}
	x := &o.x
	if x.Mode == execute.Never && len(x.Params) > 0 {
		fmt.Fprintln(stderr, "render: -p needs the notebooks to run, but -execute is never")
		return 1
	}

	progress := execute.NewPrinter(stderr, isTerminal(stderr))
	var events counter
	x.Progress = func(p execute.Progress) {
		events.count(p.Event)
		progress.Progress(p)
	}
	s := &site.Site{
		Dir: o.dir, Shared: o.shared, Title: o.title, Trust: o.trust, MathFont: o.font,
		Progress: progress.Notebook,
		Warn: func(msg string) {
			events.count(execute.Warning)
			progress.Warn(msg)
		},
	}
	// An explicit -max-output caps the pages too; otherwise they keep
	// their own, smaller default, which keeps them readable.
	if o.maxOutputSet {
		s.MaxOutput = x.MaxOutput
	}
	if x.Mode != execute.Never {
		s.Executor = x
	}
	if o.pdf {
		stop, err := startPrinter(ctx, s)
		if err != nil {
			fmt.Fprintf(stderr, "render: %s\n", terminal.Safe(err.Error()))
			return 1
		}
		defer stop()
	}
	if o.serve != "" {
		return serveSite(ctx, o.serve, o.serveHosts, s, o.paths, stderr)
	}
	pages := watchPages(o.dir, o.paths)
	err := s.Build(ctx, o.paths)
	report(stderr, err)
	sum := &summary{Executed: x.Mode != execute.Never}
	events.add(sum)
	sum.Notebooks, sum.Pages = pages.written()
	if index := filepath.Join(o.dir, "index.html"); fileExists(index) {
		sum.Index = index
	}
	sum.Elapsed = time.Since(start)
	fmt.Fprintln(stderr, terminal.Safe(sum.String()))
	if err != nil {
		return 1
	}
	return 0
}

// installKernel builds GoNB as render runs it (at the versions the module
// of the working directory pins, else render's own) and installs it as
// the Jupyter kernel gonb in the user's Jupyter data folder.
func installKernel(ctx context.Context, stdout, stderr io.Writer) int {
	root, err := gonb.ModuleRoot(ctx, ".")
	if err == nil {
		var tools *gonb.Tools
		if tools, err = gonb.Provision(ctx, root, "", stderr); err == nil {
			var dir string
			if dir, err = kernelspec.Install("", tools.KernelSpec()); err == nil {
				fmt.Fprintf(stdout, "installed the Jupyter kernel gonb (GoNB %s, %s) in %s\n", tools.Version, tools.Key, dir)
				return 0
			}
		}
	}
	fmt.Fprintf(stderr, "render: -install-kernel: %s\n", terminal.Safe(err.Error()))
	return 1
}

func fileExists(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}

// report writes the errors of a build, one a line, with what to do about
// an output folder that holds files render did not write.
func report(stderr io.Writer, err error) {
	for _, e := range unjoin(err) {
		fmt.Fprintf(stderr, "render: %s\n", terminal.Safe(e.Error()))
	}
	if errors.Is(err, site.ErrForeignFiles) || errors.Is(err, site.ErrNotebooksFolder) {
		fmt.Fprintln(stderr, "render: give -o a folder of its own, or -shared-folder to write beside those files: render then deletes and overwrites none of them")
	}
}

// unjoin splits an error made by errors.Join into its parts; nil has none.
// Another error that wraps several (a notebook's, wrapping its sentinel
// and its cause) is one failure, said in its own words.
func unjoin(err error) []error {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		parts := j.Unwrap()
		msgs := make([]string, len(parts))
		for i, p := range parts {
			msgs[i] = p.Error()
		}
		// errors.Join's error says its parts' messages, a line each.
		if strings.Join(msgs, "\n") == err.Error() {
			return parts
		}
	}
	return []error{err}
}
