package plot_test

import (
	"bytes"
	"fmt"
	"log"

	"github.com/grundylab/grundy/pkg/report/plot"
)

func ExampleHistogram() {
	// Grundy values of the subtraction game {1, 2}: 0, 1, 2, 0, 1, 2, ...
	counts := []int{34, 33, 33}
	fig, err := plot.Histogram(counts, plot.Options{Title: "Subtract 1 or 2, n < 100"})
	if err != nil {
		log.Fatal(err)
	}
	fig.Show() // displays the figure in a GoNB cell; does nothing elsewhere
	fmt.Println(bytes.Contains(fig.SVG, []byte("<svg")), bytes.HasPrefix(fig.PNG, []byte("\x89PNG")))
	// Output: true true
}

func ExampleSequence() {
	g := []int{0, 1, 2, 0, 1, 2, 0, 1, 2, 0}
	fig, err := plot.Sequence(g, 0, 3, plot.Options{Title: "Subtract 1 or 2"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(bytes.Contains(fig.SVG, []byte("period 3")))
	// Output: true
}

func ExampleHeatmap() {
	grid := [][]int{{0, 1}, {1, 0}}
	_, err := plot.Heatmap(grid, plot.Options{Title: "x XOR y"})
	fmt.Println(err)
	_, err = plot.Heatmap([][]int{{0, 1}, {1}}, plot.Options{})
	fmt.Println(err)
	// Output:
	// <nil>
	// cannot plot the data: row 1 has 1 values, row 0 has 2
}
