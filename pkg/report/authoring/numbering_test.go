package authoring

import (
	"regexp"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/mathml"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// configuredPage renders one Markdown cell as a page does, the index
// configured from the front matter and the cell.
func configuredPage(t *testing.T, front map[string]any, body string) (string, *Index) {
	t.Helper()
	x := NewIndex()
	x.Configure(front, &notebook.Notebook{Cells: []*notebook.Cell{{Type: notebook.Markdown, Source: body}}})
	x.Markdown(1, body)
	return renderPage(t, x, body), x
}

// mystNumbering is a MyST document whose headings and displayed formulas
// mystmd numbers: formulas unlabelled and labelled, a {math} directive
// marked ":enumerated: false", \nonumber (which mystmd does not honour),
// an align of two rows (one number for the whole), and references to
// sections and equations in every form.
const mystNumbering = "## Intro\n\n(sec-a)=\n### Part A\n\n$$\nx = 1\n$$\n\n$$\ny = 2\n$$ (eq-one)\n\n" +
	"```{math}\n:enumerated: false\nz = 3\n```\n\n```{math}\nw = 4 \\nonumber\n```\n\n$$\nv = 5 \\nonumber\n$$\n\n" +
	"$$\n\\begin{align}\na &= b \\label{eq-row}\\\\\nc &= d\n\\end{align}\n$$\n\n```{math}\n:label: eq-dir\nu = 6\n```\n\n" +
	"(sec-b)=\n## Part B\n\nSee {numref}`sec-b`, {ref}`sec-a`, [](#sec-b), {numref}`Sec %s <sec-a>`, {eq}`eq-one`, [](#eq-one), {eq}`eq-row`, {eq}`eq-dir`.\n"

// jatsLabels matches the numbers of sections and formulas in mystmd's
// JATS, and tags matches them on our page.
var (
	jatsLabels = regexp.MustCompile(`<label>\(?([0-9.]+)\)?</label>`)
	pageLabels = regexp.MustCompile(`<span class="header-section-number">([0-9.]+)</span>|<mtext>\(([0-9]+)\)</mtext>|<span class="equation-number">\(([0-9]+)\)</span>`)
)

// TestMystNumbering builds mystNumbering with mystmd (myst build --jats,
// offline), with numbering: {headings: true} and without, and checks
// that the page numbers the same sections and formulas the same way and
// that every reference reads as mystmd's.
func TestMystNumbering(t *testing.T) {
	for _, tt := range []struct {
		name, front string
		fields      map[string]any
		body        string
	}{
		{"headings", "numbering:\n  headings: true\n", map[string]any{"title": "T", "numbering": map[string]any{"headings": true}}, mystNumbering},
		{"default", "", map[string]any{"title": "T"}, mystNumbering},
		// With a title of its own, the first level-1 heading is a section.
		{"level 1", "numbering:\n  headings: true\n", map[string]any{"title": "T", "numbering": map[string]any{"headings": true}},
			"# One\n\n(a)=\n## A\n\n# Two\n\n$$ x $$\n\nSee [](#a).\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			jats := mystJATS(t, "---\ntitle: T\n"+tt.front+"---\n\n"+tt.body)
			var theirs, theirRefs []string
			for _, m := range jatsLabels.FindAllStringSubmatch(jats, -1) {
				theirs = append(theirs, m[1])
			}
			for _, m := range xref.FindAllStringSubmatch(jats, -1) {
				theirRefs = append(theirRefs, m[1])
			}
			page, x := configuredPage(t, tt.fields, tt.body)
			if !x.MyST {
				t.Fatal("the document is not read as MyST")
			}
			var ours, ourRefs []string
			for _, m := range pageLabels.FindAllStringSubmatch(page, -1) {
				ours = append(ours, m[1]+m[2]+m[3])
			}
			for _, m := range ourRef.FindAllStringSubmatch(page, -1) {
				ourRefs = append(ourRefs, m[1])
			}
			if strings.Join(ours, " ") != strings.Join(theirs, " ") {
				t.Errorf("numbers differ from mystmd's:\nours   %q\nmystmd %q", ours, theirs)
			}
			if strings.Join(ourRefs, " | ") != strings.Join(theirRefs, " | ") {
				t.Errorf("references differ from mystmd's:\nours   %q\nmystmd %q", ourRefs, theirRefs)
			}
		})
	}
}

// TestConfigure checks which documents are read as MyST and which
// number their sections.
func TestConfigure(t *testing.T) {
	tests := []struct {
		name             string
		front            map[string]any
		markdown         string
		myst, numbersecs bool
	}{
		{"plain", nil, "# T\n\n$$ x $$\n", false, false},
		{"quarto front", map[string]any{"number-sections": true}, "```{note}\nx\n```\n", false, true},
		{"myst front", map[string]any{"numbering": map[string]any{"headings": true}}, "@fig-x", true, true},
		{"myst numbering true", map[string]any{"numbering": true}, "", true, false},
		{"myst numbering headings", map[string]any{"numbering": "headings"}, "", true, false},
		{"directive", nil, ":::{note}\nx\n:::\n", true, false},
		{"backtick directive", nil, "```{math}\nx\n```\n", true, false},
		{"role", nil, "See {eq}`eq-x`.", true, false},
		{"target", nil, "(sec-x)=\n## X\n", true, false},
		{"quarto div", nil, "::: {.callout-note}\nx\n:::\n\n{eq}`x`", false, false},
		{"quarto ref", nil, "(sec-x)=\n## X\n\nSee @sec-x.", false, false},
		{"quarto label", nil, "$$ x $$ {#eq-x}\n\n{eq}`eq-x`", false, false},
		{"quarto ref in brackets", nil, "{ref}`x` [-@fig-a]", false, false},
		{"quarto front wins", map[string]any{"format": "html"}, "{ref}`x`", false, false},
	}
	for _, tt := range tests {
		x := NewIndex()
		x.Configure(tt.front, &notebook.Notebook{Cells: []*notebook.Cell{nil, {Type: notebook.Code, Source: "{ref}`x`"}, {Type: notebook.Markdown, Source: tt.markdown}}})
		if x.MyST != tt.myst || x.NumberSections != tt.numbersecs {
			t.Errorf("%s: MyST %v, NumberSections %v; want %v, %v", tt.name, x.MyST, x.NumberSections, tt.myst, tt.numbersecs)
		}
	}
}

// TestNumberingPost checks the post of numbered documents: MyST's
// section numbers, equations each tagged (an align's last row), and
// references; Quarto's section references with number-sections.
func TestNumberingPost(t *testing.T) {
	for _, tt := range []struct {
		name  string
		front map[string]any
		doc   string
		want  []string
	}{
		{"myst", map[string]any{"numbering": map[string]any{"headings": true}}, mystNumbering, []string{
			"## 1 Intro", "### 1.1 Part A", "$$\nx = 1 \\tag{1}\n$$", `<a id="eq-one"></a>` + "\n\n$$\ny = 2 \\tag{2}\\label{eq-one}\n$$",
			"c &= d\n\\tag{5}\\end{align*}\n$$", "[Section\u00a01.1](#sec-a)", "[(2)](#eq-one)",
		}},
		{"quarto", map[string]any{"number-sections": true}, "## Intro {#sec-i}\n\n### Sub {#sec-s}\n\n$$ x $$\n\nSee @sec-s and [@sec-i; @sec-s].", []string{
			"## 1 Intro", "### 1.1 Sub", "$$ x $$", "See [Section\u00a01.1](#sec-s) and [Section\u00a01](#sec-i), [Section\u00a01.1](#sec-s).",
		}},
	} {
		x := NewIndex()
		x.Configure(tt.front, &notebook.Notebook{Cells: []*notebook.Cell{{Type: notebook.Markdown, Source: tt.doc}}})
		x.Markdown(1, tt.doc)
		post := string(Post(mathml.JoinLines([]byte(tt.doc)), &mathml.Extender{}, &Blocks{}, &Refs{Index: x}))
		for _, want := range tt.want {
			if !strings.Contains(post, want) {
				t.Errorf("%s: post lacks\n%s\n%s", tt.name, want, post)
			}
		}
	}
}

// TestMystTexts builds every admonition and theorem-like kind with
// mystmd and checks that their titles read as ours: "See Also", not "See
// also". mystmd numbers proofs, "Proof 1", where sphinx-proof and Quarto
// do not and neither do we, so a proof's lead is left out.
func TestMystTexts(t *testing.T) {
	var doc strings.Builder
	doc.WriteString("---\ntitle: T\n---\n\n")
	var want []string
	for _, k := range []string{"note", "tip", "warning", "caution", "important", "attention", "danger", "error", "hint", "seealso"} {
		doc.WriteString(":::{" + k + "}\nBody.\n:::\n\n")
		want = append(want, calloutTypes[k])
	}
	for _, k := range []string{"theorem", "lemma", "corollary", "proposition", "conjecture", "definition", "example", "remark", "axiom", "criterion", "algorithm", "property", "observation", "assumption"} {
		doc.WriteString(":::{prf:" + k + "}\nBody.\n:::\n\n")
		want = append(want, typeNames[k]+" 1")
	}
	jats := mystJATS(t, doc.String())
	var theirs []string
	for _, m := range regexp.MustCompile(`<caption>\s*<title>([^<]*)</title>|<label>([^<(]*)</label>`).FindAllStringSubmatch(jats, -1) {
		theirs = append(theirs, m[1]+m[2])
	}
	if strings.Join(theirs, " | ") != strings.Join(want, " | ") {
		t.Errorf("titles differ from mystmd's:\nours   %q\nmystmd %q", want, theirs)
	}
}
