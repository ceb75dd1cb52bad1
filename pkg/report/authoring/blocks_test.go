package authoring

import (
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/internal/golden"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
	"golang.org/x/net/html"
)

// newMarkdown returns goldmark with the extensions the page uses around
// Blocks, and the warnings Blocks gives.
func newMarkdown() (goldmark.Markdown, *[]string) {
	var warnings []string
	b := &Blocks{Warn: func(msg string) { warnings = append(warnings, msg) }}
	return goldmark.New(goldmark.WithExtensions(extension.GFM, extension.Footnote, extension.DefinitionList, b)), &warnings
}

// numberAll numbers the Numbered nodes of doc in order, each counter on
// its own, as the document's index would.
func numberAll(doc ast.Node) {
	counts := map[string]int{}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if nb, ok := n.(Numbered); ok && entering && nb.Counter() != "" {
			counts[nb.Counter()]++
			nb.SetNumber(strconv.Itoa(counts[nb.Counter()]))
		}
		return ast.WalkContinue, nil
	})
}

// both renders Markdown as the page and as the post, numbered, with the
// warnings given.
func both(t testing.TB, src string) string {
	md, warnings := newMarkdown()
	source := []byte(src)
	doc := md.Parser().Parse(text.NewReader(source))
	numberAll(doc)
	var page bytes.Buffer
	if err := md.Renderer().Render(&page, source, doc); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	out.WriteString(page.String() + "//- post -//\n" + string(PostOf(doc, source)))
	for _, w := range *warnings {
		out.WriteString("\nwarning: " + w)
	}
	if len(*warnings) > 0 {
		out.WriteString("\n")
	}
	return out.String()
}

func TestGolden(t *testing.T) {
	golden.Run(t, filepath.Join("testdata", "blocks.txt"), func(t *testing.T, input string) string {
		return both(t, input)
	})
}

// TestWarnings checks that what cannot be shown as written is reported.
func TestWarnings(t *testing.T) {
	tests := []struct {
		src  string
		want string
	}{
		{":::{frobnicate}\nx\n:::\n", "directive {frobnicate} is not known"},
		{"::: {#thm-a\"b}\nx\n:::\n", "does not open a div"},
		{"::: {#thm-a<b>}\nx\n:::\n", "is not a label"},
		{"::: {.a<b}\nx\n:::\n", "is not a class name"},
		{":::{figure} ../secret.png\n:::\n", "only a relative path"},
		{":::{figure} /etc/passwd\n:::\n", "only a relative path"},
		{":::{figure} https://example.com/x.png\n:::\n", "only a relative path"},
		{":::{figure} a.png\n:width: 10em\n:::\n", "not a number of px"},
		{"```{image} ../secret.png\n```\n", `image "../secret.png": only a relative path`},
		{"```{image} a.png\n:width: 1px;background:red\n```\n", "not a number of px"},
		{"```{image} a.png\n:align: top\n```\n", `align "top" is not left, center or right`},
		{"```{image} a.png\n:class: a\"b\n```\n", "is not a class name"},
		{"```{index} x\n:name: a b\n```\n", "is not a label"},
		{"```{image} a.png\nA body.\n```\n", "an {image} takes no body"},
		{"```{eval:figure} plot(1)\n:name: fig-e\nCap.\n```\n", `eval:figure "plot(1)": the expression is not evaluated here`},
		{":::{note}\nnever closed\n", "not closed"},
		{":::{list-table}\nplain text\n:::\n", "holds no list"},
		{":::{prf:theorem}\n:label: a b\nx\n:::\n", "is not a label"},
		{"```{note}\n---\nclass: [a\n---\nx\n```\n", "not YAML"},
		{strings.Repeat(":::{note}\n", MaxDepth+1) + "x\n", "nested deeper than 16"},
	}
	for _, tt := range tests {
		md, warnings := newMarkdown()
		var b bytes.Buffer
		if err := md.Convert([]byte(tt.src), &b); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(strings.Join(*warnings, "\n"), tt.want) {
			t.Errorf("%q: warnings %q, want one saying %q", tt.src, *warnings, tt.want)
		}
	}
}

// TestHostile checks that nothing from a hostile title, label, path or
// body reaches the page as markup.
func TestHostile(t *testing.T) {
	evil := `<script>alert(1)</script><img src=x onerror=alert(1)>"'`
	srcs := []string{
		"::: {.callout-note title=\"" + strings.ReplaceAll(evil, `"`, `&quot;`) + "\"}\nx\n:::\n",
		":::{note} " + evil + "\nx\n:::\n",
		":::{prf:theorem} " + evil + "\n:label: x\" onmouseover=\"alert(1)\nx\n:::\n",
		":::{figure} a.png\n:alt: " + evil + "\n:width: 1\" onload=\"alert(1)\n" + evil + "\n:::\n",
		":::{evil" + "}\n" + evil + "\n:::\n",
		"```{image} a.png\n:name: x\" onload=\"alert(1)\n:alt: " + evil + "\n:class: " + evil + "\n:align: " + evil + "\n```\n",
		"```{eval:figure} " + evil + "\n:name: fig-e\n" + evil + "\n```\n",
		"```{index} " + evil + "\n:name: " + evil + "\n```\n",
		":::{tab-set}\n:::{tab-item} " + evil + "\nx\n:::\n:::\n",
		"```{math}\n" + evil + "\n```\n",
		"::: {#x .y onclick=alert(1) style=\"color:red\"}\nx\n:::\n",
	}
	for _, src := range srcs {
		md, _ := newMarkdown()
		var b bytes.Buffer
		if err := md.Convert([]byte(src), &b); err != nil {
			t.Fatal(err)
		}
		if bad := unsafeMarkup(b.String()); bad != "" {
			t.Errorf("%q: the page holds %s:\n%s", src, bad, b.String())
		}
	}
}

// unsafeMarkup returns what in a page could run script or style it from
// the input: a script element, an image but the figure's own, an
// attribute starting "on", a style but a figure's size; "" for none.
func unsafeMarkup(page string) string {
	z := html.NewTokenizer(strings.NewReader(page))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return ""
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			if tok.Data == "script" || tok.Data == "iframe" || tok.Data == "object" {
				return "a " + tok.Data + " element"
			}
			for _, a := range tok.Attr {
				if strings.HasPrefix(a.Key, "on") {
					return "attribute " + a.Key
				}
				if a.Key == "style" && !((tok.Data == "img" || tok.Data == "figure") && widthStyle.MatchString(a.Val)) {
					return "style " + a.Val
				}
				if a.Key == "src" && a.Val != "a.png" {
					return "src " + a.Val
				}
			}
		}
	}
}

// widthStyle matches the style a figure or its image is given: a width,
// a height or both.
var widthStyle = regexp.MustCompile(`^(?:width: [0-9.]+(?:px|%)|height: [0-9.]+px|width: [0-9.]+(?:px|%); height: [0-9.]+px)$`)

// TestLinear checks that hostile cells cost time and output in proportion
// to their size: thousands of fences, open or nested past the limit, and
// huge titles and labels.
func TestLinear(t *testing.T) {
	huge := strings.Repeat("x", 1<<20)
	cases := map[string]string{
		"fences":   strings.Repeat(":::{note}\nx\n:::\n", 5000),
		"unclosed": strings.Repeat(":::{note}\n", 5000),
		"nested":   strings.Repeat("::::{note}\n", 5000) + strings.Repeat("::::\n", 5000),
		"bare":     strings.Repeat(":::\n", 50000),
		"title":    ":::{note} " + huge + "\nx\n:::\n",
		"label":    ":::{prf:theorem}\n:label: " + huge + "\nx\n:::\n",
		"quarto":   strings.Repeat("::: {.callout-note}\n", 5000),
		"options":  ":::{note}\n" + strings.Repeat(":class: a\n", 50000) + ":::\n",
	}
	for name, src := range cases {
		out := both(t, src)
		if len(out) > 40*len(src)+1000 {
			t.Errorf("%s: %d bytes of input give %d of output", name, len(src), len(out))
		}
	}
}

func ExamplePost() {
	src := "::: {#thm-sg name=\"Sprague–Grundy\"}\nEvery impartial game is a nim heap.\n:::\n"
	fmt.Print(string(Post([]byte(src), &Blocks{})))
	// Output:
	// <a id="thm-sg"></a>**Theorem (Sprague–Grundy).** Every impartial game is a nim heap.
}

func ExampleBlocks() {
	md := goldmark.New(goldmark.WithExtensions(&Blocks{}))
	var b bytes.Buffer
	_ = md.Convert([]byte("> [!TIP]\n> Test small cases first.\n"), &b)
	fmt.Print(b.String())
	// Output:
	// <div class="callout callout-tip">
	// <div class="callout-title">Tip</div>
	// <div class="callout-body">
	// <p>Test small cases first.</p>
	// </div>
	// </div>
}
