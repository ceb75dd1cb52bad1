package markdown

import (
	"errors"
	"path"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/internal/hostile"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

func view(t *testing.T, nb *notebook.Notebook, opts report.ViewOptions) *report.View {
	t.Helper()
	if opts.Name == "" {
		opts.Name = "post"
	}
	v, err := report.NewView(nb, opts)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestDescriptionIsPlainText is issue 11.4: the summary reaches the front
// matter as plain text, whatever the notebook's trust.
func TestDescriptionIsPlainText(t *testing.T) {
	nb := notebook.New()
	nb.Cells = []*notebook.Cell{{Type: notebook.Markdown,
		Source: "Intro <img src=x onerror=alert(1)> with `<script>` and *stars* and $a<b$ [link](javascript:x)."}}
	for _, trust := range []bool{false, true} {
		post := Render(view(t, nb, report.ViewOptions{Trust: trust}))
		m, err := ReadFrontMatter(post.Text)
		if err != nil {
			t.Fatal(err)
		}
		if want := `Intro with <script> and stars and $a\lt b$ link.`; m.Summary != want {
			t.Errorf("trust %v: description %q, want %q", trust, m.Summary, want)
		}
	}
}

func TestReadFrontMatter(t *testing.T) {
	m := report.Meta{Title: `A "title": #1`, Date: time.Date(2022, 7, 4, 18, 3, 39, 0, time.Local),
		Authors: []string{"Ada", "Alan: T"}, Tags: []string{"yes", "- x"}, Summary: "Sum $x$: 'q'", Image: "a b_files/c[1].png"}
	got, err := ReadFrontMatter([]byte(FrontMatter(m) + "\nbody\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, m) {
		t.Errorf("read back %+v, want %+v", got, m)
	}
	hexo, err := ReadFrontMatter([]byte("---\ntitle: T\ndate: 2020-01-02 03:04:05\nauthor: Solo\ntags: one\n---\n"))
	if err != nil || !reflect.DeepEqual(hexo.Authors, []string{"Solo"}) || !reflect.DeepEqual(hexo.Tags, []string{"one"}) {
		t.Errorf("Hexo front matter read as %+v, %v", hexo, err)
	}
	for _, bad := range []string{"no front matter", "---\ntitle: [\n---\n", "---\ndate: tomorrow\n---\n"} {
		if _, err := ReadFrontMatter([]byte(bad)); err == nil {
			t.Errorf("ReadFrontMatter(%q) accepted", bad)
		}
	}
	if _, err := ReadFrontMatter([]byte("# just text")); !errors.Is(err, ErrNoFrontMatter) {
		t.Errorf("error %v, want ErrNoFrontMatter", err)
	}
}

// TestNoControlCharacters is the NUL byte of issue 11.12: no control
// character from an output lands raw in the post.
func TestNoControlCharacters(t *testing.T) {
	out := &notebook.Output{Type: notebook.ExecuteResult, Data: notebook.MimeBundle{}}
	out.Data.SetText("text/plain", "v\x00\x1b]0;title\x07\x1b]52;c;Zm9v\x07")
	nb := notebook.New()
	nb.Cells = []*notebook.Cell{
		{Type: notebook.Markdown, Source: "# T\x00itle\n\ntext\x00\x01"},
		{Type: notebook.Code, Source: "x\x00", Outputs: []*notebook.Output{
			{Type: notebook.Stream, Name: "stdout", Text: "a\x00b\x07c\x1b[31md\x1b[0m\r\n"}, out,
			{Type: notebook.ErrorOutput, EName: "E", EValue: "v", Traceback: []string{"t\x00b"}},
		}},
	}
	post := Render(view(t, nb, report.ViewOptions{}))
	for i, r := range string(post.Text) {
		if r < 0x20 && r != '\n' && r != '\t' || r == 0x7f {
			t.Fatalf("control character %U at byte %d:\n%q", r, i, post.Text)
		}
	}
	if !strings.Contains(string(post.Text), "a␀b␇cd\n") {
		t.Errorf("stream not shown with its control pictures:\n%s", post.Text)
	}
}

// TestCutOutputs: a stream past the size limit is cut with a note.
func TestCutOutputs(t *testing.T) {
	nb := notebook.New()
	nb.Cells = []*notebook.Cell{{Type: notebook.Code, Source: "x", Outputs: []*notebook.Output{
		{Type: notebook.Stream, Name: "stdout", Text: strings.Repeat("line\n", 1000)}}}}
	post := Render(view(t, nb, report.ViewOptions{MaxOutput: 100}))
	if !strings.Contains(string(post.Text), "> *Output cut to size: the first 100 bytes of 4.9 kB are shown.*") ||
		strings.Count(string(post.Text), "line\n") > 20 {
		t.Errorf("post:\n%s", post.Text)
	}
}

// TestImagesInPost: WebP outputs and attachments reach the post, linked
// with percent-encoded paths.
func TestImagesInPost(t *testing.T) {
	att := notebook.MimeBundle{}
	att.SetText("image/webp", "UklGRg==")
	out := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}}
	out.Data.SetText("image/webp", "UklGRg==")
	out.Data.SetText("text/plain", "a [fig] *x*")
	nb := notebook.New()
	nb.Cells = []*notebook.Cell{
		{Type: notebook.Markdown, Source: "![w](attachment:w.webp)", Attachments: map[string]notebook.MimeBundle{"w.webp": att}},
		{Type: notebook.Code, Source: "x", Outputs: []*notebook.Output{out}},
	}
	post := Render(view(t, nb, report.ViewOptions{Name: "my post (1)#?%<"}))
	// The attachment and the output are one image, in one file named by
	// its content.
	const dir = "my%20post%20%281%29%23%3F%25%3C_files"
	const name = "a40ff3d5900fb7698b8c865041347cb4.webp"
	for _, want := range []string{"![w](" + dir + "/" + name + ")", `![a \[fig\] \*x\*](` + dir + "/" + name + ")"} {
		if !strings.Contains(string(post.Text), want) {
			t.Errorf("post lacks %s:\n%s", want, post.Text)
		}
	}
	if len(post.Files) != 1 || post.Files[0].Path != "my post (1)#?%<_files/"+name {
		t.Errorf("files %+v", post.Files)
	}
}

func TestCodeLanguage(t *testing.T) {
	nb := notebook.New()
	nb.Metadata = notebook.Metadata{"kernelspec": []byte(`{"name": "python3", "language": "python"}`)}
	nb.Cells = []*notebook.Cell{{Type: notebook.Code, Source: "# c\nx = 1"}, {Type: notebook.Code, Source: "%%bash\nls"}}
	post := string(Render(view(t, nb, report.ViewOptions{})).Text)
	if !strings.Contains(post, "```python\n# c\nx = 1\n```") || !strings.Contains(post, "```bash\n%%bash\nls\n```") {
		t.Errorf("post:\n%s", post)
	}
}

// TestMathCannotCarryHTML: a text/latex output cannot put an HTML block
// into the post.
func TestMathCannotCarryHTML(t *testing.T) {
	out := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}}
	out.Data.SetText("text/latex", "$$\n<script>alert(1)</script> a<b\n$$")
	nb := notebook.New()
	nb.Cells = []*notebook.Cell{{Type: notebook.Code, Source: "x", Outputs: []*notebook.Output{out}}}
	post := string(Render(view(t, nb, report.ViewOptions{})).Text)
	if strings.Contains(post, "<") || !strings.Contains(post, `\lt script\gt alert(1)\lt /script\gt  a\lt b`) {
		t.Errorf("post:\n%s", post)
	}
}

// TestNameWithColon: a post named like a URL scheme links its images as
// files, not as that scheme.
func TestNameWithColon(t *testing.T) {
	out := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}}
	out.Data.SetText("image/png", hostile.PNG)
	nb := notebook.New()
	nb.Cells = []*notebook.Cell{{Type: notebook.Code, Source: "x", Outputs: []*notebook.Output{out}}}
	v := view(t, nb, report.ViewOptions{Name: "javascript:alert(1)"})
	if len(v.Files) != 1 || !strings.HasPrefix(v.Files[0].Path, "javascript:alert(1)_files/") {
		t.Fatalf("files %v", v.Files)
	}
	link := "javascript%3Aalert%281%29_files/" + path.Base(v.Files[0].Path)
	post := Render(v)
	if !strings.Contains(string(post.Text), "]("+link+")") {
		t.Errorf("post:\n%s", post.Text)
	}
	for blog, doc := range blogHTML(t, post.Text) {
		if !strings.Contains(string(doc), `<img src="`+link+`"`) {
			t.Errorf("%s: image lost: %s", blog, doc)
		}
		for _, p := range hostile.Check(doc) {
			t.Errorf("%s: %s", blog, p)
		}
	}
}
