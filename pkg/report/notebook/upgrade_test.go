package notebook

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestUpgradeV3 reads a notebook of nbformat 3, as IPython 2 wrote them.
func TestUpgradeV3(t *testing.T) {
	nb, err := Parse([]byte(`{"nbformat": 3, "nbformat_minor": 0, "metadata": {"name": "old"},
	 "worksheets": [{"metadata": {}, "cells": [
	  {"cell_type": "heading", "level": 2, "metadata": {}, "source": ["Old ", "title"]},
	  {"cell_type": "markdown", "metadata": {}, "source": ["Some $x$\n", "text"]},
	  {"cell_type": "code", "collapsed": false, "input": ["print 1\n", "x"], "language": "python", "metadata": {}, "prompt_number": 3,
	   "outputs": [
	    {"output_type": "stream", "stream": "stdout", "text": ["1\n"]},
	    {"output_type": "pyout", "prompt_number": 3, "metadata": {}, "text": ["2"], "latex": ["$2$"], "png": "iVBORw0KGgo="},
	    {"output_type": "display_data", "html": ["<b>", "x</b>"], "application/json": {"a": 1}},
	    {"output_type": "pyerr", "ename": "NameError", "evalue": "y", "traceback": ["NameError: y"]}]},
	  {"cell_type": "raw", "metadata": {}, "source": "raw"}]},
	  {"cells": [{"cell_type": "markdown", "metadata": {}, "source": "second sheet"}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(nb.Metadata["language_info"]); got != `{"name":"python"}` {
		t.Errorf("language_info %s", got)
	}
	if nb.Format != 4 || nb.FormatMinor != 0 || len(nb.Cells) != 5 {
		t.Fatalf("format %d.%d, %d cells", nb.Format, nb.FormatMinor, len(nb.Cells))
	}
	var got []string
	for _, c := range nb.Cells {
		got = append(got, string(c.Type)+":"+c.Source)
	}
	want := []string{"markdown:## Old title", "markdown:Some $x$\ntext", "code:print 1\nx", "raw:raw", "markdown:second sheet"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("cells %q, want %q", got, want)
	}
	code := nb.Cells[2]
	if code.ExecutionCount == nil || *code.ExecutionCount != 3 || len(code.Outputs) != 4 {
		t.Fatalf("code cell %+v", code)
	}
	outs := code.Outputs
	if outs[0].Type != Stream || outs[0].Name != "stdout" || outs[0].Text != "1\n" {
		t.Errorf("stream %+v", outs[0])
	}
	if outs[1].Type != ExecuteResult || *outs[1].ExecutionCount != 3 || !reflect.DeepEqual(outs[1].Data.MIMETypes(), []string{"image/png", "text/latex", "text/plain"}) {
		t.Errorf("result %+v", outs[1])
	}
	if html, _ := outs[2].Data.Text("text/html"); outs[2].Type != DisplayData || html != "<b>x</b>" || string(outs[2].Data["application/json"]) != `{"a":1}` {
		t.Errorf("display %+v", outs[2])
	}
	if outs[3].Type != ErrorOutput || outs[3].EName != "NameError" || len(outs[3].Traceback) != 1 {
		t.Errorf("error %+v", outs[3])
	}
}

// TestMissingOptionalFields reads a notebook without the fields whose
// value nbformat's reader can make up.
func TestMissingOptionalFields(t *testing.T) {
	nb, err := Parse([]byte(`{"nbformat": 4, "cells": [{"cell_type": "code", "source": "x"},
	 {"cell_type": "code", "source": "y", "outputs": [{"output_type": "execute_result", "data": {"text/plain": "1"}}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	c := nb.Cells[0]
	if nb.Metadata == nil || c.Metadata == nil || c.Outputs == nil || c.ExecutionCount != nil {
		t.Errorf("defaults not made: %+v", c)
	}
	if o := nb.Cells[1].Outputs[0]; o.Metadata == nil || o.ExecutionCount != nil {
		t.Errorf("output defaults not made: %+v", o)
	}
}

// BenchmarkParseStreams reads a cell with many stream outputs of 1 KB, as
// a long-running loop leaves them (issue 11.6).
func BenchmarkParseStreams(b *testing.B) {
	for _, n := range []int{1000, 20000} {
		var sb strings.Builder
		sb.WriteString(`{"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [{"cell_type": "code", "metadata": {}, "source": "x", "execution_count": 1, "outputs": [`)
		for i := range n {
			if i > 0 {
				sb.WriteString(",")
			}
			sb.WriteString(`{"output_type": "stream", "name": "stdout", "text": ["` + strings.Repeat("y", 1021) + `\n"]}`)
		}
		sb.WriteString("]}]}")
		data := []byte(sb.String())
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := Parse(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
