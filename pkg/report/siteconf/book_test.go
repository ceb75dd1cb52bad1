package siteconf

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestBook reads a Quarto book's chapters, parts and appendices as the
// site's order and its Book, and refuses hostile chapter lists with a
// warning.
func TestBook(t *testing.T) {
	// 10^5 entries in a file under MaxSize.
	long := "project: {type: book}\nbook: {chapters: [" + strings.Repeat("a,", 100_000) + "]}\n"
	var many strings.Builder
	many.WriteString("project: {type: book}\nbook:\n  chapters:\n")
	for i := range MaxPages + 5 {
		fmt.Fprintf(&many, "    - c%d.qmd\n", i)
	}
	tests := []struct {
		name, yaml string
		book       []Chapter
		pages      int      // the length of Pages, when book is nil
		warn       []string // each in some warning
		nowarn     bool
	}{
		{
			name: "chapters, a part, appendices",
			yaml: "project:\n  type: book\nbook:\n  title: Games\n  chapters:\n    - index.qmd\n    - intro.qmd\n" +
				"    - part: Theory\n      chapters: [sums.ipynb, misere.qmd]\n    - part: part2.qmd\n      chapters: [two.qmd]\n" +
				"  references: references.qmd\n  appendices:\n    - proofs.qmd\n",
			book: []Chapter{{File: "index.qmd"}, {File: "intro.qmd"}, {File: "sums.ipynb"}, {File: "misere.qmd"},
				{File: "part2.qmd", Part: true}, {File: "two.qmd"}, {File: "references.qmd"}, {File: "proofs.qmd", Appendix: true}},
			nowarn: true,
		},
		{
			name: "hostile entries",
			yaml: "project: {type: book}\nbook:\n  chapters:\n    - ../outside.qmd\n    - /etc/passwd\n    - https://example.org/x.qmd\n" +
				"    - .hidden.qmd\n    - 3\n    - [a.qmd]\n    - ok.qmd\n    - ./ok.qmd\n    - part: P\n      chapters:\n        - part: Q\n          chapters: [deep.qmd]\n",
			book: []Chapter{{File: "ok.qmd"}},
			warn: []string{`"../outside.qmd": outside`, `"/etc/passwd": outside`, `"https://example.org/x.qmd": not a file`,
				"a hidden file", "book.chapters[4]", "book.chapters[5]: not a chapter", `"ok.qmd": listed before`, "a part within a part"},
		},
		{
			name: "the index first", yaml: "project: {type: book}\nbook:\n  chapters: [intro.qmd, sub/index.qmd, index.ipynb]\n  appendices: [a.qmd]\n",
			book: []Chapter{{File: "index.ipynb"}, {File: "intro.qmd"}, {File: "sub/index.qmd"}, {File: "a.qmd", Appendix: true}}, nowarn: true,
		},
		{name: "not a list", yaml: "project: {type: book}\nbook: {chapters: intro.qmd}\n", book: []Chapter{}, warn: []string{"book.chapters: not a list"}},
		{name: "one file 10^5 times", yaml: long, book: []Chapter{{File: "a"}}, warn: []string{"listed before", "more chapters left out"}},
		{name: "too many", yaml: many.String(), warn: []string{fmt.Sprintf("more than %d chapters", MaxPages)}},
		{name: "a website's book key", yaml: "project: {type: website}\nbook: {chapters: [a.qmd]}\n", warn: []string{"render does not use book, project"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, warnings, err := Parse(QuartoFile, []byte(tt.yaml))
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case tt.name == "too many":
				if len(s.Book) != MaxPages || len(s.Pages) != MaxPages || s.Book[MaxPages-1].File != fmt.Sprintf("c%d.qmd", MaxPages-1) {
					t.Errorf("%d chapters, %d pages, want %d of each", len(s.Book), len(s.Pages), MaxPages)
				}
			case strings.HasPrefix(tt.name, "a website"):
				if s.Book != nil || len(s.Pages) != 0 {
					t.Errorf("a website is read as a book: %v, %v", s.Book, s.Pages)
				}
			case !reflect.DeepEqual(s.Book, tt.book):
				t.Errorf("Book = %v, want %v", s.Book, tt.book)
			}
			if tt.book != nil {
				var files []string
				for _, c := range tt.book {
					files = append(files, c.File)
				}
				if !reflect.DeepEqual(s.Pages, files) || len(files) > 0 && s.Order != Listed {
					t.Errorf("Pages = %v (order %v), want %v listed", s.Pages, s.Order, files)
				}
			}
			for _, w := range tt.warn {
				if !strings.Contains(strings.Join(warnings, "\n"), w) {
					t.Errorf("warnings %q lack %q", warnings, w)
				}
			}
			if tt.nowarn && len(warnings) > 0 {
				t.Errorf("warnings %q, want none", warnings)
			}
			if len(warnings) > maxChapterWarnings+5 {
				t.Errorf("%d warnings, want few", len(warnings))
			}
		})
	}
}

// TestRealBook reads the book settings of a real project, as they are
// written there: quarto-cli's test book tests/docs/books/
// visualization-curriculum/_quarto.yml (quarto-dev/quarto-cli at
// 5d1da592dacaa784e061be1744e51484283220b5), cut to its keys for books.
func TestRealBook(t *testing.T) {
	yaml := `project:
  type: book
  output-dir: docs

book:
  title: Visualization Curriculum
  author: Jeffrey Heer, Dominik Moritz, Jake VanderPlas, and Brock Craft
  repo-url: https://github.com/uwdata/visualization-curriculum
  chapters:
    - index.md
    - part: Curriculum
      chapters:
        - altair_introduction.ipynb
        - altair_marks_encoding.ipynb
    - part: Support
      chapters:
        - altair_debugging.ipynb
  sidebar:
    logo: altair-hist.png
`
	s, warnings, err := Parse(QuartoFile, []byte(yaml))
	if err != nil {
		t.Fatal(err)
	}
	want := []Chapter{{File: "index.md"}, {File: "altair_introduction.ipynb"}, {File: "altair_marks_encoding.ipynb"}, {File: "altair_debugging.ipynb"}}
	if !reflect.DeepEqual(s.Book, want) || s.Title != "Visualization Curriculum" || s.Order != Listed || len(s.Pages) != 4 ||
		!reflect.DeepEqual(s.Authors, []string{"Jeffrey Heer, Dominik Moritz, Jake VanderPlas, and Brock Craft"}) {
		t.Errorf("read %q by %q, %v, pages %v (order %v)", s.Title, s.Authors, s.Book, s.Pages, s.Order)
	}
	if w := strings.Join(warnings, "\n"); !strings.Contains(w, "book.repo-url, book.sidebar") || !strings.Contains(w, "project.output-dir") {
		t.Errorf("warnings %q do not name the keys left unread", warnings)
	}
}

// TestBookMetadata: a _quarto.yml's crossref and language keys are its
// documents' metadata, a book's or a website's, kept as written for
// package authoring to read, and not warned of as unused.
func TestBookMetadata(t *testing.T) {
	const keys = "crossref:\n  chapters: false\n  appendix-title: Anhang\nlanguage:\n  crossref-apx-prefix: Anhang\n"
	s, warnings, err := Parse(QuartoFile, []byte("project: {type: book}\nbook: {chapters: [a.qmd]}\n"+keys))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"crossref": map[string]any{"chapters": false, "appendix-title": "Anhang"},
		"language": map[string]any{"crossref-apx-prefix": "Anhang"},
	}
	if !reflect.DeepEqual(s.Metadata, want) {
		t.Errorf("Metadata = %v, want %v", s.Metadata, want)
	}
	if len(warnings) > 0 {
		t.Errorf("warnings %v", warnings)
	}
	s, warnings, err = Parse(QuartoFile, []byte("project: {type: website}\n"+keys))
	if err != nil {
		t.Fatal(err)
	}
	if all := strings.Join(warnings, "\n"); !reflect.DeepEqual(s.Metadata, want) || strings.Contains(all, "crossref") || strings.Contains(all, "language") {
		t.Errorf("a website's Metadata = %v, warnings %v; want %v and none of them", s.Metadata, warnings, want)
	}
}
