package markdown

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/notebook"
	xhtml "golang.org/x/net/html"
)

// hostileMath are formulas whose text is markup to a Markdown engine that
// does not know math: the attacks of issue 11 on the HTML pages, aimed at
// the posts instead.
var hostileMath = []string{
	`$\text{<img/src/onerror=alert(1)>}$`,
	`$\text{</math><svg/onload=alert(2)>}$`,
	`$$\text{<img src=https://example.com/x.png>}$$`,
	`$ a<b>c $`,
	"$$\n\\text{<iframe src=javascript:alert(3)>}\n$$",
}

// TestPostMathIsNoMarkup renders the post of an untrusted notebook with
// hostile formulas, in a markdown cell and a text/markdown output, the way
// a site's engine with raw HTML allowed and no math support would, and
// parses the page: no element or attribute may come from a formula, and
// the front matter's description may not hold a tag either.
func TestPostMathIsNoMarkup(t *testing.T) {
	nb := notebook.New()
	text := "# Formulas\n\nSee " + strings.Join(hostileMath, " and ") + " here."
	nb.Cells = append(nb.Cells,
		&notebook.Cell{Type: notebook.Markdown, Source: text},
		&notebook.Cell{Type: notebook.Code, Source: "x", Outputs: []*notebook.Output{{
			Type: notebook.DisplayData, Data: notebook.MimeBundle{"text/markdown": jsonString(strings.Join(hostileMath, "\n\n"))},
		}}},
	)
	v, err := report.NewView(nb, report.ViewOptions{Name: "h"})
	if err != nil {
		t.Fatal(err)
	}
	post := Render(v)
	head, body, ok := bytes.Cut(bytes.TrimPrefix(post.Text, []byte("---\n")), []byte("\n---\n"))
	if !ok {
		t.Fatalf("no front matter:\n%s", post.Text)
	}
	if bytes.ContainsAny(head, "<>") {
		t.Errorf("front matter holds an angle bracket:\n%s", head)
	}
	doc, page := unsafePage(t, body)
	for n := range doc.Descendants() {
		if n.Type != xhtml.ElementNode {
			continue
		}
		switch n.Data {
		case "html", "head", "body", "h1", "p", "code", "pre":
		default:
			t.Errorf("element <%s> in the page of the post:\n%s", n.Data, page)
		}
		for _, a := range n.Attr {
			if n.Data != "code" || a.Key != "class" {
				t.Errorf("attribute %s=%q on <%s>", a.Key, a.Val, n.Data)
			}
		}
	}
	if !bytes.Contains(body, []byte(`\text{\lt img/src/onerror=alert(1)\gt }`)) {
		t.Errorf("the formula is not kept as TeX a math engine reads the same:\n%s", body)
	}
}

func TestMathAngles(t *testing.T) {
	tests := []struct{ in, want string }{
		{`no math <b>`, `no math <b>`},
		{`$a<b$ and <i>x</i>`, `$a\lt b$ and <i>x</i>`},
		{`$$x > y$$`, `$$x \gt  y$$`},
		{"`$a<b$` in code", "`$a<b$` in code"},
		{`\$a<b\$`, `\$a<b\$`},
		// A formula in a block quote keeps the quote's markers, and
		// only as many as the quote has; one not in a quote keeps none.
		{"> $$\n> a<b\n>> c\n> $$", "> $$\n> a\\lt b\n>\\gt  c\n> $$"},
		{"> - $$\n>   a>b\n>   $$", "> - $$\n>   a\\gt b\n>   $$"},
		{"$$\n> a\n$$", "$$\n\\gt  a\n$$"},
		{"> $$\n> <img src=x\n> >$$", "> $$\n> \\lt img src=x\n> \\gt $$"},
	}
	for _, tt := range tests {
		if got := MathAngles(tt.in); got != tt.want {
			t.Errorf("MathAngles(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// jsonString is s as the JSON string of a MIME bundle.
func jsonString(s string) json.RawMessage {
	b, _ := json.Marshal(s)
	return b
}

// TestSanitizeRejoined is the reviewer's finding: removing a made-up tag
// joined the text around it into a real one. The post, read by an engine
// that passes raw HTML, must hold no element from these.
func TestSanitizeRejoined(t *testing.T) {
	for _, src := range []string{
		`<im<x>g src=x onerror=alert(1)>`,
		`<scr<script>ipt>alert(1)</script>`,
		`<a hr<x>ef="javascript:alert(1)">y</a>`,
		`<ifr<x>ame src="https://evil.example">`,
		`<im<<x>x>g src=x onerror=alert(1)>`,
	} {
		clean := SanitizeHTML("text " + src + " more")
		doc, _ := unsafePage(t, []byte(clean))
		for n := range doc.Descendants() {
			if n.Type != xhtml.ElementNode {
				continue
			}
			if n.Data == "script" || n.Data == "iframe" {
				t.Errorf("%q: cleaned to %q, which makes <%s>", src, clean, n.Data)
			}
			for _, a := range n.Attr {
				if strings.HasPrefix(a.Key, "on") || strings.Contains(a.Val, ":") {
					t.Errorf("%q: cleaned to %q, which makes <%s %s=%q>", src, clean, n.Data, a.Key, a.Val)
				}
			}
		}
	}
}
