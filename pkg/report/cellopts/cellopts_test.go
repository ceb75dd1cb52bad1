package cellopts

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// cell returns a cell of the type with the source and the metadata, given
// as JSON.
func cell(t notebook.CellType, src, meta string) *notebook.Cell {
	c := &notebook.Cell{Type: t, Source: src, Metadata: notebook.Metadata{}}
	if meta != "" {
		if err := json.Unmarshal([]byte(meta), &c.Metadata); err != nil {
			panic(err)
		}
	}
	return c
}

func TestOf(t *testing.T) {
	code, md := notebook.Code, notebook.Markdown
	tests := []struct {
		name string
		c    *notebook.Cell
		want Options
		code string
		err  string // a piece of the error, "" for none
	}{
		{"nothing", cell(code, "x", ""), Default(), "x", ""},
		{"remove tags", cell(code, "x", `{"tags": ["remove-input", "remove-output"]}`), with(func(o *Options) { o.Echo, o.Output = false, false }), "x", ""},
		{"remove-cell", cell(code, "x", `{"tags": ["remove-cell"]}`), with(func(o *Options) { o.Include = false }), "x", ""},
		{"streams", cell(code, "x", `{"tags": ["remove-stdout", "remove-stderr"]}`), with(func(o *Options) { o.Stdout, o.Stderr = false, false }), "x", ""},
		{"run tags", cell(code, "x", `{"tags": ["skip-execution", "raises-exception"]}`), with(func(o *Options) { o.Eval, o.Error = false, true }), "x", ""},
		{"a tag wins over an option", cell(code, "#| eval: true\n#| echo: true\nx", `{"tags": ["skip-execution", "remove-input"]}`),
			with(func(o *Options) { o.Eval, o.Echo = false, false }), "x", ""},
		{"hide tags", cell(code, "x", `{"tags": ["hide-input", "hide-output", "hide-cell"]}`),
			with(func(o *Options) { o.HideInput, o.HideOutput, o.HideCell = true, true, true }), "x", ""},
		{"jupyterlab", cell(code, "x", `{"jupyter": {"source_hidden": true, "outputs_hidden": true}}`),
			with(func(o *Options) { o.HideInput, o.HideOutput = true, true }), "x", ""},
		{"collapsed", cell(code, "x", `{"collapsed": true}`), with(func(o *Options) { o.HideOutput = true }), "x", ""},
		{"collapsed loosely", cell(code, "x", `{"collapsed": "yes"}`), Default(), "x", ""},
		{"markdown source_hidden", cell(md, "# x", `{"jupyter": {"source_hidden": true}}`), with(func(o *Options) { o.HideCell = true }), "", ""},
		{"markdown option lines are text", cell(md, "#| echo: false", ""), Default(), "", ""},
		{"jupyter of the wrong kind", cell(code, "x", `{"jupyter": {"source_hidden": "yes"}}`), Default(), "x", "metadata jupyter: source_hidden is string, not bool"},
		{"cell magic", cell(code, "%%bash\n#| echo: false\nls", ""), with(func(o *Options) { o.Echo = false }), "%%bash\nls", ""},
		{"CR line ends", cell(code, "#| echo: false\r\nx\ry", ""), with(func(o *Options) { o.Echo = false }), "x\ny", ""},
		{"mystnb figure and image", cell(code, "x", `{"mystnb": {"figure": {"caption": "Hey **party**", "name": "fun-fish", "classes": "a b"},
			"image": {"width": "300px", "height": "50%", "alt": "A fish", "classes": ["shadow", "bg-primary"]}}}`),
			with(func(o *Options) {
				o.Figure = Figure{Caption: "Hey **party**", Name: "fun-fish", Classes: []string{"a", "b"}}
				o.Image = Image{Width: "300px", Height: "50%", Alt: "A fish", Classes: []string{"shadow", "bg-primary"}}
			}), "x", ""},
		{"mystnb source and outputs", cell(code, "x", `{"mystnb": {"remove_code_source": true, "remove_code_outputs": true, "number_source_lines": true, "code_prompt_show": "Open {type}"}}`),
			with(func(o *Options) { o.Echo, o.Output, o.LineNumbers, o.PromptShow = false, false, true, "Open {type}" }), "x", ""},
		{"mystnb prompts, streams and Markdown", cell(code, "x", `{"mystnb": {"code_prompt_show": "Open {type}", "code_prompt_hide": "Close {type}", "merge_streams": true, "markdown_format": "gfm"}}`),
			with(func(o *Options) {
				o.PromptShow, o.PromptHide, o.MergeStreams, o.MarkdownFormat = "Open {type}", "Close {type}", true, "gfm"
			}), "x", ""},
		{"mystnb caption before", cell(code, "x", `{"mystnb": {"figure": {"caption": "c\n\nlegend", "caption_before": true}}}`),
			with(func(o *Options) { o.Figure = Figure{Caption: "c\n\nlegend", CaptionBefore: true} }), "x", ""},
		{"mystnb unknown Markdown format", cell(code, "x", `{"mystnb": {"markdown_format": "rst", "merge_streams": "yes"}}`),
			Default(), "x", `metadata mystnb.markdown_format: "rst" is not commonmark, gfm or myst`},
		{"mystnb stderr", cell(code, "x", `{"mystnb": {"output_stderr": "remove-warn"}}`), with(func(o *Options) { o.Stderr = false }), "x", ""},
		{"legacy render key", cell(code, "x", `{"render": {"figure": {"name": "f"}}}`), with(func(o *Options) { o.Figure.Name = "f" }), "x", ""},
		{"mystnb of the wrong kinds", cell(code, "x", `{"mystnb": {"figure": "big", "image": {"width": "wide", "classes": "ok <bad>"}, "output_stderr": "loud", "number_source_lines": 1}}`),
			with(func(o *Options) { o.Image.Classes = []string{"ok"} }), "x", `metadata mystnb.figure: "big" is not a mapping`},
		{"mystnb not a mapping", cell(code, "x", `{"mystnb": [1]}`), Default(), "x", "metadata mystnb: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, code, err := Of("python", tt.c)
			checkResult(t, got, code, err, tt.want, tt.code, tt.err)
		})
	}
}

// TestOfWrongKinds: each value of the wrong kind in MyST-NB's metadata is
// named, and the others are still read.
func TestOfWrongKinds(t *testing.T) {
	c := cell(notebook.Code, "x", `{"mystnb": {"figure": {"name": 3, "caption": ["a"]}, "image": {"width": "wide", "classes": "ok <bad>"}, "output_stderr": "loud", "number_source_lines": 1}}`)
	_, _, err := Of("python", c)
	for _, want := range []string{
		`metadata mystnb.figure.caption: a list is not text`,
		`metadata mystnb.image.width: "wide" is not a length`,
		`metadata mystnb.image.classes: "<bad>" is not a class name`,
		`metadata mystnb.output_stderr: "loud" is not show, remove`,
		`metadata mystnb.number_source_lines: 1 is not true or false`,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v lacks %q", err, want)
		}
	}
}

// FuzzOf: any source and metadata give options without a panic, and
// errors stay short.
func FuzzOf(f *testing.F) {
	for _, s := range [][2]string{
		{"x", `{"tags": ["remove-input"]}`},
		{"#| eval: false\nx", `{"mystnb": {"figure": {"caption": "c", "name": "n"}}}`},
		{"#| fig-cap: &a [*a]\n", `{"jupyter": {"source_hidden": 1}}`},
		{"%%bash\n#| echo: false\n", `{"render": {"image": {"width": "3em", "classes": "a b"}}}`},
		{"#| x: &a " + strings.Repeat("y", 4000) + "\n#| fig-alt: [" + strings.Repeat("*a, ", 2000) + "*a]\n", `{}`},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, src, meta string) {
		c := &notebook.Cell{Type: notebook.Code, Source: src, Metadata: notebook.Metadata{}}
		if json.Unmarshal([]byte(meta), &c.Metadata) != nil {
			return
		}
		opts, code, err := Of("python", c)
		if len(code) > len(src) {
			t.Fatalf("code %q longer than the source %q", code, src)
		}
		if err != nil && len(err.Error()) > 400*(1+strings.Count(err.Error(), "\n")) {
			t.Fatalf("error of %d bytes", len(err.Error()))
		}
		if size := optionsSize(&opts); size > 4*(len(src)+len(meta))+8<<10 {
			t.Fatalf("%d bytes of options from %d of source and metadata", size, len(src)+len(meta))
		}
		for _, cl := range append(opts.Image.Classes, opts.Figure.Classes...) {
			if !className.MatchString(cl) {
				t.Fatalf("class %q", cl)
			}
		}
	})
}
