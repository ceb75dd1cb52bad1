package htmlpage

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// panelNotebook returns a Python notebook whose code cell, with the
// options given, shows n images, then a Markdown cell.
func panelNotebook(options string, n int, md string) *notebook.Notebook {
	nb := notebook.New()
	nb.Metadata["kernelspec"] = json.RawMessage(`{"name": "python3", "language": "python"}`)
	c := &notebook.Cell{Type: notebook.Code, Source: options + "plot()"}
	for range n {
		png := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}}
		png.Data.SetText("image/png", "iVBORw0KGgo=")
		c.Outputs = append(c.Outputs, png)
	}
	nb.Cells = []*notebook.Cell{c, {Type: notebook.Markdown, Source: md}}
	return nb
}

// imageData matches an image's data or the class that names it, left
// out of the pages compared.
var imageData = regexp.MustCompile(`(?:src|class)="(?:data:|file-)[^"]*"`)

// TestPanels: a cell's subfigures are one <figure>, labelled with the
// cell's label, its panels in the rows and cells of its layout (a
// spacer before the second), each panel lettered and labelled, the
// figure's caption after them; a reference to a panel reads "Figure 1
// (b)". Without a layout the panels are a grid of their own.
func TestPanels(t *testing.T) {
	nb := panelNotebook("#| label: fig-plots\n#| fig-cap: Plots of *g*\n#| fig-alt: [One, Two, Three]\n#| fig-subcap: [Plot 1, Plot 2, Plot 3]\n#| layout: [[40,-20,40], [100]]\n", 3, "See @fig-plots-2 and -@fig-plots-3 in @fig-plots.")
	page := imageData.ReplaceAllString(string(renderPage(t, nb, report.ViewOptions{})), `src="…"`)
	for _, want := range []string{
		`<figure class="panels" id="fig-plots">` + "\n" + `<div class="float-body">` + "\n" + `<div class="layout-row">` + "\n" +
			`<div class="layout-cell layout-align-center" style="flex-basis: 40.000%">` + "\n" + `<figure class="output image" id="fig-plots-1"><img src="…" alt="One">` + "\n" +
			`<figcaption>(a) Plot 1</figcaption></figure>` + "\n</div>\n" +
			`<div class="layout-spacer" style="flex-basis: 20.000%"></div>` + "\n" + `<div class="layout-cell layout-align-center" style="flex-basis: 40.000%">` + "\n" +
			`<figure class="output image" id="fig-plots-2">`,
		`<figcaption>(b) Plot 2</figcaption></figure>` + "\n</div>\n</div>\n" + `<div class="layout-row">` + "\n" + `<div class="layout-cell layout-align-center" style="flex-basis: 100.000%">` + "\n" +
			`<figure class="output image" id="fig-plots-3">`,
		`<figcaption>(c) Plot 3</figcaption></figure>` + "\n</div>\n</div>\n</div>\n" + `<figcaption>Figure 1: Plots of <em>g</em></figcaption>` + "\n</figure>",
		`href="#fig-plots-2">Figure` + "\u00a0" + `1 (b)</a>`, `href="#fig-plots-3">1 (c)</a>`, `href="#fig-plots">Figure` + "\u00a0" + `1</a>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks\n%s\nin\n%s", want, page)
		}
	}
	if strings.Count(page, "<figure") != strings.Count(page, "</figure>") || strings.Count(page, "<div") != strings.Count(page, "</div>") {
		t.Errorf("figures or divs unbalanced:\n%s", page)
	}

	nb = panelNotebook("#| label: fig-p\n#| fig-subcap: true\n", 2, "")
	page = string(renderPage(t, nb, report.ViewOptions{}))
	for _, want := range []string{`<figure class="panels subfigures" id="fig-p">` + "\n" + `<div class="float-body">` + "\n" + `<figure class="output image" id="fig-p-1">`,
		"<figcaption>(b)</figcaption></figure>\n</div>\n<figcaption>Figure 1</figcaption>\n</figure>"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks\n%s", want)
		}
	}
}
