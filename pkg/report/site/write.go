package site

import (
	"crypto/rand"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/grundylab/grundy/pkg/report/manifest"
	"github.com/grundylab/grundy/pkg/report/markdown"
)

// interrupt, set by tests only, is called after each step of write; an
// error it returns stops the write there, as a kill would.
var interrupt func(step string) error

// checkFolder refuses, unless Shared is set, a Dir that is the folder of
// one of the notebooks files or that holds files render did not write.
func (s *Site) checkFolder(k *keeper, files []string) error {
	if s.Shared {
		return nil
	}
	dir, err := filepath.Abs(s.Dir)
	if err != nil {
		return err
	}
	for _, f := range files {
		if sameFolder(dir, filepath.Dir(f)) {
			return fmt.Errorf("output folder %s: %w (it holds %s): a site needs a folder of its own", s.Dir, ErrNotebooksFolder, filepath.Base(f))
		}
	}
	const shown = 3
	foreign := k.foreign(shown + 1)
	if len(foreign) == 0 {
		return nil
	}
	list := strings.Join(foreign[:min(len(foreign), shown)], ", ")
	if len(foreign) > shown {
		list += ", …"
	}
	hint := ""
	if k.fresh {
		hint = "; a site rendered before render kept " + manifest.Name + " is one: remove it once and render again"
	}
	return fmt.Errorf("output folder %s: %w (%s)%s", s.Dir, ErrForeignFiles, list, hint)
}

// sameFolder reports whether the folders a and b are one, following
// symbolic links.
func sameFolder(a, b string) bool {
	ai, err := os.Stat(a)
	if err != nil {
		return false
	}
	bi, err := os.Stat(b)
	return err == nil && os.SameFile(ai, bi)
}

// notebookPath returns the path of the notebook file as the manifest
// records it: relative to Dir where it can be.
func (s *Site) notebookPath(file string) string {
	abs, err := filepath.Abs(file)
	if err != nil {
		return filepath.ToSlash(file)
	}
	dir, err := filepath.Abs(s.Dir)
	if err != nil {
		return filepath.ToSlash(abs)
	}
	if rel, err := filepath.Rel(dir, abs); err == nil {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(abs)
}

// absNotebook returns the absolute path of a notebook the manifest
// records.
func (s *Site) absNotebook(recorded string) string {
	p := filepath.FromSlash(recorded)
	if !filepath.IsAbs(p) {
		p = filepath.Join(s.Dir, p)
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	return abs
}

// removeGone removes the pages of notebooks that are gone: a page whose
// notebook is rendered now under another name, and a page whose notebook
// was in a folder among paths but is no longer there (deleted, renamed or
// moved). The pages of notebooks in folders this build does not read
// stay.
func (s *Site) removeGone(k *keeper, paths, files, names []string) error {
	byFile := map[string]string{}
	for i, f := range files {
		if abs, err := filepath.Abs(f); err == nil {
			byFile[abs] = names[i]
		}
	}
	folders := map[string]bool{}
	for _, p := range paths {
		if info, err := os.Stat(p); err == nil && info.IsDir() {
			if abs, err := filepath.Abs(p); err == nil {
				folders[abs] = true
			}
		}
	}
	removed := false
	for _, name := range slices.Sorted(maps.Keys(k.m.Pages)) {
		pg := k.m.Pages[name]
		nb := s.absNotebook(pg.Notebook)
		now, rendered := byFile[nb]
		switch {
		case rendered && now == name:
			continue
		case rendered:
			s.warn("removing the page %s: its notebook %s is now the page %s", name, pg.Notebook, now)
		case folders[filepath.Dir(nb)]:
			s.warn("removing the page %s: its notebook %s is gone", name, pg.Notebook)
		default:
			continue
		}
		k.remove(pg.Files)
		delete(k.m.Pages, name)
		removed = true
	}
	if !removed {
		return nil
	}
	return k.save()
}

// write puts a notebook's files in place in three steps, each of which
// leaves every post and page with the files it links: the files folder
// gains the new files (named by their content, so none replaces another),
// then the PDF, post and page are renamed over the old ones, then the old
// files no page links any more are removed. The manifest records each
// file before it is moved into place.
func (s *Site) write(k *keeper, notebookFile, name string, post *markdown.Post, page, pdf []byte) error {
	filesDir := markdown.FilesDir(name)
	paths := make([]string, len(post.Files))
	for i, f := range post.Files {
		// The paths come from the notebook's attachment names: keep them
		// in the files folder, whatever they say.
		p := path.Clean(f.Path)
		if !manifest.ValidPath(p) || !strings.HasPrefix(p, filesDir+"/") {
			return fmt.Errorf("file %q is not inside %s", f.Path, filesDir)
		}
		paths[i] = p
	}
	tmp := tmpPrefix + rand.Text()
	if err := k.root.Mkdir(tmp, 0o755); err != nil {
		return err
	}
	defer k.root.RemoveAll(tmp)
	var files, pages []move
	put := func(list *[]move, to string, data []byte) error {
		from := tmp + "/" + to
		if err := k.root.MkdirAll(path.Dir(from), 0o755); err != nil {
			return err
		}
		if err := k.root.WriteFile(from, data, 0o644); err != nil {
			return err
		}
		*list = append(*list, move{from: from, to: to, sum: manifest.SumBytes(data)})
		return nil
	}
	for i, f := range post.Files {
		if err := put(&files, paths[i], f.Data); err != nil {
			return err
		}
	}
	// The page last: the index lists a post only once its page is there.
	if pdf != nil {
		if err := put(&pages, name+".pdf", pdf); err != nil {
			return err
		}
	}
	if err := put(&pages, name+".md", post.Text); err != nil {
		return err
	}
	if err := put(&pages, name+".html", page); err != nil {
		return err
	}
	sums := map[string]string{}
	for _, mv := range slices.Concat(files, pages) {
		sums[mv.to] = mv.sum
	}
	old := k.m.Pages[name].Files
	if s.PDF == nil && slices.Contains(old, name+".pdf") {
		// A build that does not print leaves the PDF as it was; one
		// whose print failed removes it with the old files below, so
		// that no PDF of an older page stays beside the new one.
		if sum, ok, err := k.owned(name + ".pdf"); err == nil && ok && sum != "" {
			sums[name+".pdf"] = sum
		}
	}
	files, err := k.check(files, true)
	if err != nil {
		return err
	}
	if pages, err = k.check(pages, false); err != nil {
		return err
	}
	k.m.Pages[name] = manifest.Page{Notebook: s.notebookPath(notebookFile), Files: union(old, slices.Sorted(maps.Keys(sums)))}
	for _, step := range []struct {
		name string
		do   func() error
	}{
		{"record", func() error { return k.record(slices.Concat(files, pages)) }},
		{"files", func() error { return k.place(files) }},
		{"pages", func() error { return k.place(pages) }},
	} {
		if err := step.do(); err != nil {
			return err
		}
		if interrupt != nil {
			if err := interrupt(step.name); err != nil {
				return err
			}
		}
	}
	var gone []string
	for _, p := range old {
		if _, ok := sums[p]; !ok {
			gone = append(gone, p)
		}
	}
	k.remove(gone)
	k.settle(sums)
	k.m.Pages[name] = manifest.Page{Notebook: s.notebookPath(notebookFile), Files: slices.Sorted(maps.Keys(sums))}
	return k.save()
}

// union returns the sorted paths in a or b.
func union(a, b []string) []string {
	return slices.Compact(slices.Sorted(slices.Values(slices.Concat(a, b))))
}
