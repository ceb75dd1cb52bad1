package cellopts_test

import (
	"fmt"
	"log"

	"github.com/grundylab/grundy/pkg/report/cellopts"
)

func ExampleParse() {
	opts, code, err := cellopts.Parse("go", "//| label: fig-values\n//| fig-cap: Grundy values of $n$\n//| code-fold: true\nplot.Show(values)\n")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%q %q fold %v\n%s", opts.Label, opts.Caption, opts.Fold, code)
	// Output:
	// "fig-values" ["Grundy values of $n$"] fold true
	// plot.Show(values)
}
