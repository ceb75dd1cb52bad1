package report

import (
	"encoding/json"
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

// TestMeta: the metadata a view finds, from its defaults, the notebook
// metadata and the first heading and paragraph.
func TestMeta(t *testing.T) {
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
		{"image paragraph", markdownNotebook(nil, "![banner](b.png)\n\nThe text."), Meta{Title: "file", Date: modTime, Summary: "The text."}},
		{"date only", markdownNotebook(notebook.Metadata{"date": json.RawMessage(`"2020-02-03"`)}), Meta{Title: "file", Date: time.Date(2020, 2, 3, 0, 0, 0, 0, time.Local)}},
		{"RFC 3339", markdownNotebook(notebook.Metadata{"date": json.RawMessage(`"2020-02-03T04:05:06Z"`)}), Meta{Title: "file", Date: time.Date(2020, 2, 3, 4, 5, 6, 0, time.UTC)}},
	}
	for _, tt := range tests {
		v, err := NewView(tt.nb, ViewOptions{Name: "file", ModTime: modTime})
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		got := v.Meta
		if got.Title != tt.want.Title || !got.Date.Equal(tt.want.Date) || !reflect.DeepEqual(got.Tags, tt.want.Tags) || got.Summary != tt.want.Summary {
			t.Errorf("%s: got %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

// TestMetaLenient is issue 12.5: metadata of unexpected types gives a
// value and at most a warning, never a refused notebook.
func TestMetaLenient(t *testing.T) {
	unix := time.Unix(1700000000, 0).In(time.Local)
	tests := []struct {
		name     string
		meta     string
		first    string // source of a first raw cell, if any
		want     Meta
		warnings int
	}{
		{"numeric date", `{"date": 1700000000}`, "", Meta{Title: "file", Date: unix}, 0},
		{"milliseconds", `{"date": 1700000000000}`, "", Meta{Title: "file", Date: unix}, 0},
		{"bad date", `{"date": "yesterday"}`, "", Meta{Title: "file", Date: modTime}, 1},
		{"object date", `{"date": {"x": 1}}`, "", Meta{Title: "file", Date: modTime}, 1},
		{"number title", `{"title": 7}`, "", Meta{Title: "7", Date: modTime}, 1},
		{"list title", `{"title": ["A", "B"]}`, "", Meta{Title: "A, B", Date: modTime}, 1},
		{"null title", `{"title": null}`, "", Meta{Title: "file", Date: modTime}, 1},
		{"nbformat authors", `{"authors": [{"name": "Ada"}, {"name": "Alan"}]}`, "", Meta{Title: "file", Date: modTime, Authors: []string{"Ada", "Alan"}}, 0},
		{"author string", `{"author": "Ada"}`, "", Meta{Title: "file", Date: modTime, Authors: []string{"Ada"}}, 0},
		{"keywords", `{"keywords": "a, b"}`, "", Meta{Title: "file", Date: modTime, Tags: []string{"a", "b"}}, 0},
		{"Quarto categories", `{"categories": ["q"]}`, "", Meta{Title: "file", Date: modTime, Tags: []string{"q"}}, 0},
		{"tags with numbers", `{"tags": ["a", 2]}`, "", Meta{Title: "file", Date: modTime, Tags: []string{"a", "2"}}, 0},
		{"description", `{"description": "Plain <b>text</b>"}`, "", Meta{Title: "file", Date: modTime, Summary: "Plain text"}, 0},
		{"Quarto front matter", `{"title": "meta"}`, "---\ntitle: From YAML\ndate: 2021-05-06\nauthor:\n  - name: Ada\ncategories: [x]\nkeywords: [k]\n---",
			Meta{Title: "From YAML", Date: time.Date(2021, 5, 6, 0, 0, 0, 0, time.UTC), Authors: []string{"Ada"}, Tags: []string{"k"}}, 0},
	}
	nb := markdownNotebook(nil, "---\nNote: a rule, not front matter\n---")
	if v, err := NewView(nb, ViewOptions{Name: "f"}); err != nil || len(v.Blocks) != 1 {
		t.Errorf("a Markdown cell between rules was taken for front matter: %v", err)
	}
	for _, tt := range tests {
		nb := notebook.New()
		if err := json.Unmarshal([]byte(tt.meta), &nb.Metadata); err != nil {
			t.Fatal(err)
		}
		if tt.first != "" {
			nb.Cells = append(nb.Cells, &notebook.Cell{Type: notebook.Raw, Source: tt.first})
		}
		v, err := NewView(nb, ViewOptions{Name: "file", ModTime: modTime})
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		got := v.Meta
		if got.Title != tt.want.Title || !got.Date.Equal(tt.want.Date) || !reflect.DeepEqual(got.Authors, tt.want.Authors) ||
			!reflect.DeepEqual(got.Tags, tt.want.Tags) || got.Summary != tt.want.Summary {
			t.Errorf("%s: got %+v, want %+v", tt.name, got, tt.want)
		}
		if len(v.Warnings) != tt.warnings {
			t.Errorf("%s: warnings %v, want %d", tt.name, v.Warnings, tt.warnings)
		}
		if tt.first != "" && len(v.Blocks) != 0 {
			t.Errorf("%s: the front matter cell is shown: %+v", tt.name, v.Blocks)
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

// TestSummarySentences checks that a summary taken from the text keeps
// whole sentences: a paragraph that a list completes, or one longer than
// MaxSummary, is cut at a sentence end.
func TestSummarySentences(t *testing.T) {
	long := strings.Repeat("A sentence of some length to fill the summary. ", 12)
	tests := []struct {
		name, text, want string
	}{
		{"whole", "One sentence. Two sentences!", "One sentence. Two sentences!"},
		{"before a list", "Two players share three piles. On a turn a player takes\n\n* one pile, or\n* two", "Two players share three piles."},
		{"no sentence end", "This notebook shows:\n\n1. a thing", "This notebook shows:"},
		{"closing bracket", "It holds (as shown.) Then it", "It holds (as shown.)"},
		{"long", long, ""},
	}
	for _, tt := range tests {
		nb := notebook.New()
		nb.Cells = append(nb.Cells, &notebook.Cell{Type: notebook.Markdown, Source: "# T\n\n" + tt.text})
		v, err := NewView(nb, ViewOptions{Name: "x"})
		if err != nil {
			t.Fatal(err)
		}
		got := v.Meta.Summary
		if tt.name == "long" {
			if len(got) > MaxSummary || !strings.HasSuffix(got, "summary.") {
				t.Errorf("%s: summary %q (%d bytes), want whole sentences within %d", tt.name, got, len(got), MaxSummary)
			}
			continue
		}
		if got != tt.want {
			t.Errorf("%s: summary %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestSummaryRoles checks that MyST's reference roles in the paragraph
// a summary is taken from read as the page's text of them, a role to no
// target as its own text, not as the syntax written.
func TestSummaryRoles(t *testing.T) {
	nb := notebook.New()
	nb.Cells = append(nb.Cells, &notebook.Cell{Type: notebook.Markdown,
		Source: "# T\n\nBy {prf:ref}`thm-sg`, {numref}`Figure %s <fig-x>` and {eq}`eq-a` the sum is $0$, as {ref}`the end <nowhere>` says.\n\n" +
			":::{prf:theorem}\n:label: thm-sg\nT.\n:::\n\n:::{figure} x.png\n:name: fig-x\nCap.\n:::\n\n```{math}\n:label: eq-a\nx = 0\n```\n"})
	v, err := NewView(nb, ViewOptions{Name: "file"})
	if err != nil {
		t.Fatal(err)
	}
	if want := "By Theorem 1, Figure 1 and (1) the sum is $0$, as the end says."; v.Meta.Summary != want {
		t.Errorf("summary %q, want %q", v.Meta.Summary, want)
	}
}

func TestTitleFromHeadings(t *testing.T) {
	tests := []struct {
		cells []string
		want  string
	}{
		{[]string{"###### Licence: CC-BY", "# The real title\n\ntext"}, "The real title"},
		{[]string{"## Only small headings", "### Later"}, "Only small headings"},
		{[]string{"text", "# First\n\n# Second"}, "First"},
		{[]string{"#### Course banner", "## Lesson 3\n\n# Later"}, "Lesson 3"},
		{[]string{"## Introduction {#sec-intro}"}, "Introduction"},
		{[]string{"# Nim *sums* {#sec-nim .unnumbered}"}, "Nim sums"},
	}
	for _, tt := range tests {
		nb := notebook.New()
		for _, src := range tt.cells {
			nb.Cells = append(nb.Cells, &notebook.Cell{Type: notebook.Markdown, Source: src})
		}
		v, err := NewView(nb, ViewOptions{Name: "file"})
		if err != nil {
			t.Fatal(err)
		}
		if v.Meta.Title != tt.want {
			t.Errorf("cells %q: title %q, want %q", tt.cells, v.Meta.Title, tt.want)
		}
	}
}
