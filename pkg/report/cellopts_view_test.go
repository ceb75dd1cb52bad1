package report

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/cellopts"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// TestOutputsAsAsked: what a cell asks of its outputs (warning: false,
// output: asis, the tags remove-stdout and remove-stderr, MyST-NB's
// output_stderr and code_prompt_show) is what the view shows.
func TestOutputsAsAsked(t *testing.T) {
	warning := stream("stderr", "/tmp/ipykernel_4242/1234.py:2: UserWarning: careful\n  warnings.warn('careful')\n")
	outs := func() []*notebook.Output {
		return []*notebook.Output{stream("stdout", "**bold** <b>x</b>\n"), warning,
			{Type: notebook.ExecuteResult, Data: notebook.MimeBundle{"text/plain": []byte(`"| a |\n|---|\n| 1 |"`)}}}
	}
	tests := []struct {
		name, src, meta string
		tags            []string
		want            []string
	}{
		{"as stored", "x()", "", nil, []string{"code:x()", "stream", "stream", "text"}},
		{"warning: false", "//| warning: false\nx()", "", nil, []string{"code:x()", "stream", "text"}},
		{"remove-stderr", "x()", "", []string{cellopts.RemoveStderr}, []string{"code:x()", "stream", "text"}},
		{"remove-stdout", "x()", "", []string{cellopts.RemoveStdout}, []string{"code:x()", "stream", "text"}},
		{"both", "x()", "", []string{cellopts.RemoveStdout, cellopts.RemoveStderr}, []string{"code:x()", "text"}},
		{"output_stderr remove", "x()", `{"mystnb": {"output_stderr": "remove"}}`, nil, []string{"code:x()", "stream", "text"}},
		{"asis", "//| output: asis\nx()", "", nil, []string{"code:x()", "markdown:**bold** <b>x</b>\n", "stream", "markdown:| a |\n|---|\n| 1 |"}},
		{"code_prompt_show", "x()", `{"mystnb": {"code_prompt_show": "Open the {type}"}}`, []string{cellopts.HideInput, cellopts.HideOutput},
			[]string{"code:x()/fold1:Open the source", "stream/fold2:Open the outputs", "stream/fold2:Open the outputs", "text/fold2:Open the outputs"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nb := goCell(tt.src, tt.meta, tt.tags...)
			nb.Cells[0].Outputs = outs()
			v := mustView(t, nb, ViewOptions{})
			if got := shown(v); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("blocks %q, want %q", got, tt.want)
			}
			if len(v.Warnings) > 0 {
				t.Errorf("warnings %q", v.Warnings)
			}
			stderrShown := slices.ContainsFunc(v.Blocks, func(b Block) bool { return b.Kind == KindStream && b.Name == "stderr" })
			if stderrShown != (tt.name == "as stored" || tt.name == "remove-stdout" || tt.name == "asis" || tt.name == "code_prompt_show") {
				t.Errorf("stderr shown: %v", stderrShown)
			}
			for _, b := range v.Blocks {
				if strings.Contains(b.Text, "/tmp/") && !stderrShown {
					t.Errorf("the warning's path is shown: %q", b.Text)
				}
			}
		})
	}
}

// TestUnknownMIME: an output whose representations are all of unknown
// types is a note and a warning naming the cell, the output and the
// types, quoted.
func TestUnknownMIME(t *testing.T) {
	out := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{
		"application/x-a": []byte(`"1"`), "application/x-b\n<script>": []byte(`"2"`), "c": []byte(`"3"`), "d": []byte(`"4"`)}}
	v := mustView(t, codeNotebook(out), ViewOptions{})
	want := []string{`note:An output of a type this page cannot show: "application/x-a", "application/x-b\n<script>", "c" and 1 more.`}
	if got := outputBlocks(v); !reflect.DeepEqual(got, want) {
		t.Errorf("blocks %q, want %q", got, want)
	}
	if len(v.Warnings) != 1 || !strings.HasPrefix(v.Warnings[0].String(), "cell 1: output 1: output of a type a page cannot show") {
		t.Errorf("warnings %q", v.Warnings)
	}
}

// TestMystNBFigure: MyST-NB's figure metadata captions the cell's first
// output and, with a name, numbers it in the sequence of the other
// figures, the name its label; its image metadata sizes the images,
// gives them classes and alternative text.
func TestMystNBFigure(t *testing.T) {
	nb := notebook.New()
	nb.Metadata["kernelspec"] = []byte(`{"name": "python3", "language": "python"}`)
	cell := func(src, meta string, outs ...*notebook.Output) *notebook.Cell {
		c := &notebook.Cell{Type: notebook.Code, Source: src, Metadata: notebook.Metadata{}, Outputs: outs}
		if err := json.Unmarshal([]byte(meta), &c.Metadata); err != nil {
			t.Fatal(err)
		}
		return c
	}
	png := func() *notebook.Output { return rich("image/png", tinyPNG) }
	nb.Cells = []*notebook.Cell{
		cell("#| label: fig-first\n#| fig-cap: First\nx", `{}`, png()),
		cell("Image('fish.png')", `{"mystnb": {"image": {"width": "300px", "alt": "A fun fish", "classes": "shadow bg-primary"},
			"figure": {"caption": "Hey everyone its **party** time!\n\n(and I'm a legend)", "name": "fun-fish-ref"}}}`, png()),
		cell("df", `{"mystnb": {"figure": {"caption": "A table"}}}`, rich("text/html", "<table><tr><td>1</td></tr></table>")),
		cell("y", `{"render": {"figure": {"name": "bad name!"}, "image": {"width": "50%"}}}`, png()),
		cell("z", `{"mystnb": {"figure": {"name": "lonely"}}}`),
		{Type: notebook.Markdown, Source: "See @fig-first."},
	}
	v := mustView(t, nb, ViewOptions{})
	var got []string
	for _, b := range v.Blocks {
		if b.Output > 0 {
			got = append(got, fmt.Sprintf("%s %q %q %q %dx%d %q", b.Kind, b.Label, b.Caption, b.Alt, b.Width, b.Height, b.Classes))
		}
	}
	want := []string{
		`image "fig-first" "Figure 1: First" "First" 0x0 []`,
		`image "fun-fish-ref" "Figure 2: Hey everyone its **party** time!" "A fun fish" 300x0 ["shadow" "bg-primary"]`,
		`html "" "A table" "" 0x0 []`,
		`image "" "" "Figure from cell 4" 0x0 []`,
	}
	if b := v.Blocks[3]; b.Legend != "(and I'm a legend)" || b.CaptionAbove {
		t.Errorf("fun fish's legend %q, caption above %v; want its second paragraph, below", b.Legend, b.CaptionAbove)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("outputs\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, w := range []string{`cell 4: MyST-NB image size "50%" is not used`, `cell 4: output 1: MyST-NB figure name "bad name!" is not a label`,
		"cell 4: output 1: figure has no alt text", "cell 5: MyST-NB figure metadata names no figure"} {
		if !slices.ContainsFunc(v.Warnings, func(x Warning) bool { return strings.HasPrefix(x.String(), w) }) {
			t.Errorf("no warning %q in %q", w, v.Warnings)
		}
	}
}

// TestLineNumbers: code-line-numbers and MyST-NB's number_source_lines
// number the code block's lines; nothing else does.
func TestLineNumbers(t *testing.T) {
	for _, tt := range []struct {
		src, meta string
		want      bool
	}{
		{"x()", "", false},
		{"//| code-line-numbers: true\nx()", "", true},
		{"//| code-line-numbers: \"1\"\nx()", "", true},
		{"x()", `{"mystnb": {"number_source_lines": true}}`, true},
		{"//| code-line-numbers: false\nx()", "", false},
	} {
		v := mustView(t, goCell(tt.src, tt.meta), ViewOptions{})
		if b := v.Blocks[0]; b.Kind != KindCode || b.LineNumbers != tt.want || b.Text != "x()" {
			t.Errorf("%q %s: %+v, want line numbers %v", tt.src, tt.meta, b, tt.want)
		}
	}
}

// TestMergeStreams: MyST-NB's merge_streams joins all of a cell's stdout
// where the first was, and all its stderr likewise, each chunk on a
// line of its own, stdout first where stderr alone came between; without
// it only neighbours join.
func TestMergeStreams(t *testing.T) {
	outs := func(o ...*notebook.Output) []*notebook.Output { return o }
	result := func() *notebook.Output { return rich("text/plain", "42") }
	tests := []struct {
		name  string
		merge bool
		outs  []*notebook.Output
		want  []string
	}{
		{"apart", false, outs(stream("stdout", "a"), stream("stderr", "w\n"), stream("stdout", "b\n")),
			[]string{"stdout:a", "stderr:w\n", "stdout:b\n"}},
		{"merged", true, outs(stream("stdout", "a"), stream("stderr", "w\n"), stream("stdout", "b  \n")),
			[]string{"stdout:a\nb\n", "stderr:w\n"}},
		{"stdout first", true, outs(stream("stderr", "w1"), stream("stderr", "w2"), stream("stdout", "a"), result(), stream("stderr", "w3")),
			[]string{"stdout:a\n", "stderr:w1\nw2\nw3\n", "text:42"}},
		{"stderr first past a result", true, outs(stream("stderr", "w"), result(), stream("stdout", "a")),
			[]string{"stderr:w\n", "text:42", "stdout:a\n"}},
		{"empty chunks", true, outs(stream("stdout", "a"), stream("stdout", "\n\n"), nil, stream("stdout", "b")),
			[]string{"stdout:a\nb\n"}},
		{"other stream names are stdout", true, outs(stream("x", "a"), stream("stdout", "b")),
			[]string{"stdout:a\nb\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			meta := ""
			if tt.merge {
				meta = `{"mystnb": {"merge_streams": true}}`
			}
			nb := goCell("x()", meta)
			nb.Cells[0].Outputs = tt.outs
			v := mustView(t, nb, ViewOptions{})
			if got := outputBlocks(v); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("outputs %q, want %q", got, tt.want)
			}
		})
	}
}

// TestMergeStreamsLinear: merging takes time linear in the outputs
// however many chunks of the two streams alternate.
func TestMergeStreamsLinear(t *testing.T) {
	const n = 20000
	nb := goCell("x()", `{"mystnb": {"merge_streams": true}}`)
	nb.Cells[0].Outputs = nil
	for i := range n {
		name := []string{"stdout", "stderr", "s" + strconv.Itoa(i)}[i%3]
		nb.Cells[0].Outputs = append(nb.Cells[0].Outputs, stream(name, "x"), rich("text/plain", "1"))
	}
	v := mustView(t, nb, ViewOptions{MaxOutput: -1})
	size := map[string]int{}
	for _, b := range v.Blocks {
		if b.Kind == KindStream {
			size[b.Name] += len(b.Text)
		}
	}
	// 6,667 chunks of stdout and of stderr, and 6,666 of other names,
	// which are stdout's, each "x\n".
	if want := map[string]int{"stdout": 2 * (2 * n / 3), "stderr": 2 * (n/3 + 1)}; !reflect.DeepEqual(size, want) {
		t.Errorf("stream sizes %v, want %v", size, want)
	}
}

// TestPromptHide: MyST-NB's code_prompt_hide is the folded part's
// control's text once open, "{type}" the part; without it the text does
// not change.
func TestPromptHide(t *testing.T) {
	v := mustView(t, goCell("x()", `{"mystnb": {"code_prompt_show": "Open {type}", "code_prompt_hide": "Close  {type}"}}`, cellopts.HideInput, cellopts.HideOutput), ViewOptions{})
	var got []string
	for _, b := range v.Blocks {
		got = append(got, b.Summary+" / "+b.SummaryHide)
	}
	if want := []string{"Open source / Close source", "Open outputs / Close outputs"}; !reflect.DeepEqual(got, want) {
		t.Errorf("controls %q, want %q", got, want)
	}
	v = mustView(t, goCell("x()", "", cellopts.HideCell), ViewOptions{})
	if b := v.Blocks[0]; b.SummaryHide != "" {
		t.Errorf("without code_prompt_hide, the open control reads %q", b.SummaryHide)
	}
}

// TestTableCaptionAbove: a cell's table caption (tbl-cap) is above its
// table, as Quarto places it, numbered with a tbl- label and not without;
// a figure's caption stays below.
func TestTableCaptionAbove(t *testing.T) {
	nb := goCell("//| label: tbl-values\n//| tbl-cap: Values\nx()", "")
	nb.Cells[0].Outputs = []*notebook.Output{rich("text/html", "<table><tr><td>1</td></tr></table>")}
	v := mustView(t, nb, ViewOptions{})
	b := v.Blocks[1]
	if b.Caption != "Table 1: Values" || !b.CaptionAbove {
		t.Errorf("table caption %q above %v, want \"Table 1: Values\" above", b.Caption, b.CaptionAbove)
	}
	nb = goCell("//| tbl-cap: Unnumbered\nx()", "")
	nb.Cells[0].Outputs = []*notebook.Output{rich("text/html", "<table><tr><td>1</td></tr></table>")}
	if b := mustView(t, nb, ViewOptions{}).Blocks[1]; b.Caption != "Unnumbered" || !b.CaptionAbove || b.Label != "" {
		t.Errorf("tbl-cap without a label: caption %q above %v label %q, want \"Unnumbered\" above, no label", b.Caption, b.CaptionAbove, b.Label)
	}
	nb = goCell("//| label: fig-values\n//| fig-cap: Values\nx()", "")
	nb.Cells[0].Outputs = []*notebook.Output{rich("image/png", tinyPNG)}
	if b := mustView(t, nb, ViewOptions{}).Blocks[1]; b.CaptionAbove {
		t.Errorf("figure caption %q is above", b.Caption)
	}
}

// TestMarkdownFormat: MyST-NB's markdown_format names the dialect of the
// cell's text/markdown outputs; in commonmark or gfm their references
// are text, neither numbered nor resolved, so they warn of nothing.
func TestMarkdownFormat(t *testing.T) {
	const md = "See @fig-none and {numref}`nothing`.\n\n$$x$$ {#eq-out}"
	for _, tt := range []struct {
		format, dialect string
		warns           bool
	}{
		{"", "", true},
		{"myst", "", true},
		{"gfm", "gfm", false},
		{"commonmark", "commonmark", false},
	} {
		t.Run(tt.format, func(t *testing.T) {
			meta := ""
			if tt.format != "" {
				meta = `{"mystnb": {"markdown_format": "` + tt.format + `"}}`
			}
			nb := goCell("x()", meta)
			nb.Cells[0].Outputs = []*notebook.Output{rich("text/markdown", md)}
			v := mustView(t, nb, ViewOptions{})
			b := v.Blocks[1]
			if b.Kind != KindMarkdown || b.Dialect != tt.dialect {
				t.Errorf("output %s in %q, want Markdown in %q", b.Kind, b.Dialect, tt.dialect)
			}
			if got := len(v.Warnings) > 0; got != tt.warns {
				t.Errorf("warnings %q, want some: %v", v.Warnings, tt.warns)
			}
			if _, numbered := v.Index.Target("eq-out"); numbered != tt.warns {
				t.Errorf("eq-out numbered: %v", numbered)
			}
		})
	}
}
