package markdown

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/internal/golden"
	"github.com/grundylab/grundy/pkg/report/internal/reporttest"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/plot"
	"gopkg.in/yaml.v3"
)

// modTime stands for the notebook file's date where the metadata has none.
var modTime = time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)

// convertCase converts the notebook a case names (a file in
// ../testdata, then options: "trust") and lists the files it writes.
func convertCase(t *testing.T, input string) string {
	t.Helper()
	nb, name, trust := reporttest.GoldenCase(t, input)
	v, err := report.NewView(nb, report.ViewOptions{Name: name, ModTime: modTime})
	if err != nil {
		t.Fatal(err)
	}
	post, err := Convert(nb, v.Meta, Options{Name: name, Trust: trust})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.Write(post.Text)
	for _, f := range post.Files {
		fmt.Fprintf(&b, "==> %s (%d bytes)\n", f.Path, len(f.Data))
		if strings.HasSuffix(f.Path, ".svg") {
			b.Write(f.Data)
			b.WriteString("\n")
		}
	}
	return b.String()
}

func TestGolden(t *testing.T) {
	golden.Run(t, filepath.Join("testdata", "cases.txt"), convertCase)
}

// TestFrontMatterIsYAML reads the front matter back with a YAML parser.
func TestFrontMatterIsYAML(t *testing.T) {
	meta := report.Meta{
		Title:   `Nim: "quoted" #1 — 博弈论`,
		Date:    time.Date(2022, 7, 4, 18, 3, 39, 0, time.UTC),
		Tags:    []string{"Project Euler", "yes", "a: b", "- dash"},
		Summary: "Value $g(n) = \\operatorname{mex}\\{0\\}$: 'quotes'",
	}
	post, err := Convert(notebook.New(), meta, Options{Name: "x"})
	if err != nil {
		t.Fatal(err)
	}
	text := string(post.Text)
	fm, ok := strings.CutPrefix(text, "---\n")
	fm, _, found := strings.Cut(fm, "\n---\n")
	if !ok || !found {
		t.Fatalf("no front matter in %q", text)
	}
	var got struct {
		Title       string
		Date        string
		Tags        []string
		Mathjax     bool
		Description string
	}
	if err := yaml.Unmarshal([]byte(fm), &got); err != nil {
		t.Fatalf("front matter is not YAML: %v\n%s", err, fm)
	}
	if got.Title != meta.Title || got.Date != "2022-07-04 18:03:39" || !got.Mathjax || got.Description != meta.Summary ||
		strings.Join(got.Tags, "|") != strings.Join(meta.Tags, "|") {
		t.Errorf("front matter read back as %+v\n%s", got, fm)
	}
}

func TestFenced(t *testing.T) {
	for _, tt := range []struct{ text, fence string }{{"x", "```"}, {"a ``` b", "````"}, {"`````", "``````"}} {
		got := Fenced("go", tt.text)
		if !strings.HasPrefix(got, tt.fence+"go\n") || !strings.HasSuffix(got, "\n"+tt.fence+"\n") {
			t.Errorf("Fenced(%q) = %q, want fence %s", tt.text, got, tt.fence)
		}
	}
}

func TestSanitizeHTML(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain *text*", "plain *text*"},
		{"a <b onclick=\"x()\">b</b> c", "a <b>b</b> c"},
		{"<div onclick=\"x()\">\n<script>alert(1)</script>\n</div>\n\nafter", "<div>\n\n</div>\n\nafter"},
		{"math $a<b>c$ stays", `math $a\lt b\gt c$ stays`},
		{"`<script>` in code", "`<script>` in code"},
		{"- item <i onmouseover=\"x()\">i</i>\n- <script>y()</script>", "- item <i>i</i>\n- "},
		{"> <img src=x onerror=alert(1)>\n", "> <img src=\"x\">\n"},
	}
	for _, tt := range tests {
		if got := SanitizeHTML(tt.in); got != tt.want {
			t.Errorf("SanitizeHTML(%q)\n got  %q\n want %q", tt.in, got, tt.want)
		}
	}
}

func FuzzConvert(f *testing.F) {
	reporttest.FuzzNotebooks(f, func(t *testing.T, data []byte, nb *notebook.Notebook) {
		v, err := report.NewView(nb, report.ViewOptions{Name: "fuzz", ModTime: modTime, MaxOutput: 1000})
		if err != nil {
			return
		}
		post := Render(v)
		if len(post.Text) > 4*len(data)+10000 {
			t.Fatalf("post of %d bytes from a notebook of %d", len(post.Text), len(data))
		}
		if !bytes.HasPrefix(post.Text, []byte("---\ntitle: ")) {
			t.Fatalf("post does not start with front matter: %.80q", post.Text)
		}
		for _, file := range post.Files {
			if !strings.HasPrefix(file.Path, "fuzz_files/") || strings.Contains(file.Path, "..") {
				t.Fatalf("file %q outside fuzz_files/", file.Path)
			}
		}
	})
}

func BenchmarkConvert(b *testing.B) {
	reporttest.BenchmarkConvert(b, "## Step %d\n\nThe value $g(%d)$ is <b>known</b>.", func(nb *notebook.Notebook) error {
		_, err := Convert(nb, report.Meta{Title: "t"}, Options{Name: "x"})
		return err
	})
}

// TestDisplaySVG converts a gonum/plot figure as GoNB's DisplaySvg sends it
// (the SVG document inside a <div> in text/html): the post links an .svg
// file that is well-formed XML with the SVG namespace and mixed-case names.
func TestDisplaySVG(t *testing.T) {
	svgFile := regexp.MustCompile(`^p_files/[0-9a-f]{32}\.svg$`)
	fig, err := plot.Sequence([]int{0, 1, 2, 0, 1, 2}, 0, 3, plot.Options{Title: "g"})
	if err != nil {
		t.Fatal(err)
	}
	out := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}}
	out.Data.SetText("text/html", "<div>"+string(fig.SVG)+"</div>")
	nb := notebook.New()
	nb.Cells = []*notebook.Cell{{Type: notebook.Code, Source: "fig.Show()", Outputs: []*notebook.Output{out}}}
	for _, trust := range []bool{false, true} {
		post, err := Convert(nb, report.Meta{Title: "t"}, Options{Name: "p", Trust: trust})
		if err != nil {
			t.Fatal(err)
		}
		if len(post.Files) != 1 || !svgFile.MatchString(post.Files[0].Path) || !bytes.Contains(post.Text, []byte("]("+post.Files[0].Path+")")) {
			t.Fatalf("trust %v: %d files, post:\n%s", trust, len(post.Files), post.Text)
		}
		svg := post.Files[0].Data
		dec := xml.NewDecoder(bytes.NewReader(svg))
		var root string
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("trust %v: .svg file is not well-formed XML: %v", trust, err)
			}
			if se, ok := tok.(xml.StartElement); ok && root == "" {
				root = se.Name.Space + " " + se.Name.Local
			}
		}
		if root != "http://www.w3.org/2000/svg svg" || !bytes.Contains(svg, []byte("viewBox=")) {
			t.Errorf("trust %v: root %q, file:\n%.300s", trust, root, svg)
		}
	}
}

func TestBadImage(t *testing.T) {
	nb := notebook.New()
	out := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}}
	out.Data.SetText("image/png", "not base64!")
	nb.Cells = []*notebook.Cell{{Type: notebook.Markdown, Source: "x"}, {Type: notebook.Code, Outputs: []*notebook.Output{
		{Type: notebook.Stream, Name: "stdout", Text: "ok"}, out}}}
	_, err := Convert(nb, report.Meta{}, Options{Name: "x"})
	if !errors.Is(err, report.ErrOutput) || !strings.HasPrefix(err.Error(), "cell 2: output 2: ") {
		t.Errorf("error %v, want ErrOutput naming cell 2, output 2", err)
	}
}
