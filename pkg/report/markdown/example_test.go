package markdown_test

import (
	"fmt"
	"log"
	"time"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/markdown"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

func ExampleConvert() {
	nb, err := notebook.Parse([]byte(`{"nbformat": 4, "nbformat_minor": 5, "metadata": {"tags": ["nim"]},
	 "cells": [
	  {"cell_type": "markdown", "metadata": {}, "source": "# Nim\n\nThe nim sum $3 \\oplus 5$."},
	  {"cell_type": "code", "metadata": {}, "execution_count": 1, "source": "fmt.Println(3 ^ 5)",
	   "outputs": [{"output_type": "stream", "name": "stdout", "text": "6\n"}]}]}`))
	if err != nil {
		log.Fatal(err)
	}
	v, err := report.NewView(nb, report.ViewOptions{Name: "nim", ModTime: time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)})
	if err != nil {
		log.Fatal(err)
	}
	post, err := markdown.Convert(nb, v.Meta, markdown.Options{Name: "nim"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(string(post.Text))
	// Output:
	// ---
	// title: Nim
	// date: 2024-05-06 07:08:09
	// tags:
	//   - nim
	// mathjax: true
	// description: The nim sum $3 \oplus 5$.
	// ---
	//
	// # Nim
	//
	// The nim sum $3 \oplus 5$.
	//
	// ```go
	// fmt.Println(3 ^ 5)
	// ```
	//
	// ```
	// 6
	// ```
}

func ExampleRender() {
	nb, err := notebook.Parse([]byte(`{"nbformat": 4, "nbformat_minor": 5,
	 "metadata": {"kernelspec": {"name": "python3"}, "title": "Nim", "date": "2024-05-06"},
	 "cells": [
	  {"cell_type": "code", "metadata": {}, "execution_count": 1, "source": "3 ^ 5",
	   "outputs": [{"output_type": "execute_result", "execution_count": 1, "metadata": {},
	                "data": {"text/plain": "6", "text/latex": "$6$"}}]}]}`))
	if err != nil {
		log.Fatal(err)
	}
	v, err := report.NewView(nb, report.ViewOptions{Name: "nim"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(string(markdown.Render(v).Text))
	// Output:
	// ---
	// title: Nim
	// date: 2024-05-06 00:00:00
	// mathjax: true
	// ---
	//
	// ```python
	// 3 ^ 5
	// ```
	//
	// $6$
}

func ExampleCaptionText() {
	fmt.Println(markdown.CaptionText("Figure 1: values of $g(n) < 8$ for *all* n <= 10", false))
	// Output: Figure 1: values of $g(n) \lt 8$ for *all* n <= 10
}

func ExampleSanitizeDocument() {
	// A link that runs script, an image hidden behind an escape, and a
	// code span that math passed through raw would not hide.
	fmt.Println(markdown.SanitizeDocument("[x](javascript&colon;alert(1)) ![p](http&colon;//tracker.example/p.png)"))
	fmt.Println(markdown.SanitizeDocument("$`<img src=x onerror=alert(1)>`$ and $a\\lt b$, [Go](https://go.dev)"))
	// Output:
	// &#91;x](javascript&colon;alert(1)) [p](http&colon;//tracker.example/p.png)
	// $`&lt;img src=x onerror=alert(1)>`$ and $a\lt b$, [Go](https://go.dev)
}
