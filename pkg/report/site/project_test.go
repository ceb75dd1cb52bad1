package site

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundylab/grundy/internal/notebooktest"
)

// TestSiteRefs builds three notebooks that refer to each other's
// figures, equations and sections, a fourth in a project of its own (a
// folder with a myst.yml), a Quarto document that refers to a figure of
// another (which a Quarto website leaves unresolved), and a label two of
// the three define: each
// reference to another page of its project links to it, page to page and
// post to post, with the number the target has there; the others are
// marked and warned of, and the duplicate is warned of naming both
// notebooks.
func TestSiteRefs(t *testing.T) {
	src := t.TempDir()
	notebooktest.WriteMarkdown(t, filepath.Join(src, "alpha.ipynb"), "# Alpha",
		":::{figure} x.png\n:name: fig-a\nA figure\n:::", "(dup)=\n## Twice",
		"See {numref}`fig-b`, [](#eq-c), {ref}`sec-c` and {ref}`fig-book`.")
	notebooktest.WriteMarkdown(t, filepath.Join(src, "beta.ipynb"), "# Beta",
		":::{figure} x.png\n:name: fig-b0\nFirst\n:::", ":::{figure} x.png\n:name: fig-b\nSecond\n:::",
		"Back to [](#fig-a), and {ref}`dup`.")
	notebooktest.WriteMarkdown(t, filepath.Join(src, "gamma.ipynb"), "# Gamma", "(dup)=\n## Again",
		"(sec-c)=\n## Third part", "$$ x $$ (eq-c0)\n\n$$ y $$ (eq-c)", "See [](#fig-a), [text](fig-b), [the beta page](beta.ipynb) and [](alpha.ipynb#fig-a).")
	// Quarto's syntax: a website leaves "@fig-a" to another page unresolved.
	if err := os.WriteFile(filepath.Join(src, "delta.qmd"), []byte("---\ntitle: Delta\njupyter: python3\n---\n\nSee @fig-a.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	book := filepath.Join(src, "book")
	notebooktest.WriteMarkdown(t, filepath.Join(book, "chapter.ipynb"), "# Chapter",
		":::{figure} x.png\n:name: fig-book\nOf the book\n:::", "See [](#fig-a).")
	if err := os.WriteFile(filepath.Join(book, "myst.yml"), []byte("version: 1\nproject: {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	var warnings []string
	s := &Site{Dir: out, Warn: func(m string) { warnings = append(warnings, m) }}
	if err := s.Build(context.Background(), []string{src, book}); err != nil {
		t.Fatal(err)
	}
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		return strings.ReplaceAll(string(data), "\u00a0", "~")
	}
	for file, want := range map[string][]string{
		"alpha.html": {`<a class="ref" href="beta.html#fig-b">Figure~2</a>`, `<a class="ref" href="gamma.html#eq-c">(2)</a>`,
			`<a class="ref" href="gamma.html#sec-c">Third part</a>`, `<mark class="ref-missing" title="no target has this label">{ref}` + "`fig-book`" + `</mark>`},
		"alpha.md":  {"[Figure~2](beta.md#fig-b)", "[(2)](gamma.md#eq-c)", "[Third part](gamma.md#sec-c)", `<mark class="ref-missing">`},
		"beta.html": {`<a class="ref" href="alpha.html#fig-a">Figure~1</a>`, `<mark class="ref-missing" title="no target has this label">{ref}` + "`dup`" + `</mark>`},
		"beta.md":   {"[Figure~1](alpha.md#fig-a)"},
		"gamma.html": {`<a class="ref" href="alpha.html#fig-a">Figure~1</a>`, `<a href="beta.html#fig-b">text</a>`,
			`<a href="beta.html">the beta page</a>`, `<a href="alpha.html#fig-a">Figure~1</a>`},
		"gamma.md":     {"[Figure~1](alpha.md#fig-a)", "[text](beta.md#fig-b)", "[the beta page](beta.md)", "[Figure~1](alpha.md#fig-a)"},
		"delta.html":   {`<mark class="ref-missing ref-elsewhere" title="another page has this label; Quarto resolves references across documents in books only">?@fig-a</mark>`},
		"delta.md":     {`<mark class="ref-missing ref-elsewhere">?@fig-a</mark>`},
		"chapter.html": {`<mark class="ref-missing" title="no target has this label">[](#fig-a)</mark>`},
	} {
		page := read(file)
		for _, w := range want {
			if !strings.Contains(page, w) {
				t.Errorf("%s lacks %s:\n%s", file, w, page)
			}
		}
	}
	var refs []string
	for _, w := range warnings {
		w = strings.ReplaceAll(w, src+string(filepath.Separator), "")
		if strings.Contains(w, "reference") || strings.Contains(w, "label") {
			refs = append(refs, w)
		}
	}
	want := []string{
		"notebook alpha.ipynb: cell 4: reference fig-book: no figure, table, equation, section or block has this label, shown marked",
		"notebook beta.ipynb: cell 4: reference dup: 2 pages have this label (" + filepath.Join(src, "alpha.ipynb") + " and " + filepath.Join(src, "gamma.ipynb") + " first), and a reference from another page cannot choose; shown marked",
		"notebook book/chapter.ipynb: cell 3: reference fig-a: no figure, table, equation, section or block has this label, shown marked",
		"notebook delta.qmd:6: cell 2: reference fig-a: another page has this label, which Quarto resolves across documents in books only; shown marked, as a Quarto website shows it",
	}
	want[1] = strings.ReplaceAll(want[1], src+string(filepath.Separator), "")
	if strings.Join(refs, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings about references:\n%s\nwant\n%s", strings.Join(refs, "\n"), strings.Join(want, "\n"))
	}

	// A Rebuild of alpha alone, as render -serve makes on a save, reads
	// the others' labels.
	warnings = nil
	if err := s.Rebuild(context.Background(), []string{src, book}, []string{filepath.Join(src, "alpha.ipynb")}); err != nil {
		t.Fatal(err)
	}
	page := read("alpha.html")
	for _, w := range []string{`<a class="ref" href="beta.html#fig-b">Figure~2</a>`, `<a class="ref" href="gamma.html#sec-c">Third part</a>`} {
		if !strings.Contains(page, w) {
			t.Errorf("rebuilt alone, alpha.html lacks %s", w)
		}
	}
	for _, w := range warnings {
		if strings.Contains(w, ": reference ") && !strings.Contains(w, "fig-book") {
			t.Errorf("rebuilt alone: %s", w)
		}
	}
}

// TestAddress: a page's address in a reference from another page holds
// no byte a reader of HTML, Markdown or MathJax would take for more.
func TestAddress(t *testing.T) {
	for in, want := range map[string]string{
		"pe310.html":             "pe310.html",
		"a b(1).md":              "a%20b%281%29.md",
		`$x$&y+z=@"'<>.html`:     "%24x%24%26y%2Bz%3D%40%22%27%3C%3E.html",
		"été:#?.html":            "%C3%A9t%C3%A9%3A%23%3F.html",
		"d1-same_x~.html":        "d1-same_x~.html",
		"javascript:alert(1).md": "javascript%3Aalert%281%29.md",
	} {
		if got := address(in); got != want {
			t.Errorf("address(%q) = %q, want %q", in, got, want)
		}
	}
}
