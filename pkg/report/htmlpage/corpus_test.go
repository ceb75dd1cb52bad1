package htmlpage

import (
	"bytes"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/internal/corpus"
	"github.com/grundylab/grundy/pkg/report/markdown"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

func corpusFiles(tb testing.TB) []string {
	dir := corpus.Dir()
	if dir == "" {
		tb.Skip("no corpus of real notebooks: no shared/corpus above this folder and GRUNDY_CORPUS unset")
	}
	files, err := filepath.Glob(filepath.Join(dir, "*", "*.ipynb"))
	if err != nil || len(files) == 0 {
		tb.Skipf("no notebooks in the corpus %s (%v)", dir, err)
	}
	return files
}

// renderBoth renders a notebook file as a post and a page, from one view.
func renderBoth(tb testing.TB, file string) (*report.View, *markdown.Post, []byte) {
	nb, err := notebook.ReadFile(file)
	if err != nil {
		tb.Fatal(err)
	}
	name := strings.TrimSuffix(filepath.Base(file), ".ipynb")
	v, err := report.NewView(nb, report.ViewOptions{Name: name, ModTime: time.Unix(0, 0)})
	if err != nil {
		tb.Fatalf("%s: %v", file, err)
	}
	post := markdown.Render(v)
	page, err := Render(v, Options{Home: "index.html"})
	if err != nil {
		tb.Fatalf("%s: %v", file, err)
	}
	return v, post, page
}

// TestCorpus renders every real notebook of the corpus with both writers:
// each renders, untrusted pages are safe, code is lexed in its language
// with no error tokens, and no control character reaches a post.
func TestCorpus(t *testing.T) {
	files := corpusFiles(t)
	var blocks, images, code int
	for _, file := range files {
		v, post, page := renderBoth(t, file)
		name := filepath.Base(file)
		checkSafe(t, name, page)
		if n := bytes.Count(page, []byte(`class="err"`)); n > 0 {
			i := bytes.Index(page, []byte(`class="err"`))
			t.Errorf("%s: %d chroma error tokens, first: %q", name, n, page[max(0, i-200):i+40])
		}
		for i, r := range string(post.Text) {
			if r < 0x20 && r != '\n' && r != '\t' || r == 0x7f {
				t.Errorf("%s: control character %U at byte %d of the post", name, r, i)
				break
			}
		}
		for _, b := range v.Blocks {
			blocks++
			switch b.Kind {
			case report.KindImage:
				images++
				if !bytes.Contains(post.Text, []byte("]("+report.LinkPath(b.File)+")")) {
					t.Errorf("%s: post does not link image %s", name, b.File)
				}
			case report.KindCode:
				code++
				if b.Lang == "" {
					t.Errorf("%s: cell %d has no language", name, b.Cell)
				}
			}
		}
		if v.Language != "go" && v.Language != "python" {
			t.Errorf("%s: language %q", name, v.Language)
		}
	}
	t.Logf("%d notebooks: %d blocks, %d code cells, %d images", len(files), blocks, code, images)
}

// BenchmarkCorpus renders the whole corpus, as render -execute never
// does: read, view, Markdown and HTML.
func BenchmarkCorpus(b *testing.B) {
	files := corpusFiles(b)
	b.Run("notebooks="+strconv.Itoa(len(files)), func(b *testing.B) {
		for b.Loop() {
			for _, f := range files {
				renderBoth(b, f)
			}
		}
	})
}
