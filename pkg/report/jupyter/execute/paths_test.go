package execute

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

func TestPathScrubber(t *testing.T) {
	home := "/home/ann"
	root := "/home/ann/src/grundy"
	s := newPathScrubber(root, filepath.Join(root, "notebooks"), home)
	tests := []struct{ in, want string }{
		{"/home/ann/src/grundy/pkg/games/mex.go:12 +0x1d", "../pkg/games/mex.go:12 +0x1d"},
		{"\t/home/ann/go/pkg/mod/gonum.org/v1/plot@v0.17.0/plot.go:3", "\t~/go/pkg/mod/gonum.org/v1/plot@v0.17.0/plot.go:3"},
		{"cd /home/ann && ls /home/ann/src/grundy", "cd ~ && ls .."},
		{"/home/anne/x /home/ann.bak /x/home/ann/y", "/home/anne/x /home/ann.bak /x/home/ann/y"},
		{"/home/ann/home/ann", "~/home/ann"},
		{`<a href="file:///home/ann/x.csv">`, `<a href="file://~/x.csv">`},
		{"'/home/ann/src/grundy'", "'..'"},
		{"GONB_DIR=/home/ann/src/grundy/notebooks", "GONB_DIR=."},
		{"/home/ann/src/grundy/notebooks/data/, /home/ann/src/grundy/", "data/, ../"},
		{"/home/ann/src/grundy/a.go:3:1", "../a.go:3:1"},
		{"no paths", "no paths"},
	}
	for _, tt := range tests {
		if got := s.text(tt.in); got != tt.want {
			t.Errorf("text(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if s := newPathScrubber("", "/nb", "/"); len(s.folders) != 0 {
		t.Errorf("a home folder of / scrubs %v", s.folders)
	}
	same := newPathScrubber("/m", "/m", "")
	if got := same.text("/m/a.go"); got != "a.go" {
		t.Errorf("a notebook at the module's root: %q", got)
	}

	nb := newNotebook(code("x"))
	data := notebook.MimeBundle{}
	data.SetText("text/html", "<pre>/home/ann/secret</pre>")
	data.SetText("image/png", "/home/ann/not-text")
	nb.Cells[0].Outputs = []*notebook.Output{
		{Type: notebook.Stream, Name: "stderr", Text: "open /home/ann/x: no such file"},
		{Type: notebook.ErrorOutput, EName: "E", EValue: "at /home/ann/src/grundy/a.go", Traceback: []string{"/home/ann/b.py line 1"}},
		{Type: notebook.DisplayData, Data: data},
	}
	s.notebook(nb)
	o := nb.Cells[0].Outputs
	html, _ := o[2].Data.Text("text/html")
	png, _ := o[2].Data.Text("image/png")
	if o[0].Text != "open ~/x: no such file" || o[1].EValue != "at ../a.go" || o[1].Traceback[0] != "~/b.py line 1" || html != "<pre>~/secret</pre>" || png != "/home/ann/not-text" {
		t.Errorf("outputs: %q %q %q %q %q", o[0].Text, o[1].EValue, o[1].Traceback, html, png)
	}
}

// BenchmarkPathScrubber scrubs an output of DefaultMaxOutput bytes: a
// stack trace full of paths, and text with none (strings.Contains skips
// it).
func BenchmarkPathScrubber(b *testing.B) {
	s := newPathScrubber("/home/ann/src/grundy", "/home/ann/src/grundy/notebooks", "/home/ann")
	line := "\t/home/ann/src/grundy/pkg/games/heap/octal.go:123 +0x1d\n\t/home/ann/go/pkg/mod/x@v1/y.go:9\n"
	for _, c := range []struct {
		name, text string
	}{
		{"paths", strings.Repeat(line, DefaultMaxOutput/len(line))},
		{"none", strings.Repeat("0123456789abcdef", DefaultMaxOutput/16)},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.text)))
			for b.Loop() {
				s.text(c.text)
			}
		})
	}
}
