package mathml

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
	"golang.org/x/net/html"
)

// corpusDir returns the folder of real notebooks: $GRUNDY_CORPUS, or the
// shared corpus beside the repository.
func corpusDir() string {
	if d := os.Getenv("GRUNDY_CORPUS"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "..", "..", "..", "shared", "corpus")
}

// corpusNotebook is a notebook of the corpus: its path and the sources of
// its Markdown cells.
type corpusNotebook struct {
	path     string
	markdown []string
}

// readCorpus reads the Markdown cells of every notebook of the corpus,
// skipping the test if there is no corpus.
func readCorpus(tb testing.TB) []corpusNotebook {
	dir := corpusDir()
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
				Type   string          `json:"cell_type"`
				Source json.RawMessage `json:"source"`
			} `json:"cells"`
		}
		if err := json.Unmarshal(data, &nb); err != nil {
			tb.Fatalf("%s: %v", p, err)
		}
		n := corpusNotebook{path: p}
		for _, c := range nb.Cells {
			if c.Type != "markdown" {
				continue
			}
			var one string
			var lines []string
			if json.Unmarshal(c.Source, &one) != nil {
				if err := json.Unmarshal(c.Source, &lines); err != nil {
					tb.Fatalf("%s: cell source: %v", p, err)
				}
				one = strings.Join(lines, "")
			}
			n.markdown = append(n.markdown, one)
		}
		out = append(out, n)
	}
	return out
}

// corpusCount is what a notebook's Markdown gives.
type corpusCount struct {
	jupyter, found, rendered, errors, warnings int
	failures                                   []string
}

// renderCorpusNotebook renders the Markdown cells of a notebook with one
// Converter, as a page does, and counts formulas: those the reference
// splitter finds, those FindMath finds, the <math> elements and error
// codes on the page, and the MathML errors.
func renderCorpusNotebook(tb testing.TB, nb corpusNotebook) corpusCount {
	conv := New()
	md := goldmark.New(goldmark.WithExtensions(extension.GFM, &Extender{Converter: conv}))
	var c corpusCount
	for _, src := range nb.markdown {
		c.jupyter += len(referenceMath(hideCodeByGoldmark(src)))
		spans := FindMath([]byte(src))
		c.found += len(spans)
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
			return textOf(m)
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
		name, _ := filepath.Rel(corpusDir(), nb.path)
		if c.jupyter > 0 || c.found > 0 {
			t.Logf("%-60s jupyter %5d found %5d rendered %5d errors %3d warnings %3d", name, c.jupyter, c.found, c.rendered, c.errors, c.warnings)
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
	}
	t.Logf("%d notebooks in %v: jupyter %d found %d rendered %d errors %d warnings %d",
		len(notebooks), time.Since(start).Round(time.Millisecond), total.jupyter, total.found, total.rendered, total.errors, total.warnings)
	if total.rendered > total.found {
		t.Errorf("%d formulas on the pages, only %d found", total.rendered, total.found)
	}
}

// BenchmarkCorpus renders the Markdown cells of the whole corpus.
func BenchmarkCorpus(b *testing.B) {
	notebooks := readCorpus(b)
	for b.Loop() {
		for _, nb := range notebooks {
			renderCorpusNotebook(b, nb)
		}
	}
}
