package site

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/grundylab/grundy/internal/notebooktest"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// slowExecutor runs a notebook by sleeping, reporting events through its
// site's Report as execute.Executor's progress does. A notebook whose name
// holds "fail" fails; delay gives each notebook's sleep.
type slowExecutor struct {
	s     *Site
	delay func(path string) time.Duration
	// running counts the notebooks being run; most is the largest count
	// seen, and ended the runs that returned.
	running, most, ended atomic.Int32
	// meet, if set, is waited for by every run before it sleeps.
	meet func(ctx context.Context) error
}

func (x *slowExecutor) Execute(ctx context.Context, path string, nb *notebook.Notebook) (*notebook.Notebook, error) {
	n := x.running.Add(1)
	defer x.ended.Add(1)
	defer x.running.Add(-1)
	for {
		m := x.most.Load()
		if n <= m || x.most.CompareAndSwap(m, n) {
			break
		}
	}
	name := filepath.Base(path)
	x.s.Report(path, func() { x.s.warn("%s: starting", name) })
	if x.meet != nil {
		if err := x.meet(ctx); err != nil {
			return nil, err
		}
	}
	for step := range 3 {
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("execute %s: %w", path, ctx.Err())
		case <-time.After(x.delay(path) / 3):
		}
		x.s.Report(path, func() { x.s.warn("%s: step %d", name, step) })
	}
	if strings.Contains(name, "fail") {
		return nil, fmt.Errorf("execute %s: cell 1: %w", path, errors.New("it fails"))
	}
	out := nb.Clone()
	count := 1
	out.Cells = append(out.Cells, &notebook.Cell{Type: notebook.Code, Source: "run()", ExecutionCount: &count,
		Outputs: []*notebook.Output{{Type: notebook.Stream, Name: "stdout", Text: name + " ran\n"}}})
	return out, nil
}

// writeNotebooks writes notebooks of the given names into a new folder;
// each has a link to a missing image, which its page warns about.
func writeNotebooks(t *testing.T, names ...string) string {
	t.Helper()
	src := t.TempDir()
	for _, name := range names {
		notebooktest.WriteMarkdown(t, filepath.Join(src, name+".ipynb"), "# Page "+name, "![a figure](missing-"+name+".png)")
	}
	return src
}

// build builds src into a new folder with Jobs set to jobs and the math
// font file font and returns
// what it reported, one line each, the folder and the error.
func build(t *testing.T, src, font string, jobs int, delay func(string) time.Duration) (reported []string, out string, err error) {
	t.Helper()
	out = t.TempDir()
	var mu sync.Mutex
	s := &Site{Dir: out, MathFont: font, Jobs: jobs}
	s.Warn = func(m string) {
		mu.Lock()
		defer mu.Unlock()
		reported = append(reported, "warning: "+strings.ReplaceAll(m, src, "SRC"))
	}
	s.Progress = func(done, total int, path string) {
		mu.Lock()
		defer mu.Unlock()
		reported = append(reported, fmt.Sprintf("[%d/%d] %s", done, total, filepath.Base(path)))
	}
	s.Executor = &slowExecutor{s: s, delay: delay}
	err = s.Build(context.Background(), []string{src})
	return reported, out, err
}

// TestJobsSameAsOne checks that a build running notebooks side by side
// writes the pages, reports the lines and returns the errors of one that
// runs them one at a time, though the later notebooks finish first, and
// one among them fails.
func TestJobsSameAsOne(t *testing.T) {
	names := []string{"a", "b", "c", "d-fail", "e", "f"}
	src := writeNotebooks(t, names...)
	// The first notebooks take longest, so that the later ones, run
	// ahead, finish before them.
	delay := func(path string) time.Duration {
		i := slices.Index(names, strings.TrimSuffix(filepath.Base(path), ".ipynb"))
		return time.Duration(len(names)-i) * 20 * time.Millisecond
	}
	font := noFont(t)
	one, oneOut, oneErr := build(t, src, font, 1, delay)
	if oneErr == nil || !strings.Contains(oneErr.Error(), "d-fail.ipynb: cell 1: it fails") {
		t.Fatalf("one at a time: error %v, want d-fail's", oneErr)
	}
	for _, jobs := range []int{2, 4, 16} {
		many, manyOut, manyErr := build(t, src, font, jobs, delay)
		if !slices.Equal(one, many) {
			t.Errorf("-j %d reports\n%s\nwant, as -j 1,\n%s", jobs, strings.Join(many, "\n"), strings.Join(one, "\n"))
		}
		if manyErr == nil || manyErr.Error() != oneErr.Error() {
			t.Errorf("-j %d: error %v, want %v", jobs, manyErr, oneErr)
		}
		for _, name := range []string{"a", "b", "c", "e", "f"} {
			for _, ext := range []string{".html", ".md"} {
				want, err := os.ReadFile(filepath.Join(oneOut, name+ext))
				if err != nil {
					t.Fatal(err)
				}
				got, err := os.ReadFile(filepath.Join(manyOut, name+ext))
				if err != nil {
					t.Fatalf("-j %d: %v", jobs, err)
				}
				if string(got) != string(want) {
					t.Errorf("-j %d: %s%s differs from -j 1's", jobs, name, ext)
				}
			}
		}
		if _, err := os.Stat(filepath.Join(manyOut, "d-fail.html")); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("-j %d: the failing notebook has a page (%v)", jobs, err)
		}
	}
	if !slices.Contains(one, "warning: a.ipynb: step 2") || !slices.ContainsFunc(one, func(l string) bool { return strings.Contains(l, "missing-a.png") }) {
		t.Errorf("the lines lack the executor's report or the page's warning:\n%s", strings.Join(one, "\n"))
	}
}

// TestJobsBound checks that no more notebooks than Jobs run at once.
func TestJobsBound(t *testing.T) {
	src := writeNotebooks(t, "a", "b", "c", "d", "e", "f", "g")
	out := t.TempDir()
	s := &Site{Dir: out, MathFont: noFont(t), Jobs: 3}
	x := &slowExecutor{s: s, delay: func(string) time.Duration { return 30 * time.Millisecond }}
	s.Executor = x
	if err := s.Build(context.Background(), []string{src}); err != nil {
		t.Fatal(err)
	}
	if m := x.most.Load(); m > 3 || m < 2 {
		t.Errorf("%d notebooks ran at once with Jobs 3", m)
	}
}

// TestJobsRunTogether checks that two notebooks run at the same time with
// Jobs 2: each run waits, up to a minute, for the other to start, so that
// a build running them one after the other fails. Two sleeping kernels
// then take the time of one.
func TestJobsRunTogether(t *testing.T) {
	src := writeNotebooks(t, "a", "b")
	s := &Site{Dir: t.TempDir(), MathFont: noFont(t), Jobs: 2}
	var arrived sync.WaitGroup
	arrived.Add(2)
	both := make(chan struct{})
	go func() { arrived.Wait(); close(both) }()
	x := &slowExecutor{s: s, delay: func(string) time.Duration { return 0 }}
	x.meet = func(ctx context.Context) error {
		arrived.Done()
		select {
		case <-both:
			return nil
		case <-time.After(time.Minute):
			return errors.New("the other notebook did not start within a minute: the two ran one after the other")
		}
	}
	s.Executor = x
	if err := s.Build(context.Background(), []string{src}); err != nil {
		t.Fatal(err)
	}
}

// TestJobsCancel checks that a build stopped while notebooks run side by
// side returns once every run has ended, writes no page of theirs, and
// reports the stop.
func TestJobsCancel(t *testing.T) {
	src := writeNotebooks(t, "a", "b", "c", "d")
	out := t.TempDir()
	s := &Site{Dir: out, MathFont: noFont(t), Jobs: 3}
	x := &slowExecutor{s: s, delay: func(string) time.Duration { return time.Hour }}
	s.Executor = x
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for x.running.Load() < 3 {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	err := s.Build(ctx, []string{src})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want one wrapping context.Canceled", err)
	}
	if n := x.running.Load(); n != 0 {
		t.Errorf("%d runs still going after Build returned", n)
	}
	if n := x.ended.Load(); n != 3 {
		t.Errorf("%d runs ended, want the 3 started", n)
	}
	for _, name := range []string{"a", "b", "c", "d"} {
		if _, err := os.Stat(filepath.Join(out, name+".html")); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s.html written by a cancelled build (%v)", name, err)
		}
	}
}

// BenchmarkJobs builds four notebooks whose runs each sleep 20 ms, one at
// a time and four at once.
func BenchmarkJobs(b *testing.B) {
	for _, jobs := range []int{1, 4} {
		b.Run(fmt.Sprintf("j%d", jobs), func(b *testing.B) {
			src := b.TempDir()
			for _, name := range []string{"a", "b", "c", "d"} {
				notebooktest.WriteMarkdown(b, filepath.Join(src, name+".ipynb"), "# Page "+name)
			}
			for b.Loop() {
				s := &Site{Dir: b.TempDir(), MathFont: filepath.Join(b.TempDir(), "missing.otf"), Jobs: jobs}
				s.Executor = &slowExecutor{s: s, delay: func(string) time.Duration { return 20 * time.Millisecond }}
				if err := s.Build(context.Background(), []string{src}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestStartOrder checks the order in which notebooks start: side by side,
// the most code cells first, ties and unreadable notebooks in the site's
// order; one at a time, the site's order.
func TestStartOrder(t *testing.T) {
	src := t.TempDir()
	cells := map[string]int{"a": 1, "b": 3, "c": 2, "d": 3, "e": 0}
	var entries []entry
	for _, name := range []string{"a", "b", "c", "", "d", "e", "broken"} {
		if name == "" {
			entries = append(entries, entry{name: "elsewhere", exists: true})
			continue
		}
		path := filepath.Join(src, name+".ipynb")
		nb := notebook.New()
		nb.Cells = append(nb.Cells, &notebook.Cell{Type: notebook.Markdown, Source: "# " + name})
		for i := range cells[name] {
			nb.Cells = append(nb.Cells, &notebook.Cell{Type: notebook.Code, Source: fmt.Sprintf("x := %d", i)})
		}
		// A blank code cell runs nothing and counts for nothing.
		nb.Cells = append(nb.Cells, &notebook.Cell{Type: notebook.Code, Source: " \n"})
		if name == "broken" {
			if err := os.WriteFile(path, []byte("{"), 0o644); err != nil {
				t.Fatal(err)
			}
		} else if err := notebook.WriteFile(path, nb); err != nil {
			t.Fatal(err)
		}
		entries = append(entries, entry{name: name, file: path})
	}
	for _, tt := range []struct {
		jobs int
		want []int
	}{
		{1, []int{0, 1, 2, 3, 4, 5, 6}},
		{2, []int{1, 4, 2, 0, 3, 5, 6}},
		{4, []int{1, 4, 2, 0, 3, 5, 6}},
	} {
		s := &Site{Jobs: tt.jobs}
		if got := s.startOrder(entries); !slices.Equal(got, tt.want) {
			t.Errorf("Jobs %d: start order %v, want %v", tt.jobs, got, tt.want)
		}
	}
}
