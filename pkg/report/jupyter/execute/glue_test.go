package execute

import (
	"context"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// TestGoNBGlue runs cells that glue values with pkg/report/glue in real
// GoNB: the kernel passes on the scrapbook metadata and the prefixed MIME
// keys (gonbui sends them through encoding/gob), and the view reads them
// back into the prose.
func TestGoNBGlue(t *testing.T) {
	x := gonbExecutor(t)
	nb := readNotebook(t)
	nb.Cells[3].Source = "import (\n\t\"math/big\"\n\n\t\"github.com/grundylab/grundy/pkg/report/glue\"\n)\n\n%%\n" +
		"n, _ := new(big.Int).SetString(\"123456789012345678901234567890\", 10)\n" +
		"glue.Value(\"big\", n)\nglue.Value(\"ratio\", 0.8125)\nglue.Show(\"shown\", N)\nglue.Value(\"eq\", glue.LaTeX(`\\sum_k k`))\n"
	nb.Cells = append(nb.Cells[:4], &notebook.Cell{Type: notebook.Markdown, Metadata: notebook.Metadata{},
		Source: "Big {glue:text}`big:,`, ratio {glue:text}`ratio:.1%`, shown {glue}`shown`, $x$ {glue:math}`eq`."})
	got, err := x.Execute(context.Background(), paramsNotebook, nb)
	if err != nil {
		t.Fatal(err)
	}
	outs := got.Cells[3].Outputs
	var seen []string
	for _, o := range outs {
		for mime := range o.Data {
			seen = append(seen, string(o.Type)+" "+mime+" "+string(o.Metadata["scrapbook"]))
		}
	}
	want := []string{
		`display_data application/papermill.record/text/plain {"mime_prefix":"application/papermill.record/","name":"big"}`,
		`display_data application/papermill.record/text/plain {"mime_prefix":"application/papermill.record/","name":"ratio"}`,
		`display_data text/plain {"mime_prefix":"","name":"shown"}`,
	}
	for _, w := range want {
		if !strings.Contains(strings.Join(seen, "\n"), w) {
			t.Errorf("outputs lack %s:\n%s", w, strings.Join(seen, "\n"))
		}
	}
	v, err := report.NewView(got, report.ViewOptions{Name: "glue"})
	if err != nil {
		t.Fatal(err)
	}
	var md string
	for _, b := range v.Blocks {
		if b.Kind == report.KindMarkdown && b.Cell == 5 {
			md = b.Text
		}
	}
	if wantMD := "Big 123,456,789,012,345,678,901,234,567,890, ratio 81.2%, shown 20, $x$ $\\sum_k k$."; md != wantMD {
		t.Errorf("prose %q, want %q (warnings %v)", md, wantMD, v.Warnings)
	}
}
