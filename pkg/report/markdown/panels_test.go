package markdown

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// TestPanelsInPost: a cell's subfigures are written one under another in
// the post, the figure's anchor first, each image with its anchor and its
// "(a) Plot 1" line, the figure's caption after the last; references to
// them read as on the page; no layout markup is written.
func TestPanelsInPost(t *testing.T) {
	nb := notebook.New()
	nb.Metadata["kernelspec"] = json.RawMessage(`{"name": "python3", "language": "python"}`)
	c := &notebook.Cell{Type: notebook.Code, Source: "#| label: fig-plots\n#| fig-cap: Plots\n#| fig-alt: [One, Two]\n#| fig-subcap: [Plot 1, \"<script>x</script>\"]\n#| layout-ncol: 2\nplot()"}
	for range 2 {
		png := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}}
		png.Data.SetText("image/png", "iVBORw0KGgo=")
		c.Outputs = append(c.Outputs, png)
	}
	nb.Cells = []*notebook.Cell{c, {Type: notebook.Markdown, Source: "See @fig-plots-2 in @fig-plots."}}
	v, err := report.NewView(nb, report.ViewOptions{Name: "post", ModTime: modTime})
	if err != nil {
		t.Fatal(err)
	}
	post := string(Render(v).Text)
	for _, want := range []string{
		"<a id=\"fig-plots\"></a>\n\n<a id=\"fig-plots-1\"></a>![One](post_files/",
		")\n\n*(a) Plot 1*\n\n<a id=\"fig-plots-2\"></a>![Two](post_files/",
		")\n\n*(b) \\<script>x*\n\n*Figure 1: Plots*\n",
		"See [Figure\u00a01 (b)](#fig-plots-2) in [Figure\u00a01](#fig-plots).",
	} {
		if !strings.Contains(post, want) {
			t.Errorf("post lacks\n%s\nin\n%s", want, post)
		}
	}
	for _, bad := range []string{"layout", " <script", "flex"} {
		if strings.Contains(post, bad) {
			t.Errorf("post holds %q:\n%s", bad, post)
		}
	}
}

// TestFoldedPanels: folded, a cell's subfigures keep the figure's anchor
// and its caption, as plain text in the HTML a fold holds.
func TestFoldedPanels(t *testing.T) {
	nb := notebook.New()
	nb.Metadata["kernelspec"] = json.RawMessage(`{"name": "python3", "language": "python"}`)
	c := &notebook.Cell{Type: notebook.Code, Source: "#| label: fig-f\n#| fig-cap: Folded *plots*\n#| fig-subcap: true\nplot()", Metadata: notebook.Metadata{"tags": json.RawMessage(`["hide-output"]`)}}
	for range 2 {
		png := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}}
		png.Data.SetText("image/png", "iVBORw0KGgo=")
		c.Outputs = append(c.Outputs, png)
	}
	nb.Cells = []*notebook.Cell{c}
	v, err := report.NewView(nb, report.ViewOptions{Name: "post", ModTime: modTime})
	if err != nil {
		t.Fatal(err)
	}
	post := string(Render(v).Text)
	for _, want := range []string{"<a id=\"fig-f\"></a>\n<figure id=\"fig-f-1\">", "<figcaption>(b)</figcaption>\n</figure>\n\n<p><em>Figure 1: Folded plots</em></p>"} {
		if !strings.Contains(post, want) {
			t.Errorf("post lacks\n%s\nin\n%s", want, post)
		}
	}
}
