package site

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/grundylab/grundy/pkg/report/bib"
	"github.com/grundylab/grundy/pkg/report/frontmatter"
	"github.com/grundylab/grundy/pkg/report/internal/boundedfile"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/siteconf"
)

// errOutside is wrapped by the error for a bibliography path that leaves
// the notebook's folder.
var errOutside = errors.New("not a file in the notebook's folder")

// bibliography reads the .bib files that the front matter of the
// notebook names ("bibliography: refs.bib", or a list), relative to its
// folder root, as one database. A file must lie in that folder or below
// it: an absolute path, one that climbs out ("../x.bib") or a link that
// leads out is not read. A file that
// cannot be read or parsed, or that is beyond bib.MaxSize with the
// others, is left out with a warning; the database is nil when no file
// is read. A notebook whose front matter names none takes its
// project's: see projectBibliography.
func bibliography(root *os.Root, nb *notebook.Notebook) (*bib.Database, []string) {
	_, front, _ := frontmatter.Find(nb) // a refused front matter names no bibliography: the view warns of it
	names := bibNames(front["bibliography"])
	if len(names) == 0 {
		return nil, nil
	}
	return readDatabase(root, names)
}

// projectBibliography reads the .bib files that the project of the
// folder dir names for documents with no bibliography of their own
// (siteconf.Bibliography), looking from dir up to top, the site's root,
// and reading through an os.Root of top, as one database.
func projectBibliography(top, dir string) (*bib.Database, []string) {
	rel, err := filepath.Rel(top, dir)
	if top == "" || err != nil || !filepath.IsLocal(rel) && rel != "." {
		return nil, nil
	}
	root, err := os.OpenRoot(top)
	if err != nil {
		return nil, []string{fmt.Sprintf("the project's bibliography: %v", err)}
	}
	defer root.Close()
	names, warnings := siteconf.Bibliography(root, filepath.ToSlash(rel))
	if len(names) == 0 {
		return nil, warnings
	}
	db, more := readDatabase(root, names)
	return db, append(warnings, more...)
}

// projectBibs holds what projectBibliography gave for each folder, so
// that the notebooks of one folder read their project's .bib files, and
// search its folders for them, once; safe for the notebooks prepared
// side by side.
type projectBibs struct {
	mu   sync.Mutex
	read map[string]*projectBib
}

// projectBib is one folder's project bibliography, read once.
type projectBib struct {
	once     sync.Once
	db       *bib.Database
	warnings []string
}

// of returns projectBibliography(top, dir), reading it at the first call
// for dir.
func (p *projectBibs) of(top, dir string) (*bib.Database, []string) {
	p.mu.Lock()
	if p.read == nil {
		p.read = map[string]*projectBib{}
	}
	b := p.read[dir]
	if b == nil {
		b = &projectBib{}
		p.read[dir] = b
	}
	p.mu.Unlock()
	b.once.Do(func() { b.db, b.warnings = projectBibliography(top, dir) })
	return b.db, b.warnings
}

// readDatabase reads the .bib files names, relative to root, as one
// database; nil when none can be read.
func readDatabase(root *os.Root, names []string) (*bib.Database, []string) {
	var data []byte
	var warnings []string
	for _, name := range names {
		b, err := readBib(root, name, bib.MaxSize-len(data))
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("bibliography %q: %v; its citations are marked as missing", name, err))
			continue
		}
		data = append(append(data, b...), '\n')
	}
	if data == nil {
		return nil, warnings
	}
	db, err := bib.Parse(data)
	if err != nil {
		return nil, append(warnings, fmt.Sprintf("bibliography %q: %v; its citations are marked as missing", strings.Join(names, ", "), err))
	}
	for _, w := range db.Warnings() {
		warnings = append(warnings, "bibliography: "+w)
	}
	return db, warnings
}

// maxBibFiles is the number of files a bibliography may name.
const maxBibFiles = 16

// bibNames returns the file names a front matter's bibliography field
// gives: a string or a list of strings.
func bibNames(v any) []string {
	var names []string
	switch v := v.(type) {
	case string:
		names = []string{v}
	case []any:
		for _, x := range v {
			if s, ok := x.(string); ok {
				names = append(names, s)
			}
		}
	}
	return names[:min(len(names), maxBibFiles)]
}

// readBib reads the file name, relative to the notebook's folder root,
// of at most limit bytes. The root keeps it in that folder, however the
// name climbs or its links lead.
func readBib(root *os.Root, name string, limit int) ([]byte, error) {
	if name == "" || strings.HasPrefix(name, "/") {
		return nil, errOutside
	}
	f, err := root.Open(filepath.FromSlash(name))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errOutside, err)
	}
	defer f.Close()
	b, err := boundedfile.ReadRegular(f, int64(limit))
	if e, ok := errors.AsType[*boundedfile.TooLargeError](err); ok {
		return nil, fmt.Errorf("%w; a notebook's bibliographies may have %d bytes in all", e, bib.MaxSize)
	}
	if errors.Is(err, boundedfile.ErrNotRegular) {
		return nil, errOutside
	}
	return b, err
}

// topFolder returns the deepest folder that holds every file of files,
// as an absolute path: the site's root, the highest folder a notebook's
// project settings are looked for in; "" if a path cannot be made
// absolute.
func topFolder(files []string) string {
	top := ""
	for i, f := range files {
		abs, err := filepath.Abs(f)
		if err != nil {
			return ""
		}
		dir := filepath.Dir(abs)
		if i == 0 {
			top = dir
			continue
		}
		for {
			if rel, err := filepath.Rel(top, dir); err == nil && (rel == "." || filepath.IsLocal(rel)) {
				break
			}
			up := filepath.Dir(top)
			if up == top {
				break
			}
			top = up
		}
	}
	return top
}
