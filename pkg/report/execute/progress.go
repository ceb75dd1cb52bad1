package execute

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sync"
	"time"
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

// Printer returns a Progress function that writes one line per event to
// w, such as
//
//	pe459.ipynb: cell 7/15 done in 2.1s (at 9.8s)
func Printer(w io.Writer) func(Progress) {
	return writer(w, func(name string, p Progress) string {
		switch p.Event {
		case Starting:
			return fmt.Sprintf("%s: starting the kernel\n", name)
		case CellStarted:
			return fmt.Sprintf("%s: cell %d/%d: %s\n", name, p.Cell, p.Cells, p.Source)
		case CellFinished:
			return fmt.Sprintf("%s: cell %d/%d done in %v (at %v)\n", name, p.Cell, p.Cells, round(p.CellElapsed), round(p.Elapsed))
		case Finished:
			return fmt.Sprintf("%s: executed in %v\n", name, round(p.Elapsed))
		case Cached:
			return fmt.Sprintf("%s: unchanged, cached result (%v)\n", name, round(p.Elapsed))
		case Warning:
			return fmt.Sprintf("%s: warning: %v\n", name, p.Err)
		}
		return ""
	})
}

// StatusLine returns a Progress function for a terminal: it keeps one
// status line up to date (notebook, cell, elapsed time and the cell's first
// line), rewriting it in place, and leaves a line of its own when a
// notebook has run.
func StatusLine(w io.Writer) func(Progress) {
	return writer(w, func(name string, p Progress) string {
		switch p.Event {
		case Starting:
			return fmt.Sprintf("\r\033[K%s: starting the kernel", name)
		case CellStarted:
			return fmt.Sprintf("\r\033[K%s: cell %d/%d (at %v): %s", name, p.Cell, p.Cells, round(p.Elapsed), p.Source)
		case Finished:
			return fmt.Sprintf("\r\033[K%s: executed in %v\n", name, round(p.Elapsed))
		case Warning:
			return fmt.Sprintf("\r\033[K%s: warning: %v\n", name, p.Err)
		}
		return ""
	})
}

// writer returns a Progress function that writes to w the text of each
// event (none when it is empty), one event at a time: notebooks may run
// concurrently. Notebook text in the event is made safe for a terminal.
func writer(w io.Writer, text func(name string, p Progress) string) func(Progress) {
	var mu sync.Mutex
	return func(p Progress) {
		p.Source = terminalLine(p.Source)
		if p.Err != nil {
			p.Err = errors.New(TerminalText(p.Err.Error()))
		}
		if s := text(terminalLine(filepath.Base(p.Notebook)), p); s != "" {
			mu.Lock()
			defer mu.Unlock()
			io.WriteString(w, s)
		}
	}
}

func round(d time.Duration) time.Duration {
	if d >= time.Second {
		return d.Round(100 * time.Millisecond)
	}
	return d.Round(time.Millisecond)
}
