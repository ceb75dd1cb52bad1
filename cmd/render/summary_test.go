package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/report/jupyter/execute"
)

func TestSummaryString(t *testing.T) {
	tests := []struct {
		s    summary
		want string
	}{
		{summary{Notebooks: 9, Pages: 9, Executed: true, Ran: 2, Cached: 7, Index: "site/index.html", Elapsed: 184234 * time.Millisecond},
			"render: 9 pages written in 3m4.2s (2 notebooks run, 7 from the cache, no warnings); open site/index.html"},
		{summary{Notebooks: 1, Pages: 1, Executed: true, Ran: 1, Warnings: 1, Index: "out/index.html", Elapsed: 1234567 * time.Microsecond},
			"render: 1 page written in 1.2s (1 notebook run, 0 from the cache, 1 warning); open out/index.html"},
		{summary{Notebooks: 3, Pages: 2, Executed: true, Ran: 1, Cached: 1, Warnings: 4, Index: "site/index.html", Elapsed: 12345 * time.Microsecond},
			"render: 2 of 3 pages written in 12ms (1 notebook failed, 1 notebook run, 1 from the cache, 4 warnings); open site/index.html"},
		{summary{Notebooks: 2, Pages: 2, Index: "site/index.html", Elapsed: 80 * time.Millisecond},
			"render: 2 pages written in 80ms (stored outputs, nothing run, no warnings); open site/index.html"},
		{summary{Elapsed: time.Millisecond, Executed: true},
			"render: 0 pages written in 1ms (0 notebooks run, 0 from the cache, no warnings)"},
	}
	for _, tt := range tests {
		if got := tt.s.String(); got != tt.want {
			t.Errorf("got  %s\nwant %s", got, tt.want)
		}
	}
}

func TestSummaryCount(t *testing.T) {
	var c counter
	for _, e := range []execute.Event{execute.Starting, execute.CellStarted, execute.CellFinished, execute.Finished, execute.Cached, execute.Cached, execute.Warning} {
		c.count(e)
	}
	var s summary
	c.add(&s)
	if s.Ran != 1 || s.Cached != 2 || s.Warnings != 1 {
		t.Errorf("counted %d run, %d cached, %d warnings", s.Ran, s.Cached, s.Warnings)
	}
}

// summaryLine matches the summary render ends with.
var summaryLine = regexp.MustCompile(`^render: (?:(\d+) of )?(\d+) pages? written in [0-9.]+m?s \((?:(\d+) notebooks? failed, )?(.*), (no|\d+) warnings?\)(?:; open (.*))?$`)

// TestRunSummary checks the summary against what render did: the pages
// whose files changed, the warning lines it printed, the notebook that
// failed and the index.
func TestRunSummary(t *testing.T) {
	src := notebooks(t, "math.ipynb", "code.ipynb")
	out := filepath.Join(t.TempDir(), "site")
	check := func(args []string, wantCode, wantPages, wantFailed int) {
		t.Helper()
		var stderr bytes.Buffer
		if code := run(context.Background(), args, io.Discard, &stderr); code != wantCode {
			t.Fatalf("exit %d, want %d:\n%s", code, wantCode, stderr.String())
		}
		lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
		m := summaryLine.FindStringSubmatch(lines[len(lines)-1])
		if m == nil {
			t.Fatalf("no summary at the end:\n%s", stderr.String())
		}
		warnings := strings.Count(stderr.String(), "\nwarning: ")
		if strings.HasPrefix(stderr.String(), "warning: ") {
			warnings++
		}
		pages, _ := strconv.Atoi(m[2])
		if m[1] != "" {
			pages, _ = strconv.Atoi(m[1])
		}
		failed, _ := strconv.Atoi(m[3])
		said := 0
		if m[5] != "no" {
			said, _ = strconv.Atoi(m[5])
		}
		if pages != wantPages || failed != wantFailed || said != warnings || m[4] != "stored outputs, nothing run" || m[6] != filepath.Join(out, "index.html") {
			t.Errorf("summary %q: want %d pages, %d failed, %d warnings", lines[len(lines)-1], wantPages, wantFailed, warnings)
		}
	}
	check([]string{"-o", out, "-execute", "never", src}, 0, 2, 0)
	if err := os.WriteFile(filepath.Join(src, "broken.ipynb"), []byte(`{"nbformat": 4}`), 0o644); err != nil {
		t.Fatal(err)
	}
	check([]string{"-o", out, "-execute", "never", src}, 1, 2, 1)
}
