package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// timings matches the durations in render's lines, which differ from run
// to run.
var timings = regexp.MustCompile(`([0-9.]+(ns|µs|ms|s|m|h))+\b`)

// TestJobs renders a folder of Python notebooks, the second of which
// fails and the first of which runs longest, with -j 1 and with -j 3: the
// lines on standard error (their times and the output folder aside), the exit status and the
// pages are the same.
func TestJobs(t *testing.T) {
	needPython(t)
	dir := t.TempDir()
	writeNotebook(t, dir, "a.ipynb", "python3", "python", "import time\ntime.sleep(2)\nprint('a ran')", "print('a done')")
	writeNotebook(t, dir, "b.ipynb", "python3", "python", "print('b ran')", "raise ValueError('b fails')")
	writeNotebook(t, dir, "c.ipynb", "python3", "python", "import warnings\nprint('c ran')")
	writeNotebook(t, dir, "d.ipynb", "python3", "python", "print('d ran')")
	var lines, pages [2]string
	for i, jobs := range []string{"1", "3"} {
		out := filepath.Join(t.TempDir(), "site")
		lines[i] = timings.ReplaceAllString(strings.ReplaceAll(render(t, 1, "-execute", "always", "-j", jobs, "-o", out, dir), out, "OUT"), "T")
		for _, name := range []string{"a", "c", "d"} {
			page, err := os.ReadFile(filepath.Join(out, name+".md"))
			if err != nil {
				t.Fatal(err)
			}
			// The provenance says when the notebook ran.
			pages[i] += timeOfRun.ReplaceAllString(string(page), "WHEN")
		}
		if _, err := os.Stat(filepath.Join(out, "b.md")); err == nil {
			t.Errorf("-j %s: the failing notebook has a post", jobs)
		}
	}
	if lines[0] != lines[1] {
		t.Errorf("-j 3 reports\n%s\nwant, as -j 1,\n%s", lines[1], lines[0])
	}
	if pages[0] != pages[1] {
		t.Errorf("-j 3 writes\n%s\nwant, as -j 1,\n%s", pages[1], pages[0])
	}
	for _, want := range []string{"b fails", "a.ipynb: executed", "d.ipynb: executed"} {
		if !strings.Contains(lines[0], want) {
			t.Errorf("the lines lack %q:\n%s", want, lines[0])
		}
	}
}

// timeOfRun matches the time a post says its notebook ran, and for how
// long.
var timeOfRun = regexp.MustCompile(`[0-9]{4}-[0-9]{2}-[0-9]{2}[ T][0-9:.]+Z?|[0-9.]+ ?(ms|s|seconds?)\b`)

// TestJobsCancelled stops a render of notebooks running side by side and
// checks that it ends soon, with status 1, leaving no page.
func TestJobsCancelled(t *testing.T) {
	needPython(t)
	dir := t.TempDir()
	for _, name := range []string{"a.ipynb", "b.ipynb", "c.ipynb"} {
		writeNotebook(t, dir, name, "python3", "python", "import time\ntime.sleep(600)")
	}
	out := filepath.Join(t.TempDir(), "site")
	ctx, cancel := context.WithCancel(context.Background())
	var stderr syncBuffer
	done := make(chan int)
	go func() {
		done <- run(ctx, []string{"-execute", "always", "-j", "3", "-o", out, dir}, io.Discard, &stderr)
	}()
	// Cancel once the first notebook's kernel runs its cell.
	deadline := time.Now().Add(2 * time.Minute)
	for !strings.Contains(stderr.String(), "a.ipynb: cell 2/2") && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	cancel()
	select {
	case code := <-done:
		if code != 1 {
			t.Errorf("exit %d, want 1", code)
		}
	case <-time.After(time.Minute):
		t.Fatal("render still runs a minute after it was stopped")
	}
	for _, name := range []string{"a", "b", "c"} {
		if _, err := os.Stat(filepath.Join(out, name+".html")); err == nil {
			t.Errorf("%s.html written by a stopped render", name)
		}
	}
	if strings.Contains(stderr.String(), "b.ipynb") {
		t.Errorf("the lines of b, which ran ahead, are shown after the stop:\n%s", stderr.String())
	}
}
