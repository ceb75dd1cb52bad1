package report

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

var modTime = time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)

func markdownNotebook(meta notebook.Metadata, sources ...string) *notebook.Notebook {
	nb := notebook.New()
	if meta != nil {
		nb.Metadata = meta
	}
	for _, s := range sources {
		nb.Cells = append(nb.Cells, &notebook.Cell{Type: notebook.Markdown, Source: s})
	}
	return nb
}

func TestMetaOf(t *testing.T) {
	tests := []struct {
		name string
		nb   *notebook.Notebook
		want Meta
	}{
		{"defaults", markdownNotebook(nil, "no heading"), Meta{Title: "file", Date: modTime, Summary: "no heading"}},
		{"first heading", markdownNotebook(nil, "```\n# not a heading\n```\n\n## Second level first ##\n\n# Later"),
			Meta{Title: "Second level first", Date: modTime}},
		{"metadata", markdownNotebook(notebook.Metadata{
			"title": json.RawMessage(`"Given"`), "date": json.RawMessage(`"2022-07-04 18:03:39"`), "tags": json.RawMessage(`["a","b"]`)},
			"# Heading\n\nFirst *para*\ngoes on.\n\nSecond."),
			Meta{Title: "Given", Date: time.Date(2022, 7, 4, 18, 3, 39, 0, time.Local), Tags: []string{"a", "b"}, Summary: "First *para* goes on."}},
		{"summary skips", markdownNotebook(nil, "# T\n\n- list\n- items\n\n$$\nx\n$$\n\n<div>html</div>\n\n1. one\n\n| a |\n\n> quote",
			"![img](x.png) Real text $a$."), Meta{Title: "T", Date: modTime, Summary: "Real text $a$."}},
		{"date only", markdownNotebook(notebook.Metadata{"date": json.RawMessage(`"2020-02-03"`)}), Meta{Title: "file", Date: time.Date(2020, 2, 3, 0, 0, 0, 0, time.Local)}},
		{"RFC 3339", markdownNotebook(notebook.Metadata{"date": json.RawMessage(`"2020-02-03T04:05:06Z"`)}), Meta{Title: "file", Date: time.Date(2020, 2, 3, 4, 5, 6, 0, time.UTC)}},
	}
	for _, tt := range tests {
		got, err := MetaOf(tt.nb, "file", modTime)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if got.Title != tt.want.Title || !got.Date.Equal(tt.want.Date) || !reflect.DeepEqual(got.Tags, tt.want.Tags) || got.Summary != tt.want.Summary {
			t.Errorf("%s: got %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

func TestMetaOfErrors(t *testing.T) {
	for _, meta := range []notebook.Metadata{
		{"title": json.RawMessage(`7`)},
		{"date": json.RawMessage(`"yesterday"`)},
		{"date": json.RawMessage(`20240101`)},
	} {
		if _, err := MetaOf(markdownNotebook(meta), "f", modTime); !errors.Is(err, ErrMeta) {
			t.Errorf("%v: error %v, want ErrMeta", meta, err)
		}
	}
}

func stream(name, text string) *notebook.Output {
	return &notebook.Output{Type: notebook.Stream, Name: name, Text: text}
}

func display(text, id string) *notebook.Output {
	o := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}}
	o.Data.SetText("text/plain", text)
	if id != "" {
		o.Extra = map[string]json.RawMessage{"transient": json.RawMessage(`{"display_id":"` + id + `"}`)}
	}
	return o
}

func TestOutputs(t *testing.T) {
	update := display("new", "d")
	update.Type = notebook.UpdateDisplayData
	cell := &notebook.Cell{Type: notebook.Code, Outputs: []*notebook.Output{
		stream("stdout", "a\n"), stream("stdout", "\x1b[1mb\x1b[0m\n"), stream("stderr", "e\n"), stream("stdout", "c\n"),
		display("old", "d"), display("other", "x"), update,
		{Type: notebook.ErrorOutput, EName: "E", EValue: "v", Traceback: []string{"\x1b[31mline\x1b[0m"}},
	}}
	orig := cell.Clone()
	got := Outputs(cell)
	var summary []string
	for _, o := range got {
		switch o.Type {
		case notebook.Stream:
			summary = append(summary, o.Name+":"+o.Text)
		case notebook.DisplayData:
			s, _ := o.Data.Text("text/plain")
			summary = append(summary, "display:"+s)
		case notebook.ErrorOutput:
			summary = append(summary, "error:"+ErrorText(o))
		}
	}
	want := []string{"stdout:a\nb\n", "stderr:e\n", "stdout:c\n", "display:new", "display:other", "error:E: v\nline"}
	if !reflect.DeepEqual(summary, want) {
		t.Errorf("Outputs = %q, want %q", summary, want)
	}
	if !reflect.DeepEqual(cell, orig) {
		t.Error("Outputs changed the cell")
	}
}

func TestStripANSI(t *testing.T) {
	for in, want := range map[string]string{
		"\x1b[31mred\x1b[0m":                   "red",
		"\x1b[1;32mbold green\x1b[m!":          "bold green!",
		"\x1b]8;;http://x\x07link\x1b]8;;\x07": "link",
		"plain [31m":                           "plain [31m",
	} {
		if got := StripANSI(in); got != want {
			t.Errorf("StripANSI(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPreferredAndRawFormat(t *testing.T) {
	b := notebook.MimeBundle{}
	b.SetText("text/plain", "p")
	b.SetText("image/png", "AA")
	if got := Preferred(b, []string{"image/png", "text/plain"}); got != "image/png" {
		t.Errorf("Preferred = %q", got)
	}
	if got := Preferred(notebook.MimeBundle{"text/x-custom": json.RawMessage(`"x"`)}, []string{"text/plain"}); got != "text/x-custom" {
		t.Errorf("Preferred falls back to %q", got)
	}
	if got := Preferred(notebook.MimeBundle{"application/x-bin": json.RawMessage(`"x"`)}, nil); got != "" {
		t.Errorf("Preferred of non-text = %q", got)
	}
	c := &notebook.Cell{Type: notebook.Raw, Metadata: notebook.Metadata{"raw_mimetype": json.RawMessage(`"text/html"`)}}
	if got := RawFormat(c); got != "text/html" {
		t.Errorf("RawFormat = %q", got)
	}
	if strings.Contains(ErrorText(&notebook.Output{EName: "E", EValue: "v", Traceback: []string{"E: v"}}), "\n") {
		t.Error("ErrorText repeats a traceback that says nothing more")
	}
}
