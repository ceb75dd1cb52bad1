package report_test

import (
	"fmt"
	"log"
	"time"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

func ExampleNewView() {
	nb, err := notebook.Parse([]byte(`{"nbformat": 4, "nbformat_minor": 5,
	 "metadata": {"kernelspec": {"name": "python3", "language": "python"}, "date": 1700000000, "authors": [{"name": "Ada"}]},
	 "cells": [
	  {"cell_type": "markdown", "metadata": {}, "source": "# Squares\n\nThe *first* squares."},
	  {"cell_type": "code", "metadata": {}, "execution_count": 1, "source": "%timeit sq(3)\n!ls",
	   "outputs": [{"output_type": "stream", "name": "stdout", "text": "\u001b[32m9\u001b[0m\n"},
	               {"output_type": "stream", "name": "stdout", "text": "sq.py\n"}]}]}`))
	if err != nil {
		log.Fatal(err)
	}
	v, err := report.NewView(nb, report.ViewOptions{Name: "squares", ModTime: time.Now()})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%q by %q, %q\n", v.Meta.Title, v.Meta.Authors, v.Meta.Summary)
	for _, b := range v.Blocks {
		switch b.Kind {
		case report.KindCode:
			for _, s := range b.Segments {
				fmt.Printf("code %q: %q\n", s.Lang, s.Text)
			}
		default:
			fmt.Printf("%s: %q\n", b.Kind, b.Text)
		}
	}
	// Output:
	// "Squares" by ["Ada"], "The first squares."
	// markdown: "# Squares\n\nThe *first* squares."
	// code "": "%timeit "
	// code "python": "sq(3)\n"
	// code "bash": "!ls"
	// stream: "9\nsq.py\n"
}
