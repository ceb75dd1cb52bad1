package mathml

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/grundylab/grundy/internal/htmltext"
	"github.com/grundylab/grundy/pkg/report/internal/corpus"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
	"golang.org/x/net/html"
)

// corpusNotebook is a notebook of the corpus: its path, the sources of
// its Markdown cells, and its text/latex and text/markdown outputs where
// a page shows them.
type corpusNotebook struct {
	path     string
	markdown []string
	outputs  []string
}

// joinSource reads a notebook's multi-line string: one string or a list.
func joinSource(raw json.RawMessage) (string, error) {
	var one string
	if json.Unmarshal(raw, &one) == nil {
		return one, nil
	}
	var lines []string
	err := json.Unmarshal(raw, &lines)
	return strings.Join(lines, ""), err
}

// readCorpus reads the Markdown cells of every notebook of the corpus,
// skipping the test if there is no corpus.
func readCorpus(tb testing.TB) []corpusNotebook {
	dir := corpus.Dir()
	if dir == "" {
		tb.Skip("no corpus of notebooks: no shared/corpus above this folder and GRUNDY_CORPUS unset")
	}
	if _, err := os.Stat(dir); err != nil {
		tb.Skipf("no corpus of notebooks at %s (set GRUNDY_CORPUS): %v", dir, err)
	}
	var paths []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".ipynb") {
			paths = append(paths, path)
		}
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	sort.Strings(paths)
	var out []corpusNotebook
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		var nb struct {
			Cells []struct {
				Type    string          `json:"cell_type"`
				Source  json.RawMessage `json:"source"`
				Outputs []struct {
					Data map[string]json.RawMessage `json:"data"`
				} `json:"outputs"`
			} `json:"cells"`
		}
		if err := json.Unmarshal(data, &nb); err != nil {
			tb.Fatalf("%s: %v", p, err)
		}
		n := corpusNotebook{path: p}
		for _, c := range nb.Cells {
			for _, o := range c.Outputs {
				// The representation JupyterLab shows, in its order: HTML,
				// Markdown, LaTeX, then images.
				for _, mime := range []string{"text/html", "text/markdown", "text/latex"} {
					raw, ok := o.Data[mime]
					if !ok {
						continue
					}
					if mime == "text/markdown" || mime == "text/latex" {
						s, err := joinSource(raw)
						if err != nil {
							tb.Fatalf("%s: %s output: %v", p, mime, err)
						}
						n.outputs = append(n.outputs, s)
					}
					break
				}
			}
			if c.Type != "markdown" {
				continue
			}
			s, err := joinSource(c.Source)
			if err != nil {
				tb.Fatalf("%s: cell source: %v", p, err)
			}
			n.markdown = append(n.markdown, s)
		}
		out = append(out, n)
	}
	return out
}

// corpusCount is what a notebook's Markdown gives.
type corpusCount struct {
	jupyter, found, rendered, errors, warnings, outputs int
	failures                                            []string
}

// renderCorpusNotebook renders the Markdown cells and the text/latex and
// text/markdown outputs of a notebook with one Converter, as a page does,
// and counts formulas: those the reference splitter finds in the cells,
// those FindMath finds there, the <math> elements and error codes on the
// page, and the MathML errors.
func renderCorpusNotebook(tb testing.TB, nb corpusNotebook) corpusCount {
	conv := New()
	md := goldmark.New(goldmark.WithExtensions(extension.GFM, &Extender{Converter: conv}))
	var c corpusCount
	for k, src := range append(slices.Clone(nb.markdown), nb.outputs...) {
		if k < len(nb.markdown) {
			c.jupyter += len(referenceMath(hideCodeByGoldmark(src)))
			c.found += len(FindMath([]byte(src)))
		} else {
			c.outputs++
		}
		var b bytes.Buffer
		if err := md.Convert([]byte(src), &b); err != nil {
			tb.Fatal(err)
		}
		doc, err := html.Parse(&b)
		if err != nil {
			tb.Fatal(err)
		}
		for n := range doc.Descendants() {
			if n.Type != html.ElementNode {
				continue
			}
			switch {
			case n.Data == "math":
				c.rendered++
				for m := range n.Descendants() {
					if m.Type == html.ElementNode && m.Data == "merror" {
						c.errors++
						c.failures = append(c.failures, "merror: "+annotationOf(n))
						break
					}
				}
			case n.Data == "code" && len(n.Attr) > 0 && n.Attr[0].Val == "math-error":
				c.rendered++
				c.errors++
				c.failures = append(c.failures, attr(n, "title"))
			}
		}
		c.warnings += len(conv.TakeWarnings())
	}
	return c
}

// plainMarkdown parses Markdown without math, to find its code.
var plainMarkdown = goldmark.New(goldmark.WithExtensions(extension.GFM))

// hideCodeByGoldmark replaces the dollars inside code spans and code
// blocks, as goldmark finds them, by another character: Jupyter's rules
// do the same with regular expressions before they look for math.
func hideCodeByGoldmark(src string) string {
	source := []byte(src)
	out := bytes.Clone(source)
	hide := func(s text.Segment) {
		for k := s.Start; k < s.Stop; k++ {
			if out[k] == '$' {
				out[k] = '#'
			}
		}
	}
	doc := plainMarkdown.Parser().Parse(text.NewReader(source))
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.CodeSpan:
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				if t, ok := c.(*ast.Text); ok {
					hide(t.Segment)
				}
			}
		case *ast.FencedCodeBlock:
			for i := range n.Lines().Len() {
				hide(n.Lines().At(i))
			}
		}
		return ast.WalkContinue, nil
	})
	return string(out)
}

func annotationOf(n *html.Node) string {
	for m := range n.Descendants() {
		if m.Type == html.ElementNode && m.Data == "annotation" {
			return htmltext.Text(m)
		}
	}
	return ""
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// TestCorpus renders the Markdown of the real notebooks of the corpus and
// checks, per notebook, that the formulas found are those Jupyter's rules
// find, that each becomes one formula on the page, and that none is a
// MathML error; it logs the figures.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("the corpus takes a second")
	}
	notebooks := readCorpus(t)
	var total corpusCount
	start := time.Now()
	for _, nb := range notebooks {
		c := renderCorpusNotebook(t, nb)
		name, _ := filepath.Rel(corpus.Dir(), nb.path)
		if c.rendered > 0 || c.found > 0 {
			t.Logf("%-52s jupyter %4d found %4d outputs %3d rendered %4d errors %2d warnings %2d", name, c.jupyter, c.found, c.outputs, c.rendered, c.errors, c.warnings)
		}
		if c.found != c.jupyter {
			t.Errorf("%s: %d formulas found, Jupyter's rules find %d", name, c.found, c.jupyter)
		}
		for _, f := range c.failures {
			t.Errorf("%s: %s", name, f)
		}
		total.jupyter += c.jupyter
		total.found += c.found
		total.rendered += c.rendered
		total.errors += c.errors
		total.warnings += c.warnings
		total.outputs += c.outputs
	}
	t.Logf("%d notebooks in %v: in Markdown cells jupyter %d found %d; with %d outputs rendered %d errors %d warnings %d",
		len(notebooks), time.Since(start).Round(time.Millisecond), total.jupyter, total.found, total.outputs, total.rendered, total.errors, total.warnings)
}

// BenchmarkCorpus renders the Markdown cells and math outputs of the whole
// corpus, one Converter per notebook, as the pages do; the figures name
// the formulas converted.
func BenchmarkCorpus(b *testing.B) {
	notebooks := readCorpus(b)
	formulas := 0
	for _, nb := range notebooks {
		for _, src := range append(slices.Clone(nb.markdown), nb.outputs...) {
			formulas += len(FindMath([]byte(src)))
		}
	}
	b.ReportMetric(float64(formulas), "formulas/op")
	for b.Loop() {
		for _, nb := range notebooks {
			md := goldmark.New(goldmark.WithExtensions(extension.GFM, &Extender{Converter: New()}))
			var out bytes.Buffer
			for _, src := range append(slices.Clone(nb.markdown), nb.outputs...) {
				out.Reset()
				if err := md.Convert([]byte(src), &out); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}
