package notebook_test

import (
	"fmt"
	"log"
	"os"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

func ExampleParse() {
	nb, err := notebook.Parse([]byte(`{
 "cells": [
  {"cell_type": "markdown", "metadata": {}, "source": ["# Nim\n", "Heaps $a \\oplus b$."]},
  {"cell_type": "code", "execution_count": 1, "metadata": {}, "source": "fmt.Println(3 ^ 5)",
   "outputs": [{"output_type": "stream", "name": "stdout", "text": ["6\n"]}]}
 ],
 "metadata": {"title": "Nim sums"},
 "nbformat": 4,
 "nbformat_minor": 5
}`))
	if err != nil {
		log.Fatal(err)
	}
	title, _ := nb.Metadata.String("title")
	fmt.Println(title)
	for _, c := range nb.Cells {
		fmt.Printf("%s: %q\n", c.Type, c.Source)
		for _, o := range c.Outputs {
			fmt.Printf("  %s %s: %q\n", o.Type, o.Name, o.Text)
		}
	}
	// Output:
	// Nim sums
	// markdown: "# Nim\nHeaps $a \\oplus b$."
	// code: "fmt.Println(3 ^ 5)"
	//   stream stdout: "6\n"
}

func ExampleWrite() {
	nb := notebook.New()
	nb.Cells = append(nb.Cells, &notebook.Cell{Type: notebook.Markdown, ID: "intro", Source: "# Title\nText"})
	if err := notebook.Write(os.Stdout, nb); err != nil {
		log.Fatal(err)
	}
	// Output:
	// {
	//  "cells": [
	//   {
	//    "cell_type": "markdown",
	//    "id": "intro",
	//    "metadata": {},
	//    "source": [
	//     "# Title\n",
	//     "Text"
	//    ]
	//   }
	//  ],
	//  "metadata": {},
	//  "nbformat": 4,
	//  "nbformat_minor": 5
	// }
}

func ExampleError() {
	_, err := notebook.Parse([]byte(`{"nbformat": 4, "nbformat_minor": 5, "metadata": {},
	  "cells": [{"cell_type": "code", "metadata": {}, "outputs": []}]}`))
	fmt.Println(err)
	// Output:
	// notebook: cell 1: code cell has no "source" field
}
