package site

import (
	"context"
	"os/exec"
	"time"

	"github.com/grundylab/grundy/pkg/report/htmlpage"
)

// An entry is one page of the site in the site's order: a page already in
// Dir, a notebook of this build, or both.
type entry struct {
	name string
	// title is the title of the page already in Dir, from its post's
	// front matter; exists reports that there is one.
	title  string
	date   time.Time
	exists bool
	// file is the notebook of this build, or "".
	file string
}

// order returns the pages of the site as the index lists them, in the
// site's Order: those in Dir and those of this build.
func (s *Site) order(k *keeper, files, names []string) []entry {
	byName := map[string]*entry{}
	posts, _ := s.posts(k, false)
	for _, p := range posts {
		byName[p.name] = &entry{name: p.name, title: p.meta.Title, date: p.meta.Date, exists: true}
	}
	for i, name := range names {
		e := byName[name]
		if e == nil {
			e = &entry{name: name}
			byName[name] = e
		}
		e.file = files[i]
	}
	out := make([]entry, 0, len(byName))
	for _, e := range byName {
		out = append(out, *e)
	}
	s.sortEntries(k, out)
	return out
}

func (e *entry) link(title string) *htmlpage.Link {
	return &htmlpage.Link{URL: PageURL(e.name), Title: title}
}

// renderAll renders the notebooks of this build in the site's order, so
// that each page links the pages before and after it that exist: a
// notebook's page is written once the next page is known, and a notebook
// that fails is no neighbour unless an earlier build left its page. The
// notebooks are prepared ahead, up to Jobs at once (see ahead); this loop
// takes them, and what they reported, one at a time in the site's order,
// so that pages and console are those of a build that ran them one after
// another. Every notebook is prepared before any page is written, so that
// a reference to a label of another page resolves (see join); others are
// the notebooks of the site not rendered, whose labels count all the same.
func (s *Site) renderAll(ctx context.Context, k *keeper, files, names []string, others []*rendered, fontURL string) []error {
	git, _ := exec.LookPath("git") // none: pages are dated by their files
	entries := s.order(k, files, names)
	pre := s.prepareAhead(ctx, git, entries)
	// Notebooks still running when the loop stops (a cancelled build)
	// are stopped, and their kernels shut down, before the build returns.
	defer pre.stop()
	var errs []error
	ready := make([]*rendered, len(entries))
	failed := make([]bool, len(entries))
	done := 0
	for i, e := range entries {
		if e.file == "" {
			continue
		}
		if err := ctx.Err(); err != nil {
			// A build stopped before every notebook is ready writes no
			// page: each stays as it was.
			return append(errs, err)
		}
		if s.Progress != nil {
			s.Progress(done, len(files), e.file)
		}
		done++
		r, err := pre.take(i)
		if err != nil {
			errs = append(errs, err)
			failed[i] = true
			continue
		}
		ready[i] = r
	}
	s.join(ready, others)
	// pending waits for its next neighbour; last is the page before the
	// one at hand.
	var pending *rendered
	var pendingExists bool
	var pendingPrev, last *htmlpage.Link
	flush := func(next *htmlpage.Link) {
		if pending == nil {
			return
		}
		if err := s.finish(ctx, k, pending, fontURL, pendingPrev, next); err != nil {
			errs = append(errs, err)
			if !pendingExists {
				last = pendingPrev // no page to link
			}
		}
		pending = nil
	}
	for i, e := range entries {
		if e.file == "" {
			link := e.link(e.title)
			flush(link)
			last = link
			continue
		}
		r := ready[i]
		if failed[i] {
			if e.exists { // its earlier page stays
				link := e.link(e.title)
				flush(link)
				last = link
			}
			continue
		}
		link := e.link(r.view.Meta.Title)
		flush(link)
		pending, pendingExists, pendingPrev = r, e.exists, last
		last = link
	}
	if ctx.Err() == nil {
		flush(nil)
	}
	if s.Progress != nil {
		s.Progress(len(files), len(files), "")
	}
	return errs
}
