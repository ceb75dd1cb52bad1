package htmltext

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func TestText(t *testing.T) {
	doc, err := html.Parse(strings.NewReader("<p>a <b>b<i>c</i></b><!-- no --> d</p><p>e &amp; f</p>"))
	if err != nil {
		t.Fatal(err)
	}
	var ps []*html.Node
	for n := range doc.Descendants() {
		if n.Type == html.ElementNode && n.Data == "p" {
			ps = append(ps, n)
		}
	}
	tests := []struct {
		name string
		n    *html.Node
		want string
	}{
		{"document", doc, "a bc de & f"},
		{"element", ps[0], "a bc d"},
		{"text node", ps[1].FirstChild, "e & f"},
		{"empty element", &html.Node{Type: html.ElementNode, Data: "br"}, ""},
	}
	for _, tt := range tests {
		if got := Text(tt.n); got != tt.want {
			t.Errorf("%s: Text = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestRewriteTags(t *testing.T) {
	// dropOn drops every attribute named on*, and the tag if it had one.
	dropOn := func(b *strings.Builder, tok html.Token, selfClosing bool) bool {
		for _, a := range tok.Attr {
			if strings.HasPrefix(a.Key, "on") {
				if selfClosing {
					b.WriteString("<" + tok.Data + "/>")
				} else {
					b.WriteString("<" + tok.Data + ">")
				}
				return true
			}
		}
		return false
	}
	tests := []struct{ in, want string }{
		{"", ""},
		{"a <p", "a "},
		{"plain &amp; text", "plain &amp; text"},
		{`<P CLASS='x'>kept  as  written</P><!-- c -->`, `<P CLASS='x'>kept  as  written</P><!-- c -->`},
		{`<b ONCLICK="x()">b</b>`, `<b>b</b>`},
		{`<img src=a onerror=x />`, `<img/>`},
		{`<p title="a &amp; b" onclick=y>t</p>`, `<p>t</p>`},
		{`<script>"<b onclick=x>"</script>`, `<script>"<b onclick=x>"</script>`},
	}
	for _, tt := range tests {
		if got := RewriteTags(tt.in, dropOn); got != tt.want {
			t.Errorf("RewriteTags(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// FuzzRewriteTags checks that a fragment no tag of which is rewritten
// comes back as it was, but for a tag left open at its end, and that the
// tags rewrite is given are start tags.
func FuzzRewriteTags(f *testing.F) {
	for _, s := range []string{"", "<p>x</p>", `<IMG SRC="a_files/x.png" ALT="a &amp; b">`, "<br/><!-- c --><![CDATA[x]]>", "<p", "a < b > c", "<script><b></script>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := RewriteTags(s, func(b *strings.Builder, tok html.Token, _ bool) bool {
			if tok.Type != html.StartTagToken && tok.Type != html.SelfClosingTagToken {
				t.Errorf("rewrite given a %v token", tok.Type)
			}
			return false
		})
		if !strings.HasPrefix(s, got) || len(got) < len(s) && s[len(got)] != '<' {
			t.Errorf("RewriteTags(%q) = %q, want it unchanged but for a tag left open at its end", s, got)
		}
	})
}
