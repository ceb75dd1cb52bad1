package report

import (
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

func TestMetaImage(t *testing.T) {
	local := fstest.MapFS{
		"pic.png":    {Data: []byte("\x89PNG\r\n\x1a\nfake")},
		"card.jpg":   {Data: []byte("\xff\xd8\xfffake")},
		"vector.svg": {Data: []byte("<svg/>")},
	}
	tests := []struct {
		name, front string
		meta        string // the notebook metadata's image, as JSON
		want        bool   // an image is copied
		warn        string
	}{
		{name: "quarto image", front: "image: pic.png", want: true},
		{name: "myst thumbnail", front: "thumbnail: ./card.jpg", want: true},
		{name: "metadata image", meta: `"pic.png"`, want: true},
		{name: "svg", front: "image: vector.svg", warn: "not a PNG"},
		{name: "outside", front: "image: ../secret.png", warn: "outside"},
		{name: "remote", front: "image: https://evil.example/x.png", warn: "not a PNG"},
		{name: "missing", front: "image: gone.png", warn: "not found"},
		{name: "none", front: "subtitle: Sub"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nb := notebook.New()
			nb.Cells = []*notebook.Cell{{Type: notebook.Markdown, Source: "Text."}}
			if tt.front != "" {
				nb.Cells = append([]*notebook.Cell{{Type: notebook.Raw, Source: "---\ntitle: T\n" + tt.front + "\n---"}}, nb.Cells...)
			}
			if tt.meta != "" {
				nb.Metadata["image"] = json.RawMessage(tt.meta)
			}
			v, err := NewView(nb, ViewOptions{Name: "nim", ModTime: time.Unix(0, 0), Local: local})
			if err != nil {
				t.Fatal(err)
			}
			if got := v.Meta.Image != ""; got != tt.want {
				t.Errorf("image %q, want one: %v", v.Meta.Image, tt.want)
			}
			if tt.want && (!strings.HasPrefix(v.Meta.Image, "nim_files/") || len(v.Files) != 1 || v.Files[0].Path != v.Meta.Image) {
				t.Errorf("image %q not among the view's files %v", v.Meta.Image, v.Files)
			}
			var msgs []string
			for _, w := range v.Warnings {
				msgs = append(msgs, w.Msg)
			}
			if all := strings.Join(msgs, "\n"); tt.warn != "" && !strings.Contains(all, tt.warn) {
				t.Errorf("warnings %q lack %q", all, tt.warn)
			}
			if tt.name == "none" && v.Meta.Summary != "Sub" {
				t.Errorf("summary %q, want the subtitle", v.Meta.Summary)
			}
		})
	}
}

func TestDateOf(t *testing.T) {
	nb := notebook.New()
	if _, ok := DateOf(nb); ok {
		t.Error("a date for a notebook with none")
	}
	nb.Metadata["date"] = json.RawMessage(`"2024-03-01"`)
	if d, ok := DateOf(nb); !ok || d.Format("2006-01-02") != "2024-03-01" {
		t.Errorf("metadata date %v %v", d, ok)
	}
	nb.Cells = []*notebook.Cell{{Type: notebook.Raw, Source: "---\ntitle: T\nDate: 2025-05-06\n---"}}
	if d, ok := DateOf(nb); !ok || d.Format("2006-01-02") != "2025-05-06" {
		t.Errorf("front matter date %v %v, want it over the metadata's", d, ok)
	}
	nb.Cells[0].Source = "---\ntitle: T\ndate: someday\n---"
	if _, ok := DateOf(nb); ok {
		t.Error("a date from text that is none")
	}
}
