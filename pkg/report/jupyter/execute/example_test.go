package execute_test

import (
	"context"
	"log"
	"os"
	"time"

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

// A Printer writing a log shows a line per execution event; on a terminal
// (NewPrinter(os.Stderr, true)) it keeps one status line up to date instead.
func ExamplePrinter() {
	p := execute.NewPrinter(os.Stdout, false)
	p.Progress(execute.Progress{Notebook: "notebooks/pe459.ipynb", Event: execute.CellStarted, Cell: 7, Cells: 15, Source: "g := heap.Grundy(n)"})
	p.Progress(execute.Progress{Notebook: "notebooks/pe459.ipynb", Event: execute.CellFinished, Cell: 7, Cells: 15, CellElapsed: 2100 * time.Millisecond, Elapsed: 9800 * time.Millisecond})
	p.Warn("the math font is missing")
	// Output:
	// pe459.ipynb: cell 7/15: g := heap.Grundy(n)
	// pe459.ipynb: cell 7/15 done in 2.1s (at 9.8s)
	// warning: the math font is missing
}
