package markdown

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/grundylab/grundy/internal/browsertest"
	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/bib"
	"github.com/grundylab/grundy/pkg/report/cellopts"
	"github.com/grundylab/grundy/pkg/report/htmlpage"
	"github.com/grundylab/grundy/pkg/report/internal/reporttest"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// constructsMarkdown holds issue 31's constructs in Quarto's and MyST's
// forms, each with a text the reader must see.
var constructsMarkdown = []string{
	"## Intro {#sec-intro}\n\nSee @thm-sg, {prf:ref}`lem-mex`, @fig-plot, {numref}`fig-myst`, @tbl-v, @eq-energy, {eq}`eq-myst`, @sec-intro, [](#tgt) and [@knuth1984].",
	"::: {#thm-sg}\n## Sprague–Grundy\nEvery impartial game is a nim heap.\n:::\n\n::: {.proof}\nBy induction on the options.\n:::",
	":::{prf:lemma} Mex\n:label: lem-mex\nThe mex of a finite set exists.\n:::",
	"::: {.callout-tip collapse=\"true\"}\n## Hint text\nFolded hint body.\n:::\n\n:::{note}\nA MyST note body.\n:::",
	"```{admonition} Drop title\n:class: dropdown\nDropdown body text.\n```\n\n> [!WARNING]\n> Alert body text.",
	"::: {.panel-tabset}\n## Go tab\nGo tab body.\n## Python tab\nPython tab body.\n:::",
	"::::{tab-set}\n:::{tab-item} Left tab\nLeft tab body.\n:::\n:::{tab-item} Right tab\nRight tab body.\n:::\n::::\n\nAs {cite:t}`knuth1984` writes.",
	"$$\nE = mc^2\n$$ {#eq-energy}\n\n```{math}\n:label: eq-myst\na + b\n```",
	"| n | g |\n|---|---|\n| 1 | 1 |\n\n: Values of g {#tbl-v}",
	"(tgt)=\n### Target heading\n\n:::{figure} fish.png\n:name: fig-myst\nA MyST figure caption.\n:::",
}

// constructsView returns the view of a Go notebook that holds every
// construct, a labelled figure (refsNotebook's), a folded cell and a
// bibliography.
func constructsView(t *testing.T) (*report.View, string) {
	t.Helper()
	dir := t.TempDir()
	reporttest.WriteFile(t, dir, "fish.png", []byte("\x89PNG\r\n\x1a\n"))
	nb := refsNotebook(constructsMarkdown...)
	png := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}}
	png.Data.SetText("image/png", "iVBORw0KGgo=")
	table := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}}
	table.Data.SetText("text/html", "<table><tr><td>cell of the cell's table</td></tr></table>")
	folded := &notebook.Cell{Type: notebook.Code, Source: "folded := 1", Metadata: notebook.Metadata{},
		Outputs: []*notebook.Output{{Type: notebook.Stream, Name: "stdout", Text: "out\n"}}}
	_ = folded.Metadata.Set("tags", []string{cellopts.HideInput})
	nb.Cells = append(nb.Cells, folded,
		&notebook.Cell{Type: notebook.Code, Source: "fish()", Outputs: []*notebook.Output{png}, Metadata: notebook.Metadata{
			"mystnb": json.RawMessage(`{"image": {"classes": "shadow bg-primary", "alt": "A fish"}, "figure": {"caption": "Fish caption.\n\nFish legend."}}`)}},
		&notebook.Cell{Type: notebook.Code, Source: "//| label: tbl-cell\n//| tbl-cap: Caption above\ntable()", Outputs: []*notebook.Output{table}})
	db, err := bib.Parse([]byte("@article{knuth1984, author = {Knuth, Donald E.}, title = {Literate Programming}, journal = {The Computer Journal}, volume = {27}, number = {2}, pages = {97--111}, year = {1984}}"))
	if err != nil {
		t.Fatal(err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { root.Close() })
	v, err := report.NewView(nb, report.ViewOptions{Name: "constructs", ModTime: modTime, Bibliography: db, Local: root.FS()})
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Warnings) > 0 {
		t.Errorf("warnings %q", v.Warnings)
	}
	return v, dir
}

// TestConstructsInBlogs builds the post of every construct with Hugo and
// Jekyll and opens it, and our page, in headless Chromium: the numbers,
// titles and texts show as on our page, references link to their
// targets, the references end the post (a proof ends with ∎, which our
// page's stylesheet adds), a folded part opens on a click,
// both tabs are readable without script, and MathJax typesets the
// formulas, their number (1) among them; an image keeps its classes, a
// cell's table has its caption above it, a figure its legend below.
func TestConstructsInBlogs(t *testing.T) {
	v, dir := constructsView(t)
	post := Render(v)
	page, err := htmlpage.Render(v, htmlpage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	pages := map[string][]byte{}
	for _, s := range []blogSite{hugoSite, jekyllSite} {
		if html, ok := s.html(t, map[string][]byte{"constructs": post.Text}); ok {
			pages[s.title] = html["constructs"]
		}
	}
	if len(pages) == 0 {
		t.Skip("no hugo and no jekyll; the test runs in CI")
	}
	b := browsertest.Start(t, 3*time.Minute)
	mathjax := haveMathJax(t)
	for _, f := range post.Files {
		reporttest.WriteFile(t, dir, f.Path, f.Data)
	}
	texts := []string{
		"Theorem 1 (Sprague–Grundy)", "Every impartial game is a nim heap.", "Proof", "Lemma 1 (Mex)",
		"Hint text", "A MyST note body.", "Drop title", "Alert body text.", "Go tab", "Python tab", "Left tab", "Right tab", "Knuth (1984) writes",
		"Figure 1", "Figure 2", "Table 1", "Values of g", "Target heading", "References", "Knuth", "Literate Programming",
	}
	// The MyST figure comes first, so the cell's is Figure 2; a section
	// of a notebook without number-sections is named by its title.
	links := map[string]string{"thm-sg": "Theorem 1", "lem-mex": "Lemma 1", "fig-myst": "Figure 1", "fig-plot": "Figure 2",
		"tbl-v": "Table 1", "eq-energy": "Equation 1", "eq-myst": "(2)", "sec-intro": "Intro", "tgt": "Target heading",
		"ref-knuth1984": "Knuth 1984"}
	for name, html := range pages {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, name+".html")
			head := ""
			if mathjax {
				head = mathjaxHead
			}
			writeHTML(t, path, head, html)
			visit := b.Visit(t, path)
			if len(visit.Pwned) > 0 || len(visit.Dialogs) > 0 {
				t.Errorf("script ran: %v %v", visit.Pwned, visit.Dialogs)
			}
			shown := evalJS[string](t, b, `document.body.innerText`)
			for _, want := range append(texts, "∎", "Folded hint body.", "Dropdown body text.", "Go tab body.", "Python tab body.", "Left tab body.", "Right tab body.") {
				if !strings.Contains(shown, want) {
					t.Errorf("%s shows no %q", name, want)
				}
			}
			for id, text := range links {
				if !evalJS[bool](t, b, `[...document.querySelectorAll('a[href="#`+id+`"]')].some(a => a.innerText.replace(/\s/g, " ").includes("`+text+`")) && !!document.getElementById("`+id+`")`) {
					t.Errorf("%s: no link %q to an element #%s", name, text, id)
				}
			}
			folded := evalJS[[2]bool](t, b, `(() => { const d = [...document.querySelectorAll("details")].find(d => d.innerText.includes("folded := 1") || d.textContent.includes("folded := 1"));
				if (!d) return [false, false];
				const code = d.querySelector("pre"); const before = code.checkVisibility();
				d.querySelector("summary").click(); return [before, code.checkVisibility()] })()`)
			if folded[0] || !folded[1] {
				t.Errorf("%s: the folded source is shown before a click %v, after %v; want hidden, then shown", name, folded[0], folded[1])
			}
			if !evalJS[bool](t, b, `!!document.querySelector('img.shadow.bg-primary[alt="A fish"]')`) {
				t.Errorf("%s: the image's classes are lost", name)
			}
			if !evalJS[bool](t, b, `(() => { const t = document.body.innerText; const c = t.indexOf("Table 2: Caption above"), d = t.indexOf("cell of the cell's table");
				return c >= 0 && d > c && t.indexOf("Fish caption.") < t.indexOf("Fish legend.") })()`) {
				t.Errorf("%s: the cell's table caption is not above its table, or the legend not after its caption", name)
			}
			if mathjax {
				typeset := evalJS[int](t, b, `document.querySelectorAll(".MathJax_CHTML, .MathJax_Display, mjx-container").length`)
				if typeset < 2 || strings.Contains(shown, `\tag`) || !strings.Contains(shown, "(1)") {
					t.Errorf("%s: %d formulas typeset, number (1) shown %v, \\tag shown %v", name, typeset, strings.Contains(shown, "(1)"), strings.Contains(shown, `\tag`))
				}
			}
		})
	}
	t.Run("our page", func(t *testing.T) {
		path := filepath.Join(dir, "ours.html")
		if err := os.WriteFile(path, page, 0o644); err != nil {
			t.Fatal(err)
		}
		b.Visit(t, path)
		text := evalJS[string](t, b, `document.body.textContent`)
		for _, want := range texts {
			if !strings.Contains(text, want) {
				t.Errorf("our page shows no %q", want)
			}
		}
		if !evalJS[bool](t, b, `!!document.querySelector('figure.shadow.bg-primary img[alt="A fish"]') && document.body.textContent.indexOf("Table 2: Caption above") < document.body.textContent.indexOf("cell of the cell's table")`) {
			t.Errorf("our page: the image's classes are lost, or the table's caption is not above it")
		}
		for id := range links {
			if !evalJS[bool](t, b, `!!document.querySelector('a[href="#`+id+`"]') && !!document.getElementById("`+id+`")`) {
				t.Errorf("our page: no link to an element #%s", id)
			}
		}
	})
}

// evalJS returns the value of a script run in the browser's page.
func evalJS[T any](t *testing.T, b *browsertest.Browser, js string) T {
	t.Helper()
	v, err := chromedp.Run(b.Context(), chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatal(err)
	}
	return v
}
