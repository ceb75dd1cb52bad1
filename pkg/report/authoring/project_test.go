package authoring

import (
	"bytes"
	"fmt"
	"maps"
	"regexp"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/mathml"
	"github.com/yuin/goldmark"
	gmhtml "github.com/yuin/goldmark/renderer/html"
)

// site is a project of one-cell documents named "a", "b", "c"...,
// rendered as a site renders them: each recorded whole, all added to one
// Project, then each joined to it and written as a page and a post.
type site struct {
	pages, posts []string
	warnings     [][]Warning // each document's Check, once joined
	added        []string    // what Project.Add said
}

func buildSite(t testing.TB, myst bool, docs ...string) site {
	t.Helper()
	p := NewProject()
	var s site
	xs := make([]*Index, len(docs))
	for i, doc := range docs {
		xs[i] = NewIndex()
		xs[i].MyST = myst
		xs[i].Markdown(1, doc)
		s.added = append(s.added, p.Add(docPage(i), xs[i])...)
	}
	for i, doc := range docs {
		x := xs[i]
		x.Join(p, docPage(i).Name)
		s.warnings = append(s.warnings, x.Check())
		s.pages = append(s.pages, renderPage(t, x, doc))
		s.posts = append(s.posts, string(Post([]byte(doc), &mathml.Extender{}, &Blocks{}, &Refs{Index: x})))
	}
	return s
}

// docPage is the i-th document's page: "a", at a.html and a.md, of the
// notebook "a.md" titled "Page a".
func docPage(i int) Page {
	name := string(rune('a' + i))
	return Page{Name: name, URL: name + ".html", Post: name + ".md", File: name + ".md", Title: "Page " + name}
}

// threeDocs refer to each other's figures, equations, sections and
// theorems in MyST's forms and Quarto's.
var threeDocs = []string{
	"(sec-a)=\n## Alpha\n\n:::{figure} x.png\n:name: fig-a1\nA\n:::\n\n:::{figure} y.png\n:name: fig-a2\nB\n:::\n\n" +
		"See {numref}`fig-b1`, [](#eq-c), {ref}`sec-b`, {prf:ref}`thm-c`, [text](fig-b1), {numref}`Fig. %s <fig-b1>`, @fig-b1 and {ref}`nowhere`.\n",
	"(sec-b)=\n## Beta\n\n:::{figure} z.png\n:name: fig-b0\nZ\n:::\n\n:::{figure} z.png\n:name: fig-b1\nZ\n:::\n\nBack to {numref}`fig-a2`, {eq}`eq-c` and [](#fig-b1).\n",
	"$$ x $$ (eq-c0)\n\n$$ y $$ (eq-c)\n\n:::{prf:theorem}\n:label: thm-c\nT.\n:::\n\nSee [](#fig-a1) and [](#sec-a).\n",
}

// TestProjectRefs: a reference to a label another page of the project
// defines links to that page, page to page and post to post, with the
// number the target has on its own page; Quarto's "@fig-x" does so in a
// MyST document only, as Quarto resolves it across the chapters of a
// book alone.
func TestProjectRefs(t *testing.T) {
	nbsp := func(s string) string { return strings.ReplaceAll(s, "~", "\u00a0") }
	for _, myst := range []bool{false, true} {
		s := buildSite(t, myst, threeDocs...)
		pageWant := map[int][]string{
			0: {`<a class="ref" href="b.html#fig-b1">Figure~2</a>`, `<a class="ref" href="c.html#eq-c">(2)</a>`,
				`<a class="ref" href="b.html#sec-b">Beta</a>`, `<a class="ref" href="c.html#thm-c">Theorem~1</a>`,
				`<a href="b.html#fig-b1">text</a>`, `<a class="ref" href="b.html#fig-b1">Fig. 2</a>`,
				`<mark class="ref-missing" title="no target has this label">{ref}` + "`nowhere`</mark>"},
			1: {`<a class="ref" href="a.html#fig-a2">Figure~2</a>`, `<a class="ref" href="c.html#eq-c">(2)</a>`, `<a class="ref" href="#fig-b1">Figure~2</a>`},
			2: {`<a class="ref" href="a.html#fig-a1">Figure~1</a>`, `<a class="ref" href="a.html#sec-a">Alpha</a>`},
		}
		postWant := map[int][]string{
			0: {"[Figure~2](b.md#fig-b1)", "[(2)](c.md#eq-c)", "[Beta](b.md#sec-b)", "[Theorem~1](c.md#thm-c)", "[text](b.md#fig-b1)", "[Fig. 2](b.md#fig-b1)"},
			1: {"[Figure~2](a.md#fig-a2)", "[(2)](c.md#eq-c)", "[Figure~2](#fig-b1)"},
			2: {"[Figure~1](a.md#fig-a1)", "[Alpha](a.md#sec-a)"},
		}
		quarto := `<mark class="ref-missing ref-elsewhere" title="another page has this label; Quarto resolves references across documents in books only">?@fig-b1</mark>`
		if myst {
			quarto = `<a class="ref" href="b.html#fig-b1">Figure~2</a>`
		}
		pageWant[0] = append(pageWant[0], quarto)
		if !myst {
			postWant[0] = append(postWant[0], `<mark class="ref-missing ref-elsewhere">?@fig-b1</mark>`)
		}
		for i := range threeDocs {
			for _, w := range pageWant[i] {
				if !strings.Contains(s.pages[i], nbsp(w)) {
					t.Errorf("myst %v: page %c lacks %s:\n%s", myst, 'a'+i, w, s.pages[i])
				}
			}
			for _, w := range postWant[i] {
				if !strings.Contains(s.posts[i], nbsp(w)) {
					t.Errorf("myst %v: post %c lacks %s:\n%s", myst, 'a'+i, w, s.posts[i])
				}
			}
		}
		wantWarned := []string{"nowhere"}
		if !myst {
			wantWarned = append(wantWarned, "fig-b1")
		}
		var warned []string
		for _, w := range s.warnings[0] {
			warned = append(warned, w.Msg)
		}
		for _, label := range wantWarned {
			if !strings.Contains(strings.Join(warned, "\n"), "reference "+label+":") {
				t.Errorf("myst %v: page a warns %q, want a warning of %s", myst, warned, label)
			}
		}
		if len(warned) != len(wantWarned) {
			t.Errorf("myst %v: page a warns %q, want of %q only", myst, warned, wantWarned)
		}
		if len(s.warnings[1])+len(s.warnings[2])+len(s.added) > 0 {
			t.Errorf("myst %v: warnings %v %v %v", myst, s.warnings[1], s.warnings[2], s.added)
		}
	}
}

// TestProjectLinks: a link to another page's notebook links that page,
// and its post the other post, with the label after "#"; with no text it
// reads as mystmd writes it, the target's reference text or the page's
// title. A link to the page itself, to no notebook of the project, or
// with a fragment that is no label, is left as written or loses it.
func TestProjectLinks(t *testing.T) {
	nbsp := func(s string) string { return strings.ReplaceAll(s, "~", "\u00a0") }
	s := buildSite(t, true, "Links: [text](b.md), [](b.md), [](b.md#fig-b1), [see](c.md#eq-c), [](./c.md), [self](a.md), [x](nowhere.md), [y](b.md#a%22b) and [z](sub/../b.md).\n",
		threeDocs[1], threeDocs[2])
	for _, w := range []string{`<a href="b.html">text</a>`, `<a href="b.html">Page b</a>`, `<a href="b.html#fig-b1">Figure~2</a>`,
		`<a href="c.html#eq-c">see</a>`, `<a href="c.html">Page c</a>`, `<a href="a.md">self</a>`, `<a href="nowhere.md">x</a>`,
		`<a href="b.html">y</a>`, `<a href="b.html">z</a>`} {
		if !strings.Contains(s.pages[0], nbsp(w)) {
			t.Errorf("page lacks %s:\n%s", w, s.pages[0])
		}
	}
	for _, w := range []string{"[text](b.md)", "[Page b](b.md)", "[Figure~2](b.md#fig-b1)", "[see](c.md#eq-c)", "[Page c](c.md)",
		"[self](a.md)", "[x](nowhere.md)", "[y](b.md)", "[z](b.md)"} {
		if !strings.Contains(s.posts[0], nbsp(w)) {
			t.Errorf("post lacks %s:\n%s", w, s.posts[0])
		}
	}
}

// TestProjectAlone: without a project, or before Join, a document
// resolves its own labels only, as a single notebook's page does.
func TestProjectAlone(t *testing.T) {
	out, x := page(t, threeDocs[0])
	if strings.Contains(out, ".html#") || !strings.Contains(out, `<mark class="ref-missing" title="no target has this label">{numref}`) {
		t.Errorf("a document alone links another page:\n%s", out)
	}
	// One warning a label: fig-b1, eq-c, sec-b, thm-c, nowhere; "[text](fig-b1)"
	// names a file, as CommonMark reads it, when no target has the label.
	if n := len(x.Check()); n != 5 {
		t.Errorf("%d warnings, want 5: %v", n, x.Check())
	}
	x.Join(nil, "a")
	if n := len(x.Check()); n != 5 {
		t.Errorf("joined to no project: %d warnings, want 5", n)
	}
}

// TestProjectDuplicates: a label two pages define is each page's own
// target, names neither from a third page, and a reference to it from
// there is warned of naming both pages; the label alone is no fault.
func TestProjectDuplicates(t *testing.T) {
	fig := func(label string) string { return ":::{figure} x.png\n:name: " + label + "\nX\n:::\n\n" }
	s := buildSite(t, true,
		fig("fig-x")+"Own: [](#fig-x).\n",
		fig("fig-y")+fig("fig-x")+"Own: [](#fig-x).\n",
		"Other: [](#fig-x) and [](#fig-y).\n",
		fig("fig-x"),
	)
	if !strings.Contains(s.pages[0], `href="#fig-x">Figure`+"\u00a0"+`1<`) || !strings.Contains(s.pages[1], `href="#fig-x">Figure`+"\u00a0"+`2<`) {
		t.Errorf("a page's own label is not its own target:\n%s\n%s", s.pages[0], s.pages[1])
	}
	if !strings.Contains(s.pages[2], `<mark class="ref-missing" title="no target has this label">[](#fig-x)</mark>`) ||
		!strings.Contains(s.pages[2], `href="b.html#fig-y"`) {
		t.Errorf("page c:\n%s", s.pages[2])
	}
	if len(s.added) != 0 {
		t.Errorf("Add said %q of labels pages share", s.added)
	}
	for i, w := range s.warnings {
		var msgs []string
		for _, m := range w {
			msgs = append(msgs, m.Msg)
		}
		want := ""
		if i == 2 {
			want = "reference fig-x: 3 pages have this label (a and b first), and a reference from another page cannot choose; shown marked"
		}
		if strings.Join(msgs, "\n") != want {
			t.Errorf("page %c warned %q, want %q", 'a'+i, msgs, want)
		}
	}
}

// TestProjectHostile: a page whose address could run script or lead
// off the site is not recorded; a hostile reference across pages is
// marked and escaped as one in a page.
func TestProjectHostile(t *testing.T) {
	for _, pg := range []Page{
		{Name: "js", URL: "javascript:alert(1)", Post: "b.md"},
		{Name: "quote", URL: `b.html"><script>alert(1)</script>`, Post: "b.md"},
		{Name: "paren", URL: "b.html", Post: "b.md) [x](javascript:alert(1)"},
		{Name: "host", URL: "//evil.example/b.html", Post: "b.md"},
		{Name: "empty", URL: "", Post: "b.md"},
	} {
		p := NewProject()
		b := NewIndex()
		b.Markdown(1, ":::{figure} x.png\n:name: fig-b\nX\n:::\n")
		if msg := p.Add(pg, b); len(msg) != 1 || !strings.Contains(msg[0], "not a relative address") {
			t.Errorf("%s: Add said %q", pg.Name, msg)
		}
		a := NewIndex()
		a.Markdown(1, "See [](#fig-b).")
		a.Join(p, "a")
		if w := a.Check(); len(w) != 1 {
			t.Errorf("%s: a reference to a page not recorded warns %v", pg.Name, w)
		}
	}
	s := buildSite(t, true, "See {ref}`<img src=x onerror=alert(1)> <fig-\"><script>`, [](#\"><script>alert(1)</script>) and {numref}`%s <fig-b>`.\n",
		":::{figure} x.png\n:name: fig-b\n<script>alert(1)</script>\n:::\n")
	checkHTML(t, s.pages[0])
	// The post as a blog reads it, raw HTML on.
	var blog bytes.Buffer
	if err := goldmark.New(goldmark.WithRendererOptions(gmhtml.WithUnsafe())).Convert([]byte(s.posts[0]), &blog); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{s.pages[0], blog.String()} {
		if strings.Contains(out, "<script") || strings.Contains(out, "<img") {
			t.Errorf("markup across pages:\n%s", out)
		}
	}
	if !strings.Contains(s.pages[0], `href="b.html#fig-b">1</a>`) {
		t.Errorf("the well-formed reference is not resolved:\n%s", s.pages[0])
	}
}

// TestProjectBounded: a project holds at most MaxProjectTargets labels,
// says so once, and resolves those it holds.
func TestProjectBounded(t *testing.T) {
	p := NewProject()
	pages := MaxProjectTargets/MaxTargets + 1
	var said []string
	for i := range pages {
		x := NewIndex()
		for j := range MaxTargets {
			if _, err := x.Add(1, CounterFigure, fmt.Sprintf("fig-%d-%d", i, j), ""); err != nil {
				t.Fatal(err)
			}
		}
		said = append(said, p.Add(Page{Name: fmt.Sprint(i), URL: "p.html", Post: "p.md"}, x)...)
	}
	if len(said) != 1 || !strings.Contains(said[0], "more than 100000 labels") {
		t.Errorf("Add said %q", said)
	}
	x := NewIndex()
	x.Join(p, "other")
	if !x.has(fmt.Sprintf("fig-%d-%d", pages-2, MaxTargets-1), false) || x.has(fmt.Sprintf("fig-%d-0", pages-1), false) {
		t.Error("the project holds other labels than its first MaxProjectTargets")
	}
}

// BenchmarkProject records and joins a site of 100 pages of 100 labels
// each, every page referring to a label of each other.
func BenchmarkProject(b *testing.B) {
	const pages, labels = 100, 100
	xs := make([]*Index, pages)
	var refs strings.Builder
	for i := range pages {
		fmt.Fprintf(&refs, "[](#fig-%d-7) ", i)
	}
	for i := range xs {
		xs[i] = NewIndex()
		for j := range labels {
			if _, err := xs[i].Add(1, CounterFigure, fmt.Sprintf("fig-%d-%d", i, j), ""); err != nil {
				b.Fatal(err)
			}
		}
		xs[i].Markdown(2, refs.String())
	}
	b.ResetTimer()
	for range b.N {
		p := NewProject()
		for i, x := range xs {
			p.Add(Page{Name: fmt.Sprint(i), URL: fmt.Sprintf("p%d.html", i), Post: fmt.Sprintf("p%d.md", i)}, x)
		}
		for i, x := range xs {
			x.Join(p, fmt.Sprint(i))
			if w := x.Check(); len(w) > 0 {
				b.Fatal(w)
			}
		}
	}
}

// mystProject is a MyST project of two pages, b's targets numbered from
// its own first, that a refers to in every form mystmd resolves across
// pages.
var mystProject = map[string]string{
	"a.md": "---\ntitle: Page A\n---\n\n:::{figure} x.png\n:name: fig-a1\nFirst of A\n:::\n\n$$ x = 1 $$ (eq-a1)\n\n" +
		"See [](#fig-b1), {numref}`fig-b1`, {ref}`fig-b1`, {numref}`Fig. %s <fig-b1>`, {eq}`eq-b1`, [](#eq-b1), [](#sec-b), {ref}`sec-b`, {prf:ref}`thm-b`, [](#thm-b0), {ref}`text <fig-b0>` and [](#fig-a1).\n",
	"b.md": "---\ntitle: Page B\n---\n\n(sec-b)=\n## Section in B\n\n:::{figure} z.png\n:name: fig-b0\nZero of B\n:::\n\n:::{figure} z.png\n:name: fig-b1\nFirst of B\n:::\n\n" +
		"$$ z = 3 $$ (eq-b0)\n\n$$ z = 4 $$ (eq-b1)\n\n:::{prf:theorem} Other\n:label: thm-b0\nStatement.\n:::\n\n:::{prf:theorem}\n:label: thm-b\nStatement.\n:::\n",
}

// projectRef matches a resolved reference on our page, to this page or
// another.
var projectRef = regexp.MustCompile(`<a class="ref" href="[^"]*">([^<]*)</a>`)

// TestMystProject builds mystProject with mystmd (myst build --jats) and
// checks that a's references to b read as mystmd's: the number each
// target has on b, the section's title.
func TestMystProject(t *testing.T) {
	var theirs, ours []string
	for _, m := range xref.FindAllStringSubmatch(mystProjectJATS(t, maps.Clone(mystProject), "a"), -1) {
		theirs = append(theirs, m[1])
	}
	body := func(doc string) string { _, b, _ := strings.Cut(doc, "\n---\n"); return b }
	s := buildSite(t, true, body(mystProject["a.md"]), body(mystProject["b.md"]))
	for _, m := range projectRef.FindAllStringSubmatch(s.pages[0], -1) {
		ours = append(ours, m[1])
	}
	if len(theirs) != 12 || strings.Join(ours, " | ") != strings.Join(theirs, " | ") {
		t.Errorf("references differ from mystmd's:\nours   %q\nmystmd %q", ours, theirs)
	}
	if len(s.warnings[0]) > 0 {
		t.Errorf("warnings %v", s.warnings[0])
	}
}

// FuzzProject reads any Markdown as the first page of a project whose
// other pages define targets, as a site does: the page stays within a
// constant times the input, nothing it links or writes runs script, on
// the page or in the post as a blog reads it, and every address it
// links to another page is one of that page's.
func FuzzProject(f *testing.F) {
	for _, seed := range []string{
		threeDocs[0],
		"Links: [text](b.md), [](b.md), [](b.md#fig-b1), [see](c.md#eq-c), [](./c.md), [self](a.md), [y](b.md#a%22b), [z](sub/../b.md)",
		"[](b.md#\"><script>alert(1)</script>) [x](b.md#javascript:alert(1)) [](c.md?x#eq-c) [](/b.md) [](b.md#fig-b1#x)",
		"{numref}`<img src=x onerror=alert(1)> %s <fig-b1>` [](#fig-b0) {ref}`text <sec-b>` @fig-b1 [@fig-b1; @eq-c]",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 1<<14 {
			return
		}
		s := buildSite(t, true, src, threeDocs[1], threeDocs[2])
		if limit := 64*len(src) + 8192; len(s.pages[0]) > limit && !strings.Contains(src, "$") && !strings.Contains(src, "\\") {
			t.Fatalf("page of %d bytes from %d bytes of Markdown", len(s.pages[0]), len(src))
		}
		if limit := 16*len(src) + 4096; len(s.posts[0]) > limit {
			t.Fatalf("post of %d bytes from %d bytes of Markdown", len(s.posts[0]), len(src))
		}
		checkHTML(t, s.pages[0])
		for _, m := range otherPage.FindAllStringSubmatch(s.pages[0], -1) {
			if !validAnchor(m[2]) {
				t.Fatalf("link to %s%s in\n%s", m[1], m[2], s.pages[0])
			}
		}
		var blog bytes.Buffer
		if err := goldmark.New(goldmark.WithRendererOptions(gmhtml.WithUnsafe())).Convert([]byte(s.posts[0]), &blog); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(blog.String(), "<script") {
			t.Fatalf("script in the post as a blog reads it:\n%s", s.posts[0])
		}
	})
}

// otherPage matches a link on a page to another page of buildSite's
// project, "b.html" or "c.html", and what follows up to the quote.
var otherPage = regexp.MustCompile(`href="([bc]\.html)([^"]*)"`)

// validAnchor reports whether what follows a page's address in a link is
// nothing or "#" and a label.
func validAnchor(s string) bool {
	return s == "" || s[0] == '#' && ValidLabel(s[1:])
}
