//go:build unix

package site

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/report/internal/costly"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// The budget of one notebook of package costly, on one core: what the
// issue asks of each input that is cheap to write and costly to render.
// Before the budgets, 50 000 equal headings took minutes, a JSON output
// nested 9 000 deep 700 MB.
const (
	cpuBudget  = 10 * time.Second
	heapBudget = 512 << 20
	// wallLimit only catches a render that hangs: on a loaded machine the
	// wall clock says little about the work done.
	wallLimit = 2 * time.Minute
)

// cpuTime returns the processor time this process has used.
func cpuTime(t *testing.T) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// heapObjects returns the bytes of live and unswept heap objects.
func heapObjects() uint64 {
	sample := []metrics.Sample{{Name: heapMetric}}
	metrics.Read(sample)
	return sample[0].Value.Uint64()
}

const heapMetric = "/memory/classes/heap/objects:bytes"

// heapPeak samples the bytes of live and unswept heap objects until stop
// is called, and returns the most seen.
func heapPeak() (stop func() uint64) {
	sample := []metrics.Sample{{Name: heapMetric}}
	var peak uint64
	var mu sync.Mutex
	done := make(chan struct{})
	finished := make(chan struct{})
	read := func() {
		metrics.Read(sample)
		mu.Lock()
		peak = max(peak, sample[0].Value.Uint64())
		mu.Unlock()
	}
	go func() {
		defer close(finished)
		for {
			read()
			select {
			case <-done:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	}()
	return func() uint64 {
		close(done)
		<-finished
		read()
		mu.Lock()
		defer mu.Unlock()
		return peak
	}
}

// TestCostlyNotebooks renders each notebook of package costly, cheap to
// write and costly for naive code, by a whole build on one core, and
// checks that it is done within the budget of time and memory, that each
// warning names the notebook and the cell, and that what is not shown as
// written (cut, or Markdown shown as text) is said on the page and in the
// post.
func TestCostlyNotebooks(t *testing.T) {
	if testing.Short() {
		t.Skip("renders notebooks of megabytes; skipped in -short mode")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	font := noFont(t)
	cellWarning := regexp.MustCompile(`^notebook [^ ]+\.ipynb: cell \d+: `)
	for _, c := range costly.Cases() {
		t.Run(c.Name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, c.Name+".ipynb")
			if err := notebook.WriteFile(path, c.Notebook()); err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(dir, "site")
			var warnings []string
			s := &Site{Dir: out, MathFont: font, Warn: func(msg string) {
				if !strings.Contains(msg, "fonts-lmodern") {
					warnings = append(warnings, msg)
				}
			}}
			runtime.GC()
			base := heapObjects()
			stop := heapPeak()
			cpu, wall := cpuTime(t), time.Now()
			err := s.Build(context.Background(), []string{path})
			cpu, elapsed := cpuTime(t)-cpu, time.Since(wall)
			peak := stop()
			peak -= min(base, peak)
			t.Logf("%s: %v of CPU (%v wall), heap grown by at most %d MB, %d warnings", c.What, cpu.Round(time.Millisecond), elapsed.Round(time.Millisecond), peak>>20, len(warnings))
			if err != nil {
				t.Fatal(err)
			}
			if cpu > cpuBudget || elapsed > wallLimit {
				t.Errorf("%s took %v of CPU, %v in all; the budget is %v", c.What, cpu, elapsed, cpuBudget)
			}
			if peak > heapBudget {
				t.Errorf("%s took %d MB of heap; the budget is %d MB", c.What, peak>>20, heapBudget>>20)
			}

			for _, w := range warnings {
				if !cellWarning.MatchString(w) {
					t.Errorf("warning names no notebook and cell: %.200s", w)
				}
			}
			said := false
			for _, w := range warnings {
				said = said || c.Warns != "" && strings.Contains(w, c.Warns)
			}
			if c.Warns != "" && !said {
				t.Errorf("no warning says %q: %.200q", c.Warns, warnings)
			}
			if c.Warns == "" && len(warnings) > 0 {
				t.Errorf("warnings for what renders as written: %.200q", warnings)
			}
			for _, file := range []string{c.Name + ".html", c.Name + ".md"} {
				data, err := os.ReadFile(filepath.Join(out, file))
				if err != nil {
					t.Fatal(err)
				}
				switch {
				case c.Notes != "" && !strings.Contains(string(data), c.Notes):
					t.Errorf("%s does not say %q", file, c.Notes)
				case c.Notes == "" && strings.Contains(string(data), `class="output note"`):
					t.Errorf("%s has a note for what renders as written", file)
				}
			}
		})
	}
}
