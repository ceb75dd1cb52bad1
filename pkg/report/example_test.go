package report_test

import (
	"fmt"
	"log"
	"time"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// A view's Meta is what a post's front matter and the site index say of
// a notebook.
func ExampleView_meta() {
	nb, err := notebook.Parse([]byte(`{"nbformat": 4, "nbformat_minor": 5, "metadata": {"tags": ["nim", "博弈论"]},
	 "cells": [{"cell_type": "markdown", "metadata": {}, "source": "# Nim sums\n\nHeaps combine by $\\oplus$.\n\nMore."}]}`))
	if err != nil {
		log.Fatal(err)
	}
	v, err := report.NewView(nb, report.ViewOptions{Name: "nim", ModTime: time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)})
	if err != nil {
		log.Fatal(err)
	}
	meta := v.Meta
	fmt.Printf("%s | %s | %q | %s\n", meta.Title, meta.Date.Format(report.DateLayout), meta.Tags, meta.Summary)
	// Output: Nim sums | 2024-05-06 07:08:09 | ["nim" "博弈论"] | Heaps combine by $\oplus$.
}
