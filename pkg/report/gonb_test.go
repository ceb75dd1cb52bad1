package report

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

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
