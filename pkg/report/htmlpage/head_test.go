package htmlpage

import (
	"bytes"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report"
	"golang.org/x/net/html"
)

// headOnly returns a page's head.
func headOnly(page []byte) string {
	h, _, _ := strings.Cut(string(page), "</head>")
	return h
}

// TestHeadTags checks the tags that describe a page and the index: a
// description, its authors, Open Graph's tags, the site's stylesheet
// after the page's own style, and the feed; each value an attacker may
// write is escaped in its attribute.
func TestHeadTags(t *testing.T) {
	hostile := `"><script>alert(1)</script>`
	v := &report.View{Meta: report.Meta{
		Title: "Nim " + hostile, Date: modTime, Authors: []string{"Ada", "Bob " + hostile},
		Summary: "Heaps " + hostile, Image: "nim_files/ab c.png",
	}}
	tests := []struct {
		name string
		page func() ([]byte, error)
		want []string
		not  []string
	}{
		{
			name: "page with site URL",
			page: func() ([]byte, error) {
				return Render(v, Options{URL: "https://example.org/g/nim.html", Stylesheet: "assets/site.css"})
			},
			want: []string{
				`<meta name="description" content="Heaps &#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">`,
				`<meta name="author" content="Ada, Bob &#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">`,
				`<meta property="og:title" content="Nim &#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">`,
				`<meta property="og:type" content="article">`,
				`<meta property="og:url" content="https://example.org/g/nim.html">`,
				`<link rel="canonical" href="https://example.org/g/nim.html">`,
				`<meta property="og:image" content="https://example.org/g/nim_files/ab%20c.png">`,
				"</style>\n<link rel=\"stylesheet\" href=\"assets/site.css\">\n</head>",
				`<span class="author">Ada, Bob &#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</span>`,
			},
			not: []string{"application/atom+xml"},
		},
		{
			name: "page without site URL",
			page: func() ([]byte, error) { return Render(v, Options{}) },
			want: []string{`<meta property="og:image" content="nim_files/ab%20c.png">`},
			not:  []string{"og:url", "canonical", `rel="stylesheet"`},
		},
		{
			name: "index",
			page: func() ([]byte, error) {
				return Index("Games "+hostile, []Entry{{URL: "nim.html", Meta: v.Meta}}, Options{
					URL: "https://example.org/g/", Feed: "feed.xml", Description: "All " + hostile, Authors: []string{"Ada"},
					Stylesheet: "assets/site.css",
				})
			},
			want: []string{
				`<meta name="description" content="All &#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">`,
				`<meta property="og:type" content="website">`,
				`<meta property="og:url" content="https://example.org/g/">`,
				`<link rel="alternate" type="application/atom+xml" title="Games &#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" href="feed.xml">`,
				`<link rel="stylesheet" href="assets/site.css">`,
			},
			not: []string{"og:image"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			page, err := tt.page()
			if err != nil {
				t.Fatal(err)
			}
			// The page's own links are the site's; nothing else in it
			// loads or runs, and each value reads back as it was.
			doc, err := html.Parse(bytes.NewReader(page))
			if err != nil {
				t.Fatal(err)
			}
			for n := range doc.Descendants() {
				if n.Type != html.ElementNode {
					continue
				}
				if n.Data == "script" {
					t.Error("a script element")
				}
				for _, a := range n.Attr {
					if strings.HasPrefix(a.Key, "on") {
						t.Errorf("handler %s on <%s>", a.Key, n.Data)
					}
					if a.Key == "content" && strings.Contains(a.Val, "script") && !strings.HasSuffix(a.Val, hostile) {
						t.Errorf("content %q does not end in the text as written", a.Val)
					}
				}
			}
			h := headOnly(page)
			for _, w := range tt.want {
				if !strings.Contains(string(page), w) {
					t.Errorf("no %s in\n%s", w, h)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(h, n) {
					t.Errorf("%s in\n%s", n, h)
				}
			}
		})
	}
}
