package report

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

func TestGoNBCode(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"plain Go", "x := 1\nfmt.Println(x)", "x := 1\nfmt.Println(x)"},
		{"%% line", "func f() {}\n\n%%\nf()", "func f() {}\n\nf()"},
		{"%% with arguments", "%% --n=3 -v\nfmt.Println(n)", "fmt.Println(n)"},
		{"module set-up", "!*go mod edit -replace example.com/m=${GONB_DIR}/.. && \\\n  go mod edit -require example.com/m@v0.0.0\n\nimport \"example.com/m\"",
			"import \"example.com/m\""},
		{"special commands", "%goflags --cover\n%env A=1\n\tx := 1\n%test", "\tx := 1"},
		{"only directives", "%%\n!echo hi\n%ls", ""},
		{"shell comment", "!ls \\\n  -l\n# a comment\nx()", "x()"},
		{"tab indentation kept", "%%\n\tx()\n\ty()\n", "\tx()\n\ty()"},
		{"%%bash kept", "%%bash\necho hi", "%%bash\necho hi"},
		{"%%writefile kept", "%%writefile f.go\npackage f\n%x", "%%writefile f.go\npackage f\n%x"},
		{"%%script kept", "\n%%script bc\n1+1", "\n%%script bc\n1+1"},
	}
	for _, tt := range tests {
		if got := goNBCode(tt.src); got != tt.want {
			t.Errorf("%s: goNBCode(%q) = %q, want %q", tt.name, tt.src, got, tt.want)
		}
	}
}

// TestGoNBDirectivesHidden: in a Go notebook the directives are hidden
// and a cell of directives alone shows only its outputs; a Python
// notebook shows its magics and shell lines.
func TestGoNBDirectivesHidden(t *testing.T) {
	cells := func() []*notebook.Cell {
		return []*notebook.Cell{
			{Type: notebook.Code, Source: "!*go mod tidy", Outputs: []*notebook.Output{stream("stdout", "tidy\n")}},
			{Type: notebook.Code, Source: "%%\nfmt.Println(1)", Outputs: []*notebook.Output{stream("stdout", "1\n")}},
		}
	}
	goNB := notebook.New()
	goNB.Metadata["kernelspec"] = json.RawMessage(`{"name": "gonb", "language": "go"}`)
	goNB.Cells = cells()
	if got, want := shown(mustView(t, goNB, ViewOptions{})), []string{"stream", "code:fmt.Println(1)", "stream"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Go: %q, want %q", got, want)
	}
	pyNB := notebook.New()
	pyNB.Metadata["kernelspec"] = json.RawMessage(`{"name": "python3", "language": "python"}`)
	pyNB.Cells = cells()
	if got, want := shown(mustView(t, pyNB, ViewOptions{})), []string{"code:!*go mod tidy", "stream", "code:%%\nfmt.Println(1)", "stream"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Python: %q, want %q", got, want)
	}
}

// TestGoNBArguments: "%% --n=3" starts Go statements, not text.
func TestGoNBArguments(t *testing.T) {
	lang, segs := Segments("go", "%% --n=3\nfmt.Println(n)\n")
	if lang != "go" || len(segs) != 2 || segs[1].Lang != "go" {
		t.Errorf("Segments: %q, %+v", lang, segs)
	}
}
