//go:build ignore

// Ends lists the renders that try every notebook at the ends of the
// ranges its parameters cell declares (execute.Ranges): one line per end,
// the notebook's path and NAME=VALUE, one parameter at a time with the
// others at their defaults. An end equal to its parameter's default is
// left out: the main job renders that one.
//
// Usage:
//
//	go run .ci/ends.go notebooks/*.ipynb
package main

import (
	"fmt"
	"os"

	"github.com/grundylab/grundy/pkg/report/jupyter/execute"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: go run .ci/ends.go NOTEBOOK...")
		os.Exit(2)
	}
	for _, path := range os.Args[1:] {
		nb, err := notebook.ReadFile(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		ranges, err := execute.Ranges(nb)
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", path, err)
			os.Exit(1)
		}
		for _, r := range ranges {
			for _, end := range []string{r.Min, r.Max} {
				if end != r.Default {
					fmt.Printf("%s %s=%s\n", path, r.Name, end)
				}
			}
		}
	}
}
