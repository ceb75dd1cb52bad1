package authoring_test

import (
	"fmt"

	"github.com/grundylab/grundy/pkg/report/authoring"
)

// A book whose _quarto.yml says "crossref: {chapters: false, fig-prefix:
// Fig.}" numbers its second chapter's first figure 1, and names it so.
func ExampleCrossref() {
	var c authoring.Crossref
	warnings := c.Read(map[string]any{"crossref": map[string]any{"chapters": false, "fig-prefix": "Fig."}})
	x := authoring.NewIndex()
	x.Chapter = &authoring.Chapter{Number: "2"}
	x.Crossref = c
	x.Configure(nil, nil)
	x.Markdown(1, "# Sums\n\n![A sum](s.png){#fig-sum}\n")
	fmt.Println(x.PlainText("See @fig-sum."), len(warnings))
	// Output: See Fig. 1. 0
}
