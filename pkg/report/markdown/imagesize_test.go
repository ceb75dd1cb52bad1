package markdown

import (
	"bytes"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/internal/hostile"
	xhtml "golang.org/x/net/html"
)

// imageSizeCell has MyST's {image} with a width, a height and a scale,
// a {figure} with a width in percent, and an {image} whose options are
// hostile.
const imageSizeCell = "```{image} fish.png\n:alt: A \"fish\"\n:width: 300px\n:height: 101\n:scale: 50%\n```\n\n" +
	":::{figure} chart.png\n:name: fig-chart\n:width: 40%\n:figwidth: 60%\nThe chart.\n:::\n\n" +
	"```{image} evil.png\n:alt: \"><script>alert(1)</script>\n:width: 7\n:height: 1\" onload=\"alert(1)\n```\n"

// quartoSizeCell has Quarto's Markdown figures with a width in percent
// and in pixels.
const quartoSizeCell = "![c](a.png){#fig-x width=50%}\n\n![d](d.png){#fig-y width=300px}\n\nSee @fig-x and @fig-y.\n"

// TestImageSizeInBlogSites builds posts that size MyST's images and
// Quarto's figures with Hugo and Jekyll themselves: each page holds
// every image with the size the notebook gave it, as <img> attributes,
// and nothing that runs script.
func TestImageSizeInBlogSites(t *testing.T) {
	for _, tt := range []struct {
		name, cell string
		post       []string
		sizes      map[string][2]string // by src: width and height
	}{
		{"myst", imageSizeCell,
			[]string{
				`<img src="fish.png" alt="A &#34;fish&#34;" width="150" height="51">`,
				`<a id="fig-chart"></a><img src="chart.png" alt="" width="40%">`,
				`<img src="evil.png" alt="&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" width="7">`,
			},
			map[string][2]string{"fish.png": {"150", "51"}, "chart.png": {"40%", ""}, "evil.png": {"7", ""}}},
		{"quarto", quartoSizeCell,
			[]string{`<a id="fig-x"></a><img src="a.png" alt="c" width="50%">`, `<a id="fig-y"></a><img src="d.png" alt="d" width="300">`},
			map[string][2]string{"a.png": {"50%", ""}, "d.png": {"300", ""}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			v, err := report.NewView(refsNotebook(tt.cell), report.ViewOptions{Name: "sized", ModTime: modTime})
			if err != nil {
				t.Fatal(err)
			}
			post := Render(v).Text
			for _, want := range tt.post {
				if !bytes.Contains(post, []byte(want)) {
					t.Errorf("post lacks %s:\n%s", want, post)
				}
			}
			for _, s := range []blogSite{hugoSite, jekyllSite} {
				t.Run(s.command, func(t *testing.T) {
					html, ok := s.html(t, map[string][]byte{"sized": post})
					if !ok {
						t.Skipf("no %s; the test runs in CI", s.command)
					}
					page := html["sized"]
					got := imageSizes(t, page)
					for src, size := range tt.sizes {
						if got[src] != size {
							t.Errorf("%s shows %s at %q, want %q:\n%s", s.title, src, got[src], size, page)
						}
					}
					for _, p := range hostile.Check(page) {
						t.Errorf("%s: %s", s.title, p)
					}
					if strings.Contains(string(page), "onload") {
						t.Errorf("%s: an onload attribute:\n%s", s.title, page)
					}
				})
			}
		})
	}
}

// imageSizes returns the width and height of each <img> in a page, by
// its src.
func imageSizes(t *testing.T, page []byte) map[string][2]string {
	t.Helper()
	doc, err := xhtml.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][2]string{}
	var walk func(n *xhtml.Node)
	walk = func(n *xhtml.Node) {
		if n.Type == xhtml.ElementNode && n.Data == "img" {
			var src string
			var size [2]string
			for _, a := range n.Attr {
				switch a.Key {
				case "src":
					src = a.Val
				case "width":
					size[0] = a.Val
				case "height":
					size[1] = a.Val
				}
			}
			out[src] = size
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return out
}
