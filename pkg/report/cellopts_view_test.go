package report

import (
	"reflect"
	"slices"
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
