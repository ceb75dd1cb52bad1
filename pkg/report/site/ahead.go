package site

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/textnotebook"
)

// prepared is the outcome of preparing one notebook.
type prepared struct {
	r   *rendered
	err error
}

// ahead prepares the notebooks of a build, up to Jobs at once and started
// in the site's order, while the build writes the pages of the ones before
// them. What a notebook reports while it is prepared ahead of its turn is
// kept (see turns) until take reaches it.
type ahead struct {
	s       *Site
	files   []string        // by entry; "" for an entry with no notebook
	results []chan prepared // by entry; nil for an entry with no notebook
	cancel  context.CancelFunc
	wg      sync.WaitGroup
}

// prepareAhead starts preparing the notebooks of entries.
func (s *Site) prepareAhead(ctx context.Context, git string, entries []entry) *ahead {
	ctx, cancel := context.WithCancel(ctx)
	a := &ahead{s: s, files: make([]string, len(entries)), results: make([]chan prepared, len(entries)), cancel: cancel}
	for i, e := range entries {
		if e.file != "" {
			a.files[i], a.results[i] = e.file, make(chan prepared, 1)
			// Held from the start, so that take, which releases it,
			// cannot come before it is held.
			s.turns.hold(e.file)
		}
	}
	slots := make(chan struct{}, max(s.Jobs, 1))
	a.wg.Add(1)
	go func() {
		defer a.wg.Done()
		for _, i := range s.startOrder(entries) {
			e := entries[i]
			if e.file == "" {
				continue
			}
			// Every notebook gets an outcome, so that take never waits
			// for one that will not start.
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				a.results[i] <- prepared{err: fmt.Errorf("notebook %s: %w", e.file, context.Cause(ctx))}
				continue
			}
			a.wg.Add(1)
			go func() {
				defer a.wg.Done()
				r, err := s.prepare(ctx, git, e.file, e.name)
				<-slots
				a.results[i] <- prepared{r, err}
			}()
		}
	}()
	return a
}

// startOrder returns the order in which the notebooks of entries start
// being prepared, as indexes into entries: the site's order, or, with
// Jobs above one, the notebooks with the most code cells first, ties in
// the site's order, so that a long run does not start last and leave one
// kernel working alone at the end. A notebook that cannot be read counts
// no cells; prepare reports it.
func (s *Site) startOrder(entries []entry) []int {
	order := make([]int, len(entries))
	for i := range order {
		order[i] = i
	}
	if s.Jobs <= 1 {
		return order
	}
	cells := make([]int, len(entries))
	for i, e := range entries {
		if e.file == "" {
			continue
		}
		if f, err := textnotebook.ReadFile(e.file); err == nil {
			for _, c := range f.Notebook.Cells {
				if c.Type == notebook.Code && strings.TrimSpace(c.Source) != "" {
					cells[i]++
				}
			}
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(cells[b], cells[a]) })
	return order
}

// take returns the prepared notebook of entry i once it is ready. What
// the notebook reported before its turn is shown first; what it reports
// from then on is shown at once.
func (a *ahead) take(i int) (*rendered, error) {
	a.s.turns.release(a.files[i])
	p := <-a.results[i]
	return p.r, p.err
}

// stop stops the notebooks still being prepared and waits for them to
// end: their kernels are shut down by then. What they reported is dropped,
// as a build that ran them one after another would not have run them.
func (a *ahead) stop() {
	a.cancel()
	a.wg.Wait()
	for _, f := range a.files {
		if f != "" {
			a.s.turns.drop(f)
		}
	}
}

// turns keeps what a notebook prepared ahead of its turn reports (its
// warnings, and the events of its run, through Site.Report) until its turn
// comes, so that a build shows the notebooks' reports in the site's order.
type turns struct {
	mu   sync.Mutex
	held map[string][]func() // by notebook file; an empty list is held too
}

// hold keeps what the notebook file reports from now on.
func (t *turns) hold(file string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.held == nil {
		t.held = map[string][]func(){}
	}
	t.held[file] = []func(){}
}

// do calls f now, or keeps it if file is held.
func (t *turns) do(file string, f func()) {
	t.mu.Lock()
	if q, ok := t.held[file]; ok {
		t.held[file] = append(q, f)
		t.mu.Unlock()
		return
	}
	t.mu.Unlock()
	f()
}

// release calls, in order, what file's notebook reported while held,
// including what it reports while they are called, and then holds it no
// more.
func (t *turns) release(file string) {
	for {
		t.mu.Lock()
		q, ok := t.held[file]
		if !ok || len(q) == 0 {
			delete(t.held, file)
			t.mu.Unlock()
			return
		}
		t.held[file] = []func(){}
		t.mu.Unlock()
		for _, f := range q {
			f()
		}
	}
}

// drop forgets what file's notebook reported while held.
func (t *turns) drop(file string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.held, file)
}

// Report calls f, which shows something the notebook file reports (an
// event of its run), at once; or, in a build that prepares notebooks side
// by side (Jobs above one), when that notebook's turn comes, so that what a
// build shows comes in the notebooks' order, as if they had run one after
// another. file is the path the build passes to the Executor. An
// Executor's progress callback calls it:
//
//	x.Progress = func(p execute.Progress) { s.Report(p.Notebook, func() { printer.Progress(p) }) }
func (s *Site) Report(file string, f func()) {
	s.turns.do(file, f)
}
