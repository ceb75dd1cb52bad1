package frontmatter

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/internal/safeyaml"
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
		m, err := Parse(tt.src)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
		}
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
// TestParseRefused: front matter too large, or whose aliases expand it
// beyond its size (issue 33: 20,000 aliases of a 10 kB title), is refused
// with an error that says so.
func TestParseRefused(t *testing.T) {
	var bomb strings.Builder
	bomb.WriteString("---\nx: &a " + strings.Repeat("x", 10<<10) + "\ntitle: [*a")
	for range 20000 - 1 {
		bomb.WriteString(", *a")
	}
	bomb.WriteString("]\n---\n")
	for _, tt := range []struct {
		name, src string
		want      error
	}{
		{"aliases", bomb.String(), safeyaml.ErrAliases},
		{"too large", "---\ntitle: " + strings.Repeat("x", safeyaml.FrontMatterLimit) + "\n---", safeyaml.ErrTooLarge},
	} {
		m, err := Parse(tt.src)
		if m != nil || !errors.Is(err, tt.want) || !strings.HasPrefix(err.Error(), "front matter: ") {
			t.Errorf("%s: Parse = %.40v, %v; want nil and front matter refused (%v)", tt.name, m, err, tt.want)
		}
		nb := notebook.New()
		nb.Cells = []*notebook.Cell{{Type: notebook.Raw, Source: tt.src}}
		if i, _, err := Find(nb); i != -1 || !errors.Is(err, tt.want) {
			t.Errorf("%s: Find = %d, %v; want -1 and the error", tt.name, i, err)
		}
	}
}

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
		i, fields, err := Find(nb)
		if err != nil || i != tt.want || (i >= 0) != (fields["title"] == "Nim") {
			t.Errorf("%s: Find = %d, %v, want %d and the title Nim only with front matter", tt.name, i, fields, tt.want)
		}
	}
}

// FuzzParse: any text is front matter or not, without a panic; front
// matter always names a field the tools know, and its fields, written
// out, are at most a constant times the text (aliases included).
func FuzzParse(f *testing.F) {
	for _, s := range []string{"---\ntitle: Nim\n---", "---\n&a [*a]\n---", "---\n...", "---\ntags: [a, b]\n...",
		"---\nx: &a " + strings.Repeat("x", 4000) + "\ntitle: [" + strings.Repeat("*a, ", 2000) + "*a]\n---",
		"---\ntitle: Nim\nl0: &l0 [" + strings.Repeat("lol, ", 9) + "lol]\nl1: &l1 [" + strings.Repeat("*l0, ", 9) + "*l0]\nl2: &l2 [" + strings.Repeat("*l1, ", 9) + "*l1]\nl3: [" + strings.Repeat("*l2, ", 9) + "*l2]\n---",
		"---\ndate: &d 2024-05-01\ntags: [" + strings.Repeat("*d, ", 200) + "*d]\n---"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := Parse(s)
		if err != nil && (m != nil || len(err.Error()) > 400) {
			t.Fatalf("Parse(%q) = %v with the error %v", s, m, err)
		}
		if m == nil {
			return
		}
		// A value of one byte of YAML, such as a date reached by an alias,
		// is written out in at most 32 (2024-05-01 00:00:00 +0000 UTC).
		if got, bound := len(fmt.Sprint(m)), 32*(safeyaml.Growth*len(s)+safeyaml.Slack); got > bound {
			t.Fatalf("%d bytes of front matter read as %d bytes of fields, more than %d", len(s), got, bound)
		}
		for k := range m {
			if knownKeys[strings.ToLower(k)] {
				return
			}
		}
		t.Fatalf("Parse(%q) = %v names no known field", s, m)
	})
}
