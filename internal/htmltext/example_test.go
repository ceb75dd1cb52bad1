package htmltext_test

import (
	"fmt"
	"strings"

	"github.com/grundylab/grundy/internal/htmltext"
	"golang.org/x/net/html"
)

func ExampleText() {
	doc, err := html.Parse(strings.NewReader("<h1>Nim <em>sums</em></h1><p>g(n) &lt; 4</p>"))
	if err != nil {
		panic(err)
	}
	fmt.Println(htmltext.Text(doc))
	// Output: Nim sumsg(n) < 4
}

func ExampleRewriteTags() {
	s := `<p>A <IMG SRC="x.png"> and <img src="y.png" alt=y> as written.</p>`
	lazy := htmltext.RewriteTags(s, func(b *strings.Builder, tok html.Token, _ bool) bool {
		if tok.Data != "img" {
			return false
		}
		tok.Attr = append(tok.Attr, html.Attribute{Key: "loading", Val: "lazy"})
		b.WriteString(tok.String())
		return true
	})
	fmt.Println(lazy)
	// Output: <p>A <img src="x.png" loading="lazy"> and <img src="y.png" alt="y" loading="lazy"> as written.</p>
}
