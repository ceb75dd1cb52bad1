package markdown

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/internal/golden"
	"github.com/grundylab/grundy/pkg/report/internal/reporttest"
	xhtml "golang.org/x/net/html"
	"gopkg.in/yaml.v3"
)

// provenancePost renders a post of a one-line notebook with the
// provenance given as JSON.
func provenancePost(t *testing.T, input string) (*report.Provenance, []byte) {
	t.Helper()
	v := reporttest.ProvenanceView(t, input)
	if v.Provenance == nil {
		t.Fatal("a provenance case without provenance")
	}
	v.Meta.Title = "P"
	return v.Provenance, Render(v).Text
}

// TestProvenanceGolden checks the front matter and the footer that say
// how a post was made (testdata/provenance.txt).
func TestProvenanceGolden(t *testing.T) {
	golden.Run(t, filepath.Join("testdata", "provenance.txt"), func(t *testing.T, input string) string {
		_, post := provenancePost(t, input)
		// The date is the zero time's; the rest is the provenance's.
		_, rest, _ := bytes.Cut(post, []byte("mathjax: true\n"))
		return string(rest)
	})
}

// TestProvenanceIsNoMarkup renders the posts of the golden cases as a
// blog's engine with raw HTML allowed would, and parses the page: nothing
// from a name, a kernel or a parameter becomes an element or attribute;
// and the front matter reads back the hostile parameter as it was.
func TestProvenanceIsNoMarkup(t *testing.T) {
	cases, err := golden.Read(filepath.Join("testdata", "provenance.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		p, post := provenancePost(t, c.Input)
		head, body, ok := bytes.Cut(bytes.TrimPrefix(post, []byte("---\n")), []byte("\n---\n"))
		if !ok {
			t.Fatalf("case %d: no front matter:\n%s", c.No, post)
		}
		var fm struct {
			Provenance struct {
				Notebook   string   `yaml:"notebook"`
				Parameters []string `yaml:"parameters"`
				Command    string   `yaml:"command"`
			} `yaml:"provenance"`
		}
		if err := yaml.Unmarshal(head, &fm); err != nil {
			t.Fatalf("case %d: front matter: %v\n%s", c.No, err, head)
		}
		if fm.Provenance.Notebook != p.Notebook || fm.Provenance.Command != p.Command || strings.Join(fm.Provenance.Parameters, "\x00") != strings.Join(p.Params, "\x00") {
			t.Errorf("case %d: front matter reads back %+v, want %+v", c.No, fm.Provenance, p)
		}
		doc, page := unsafePage(t, body)
		codes := 0
		for n := range doc.Descendants() {
			if n.Type != xhtml.ElementNode {
				continue
			}
			switch n.Data {
			case "html", "head", "body", "p", "hr", "em", "ul", "li":
			case "code":
				codes++
				// A code span shows its text exactly: the command can be
				// copied from the page.
				if text := n.FirstChild; text != nil && strings.HasPrefix(text.Data, "render ") && text.Data != p.Command {
					t.Errorf("case %d: the command reads %q, want %q", c.No, text.Data, p.Command)
				}
			default:
				t.Errorf("case %d: element <%s> in the page of the post:\n%s", c.No, n.Data, page)
			}
			for _, a := range n.Attr {
				t.Errorf("case %d: attribute %s=%q on <%s>", c.No, a.Key, a.Val, n.Data)
			}
		}
		if codes < 2 {
			t.Errorf("case %d: %d code spans, want the notebook's path and the command at least:\n%s", c.No, codes, page)
		}
	}
}
