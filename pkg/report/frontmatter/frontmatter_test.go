package frontmatter

import (
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// TestParse: front matter is a whole text of "---" lines around a YAML
// mapping that names a known field; anything else is not.
func TestParse(t *testing.T) {
	tests := []struct {
		name, src string
		title     any // the title field, nil when src is not front matter
	}{
		{"quarto", "---\ntitle: Nim\ndate: 2024-05-01\n---\n", "Nim"},
		{"ended by dots", "---\ntitle: Nim\n...", "Nim"},
		{"crlf", "---\r\ntitle: Nim\r\n---\r\n", "Nim"},
		{"unknown fields only", "---\nfoo: bar\n---", nil},
		{"not yaml", "---\n: : :\n---", nil},
		{"a list, not a mapping", "---\n- title\n---", nil},
		{"no closing rule", "---\ntitle: Nim\n", nil},
		{"text", "# Nim\n\ntitle: Nim", nil},
	}
	for _, tt := range tests {
		m := Parse(tt.src)
		if tt.title == nil {
			if m != nil {
				t.Errorf("%s: Parse = %v, want nil", tt.name, m)
			}
			continue
		}
		if m == nil || m["title"] != tt.title {
			t.Errorf("%s: Parse = %v, want title %v", tt.name, m, tt.title)
		}
	}
}

// TestFind: only a first raw or Markdown cell is front matter, and Find
// gives its fields with its index.
func TestFind(t *testing.T) {
	fm := "---\ntitle: Nim\n---"
	tests := []struct {
		name  string
		cells []*notebook.Cell
		want  int
	}{
		{"raw first", []*notebook.Cell{{Type: notebook.Raw, Source: fm}}, 0},
		{"markdown first", []*notebook.Cell{{Type: notebook.Markdown, Source: fm}}, 0},
		{"code first", []*notebook.Cell{{Type: notebook.Code, Source: fm}}, -1},
		{"second cell", []*notebook.Cell{{Type: notebook.Markdown, Source: "# Nim"}, {Type: notebook.Raw, Source: fm}}, -1},
		{"nil cell", []*notebook.Cell{nil}, -1},
		{"no cells", nil, -1},
	}
	for _, tt := range tests {
		nb := notebook.New()
		nb.Cells = tt.cells
		i, fields := Find(nb)
		if i != tt.want || (i >= 0) != (fields["title"] == "Nim") {
			t.Errorf("%s: Find = %d, %v, want %d and the title Nim only with front matter", tt.name, i, fields, tt.want)
		}
	}
}

// FuzzParse: any text is front matter or not, without a panic, and front
// matter always names a field the tools know.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"---\ntitle: Nim\n---", "---\n&a [*a]\n---", "---\n...", "---\ntags: [a, b]\n..."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m := Parse(s)
		if m == nil {
			return
		}
		for k := range m {
			if knownKeys[strings.ToLower(k)] {
				return
			}
		}
		t.Fatalf("Parse(%q) = %v names no known field", s, m)
	})
}
