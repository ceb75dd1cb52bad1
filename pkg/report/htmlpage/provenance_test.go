package htmlpage

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/internal/golden"
	"github.com/grundylab/grundy/pkg/report/internal/reporttest"
	"golang.org/x/net/html"
)

// pageWith renders a one-line notebook's page with the provenance given
// as JSON (none for "") and the options.
func pageWith(t *testing.T, provenance string, opts Options) []byte {
	t.Helper()
	page, err := Render(reporttest.ProvenanceView(t, provenance), opts)
	if err != nil {
		t.Fatal(err)
	}
	checkSafe(t, "page", page)
	return page
}

// tail returns the page from the end of its main element.
func tail(page []byte) string {
	_, rest, _ := bytes.Cut(page, []byte("</main>\n"))
	return string(rest)
}

// TestProvenanceGolden checks the footer that says how a page was made
// (testdata/provenance.txt, the cases of package markdown's file of the
// same name): everything in it escaped.
func TestProvenanceGolden(t *testing.T) {
	golden.Run(t, filepath.Join("testdata", "provenance.txt"), func(t *testing.T, input string) string {
		return tail(pageWith(t, input, Options{}))
	})
}

// TestProvenanceText checks that the footer shows each hostile text as
// text, exactly: the command a reader copies is the command.
func TestProvenanceText(t *testing.T) {
	cases, err := golden.Read(filepath.Join("testdata", "provenance.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		var p report.Provenance
		if err := json.Unmarshal([]byte(c.Input), &p); err != nil {
			t.Fatal(err)
		}
		doc, err := html.Parse(strings.NewReader(tail(pageWith(t, c.Input, Options{}))))
		if err != nil {
			t.Fatal(err)
		}
		var codes []string
		for n := range doc.Descendants() {
			if n.Type == html.ElementNode && n.Data == "code" && n.FirstChild != nil {
				codes = append(codes, n.FirstChild.Data)
			}
		}
		if len(codes) == 0 || codes[len(codes)-1] != p.Command {
			t.Errorf("case %d: code %q, want the command %q last", c.No, codes, p.Command)
		}
	}
}

// TestPager checks the links to the previous and next pages: shown when
// given, their titles escaped and their formulas typeset.
func TestPager(t *testing.T) {
	tests := []struct {
		name       string
		prev, next *Link
		want, not  []string
	}{
		{"none", nil, nil, nil, []string{`class="pager"`}},
		{"both", &Link{URL: "a.html", Title: "First"}, &Link{URL: "c%20d.html", Title: "Third"},
			[]string{`<a class="prev" rel="prev" href="a.html"><span>← Previous</span> First</a>`, `<a class="next" rel="next" href="c%20d.html"><span>Next →</span> Third</a>`}, nil},
		{"first page", nil, &Link{URL: "b.html", Title: "Second"}, []string{`rel="next"`}, []string{`rel="prev"`}},
		{"hostile title", &Link{URL: "x.html", Title: `<img src=x onerror=alert(1)> $x<y$`}, nil,
			[]string{`&lt;img src=x onerror=alert(1)&gt; <math`}, []string{"<img src=x"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tail(pageWith(t, "", Options{Prev: tt.prev, Next: tt.next}))
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("page end lacks %s:\n%s", w, got)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(got, n) {
					t.Errorf("page end has %s:\n%s", n, got)
				}
			}
		})
	}
}
