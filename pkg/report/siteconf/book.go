package siteconf

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// A Chapter is a file of a Quarto book (Settings.Book), in the order of
// _quarto.yml's book.chapters, then book.appendices.
type Chapter struct {
	// File is the chapter's notebook, a '/'-separated path relative to
	// Settings.Dir.
	File string
	// Appendix is set for a chapter of book.appendices, which Quarto
	// letters A, B, … where the chapters before are numbered 1, 2, ….
	Appendix bool
	// Part is set for the file of a part ("- part: part1.qmd"), which
	// takes no number.
	Part bool
}

// book reads a Quarto book's chapters, book.chapters, book.references
// then book.appendices, its index file first, as the site's Listed order and
// its Book: a file name, or a part, a mapping of its title or file ("part:") and its
// chapters. A chapter that is not a file in the folder, or is listed
// twice, is left out with a warning (the first few named, the rest
// counted); past MaxPages files, the rest.
func (r *reader) book(book map[string]any) {
	r.s.Book = []Chapter{}
	// A book's keys stand for a website's (quarto.org, "Book Options").
	r.text("book.title", book["title"], MaxText, &r.s.Title)
	if _, ok := book["author"]; ok {
		r.s.Authors = nil
		r.authors("book.author", book["author"])
	}
	r.siteURL("book.site-url", book["site-url"])
	r.text("book.description", book["description"], MaxDescription, &r.s.Description)
	before := len(r.warnings)
	r.chapters("book.chapters", book["chapters"], false, 0)
	if v, ok := book["references"]; ok {
		// Quarto's chapter of the bibliography, after the others.
		r.chapters("book.references", []any{v}, false, 1)
	}
	r.chapters("book.appendices", book["appendices"], true, 0)
	// Quarto puts the book's home page, its index file, first, wherever
	// it is listed (quarto-cli's bookRenderItems).
	if i := slices.IndexFunc(r.s.Book, func(c Chapter) bool { return strings.HasPrefix(c.File, "index.") }); i > 0 {
		index := r.s.Book[i]
		r.s.Book = slices.Insert(slices.Delete(r.s.Book, i, i+1), 0, index)
		j := slices.Index(r.s.Pages, index.File)
		r.s.Pages = slices.Insert(slices.Delete(r.s.Pages, j, j+1), 0, index.File)
	}
	if n := len(r.warnings) - before; n > maxChapterWarnings {
		r.warnings = r.warnings[:before+maxChapterWarnings]
		r.warnf("book: %d more chapters left out", n-maxChapterWarnings)
	}
	r.unread("book.", book, "title", "author", "site-url", "description", "chapters", "references", "appendices")
}

// maxChapterWarnings is the number of chapters left out that are each
// named in a warning.
const maxChapterWarnings = 10

// chapters reads a list of a book's chapters, and the chapters of its
// parts.
func (r *reader) chapters(key string, v any, appendix bool, depth int) {
	if v == nil {
		return
	}
	list, ok := v.([]any)
	if !ok {
		r.warnf("%s: not a list of chapters; left out", key)
		return
	}
	for i, item := range list {
		if len(r.s.Book) >= MaxPages {
			r.warnf("%s: more than %d chapters; the rest are left out", key, MaxPages)
			return
		}
		k := fmt.Sprintf("%s[%d]", key, i)
		switch item := item.(type) {
		case string:
			r.chapter(k, item, Chapter{Appendix: appendix})
		case map[string]any:
			if depth > 0 {
				r.warnf("%s: a part within a part; left out", k)
				continue
			}
			part, ok := item["part"].(string)
			if !ok && item["chapters"] == nil {
				r.warnf("%s: a part with no title or file, and no chapters; left out", k)
				continue
			}
			if isNotebookFile(part) {
				r.chapter(k+".part", part, Chapter{Appendix: appendix, Part: true})
			}
			r.chapters(k+".chapters", item["chapters"], appendix, depth+1)
		default:
			r.warnf("%s: not a chapter's file or a part; left out", k)
		}
	}
}

// chapter adds a chapter of the book, once.
func (r *reader) chapter(key, file string, c Chapter) {
	p := r.file(key, file)
	if p == "" {
		return
	}
	if r.chapterSeen[p] {
		r.warnf("%s %q: listed before; left out", key, short(p))
		return
	}
	if r.chapterSeen == nil {
		r.chapterSeen = map[string]bool{}
	}
	r.chapterSeen[p] = true
	c.File = p
	r.s.Book = append(r.s.Book, c)
	r.page(key, p)
}

// isNotebookFile reports whether a part's value names a file, rather
// than being its title: Quarto's own forms end in .qmd, .ipynb or .md.
func isNotebookFile(s string) bool {
	for _, ext := range []string{".qmd", ".ipynb", ".md", ".Rmd"} {
		if len(s) > len(ext) && s[len(s)-len(ext):] == ext {
			return true
		}
	}
	return false
}

// LoadQuarto returns the settings of the Quarto project whose
// _quarto.yml is in the folder dir, as Load reads them: a book's chapters
// in Book (nil for a website), its documents' metadata in Metadata, with
// the warnings of reading its book's keys; nil for a folder with no
// _quarto.yml. The file is read as Load reads it, through an os.Root of
// dir and at most MaxSize bytes; the error is for one that cannot be read
// or is refused.
func LoadQuarto(dir string) (*Settings, []string, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, nil, fmt.Errorf("book: %w", err)
	}
	defer root.Close()
	if info, err := root.Stat(QuartoFile); err != nil || !info.Mode().IsRegular() {
		return nil, nil, nil
	}
	file := filepath.Join(dir, QuartoFile)
	data, err := readBounded(root, QuartoFile, MaxSize)
	if err != nil {
		return nil, nil, fmt.Errorf("book %s: %w", file, err)
	}
	s, warnings, err := Parse(QuartoFile, data)
	if err != nil {
		return nil, nil, fmt.Errorf("book %s: %w", file, err)
	}
	s.File, s.Dir = file, dir
	var out []string
	for _, w := range warnings {
		if strings.HasPrefix(w, "book") {
			out = append(out, "book "+file+": "+w)
		}
	}
	return s, out, nil
}
