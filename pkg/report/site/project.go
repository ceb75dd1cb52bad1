package site

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/authoring"
	"github.com/grundylab/grundy/pkg/report/siteconf"
	"github.com/grundylab/grundy/pkg/report/textnotebook"
)

// join makes the labels of each notebook known to the others of its
// project before any page is written, so that a reference to a label
// another notebook defines links to that page and reads as the target
// reads there (authoring.Project). A project is the notebooks under the
// nearest folder holding a project's settings (_quarto.yml, myst.yml or
// Jupyter Book's _config.yml), up to the build's top folder; the
// notebooks outside any such folder are one project. A label two
// notebooks of a project define is warned of, naming both, and names
// neither from a third. The notebooks of a Quarto book resolve one
// another's references in Quarto's form too (numberBooks). ready holds nil for a notebook that failed; the
// labels of others, notebooks not rendered, count as theirs.
func (s *Site) join(ready, others []*rendered) {
	projects := map[string]*authoring.Project{}
	all := slices.Concat(ready, others)
	of := make([]*authoring.Project, len(all))
	for i, r := range all {
		if r == nil {
			continue
		}
		key := s.projectFolder(r.path)
		if projects[key] == nil {
			projects[key] = authoring.NewProject()
			projects[key].Book = s.books[key]
		}
		of[i] = projects[key]
		pg := authoring.Page{Name: r.path, URL: address(r.name + ".html"), Post: address(r.name + ".md"), Title: r.view.Meta.Title}
		if abs, err := filepath.Abs(r.path); err == nil {
			if rel, err := filepath.Rel(cmp.Or(key, s.top), abs); err == nil && filepath.IsLocal(rel) {
				pg.File = filepath.ToSlash(rel)
			}
		}
		for _, msg := range of[i].Add(pg, r.view.Index) {
			s.warn("notebook %s: %s", r.path, msg)
		}
	}
	for i, r := range ready {
		if r != nil {
			r.view.Join(of[i], r.path)
		}
	}
}

// labelsOf reads the notebook file, as it is stored and without running
// it, for its labels alone; nil if it cannot be read. Its warnings are
// its own page's, which this build does not write.
func (s *Site) labelsOf(path, name string) *rendered {
	f, err := textnotebook.ReadFile(path)
	if err != nil {
		return nil
	}
	v, err := report.NewView(f.Notebook, report.ViewOptions{Name: name, Title: cmp.Or(Name(path), name), Notebooks: s.isNotebook(path), Chapter: s.chapterOf(path), Crossref: s.crossrefOf(path)})
	if err != nil {
		return nil
	}
	return &rendered{path: path, name: name, file: f, view: v}
}

// projectFolder returns the folder of the project the notebook file is
// in: the nearest holding a project's settings, from the notebook's
// folder up to the build's top folder; "" for none.
func (s *Site) projectFolder(file string) string {
	abs, err := filepath.Abs(file)
	if err != nil || s.top == "" {
		return ""
	}
	for dir := filepath.Dir(abs); ; dir = filepath.Dir(dir) {
		rel, err := filepath.Rel(s.top, dir)
		if err != nil || rel != "." && !filepath.IsLocal(rel) {
			return ""
		}
		for _, name := range []string{siteconf.QuartoFile, siteconf.MystFile, siteconf.BookFile} {
			if info, err := os.Stat(filepath.Join(dir, name)); err == nil && info.Mode().IsRegular() {
				return dir
			}
		}
		if rel == "." {
			return ""
		}
	}
}

// isNotebook returns whether a path relative to the folder of the
// notebook file names a notebook of the build (see
// report.ViewOptions.Notebooks).
func (s *Site) isNotebook(file string) func(string) bool {
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil
	}
	return func(rel string) bool {
		return s.notebooks[filepath.Join(filepath.Dir(abs), filepath.FromSlash(rel))]
	}
}

// address returns a file name of Dir as a relative address in which
// every byte but ASCII letters, digits, "-", ".", "_" and "~" is
// percent-encoded: the same file as PageURL names, written so that no
// reader of a page or a post, Markdown's, HTML's or MathJax's, finds
// anything in it but an address.
func address(file string) string {
	var b strings.Builder
	for i := 0; i < len(file); i++ {
		c := file[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}
