package htmlpage

import (
	"bytes"
	"testing"

	"github.com/grundylab/grundy/pkg/report"
)

// TestIndexNeverTrusted gives the index trusted options: the summaries,
// which may come from any earlier build or an edited front matter, are
// shown as text all the same, markup and all, with no element of theirs.
func TestIndexNeverTrusted(t *testing.T) {
	entries := []Entry{{URL: "a.html", Meta: report.Meta{Title: "A", Date: modTime,
		Summary: `Sum <img src=x onerror="steal()"> <script>steal()</script> <b onclick="steal()">bold</b> [l](javascript:steal())`}}}
	page, err := Index("Writeups", entries, Options{Trust: true})
	if err != nil {
		t.Fatal(err)
	}
	checkSafe(t, "index", page)
	for _, bad := range []string{"<img", "<script", "<b ", "<b>", `href="javascript`} {
		if bytes.Contains(page, []byte(bad)) {
			t.Errorf("a trusted index makes an element of the summary's %q:\n%s", bad, body(page))
		}
	}
	if !bytes.Contains(page, []byte("&lt;b onclick=&#34;steal()&#34;&gt;bold&lt;/b&gt;")) {
		t.Errorf("the summary is not shown as the text it is:\n%s", body(page))
	}
}
