package report_test

import (
	"fmt"
	"time"

	"github.com/grundylab/grundy/pkg/report"
)

func ExampleProvenance_Items() {
	p := &report.Provenance{
		Notebook: "notebooks/pe459.ipynb", InRepository: true, Commit: "1a2b3c4", Modified: true,
		Kernel: "gonb", Language: "go", LanguageVersion: "go1.26.0", GoNB: "v0.10.11",
		Ran: time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC), Duration: 3300 * time.Millisecond,
		Params: []string{"N=1000"}, Command: "render -p N=1000 notebooks/pe459.ipynb",
	}
	for _, item := range p.Items() {
		fmt.Print(item.Label, ": ")
		for _, part := range item.Parts {
			if part.Code {
				fmt.Print("[", part.Text, "]")
			} else {
				fmt.Print(part.Text)
			}
		}
		fmt.Println()
	}
	// Output:
	// Notebook: [notebooks/pe459.ipynb] at commit [1a2b3c4], with changes not committed
	// Kernel: GoNB v0.10.11, Go go1.26.0
	// Run: 2026-03-04 05:06 UTC, took 3.3 s
	// Parameters: [N=1000]
	// Reproduce: [render -p N=1000 notebooks/pe459.ipynb] (from the repository's top folder)
}
