package htmlpage_test

import (
	"bytes"
	"fmt"
	"log"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/htmlpage"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

func ExampleConvert() {
	nb := notebook.New()
	nb.Cells = []*notebook.Cell{
		{Type: notebook.Markdown, Source: "# Nim\n\nThe nim sum $3 \\oplus 5 = 6$. <b onclick=\"steal()\">Bold</b>"},
		{Type: notebook.Code, Source: "fmt.Println(3 ^ 5)", Outputs: []*notebook.Output{
			{Type: notebook.Stream, Name: "stdout", Text: "6\n"},
		}},
	}
	page, err := htmlpage.Convert(nb, report.Meta{Title: "Nim"}, htmlpage.Options{MathFont: "assets/latinmodern-math.otf"})
	if err != nil {
		log.Fatal(err)
	}
	for _, s := range []string{`<h1 id="nim">Nim</h1>`, "<math ", "<b>Bold</b>", "onclick", `<pre class="output stream stdout">6</pre>`} {
		fmt.Println(s, bytes.Contains(page, []byte(s)))
	}
	// Output:
	// <h1 id="nim">Nim</h1> true
	// <math  true
	// <b>Bold</b> true
	// onclick false
	// <pre class="output stream stdout">6</pre> true
}

func ExampleRender() {
	nb := notebook.New()
	nb.Metadata = notebook.Metadata{"language_info": []byte(`{"name": "python"}`)}
	nb.Cells = []*notebook.Cell{
		{Type: notebook.Code, Source: "# the nim sum\nprint(3 ^ 5)", Outputs: []*notebook.Output{
			{Type: notebook.Stream, Name: "stdout", Text: "\x1b[32m6\x1b[0m\n"},
		}},
	}
	v, err := report.NewView(nb, report.ViewOptions{Name: "nim"})
	if err != nil {
		log.Fatal(err)
	}
	page, err := htmlpage.Render(v, htmlpage.Options{})
	if err != nil {
		log.Fatal(err)
	}
	for _, s := range []string{`<span class="c1"># the nim sum</span>`, `<pre class="output stream stdout"><span class="ansi-green-fg">6</span></pre>`} {
		fmt.Println(s, bytes.Contains(page, []byte(s)))
	}
	// Output:
	// <span class="c1"># the nim sum</span> true
	// <pre class="output stream stdout"><span class="ansi-green-fg">6</span></pre> true
}
