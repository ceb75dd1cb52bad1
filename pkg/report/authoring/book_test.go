package authoring

import (
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// bookDocs are a Quarto book's preface (unnumbered), two chapters and an
// appendix, each referring within itself and to the others.
var bookDocs = []struct {
	chapter Chapter
	doc     string
}{
	{Chapter{}, "# Preface {.unnumbered}\n\n![P](p.png){#fig-pre}\n\n## About\n\nSee @fig-pre, @sec-games, @fig-sum and @thm-a.\n"},
	{Chapter{Number: "1"}, "# Games {#sec-games}\n\n## Sums {#sec-sums}\n\n![Sum](s.png){#fig-sum}\n\n![Other](o.png){#fig-other}\n\n" +
		"::: {#thm-sg}\n## Sprague–Grundy\nText.\n:::\n\n$$ a = b $$ {#eq-ab}\n\nSee @fig-other, @eq-ab, @sec-sums, @thm-sg, @fig-two, @tbl-two, @eq-two, @lst-two, @sec-more, @thm-a and @sec-apx.\n"},
	{Chapter{Number: "2"}, "# More {#sec-more}\n\n## First\n\n## Second {#sec-second}\n\n![Two](t.png){#fig-two}\n\n| a |\n|---|\n| 1 |\n\n: T {#tbl-two}\n\n" +
		"$$\n\\begin{equation} c \\end{equation}\n$$\n\n$$ d $$ {#eq-two}\n\n::: {#lem-two}\nL.\n:::\n\n::: {#lst-two}\n```go\nx := 1\n```\n\nCode\n:::\n\nSee @fig-sum, -@fig-sum, [@fig-sum; @eq-ab], @Sec-sums and @sec-second.\n"},
	{Chapter{Number: "A", Appendix: true}, "# Proofs {#sec-apx}\n\n## Lemma\n\n![A](a.png){#fig-a}\n\n::: {#thm-a}\nT.\n:::\n\nSee @fig-a, @thm-sg, @eq-two and @lem-two.\n"},
}

// buildBook renders bookDocs as a site renders a book's chapters:
// numbered each as its chapter, joined in a Project that is a Book.
func buildBook(t *testing.T) site {
	t.Helper()
	s, _ := buildBookWith(t, nil, nil)
	return s
}

// TestBook: in a Quarto book, figures, tables, equations, theorem-like
// blocks and sections are numbered by chapter, "Figure 1.2", "(2.1)",
// "Section 2.2", an appendix's by its letter, "Figure A.1", a chapter's
// title read "Chapter 1" or "Appendix A", an unnumbered chapter's targets
// numbered on their own; Quarto's "@fig-x" resolves across chapters, on
// the page and in the post, as quarto.org's "Book Crossrefs" describes.
func TestBook(t *testing.T) {
	nbsp := func(s string) string { return strings.ReplaceAll(s, "~", "\u00a0") }
	s := buildBook(t)
	pageWant := [][]string{
		{`<a class="ref" href="#fig-pre">Figure~1</a>`, `<a class="ref" href="b.html#sec-games">Chapter~1</a>`,
			`<a class="ref" href="b.html#fig-sum">Figure~1.1</a>`, `<a class="ref" href="d.html#thm-a">Theorem~A.1</a>`},
		{`<span class="header-section-number">1</span> Games`, `<span class="header-section-number">1.1</span> Sums`,
			`<a class="ref" href="#fig-other">Figure~1.2</a>`, `<a class="ref" href="#eq-ab">Equation~1.1</a>`,
			`<a class="ref" href="#sec-sums">Section~1.1</a>`, `<a class="ref" href="#thm-sg">Theorem~1.1</a>`,
			`<a class="ref" href="c.html#fig-two">Figure~2.1</a>`, `<a class="ref" href="c.html#tbl-two">Table~2.1</a>`,
			`<a class="ref" href="c.html#eq-two">Equation~2.2</a>`, `<a class="ref" href="c.html#sec-more">Chapter~2</a>`,
			`<a class="ref" href="c.html#lst-two">Listing~2.1</a>`,
			`<a class="ref" href="d.html#thm-a">Theorem~A.1</a>`, `<a class="ref" href="d.html#sec-apx">Appendix~A</a>`},
		{`<span class="header-section-number">2.2</span> Second`, `(2.1)`, `(2.2)`,
			`<a class="ref" href="b.html#fig-sum">Figure~1.1</a>`, `<a class="ref" href="b.html#fig-sum">1.1</a>`,
			`<a class="ref" href="b.html#eq-ab">Equation~1.1</a>`, `<a class="ref" href="b.html#sec-sums">Section~1.1</a>`,
			`<a class="ref" href="#sec-second">Section~2.2</a>`},
		{`<span class="header-section-number">A.1</span> Lemma`, `<a class="ref" href="#fig-a">Figure~A.1</a>`,
			`<a class="ref" href="b.html#thm-sg">Theorem~1.1</a>`, `<a class="ref" href="c.html#eq-two">Equation~2.2</a>`,
			`<a class="ref" href="c.html#lem-two">Lemma~2.1</a>`},
	}
	postWant := [][]string{
		{"[Chapter~1](b.md#sec-games)", "[Figure~1.1](b.md#fig-sum)", "[Theorem~A.1](d.md#thm-a)"},
		{"1.1 Sums", "[Figure~2.1](c.md#fig-two)", "[Appendix~A](d.md#sec-apx)"},
		{"2.2 Second", "[1.1](b.md#fig-sum)", "[Section~1.1](b.md#sec-sums)"},
		{"A.1 Lemma", "[Theorem~1.1](b.md#thm-sg)"},
	}
	for i := range bookDocs {
		for _, w := range pageWant[i] {
			if !strings.Contains(s.pages[i], nbsp(w)) {
				t.Errorf("page %c lacks %s:\n%s", 'a'+i, w, s.pages[i])
			}
		}
		for _, w := range postWant[i] {
			if !strings.Contains(s.posts[i], nbsp(w)) {
				t.Errorf("post %c lacks %s:\n%s", 'a'+i, w, s.posts[i])
			}
		}
		if len(s.warnings[i]) > 0 {
			t.Errorf("page %c warns %v", 'a'+i, s.warnings[i])
		}
		if strings.Contains(s.pages[i], "ref-missing") {
			t.Errorf("page %c marks a reference missing:\n%s", 'a'+i, s.pages[i])
		}
	}
	if strings.Contains(s.pages[0], "header-section-number") {
		t.Errorf("the unnumbered preface numbers its sections:\n%s", s.pages[0])
	}
}

// TestNumberedChapter: a chapter is numbered unless its title, the front
// matter's or its first level-1 heading, is marked unnumbered.
func TestNumberedChapter(t *testing.T) {
	tests := []struct {
		name  string
		front map[string]any
		cells []string
		want  bool
	}{
		{"a heading", nil, []string{"# Games\n\nText.\n"}, true},
		{"unnumbered", nil, []string{"Some text.\n", "# Preface {.unnumbered}\n"}, false},
		{"dash", nil, []string{"# Preface {-}\n"}, false},
		{"with an id", nil, []string{"# Preface {#sec-pre .unnumbered}\n"}, false},
		{"a later heading", nil, []string{"# Games\n\n# Other {.unnumbered}\n"}, true},
		{"a level-2 heading", nil, []string{"## Aside {.unnumbered}\n\n# Games\n"}, true},
		{"a code block", nil, []string{"```\n# Preface {.unnumbered}\n```\n"}, true},
		{"front matter title", map[string]any{"title": "Preface {.unnumbered}"}, []string{"# Games\n"}, false},
		{"front matter title wins", map[string]any{"title": "Games"}, []string{"# Preface {.unnumbered}\n"}, true},
		{"no heading", nil, nil, true},
	}
	for _, tt := range tests {
		nb := &notebook.Notebook{}
		for _, c := range tt.cells {
			nb.Cells = append(nb.Cells, &notebook.Cell{Type: notebook.Markdown, Source: c})
		}
		if got := NumberedChapter(tt.front, nb); got != tt.want {
			t.Errorf("%s: NumberedChapter = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestChapterTitle(t *testing.T) {
	for in, want := range map[string]string{
		"Preface {.unnumbered}": "Preface", "Intro {#sec-intro .unnumbered}": "Intro", "Sets {a, b}": "Sets {a, b}", "Wide {width=50%}": "Wide",
		"Plain": "Plain", "{.unnumbered}": "{.unnumbered}", "": "",
	} {
		if got := ChapterTitle(in); got != want {
			t.Errorf("ChapterTitle(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzChapterTitle checks that reading a chapter's title never panics,
// keeps a prefix of the title, and that NumberedChapter reads any heading.
func FuzzChapterTitle(f *testing.F) {
	for _, s := range []string{"Preface {.unnumbered}", "# Preface {-}\n", "Sets {a, b}", "{", "x {#a .b c=d}", "# A {.unnumbered\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got := ChapterTitle(s); got != s && !strings.HasPrefix(strings.TrimSpace(s), got) {
			t.Errorf("ChapterTitle(%q) = %q, not a prefix", s, got)
		}
		nb := &notebook.Notebook{Cells: []*notebook.Cell{{Type: notebook.Markdown, Source: s}}}
		NumberedChapter(map[string]any{"title": s}, nb)
		NumberedChapter(nil, nb)
	})
}

// TestBookDuplicate: a label two chapters define is each one's own, and a
// reference to it from a third is warned of naming both.
func TestBookDuplicate(t *testing.T) {
	p := NewProject()
	p.Book = true
	docs := []string{"# A\n\n![X](x.png){#fig-x}\n\nSee @fig-x.\n", "# B\n\n![X](x.png){#fig-x}\n", "# C\n\nSee @fig-x.\n"}
	xs := make([]*Index, len(docs))
	for i, doc := range docs {
		xs[i] = NewIndex()
		xs[i].Chapter = &Chapter{Number: string(rune('1' + i))}
		xs[i].Configure(nil, nil)
		xs[i].Markdown(1, doc)
		p.Add(docPage(i), xs[i])
	}
	for i := range docs {
		xs[i].Join(p, docPage(i).Name)
	}
	if w := xs[0].Check(); len(w) != 0 {
		t.Errorf("chapter 1 warns %v of its own label", w)
	}
	w := xs[2].Check()
	if len(w) != 1 || !strings.Contains(w[0].Msg, "2 pages have this label (a and b") {
		t.Errorf("chapter 3 warns %v, want one warning naming pages a and b", w)
	}
	if page := renderPage(t, xs[0], docs[0]); !strings.Contains(page, `<a class="ref" href="#fig-x">Figure`+"\u00a0"+`1.1</a>`) {
		t.Errorf("chapter 1 does not resolve its own label:\n%s", page)
	}
}
