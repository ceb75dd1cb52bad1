package execute_test

import (
	"context"
	"log"
	"os"

	"github.com/grundylab/grundy/pkg/report/jupyter/execute"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// This example runs a notebook with its parameter N set to 1000, printing
// progress, and saves the executed copy. A second run with nothing changed
// comes from the cache.
func ExampleExecutor_Execute() {
	const path = "notebooks/pe459.ipynb"
	nb, err := notebook.ReadFile(path)
	if err != nil {
		log.Fatal(err)
	}
	x := &execute.Executor{
		Params:   []execute.Param{{Name: "N", Value: "1000"}},
		Progress: execute.NewPrinter(os.Stderr, false).Progress,
	}
	executed, err := x.Execute(context.Background(), path, nb)
	if err != nil {
		log.Fatal(err) // names the notebook, the cell and the kernel's error
	}
	if err := notebook.WriteFile("pe459-executed.ipynb", executed); err != nil {
		log.Fatal(err)
	}
}
