package authoring

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// mystDoc is a MyST document with every kind of target mystmd numbers,
// and a reference to each in every form, in order. Its displayed
// formulas are labelled, so that Quarto's rule, which the page here
// follows, and mystmd's give the same numbers; TestMystNumbering checks
// mystmd's own rule, for unlabelled ones too.
const mystDoc = `---
title: Numbers
---

(sec-intro)=
## Intro

$$ a = b $$ (eq-ab)

$$
e = f
\label{eq-ef}
$$

` + "```{math}\n:label: eq-g\ng = h\n```\n\n```{math}\ni = j\n```\n\n" + `:::{figure} x.png
:name: fig-x
A caption
:::

:::{prf:theorem} Title
:label: thm-a
Statement.
:::

:::{prf:lemma}
:label: lem-a
Statement.
:::

$$ k = l $$ (eq-kl)

:::{prf:theorem}
:label: thm-b
Statement.
:::

:::{figure} y.png
:name: fig-y
Another
:::

` + "```{list-table} A table\n:name: tbl-a\n* - a\n  - b\n```\n\n```{list-table} Another table\n:name: tbl-b\n* - c\n  - d\n```\n" + `
## Second

See {numref}` + "`fig-x`, {numref}`fig-y`, {eq}`eq-ab`, {eq}`eq-ef`, {eq}`eq-g`, {eq}`eq-kl`, {ref}`sec-intro`, {prf:ref}`thm-b`, {prf:ref}`lem-a`, {numref}`tbl-b`, [](#thm-a), [](#eq-kl), [](#sec-intro), {numref}`Fig %s <fig-y>`, {numref}`Thm {number} <thm-b>`, {ref}`text <fig-x>`, [](#tbl-a), {ref}`fig-y`, {ref}`thm-a`, [](#fig-x), {numref}`tbl-a`." + `
`

// needTool returns the path of a command, skipping the test without it
// unless CI is set, where it fails.
func needTool(t *testing.T, name, install string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil && name == "myst" {
		path, err = exec.LookPath("/opt/myst/node_modules/.bin/myst")
	}
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("no %s on PATH; CI must install it (%s)", name, install)
		}
		t.Skipf("no %s on PATH (%s); the comparison runs in CI", name, install)
	}
	return path
}

// mystJATS builds doc, a MyST document, with mystmd (myst build --jats,
// which works offline) and returns its JATS; the test skips without
// mystmd, and fails without it when CI is set.
func mystJATS(t *testing.T, doc string) string {
	t.Helper()
	return mystProjectJATS(t, map[string]string{"doc.md": doc}, "doc")
}

// mystProjectJATS writes the files of a MyST project, by name, beside a
// myst.yml, builds the page name.md with mystmd and returns its JATS, as
// mystJATS does.
func mystProjectJATS(t *testing.T, files map[string]string, name string) string {
	t.Helper()
	myst := needTool(t, "myst", "npm install -g mystmd")
	dir := t.TempDir()
	files["myst.yml"] = "version: 1\nproject: {}\n"
	for file, text := range files {
		if err := os.WriteFile(filepath.Join(dir, file), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(myst, "build", name+".md", "--jats")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir, "MYST_NO_UPDATE_CHECK=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("myst build: %v\n%s", err, out)
	}
	jats, err := os.ReadFile(filepath.Join(dir, "_build", "exports", name+".xml"))
	if err != nil {
		t.Fatal(err)
	}
	return string(jats)
}

// xref matches a resolved reference in mystmd's JATS.
var xref = regexp.MustCompile(`<xref [^>]*>([^<]*)</xref>`)

// ourRef matches a resolved reference on our page.
var ourRef = regexp.MustCompile(`<a class="ref" href="#[^"]*">([^<]*)</a>`)

// TestMystNumbers builds mystDoc with mystmd (myst build --jats, which
// works offline) and checks that every reference reads as mystmd's: the
// same numbers for figures, equations, tables, theorems and lemmas, the
// same texts for sections, templates and links.
func TestMystNumbers(t *testing.T) {
	if n := sameRefsAsMystmd(t, mystDoc); n != 21 {
		t.Errorf("mystmd resolved %d references, want 21", n)
	}
}

// mystTargets holds the targets that take no number: an {image} (the
// figure after it is Figure 1 all the same), one in a list table's
// cell, an {index} entry's :name: before a paragraph and before a
// heading, and "(label)=" before a paragraph, a list, a quote and a
// definition list (read by its first term, also as "@label"), and
// figures whose labels are quoted YAML strings.
const mystTargets = `---
title: Targets
---

` + "```{image} a.png\n:name: img-a\n:alt: A\n:width: 200px\n:align: center\n:class: shadow\n```\n\n```{figure} b.png\n:name: fig-b\nCaption.\n```\n\n" +
	"```{list-table} Cells\n:name: tbl-c\n* - ```{image} c.png\n    :name: img-c\n    ```\n  - text\n```\n\n" +
	"```{index} Grundy value\n:name: idx-para\n```\n\nA paragraph.\n\n```{index} Heading entry\n:name: idx-head\n```\n\n## A heading\n\n" +
	"(t-para)=\n\nAnother paragraph.\n\n(t-list)=\n\n- an item\n\n(t-quote)=\n\n> a quote\n\n(t-dl)=\n\nFirst term\n: its definition\n\nSecond\n: more\n\n" +
	"```{figure} q.png\n:name: \"fig-q\"\nQ.\n```\n\n```{figure} r.png\n:label: 'fig-r'\nR.\n```\n\n" +
	"See {ref}`img-a`, {numref}`img-a`, [](#img-a), {numref}`fig-b`, {ref}`img-c`, [](#img-c), {numref}`Image %s <img-c>`, {ref}`own <img-a>`, {numref}`tbl-c`, " +
	"{ref}`idx-para`, [](#idx-para), {ref}`idx-head`, [](#idx-head), {ref}`t-para`, [](#t-list), {ref}`t-quote`, {ref}`t-dl`, [](#t-dl), @t-dl, {numref}`fig-q`, [](#fig-r).\n"

// TestMystTargets checks the targets of mystTargets against mystmd: an
// {image} reads "Image" and takes no number, a target at a paragraph
// "Paragraph", at a heading its title.
func TestMystTargets(t *testing.T) {
	if n := sameRefsAsMystmd(t, mystTargets); n != 21 {
		t.Errorf("mystmd resolved %d references, want 21", n)
	}
}

// mystSubfigures holds figures whose body holds several images: Markdown
// images with and without a "(label)=" target, an {image} and a {figure}
// inside a figure. mystmd makes each a subfigure, "Figure 2a", and a
// {figure} inside another takes no number of its own.
const mystSubfigures = `---
title: Subfigures
---

:::{figure} z.png
:name: fig-first
First
:::

::::{figure}
:label: fig-ab

(fig-a)=
![Left caption](a.png)

![Right caption](b.png)

Overall caption
::::

::::{figure}
:label: fig-cd

![C caption](c.png)
![D caption](https://example.org/d.png)

Two on consecutive lines
::::

` + "````{figure}\n:name: fig-ef\n\n```{image} e.png\n:name: img-e\n```\n\n```{figure} f.png\n:name: fig-f\nF caption\n```\n\nEF caption\n````\n\n" + `:::{figure} g.png
:name: fig-g
Last
:::

See {numref}` + "`fig-ab`, {numref}`fig-a`, {ref}`fig-a`, [](#fig-a), {numref}`Fig %s <fig-a>`, {numref}`fig-ef`, [](#img-e), {numref}`img-e`, [](#fig-f), {numref}`fig-f`, [](#fig-first), [](#fig-g), [@fig-cd-a], [](#fig-cd-b), {numref}`fig-cd`.\n"

// TestMystSubfigures checks the references of mystSubfigures against
// mystmd's.
func TestMystSubfigures(t *testing.T) {
	if n := sameRefsAsMystmd(t, mystSubfigures); n != 15 {
		t.Errorf("mystmd resolved %d references, want 15", n)
	}
}

// TestMystSubfigureForms: the page shows mystSubfigures' subfigures in
// the figure's body, each with its letter, the figure's caption after
// them; the post writes each subfigure's image and its "*(a)*" line, then
// the figure's caption.
func TestMystSubfigureForms(t *testing.T) {
	_, body, _ := strings.Cut(mystSubfigures, "\n---\n")
	out, x := page(t, body)
	post := string(Post([]byte(body), &Blocks{}, &Refs{Index: x}))
	for _, tt := range []struct{ in, want string }{
		{out, `<figure id="fig-ab" class="figure subfigures">` + "\n" + `<div class="float-body">` + "\n" + `<div class="target" id="fig-a"></div>` + "\n" +
			`<figure class="figure subfigure"><img src="a.png" alt="Left caption">` + "\n" + `<figcaption><span class="caption-number">(a)</span> <p>Left caption</p>`},
		{out, `</div>` + "\n" + `<figcaption><span class="caption-number">Figure 2:</span> <p>Overall caption</p>`},
		{out, `<figure id="img-e" class="figure subfigure"><img src="e.png" alt="">` + "\n" + `<figcaption><span class="caption-number">(a)</span></figcaption>`},
		{out, `<figure id="fig-f" class="figure subfigure"><img src="f.png" alt="">` + "\n" + `<figcaption><span class="caption-number">(b)</span> <p>F caption</p>`},
		{post, "<a id=\"fig-a\"></a>\n\n![Left caption](a.png)\n\n*(a)* Left caption\n"},
		{post, "![Right caption](b.png)\n\n*(b)* Right caption\n"},
		{post, "\n*Figure 2:* Overall caption\n"},
		{post, "<a id=\"fig-f\"></a>![](f.png)\n\n*(b)* F caption\n"},
		{post, "[Figure\u00a02a](#fig-a)"},
	} {
		if !strings.Contains(tt.in, tt.want) {
			t.Errorf("want\n%s\nin\n%s", tt.want, tt.in)
		}
	}
}

// TestMystFigureOwnImage: a figure with an image of its own and one in
// its body letters its own (a), as mystmd does; a figure with one image
// in its body and none of its own shows it as its image, a target before
// it reading "Image".
func TestMystFigureOwnImage(t *testing.T) {
	doc := "---\ntitle: Own\n---\n\n:::{figure}\n:label: fig-one\n(fig-o)=\n![Only](a.png)\n\nCaption one\n:::\n\n" +
		":::{figure} q.png\n:label: fig-q\n(fig-q1)=\n![Inner](b.png)\n\nCaption q\n:::\n\nSee [](#fig-one), [](#fig-o), [](#fig-q), [](#fig-q1).\n"
	if n := sameRefsAsMystmd(t, doc); n != 4 {
		t.Errorf("mystmd resolved %d references, want 4", n)
	}
	_, body, _ := strings.Cut(doc, "\n---\n")
	out, _ := page(t, body)
	for _, want := range []string{
		`<div class="image"><img src="a.png" alt="Only">`,
		`<figure class="figure subfigure">` + "\n" + `<img src="q.png" alt="">` + "\n" + `<figcaption><span class="caption-number">(a)</span></figcaption>`,
		`<span class="caption-number">(b)</span> <p>Inner</p>`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("page lacks\n%s\nin\n%s", want, out)
		}
	}
}

// TestMystFigureLegend: a {figure}'s caption is the first paragraph of
// its body, the blocks after it its legend, as docutils reads it: the page shows the legend after the <figcaption>, the post after
// the caption's line; numbers and references read as mystmd's.
func TestMystFigureLegend(t *testing.T) {
	doc := "---\ntitle: Legend\n---\n\n:::{figure} a.png\n:name: fig-a\nThe caption.\n\nThe legend.\n\n- an item\n:::\n\n" +
		"::::{figure}\n:label: fig-b\n![L](b.png)\n\n![R](c.png)\n\nCaption b.\n\nLegend b.\n::::\n\n:::{figure} d.png\n:name: fig-d\n- a list first\n\nThen text.\n:::\n\n" +
		"See [](#fig-a), [](#fig-b), [](#fig-b-a), {numref}`fig-d`.\n"
	if n := sameRefsAsMystmd(t, doc); n != 4 {
		t.Errorf("mystmd resolved %d references, want 4", n)
	}
	_, body, _ := strings.Cut(doc, "\n---\n")
	out, x := page(t, body)
	post := string(Post([]byte(body), &Blocks{}, &Refs{Index: x}))
	inOrder(t, "page", out, []string{
		`<figure id="fig-a" class="figure"><img src="a.png" alt="">` + "\n" + `<figcaption><span class="caption-number">Figure 1:</span> <p>The caption.</p>` + "\n</figcaption>\n" +
			`<div class="legend">` + "\n<p>The legend.</p>\n<ul>\n<li>an item</li>\n</ul>\n</div>\n</figure>",
		`<span class="caption-number">Figure 2:</span> <p>Caption b.</p>` + "\n</figcaption>\n" + `<div class="legend">` + "\n<p>Legend b.</p>\n</div>\n</figure>",
		`<figcaption><span class="caption-number">Figure 3:</span> <ul>` + "\n<li>a list first</li>\n</ul>\n<p>Then text.</p>\n</figcaption>\n</figure>",
	})
	inOrder(t, "post", post, []string{
		"*Figure 1:* The caption.\n\nThe legend.\n\n- an item\n",
		"*Figure 2:* Caption b.\n\nLegend b.\n",
	})
}
