package notebook

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestRoundTripBytes checks that a notebook in nbformat's own layout is
// written back byte for byte.
func TestRoundTripBytes(t *testing.T) {
	files, err := filepath.Glob("testdata/*.ipynb")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test notebooks: %v", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			nb, err := Parse(want)
			if err != nil {
				t.Fatal(err)
			}
			got, err := Marshal(nb)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("written notebook differs from %s:\n%s", file, firstDiff(got, want))
			}
		})
	}
}

func firstDiff(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return "line " + itoa(i+1) + ":\n got  " + g[i] + "\n want " + w[i]
		}
	}
	return "lengths differ: " + itoa(len(g)) + " and " + itoa(len(w)) + " lines"
}

func itoa(n int) string { return strings.TrimSpace(string(mustMarshal(n))) }

func mustMarshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// TestRoundTripModel checks read, write, read gives the same notebook, also
// for inputs that use single strings where nbformat writes lists.
func TestRoundTripModel(t *testing.T) {
	inputs := map[string]string{
		"strings": `{"nbformat": 4, "nbformat_minor": 2, "metadata": {"a": {"b": [1,  2.50]}},
		  "cells": [{"cell_type": "markdown", "metadata": {}, "source": "x\ny"},
		            {"cell_type": "code", "metadata": {}, "source": ["a\n", "b"], "execution_count": null,
		             "outputs": [{"output_type": "stream", "name": "stdout", "text": ["1\n", "2"]},
		                         {"output_type": "display_data", "metadata": {}, "data": {"image/png": ["AA", "BB\n"], "text/html": "<p>\n</p>"}}]}],
		  "extra_top": true}`,
		"file": mustRead(t, "testdata/all-outputs.ipynb"),
	}
	for name, in := range inputs {
		t.Run(name, func(t *testing.T) {
			first, err := Parse([]byte(in))
			if err != nil {
				t.Fatal(err)
			}
			data, err := Marshal(first)
			if err != nil {
				t.Fatal(err)
			}
			second, err := Parse(data)
			if err != nil {
				t.Fatalf("reading the written notebook: %v\n%s", err, data)
			}
			if !reflect.DeepEqual(first, second) {
				t.Errorf("notebook changed in a round trip:\n%s", data)
			}
		})
	}
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestParseFields(t *testing.T) {
	nb, err := ReadFile("testdata/all-outputs.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := nb.Metadata.String("title"); got != "Every output type" {
		t.Errorf("title = %q", got)
	}
	if got := nb.Metadata.Strings("tags"); !reflect.DeepEqual(got, []string{"test", "博弈论"}) {
		t.Errorf("tags = %q", got)
	}
	if len(nb.Cells) != 4 {
		t.Fatalf("%d cells, want 4", len(nb.Cells))
	}
	md := nb.Cells[0]
	if md.Type != Markdown || !md.HasTag("intro") || md.HasTag("other") {
		t.Errorf("first cell: type %q tags %q", md.Type, md.Tags())
	}
	if !strings.HasPrefix(md.Source, "# Title <b>bold</b> & more\n\nMath $a_1 \\oplus a_2$") {
		t.Errorf("markdown source = %q", md.Source)
	}
	if png, ok := md.Attachments["dot.png"].Text("image/png"); !ok || png != "iVBORw0KGgo=\n" {
		t.Errorf("attachment = %q, %v", png, ok)
	}
	code := nb.Cells[1]
	if code.ExecutionCount == nil || *code.ExecutionCount != 3 || len(code.Outputs) != 5 {
		t.Fatalf("code cell: count %v, %d outputs", code.ExecutionCount, len(code.Outputs))
	}
	wantTypes := []OutputType{Stream, Stream, DisplayData, ExecuteResult, ErrorOutput}
	for i, o := range code.Outputs {
		if o.Type != wantTypes[i] {
			t.Errorf("output %d type %q, want %q", i+1, o.Type, wantTypes[i])
		}
	}
	if o := code.Outputs[0]; o.Name != "stdout" || o.Text != "hi\nthere\n" {
		t.Errorf("stream = %q %q", o.Name, o.Text)
	}
	dd := code.Outputs[2]
	if svg, _ := dd.Data.Text("image/svg+xml"); svg != "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<rect/>\n</svg>\n" {
		t.Errorf("svg = %q", svg)
	}
	if js, _ := dd.Data.Text("application/json"); js != `{"a":[1,2.5]}` {
		t.Errorf("json = %q", js)
	}
	if got := dd.Data.MIMETypes(); !reflect.DeepEqual(got, []string{"application/json", "image/png", "image/svg+xml", "text/plain"}) {
		t.Errorf("MIME types %q", got)
	}
	if _, ok := dd.Data.Text("text/html"); ok {
		t.Error("Text reports a missing type as present")
	}
	if e := code.Outputs[4]; e.EName != "panic" || e.EValue != "boom" || len(e.Traceback) != 2 {
		t.Errorf("error output = %+v", e)
	}
	if nb.Cells[2].ExecutionCount != nil || nb.Cells[2].Source != "" {
		t.Errorf("empty cell = %+v", nb.Cells[2])
	}
}

func TestParseErrors(t *testing.T) {
	cell := func(s string) string {
		return `{"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [` +
			`{"cell_type": "markdown", "metadata": {}, "source": "ok"}, ` + s + `]}`
	}
	output := func(s string) string {
		return cell(`{"cell_type": "code", "metadata": {}, "source": "", "execution_count": null, "outputs": [` + s + `]}`)
	}
	tests := []struct {
		name, in string
		err      error
		msg      string
	}{
		{"empty", ``, ErrSyntax, "notebook: line 1, column 1: unexpected end of JSON input"},
		{"not JSON", "{\n  \"cells\": [,]}", ErrSyntax, "notebook: line 2, column 13: invalid character ','"},
		{"array", `[1]`, ErrInvalid, "top level is array, not an object"},
		{"null", `null`, ErrInvalid, "top level is null"},
		{"version 2", `{"nbformat": 2, "nbformat_minor": 0, "worksheets": []}`, ErrVersion, "nbformat is 2"},
		{"version 3 heading", `{"nbformat": 3, "nbformat_minor": 0, "metadata": {}, "worksheets": [{"cells": [{"cell_type": "nope"}]}]}`, ErrInvalid, "nbformat 3: cell 1: unknown"},
		{"no version", `{"cells": [], "metadata": {}}`, ErrInvalid, `notebook has no "nbformat" field`},
		{"version string", `{"nbformat": "4"}`, ErrInvalid, `"nbformat" is not an integer`},
		{"no cells", `{"nbformat": 4, "nbformat_minor": 5, "metadata": {}}`, ErrInvalid, `no "cells"`},
		{"cells object", `{"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": {}}`, ErrInvalid, `"cells" is not a list`},
		{"metadata list", `{"nbformat": 4, "nbformat_minor": 5, "metadata": [], "cells": []}`, ErrInvalid, "notebook metadata is not an object"},
		{"cell type", cell(`{"cell_type": "heading", "metadata": {}, "source": ""}`), ErrInvalid, `cell 2: unknown cell_type "heading"`},
		{"cell no type", cell(`{"metadata": {}, "source": ""}`), ErrInvalid, `cell 2: cell has no "cell_type"`},
		{"cell not object", cell(`7`), ErrInvalid, "cell 2: cell is not an object"},
		{"no source", cell(`{"cell_type": "raw", "metadata": {}}`), ErrInvalid, `cell 2: raw cell has no "source"`},
		{"source number", cell(`{"cell_type": "raw", "metadata": {}, "source": 5}`), ErrInvalid, `"source" is not a string or a list of strings`},
		{"source null", cell(`{"cell_type": "raw", "metadata": {}, "source": null}`), ErrInvalid, `"source" is not a string`},
		{"source mixed", cell(`{"cell_type": "raw", "metadata": {}, "source": ["a", 1]}`), ErrInvalid, `"source" is not a string`},
		{"negative count", cell(`{"cell_type": "code", "metadata": {}, "source": "", "outputs": [], "execution_count": -1}`), ErrInvalid, "execution_count is not null or a non-negative integer"},
		{"attachments list", cell(`{"cell_type": "markdown", "metadata": {}, "source": "", "attachments": []}`), ErrInvalid, `"attachments" is not an object`},
		{"output type", output(`{"output_type": "pyout"}`), ErrInvalid, `cell 2: output 1: unknown output_type "pyout"`},
		{"cell type number", cell(`{"cell_type": 1, "metadata": {}, "source": ""}`), ErrInvalid, "notebook: cell 2: cell_type is not a string"},
		{"output not object", output(`7`), ErrInvalid, "notebook: cell 2: output 1: output is not an object"},
		{"output no type", output(`{"name": "stdout"}`), ErrInvalid, `notebook: cell 2: output 1: output has no "output_type" field`},
		{"output type number", output(`{"output_type": 1}`), ErrInvalid, "notebook: cell 2: output 1: output_type is not a string"},
		{"second output", output(`{"output_type": "stream", "name": "stdout", "text": ""}, null, 7`), ErrInvalid, "notebook: cell 2: output 2: output is not an object"},
		{"stream text", output(`{"output_type": "stream", "name": "stdout"}`), ErrInvalid, `cell 2: output 1: stream output has no "text"`},
		{"stream name", output(`{"output_type": "stream", "name": 1, "text": ""}`), ErrInvalid, "stream name is not a string"},
		{"display data", output(`{"output_type": "display_data", "metadata": {}}`), ErrInvalid, `display_data output has no "data"`},
		{"data list", output(`{"output_type": "display_data", "metadata": {}, "data": []}`), ErrInvalid, "display_data output data is not an object"},
		{"error traceback", output(`{"output_type": "error", "ename": "e", "evalue": "v"}`), ErrInvalid, `error output has no "traceback"`},
		{"error ename", output(`{"output_type": "error", "ename": 1, "evalue": "v", "traceback": []}`), ErrInvalid, "error ename is not a string"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.in))
			if !errors.Is(err, tt.err) {
				t.Fatalf("error %v, want one wrapping %v", err, tt.err)
			}
			if _, ok := errors.AsType[*Error](err); !ok {
				t.Errorf("error %T is not an *Error", err)
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("error %q does not contain %q", err, tt.msg)
			}
		})
	}
}

func TestReadFileNamesFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.ipynb")
	if err := os.WriteFile(path, []byte(`{"nbformat": 4}`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := ReadFile(path)
	if err == nil || !strings.HasPrefix(err.Error(), "notebook "+path+": ") {
		t.Errorf("error %q does not start with the file name", err)
	}
	if _, err := ReadFile(filepath.Join(t.TempDir(), "missing.ipynb")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

func TestWriteFile(t *testing.T) {
	nb := New()
	count := 1
	nb.Cells = append(nb.Cells,
		&Cell{Type: Markdown, Source: "# Hi\n", Metadata: Metadata{}},
		&Cell{Type: Code, Source: "x := 1", Metadata: Metadata{}, ExecutionCount: &count, Outputs: []*Output{
			{Type: ExecuteResult, Data: MimeBundle{}, Metadata: Metadata{}, ExecutionCount: &count},
		}})
	nb.Cells[1].Outputs[0].Data.SetText("text/plain", "1")
	if err := nb.Metadata.Set("title", "Hi <there>"); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "out.ipynb")
	if err := WriteFile(path, nb); err != nil {
		t.Fatal(err)
	}
	got, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, nb) {
		t.Errorf("read back %+v, want %+v", got, nb)
	}
	if title, _ := got.Metadata.String("title"); title != "Hi <there>" {
		t.Errorf("title %q", title)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("folder holds %d entries, want only the notebook", len(entries))
	}
}

func TestMarshalErrors(t *testing.T) {
	tests := []struct {
		name string
		nb   *Notebook
		msg  string
	}{
		{"zero", &Notebook{}, "nbformat is 0"},
		{"cell type", &Notebook{Format: 4, Cells: []*Cell{{Type: "heading"}}}, `cell 1: unknown cell_type "heading"`},
		{"nil cell", &Notebook{Format: 4, Cells: []*Cell{nil}}, "cell 1: cell is nil"},
		{"output type", &Notebook{Format: 4, Cells: []*Cell{{Type: Code, Outputs: []*Output{{Type: "x"}}}}}, `cell 1: output 1: unknown output_type "x"`},
		{"bad metadata", &Notebook{Format: 4, Metadata: Metadata{"k": json.RawMessage("{")}}, `notebook metadata key "k" is not valid JSON`},
		{"bad data", &Notebook{Format: 4, Cells: []*Cell{{Type: Code, Outputs: []*Output{{Type: DisplayData, Data: MimeBundle{"text/plain": nil}}}}}}, `"text/plain" is not valid JSON`},
		{"bad extra", &Notebook{Format: 4, Extra: map[string]json.RawMessage{"x": json.RawMessage("nul")}}, `notebook key "x" is not valid JSON`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Marshal(tt.nb)
			if err == nil || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("error %v, want one containing %q", err, tt.msg)
			}
		})
	}
}

func TestSplitLines(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", []string{}},
		{"a", []string{"a"}},
		{"a\n", []string{"a\n"}},
		{"a\nb", []string{"a\n", "b"}},
		{"a\r\nb\rc\n\n", []string{"a\r\n", "b\r", "c\n", "\n"}},
		{"x\u2028y\u0085z\fw", []string{"x\u2028", "y\u0085", "z\f", "w"}},
		{"\r", []string{"\r"}},
	}
	for _, tt := range tests {
		if got := splitLines(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("splitLines(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := strings.Join(splitLines(tt.in), ""); got != tt.in {
			t.Errorf("joined lines of %q give %q", tt.in, got)
		}
	}
}

func TestClone(t *testing.T) {
	nb, err := ReadFile("testdata/all-outputs.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	c := nb.Clone()
	if !reflect.DeepEqual(c, nb) {
		t.Fatal("clone differs")
	}
	c.Cells[1].Outputs[0].Text = "changed"
	*c.Cells[1].ExecutionCount = 99
	c.Cells[1].Outputs[2].Data["image/png"][1] = 'X'
	c.Metadata["title"] = json.RawMessage(`"other"`)
	if reflect.DeepEqual(c, nb) || nb.Cells[1].Outputs[0].Text == "changed" || *nb.Cells[1].ExecutionCount == 99 {
		t.Error("changing the clone changed the original")
	}
	if title, _ := nb.Metadata.String("title"); title != "Every output type" {
		t.Error("clone shares metadata")
	}

	// Attachments are copied to the byte; a cell without outputs or
	// attachments keeps them nil.
	withAttachment := &Cell{Type: Markdown, Attachments: map[string]MimeBundle{"a.png": {"image/png": json.RawMessage(`"iVBO"`)}}}
	bare := &Cell{Type: Code}
	small := &Notebook{Cells: []*Cell{withAttachment, bare}}
	sc := small.Clone()
	if !reflect.DeepEqual(sc, small) {
		t.Fatalf("clone %+v differs from %+v", sc, small)
	}
	sc.Cells[0].Attachments["a.png"]["image/png"][1] = 'X'
	sc.Cells[0].Attachments["b.png"] = nil
	if string(withAttachment.Attachments["a.png"]["image/png"]) != `"iVBO"` || len(withAttachment.Attachments) != 1 {
		t.Error("changing the clone's attachments changed the original's")
	}
	if sc.Cells[1].Outputs != nil || sc.Cells[1].Attachments != nil || sc.Cells[1].ExecutionCount != nil {
		t.Errorf("a bare cell's clone %+v has outputs, attachments or a count", sc.Cells[1])
	}
	if cells := (&Notebook{}).Clone().Cells; cells == nil || len(cells) != 0 {
		t.Errorf("an empty notebook's clone has cells %#v, want an empty list", cells)
	}
}

// TestStringAccessors checks Metadata.String, Metadata.Strings and
// MimeBundle.Text on every kind of value, a missing key and a nil one.
func TestStringAccessors(t *testing.T) {
	raw := map[string]json.RawMessage{
		"list": json.RawMessage(`["a","b"]`), "csv": json.RawMessage(`"a, b,,c"`), "num": json.RawMessage(`1`),
		"null": json.RawMessage(`null`), "nil": nil, "mixed": json.RawMessage(`["a",1]`), "empty": json.RawMessage(`""`),
	}
	tests := []struct {
		key    string
		str    string
		strOK  bool
		strs   []string
		text   string
		textOK bool
	}{
		{"list", "", false, []string{"a", "b"}, `["a","b"]`, true},
		{"csv", "a, b,,c", true, []string{"a", "b", "c"}, "a, b,,c", true},
		{"num", "", false, nil, "1", true},
		{"null", "", true, nil, "", true},
		{"nil", "", false, nil, "", true},
		{"mixed", "", false, nil, `["a",1]`, true},
		{"empty", "", true, nil, "", true},
		{"missing", "", false, nil, "", false},
	}
	for _, tt := range tests {
		if s, ok := Metadata(raw).String(tt.key); s != tt.str || ok != tt.strOK {
			t.Errorf("String(%q) = %q, %v; want %q, %v", tt.key, s, ok, tt.str, tt.strOK)
		}
		if got := Metadata(raw).Strings(tt.key); !reflect.DeepEqual(got, tt.strs) {
			t.Errorf("Strings(%q) = %#v, want %#v", tt.key, got, tt.strs)
		}
		if s, ok := MimeBundle(raw).Text(tt.key); s != tt.text || ok != tt.textOK {
			t.Errorf("Text(%q) = %q, %v; want %q, %v", tt.key, s, ok, tt.text, tt.textOK)
		}
	}
}

// FuzzParse checks that the reader never panics and that whatever it accepts
// survives a round trip.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.ipynb")
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"nbformat": 4, "nbformat_minor": 0, "metadata": {}, "cells": []}`))
	f.Add([]byte(`{"nbformat": 4, "nbformat_minor": 0, "metadata": {}, "cells": [{"cell_type":"code","metadata":{},"source":"\u2028","outputs":[],"execution_count":null}]}`))
	f.Add([]byte(`{"nbformat": 3, "nbformat_minor": 0, "metadata": {}, "worksheets": [{"cells": [{"cell_type": "heading", "level": 1, "source": "T"},
	 {"cell_type": "code", "input": "x", "prompt_number": 1, "outputs": [{"output_type": "pyout", "text": "1", "png": "AA=="}]}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		nb, err := Parse(data)
		if err != nil {
			if _, ok := errors.AsType[*Error](err); !ok {
				t.Fatalf("error %T is not an *Error", err)
			}
			return
		}
		out, err := Marshal(nb)
		if err != nil {
			t.Fatalf("cannot write a notebook that was read: %v", err)
		}
		again, err := Parse(out)
		if err != nil {
			t.Fatalf("cannot read a written notebook: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(nb, again) {
			t.Fatalf("round trip changed the notebook:\n%s", out)
		}
	})
}

func BenchmarkParse(b *testing.B) {
	for _, cells := range []int{10, 100, 1000} {
		nb := New()
		for i := range cells {
			count := i + 1
			nb.Cells = append(nb.Cells, &Cell{Type: Code, Source: "fmt.Println(i)\nx := 2\n", Metadata: Metadata{}, ExecutionCount: &count,
				Outputs: []*Output{{Type: Stream, Name: "stdout", Text: "1\n2\n3\n"}}})
		}
		data, err := Marshal(nb)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(itoa(cells), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := Parse(data); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(itoa(cells)+"/write", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := Marshal(nb); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestMarshalDeep checks that a deeply nested output is written in a
// file that grows with its depth, not its square, and reads back.
func TestMarshalDeep(t *testing.T) {
	for _, depth := range []int{maxIndentDepth - 6, 9000} {
		nb := New()
		one := 1
		value := strings.Repeat("[", depth) + "1" + strings.Repeat("]", depth)
		nb.Cells = []*Cell{{Type: Code, Source: "x", Metadata: Metadata{}, ExecutionCount: &one, Outputs: []*Output{
			{Type: DisplayData, Data: MimeBundle{"application/json": json.RawMessage(value)}, Metadata: Metadata{}},
		}}}
		data, err := Marshal(nb)
		if err != nil {
			t.Fatal(err)
		}
		if len(data) > 2*len(value)+2000 && depth > maxIndentDepth {
			t.Errorf("depth %d: %d bytes for a value of %d", depth, len(data), len(value))
		}
		indented := bytes.Contains(data, []byte("\n \"cells\""))
		if indented != (depth < maxIndentDepth) {
			t.Errorf("depth %d: indented %v", depth, indented)
		}
		again, err := Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(nb, again) {
			t.Errorf("depth %d: round trip changed the notebook", depth)
		}
	}
}
