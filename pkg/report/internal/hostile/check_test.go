package hostile

import (
	"bytes"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

func TestCheck(t *testing.T) {
	tests := []struct {
		html  string
		found bool
	}{
		{`<p>text <a href="https://go.dev">link</a> <img src="post_files/a.png"> <img src="data:image/png;base64,AA"></p>`, false},
		{`<style>@font-face { src: url("assets/f.otf") }</style><a href="#x">x</a><svg><use href="#g"/></svg>`, false},
		{`<p>javascript:alert(1) as text</p><img alt="javascript:x" src="x.png">`, false},
		{`<script>x()</script>`, true},
		{`<img src=x onerror=y()>`, true},
		{`<a href=" JaVa&#9;Script:x()">x</a>`, true},
		{`<a href="data:text/html,x">x</a>`, true},
		{`<svg><animate attributeName="href" to="javascript:x()"/></svg>`, true},
		{`<img src="http://e.example/p.png">`, true},
		{`<img src="//e.example/p.png">`, true},
		{`<img src="\\e.example/p.png">`, true},
		{`<img src="/abs.png">`, true},
		{`<img srcset="x.png 1x, https://e.example/2.png 2x">`, true},
		{`<svg><image href="https://e.example/i.png"/></svg>`, true},
		{`<svg><use xlink:href="https://e.example/s.svg#a"/></svg>`, true},
		{`<div style="background: url(https://e.example/b.png)">d</div>`, true},
		{`<style>@import "https://e.example/s.css";</style>`, true},
		{`<table background="https://e.example/t.png"></table>`, true},
		{`<iframe src="x.html"></iframe>`, true},
		{`<meta http-equiv="refresh" content="0;url=https://e.example">`, true},
		{`<a href="x" ping="https://e.example/ping">x</a>`, true},
	}
	for _, tt := range tests {
		if got := Check([]byte(tt.html)); (len(got) > 0) != tt.found {
			t.Errorf("Check(%q) = %q, want found %v", tt.html, got, tt.found)
		}
	}
}

// FuzzCheck: Check reads any text without failing, and finds a script
// element added to any document.
func FuzzCheck(f *testing.F) {
	f.Add(`<p>x</p>`)
	f.Add(`<img src=x onerror=y>`)
	f.Add(`<A`)
	f.Fuzz(func(t *testing.T, s string) {
		Check([]byte(s))
		doc, err := html.Parse(strings.NewReader(s))
		if err != nil {
			return
		}
		var body *html.Node
		for n := range doc.Descendants() {
			if n.Type == html.ElementNode && n.Data == "body" {
				body = n
			}
		}
		if body == nil {
			return
		}
		body.AppendChild(&html.Node{Type: html.ElementNode, Data: "script", DataAtom: atom.Script})
		var b bytes.Buffer
		if err := html.Render(&b, doc); err != nil {
			return
		}
		if len(Check(b.Bytes())) == 0 {
			t.Fatalf("no script found in %q", b.String())
		}
	})
}
