package site

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/siteconf"
)

// writeFiles writes files, by their paths relative to dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestBook builds a Quarto book of a preface, two chapters and an
// appendix, listed in _quarto.yml in an order other than their names':
// each is numbered as its chapter, "Figure 2.1", "(2.1)", "Section 2.1",
// "Figure A.1", a chapter's header "2 More" or "Appendix A — Proofs" with
// its title's id, a reference to another chapter links to it, page to page
// and post to post, the pages come in the book's order, and a notebook
// beside them that the book does not list is numbered on its own.
func TestBook(t *testing.T) {
	src := t.TempDir()
	const jupyter = "---\njupyter: python3\n---\n\n" // a Quarto notebook, not a document
	writeFiles(t, src, map[string]string{
		"_quarto.yml": "project:\n  type: book\nbook:\n  title: Games\n  chapters:\n    - index.qmd\n    - part: Theory\n      chapters: [zeta.qmd, alpha.qmd]\n" +
			"  appendices: [proofs.qmd]\n",
		"index.qmd": "---\ntitle: Preface {.unnumbered}\njupyter: python3\n---\n\n![P](p.png){#fig-pre}\n\nSee @fig-sum, @sec-more and @thm-apx.\n",
		"zeta.qmd": jupyter + "# Sums {#sec-sums}\n\n## Disjunctive {#sec-dis}\n\n![Sum](s.png){#fig-sum}\n\n$$ a = b $$ {#eq-ab}\n\n" +
			"::: {#thm-sg}\nText.\n:::\n\nSee @fig-sum, @eq-ab, @sec-dis, @fig-more, @eq-more, @thm-apx and @sec-apx.\n",
		"alpha.qmd":  jupyter + "# More {#sec-more}\n\n## First\n\n![More](m.png){#fig-more}\n\n$$ c $$ {#eq-more}\n\nSee @fig-sum, @thm-sg and @sec-dis.\n",
		"proofs.qmd": jupyter + "# Proofs {#sec-apx}\n\n## A lemma\n\n![A](a.png){#fig-apx}\n\n::: {#thm-apx}\nT.\n:::\n\nSee @fig-apx and @eq-more.\n",
		"loose.qmd":  jupyter + "# Loose\n\n![L](l.png){#fig-loose}\n\nSee @fig-loose and @fig-sum.\n",
	})
	conf, _, err := siteconf.Load(src)
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	var warnings []string
	s := &Site{Dir: out, Warn: func(m string) { warnings = append(warnings, m) }, Order: conf.Order}
	for _, p := range conf.Pages {
		s.Pages = append(s.Pages, filepath.Join(src, filepath.FromSlash(p)))
	}
	if err := s.Build(context.Background(), []string{src}); err != nil {
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
		"001-index.md": {"title: Preface\n"},
		"001-index.html": {`<span class="caption-number">Figure 1:</span>`, `<a class="ref" href="zeta.html#fig-sum">Figure~1.1</a>`,
			`<a class="ref" href="alpha.html#sec-more">Chapter~2</a>`, `<a class="ref" href="proofs.html#thm-apx">Theorem~A.1</a>`},
		"zeta.html": {`<span class="header-section-number">1.1</span> Disjunctive`, `<span class="caption-number">Figure 1.1:</span>`,
			`<a class="ref" href="#eq-ab">Equation~1.1</a>`, `<a class="ref" href="#sec-dis">Section~1.1</a>`,
			`<a class="ref" href="alpha.html#fig-more">Figure~2.1</a>`, `<a class="ref" href="alpha.html#eq-more">Equation~2.1</a>`,
			`<a class="ref" href="proofs.html#thm-apx">Theorem~A.1</a>`, `<a class="ref" href="proofs.html#sec-apx">Appendix~A</a>`},
		"zeta.md": {"## 1.1 Disjunctive", "[Figure~2.1](alpha.md#fig-more)", "[Appendix~A](proofs.md#sec-apx)"},
		"alpha.html": {`<h1 id="sec-more"><span class="header-section-number">2</span> More</h1>`, `<span class="header-section-number">2.1</span> First`, `<span class="caption-number">Figure 2.1:</span>`,
			`<a class="ref" href="zeta.html#fig-sum">Figure~1.1</a>`, `<a class="ref" href="zeta.html#thm-sg">Theorem~1.1</a>`,
			`<a class="ref" href="zeta.html#sec-dis">Section~1.1</a>`},
		"alpha.md": {"[Figure~1.1](zeta.md#fig-sum)", "[Theorem~1.1](zeta.md#thm-sg)"},
		"proofs.html": {`<h1 id="sec-apx"><span class="header-section-number">Appendix A —</span> Proofs</h1>`, `<span class="header-section-number">A.1</span> A lemma`, `<a class="ref" href="#fig-apx">Figure~A.1</a>`,
			`<a class="ref" href="alpha.html#eq-more">Equation~2.1</a>`},
		"loose.html": {`<a class="ref" href="#fig-loose">Figure~1</a>`, `<a class="ref" href="zeta.html#fig-sum">Figure~1.1</a>`},
	} {
		page := read(file)
		for _, w := range want {
			if !strings.Contains(page, w) {
				t.Errorf("%s lacks %s", file, w)
			}
		}
		if i := strings.Index(page, `<mark class="ref-missing`); i >= 0 {
			t.Errorf("%s marks a reference missing: %s", file, page[i:min(i+200, len(page))])
		}
	}
	for _, w := range warnings {
		if strings.Contains(w, ": reference ") || strings.Contains(w, ": book ") || strings.HasPrefix(w, "book ") {
			t.Errorf("warning: %s", w)
		}
	}
	// The index, and each page's links to the next, in the book's order.
	index := read("index.html")
	var order []string
	for _, m := range regexp.MustCompile(`href="([\w-]+)\.html"`).FindAllStringSubmatch(index, -1) {
		order = append(order, m[1])
	}
	if got := strings.Join(order, " "); !strings.HasPrefix(got, "001-index zeta alpha proofs") {
		t.Errorf("the index lists %s, want the book's order first", got)
	}
	for page, next := range map[string]string{"001-index": "zeta", "zeta": "alpha", "alpha": "proofs", "proofs": "loose"} {
		if w := `rel="next" href="` + next + `.html"`; !strings.Contains(read(page+".html"), w) {
			t.Errorf("%s.html lacks %s", page, w)
		}
	}
}

// TestBookHostile: a book's chapter list that names files outside its
// folder, things that are no file, or one file many times is read for
// what it names well, each fault warned of, and every notebook rendered.
func TestBookHostile(t *testing.T) {
	src := t.TempDir()
	const jupyter = "---\njupyter: python3\n---\n\n"
	writeFiles(t, src, map[string]string{
		"_quarto.yml": "project: {type: book}\nbook:\n  chapters: [../outside.qmd, /etc/passwd, 3, {x: y}, one.qmd, one.qmd, gone.qmd, two.qmd" +
			strings.Repeat(", one.qmd", 5000) + "]\n",
		"one.qmd": jupyter + "# One\n\n![O](o.png){#fig-one}\n",
		"two.qmd": jupyter + "# Two\n\n## Part {#sec-part}\n\nSee @fig-one and @sec-part.\n",
	})
	out := t.TempDir()
	var warnings []string
	s := &Site{Dir: out, Warn: func(m string) { warnings = append(warnings, m) }}
	if err := s.Build(context.Background(), []string{src}); err != nil {
		t.Fatal(err)
	}
	all := strings.Join(warnings, "\n")
	for _, w := range []string{`"../outside.qmd": outside`, `"/etc/passwd": outside`, "book.chapters[2]: not a chapter", "book.chapters[3]: a part with no title",
		`"one.qmd": listed before`, "chapter gone.qmd", "more chapters left out"} {
		if !strings.Contains(all, w) {
			t.Errorf("no warning of %s in:\n%s", w, all)
		}
	}
	if n := strings.Count(all, "listed before"); n > 10 {
		t.Errorf("%d warnings of a chapter listed before, want a few and a count", n)
	}
	data, err := os.ReadFile(filepath.Join(out, "two.html"))
	if err != nil {
		t.Fatal(err)
	}
	if w := `<a class="ref" href="one.html#fig-one">Figure` + "\u00a0" + `1.1</a>`; !strings.Contains(string(data), w) {
		t.Errorf("two.html lacks %s", w)
	}
	if w := `<a class="ref" href="#sec-part">Section` + "\u00a0" + `2.1</a>`; !strings.Contains(string(data), w) {
		t.Errorf("two.html lacks %s: gone.qmd, which is not there, takes no number", w)
	}
}

// TestBookCrossref builds a Quarto book whose _quarto.yml sets crossref
// options other than Quarto's defaults, one chapter's front matter its
// own: with "chapters: false" an appendix is referred to as Quarto's book
// refers to it then, "Section A"; both the page and the post number, name and head as they say, the
// appendix's heading alike in both; hostile values are escaped or cut,
// with a warning naming the file.
func TestBookCrossref(t *testing.T) {
	const jupyter = "---\njupyter: python3\n---\n\n"
	chapters := map[string]string{
		"index.qmd":  "---\ntitle: Preface {.unnumbered}\njupyter: python3\n---\n\nSee @fig-sum and @sec-apx.\n",
		"sums.qmd":   jupyter + "# Sums {#sec-sums}\n\n![Sum](s.png){#fig-sum}\n\n![Two](t.png){#fig-two}\n\nSee @fig-two, @fig-apx and @sec-apx.\n",
		"own.qmd":    "---\njupyter: python3\ncrossref:\n  fig-prefix: Abb.\n---\n\n# Own\n\n![O](o.png){#fig-own}\n\nSee @fig-own and @fig-sum.\n",
		"proofs.qmd": jupyter + "# Proofs {#sec-apx}\n\n![A](a.png){#fig-apx}\n\nSee @fig-apx.\n",
	}
	const book = "project: {type: book}\nbook:\n  chapters: [index.qmd, sums.qmd, own.qmd]\n  appendices: [proofs.qmd]\n"
	tests := []struct {
		name     string
		crossref string
		want     map[string][]string
		warnings []string
	}{
		{"options", "crossref:\n  chapters: false\n  appendix-title: Anhang\n  appendix-delim: ':'\n  fig-prefix: Fig.\n",
			map[string][]string{
				"001-index.html": {`<a class="ref" href="sums.html#fig-sum">Fig.~1</a>`, `<a class="ref" href="proofs.html#sec-apx">Section~A</a>`},
				"sums.html":      {`<h1 id="sec-sums"><span class="header-section-number">1</span> Sums</h1>`, `<a class="ref" href="#fig-two">Fig.~2</a>`, `<span class="caption-number">Figure 2:</span>`},
				"sums.md":        {"[Fig.~2](#fig-two)", "[Fig.~1](proofs.md#fig-apx)"},
				"own.html":       {`<a class="ref" href="#fig-own">Abb.~1</a>`, `<a class="ref" href="sums.html#fig-sum">Abb.~1</a>`},
				"proofs.html":    {`<h1 id="sec-apx"><span class="header-section-number">Anhang A:</span> Proofs</h1>`, `<a class="ref" href="#fig-apx">Fig.~1</a>`},
				"proofs.md":      {"# Anhang A: Proofs"},
			}, nil},
		{"language", "language:\n  crossref-apx-prefix: Anhang\n  crossref-fig-prefix: Abbildung\n",
			map[string][]string{
				"sums.html":   {`<a class="ref" href="#fig-two">Abbildung~1.2</a>`, `<a class="ref" href="proofs.html#sec-apx">Anhang~A</a>`},
				"proofs.html": {`<span class="header-section-number">Anhang A —</span> Proofs</h1>`},
				"proofs.md":   {"# Anhang A — Proofs"},
			}, nil},
		{"hostile", "crossref:\n  appendix-title: <script>alert(1)</script>\n  appendix-delim: '" + strings.Repeat("x", 100_000) + "'\n  fig-prefix: [1]\n  chapters: 1\n",
			map[string][]string{
				"sums.html":   {`<a class="ref" href="#fig-two">Figure~1.2</a>`},
				"proofs.html": {`<span class="header-section-number">&lt;script&gt;alert(1)&lt;/script&gt; A` + strings.Repeat("x", 200) + `</span> Proofs</h1>`},
				"proofs.md":   {`# \<script\>alert(1)\</script\> A` + strings.Repeat("x", 200) + " Proofs"},
			},
			[]string{"crossref.appendix-delim: longer than 200 bytes; cut", "crossref.fig-prefix: not text; left out", "crossref.chapters: not true or false; left out"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src, out := t.TempDir(), t.TempDir()
			writeFiles(t, src, chapters)
			writeFiles(t, src, map[string]string{"_quarto.yml": book + tt.crossref})
			var warnings []string
			s := &Site{Dir: out, Warn: func(m string) { warnings = append(warnings, m) }}
			if err := s.Build(context.Background(), []string{src}); err != nil {
				t.Fatal(err)
			}
			for file, want := range tt.want {
				data, err := os.ReadFile(filepath.Join(out, file))
				if err != nil {
					t.Fatal(err)
				}
				page := strings.ReplaceAll(string(data), "\u00a0", "~")
				for _, w := range want {
					if !strings.Contains(page, w) {
						t.Errorf("%s lacks %s", file, w)
					}
				}
				if strings.Contains(page, "<script>alert") || strings.Contains(page, strings.Repeat("x", 201)) {
					t.Errorf("%s holds the hostile title or delimiter whole", file)
				}
			}
			all := strings.Join(warnings, "\n")
			for _, w := range tt.warnings {
				if !strings.Contains(all, filepath.Join(src, "_quarto.yml")+": "+w) {
					t.Errorf("no warning %q naming _quarto.yml in:\n%s", w, all)
				}
			}
			if strings.Contains(all, "does not use crossref") || strings.Contains(all, "does not use language") {
				t.Errorf("a book's crossref or language warned unused:\n%s", all)
			}
		})
	}
}

// TestWebsiteCrossref: a Quarto website's _quarto.yml crossref options
// are each of its pages', under the page's own: "chapters: true" numbers
// a page's targets by its level-1 headings, as Quarto does in a document
// that says so.
func TestWebsiteCrossref(t *testing.T) {
	src, out := t.TempDir(), t.TempDir()
	writeFiles(t, src, map[string]string{
		"_quarto.yml": "project: {type: website}\ncrossref:\n  chapters: true\n  fig-prefix: Fig.\n",
		"a.qmd":       "---\ntitle: A\njupyter: python3\n---\n\n# One\n\n![X](x.png){#fig-x}\n\n# Two\n\n![Y](y.png){#fig-y}\n\nSee @fig-x and @fig-y.\n",
		"b.qmd":       "---\ntitle: B\njupyter: python3\ncrossref:\n  chapters: false\n---\n\n# One\n\n![X](x.png){#fig-x}\n\n# Two\n\n![Y](y.png){#fig-y}\n\nSee @fig-y.\n",
	})
	var warnings []string
	s := &Site{Dir: out, Warn: func(m string) { warnings = append(warnings, m) }}
	if err := s.Build(context.Background(), []string{src}); err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string][]string{
		"a.html": {`<a class="ref" href="#fig-x">Fig.` + "\u00a0" + `1.1</a>`, `<a class="ref" href="#fig-y">Fig.` + "\u00a0" + `2.1</a>`},
		"a.md":   {"[Fig.\u00a02.1](#fig-y)"},
		"b.html": {`<a class="ref" href="#fig-y">Fig.` + "\u00a0" + `2</a>`},
	} {
		data, err := os.ReadFile(filepath.Join(out, file))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range want {
			if !strings.Contains(string(data), w) {
				t.Errorf("%s lacks %s", file, w)
			}
		}
	}
	if all := strings.Join(warnings, "\n"); strings.Contains(all, "crossref") {
		t.Errorf("warnings about crossref:\n%s", all)
	}
}
