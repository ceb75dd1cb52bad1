package htmlpage

import (
	"bytes"
	_ "embed"
	"fmt"
	"html"
	"html/template"
	"slices"
	"strings"
	"sync"
	"time"

	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/styles"
	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/authoring"
	"github.com/grundylab/grundy/pkg/report/mathml"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/plaintext"
	"github.com/grundylab/grundy/pkg/report/sanitize"
	"github.com/yuin/goldmark"
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
	// MaxOutput is the number of bytes of text an output keeps in Convert
	// (see report.ViewOptions); zero means report.DefaultMaxOutput.
	MaxOutput int
	// Warn, if set, receives what the TeX converter had to say about the
	// formulas of a cell (see mathml.Converter.TakeWarnings), and what
	// Quarto's and MyST's blocks in it could not show as written (see
	// authoring.Blocks), with the cell's number as report.Block gives it.
	Warn func(cell int, msg string)
	// Prev and Next, if set, link the pages before and after this one in
	// the site's order, at the end of the page; print leaves them out.
	Prev, Next *Link
	// Stylesheet, if set, is the URL of the site's own stylesheet
	// relative to the page, linked after the page's style so that its
	// rules win.
	Stylesheet string
	// URL, if set, is the page's absolute URL, given as its Open Graph
	// og:url and canonical link, against which its og:image is made
	// absolute.
	URL string
	// Feed, if set, is the URL of the site's Atom feed, linked from the
	// head.
	Feed string
	// Description and Authors describe the site on its index page (a
	// page is described by its own metadata).
	Description string
	Authors     []string
}

// A Link leads to another page of the site.
type Link struct {
	// URL is the page's address relative to this one, percent-encoded.
	URL string
	// Title is the page's title, plain text with its formulas as $TeX$
	// (as report.Meta has it); it is shown as Summary shows text.
	Title string
}

//go:embed style.css
var baseCSS string

//go:embed output.css
var outputCSS string

// css returns the page style: the base style and chroma's classes for a
// light and a dark theme.
var css = sync.OnceValue(func() string {
	var b strings.Builder
	b.WriteString(baseCSS)
	b.WriteString(outputCSS)
	b.WriteString(glueCSS)
	b.WriteString(refsCSS)
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
	// files are the files of the view being written, which images may
	// name; nil for the index.
	files *pageFiles
	conv  *mathml.Converter
	md    goldmark.Markdown
	// dialects read a text/markdown output in the dialect its cell names
	// (report.Block.Dialect), formulas typeset as everywhere.
	dialects map[string]goldmark.Markdown
	ids      *headingIDs
	toc      toc.Items
	// titles are the titles of the headings of the contents, by ID, as
	// inline nodes that need no source.
	titles map[string][]ast.Node
	// title is the page title, until a level-1 heading with that text has
	// been dropped from the body (the header shows it).
	title string
	// titleID and titleNumber are the dropped heading's id and its
	// number as it shows it (a book chapter's "2", an appendix's
	// "Appendix A —"), which the header takes over.
	titleID, titleNumber string
	// cell is the number of the cell being written, for warnings.
	cell int
	// highlightSpent is the time spent highlighting code (see
	// highlightTime).
	highlightSpent time.Duration
}

func newPage(opts Options, index *authoring.Index) *page {
	p := &page{opts: opts, ids: newHeadingIDs(), conv: mathml.New()}
	rendererOpts := []renderer.Option{renderer.WithNodeRenderers(util.Prioritized(&nodeRenderers{p: p}, 100))}
	if opts.Trust {
		rendererOpts = append(rendererOpts, gmhtml.WithUnsafe())
	}
	blocks := &authoring.Blocks{
		Warn: func(msg string) {
			if opts.Warn != nil {
				opts.Warn(p.cell, msg)
			}
		},
		Math: p.conv.Display,
	}
	// A heading's anchor links to the id it ends with: after authoring's
	// transformer (900), which gives a heading the label of a MyST target
	// before it, where anchor.Extender's own (100) would come first.
	headingAnchors := util.Prioritized(&anchor.Transformer{Texter: anchor.Text("#"), Attributer: anchor.Attributes{"class": "anchor"}}, 1000)
	rendererOpts = append(rendererOpts, renderer.WithNodeRenderers(util.Prioritized(&anchor.Renderer{}, 100)))
	dialect := func(exts ...goldmark.Extender) goldmark.Markdown {
		return goldmark.New(
			goldmark.WithExtensions(append(exts, &mathml.Extender{Converter: p.conv})...),
			goldmark.WithParserOptions(parser.WithAutoHeadingID(), parser.WithASTTransformers(headingAnchors)),
			goldmark.WithRendererOptions(rendererOpts...),
		)
	}
	p.md = dialect(extension.GFM, extension.Footnote, extension.DefinitionList, blocks,
		&authoring.Refs{Index: index, Converter: p.conv})
	p.dialects = map[string]goldmark.Markdown{"commonmark": dialect(), "gfm": dialect(extension.GFM)}
	return p
}

// markdown renders Markdown text, adding its headings to the contents.
func (p *page) markdown(src string) (string, error) {
	return p.markdownIn(p.md, src)
}

// markdownIn renders Markdown text as markdown does, read by md.
func (p *page) markdownIn(md goldmark.Markdown, src string) (string, error) {
	// Formulas kept whole across lines that Markdown would read as
	// blocks, as Jupyter keeps them.
	source := mathml.JoinLines([]byte(src))
	doc := md.Parser().Parse(text.NewReader(source), parser.WithContext(parser.NewContext(parser.WithIDs(p.ids))))
	if !p.opts.Trust {
		dropUnsafeLinks(doc, source)
	}
	p.keepTitles(doc, source)
	t, err := toc.Inspect(doc, source, toc.MinDepth(2), toc.MaxDepth(3))
	if err != nil {
		return "", err
	}
	p.toc = mergeTOC(p.toc, t.Items)
	p.dropTitle(doc, source)
	var b bytes.Buffer
	if err := md.Renderer().Render(&b, source, doc); err != nil {
		return "", err
	}
	return b.String(), nil
}

// dropUnsafeLinks empties the destination of each link that
// sanitize.SafeLink refuses and turns such an autolink into its text:
// goldmark's own check reads the destination as goldmark decodes it, not
// as a browser finally does.
func dropUnsafeLinks(doc ast.Node, source []byte) {
	var autolinks []*ast.AutoLink
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Link:
			if !sanitize.SafeLink(string(n.Destination)) {
				n.Destination = nil
			}
		case *ast.AutoLink:
			if !sanitize.SafeLink(string(n.URL(source))) {
				autolinks = append(autolinks, n)
			}
		}
		return ast.WalkContinue, nil
	})
	for _, n := range autolinks {
		n.Parent().ReplaceChild(n.Parent(), n, ast.NewString(slices.Clone(n.Label(source))))
	}
}

// keepTitles keeps the titles of the headings of doc, for the contents
// to show them as the headings do: with their formulas, and their text
// read as Markdown reads it (&amp; is &). The contents would show only the
// text of their source.
func (p *page) keepTitles(doc ast.Node, source []byte) {
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok {
			continue
		}
		id, ok := h.AttributeString("id")
		b, isBytes := id.([]byte)
		if !ok || !isBytes {
			continue
		}
		if p.titles == nil {
			p.titles = map[string][]ast.Node{}
		}
		p.titles[string(b)] = inlineCopy(h, source)
		// The TeX of its formulas as text, which the renderer of a
		// formula skips, so that a heading that is a formula has a
		// title in the contents: the one kept here replaces it.
		_ = ast.Walk(h, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if m, ok := n.(*mathml.Math); ok && entering && m.ChildCount() == 0 {
				m.AppendChild(m, ast.NewString(slices.Clone(m.TeX)))
			}
			return ast.WalkContinue, nil
		})
	}
}

// inlineCopy returns the text and formulas of n's inline content as nodes
// that need no source, without its anchor.
func inlineCopy(n ast.Node, source []byte) []ast.Node {
	var out []ast.Node
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			value := slices.Clone(c.Segment.Value(source))
			if c.SoftLineBreak() || c.HardLineBreak() {
				value = append(value, ' ')
			}
			out = append(out, ast.NewString(value))
		case *ast.String:
			out = append(out, ast.NewString(slices.Clone(c.Value)))
		case *mathml.Math:
			// Inline, so that a display neither takes an equation number
			// nor breaks the line of the contents.
			out = append(out, &mathml.Math{TeX: slices.Clone(c.TeX)})
		default:
			if c.Kind() != anchor.Kind {
				out = append(out, inlineCopy(c, source)...)
			}
		}
	}
	return out
}

// titlesInContents puts the kept titles into the links of the contents.
func (p *page) titlesInContents(list ast.Node) {
	if len(p.titles) == 0 {
		return
	}
	_ = ast.Walk(list, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		link, ok := n.(*ast.Link)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		if title, ok := p.titles[strings.TrimPrefix(string(link.Destination), "#")]; ok {
			link.RemoveChildren(link)
			for _, t := range title {
				link.AppendChild(link, t)
			}
		}
		return ast.WalkSkipChildren, nil
	})
}

// dropTitle removes the first level-1 heading of the page if its text is
// the page title, which the page header shows, with the heading's id (a
// link to it lands on the header) and its number.
func (p *page) dropTitle(doc ast.Node, source []byte) {
	if p.title == "" {
		return
	}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok && h.Level == 1 {
			if headingText(h, source) == strings.TrimSpace(p.title) {
				if id, ok := h.AttributeString("id"); ok {
					if id, ok := id.([]byte); ok && authoring.ValidLabel(string(id)) {
						p.titleID = string(id)
					}
				}
				if n, ok := h.FirstChild().(*authoring.SectionNumber); ok {
					p.titleNumber = n.Shown()
				}
				doc.RemoveChild(doc, h)
			}
			p.title = ""
			return
		}
	}
}

// plainText returns the text of a node's descendants, its backslash
// escapes and character references resolved.
func plainText(n ast.Node, source []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			switch n := n.(type) {
			case *ast.Text:
				b.WriteString(html.UnescapeString(string(util.UnescapePunctuations(n.Segment.Value(source)))))
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

// Convert writes the notebook as a self-contained HTML page with the
// title, date and tags of meta: it is report.NewView followed by Render.
func Convert(nb *notebook.Notebook, meta report.Meta, opts Options) ([]byte, error) {
	v, err := report.NewView(nb, report.ViewOptions{Name: "page", Trust: opts.Trust, MaxOutput: opts.MaxOutput})
	if err != nil {
		return nil, err
	}
	v.Meta = meta
	return Render(v, opts)
}

// Render writes a view as a self-contained HTML page: each block in
// order, a block of a new cell opening the cell's <div>. The view's trust
// is the page's; Options.Trust is not used.
func Render(v *report.View, opts Options) ([]byte, error) {
	opts.Trust = v.Trusted
	p := newPage(opts, v.Index)
	p.files = newPageFiles(v)
	p.title = v.Meta.Title
	var body strings.Builder
	for i := range v.Blocks {
		if id := blockID(&v.Blocks[i]); id != "" {
			p.ids.Put([]byte(id)) // a heading takes no figure's or formula's id
		}
	}
	open := false
	var prev *report.Block
	for i := range v.Blocks {
		blk := &v.Blocks[i]
		endFold(&body, prev, blk)
		if i == 0 || blk.Cell != v.Blocks[i-1].Cell {
			if open {
				body.WriteString("</div>\n")
			}
			body.WriteString(`<div class="cell ` + string(blk.CellType) + `">` + "\n")
			open = true
		}
		startFold(&body, prev, blk)
		prev = blk
		p.cell = blk.Cell
		if err := p.block(&body, blk); err != nil {
			return nil, fmt.Errorf("cell %d: %w", blk.Cell, err)
		}
		for _, w := range p.conv.TakeWarnings() {
			if opts.Warn != nil {
				opts.Warn(blk.Cell, w)
			}
		}
	}
	endFold(&body, prev, nil)
	if open {
		body.WriteString("</div>\n")
	}
	body.WriteString(authoring.ReferencesHTML(v.Index))
	var contents string
	items := p.toc
	for len(items) == 1 && len(items[0].Title) == 0 {
		items = items[0].Items // levels above the first heading shown
	}
	if countItems(items) >= 2 {
		node := toc.RenderList(&toc.TOC{Items: items})
		p.titlesInContents(node)
		var b bytes.Buffer
		if err := p.md.Renderer().Render(&b, nil, node); err != nil {
			return nil, err
		}
		contents = b.String()
	}
	var b bytes.Buffer
	err := pageTemplate.Execute(&b, pageData{
		Title:     v.Meta.Title,
		Head:      headOf(v.Meta, "article", opts),
		Heading:   Summary(v.Meta.Title),
		HeadingID: p.titleID,
		Number:    p.titleNumber,
		Meta:      v.Meta,
		Date:      v.Meta.Date.Format("2006-01-02"),
		Contents:  template.HTML(contents),
		Body:      template.HTML(body.String()),
		CSS:       template.CSS(css() + p.files.css()),
		FontFace:  fontFace(opts.MathFont),
		Home:      opts.Home,
		Prev:      pagerLink(opts.Prev),
		Next:      pagerLink(opts.Next),
		Made:      provenanceItems(v.Provenance),
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

// headingText returns a heading's text as plaintext.Of gives it,
// which is how a title made from it reads.
func headingText(h *ast.Heading, source []byte) string {
	var b bytes.Buffer
	lines := h.Lines()
	for i := range lines.Len() {
		seg := lines.At(i)
		b.Write(seg.Value(source))
	}
	return plaintext.Of(b.String())
}

// nodeRenderers render images, and raw HTML in Markdown through package
// sanitize unless the page is trusted: an image names an inline picture,
// a file of the view (which the page then holds as a data: URI), a file
// beside the page or, on a trusted page, one on the web; an untrusted
// page shows a web image as a link, so that it loads nothing. Image
// sources are judged decoded (sanitize.SafeSource), so that no escape
// such as http&colon;// hides a host.
type nodeRenderers struct {
	p *page
}

func (r *nodeRenderers) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindImage, r.image)
	reg.Register(ast.KindFencedCodeBlock, r.fencedCode)
	reg.Register(ast.KindHTMLBlock, func(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		// The formulas in the block are typeset, as Jupyter does.
		var clean func(string) string
		if !r.p.opts.Trust {
			clean = sanitize.HTML
		}
		w.WriteString(r.p.files.inlineFiles(r.p.conv.HTMLBlock(node.(*ast.HTMLBlock), source, clean)))
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
		w.WriteString(r.rawHTML(b.String()))
		return ast.WalkSkipChildren, nil
	})
}

// rawHTML returns raw HTML of Markdown as the page shows it: sanitised
// unless trusted, and images that name a file of the view (an attachment
// in an <img> tag) inline, so that the page stands alone.
func (r *nodeRenderers) rawHTML(s string) string {
	if !r.p.opts.Trust {
		s = sanitize.HTML(s)
	}
	return r.p.files.inlineFiles(s)
}

func (r *nodeRenderers) image(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.Image)
	alt := util.EscapeHTML([]byte(plainText(n, source)))
	if f := r.p.files.file(string(n.Destination)); f != nil {
		w.WriteString(`<img ` + r.p.files.src(f) + ` alt="` + string(alt) + `">`)
		return ast.WalkSkipChildren, nil
	}
	dest := util.EscapeHTML(util.URLEscape(n.Destination, true))
	raw := string(n.Destination)
	switch {
	case sanitize.SafeSource(raw) || r.p.opts.Trust && sanitize.SafeLink(raw):
		w.WriteString(`<img src="` + string(dest) + `" alt="` + string(alt) + `">`)
	case !sanitize.SafeLink(raw):
		w.WriteString(`<span class="remote-image">` + string(alt) + `</span>`)
	default:
		if len(alt) == 0 {
			alt = dest
		}
		w.WriteString(`<a class="remote-image" href="` + string(dest) + `">` + string(alt) + `</a>`)
	}
	return ast.WalkSkipChildren, nil
}
