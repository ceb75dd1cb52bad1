package report

import (
	"encoding/json"
	"reflect"
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
			Meta{Title: "Given", Date: time.Date(2022, 7, 4, 18, 3, 39, 0, time.Local), Tags: []string{"a", "b"}, Summary: "First para goes on."}},
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
