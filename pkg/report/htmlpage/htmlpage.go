package htmlpage

import (
	"bytes"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"html"
	"html/template"
	"net/url"
	"strings"
	"sync"

	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/styles"
	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/markdown"
	"github.com/grundylab/grundy/pkg/report/mathml"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/sanitize"
	"github.com/yuin/goldmark"
	highlighting "github.com/yuin/goldmark-highlighting/v2"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	gmhtml "github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
	"go.abhg.dev/goldmark/anchor"
	"go.abhg.dev/goldmark/toc"
)

// ErrOutput is wrapped by Convert's errors for outputs that cannot be
// shown, such as an image that is not valid base64.
var ErrOutput = errors.New("bad output")

// Options control Convert and Index.
type Options struct {
	// Trust keeps raw HTML and HTML outputs as they are instead of
	// sanitising them.
	Trust bool
	// MathFont is the URL of the Latin Modern Math font relative to the
	// page, as "assets/latinmodern-math.otf"; empty leaves math to the
	// fonts installed on the reader's machine.
	MathFont string
	// Home is the URL of the site index, linked from the top of a page;
	// empty for no link.
	Home string
}

//go:embed style.css
var baseCSS string

// css returns the page style: the base style and chroma's classes for a
// light and a dark theme.
var css = sync.OnceValue(func() string {
	var b strings.Builder
	b.WriteString(baseCSS)
	f := chromahtml.New(chromahtml.WithClasses(true))
	// Each theme in its own media query, so that no rule of the light one
	// (a dark colour for names, say) is left over in the dark one.
	b.WriteString("@media not (prefers-color-scheme: dark) {\n")
	if err := f.WriteCSS(&b, styles.Get("github")); err != nil {
		panic(err) // writing to a strings.Builder cannot fail
	}
	b.WriteString("}\n@media (prefers-color-scheme: dark) {\n")
	if err := f.WriteCSS(&b, styles.Get("github-dark")); err != nil {
		panic(err)
	}
	b.WriteString("}\n")
	return b.String()
})

// A page collects the rendered cells of one notebook.
type page struct {
	opts Options
	md   goldmark.Markdown
	ids  *headingIDs
	toc  toc.Items
	// title is the page title, until a level-1 heading with that text has
	// been dropped from the body (the header shows it).
	title string
}

func newPage(opts Options) *page {
	p := &page{opts: opts, ids: newHeadingIDs()}
	var rendererOpts []renderer.Option
	if opts.Trust {
		rendererOpts = append(rendererOpts, gmhtml.WithUnsafe())
	} else {
		rendererOpts = append(rendererOpts, renderer.WithNodeRenderers(util.Prioritized(sanitizedHTML{}, 100)))
	}
	p.md = goldmark.New(
		goldmark.WithExtensions(
			extension.GFM, extension.Footnote,
			&mathml.Extender{Converter: mathml.New()},
			highlighting.NewHighlighting(highlighting.WithFormatOptions(chromahtml.WithClasses(true))),
			&anchor.Extender{Texter: anchor.Text("#"), Attributer: anchor.Attributes{"class": "anchor"}},
		),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
		goldmark.WithRendererOptions(rendererOpts...),
	)
	return p
}

// markdown renders Markdown text, adding its headings to the contents.
func (p *page) markdown(src string) (string, error) {
	source := []byte(src)
	doc := p.md.Parser().Parse(text.NewReader(source), parser.WithContext(parser.NewContext(parser.WithIDs(p.ids))))
	t, err := toc.Inspect(doc, source, toc.MinDepth(2), toc.MaxDepth(3))
	if err != nil {
		return "", err
	}
	p.toc = mergeTOC(p.toc, t.Items)
	p.dropTitle(doc, source)
	var b bytes.Buffer
	if err := p.md.Renderer().Render(&b, source, doc); err != nil {
		return "", err
	}
	return b.String(), nil
}

// dropTitle removes the first level-1 heading of the page if its text is
// the page title, which the page header shows.
func (p *page) dropTitle(doc ast.Node, source []byte) {
	if p.title == "" {
		return
	}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok && h.Level == 1 {
			if strings.TrimSpace(plainText(h, source)) == strings.TrimSpace(p.title) {
				doc.RemoveChild(doc, h)
			}
			p.title = ""
			return
		}
	}
}

// plainText returns the text of a node's descendants.
func plainText(n ast.Node, source []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			switch n := n.(type) {
			case *ast.Text:
				b.Write(n.Segment.Value(source))
			case *ast.String:
				b.Write(n.Value)
			}
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// mergeTOC appends the items of one cell's contents to the page's. A cell
// whose first heading is deeper than the previous cell's gives an item
// with no title; its children belong under the previous item.
func mergeTOC(dst, src toc.Items) toc.Items {
	for _, it := range src {
		if len(it.Title) == 0 && len(it.ID) == 0 && len(dst) > 0 {
			last := dst[len(dst)-1]
			last.Items = mergeTOC(last.Items, it.Items)
			continue
		}
		dst = append(dst, it)
	}
	return dst
}

// Convert writes the notebook as a self-contained HTML page. Errors name
// the cell (counted from 1) and output.
func Convert(nb *notebook.Notebook, meta report.Meta, opts Options) ([]byte, error) {
	p := newPage(opts)
	p.title = meta.Title
	var body strings.Builder
	for i, c := range nb.Cells {
		if err := p.cell(&body, i+1, c); err != nil {
			return nil, fmt.Errorf("cell %d: %w", i+1, err)
		}
	}
	var contents string
	items := p.toc
	for len(items) == 1 && len(items[0].Title) == 0 {
		items = items[0].Items // levels above the first heading shown
	}
	if countItems(items) >= 2 {
		node := toc.RenderList(&toc.TOC{Items: items})
		var b bytes.Buffer
		if err := p.md.Renderer().Render(&b, nil, node); err != nil {
			return nil, err
		}
		contents = b.String()
	}
	var b bytes.Buffer
	err := pageTemplate.Execute(&b, pageData{
		Title:    meta.Title,
		Meta:     meta,
		Date:     meta.Date.Format("2006-01-02"),
		Contents: template.HTML(contents),
		Body:     template.HTML(body.String()),
		CSS:      template.CSS(css()),
		FontFace: fontFace(opts.MathFont),
		Home:     opts.Home,
	})
	if err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func countItems(items toc.Items) int {
	n := 0
	for _, it := range items {
		if len(it.Title) > 0 {
			n++
		}
		n += countItems(it.Items)
	}
	return n
}

// fontFace returns the CSS that loads the math font from url, or nothing.
func fontFace(url string) template.CSS {
	if url == "" {
		return ""
	}
	return template.CSS(fmt.Sprintf("@font-face { font-family: \"Latin Modern Math\"; src: url(%q) format(\"opentype\"); font-display: block; }\n", url))
}

func (p *page) cell(w *strings.Builder, n int, c *notebook.Cell) error {
	source, outputs := report.Shown(c)
	if !source && !outputs {
		return nil
	}
	switch c.Type {
	case notebook.Markdown:
		out, err := p.markdown(withAttachments(c))
		if err != nil {
			return err
		}
		w.WriteString(`<div class="cell markdown">` + "\n" + out + "</div>\n")
	case notebook.Raw:
		switch report.RawFormat(c) {
		case "text/markdown":
			out, err := p.markdown(c.Source)
			if err != nil {
				return err
			}
			w.WriteString(`<div class="cell raw">` + "\n" + out + "</div>\n")
		case "text/html":
			w.WriteString(`<div class="cell raw">` + "\n" + p.html(c.Source) + "\n</div>\n")
		}
	case notebook.Code:
		w.WriteString(`<div class="cell code">` + "\n")
		if source && strings.TrimSpace(c.Source) != "" {
			out, err := p.markdown(markdown.Fenced("go", c.Source))
			if err != nil {
				return err
			}
			w.WriteString(out)
		}
		if outputs {
			for i, o := range report.Outputs(c) {
				if err := p.output(w, o); err != nil {
					return fmt.Errorf("output %d: %w", i+1, err)
				}
			}
		}
		w.WriteString("</div>\n")
	}
	return nil
}

// html returns HTML from the notebook, sanitised unless trusted.
func (p *page) html(s string) string {
	if p.opts.Trust {
		return s
	}
	return sanitize.HTML(s)
}

// mimeOrder is the order in which a rich output's representations are
// preferred on a page, as nbconvert's HTML exporter prefers them.
var mimeOrder = []string{
	"text/html", "text/markdown", "image/svg+xml", "image/png", "image/jpeg", "image/gif",
	"text/latex", "application/json", "text/plain",
}

func pre(class, s string) string {
	return `<pre class="output ` + class + `">` + html.EscapeString(strings.TrimRight(s, "\n")) + "</pre>\n"
}

func (p *page) output(w *strings.Builder, o *notebook.Output) error {
	switch o.Type {
	case notebook.Stream:
		w.WriteString(pre("stream "+html.EscapeString(o.Name), o.Text))
	case notebook.ErrorOutput:
		w.WriteString(pre("error", report.ErrorText(o)))
	case notebook.DisplayData, notebook.ExecuteResult:
		mime := report.Preferred(o.Data, mimeOrder)
		value, _ := o.Data.Text(mime)
		switch mime {
		case "":
		case "text/html":
			class := "html"
			if markdown.SVGOnly.MatchString(value) {
				class = "image"
			}
			w.WriteString(`<div class="output ` + class + `">` + p.html(value) + "</div>\n")
		case "text/markdown", "text/latex":
			out, err := p.markdown(value)
			if err != nil {
				return err
			}
			w.WriteString(`<div class="output markdown">` + "\n" + out + "</div>\n")
		case "image/svg+xml":
			w.WriteString(`<div class="output image">` + p.html(value) + "</div>\n")
		case "image/png", "image/jpeg", "image/gif":
			data, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(value), ""))
			if err != nil {
				return fmt.Errorf("%w: %s is not base64: %v", ErrOutput, mime, err)
			}
			alt := "output"
			if plain, ok := o.Data.Text("text/plain"); ok {
				alt = plain
			}
			fmt.Fprintf(w, `<div class="output image"><img src="data:%s;base64,%s" alt="%s"></div>`+"\n",
				mime, base64.StdEncoding.EncodeToString(data), html.EscapeString(alt))
		case "application/json":
			w.WriteString(pre("json", value))
		default:
			w.WriteString(pre("text", value))
		}
	}
	return nil
}

// withAttachments returns a markdown cell's source with attachment: links
// replaced by data: URIs.
func withAttachments(c *notebook.Cell) string {
	src := c.Source
	for name, bundle := range c.Attachments {
		for _, mime := range []string{"image/png", "image/jpeg", "image/gif", "image/webp"} {
			if value, ok := bundle.Text(mime); ok {
				data := strings.Join(strings.Fields(value), "")
				src = strings.ReplaceAll(src, "(attachment:"+name, "(data:"+mime+";base64,"+data)
				break
			}
		}
	}
	return src
}

// sanitizedHTML renders raw HTML in Markdown through package sanitize, and
// images from the web as links, so that an untrusted page loads nothing.
type sanitizedHTML struct{}

// remote reports whether a browser would fetch dest from the network:
// anything with a scheme or a host but an inline image.
func remote(dest string) bool {
	d := strings.ToLower(strings.TrimSpace(dest))
	if strings.HasPrefix(d, "data:image/") {
		return false
	}
	u, err := url.Parse(d)
	return err != nil || u.Scheme != "" || u.Host != "" || strings.HasPrefix(d, "//") || strings.HasPrefix(d, `\\`)
}

func (sanitizedHTML) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindImage, func(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		n := node.(*ast.Image)
		dest := util.EscapeHTML(util.URLEscape(n.Destination, true))
		alt := util.EscapeHTML([]byte(plainText(n, source)))
		switch {
		case !remote(string(n.Destination)):
			w.WriteString(`<img src="` + string(dest) + `" alt="` + string(alt) + `">`)
		case gmhtml.IsDangerousURL(n.Destination):
			w.WriteString(`<span class="remote-image">` + string(alt) + `</span>`)
		default:
			if len(alt) == 0 {
				alt = dest
			}
			w.WriteString(`<a class="remote-image" href="` + string(dest) + `">` + string(alt) + `</a>`)
		}
		return ast.WalkSkipChildren, nil
	})
	reg.Register(ast.KindHTMLBlock, func(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		n := node.(*ast.HTMLBlock)
		var b bytes.Buffer
		for i := range n.Lines().Len() {
			seg := n.Lines().At(i)
			b.Write(seg.Value(source))
		}
		if n.HasClosure() {
			b.Write(n.ClosureLine.Value(source))
		}
		w.WriteString(sanitize.HTML(b.String()))
		return ast.WalkContinue, nil
	})
	reg.Register(ast.KindRawHTML, func(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkSkipChildren, nil
		}
		n := node.(*ast.RawHTML)
		var b bytes.Buffer
		for i := range n.Segments.Len() {
			seg := n.Segments.At(i)
			b.Write(seg.Value(source))
		}
		w.WriteString(sanitize.HTML(b.String()))
		return ast.WalkSkipChildren, nil
	})
}
