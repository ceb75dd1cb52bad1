package authoring

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/grundylab/grundy/pkg/report/mathml"
)

// buildBookWith renders bookDocs as buildBook does, with the project's
// crossref options and each chapter's front matter, and returns each
// document's warnings: Configure's, then Check's.
func buildBookWith(t *testing.T, project map[string]any, fronts map[int]map[string]any) (site, []string) {
	t.Helper()
	var base Crossref
	msgs := base.Read(project)
	p := NewProject()
	p.Book = true
	var s site
	xs := make([]*Index, len(bookDocs))
	for i, d := range bookDocs {
		xs[i] = NewIndex()
		xs[i].Chapter = &d.chapter
		xs[i].Crossref = base
		xs[i].Configure(fronts[i], nil)
		xs[i].Markdown(1, d.doc)
		for _, w := range xs[i].Warnings() {
			msgs = append(msgs, fmt.Sprintf("%c: %s", 'a'+i, w.Msg))
		}
		s.added = append(s.added, p.Add(docPage(i), xs[i])...)
	}
	for i, d := range bookDocs {
		xs[i].Join(p, docPage(i).Name)
		s.warnings = append(s.warnings, xs[i].Check())
		s.pages = append(s.pages, renderPage(t, xs[i], d.doc))
		s.posts = append(s.posts, string(Post([]byte(d.doc), &mathml.Extender{}, &Blocks{}, &Refs{Index: xs[i]})))
	}
	return s, msgs
}

// TestBookCrossref builds bookDocs with crossref options other than
// Quarto's defaults, in _quarto.yml and in a chapter's front matter, and
// checks both writers: "chapters: false" numbers a chapter's targets 1,
// 2, … while its title and sections keep the chapter's number; the
// appendix title and delimiter make the appendix's heading; the *-prefix
// options and language's name each kind in a reference (sec-, ch- and
// apx-prefix included, which Quarto's books take from language only); "ref-hyperlink:
// false" leaves references unlinked; a chapter's own options override
// the book's for it alone.
func TestBookCrossref(t *testing.T) {
	opts := func(kv ...any) map[string]any {
		m := map[string]any{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return map[string]any{"crossref": m}
	}
	tests := []struct {
		name     string
		project  map[string]any
		fronts   map[int]map[string]any
		page     [4][]string // what each chapter's page holds
		post     [4][]string
		notPage  [4][]string
		warnings []string
	}{
		{
			name:    "chapters false",
			project: opts("chapters", false),
			page: [4][]string{
				{`<a class="ref" href="b.html#fig-sum">Figure~1</a>`, `<a class="ref" href="b.html#sec-games">Section~1</a>`},
				{`<span class="header-section-number">1</span> Games`, `<span class="header-section-number">1.1</span> Sums`,
					`<a class="ref" href="#fig-other">Figure~2</a>`, `<a class="ref" href="#eq-ab">Equation~1</a>`,
					`<a class="ref" href="#thm-sg">Theorem~1</a>`, `<a class="ref" href="c.html#fig-two">Figure~1</a>`,
					`<a class="ref" href="c.html#eq-two">Equation~2</a>`, `<a class="ref" href="c.html#sec-more">Section~2</a>`,
					`<a class="ref" href="d.html#sec-apx">Section~A</a>`, `<a class="ref" href="#sec-sums">Section~1.1</a>`},
				{`<span class="header-section-number">2.2</span> Second`, `(1)`, `(2)`},
				{`<span class="header-section-number">Appendix A —</span> Proofs`, `<a class="ref" href="#fig-a">Figure~1</a>`,
					`<a class="ref" href="c.html#lem-two">Lemma~1</a>`},
			},
			post: [4][]string{
				{"[Figure~1](b.md#fig-sum)"},
				{"# 1 Games", "[Figure~2](#fig-other)", "[Section~2](c.md#sec-more)"},
				{"## 2.2 Second", "[Figure~1](b.md#fig-sum)"},
				{"# Appendix A — Proofs", "[Figure~1](#fig-a)"},
			},
			notPage: [4][]string{nil, {"Figure~1.2", "Chapter~"}, {"(2.1)"}, {"Figure~A.1"}},
		},
		{
			name:    "chapters true, as a book's default",
			project: opts("chapters", true),
			page: [4][]string{nil, {`<a class="ref" href="#fig-other">Figure~1.2</a>`, `<a class="ref" href="c.html#sec-more">Chapter~2</a>`}, nil,
				{`<a class="ref" href="#fig-a">Figure~A.1</a>`}},
		},
		{
			name:    "appendix title and delimiter",
			project: opts("appendix-title", "Anhang", "appendix-delim", ":"),
			page:    [4][]string{nil, {`<a class="ref" href="d.html#sec-apx">Appendix~A</a>`}, nil, {`<span class="header-section-number">Anhang A:</span> Proofs`}},
			post:    [4][]string{nil, {"[Appendix~A](d.md#sec-apx)"}, nil, {"# Anhang A: Proofs"}},
		},
		{
			name:    "an empty delimiter, an empty title",
			project: opts("appendix-title", "", "appendix-delim", ""),
			page:    [4][]string{3: {`<span class="header-section-number">Appendix A</span> Proofs`}},
			post:    [4][]string{3: {"# Appendix A Proofs"}},
		},
		{
			name:    "language",
			project: map[string]any{"language": map[string]any{"crossref-apx-prefix": "Anhang", "crossref-ch-prefix": "Kapitel", "crossref-fig-prefix": "Abbildung", "callout-note-title": "Hinweis"}},
			page: [4][]string{nil, {`<a class="ref" href="d.html#sec-apx">Anhang~A</a>`, `<a class="ref" href="c.html#sec-more">Kapitel~2</a>`,
				`<a class="ref" href="#fig-other">Abbildung~1.2</a>`}, nil, {`<span class="header-section-number">Anhang A —</span> Proofs`}},
			post: [4][]string{3: {"# Anhang A — Proofs"}},
		},
		{
			name: "prefixes",
			project: opts("fig-prefix", "Fig.", "eq-prefix", "Eq.", "sec-prefix", "§", "ch-prefix", "Chap.", "apx-prefix", "App.",
				"thm-prefix", "Satz", "tbl-prefix", "", "lst-prefix", 7, "lem-prefix", "lemma"),
			page: [4][]string{
				{`<a class="ref" href="b.html#sec-games">Chap.~1</a>`},
				{`<a class="ref" href="#fig-other">Fig.~1.2</a>`, `<a class="ref" href="#eq-ab">Eq.~1.1</a>`, `<a class="ref" href="#sec-sums">§~1.1</a>`,
					`<a class="ref" href="#thm-sg">Satz~1.1</a>`, `<a class="ref" href="c.html#tbl-two">2.1</a>`, `<a class="ref" href="c.html#lst-two">7~2.1</a>`,
					`<a class="ref" href="d.html#sec-apx">App.~A</a>`},
				{`<a class="ref" href="b.html#eq-ab">Eq.~1.1</a>`, `<a class="ref" href="b.html#sec-sums">§~1.1</a>`},
				{`<a class="ref" href="c.html#lem-two">lemma~2.1</a>`, `<span class="header-section-number">Appendix A —</span> Proofs`},
			},
			post: [4][]string{nil, {"[Fig.~1.2](#fig-other)", "[App.~A](d.md#sec-apx)"}},
		},
		{
			name:    "a capital label capitalizes a prefix",
			project: opts("sec-prefix", "section"),
			page:    [4][]string{2: {`<a class="ref" href="b.html#sec-sums">Section~1.1</a>`, `<a class="ref" href="#sec-second">section~2.2</a>`}},
		},
		{
			name:    "ref-hyperlink false",
			project: opts("ref-hyperlink", false),
			page:    [4][]string{nil, {`See Figure~1.2, Equation~1.1,`, `Appendix~A.`}},
			post:    [4][]string{nil, {`See Figure~1.2, Equation~1.1,`}},
			notPage: [4][]string{nil, {`class="ref"`}},
		},
		{
			name:    "a chapter's own options",
			project: opts("fig-prefix", "Fig."),
			fronts:  map[int]map[string]any{1: opts("fig-prefix", "Abb.", "chapters", false)},
			page: [4][]string{
				{`<a class="ref" href="b.html#fig-sum">Fig.~1</a>`},
				{`<a class="ref" href="#fig-other">Abb.~2</a>`, `<a class="ref" href="c.html#fig-two">Abb.~2.1</a>`},
				{`<a class="ref" href="b.html#fig-sum">Fig.~1</a>`, `<span class="header-section-number">2.2</span> Second`},
			},
		},
		{
			name: "hostile values",
			project: opts("appendix-title", "<script>alert(1)</script>", "appendix-delim", strings.Repeat("—", 100_000/3),
				"fig-prefix", `<img src=x onerror=alert(1)>`, "chapters", "yes", "eq-prefix", []any{"a"}, "tbl-prefix", map[string]any{"x": 1},
				"ref-hyperlink", "no", "custom", []any{}, "fig-title", "F"),
			page: [4][]string{
				1: {`&lt;img src=x onerror=alert(1)&gt;~1.2`},
				3: {`<span class="header-section-number">&lt;script&gt;alert(1)&lt;/script&gt; A` + strings.Repeat("—", MaxCrossrefText/3)},
			},
			post: [4][]string{
				1: {`\<img src=x onerror=alert(1)\>~1.2`},
				3: {`# \<script\>alert(1)\</script\> A` + strings.Repeat("—", MaxCrossrefText/3) + " Proofs"},
			},
			notPage: [4][]string{1: {"<img src=x"}, 3: {"<script>", strings.Repeat("—", MaxCrossrefText/3+1)}},
			warnings: []string{"crossref.appendix-delim: longer than 200 bytes; cut", "crossref.chapters: not true or false; left out",
				"crossref.eq-prefix: not text; left out", "crossref.ref-hyperlink: not true or false; left out", "crossref.tbl-prefix: not text; left out",
				`crossref: render does not read "custom", "fig-title"`},
		},
		{
			name:     "front matter warnings name it",
			fronts:   map[int]map[string]any{2: {"crossref": "yes", "language": "_language-de.yml"}},
			warnings: []string{"c: front matter: language: not a mapping of titles (render reads no language file); left out", "c: front matter: crossref: not a mapping; left out"},
		},
	}
	nbsp := func(s string) string { return strings.ReplaceAll(s, "~", "\u00a0") }
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, msgs := buildBookWith(t, tt.project, tt.fronts)
			for i := range bookDocs {
				for _, w := range tt.page[i] {
					if !strings.Contains(s.pages[i], nbsp(w)) {
						t.Errorf("page %c lacks %s:\n%s", 'a'+i, w, s.pages[i])
					}
				}
				for _, w := range tt.notPage[i] {
					if strings.Contains(s.pages[i], nbsp(w)) {
						t.Errorf("page %c holds %s:\n%s", 'a'+i, w, s.pages[i])
					}
				}
				for _, w := range tt.post[i] {
					if !strings.Contains(s.posts[i], nbsp(w)) {
						t.Errorf("post %c lacks %s:\n%s", 'a'+i, w, s.posts[i])
					}
				}
				if len(s.warnings[i]) > 0 {
					t.Errorf("page %c warns %v", 'a'+i, s.warnings[i])
				}
			}
			if got, want := strings.Join(msgs, "\n"), strings.Join(tt.warnings, "\n"); got != want {
				t.Errorf("warnings:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// TestDocumentChapters: "crossref: chapters: true" in a document of no
// book numbers its targets by its level-1 headings, "Figure 1.1", each
// chapter's from 1 again, a target before the first heading on its own,
// "Figure 1"; a reference to a numbered level-1 section reads "Chapter
// 1", as Quarto's crossref filter writes them. Without it, as by
// default, or in a MyST document, numbers run through the document.
func TestDocumentChapters(t *testing.T) {
	const doc = "![Z](z.png){#fig-zero}\n\n# Intro {#sec-intro}\n\n![A](a.png){#fig-a}\n\n$$ a $$ {#eq-a}\n\n::: {#thm-a}\nT.\n:::\n\n" +
		"# More\n\n## Inner {#sec-inner}\n\n![B](b.png){#fig-b}\n\n![C](c.png){#fig-c}\n\n$$ b $$ {#eq-b}\n\n" +
		"See @fig-zero, @fig-a, @fig-c, @eq-b, @thm-a, @sec-intro and @sec-inner.\n"
	tests := []struct {
		name  string
		front map[string]any
		want  []string
		post  []string
	}{
		{"chapters", map[string]any{"title": "Doc", "number-sections": true, "crossref": map[string]any{"chapters": true}},
			[]string{`<a class="ref" href="#fig-zero">Figure~1</a>`, `<a class="ref" href="#fig-a">Figure~1.1</a>`, `<a class="ref" href="#fig-c">Figure~2.2</a>`,
				`<a class="ref" href="#eq-b">Equation~2.1</a>`, `<a class="ref" href="#thm-a">Theorem~1.1</a>`,
				`<a class="ref" href="#sec-intro">Chapter~1</a>`, `<a class="ref" href="#sec-inner">Section~2.1</a>`, `(2.1)`,
				`<span class="header-section-number">2.1</span> Inner`},
			[]string{"[Figure~2.2](#fig-c)", "[Chapter~1](#sec-intro)", "# 2 More"}},
		{"chapters, no section numbers", map[string]any{"title": "Doc", "crossref": map[string]any{"chapters": true}},
			[]string{`<a class="ref" href="#fig-c">Figure~2.2</a>`, `<a class="ref" href="#sec-intro">Intro</a>`}, nil},
		{"by default", map[string]any{"title": "Doc", "number-sections": true},
			[]string{`<a class="ref" href="#fig-c">Figure~4</a>`, `<a class="ref" href="#eq-b">Equation~2</a>`, `<a class="ref" href="#sec-intro">Section~1</a>`}, nil},
		{"chapters false", map[string]any{"title": "Doc", "crossref": map[string]any{"chapters": false}},
			[]string{`<a class="ref" href="#fig-c">Figure~4</a>`}, nil},
	}
	nbsp := func(s string) string { return strings.ReplaceAll(s, "~", "\u00a0") }
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := NewIndex()
			x.Configure(tt.front, nil)
			x.Markdown(1, doc)
			if w := append(x.Warnings(), x.Check()...); len(w) > 0 {
				t.Errorf("warnings %v", w)
			}
			page := renderPage(t, x, doc)
			post := string(Post([]byte(doc), &mathml.Extender{}, &Blocks{}, &Refs{Index: x}))
			for _, w := range tt.want {
				if !strings.Contains(page, nbsp(w)) {
					t.Errorf("page lacks %s:\n%s", w, page)
				}
			}
			for _, w := range tt.post {
				if !strings.Contains(post, nbsp(w)) {
					t.Errorf("post lacks %s:\n%s", w, post)
				}
			}
		})
	}
}

// FuzzCrossref reads any value as crossref options: no panic, every text
// kept at most MaxCrossrefText bytes on one line.
func FuzzCrossref(f *testing.F) {
	f.Add("appendix-title", "Anhang", "fig-prefix", "Fig.")
	f.Add("appendix-delim", "\n\x00<b>", "ch-prefix", strings.Repeat("é", 300))
	f.Add("crossref-apx-prefix", "\u202eA", "chapters", "")
	f.Add("labels", "alpha \U0010FFFF", "fig-labels", "roman i")
	f.Fuzz(func(t *testing.T, k1, v1, k2, v2 string) {
		var c Crossref
		c.Read(map[string]any{"crossref": map[string]any{k1: v1, k2: v2}, "language": map[string]any{k1: v1, k2: v2}})
		texts := []string{c.appendixLead("A")}
		for typ := range c.prefixes {
			texts = append(texts, c.prefix(typ, ""))
		}
		for typ := range c.languagePrefixes {
			texts = append(texts, c.languagePrefixes[typ])
		}
		for n := range 40 {
			if s := c.format("fig", n); len(s) > 21 || !utf8.ValidString(s) {
				t.Errorf("format(fig, %d) = %q", n, s)
			}
		}
		for _, s := range texts {
			if len(s) > 3*MaxCrossrefText || strings.ContainsAny(s, "\n\r\x00") {
				t.Errorf("text %q: longer than %d bytes or not one line", s, 3*MaxCrossrefText)
			}
		}
	})
}

// TestLabels: crossref's labels and *-labels number each type in its
// scheme, in references and captions alike, by chapter too; a scheme
// render does not know is warned of and left out.
func TestLabels(t *testing.T) {
	const doc = "# Intro\n\n![A](a.png){#fig-a}\n\n![B](b.png){#fig-b}\n\n![C](c.png){#fig-c}\n\n::: {#thm-a}\nT.\n:::\n\n::: {#thm-b}\nT.\n:::\n\n" +
		"$$ a $$ {#eq-a}\n\nSee @fig-c, @thm-b and @eq-a.\n"
	tests := []struct {
		name     string
		crossref map[string]any
		want     []string
		warnings []string
	}{
		{"alpha", map[string]any{"labels": "alpha a"}, []string{"Figure~c", "Theorem~b", "Equation~a", `<span class="caption-number">Figure c:</span>`}, nil},
		{"roman upper for figures", map[string]any{"labels": "roman i", "fig-labels": "roman"}, []string{"Figure~III", "Theorem~ii", "Equation~i"}, nil},
		{"alpha from A, by chapter", map[string]any{"fig-labels": "alpha A", "chapters": true}, []string{"Figure~1.C", "Theorem~1.2"}, nil},
		{"bad schemes", map[string]any{"labels": "greek", "fig-labels": 3, "thm-labels": "alpha ab", "sec-labels": "roman"}, []string{"Figure~3", "Theorem~2"},
			[]string{"front matter: crossref.fig-labels: not arabic, roman, roman i, alpha or alpha and a letter; left out",
				"front matter: crossref.labels: not arabic, roman, roman i, alpha or alpha and a letter; left out",
				"front matter: crossref.thm-labels: not arabic, roman, roman i, alpha or alpha and a letter; left out",
				`front matter: crossref: render does not read "sec-labels"`}},
	}
	nbsp := func(s string) string { return strings.ReplaceAll(s, "~", "\u00a0") }
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := NewIndex()
			x.Configure(map[string]any{"title": "Doc", "crossref": tt.crossref}, nil)
			x.Markdown(1, doc)
			var got []string
			for _, w := range x.Warnings() {
				got = append(got, w.Msg)
			}
			if g, w := strings.Join(got, "\n"), strings.Join(tt.warnings, "\n"); g != w {
				t.Errorf("warnings:\n%s\nwant:\n%s", g, w)
			}
			page := renderPage(t, x, doc)
			for _, w := range tt.want {
				if !strings.Contains(page, nbsp(w)) {
					t.Errorf("page lacks %s:\n%s", w, page)
				}
			}
		})
	}
}

// TestRoman checks roman against the numerals of a few numbers, and the
// bound its doc comment states.
func TestRoman(t *testing.T) {
	for n, want := range map[int]string{1: "I", 4: "IV", 9: "IX", 14: "XIV", 40: "XL", 90: "XC", 400: "CD", 1994: "MCMXCIV", 3999: "MMMCMXCIX", 0: "0"} {
		if got := roman(n, false); got != want {
			t.Errorf("roman(%d) = %s, want %s", n, got, want)
		}
	}
	if got := roman(14, true); got != "xiv" {
		t.Errorf("roman(14, lower) = %s, want xiv", got)
	}
	longest, at := 0, 0
	for n := 1; n <= MaxTargets; n++ {
		if l := len(roman(n, false)); l > longest {
			longest, at = l, n
		}
	}
	if longest != 21 || at != 9888 {
		t.Errorf("the longest numeral up to %d is %d's, %d letters; the doc comment says 9888's, 21", MaxTargets, at, longest)
	}
}
