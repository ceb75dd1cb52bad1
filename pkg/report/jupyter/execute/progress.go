package execute

import (
	"fmt"
	"io"
	"path/filepath"
	"sync"
	"time"

	"github.com/grundylab/grundy/pkg/report/terminal"
)

// Mode says when Execute runs a notebook.
type Mode int

// The modes of render's -execute flag.
const (
	// Auto runs a notebook only when the cache holds no result for its
	// current code, parameters, kernel and module sources.
	Auto Mode = iota
	// Always runs every notebook and refreshes the cache.
	Always
	// Never runs nothing: notebooks keep their stored outputs.
	Never
)

var modeNames = [...]string{Auto: "auto", Always: "always", Never: "never"}

// String returns the mode's flag value: "auto", "always" or "never".
func (m Mode) String() string {
	if m < 0 || int(m) >= len(modeNames) {
		return fmt.Sprintf("Mode(%d)", int(m))
	}
	return modeNames[m]
}

// ParseMode parses "auto", "always" or "never".
func ParseMode(s string) (Mode, error) {
	for m, name := range modeNames {
		if s == name {
			return Mode(m), nil
		}
	}
	return 0, fmt.Errorf("execute: mode %q: want auto, always or never", s)
}

// Set parses s into m, so that a *Mode is a flag.Value.
func (m *Mode) Set(s string) error {
	v, err := ParseMode(s)
	if err != nil {
		return err
	}
	*m = v
	return nil
}

// Event is what a Progress report is about.
type Event int

// The events of a notebook's execution, in the order they happen.
const (
	Starting     Event = iota // Starting: the kernel is starting.
	CellStarted               // CellStarted: a cell began to run.
	CellFinished              // CellFinished: a cell ended (failed or not).
	Finished                  // Finished: every cell ran.
	Cached                    // Cached: the result came from the cache; nothing ran.
	Warning                   // Warning: something went wrong that does not fail the run; see Err.
	Building                  // Building: the kernel is being built (GoNB, the first time); Source says what happens.
)

// Progress reports how the execution of a notebook goes.
type Progress struct {
	Notebook string // Notebook is the notebook's path.
	Event    Event
	// Cell is the 1-based number of the cell in the executed notebook
	// (which includes any injected parameters cell), for cell events.
	Cell        int
	Cells       int           // Cells is the number of cells.
	Source      string        // Source is the cell's first line, for cell events.
	Elapsed     time.Duration // Elapsed is the time since the notebook started.
	CellElapsed time.Duration // CellElapsed is the cell's run time, for CellFinished.
	Err         error         // Err says what went wrong, for Warning.
}

// A Printer shows the progress of a render on w, one event at a time
// (notebooks may run concurrently), in one of two forms. As a log it
// writes a line per execution event, such as
//
//	pe459.ipynb: cell 7/15 done in 2.1s (at 9.8s)
//
// On a terminal it keeps one status line up to date in place, the
// notebook's place in the render, the cell, the time and the cell's first
// line,
//
//	[2/5] pe459.ipynb: cell 7/15 (at 9.8s): g := heap.Grundy(n)
//
// and leaves a line of its own when a notebook has run. Warnings get a
// line of their own in both forms. Every notebook text it shows passes
// through terminal.Safe first.
type Printer struct {
	mu       sync.Mutex
	w        io.Writer
	terminal bool
	at       string // at is the place of the notebook being rendered, as "[2/5] ".
	status   bool   // status reports that a status line is showing.
}

// NewPrinter returns a Printer writing to w, a terminal or a log.
func NewPrinter(w io.Writer, terminal bool) *Printer {
	return &Printer{w: w, terminal: terminal}
}

// Progress shows an execution event; it is an Executor's Progress.
func (pr *Printer) Progress(p Progress) {
	name := terminal.SafeLine(filepath.Base(p.Notebook))
	source := terminal.SafeLine(p.Source)
	var line string
	var keep bool // keep makes the line stay on a terminal.
	switch p.Event {
	case Starting:
		line = fmt.Sprintf("%s: starting the kernel", name)
	case CellStarted:
		line = fmt.Sprintf("%s: cell %d/%d: %s", name, p.Cell, p.Cells, source)
		if pr.terminal {
			line = fmt.Sprintf("%s: cell %d/%d (at %v): %s", name, p.Cell, p.Cells, round(p.Elapsed), source)
		}
	case CellFinished:
		if pr.terminal {
			return
		}
		line = fmt.Sprintf("%s: cell %d/%d done in %v (at %v)", name, p.Cell, p.Cells, round(p.CellElapsed), round(p.Elapsed))
	case Finished:
		line, keep = fmt.Sprintf("%s: executed in %v", name, round(p.Elapsed)), true
	case Cached:
		if pr.terminal {
			return
		}
		line = fmt.Sprintf("%s: unchanged, cached result (%v)", name, round(p.Elapsed))
	case Warning:
		pr.Warn(fmt.Sprintf("%s: %v", name, p.Err))
		return
	case Building:
		line, keep = fmt.Sprintf("%s: %s", name, source), true
	default:
		return
	}
	pr.mu.Lock()
	defer pr.mu.Unlock()
	if pr.terminal {
		pr.show(pr.at+line, keep)
		return
	}
	fmt.Fprintln(pr.w, line)
}

// Notebook shows that the notebook at path, number done+1 of total, is
// being rendered; an empty path means all are done, and clears the status
// line. Its signature is that of site.Site's Progress. A log shows nothing
// for it: the execution events name the notebook.
func (pr *Printer) Notebook(done, total int, path string) {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	if !pr.terminal {
		return
	}
	if path == "" {
		pr.at = ""
		if pr.status {
			io.WriteString(pr.w, "\r\033[K")
			pr.status = false
		}
		return
	}
	pr.at = fmt.Sprintf("[%d/%d] ", done+1, total)
	pr.show(pr.at+terminal.SafeLine(path), false)
}

// Warn shows a warning on a line of its own, such as "warning: the math
// font is missing".
func (pr *Printer) Warn(msg string) {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	line := "warning: " + terminal.Safe(msg)
	if pr.terminal {
		pr.show(line, true)
		return
	}
	fmt.Fprintln(pr.w, line)
}

// show writes line as the status line; keep ends it, so that it stays and
// the next status line starts below.
func (pr *Printer) show(line string, keep bool) {
	io.WriteString(pr.w, "\r\033[K"+line)
	pr.status = !keep
	if keep {
		io.WriteString(pr.w, "\n")
	}
}

func round(d time.Duration) time.Duration {
	if d >= time.Second {
		return d.Round(100 * time.Millisecond)
	}
	return d.Round(time.Millisecond)
}
