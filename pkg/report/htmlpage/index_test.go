package htmlpage

import (
	"bytes"
	"testing"

	"github.com/grundylab/grundy/pkg/report"
)

// TestIndexNeverTrusted gives the index trusted options: the summaries,
// which may come from any earlier build or an edited front matter, are
// sanitised all the same.
func TestIndexNeverTrusted(t *testing.T) {
	entries := []Entry{{URL: "a.html", Meta: report.Meta{Title: "A", Date: modTime,
		Summary: `Sum <img src=x onerror="steal()"> <script>steal()</script> <b onclick="steal()">bold</b> [l](javascript:steal())`}}}
	page, err := Index("Writeups", entries, Options{Trust: true})
	if err != nil {
		t.Fatal(err)
	}
	checkSafe(t, "index", page)
	for _, bad := range []string{"onerror", "onclick", "<script", "javascript:"} {
		if bytes.Contains(page, []byte(bad)) {
			t.Errorf("a trusted index keeps %q:\n%s", bad, body(page))
		}
	}
	if !bytes.Contains(page, []byte("<b>bold</b>")) {
		t.Errorf("the summary lost its harmless markup:\n%s", body(page))
	}
}
