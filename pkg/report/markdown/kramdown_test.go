package markdown

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"testing"

	"github.com/grundylab/grundy/pkg/report/internal/hostile"
)

// kramdownScript converts a JSON list of Markdown documents with kramdown,
// as Jekyll does (GitHub's Markdown as input) and with kramdown's own
// syntax, into a JSON list of pairs of HTML.
const kramdownScript = `require "json"; require "kramdown"; require "kramdown-parser-gfm"
docs = JSON.parse(STDIN.read)
print JSON.generate(docs.map { |d| ["GFM", "kramdown"].map { |i| Kramdown::Document.new(d, input: i, hard_wrap: false).to_html } })`

// kramdownHTML converts documents with kramdown. It reports false when
// Ruby's kramdown is missing, on a developer's machine; in CI, which
// installs the Debian packages ruby-kramdown and ruby-kramdown-parser-gfm,
// that fails the test.
func kramdownHTML(t *testing.T, docs []string) ([][2]string, bool) {
	t.Helper()
	in, err := json.Marshal(docs)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("ruby", "-e", kramdownScript)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("kramdown: %v\n%s", err, stderr.Bytes())
		}
		t.Logf("no kramdown (apt-get install ruby-kramdown ruby-kramdown-parser-gfm): %v", err)
		return nil, false
	}
	var html [][2]string
	if err := json.Unmarshal(out, &html); err != nil || len(html) != len(docs) {
		t.Fatalf("kramdown answered %d documents for %d: %v", len(html), len(docs), err)
	}
	return html, true
}

// TestKramdownPosts converts each attack's post as Jekyll does, with
// kramdown, which reads {: ...} as attributes of any name: no script and
// no remote load. The attacks as written fail the same check, so that the
// test can fail.
func TestKramdownPosts(t *testing.T) {
	cases := hostile.Cases()
	var docs []string
	for _, c := range cases {
		post := Render(hostileView(t, c))
		_, body, _ := bytes.Cut(post.Text, []byte("\n---\n"))
		docs = append(docs, string(body))
	}
	var raw bytes.Buffer
	for _, c := range cases {
		for _, md := range c.Markdown {
			raw.WriteString(md + "\n\n")
		}
	}
	html, ok := kramdownHTML(t, append(docs, raw.String()))
	if !ok {
		t.Skip("no kramdown; the test runs in CI")
	}
	for i, c := range cases {
		for j, input := range []string{"GFM", "kramdown"} {
			for _, p := range hostile.Check([]byte(html[i][j])) {
				t.Errorf("%s, kramdown %s: %s\npost:\n%s", c.Class, input, p, docs[i])
			}
		}
	}
	if len(hostile.Check([]byte(html[len(cases)][0]))) == 0 {
		t.Error("kramdown's HTML of the attacks as written passes the check")
	}
}
