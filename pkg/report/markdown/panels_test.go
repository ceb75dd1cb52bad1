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

// TestFoldedPanels: folded, a cell's subfigures and subtables keep the
// whole's anchor and its caption, as plain text in the HTML a fold
// holds, a table's before its subtables.
func TestFoldedPanels(t *testing.T) {
	for _, tt := range []struct {
		name, source, mime, data string
		want                     []string
	}{
		{"figures", "#| label: fig-f\n#| fig-cap: Folded *plots*\n#| fig-subcap: true\nplot()", "image/png", "iVBORw0KGgo=",
			[]string{"<a id=\"fig-f\"></a>\n<figure id=\"fig-f-1\">", "<figcaption>(b)</figcaption>\n</figure>\n\n<p><em>Figure 1: Folded plots</em></p>"}},
		{"tables", "#| label: tbl-f\n#| tbl-cap: Folded *tables*\n#| tbl-subcap: [One, <b>Two</b>]\n#| layout-ncol: 2\nshow()", "text/html", "<table><tr><td>1</td></tr></table>",
			[]string{"<a id=\"tbl-f\"></a>\n<p><em>Table 1: Folded tables</em></p>\n\n<figure id=\"tbl-f-1\">\n<figcaption>(a) One</figcaption>", "<figure id=\"tbl-f-2\">\n<figcaption>(b) Two</figcaption>"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			nb := notebook.New()
			nb.Metadata["kernelspec"] = json.RawMessage(`{"name": "python3", "language": "python"}`)
			c := &notebook.Cell{Type: notebook.Code, Source: tt.source, Metadata: notebook.Metadata{"tags": json.RawMessage(`["hide-output"]`)}}
			for range 2 {
				o := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}}
				o.Data.SetText(tt.mime, tt.data)
				c.Outputs = append(c.Outputs, o)
			}
			nb.Cells = []*notebook.Cell{c}
			v, err := report.NewView(nb, report.ViewOptions{Name: "post", ModTime: modTime})
			if err != nil {
				t.Fatal(err)
			}
			post := string(Render(v).Text)
			for _, want := range tt.want {
				if !strings.Contains(post, want) {
					t.Errorf("post lacks\n%s\nin\n%s", want, post)
				}
			}
			if strings.Count(post, "Folded") != 1 || strings.Contains(post, "<b>") {
				t.Errorf("the caption not once, or markup in it:\n%s", post)
			}
		})
	}
}
