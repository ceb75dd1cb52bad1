package site

import (
	"path/filepath"
	"strconv"

	"github.com/grundylab/grundy/pkg/report/authoring"
	"github.com/grundylab/grundy/pkg/report/frontmatter"
	"github.com/grundylab/grundy/pkg/report/siteconf"
	"github.com/grundylab/grundy/pkg/report/textnotebook"
)

// numberBooks numbers the chapters of the Quarto books among the
// projects of the files (see projectFolder): a project whose _quarto.yml
// is of type book lists its chapters in book.chapters, book.references,
// then book.appendices (siteconf.LoadQuarto), numbered here in that order
// once the index file is moved first (Quarto numbers them before the
// move, which differs only for a numbered index listed later), 1, 2, …
// and the appendices A, B, …, passing over a part's own
// file and a chapter whose title is marked unnumbered
// (authoring.NumberedChapter). Each notebook so listed is given its
// Chapter, numbered or not, and the book's crossref options
// (authoring.Crossref, its _quarto.yml's crossref and language keys)
// before it is read, as each notebook of a Quarto website is given the
// website's; the references in Quarto's form of a book's notebooks
// resolve across them (join). A listed file that cannot be read takes no
// number, with a warning.
func (s *Site) numberBooks(files []string) {
	s.chapters = map[string]*authoring.Chapter{}
	s.crossrefs = map[string]*authoring.Crossref{}
	s.books = map[string]bool{}
	seen := map[string]bool{}
	websites := map[string]*authoring.Crossref{} // a Quarto website's options, by its folder
	for _, f := range files {
		dir := s.projectFolder(f)
		if dir == "" {
			continue
		}
		if seen[dir] {
			if c := websites[dir]; c != nil {
				s.crossrefs[absPath(f)] = c
			}
			continue
		}
		seen[dir] = true
		conf, warnings, err := siteconf.LoadQuarto(dir)
		for _, w := range warnings {
			s.warn("%s", w)
		}
		if err != nil {
			s.warn("%v; its chapters are numbered as documents of their own", err)
			continue
		}
		if conf == nil {
			continue
		}
		// The project's crossref options are each of its documents', under
		// its front matter's: a book's chapters', a website's pages'.
		crossref := &authoring.Crossref{}
		what := "project"
		if conf.Book != nil {
			what = "book"
		}
		for _, w := range crossref.Read(conf.Metadata) {
			s.warn("%s %s: %s", what, conf.File, w)
		}
		if conf.Book == nil {
			websites[dir] = crossref
			s.crossrefs[absPath(f)] = crossref
			continue
		}
		s.books[dir] = true
		chapters, appendices := 0, 0
		for _, c := range conf.Book {
			file := filepath.Join(dir, filepath.FromSlash(c.File))
			ch := &authoring.Chapter{Appendix: c.Appendix}
			s.chapters[file] = ch
			s.crossrefs[file] = crossref
			if c.Part {
				continue
			}
			nb, err := textnotebook.ReadFile(file)
			if err != nil {
				s.warn("book %s: chapter %s: %v; it takes no number", dir, c.File, err)
				continue
			}
			_, front, _ := frontmatter.Find(nb.Notebook) // a refused front matter has no title: the view warns of it
			switch {
			case !authoring.NumberedChapter(front, nb.Notebook):
			case c.Appendix:
				appendices++
				ch.Number = letters(appendices)
			default:
				chapters++
				ch.Number = strconv.Itoa(chapters)
			}
		}
	}
}

// chapterOf returns the book's Chapter of the notebook file; nil for a
// notebook no book lists.
func (s *Site) chapterOf(file string) *authoring.Chapter {
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil
	}
	return s.chapters[abs]
}

// absPath returns file's absolute path, "" for none.
func absPath(file string) string {
	abs, err := filepath.Abs(file)
	if err != nil {
		return ""
	}
	return abs
}

// crossrefOf returns the crossref options of the Quarto project of the
// notebook file, its _quarto.yml's: a book's for a chapter it lists, a
// website's for any of its notebooks; Quarto's defaults for others.
func (s *Site) crossrefOf(file string) authoring.Crossref {
	abs, err := filepath.Abs(file)
	if err != nil || s.crossrefs[abs] == nil {
		return authoring.Crossref{}
	}
	return *s.crossrefs[abs]
}

// letters returns the n-th appendix's letters, n from 1: "A" to "Z",
// then "AA", "AB", … where Quarto, past Z, would write the characters
// after it.
func letters(n int) string {
	var b []byte
	for ; n > 0; n = (n - 1) / 26 {
		b = append([]byte{byte('A' + (n-1)%26)}, b...)
	}
	return string(b)
}
