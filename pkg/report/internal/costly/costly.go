// Package costly makes notebooks that are cheap to write and costly for
// naive code to render: inputs whose size meets a parser or a writer at
// its worst (deep nesting, runs of one delimiter, names that clash, values
// repeated many times). Tests of the renderer time them against a budget.
//
// The Markdown cases follow the families of CommonMark's pathological
// inputs (nested and unclosed brackets, emphasis delimiters that never
// match, deep quotes and lists, backtick runs of every length) at sizes a
// notebook reaches in a few hundred kilobytes.
package costly

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"strings"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// A Case is one hostile notebook.
type Case struct {
	// Name is short and fit for a file name, as "headings".
	Name string
	// What says what the notebook holds, for a test's log.
	What string
	// Notebook makes the notebook, afresh each time: the cases together
	// take hundreds of megabytes.
	Notebook func() *notebook.Notebook
	// Warns is what each warning about it says (a warning names the
	// notebook and the cell as well); empty when rendering it calls for
	// none.
	Warns string
	// Notes is what its page and post say about what they show otherwise
	// than written (cut, or Markdown shown as text); empty when they show
	// it all as written.
	Notes string
}

// What the renderer says about the cases it cannot show as written.
const (
	aliasesRefused = "aliases expand too far"
	glueSpent      = "budget for glued values is spent"
	asText         = "Markdown shown as text"
	asTextNote     = "is shown as text"
)

// Cases returns the hostile notebooks, made afresh.
func Cases() []Case {
	return []Case{
		{Name: "headings", What: "50,000 equal headings in one cell", Notebook: func() *notebook.Notebook { return markdown(strings.Repeat("## Same\n", 50000)) }},
		{Name: "heading-cells", What: "20,000 cells of one equal heading each", Notebook: func() *notebook.Notebook { return markdown(repeat("## Same\n", 20000)...) }},
		{Name: "heading-suffixes", What: "headings named as the numbered ids of an earlier one", Notebook: func() *notebook.Notebook { return markdown(numberedHeadings(20000)) }},
		{Name: "brackets", What: "100,000 unclosed link brackets", Notebook: func() *notebook.Notebook { return markdown(strings.Repeat("[", 100000)) }},
		{Name: "image-brackets", What: "50,000 unclosed image brackets", Notebook: func() *notebook.Notebook { return markdown(strings.Repeat("![", 50000)) }},
		{Name: "nested-brackets", What: "brackets nested 50,000 deep", Notebook: func() *notebook.Notebook {
			return markdown(strings.Repeat("[", 50000) + "a" + strings.Repeat("]", 50000))
		}, Warns: asText, Notes: asTextNote},
		{Name: "link-openers", What: "50,000 '[a' link openers with no closer", Notebook: func() *notebook.Notebook { return markdown(strings.Repeat("[a", 50000)) }},
		{Name: "link-closers", What: "50,000 'a]' link closers with no opener", Notebook: func() *notebook.Notebook { return markdown(strings.Repeat("a]", 50000)) }},
		{Name: "paren-brackets", What: "'[ (](' 30,000 times", Notebook: func() *notebook.Notebook { return markdown(strings.Repeat("[ (](", 30000)) }, Warns: asText, Notes: asTextNote},
		{Name: "unclosed-links", What: "'[a](b' and '[a](<b' 30,000 times each", Notebook: func() *notebook.Notebook {
			return markdown(strings.Repeat("[a](b", 30000), strings.Repeat("[a](<b", 30000))
		}, Warns: asText, Notes: asTextNote},
		{Name: "list", What: "a list nested 3,000 deep on one line", Notebook: func() *notebook.Notebook { return markdown(strings.Repeat("- ", 3000) + "x\n") }, Warns: asText, Notes: asTextNote},
		{Name: "ordered-list", What: "an ordered list nested 3,000 deep on one line", Notebook: func() *notebook.Notebook { return markdown(strings.Repeat("1. ", 3000) + "x\n") }, Warns: asText, Notes: asTextNote},
		{Name: "indented-list", What: "a list nested 1,000 deep, one level a line", Notebook: func() *notebook.Notebook { return markdown(indentedList(1000)) }, Warns: asText, Notes: asTextNote},
		{Name: "quote", What: "a block quote nested 200,000 deep", Notebook: func() *notebook.Notebook { return markdown(strings.Repeat(">", 200000) + " x\n") }, Warns: asText, Notes: asTextNote},
		{Name: "spaced-quote", What: "'> ' 100,000 times and a list in it", Notebook: func() *notebook.Notebook { return markdown(strings.Repeat("> ", 100000) + "- x\n") }, Warns: asText, Notes: asTextNote},
		{Name: "emphasis", What: "emphasis nested 20,000 deep", Notebook: func() *notebook.Notebook {
			return markdown(strings.Repeat("*a **a ", 20000) + "b" + strings.Repeat(" a** a*", 20000))
		}, Warns: asText, Notes: asTextNote},
		{Name: "emphasis-openers", What: "100,000 emphasis openers with no closer", Notebook: func() *notebook.Notebook { return markdown(strings.Repeat("_a ", 100000)) }, Warns: asText, Notes: asTextNote},
		{Name: "emphasis-closers", What: "100,000 emphasis closers with no opener", Notebook: func() *notebook.Notebook { return markdown(strings.Repeat("a_ ", 100000)) }, Warns: asText, Notes: asTextNote},
		{Name: "emphasis-mixed", What: "100,000 mismatched emphasis delimiters", Notebook: func() *notebook.Notebook { return markdown(strings.Repeat("*a_ ", 100000)) }, Warns: asText, Notes: asTextNote},
		{Name: "emphasis-threes", What: "emphasis closers whose lengths are multiples of three", Notebook: func() *notebook.Notebook { return markdown("a**b" + strings.Repeat("c* ", 100000)) }, Warns: asText, Notes: asTextNote},
		{Name: "star-run", What: "a run of 500,000 stars", Notebook: func() *notebook.Notebook { return markdown("a" + strings.Repeat("*", 500000) + "b") }},
		{Name: "backticks", What: "backtick runs of every length to 1,000", Notebook: func() *notebook.Notebook { return markdown(backtickRuns(1000)) }},
		{Name: "backtick-run", What: "a run of 500,000 backticks in text and in output", Notebook: func() *notebook.Notebook { return backtickRun(500000) }, Warns: "without highlighting"},
		{Name: "html-nesting", What: "raw HTML nested 100,000 deep", Notebook: func() *notebook.Notebook { return markdown(strings.Repeat("<div>", 100000) + "x") }},
		{Name: "inline-html-nesting", What: "inline HTML nested 100,000 deep", Notebook: func() *notebook.Notebook { return markdown("x " + strings.Repeat("<span>", 100000) + "y") }},
		{Name: "html-output-nesting", What: "an HTML output nested 100,000 deep", Notebook: func() *notebook.Notebook {
			return output("text/html", strings.Repeat("<b>", 50000)+strings.Repeat("<div>", 50000)+"x")
		}},
		{Name: "svg-nesting", What: "an SVG output nested 100,000 deep", Notebook: func() *notebook.Notebook {
			return output("image/svg+xml", `<svg xmlns="http://www.w3.org/2000/svg">`+strings.Repeat("<g>", 100000)+"</svg>")
		}},
		{Name: "html-comments", What: "100,000 unclosed HTML comments and declarations", Notebook: func() *notebook.Notebook { return markdown(strings.Repeat("a <!-- <! <? ", 100000)) }, Warns: asText, Notes: asTextNote},
		{Name: "math-nesting", What: "a formula nested 100,000 braces deep", Notebook: func() *notebook.Notebook {
			return markdown("$" + strings.Repeat("{", 100000) + "x" + strings.Repeat("}", 100000) + "$")
		}, Warns: "cannot convert TeX"},
		{Name: "math-fractions", What: "fractions nested 20,000 deep", Notebook: func() *notebook.Notebook {
			return markdown("$$" + strings.Repeat(`\frac{1}{`, 20000) + "x" + strings.Repeat("}", 20000) + "$$")
		}, Warns: "cannot convert TeX"},
		{Name: "math-output-nesting", What: "a LaTeX output of square roots nested 20,000 deep", Notebook: func() *notebook.Notebook {
			return output("text/latex", "$"+strings.Repeat(`\sqrt{`, 20000)+"x"+strings.Repeat("}", 20000)+"$")
		}, Warns: "cannot convert TeX"},
		{Name: "math-many", What: "100,000 formulas in one cell", Notebook: func() *notebook.Notebook { return markdown(strings.Repeat("$x_1$ ", 100000)) }, Warns: asText, Notes: asTextNote},
		{Name: "long-line", What: "a line of 10 MB", Notebook: func() *notebook.Notebook { return markdown(strings.Repeat("word ", 2<<20)) }},
		{Name: "table-columns", What: "a table of 20,000 columns", Notebook: func() *notebook.Notebook { return markdown(table(20000, 2)) }},
		{Name: "table-rows", What: "a table of 100,000 rows", Notebook: func() *notebook.Notebook { return markdown(table(3, 100000)) }},
		{Name: "tables", What: "20,000 small tables", Notebook: func() *notebook.Notebook { return markdown(strings.Repeat("|a|b|\n|-|-|\n|1|2|\n\n", 20000)) }},
		{Name: "cells", What: "100,000 markdown cells", Notebook: func() *notebook.Notebook { return markdown(repeat("x", 100000)...) }},
		{Name: "outputs", What: "100,000 text outputs in one cell", Notebook: func() *notebook.Notebook { return outputs(100000, "text/plain", "x") }},
		{Name: "streams", What: "100,000 stream outputs that join", Notebook: func() *notebook.Notebook { return streams(100000) }},
		{Name: "streams-alternating", What: "150,000 stream outputs, stdout and stderr in turn, that do not join", Notebook: func() *notebook.Notebook { return alternating(150000) }},
		{Name: "html-table", What: "an HTML output of one table of 40,000 rows (0.9 MB)", Notebook: func() *notebook.Notebook { return output("text/html", htmlTable(40000)) }},
		{Name: "json", What: "a JSON output nested 9,000 deep", Notebook: func() *notebook.Notebook { return output("application/json", deepJSON(9000)) }, Warns: "JSON nested", Notes: "shown as it came"},
		{Name: "json-many", What: "200 JSON outputs nested 1,500 deep", Notebook: func() *notebook.Notebook { return outputs(200, "application/json", deepJSON(1500)) }, Warns: "JSON nested", Notes: "shown as it came"},
		{Name: "json-wide", What: "a JSON object of 100,000 keys", Notebook: func() *notebook.Notebook { return output("application/json", wideJSON(100000)) }, Warns: "cut to", Notes: "Output cut to size"},
		{Name: "ansi", What: "an output of 1,000,000 colour changes", Notebook: func() *notebook.Notebook { return streamText(strings.Repeat("\x1b[31ma\x1b[0m", 1000000)) }, Warns: "cut to", Notes: "Output cut to size"},
		{Name: "references", What: "20,000 link reference definitions and uses", Notebook: func() *notebook.Notebook { return markdown(references(20000)) }},
		{Name: "footnotes", What: "20,000 footnotes", Notebook: func() *notebook.Notebook { return markdown(footnotes(20000)) }, Warns: asText, Notes: asTextNote},
		{Name: "glued-quote", What: "a glued Markdown value, a block quote nested 200,000 deep, quoted by a directive and a role", Notebook: func() *notebook.Notebook {
			return glued(strings.Repeat(">", 200000)+" x\n", "```{glue:md} q\n```", "{glue:md}`q`")
		}, Warns: asText, Notes: asTextNote},
		{Name: "glue-amplified", What: "a glued 1 MB text quoted 200 times by {glue:text} in one cell", Notebook: func() *notebook.Notebook {
			return gluedText(strings.Repeat("glued text ", 1<<20/11), strings.Repeat("{glue:text}`q` and ", 200))
		}, Warns: glueSpent},
		{Name: "glue-directives", What: "a glued 1 MB Markdown value quoted by 200 directives", Notebook: func() *notebook.Notebook {
			return glued(strings.Repeat("glued text ", 1<<20/11), strings.Repeat("```{glue:md} q\n```\n\n", 200))
		}, Warns: glueSpent},
		{Name: "yaml-aliases", What: "front matter whose title is 20,000 aliases of a 10 kB text", Notebook: func() *notebook.Notebook {
			nb := markdown("# Hello")
			raw := &notebook.Cell{ID: "f", Type: notebook.Raw, Metadata: notebook.Metadata{},
				Source: "---\nx: &a " + strings.Repeat("x", 10<<10) + "\ntitle: " + aliases(20000) + "\n---\n"}
			nb.Cells = append([]*notebook.Cell{raw}, nb.Cells...)
			return nb
		}, Warns: aliasesRefused},
		{Name: "option-aliases", What: "fig-cap and fig-alt lists of 4,000 aliases of a 10 kB text on 4,000 images", Notebook: func() *notebook.Notebook {
			nb := outputs(4000, "image/png", base64.StdEncoding.EncodeToString(PNG(64)))
			nb.Cells[0].Source = "#| x: &a " + strings.Repeat("y", 10<<10) + "\n#| fig-cap: " + aliases(4000) + "\n#| fig-alt: " + aliases(4000) + "\nshow()\n"
			return nb
		}, Warns: aliasesRefused},
		{Name: "divs-nested", What: "Quarto callouts nested 10,000 deep", Notebook: func() *notebook.Notebook {
			return markdown(strings.Repeat("::: {.callout-note}\n", 10000) + "x\n" + strings.Repeat(":::\n", 10000))
		}, Warns: "nested deeper than"},
		{Name: "directives-nested", What: "MyST admonitions nested 10,000 deep in colon fences", Notebook: func() *notebook.Notebook {
			var b strings.Builder
			for i := 10000; i >= 3; i-- {
				b.WriteString(strings.Repeat(":", min(i, 10003-i)) + "{note}\n")
			}
			return markdown(b.String() + "x\n")
		}, Warns: "nested deeper than"},
		{Name: "theorems", What: "20,000 numbered theorems, each referred to, twice the labels a notebook may have", Notebook: func() *notebook.Notebook {
			var b strings.Builder
			for i := range 20000 {
				fmt.Fprintf(&b, "::: {#thm-t%d}\nStatement @thm-t%d.\n:::\n\n", i, i)
			}
			return markdown(b.String())
		}, Warns: "more than 10000 labels"},
		{Name: "references-missing", What: "50,000 references and roles naming no label", Notebook: func() *notebook.Notebook {
			return markdown(strings.Repeat("@fig-none {numref}`nothing` @tbl-gone ", 50000/3))
		}, Warns: "no figure, table, equation, section or block has this label"},
		{Name: "attachment", What: "one 0.4 MB attachment referenced 300 times", Notebook: func() *notebook.Notebook { return Attachment(400<<10, 300) }},
		{Name: "images", What: "300 identical image outputs of 100 kB", Notebook: func() *notebook.Notebook {
			return outputs(300, "image/png", base64.StdEncoding.EncodeToString(PNG(100<<10)))
		}},
	}
}

// aliases returns n aliases of the anchor a as a YAML flow list.
func aliases(n int) string {
	return "[" + strings.TrimSuffix(strings.Repeat("*a, ", n), ", ") + "]"
}

func repeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// markdown returns a notebook of one markdown cell per source.
func markdown(sources ...string) *notebook.Notebook {
	nb := notebook.New()
	for i, src := range sources {
		nb.Cells = append(nb.Cells, &notebook.Cell{ID: fmt.Sprintf("m%d", i), Type: notebook.Markdown, Source: src, Metadata: notebook.Metadata{}})
	}
	return nb
}

// glued returns a notebook whose code cell glues Markdown value as "q",
// without display (as MyST-NB's glue("q", Markdown(value),
// display=False)), then a markdown cell per source.
func glued(value string, sources ...string) *notebook.Notebook {
	data := notebook.MimeBundle{}
	data.SetText(gluePrefix+"text/markdown", value)
	data.SetText(gluePrefix+"text/plain", "<IPython.core.display.Markdown object>")
	meta := notebook.Metadata{"scrapbook": json.RawMessage(`{"name": "q", "mime_prefix": "` + gluePrefix + `"}`)}
	nb := markdown(sources...)
	nb.Cells = append([]*notebook.Cell{codeCell([]*notebook.Output{{Type: notebook.DisplayData, Data: data, Metadata: meta}})}, nb.Cells...)
	return nb
}

// gluedText returns a notebook whose code cell glues text value as "q",
// without display, then a markdown cell per source.
func gluedText(value string, sources ...string) *notebook.Notebook {
	nb := glued("", sources...)
	data := nb.Cells[0].Outputs[0].Data
	delete(data, gluePrefix+"text/markdown")
	data.SetText(gluePrefix+"text/plain", value)
	return nb
}

// gluePrefix is the MIME prefix of a value glued without display.
const gluePrefix = "application/papermill.record/"

// codeCell returns an empty code cell with outs.
func codeCell(outs []*notebook.Output) *notebook.Cell {
	n := 1
	return &notebook.Cell{ID: "c", Type: notebook.Code, Source: "run()", Metadata: notebook.Metadata{}, ExecutionCount: &n, Outputs: outs}
}

// output returns a notebook whose code cell has one display output of the
// type and value.
func output(mime, value string) *notebook.Notebook {
	return outputs(1, mime, value)
}

// outputs returns a notebook whose code cell has n equal display outputs.
// An image has a text form, its alternative text, as a figure without one
// calls for a warning.
func outputs(n int, mime, value string) *notebook.Notebook {
	outs := make([]*notebook.Output, n)
	for i := range outs {
		data := notebook.MimeBundle{}
		if mime == "application/json" {
			data[mime] = json.RawMessage(value)
		} else {
			data.SetText(mime, value)
		}
		if strings.HasPrefix(mime, "image/") {
			data.SetText("text/plain", "A grey square")
		}
		outs[i] = &notebook.Output{Type: notebook.DisplayData, Data: data, Metadata: notebook.Metadata{}}
	}
	nb := notebook.New()
	nb.Cells = append(nb.Cells, codeCell(outs))
	return nb
}

// streams returns a notebook whose code cell has n stdout chunks.
func streams(n int) *notebook.Notebook {
	outs := make([]*notebook.Output, n)
	for i := range outs {
		outs[i] = &notebook.Output{Type: notebook.Stream, Name: "stdout", Text: "line\n"}
	}
	nb := notebook.New()
	nb.Cells = append(nb.Cells, codeCell(outs))
	return nb
}

// alternating returns a notebook whose code cell has n stream outputs,
// stdout and stderr in turn, as a loop printing to both leaves them.
func alternating(n int) *notebook.Notebook {
	outs := make([]*notebook.Output, n)
	for i := range outs {
		outs[i] = &notebook.Output{Type: notebook.Stream, Name: []string{"stdout", "stderr"}[i%2], Text: "line\n"}
	}
	nb := notebook.New()
	nb.Cells = append(nb.Cells, codeCell(outs))
	return nb
}

// htmlTable returns an HTML table of two columns and n rows, its cells
// left open as HTML allows: 40,000 rows take 0.9 MB.
func htmlTable(n int) string {
	var b strings.Builder
	b.WriteString("<table><thead><tr><th>n</th><th>g(n)</th></tr></thead><tbody>")
	for i := range n {
		fmt.Fprintf(&b, "<tr><td>%d<td>%d\n", i, i%7)
	}
	b.WriteString("</tbody></table>")
	return b.String()
}

// streamText returns a notebook whose code cell printed text.
func streamText(text string) *notebook.Notebook {
	nb := notebook.New()
	nb.Cells = append(nb.Cells, codeCell([]*notebook.Output{{Type: notebook.Stream, Name: "stdout", Text: text}}))
	return nb
}

// backtickRun returns a notebook with a run of n backticks in a markdown
// cell, in a code cell's source and in its output.
func backtickRun(n int) *notebook.Notebook {
	run := strings.Repeat("`", n)
	nb := streamText(run)
	nb.Cells[0].Source = run
	nb.Cells = append(nb.Cells, &notebook.Cell{ID: "m", Type: notebook.Markdown, Source: "a " + run + " b", Metadata: notebook.Metadata{}})
	return nb
}

// numberedHeadings returns n headings "a", then "a-1", "a-2"... as text,
// then n more "a": each id a naive counter tries is taken.
func numberedHeadings(n int) string {
	var b strings.Builder
	b.WriteString("## a\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "## a-%d\n", i)
	}
	b.WriteString(strings.Repeat("## a\n", n))
	return b.String()
}

// indentedList returns a list nested depth deep, each item one level
// further in than the one before.
func indentedList(depth int) string {
	var b strings.Builder
	for i := range depth {
		b.WriteString(strings.Repeat("  ", i))
		b.WriteString("- a\n")
	}
	return b.String()
}

// backtickRuns returns "e`e“e```..." up to runs of n backticks: every
// opener looks for a closer of its own length.
func backtickRuns(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		b.WriteString("e")
		b.WriteString(strings.Repeat("`", i))
	}
	return b.String()
}

// table returns a GFM table of cols columns and rows rows.
func table(cols, rows int) string {
	var b strings.Builder
	b.WriteString(strings.Repeat("|a", cols) + "|\n")
	b.WriteString(strings.Repeat("|-", cols) + "|\n")
	row := strings.Repeat("|1", cols) + "|\n"
	for range rows {
		b.WriteString(row)
	}
	return b.String()
}

// references returns n link reference definitions and a use of each.
func references(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "[r%d]: #t%d\n", i, i)
	}
	b.WriteString("\n")
	for i := range n {
		fmt.Fprintf(&b, "[r%d] ", i)
	}
	return b.String()
}

// footnotes returns n footnote references and their definitions.
func footnotes(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "a[^%d] ", i)
	}
	b.WriteString("\n\n")
	for i := range n {
		fmt.Fprintf(&b, "[^%d]: note %d\n", i, i)
	}
	return b.String()
}

// deepJSON returns JSON arrays nested depth deep.
func deepJSON(depth int) string {
	return strings.Repeat("[", depth) + "1" + strings.Repeat("]", depth)
}

// wideJSON returns a JSON object of n keys.
func wideJSON(n int) string {
	var b strings.Builder
	b.WriteString("{")
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"k%d":%d`, i, i)
	}
	b.WriteString("}")
	return b.String()
}

// PNG returns a valid PNG image of about size bytes: a small picture with
// a private chunk of filler, so that its bytes are not all alike.
func PNG(size int) []byte {
	// A 1×1 grey PNG, then a tEXt chunk inserted before IEND.
	const onePixel = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg=="
	img, err := base64.StdEncoding.DecodeString(onePixel)
	if err != nil {
		panic(err) // a constant
	}
	iend := bytes.LastIndex(img, []byte("IEND")) - 4
	filler := make([]byte, max(size-len(img)-12, 0))
	for i := range filler {
		filler[i] = 'a' + byte(i*7%26)
	}
	chunk := pngChunk("tEXt", append([]byte("Comment\x00"), filler...))
	return bytes.Join([][]byte{img[:iend], chunk, img[iend:]}, nil)
}

// Attachment returns a notebook whose one markdown cell has a PNG
// attachment of about size bytes and refers to it refs times.
func Attachment(size, refs int) *notebook.Notebook {
	png := base64.StdEncoding.EncodeToString(PNG(size))
	data := notebook.MimeBundle{}
	data.SetText("image/png", png)
	nb := markdown(strings.Repeat("![pixel](attachment:pixel.png)\n", refs))
	nb.Cells[0].Attachments = map[string]notebook.MimeBundle{"pixel.png": data}
	return nb
}

// pngChunk returns a PNG chunk of the type and data, with its CRC.
func pngChunk(typ string, data []byte) []byte {
	var b bytes.Buffer
	binary.Write(&b, binary.BigEndian, uint32(len(data)))
	b.WriteString(typ)
	b.Write(data)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(typ), data...)))
	return b.Bytes()
}
