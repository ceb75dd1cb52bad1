package authoring

import (
	"bytes"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	goldhtml "github.com/yuin/goldmark/renderer/html"
)

// unsafeGoldmark reads a post as Hugo does with raw HTML allowed.
var unsafeGoldmark = goldmark.New(goldmark.WithRendererOptions(goldhtml.WithUnsafe()))

// TestImageSize checks the sizes of {image}, {figure} and {eval:figure}
// as docutils reads their options (:width:, :height:, :scale: of the
// image, :figwidth: of a figure), on the page as CSS and in the post as
// an <img> element's attributes, which Hugo and Jekyll keep; and the
// options of an {eval:figure} as MyST-NB gives them.
func TestImageSize(t *testing.T) {
	tests := []struct {
		name, md   string
		page, post []string // what each must hold, in order
		warning    string
	}{
		{"width", "```{image} a.png\n:alt: A\n:width: 200px\n```\n",
			[]string{`<img src="a.png" alt="A" style="width: 200px">`},
			[]string{`<img src="a.png" alt="A" width="200">`}, ""},
		{"width and height", "```{image} a.png\n:width: 50%\n:height: 120\n```\n",
			[]string{`<img src="a.png" alt="" style="width: 50%; height: 120px">`},
			[]string{`<img src="a.png" alt="" width="50%" height="120">`}, ""},
		{"height alone", "```{image} a.png\n:height: 80px\n```\n",
			[]string{`<img src="a.png" alt="" style="height: 80px">`},
			[]string{`<img src="a.png" alt="" height="80">`}, ""},
		{"scale", "```{image} a.png\n:width: 300px\n:height: 101\n:scale: 50 %\n```\n",
			[]string{`<img src="a.png" alt="" style="width: 150px; height: 50.5px">`},
			[]string{`<img src="a.png" alt="" width="150" height="51">`}, ""},
		{"scale of a percentage", "```{image} a.png\n:width: 80%\n:scale: 25\n```\n",
			[]string{`style="width: 20%"`},
			[]string{`width="20%"`}, ""},
		{"scale alone", "```{image} a.png\n:scale: 50\n```\n",
			[]string{`<img src="a.png" alt="">`},
			[]string{`![](a.png)`}, "scales the image's own size, which is not read here"},
		{"scale not a percentage", "```{image} a.png\n:width: 10\n:scale: half\n```\n",
			[]string{`style="width: 10px"`},
			[]string{`width="10"`}, `scale "half" is not a percentage`},
		{"height not in px", "```{image} a.png\n:height: 50%\n```\n",
			[]string{`<img src="a.png" alt="">`},
			[]string{`![](a.png)`}, `height "50%" is not a number of px`},
		{"figure", ":::{figure} a.png\n:width: 100\n:figwidth: 60%\n:figclass: wide\n:align: right\n:name: fig-a\nCap.\n:::\n",
			[]string{`<figure id="fig-a" class="figure wide align-right" style="width: 60%"><img src="a.png" alt="" style="width: 100px">`},
			[]string{`<a id="fig-a"></a><img src="a.png" alt="" width="100">`, "*Figure 1:* Cap."}, ""},
		{"class is the image's", ":::{figure} a.png\n:class: shadow bad\"x\n:figclass: wide\n:name: fig-c\nCap.\n:::\n\n```{image} b.png\n:class: round\n```\n",
			[]string{`<figure id="fig-c" class="figure wide"><img src="a.png" alt="" class="shadow">`, `<div class="image"><img src="b.png" alt="" class="round">`},
			[]string{`<a id="fig-c"></a><img src="a.png" alt="" class="shadow">`, "*Figure 1:* Cap.", `<img src="b.png" alt="" class="round">`}, `class "bad\"x" is not a class name`},
		{"figwidth of the image", ":::{figure} a.png\n:width: 40%\n:figwidth: image\n:::\n",
			[]string{`class="figure" style="width: 40%"><img src="a.png" alt="" style="width: 40%">`},
			[]string{`width="40%"`}, ""},
		{"eval:figure", "```{eval:figure} my_plot\n:name: fig-e\n:figwidth: 300px\n:figclass: wide\n:class: img-only\n:align: center\n:alt: A *plot*\n:width: 50%\nThe values.\n```\n",
			[]string{`<figure id="fig-e" class="figure wide align-center" style="width: 300px"><p class="figure-refused">The image, “A *plot*”, is the value of <code>my_plot</code>, which is not evaluated here.</p>`,
				`<figcaption><span class="caption-number">Figure 1:</span> <p>The values.</p>`},
			[]string{`<a id="fig-e"></a>(The image, “A \*plot\*”, is the value of an expression, which is not evaluated here.)`, "*Figure 1:* The values."},
			"the expression is not evaluated"},
		{"eval:figure's bad figwidth", "```{eval:figure} x\n:figwidth: 1px;color:red\n```\n",
			[]string{`<figure class="figure"><p class="figure-refused">`},
			[]string{"(The image is the value of an expression"}, `figwidth "1px;color:red" is not a number of px or %`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := both(t, tt.md)
			page, rest, _ := strings.Cut(out, "//- post -//\n")
			post, warns, _ := strings.Cut(rest, "\nwarning: ")
			inOrder(t, "page", page, tt.page)
			inOrder(t, "post", post, tt.post)
			if tt.warning == "" && warns != "" || !strings.Contains(warns, tt.warning) {
				t.Errorf("warnings %q, want %q", warns, tt.warning)
			}
			if strings.Contains(tt.md, "eval:figure") && strings.Contains(page, "img-only") {
				t.Errorf("an {eval:figure}'s image class is on its figure:\n%s", page)
			}
		})
	}
}

// TestImageSizeHostile checks that sizes that are not numbers reach
// neither the page nor the post, and that an alternative text is
// escaped in the post's <img>.
func TestImageSizeHostile(t *testing.T) {
	evil := `"><script>alert(1)</script>`
	for _, md := range []string{
		"```{image} a.png\n:alt: " + evil + "\n:width: 10\n:height: 1\" onload=\"alert(1)\n:scale: 1e9\n```\n",
		":::{figure} a.png\n:figwidth: 1\" onload=\"x\n:alt: " + evil + "\n:height: 5\n:::\n",
		"```{eval:figure} " + evil + "\n:alt: " + evil + "\n:figwidth: " + evil + "\n```\n",
	} {
		out := both(t, md)
		page, rest, _ := strings.Cut(out, "//- post -//\n")
		post, _, _ := strings.Cut(rest, "\nwarning: ")
		if bad := unsafeMarkup(page); bad != "" {
			t.Errorf("%q: the page holds %s:\n%s", md, bad, page)
		}
		var blog bytes.Buffer
		if err := unsafeGoldmark.Convert([]byte(post), &blog); err != nil {
			t.Fatal(err)
		}
		if bad := unsafeMarkup(blog.String()); bad != "" || strings.Contains(post, "onload") {
			t.Errorf("%q: the post, as a blog reads it, holds %s:\n%s", md, bad, blog.String())
		}
	}
}

// TestQuartoFigureWidth: Quarto's Markdown figure keeps its width in the
// post as an <img> element's, which blogs show, unless its source is not
// a safe link, which stays Markdown for the post's sanitiser to judge.
func TestQuartoFigureWidth(t *testing.T) {
	for _, tt := range []struct{ md, want string }{
		{"![Sum of *two*](s.png){#fig-sum width=50%}\n", `<a id="fig-sum"></a><img src="s.png" alt="Sum of two" width="50%">`},
		{"![A](a.png){#fig-a width=120px}\n", `<img src="a.png" alt="A" width="120">`},
		{"![x](javascript:alert(1)){#fig-x width=50%}\n", `![x](javascript:alert%281%29)`},
		{"![B](b.png){#fig-b}\n", `![B](b.png)`},
	} {
		post := postWith(t, nil, tt.md)
		if !strings.Contains(post, tt.want) {
			t.Errorf("post of %q lacks %s:\n%s", tt.md, tt.want, post)
		}
	}
}
