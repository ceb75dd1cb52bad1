package markdown

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/htmlpage"
	"github.com/grundylab/grundy/pkg/report/internal/hostile"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// fuzzMIME are the output types the notebook fuzz target picks from.
var fuzzMIME = []string{
	"text/html", "image/svg+xml", "text/markdown", "text/latex", "image/png", "image/jpeg", "image/gif",
	"image/webp", "application/json", "text/plain", "application/javascript",
	"application/vnd.jupyter.widget-view+json", "application/pdf",
}

// fuzzBudget is the longest one notebook of the fuzz target may take to
// render as page and post and be read by the blogs.
const fuzzBudget = 10 * time.Second

// fuzzNotebook writes nbformat JSON from the fuzz target's inputs: a
// title, a markdown cell with an attachment, a code cell whose outputs are
// data of one MIME type, a stream and an error, and a second markdown
// cell.
func fuzzNotebook(title, md1, attachment, md2 string, mime uint8, data string) []byte {
	m := fuzzMIME[int(mime)%len(fuzzMIME)]
	payload := any(data)
	switch {
	case strings.HasPrefix(m, "image/") && m != "image/svg+xml", m == "application/pdf":
		payload = base64.StdEncoding.EncodeToString([]byte(data))
	case strings.HasSuffix(m, "json"):
		payload = map[string]any{"value": data, "model_id": data}
	}
	cell := func(typ, src string) map[string]any {
		return map[string]any{"cell_type": typ, "metadata": map[string]any{}, "source": src}
	}
	first := cell("markdown", md1)
	first["attachments"] = map[string]any{attachment: map[string]any{"image/png": hostile.PNG}}
	code := cell("code", "show()")
	code["execution_count"] = 1
	code["outputs"] = []any{
		map[string]any{"output_type": "display_data", "metadata": map[string]any{}, "data": map[string]any{m: payload, "text/plain": data}},
		map[string]any{"output_type": "stream", "name": "stdout", "text": data},
		map[string]any{"output_type": "error", "ename": title, "evalue": data, "traceback": []string{data}},
	}
	nb := map[string]any{
		"nbformat": 4, "nbformat_minor": 5,
		"metadata": map[string]any{"title": title, "tags": []string{title}},
		"cells":    []any{first, code, cell("markdown", md2)},
	}
	out, err := json.Marshal(nb)
	if err != nil {
		panic(err) // maps of strings always marshal
	}
	return out
}

// FuzzNotebook renders whole untrusted notebooks built from the fuzz
// inputs (the file's name, a title, markdown, an attachment's name,
// outputs of every MIME type) as a page and a post, and converts the post as each blog does:
// no script and no load from outside the page's folder in any of them,
// within fuzzBudget.
func FuzzNotebook(f *testing.F) {
	for _, c := range hostile.Cases() {
		md := append(c.Markdown, "", "")
		att := "a.png"
		if len(c.Attachments) > 0 {
			att = c.Attachments[0]
		}
		out := hostile.Output{MIME: "text/html"}
		if len(c.Outputs) > 0 {
			out = c.Outputs[0]
		}
		mime := 0
		for i, m := range fuzzMIME {
			if m == out.MIME {
				mime = i
			}
		}
		f.Add("post", c.Title, md[0], att, strings.Join(md[1:], "\n\n"), uint8(mime), out.Data)
	}
	f.Add("javascript:alert(1)", "T", "# H\n\n$a<b$ and ![a](attachment:a.png)", "a.png", "| $x$ |\n|---|\n| 1 |", uint8(0), "<table><tr><td>1</td></tr></table>")
	f.Fuzz(func(t *testing.T, name, title, md1, attachment, md2 string, mime uint8, data string) {
		// A hang would stall the fuzzer without a word; crashing the
		// worker makes it keep the input as a failure.
		done := make(chan struct{})
		defer close(done)
		go func() {
			select {
			case <-done:
			case <-time.After(fuzzBudget):
				panic(fmt.Sprintf("rendering took more than %v", fuzzBudget))
			}
		}()
		nb, err := notebook.Parse(fuzzNotebook(title, md1, attachment, md2, mime, data))
		if err != nil {
			return
		}
		// The name of a notebook file, as site gives it to the view.
		if name == "" || strings.ContainsAny(name, "/\\\x00") || name == "." || name == ".." {
			name = "fuzz"
		}
		v, err := report.NewView(nb, report.ViewOptions{Name: name, ModTime: modTime, MaxOutput: 1 << 16})
		if err != nil {
			return
		}
		post := Render(v)
		page, err := htmlpage.Render(v, htmlpage.Options{})
		if err != nil {
			return
		}
		for _, p := range hostile.Check(page) {
			t.Errorf("page: %s", p)
		}
		for blog, doc := range blogHTML(t, post.Text) {
			for _, p := range hostile.Check(doc) {
				t.Errorf("%s: %s\npost:\n%s", blog, p, post.Text)
			}
		}
	})
}
