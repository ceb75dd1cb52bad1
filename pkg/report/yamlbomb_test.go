package report

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// aliases returns n aliases of anchor a as a YAML flow list.
func aliases(n int) string {
	return "[" + strings.TrimSuffix(strings.Repeat("*a, ", n), ", ") + "]"
}

// TestYAMLAliasBombs: the YAML of issue 33's first attack, front matter
// whose title is 20,000 aliases of a 10 kB text and fig-cap and fig-alt
// lists of aliases on many images, is refused with a warning, and the
// view holds at most a few times the notebook's size. Before the aliases
// were counted, the front matter made a 400 MB page from 90 kB (3.0 GB
// of memory, 224 s on the machine of this commit) and the options 155 MB
// from 0.8 MB (620 MB, 30 s).
func TestYAMLAliasBombs(t *testing.T) {
	front := notebook.New()
	front.Cells = []*notebook.Cell{
		{Type: notebook.Raw, Source: "---\nx: &a " + strings.Repeat("x", 10<<10) + "\ntitle: " + aliases(20000) + "\n---\n"},
		{Type: notebook.Markdown, Source: "# Hello"},
	}
	const images = 400
	var outs []*notebook.Output
	for range images {
		outs = append(outs, rich("image/png", tinyPNG))
	}
	opts := notebook.New()
	opts.Cells = []*notebook.Cell{{Type: notebook.Code, Outputs: outs,
		Source: "#| x: &a " + strings.Repeat("y", 10000) + "\n#| fig-cap: " + aliases(images) + "\n#| fig-alt: " + aliases(images) + "\nshow()\n"}}
	for name, nb := range map[string]*notebook.Notebook{"front matter": front, "cell options": opts} {
		in, err := json.Marshal(nb)
		if err != nil {
			t.Fatal(err)
		}
		v := mustView(t, nb, ViewOptions{})
		size := len(v.Meta.Title) + len(v.Meta.Summary)
		for _, b := range v.Blocks {
			size += len(b.Text) + len(b.Caption) + len(b.Alt)
		}
		if size > 4*len(in) {
			t.Errorf("%s: %d bytes of notebook made a view of %d", name, len(in), size)
		}
		if !hasWarning(v, "aliases expand too far") {
			t.Errorf("%s: no warning that the aliases were refused: %v", name, v.Warnings)
		}
	}
}

// hasWarning reports whether a warning of v says what.
func hasWarning(v *View, what string) bool {
	for _, w := range v.Warnings {
		if strings.Contains(w.Msg, what) {
			return true
		}
	}
	return false
}
