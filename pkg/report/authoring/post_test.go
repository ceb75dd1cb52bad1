package authoring

import (
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
)

// box is a PostNode for tests: it writes "<" + its body + ">" over the
// range it spans, its body the range less a byte at each end.
type box struct {
	ast.BaseBlock
	start, stop int
}

var kindBox = ast.NewNodeKind("box")

func (b *box) Kind() ast.NodeKind            { return kindBox }
func (b *box) Dump(source []byte, level int) { ast.DumpHelper(b, source, level, nil, nil) }
func (b *box) Span() (int, int)              { return b.start, b.stop }
func (b *box) WritePost(w *strings.Builder, source []byte, body func(start, stop int)) {
	w.WriteString("<")
	body(b.start+1, b.stop-1)
	w.WriteString(">\nend\n")
}

func TestPostOf(t *testing.T) {
	tests := []struct {
		name   string
		source string
		spans  [][2]int
		want   string
	}{
		{"none", "a (b) c", nil, "a (b) c"},
		{"one", "a (b) c", [][2]int{{2, 5}}, "a <b>\nend\n c"},
		{"nested", "(x(y)z)", [][2]int{{0, 7}, {2, 5}}, "<x<y>\nend\nz>\nend\n"},
		{"nested listed inner first", "(x(y)z)", [][2]int{{2, 5}, {0, 7}}, "<x<y>\nend\nz>\nend\n"},
		{"two", "(a)(b)", [][2]int{{0, 3}, {3, 6}}, "<a>\nend\n<b>\nend\n"},
		{"in a quote", "> (a\n> b)\n", [][2]int{{2, 9}}, "> <a\n> b>\n> end\n\n"},
		{"in a list item", "- (a)\n", [][2]int{{2, 5}}, "- <a>\n  end\n\n"},
		{"after text", "x (a)", [][2]int{{2, 5}}, "x <a>\nend\n"},
		{"out of range", "(a)", [][2]int{{1, 9}}, "(a)"},
		{"overlapping", "(a(b)c)", [][2]int{{0, 4}, {2, 7}}, "<a(>\nend\n)c)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := ast.NewDocument()
			for _, s := range tt.spans {
				doc.AppendChild(doc, &box{start: s[0], stop: s[1]})
			}
			if got := string(PostOf(doc, []byte(tt.source))); got != tt.want {
				t.Errorf("PostOf(%q) = %q, want %q", tt.source, got, tt.want)
			}
		})
	}
}

func TestPostUnchanged(t *testing.T) {
	src := "# Title\n\nSome *text* with `code`.\n\n> a quote\n\n- a list\n\n```go\nx := 1\n```\n"
	if got := string(Post([]byte(src))); got != src {
		t.Errorf("Post changed Markdown with no PostNode:\n%s", got)
	}
}
