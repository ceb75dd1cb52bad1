package site

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/authoring"
	"github.com/grundylab/grundy/pkg/report/htmlpage"
	"github.com/grundylab/grundy/pkg/report/markdown"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/runrecord"
	"github.com/grundylab/grundy/pkg/report/siteconf"
	"github.com/grundylab/grundy/pkg/report/textnotebook"
)

// An Executor runs a notebook's code cells and returns the notebook with
// their fresh outputs. path is the notebook's file, whose folder is the
// working directory of its code. Its errors are reported as they are, so
// they should name the notebook and the cell that failed.
type Executor interface {
	Execute(ctx context.Context, path string, nb *notebook.Notebook) (*notebook.Notebook, error)
}

// A cellError names the cell of a notebook whose run failed, as
// execute.CellError does: a text notebook's is shown at its line.
type cellError interface {
	error
	FailedCell() int
}

// A Site renders notebooks into the folder Dir.
type Site struct {
	// Dir is the output folder, created if missing. A build writes into
	// it only files of its own (see the package documentation).
	Dir string
	// Shared lets Dir hold files render did not write, or be the folder
	// of the notebooks: a build then writes beside them, and still
	// deletes and overwrites none of them.
	Shared bool
	// Title is the index page's title; empty means "Writeups".
	Title string
	// Trust keeps raw HTML in the notebooks of this build as it is, on
	// their own pages, instead of sanitising it. The index is never
	// trusted: it shows every page's summary sanitised.
	Trust bool
	// Executor runs each notebook before rendering; nil renders the
	// outputs stored in the notebooks.
	Executor Executor
	// MathFont is the Latin Modern Math file to ship; empty means
	// DefaultMathFont.
	MathFont string
	// Progress, if set, is called before each notebook is rendered.
	Progress func(done, total int, path string)
	// MaxOutput is the number of bytes of text one output keeps on a
	// page; zero means report.DefaultMaxOutput (see report.ViewOptions).
	MaxOutput int
	// Warn, if set, receives warnings such as a missing math font, or
	// content of a notebook that was odd but shown.
	Warn func(msg string)
	// PDF, if set, prints each page to NAME.pdf beside it.
	PDF Printer
	// Program names the command in the command line that a page's
	// provenance gives to make it again; empty means "render".
	Program string
	// URL is the site's absolute URL, ending in "/" (see
	// siteconf.ParseURL); "" for none. With one, each page names its own
	// (Open Graph's og:url) and the site has an Atom feed, feed.xml.
	URL string
	// Description says what the site is about, on the index and in the
	// feed.
	Description string
	// Authors are the authors of a page whose notebook names none.
	Authors []string
	// Order orders the index and the links between pages: by name (the
	// zero value), by date, newest first, or as Pages lists them.
	Order siteconf.Order
	// Pages are the notebook files of a siteconf.Listed order, in order;
	// a notebook is matched by its path without the extension.
	Pages []string
	// Stylesheet is the site's own CSS, shipped as StylesheetFile and
	// linked from every page after its own style; nil for none.
	Stylesheet []byte
	// Jobs is the number of notebooks run and made ready at once, each
	// in a kernel of its own; zero means one at a time. The pages are
	// written one at a time, in the index's order, and what the build
	// reports through Progress, Warn and Report comes in that order too,
	// each notebook's together, as if they had run one after another.
	Jobs int

	turns turns // what notebooks running ahead of their turn report
	// top is the folder holding all the build's notebooks, the highest
	// in which a notebook's project bibliography is looked for.
	top string
	// notebooks are the absolute paths of the notebooks the build's
	// paths name, whose pages a link to their files leads to.
	notebooks map[string]bool
	// projectBibs holds the bibliography of each folder's project, read
	// once a build: the notebooks of a project share it.
	projectBibs projectBibs
	// chapters are the chapters of Quarto books, by their notebooks'
	// absolute paths, and books the folders of those books (numberBooks).
	chapters map[string]*authoring.Chapter
	// crossrefs are the crossref options of the books' notebooks, by
	// file, as chapters.
	crossrefs map[string]*authoring.Crossref
	books     map[string]bool
}

// A Printer prints pages to PDF.
type Printer interface {
	// Print returns the PDF of the page in the file page, whose relative
	// links (the math font) resolve beside it.
	Print(ctx context.Context, page string) ([]byte, error)
}

// tmpPrefix starts the names of the temporary files and folders a build
// makes in Dir; those left by a build that was killed are removed by the
// next.
const tmpPrefix = ".render-tmp-"

// Build renders every notebook the paths name (see Notebooks) into pages
// named by PageNames, ships the math font and rewrites the index. A
// notebook that fails does not stop the others; the error joins the
// failures. Build holds a lock on Dir throughout, so a second build into
// the same folder, from this process or another, waits for the first.
func (s *Site) Build(ctx context.Context, paths []string) error {
	return s.Rebuild(ctx, paths, nil)
}

// Rebuild is Build rendering only the notebooks in changed, among those
// the paths name, as render -serve does when one is saved: the pages keep
// the names they have among all of them. A nil changed renders them all;
// an empty one only rewrites the index. The pages of the others, and
// their links, stay as they are.
func (s *Site) Rebuild(ctx context.Context, paths, changed []string) error {
	files, paired, err := notebookFiles(paths)
	if err != nil {
		return err
	}
	for _, p := range paired {
		s.warn("notebook %s: paired with %s, which is rendered: it holds the outputs", p[0], p[1])
	}
	names, err := PageNames(files)
	if err != nil {
		return err
	}
	s.top = topFolder(files)
	s.notebooks = map[string]bool{}
	s.projectBibs = projectBibs{}
	for _, f := range files {
		if abs, err := filepath.Abs(f); err == nil {
			s.notebooks[abs] = true
		}
	}
	s.numberBooks(files)
	if err := os.MkdirAll(s.Dir, 0o755); err != nil {
		return err
	}
	unlock, err := lockDir(ctx, s.Dir, func() { s.warn("waiting for another render into %s to finish", s.Dir) })
	if err != nil {
		return err
	}
	defer unlock()
	s.removeStale()
	k, err := openKeeper(s.Dir, s.warn)
	if err != nil {
		return err
	}
	defer k.close()
	if err := s.checkFolder(k, files); err != nil {
		return err
	}
	if err := s.removeGone(k, paths, files, names); err != nil {
		return err
	}
	// The notebooks a Rebuild does not render still lend their labels to
	// those it does.
	var others []*rendered
	if changed != nil {
		keep := map[string]bool{}
		for _, c := range changed {
			keep[filepath.Clean(c)] = true
		}
		var f, n, of, on []string
		for i := range files {
			if keep[filepath.Clean(files[i])] {
				f, n = append(f, files[i]), append(n, names[i])
			} else {
				of, on = append(of, files[i]), append(on, names[i])
			}
		}
		for i := range of {
			if len(f) == 0 {
				break // nothing rendered refers to them
			}
			if r := s.labelsOf(of[i], on[i]); r != nil {
				others = append(others, r)
			}
		}
		files, names = f, n
	}
	fontURL, err := s.shipFont(k)
	if err != nil {
		return err
	}
	if err := s.shipStylesheet(k); err != nil {
		return fmt.Errorf("stylesheet: %w", err)
	}
	errs := s.renderAll(ctx, k, files, names, others, fontURL)
	if err := s.writeIndex(k, fontURL); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

func (s *Site) warn(format string, args ...any) {
	if s.Warn != nil {
		s.Warn(fmt.Sprintf(format, args...))
	}
}

// warnAbout warns, through Report, about the notebook file being prepared.
func (s *Site) warnAbout(file, format string, args ...any) {
	if s.Warn != nil {
		msg := fmt.Sprintf(format, args...)
		s.Report(file, func() { s.Warn(msg) })
	}
}

// removeStale removes what a build that was killed left in Dir: it held
// the lock, which this build now holds, so nothing else uses them.
func (s *Site) removeStale() {
	for _, dir := range []string{s.Dir, filepath.Join(s.Dir, AssetsDir)} {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), tmpPrefix) {
				if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
					s.warn("cannot remove %s left by an earlier render: %v", e.Name(), err)
				}
			}
		}
	}
}

// rendered is a notebook made ready for its page: all but the links to
// its neighbours, which wait until it is known which pages exist.
type rendered struct {
	path, name string
	file       *textnotebook.File
	view       *report.View
}

// place names a notebook's cell for a message: the file and the cell's
// line in a text notebook, the file alone in an .ipynb.
func place(f *textnotebook.File, cell int) string {
	if at := f.Line(cell); at != "" {
		return at
	}
	return f.Path
}

// prepare reads a notebook, runs it if the site has an Executor, and
// makes its view, with its date and provenance.
func (s *Site) prepare(ctx context.Context, git, path, name string) (*rendered, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	f, err := textnotebook.ReadFile(path)
	if err != nil {
		return nil, err // names the file
	}
	for _, w := range f.Warnings {
		s.warnAbout(path, "notebook %s", w)
	}
	nb := f.Notebook
	// A record of a run that the notebook brought along is not believed:
	// only the Executor makes one.
	delete(nb.Metadata, runrecord.Key)
	if s.Executor != nil {
		if nb, err = s.Executor.Execute(ctx, path, nb); err != nil {
			// A text notebook's failing cell is shown at its line.
			if ce, ok := errors.AsType[cellError](err); ok && f.Line(ce.FailedCell()) != "" {
				return nil, fmt.Errorf("%s: %w", f.Line(ce.FailedCell()), err)
			}
			return nil, err
		}
	}
	var g gitFile
	inGit := false
	if git != "" {
		g, inGit = gitInfo(ctx, git, path)
	}
	// The date of a notebook whose metadata has none: its last commit's,
	// which a fresh clone keeps, else the file's.
	date := info.ModTime()
	if g.Commit != "" {
		date = g.Date
	}
	// The files its Markdown links to are read from its folder, and
	// through os.Root from nowhere else.
	local, err := os.OpenRoot(filepath.Dir(path))
	if err != nil {
		return nil, fmt.Errorf("notebook %s: %w", path, err)
	}
	defer local.Close()
	db, bibWarnings := bibliography(local, nb)
	if db == nil && len(bibWarnings) == 0 {
		abs, err := filepath.Abs(path)
		if err == nil {
			db, bibWarnings = s.projectBibs.of(s.top, filepath.Dir(abs))
		}
	}
	for _, w := range bibWarnings {
		s.warnAbout(path, "notebook %s: %s", path, w)
	}
	// A notebook with no title of its own is titled by its file name, or
	// by its page name if the file name is just ".ipynb".
	v, err := report.NewView(nb, report.ViewOptions{
		Name: name, Title: cmp.Or(Name(path), name), ModTime: date,
		Trust: s.Trust, MaxOutput: s.MaxOutput, Local: local.FS(), Bibliography: db,
		Notebooks: s.isNotebook(path), Chapter: s.chapterOf(path), Crossref: s.crossrefOf(path),
	})
	if err != nil {
		return nil, fmt.Errorf("notebook %s: %w", path, err)
	}
	v.Provenance = s.provenance(path, nb, g, inGit)
	if len(v.Meta.Authors) == 0 {
		v.Meta.Authors = s.Authors
	}
	return &rendered{path: path, name: name, file: f, view: v}, nil
}

// finish writes a prepared notebook's files, with the links to its
// neighbours, and its PDF when the site prints. The view's warnings are
// shown first: joined to the site's other pages, it no longer warns of
// references to them.
func (s *Site) finish(ctx context.Context, k *keeper, r *rendered, fontURL string, prev, next *htmlpage.Link) error {
	path := r.path
	for _, w := range r.view.Warnings {
		s.warn("notebook %s: %s", place(r.file, w.Cell), w)
	}
	post := markdown.Render(r.view)
	page, err := htmlpage.Render(r.view, htmlpage.Options{
		MathFont: fontURL, Home: "index.html", Prev: prev, Next: next,
		Stylesheet: s.stylesheetURL(), URL: s.pageURL(r.name),
		Warn: func(cell int, msg string) { s.warn("notebook %s: cell %d: %s", place(r.file, cell), cell, msg) },
	})
	if err != nil {
		return fmt.Errorf("notebook %s: %w", path, err)
	}
	var pdf []byte
	if s.PDF != nil {
		// A page that cannot be printed (too large, too slow, too
		// costly for the browser) is still a page: it and its post are
		// written, without a PDF; one printed without what it refers to
		// outside the site is written with a warning.
		pdf, err = s.print(ctx, page, filepath.Join(s.Dir, r.name+".html"))
		switch {
		case err != nil && ctx.Err() != nil:
			return fmt.Errorf("notebook %s: printing to PDF: %w", path, err)
		case err != nil && pdf == nil:
			s.warn("notebook %s: no PDF: %v", path, err)
		case err != nil:
			s.warn("notebook %s: %v", path, err)
		}
	}
	// A run stopped while this notebook rendered leaves its pages as they
	// were.
	if err := context.Cause(ctx); err != nil {
		return fmt.Errorf("notebook %s: %w", path, err)
	}
	if err := s.write(k, r.path, r.name, post, page, pdf); err != nil {
		return fmt.Errorf("notebook %s: writing: %w", path, err)
	}
	return nil
}

// print prints a page through a temporary file in Dir, where the page's
// relative link to the math font resolves as it will for the page. What
// the printer says of that file is said of the page's file, name: the
// reader knows the page, not its temporary copy.
func (s *Site) print(ctx context.Context, page []byte, name string) ([]byte, error) {
	f, err := os.CreateTemp(s.Dir, tmpPrefix+"*.html")
	if err != nil {
		return nil, err
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(page); err != nil {
		f.Close()
		return nil, err
	}
	if err := f.Close(); err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(f.Name())
	if err != nil {
		return nil, err
	}
	data, err := s.PDF.Print(ctx, abs)
	if err != nil {
		err = &renamedError{err: err, msg: strings.NewReplacer(abs, name, f.Name(), name).Replace(err.Error())}
	}
	return data, err
}

// A renamedError is err said of another file: its message names the file
// otherwise, and errors.Is and errors.As see err.
type renamedError struct {
	err error
	msg string
}

func (e *renamedError) Error() string { return e.msg }
func (e *renamedError) Unwrap() error { return e.err }
