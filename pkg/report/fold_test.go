package report

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/cellopts"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/terminal"
)

// shown describes the blocks of a view as "kind" (or "kind:text" for code
// and Markdown), then "/fold:summary" when folded, "/open" when open at
// first, and "/rest:summary" for the rest of a long output.
func shown(v *View) []string {
	var out []string
	for _, b := range v.Blocks {
		s := b.Kind.String()
		if b.Kind == KindCode || b.Kind == KindMarkdown {
			s += ":" + b.Text
		}
		if b.Fold != Unfolded {
			s += fmt.Sprintf("/fold%d:%s", b.Fold, b.Summary)
		}
		if b.Open {
			s += "/open"
		}
		if b.Rest {
			s += "/rest:" + b.Summary
		}
		out = append(out, s)
	}
	return out
}

// goCell returns a notebook of one Go code cell with a stream output,
// with the tags and metadata given (a JSON object, or "").
func goCell(src, meta string, tags ...string) *notebook.Notebook {
	nb := notebook.New()
	nb.Metadata["kernelspec"] = json.RawMessage(`{"name": "gonb", "language": "go"}`)
	c := &notebook.Cell{Type: notebook.Code, Source: src, Metadata: notebook.Metadata{}, Outputs: []*notebook.Output{stream("stdout", "out\n")}}
	if meta != "" {
		if err := json.Unmarshal([]byte(meta), &c.Metadata); err != nil {
			panic(err)
		}
	}
	if tags != nil {
		_ = c.Metadata.Set("tags", tags)
	}
	nb.Cells = []*notebook.Cell{c}
	return nb
}

func TestCellLook(t *testing.T) {
	const (
		src     = sourceSummary
		outs    = outputsSummary
		cellSum = cellSummary
	)
	tests := []struct {
		name, src, meta string
		tags            []string
		want            []string
		warnings        int
	}{
		{"plain", "x()", "", nil, []string{"code:x()", "stream"}, 0},
		{"echo false", "//| echo: false\nx()", "", nil, []string{"stream"}, 0},
		{"output false", "//| output: false\nx()", "", nil, []string{"code:x()"}, 0},
		{"include false", "//| include: false\nx()", "", nil, nil, 0},
		{"code-fold", "//| code-fold: true\nx()", "", nil, []string{"code:x()/fold1:Code", "stream"}, 0},
		{"code-fold show, summary", "//| code-fold: show\n//| code-summary: \"The\n//|   set-up\"\nx()", "", nil,
			[]string{"code:x()/fold1:The set-up/open", "stream"}, 0},
		{"hide-input", "x()", "", []string{cellopts.HideInput}, []string{"code:x()/fold1:" + src, "stream"}, 0},
		{"hide-output", "x()", "", []string{cellopts.HideOutput}, []string{"code:x()", "stream/fold2:" + outs}, 0},
		{"hide-cell", "x()", "", []string{cellopts.HideCell}, []string{"code:x()/fold3:" + cellSum, "stream/fold3:" + cellSum}, 0},
		{"hide-cell, remove-input", "x()", "", []string{cellopts.HideCell, cellopts.RemoveInput}, []string{"stream/fold3:" + cellSum}, 0},
		{"hide-input, hide-output", "x()", "", []string{cellopts.HideInput, cellopts.HideOutput}, []string{"code:x()/fold1:" + src, "stream/fold2:" + outs}, 0},
		{"remove-cell beats hide-cell", "x()", "", []string{cellopts.RemoveCell, cellopts.HideCell}, nil, 0},
		{"source_hidden", "x()", `{"jupyter": {"source_hidden": true}}`, nil, []string{"code:x()/fold1:" + src, "stream"}, 0},
		{"outputs_hidden", "x()", `{"jupyter": {"outputs_hidden": true}}`, nil, []string{"code:x()", "stream/fold2:" + outs}, 0},
		{"outputs_hidden false", "x()", `{"jupyter": {"outputs_hidden": false}, "collapsed": false}`, nil, []string{"code:x()", "stream"}, 0},
		{"collapsed", "x()", `{"collapsed": true}`, nil, []string{"code:x()", "stream/fold2:" + outs}, 0},
		{"odd metadata, warned", "x()", `{"jupyter": {"source_hidden": "yes"}, "collapsed": 1}`, nil, []string{"code:x()", "stream"}, 1},
		{"bad options: shown, warned, lines gone", "//| echo: [\nx()", "", nil, []string{"code:x()", "stream"}, 1},
		{"echo false and hide-input", "//| echo: false\nx()", "", []string{cellopts.HideInput}, []string{"stream"}, 0},
		{"options after %%", "%%\n//| echo: false\nx()", "", nil, []string{"stream"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := mustView(t, goCell(tt.src, tt.meta, tt.tags...), ViewOptions{})
			if got := shown(v); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("blocks %q, want %q", got, tt.want)
			}
			if len(v.Warnings) != tt.warnings {
				t.Errorf("warnings %q, want %d", v.Warnings, tt.warnings)
			}
		})
	}
}

// TestOptionWarning: malformed options name the cell.
func TestOptionWarning(t *testing.T) {
	v := mustView(t, goCell("//| echo: false\n//| fig-cap: [\nx()", ""), ViewOptions{})
	want := "cell 1: cell options (//| lines) are not used: not valid YAML: "
	if len(v.Warnings) != 1 || !strings.HasPrefix(v.Warnings[0].String(), want) {
		t.Errorf("warnings %q, want one starting %q", v.Warnings, want)
	}
}

// TestPythonOptions: a Python notebook's options are #| lines; a cell
// magic's body has its own comment syntax.
func TestPythonOptions(t *testing.T) {
	nb := notebook.New()
	nb.Metadata["kernelspec"] = json.RawMessage(`{"name": "python3", "language": "python"}`)
	nb.Cells = []*notebook.Cell{
		{Type: notebook.Code, Source: "#| code-fold: true\n%matplotlib inline\nplot()"},
		{Type: notebook.Code, Source: "//| echo: false\nx = 1"},
		{Type: notebook.Code, Source: "%%bash\n#| echo: false\nls"},
	}
	want := []string{"code:%matplotlib inline\nplot()/fold1:Code", "code://| echo: false\nx = 1"}
	if got := shown(mustView(t, nb, ViewOptions{})); !reflect.DeepEqual(got, want) {
		t.Errorf("blocks %q, want %q", got, want)
	}
}

// TestMarkdownFold: a Markdown cell folds whole with hide-cell or
// source_hidden.
func TestMarkdownFold(t *testing.T) {
	nb := notebook.New()
	nb.Cells = []*notebook.Cell{
		{Type: notebook.Markdown, Source: "a", Metadata: notebook.Metadata{"tags": json.RawMessage(`["hide-cell"]`)}},
		{Type: notebook.Markdown, Source: "b", Metadata: notebook.Metadata{"jupyter": json.RawMessage(`{"source_hidden": true}`)}},
		{Type: notebook.Markdown, Source: "c", Metadata: notebook.Metadata{"collapsed": json.RawMessage(`true`)}},
	}
	want := []string{"markdown:a/fold3:" + textSummary, "markdown:b/fold3:" + textSummary, "markdown:c"}
	if got := shown(mustView(t, nb, ViewOptions{})); !reflect.DeepEqual(got, want) {
		t.Errorf("blocks %q, want %q", got, want)
	}
}

func TestLongOutputs(t *testing.T) {
	lines := func(n int) string {
		var b strings.Builder
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "line %d\n", i)
		}
		return b.String()
	}
	tests := []struct {
		name      string
		out       *notebook.Output
		foldLines int
		want      []string
		head      string
	}{
		{"40 lines stay", stream("stdout", lines(40)), 0, []string{"code:x", "stream"}, ""},
		{"41 lines fold", stream("stdout", lines(41)), 0, []string{"code:x", "stream", "stream/rest:Show 21 more lines"}, lines(20)},
		{"237 lines", stream("stdout", lines(237)), 0, []string{"code:x", "stream", "stream/rest:Show 217 more lines"}, lines(20)},
		{"no final newline", stream("stdout", strings.TrimSuffix(lines(41), "\n")), 0, []string{"code:x", "stream", "stream/rest:Show 21 more lines"}, lines(20)},
		{"text/plain", rich("text/plain", lines(50)), 0, []string{"code:x", "text", "text/rest:Show 30 more lines"}, lines(20)},
		{"one more line", stream("stdout", lines(3)), 2, []string{"code:x", "stream", "stream/rest:Show 2 more lines"}, lines(1)},
		{"never", stream("stdout", lines(300)), -1, []string{"code:x", "stream"}, ""},
		{"errors stay whole", &notebook.Output{Type: notebook.ErrorOutput, Traceback: strings.Split(lines(60), "\n")}, 0, []string{"code:x", "error"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := mustView(t, codeNotebook(tt.out), ViewOptions{FoldLines: tt.foldLines})
			if got := shown(v); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("blocks %q, want %q", got, tt.want)
			}
			if tt.head == "" {
				return
			}
			if v.Blocks[1].Text != tt.head {
				t.Errorf("head %q, want %q", v.Blocks[1].Text, tt.head)
			}
			if whole := v.Blocks[1].Text + v.Blocks[2].Text; strings.TrimSuffix(whole, "\n") != strings.TrimSuffix(lines(countLines(whole)), "\n") {
				t.Errorf("head and rest join to %q", whole)
			}
		})
	}
	// Colours split with the text, and the cut note stays after both.
	coloured := stream("stdout", "\x1b[31m"+lines(150)+"\x1b[0mtail\n")
	v := mustView(t, codeNotebook(coloured), ViewOptions{MaxOutput: 1000})
	head, rest := v.Blocks[1], v.Blocks[2]
	if len(head.Spans) != 1 || head.Spans[0].Text != head.Text || head.Spans[0].FG != 1 || !rest.Rest || rest.Spans[0].Text != rest.Text[:len(rest.Spans[0].Text)] || rest.Spans[0].FG != 1 {
		t.Errorf("spans split as %+v and %+v", head.Spans, rest.Spans)
	}
	if last := v.Blocks[len(v.Blocks)-1]; last.Kind != KindNote || !strings.Contains(last.Text, "cut to size") {
		t.Errorf("last block %+v, want the cut note", last)
	}
}

func TestSplitSpans(t *testing.T) {
	red := terminal.Style{FG: 1, BG: terminal.NoColor}
	spans := []terminal.Span{{Text: "ab\n", Style: red}, {Text: "cd\nef", Style: terminal.Style{FG: terminal.NoColor, BG: terminal.NoColor}}}
	for cut := 0; cut <= 8; cut++ {
		head, tail := splitSpans(spans, cut)
		var h, tl string
		for _, s := range head {
			h += s.Text
		}
		for _, s := range tail {
			tl += s.Text
		}
		if h != "ab\ncd\nef"[:cut] || tl != "ab\ncd\nef"[cut:] {
			t.Errorf("cut %d: %q | %q", cut, h, tl)
		}
		for _, s := range append(head, tail...) {
			if s.Text == "" {
				t.Errorf("cut %d: an empty span", cut)
			}
		}
	}
	if h, tl := splitSpans(nil, 3); h != nil || tl != nil {
		t.Errorf("nil spans split as %v, %v", h, tl)
	}
	if got, _ := splitSpans(spans, 3); got[0].FG != 1 {
		t.Errorf("style lost: %+v", got)
	}
}
