package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/grundylab/grundy/pkg/report/jupyter/execute"
	"github.com/grundylab/grundy/pkg/report/site"
)

// A summary is what render says when it is done: the pages written, the
// notebooks run and those whose results came from the cache, the
// warnings, the index page and the time taken.
type summary struct {
	Notebooks int  // Notebooks is the number of notebooks given.
	Pages     int  // Pages is the number of pages written.
	Executed  bool // Executed reports that notebooks were to be run (not -execute never).
	Ran       int  // Ran counts the notebooks run.
	Cached    int  // Cached counts the notebooks whose results came from the cache.
	Warnings  int
	Index     string // Index is the path of index.html; empty when there is none.
	Elapsed   time.Duration
}

// A counter counts the events of a build for its summary; notebooks may
// report from several goroutines.
type counter struct {
	mu                    sync.Mutex
	ran, cached, warnings int
}

// count counts an execution event.
func (c *counter) count(e execute.Event) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch e {
	case execute.Finished:
		c.ran++
	case execute.Cached:
		c.cached++
	case execute.Warning:
		c.warnings++
	}
}

// add puts the counts into the summary.
func (c *counter) add(s *summary) {
	c.mu.Lock()
	defer c.mu.Unlock()
	s.Ran, s.Cached, s.Warnings = c.ran, c.cached, c.warnings
}

// String is the summary as render prints it, such as
//
//	render: 9 pages written in 3m4.2s (2 notebooks run, 7 from the cache, no warnings); open site/index.html
func (s *summary) String() string {
	var b strings.Builder
	b.WriteString("render: ")
	if s.Pages < s.Notebooks {
		fmt.Fprintf(&b, "%d of %s written", s.Pages, plural(s.Notebooks, "page"))
	} else {
		fmt.Fprintf(&b, "%s written", plural(s.Pages, "page"))
	}
	fmt.Fprintf(&b, " in %v (", roundDuration(s.Elapsed))
	if failed := s.Notebooks - s.Pages; failed > 0 {
		fmt.Fprintf(&b, "%s failed, ", plural(failed, "notebook"))
	}
	if s.Executed {
		fmt.Fprintf(&b, "%s run, %d from the cache, ", plural(s.Ran, "notebook"), s.Cached)
	} else {
		b.WriteString("stored outputs, nothing run, ")
	}
	if s.Warnings == 0 {
		b.WriteString("no warnings)")
	} else {
		fmt.Fprintf(&b, "%s)", plural(s.Warnings, "warning"))
	}
	if s.Index != "" {
		fmt.Fprintf(&b, "; open %s", s.Index)
	}
	return b.String()
}

// plural returns n and the noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// roundDuration rounds d for a person to read: tenths of a second from a
// second up, milliseconds below.
func roundDuration(d time.Duration) time.Duration {
	if d >= time.Second {
		return d.Round(100 * time.Millisecond)
	}
	return d.Round(time.Millisecond)
}

// pageWatch remembers the pages of a build as they were before it, to tell
// afterwards which it wrote: a page written is a new file, renamed into
// place, where the old one was another or none.
type pageWatch struct {
	pages  []string
	before []os.FileInfo
}

// watchPages returns the watch for the pages that rendering paths into
// dir writes, as site.Site names them; none when the paths name no
// notebooks (the build then fails and says why).
func watchPages(dir string, paths []string) *pageWatch {
	w := &pageWatch{}
	files, err := site.Notebooks(paths)
	if err != nil {
		return w
	}
	names, err := site.PageNames(files)
	if err != nil {
		return w
	}
	for _, name := range names {
		page := filepath.Join(dir, name+".html")
		fi, _ := os.Stat(page)
		w.pages = append(w.pages, page)
		w.before = append(w.before, fi)
	}
	return w
}

// written returns the number of pages watched and how many were written
// since.
func (w *pageWatch) written() (total, written int) {
	for i, page := range w.pages {
		fi, err := os.Stat(page)
		if err == nil && (w.before[i] == nil || !os.SameFile(w.before[i], fi)) {
			written++
		}
	}
	return len(w.pages), written
}
