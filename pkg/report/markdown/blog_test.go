package markdown

import (
	"bytes"
	"strings"
	"testing"

	"github.com/gohugoio/hugo-goldmark-extensions/passthrough"
	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/htmlpage"
	"github.com/grundylab/grundy/pkg/report/internal/hostile"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	gmhtml "github.com/yuin/goldmark/renderer/html"
	xhtml "golang.org/x/net/html"
)

// blogs are the ways a blog turns a post into HTML, raw HTML allowed:
// Hugo's goldmark without and with math passed through, reading the body
// after the front matter, and the same for a renderer that does not know
// front matter and reads the whole file.
var blogs = []struct {
	name      string
	md        goldmark.Markdown
	wholeFile bool
}{
	{"hugo", blogMarkdown(), false},
	{"hugo with math", blogMarkdown(passthrough.New(blogMath)), false},
	{"whole file", blogMarkdown(), true},
	{"whole file with math", blogMarkdown(passthrough.New(blogMath)), true},
}

func blogMarkdown(ext ...goldmark.Extender) goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(append([]goldmark.Extender{extension.GFM, extension.Footnote, extension.DefinitionList, extension.Typographer}, ext...)...),
		goldmark.WithParserOptions(parser.WithAttribute(), parser.WithAutoHeadingID()),
		goldmark.WithRendererOptions(gmhtml.WithUnsafe()),
	)
}

// unsafeMarkdown reads Markdown as a blog's CommonMark engine with raw
// HTML allowed and no math support does: goldmark with GitHub's
// extensions, unsafe.
var unsafeMarkdown = goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(gmhtml.WithUnsafe()))

// unsafePage converts Markdown with unsafeMarkdown and parses the page as
// a browser does. It returns the tree and the page, for messages.
func unsafePage(t testing.TB, md []byte) (*xhtml.Node, string) {
	t.Helper()
	var page bytes.Buffer
	if err := unsafeMarkdown.Convert(md, &page); err != nil {
		t.Fatal(err)
	}
	doc, err := xhtml.Parse(bytes.NewReader(page.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	return doc, page.String()
}

// blogHTML converts a post as each of blogs does, by name.
func blogHTML(t testing.TB, post []byte) map[string][]byte {
	t.Helper()
	_, body, ok := bytes.Cut(post, []byte("\n---\n"))
	if !ok {
		t.Fatalf("post without front matter:\n%s", post)
	}
	out := map[string][]byte{}
	for _, b := range blogs {
		src := body
		if b.wholeFile {
			src = post
		}
		var buf bytes.Buffer
		if err := b.md.Convert(src, &buf); err != nil {
			t.Fatalf("%s: %v", b.name, err)
		}
		out[b.name] = buf.Bytes()
	}
	return out
}

// hostileView returns the view of an attack, untrusted.
func hostileView(t testing.TB, c hostile.Case) *report.View {
	t.Helper()
	v, err := report.NewView(c.Notebook(), report.ViewOptions{Name: "post", ModTime: modTime})
	if err != nil {
		t.Fatalf("%s: %v", c.Class, err)
	}
	return v
}

// TestPostAttacks renders each attack's post and converts it as each blog
// does: nothing in the HTML runs script or loads from elsewhere; nor in
// the page.
func TestPostAttacks(t *testing.T) {
	for _, c := range hostile.Cases() {
		v := hostileView(t, c)
		post := Render(v)
		for blog, doc := range blogHTML(t, post.Text) {
			for _, p := range hostile.Check(doc) {
				t.Errorf("%s, %s: %s\npost:\n%s", c.Class, blog, p, post.Text)
			}
		}
		page, err := htmlpage.Render(v, htmlpage.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range hostile.Check(page) {
			t.Errorf("%s, page: %s", c.Class, p)
		}
	}
}

// TestCheckSeesAttacks: in each class, some attack converted as it is
// written, with no cleaning, fails hostile.Check, so that TestPostAttacks
// can fail. (Some escapes are harmless to goldmark and dangerous to other
// renderers; attachments are harmful only as the writers name them; Hugo's
// shortcodes only to Hugo, Liquid only to Jekyll and MathJax's commands
// only once MathJax has run, see TestHugoPosts, TestJekyllPosts and
// TestBrowserPosts.)
func TestCheckSeesAttacks(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range hostile.Cases() {
		var src strings.Builder
		for _, md := range c.Markdown {
			src.WriteString(md + "\n\n")
		}
		for _, o := range c.Outputs {
			src.WriteString(o.Data + "\n\n")
		}
		src.WriteString(c.Title)
		seen[c.Class] = seen[c.Class] || c.Class == "attachments named as URLs" ||
			strings.HasPrefix(c.Class, "Hugo") || strings.HasPrefix(c.Class, "Liquid") || strings.HasPrefix(c.Class, "MathJax")
		for _, b := range blogs {
			var buf bytes.Buffer
			if err := b.md.Convert([]byte(src.String()), &buf); err != nil {
				t.Fatal(err)
			}
			seen[c.Class] = seen[c.Class] || len(hostile.Check(buf.Bytes())) > 0
		}
	}
	for class, ok := range seen {
		if !ok {
			t.Errorf("%s: no blog's HTML of the raw attacks fails the check", class)
		}
	}
}
