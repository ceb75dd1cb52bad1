package authoring

import (
	"bytes"
	"html"
	"strings"

	"github.com/grundylab/grundy/pkg/report/sanitize"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/util"
)

// KindImageFigure is the kind of an ImageFigure node.
var KindImageFigure = ast.NewNodeKind("ImageFigure")

// An ImageFigure is Quarto's (Pandoc's) Markdown figure: an image alone
// in its paragraph with attributes after it, "![The fish](fish.png)
// {#fig-fish fig-alt="A fish" width=50%}". Its caption is the image's
// text; an id starting "fig-" numbers it with the document's other
// figures. Its children are the image, whose text is its alternative
// text, and the caption, a FigureCaption.
type ImageFigure struct {
	ast.BaseBlock
	label   string
	number  string
	alt     string
	width   string
	classes []string
	start   int // the paragraph in the source
	stop    int
	caption *FigureCaption
	image   *ast.Image
	// sub is set for a subfloat of a Float, lettered in its caption.
	sub
}

// Kind returns KindImageFigure.
func (*ImageFigure) Kind() ast.NodeKind { return KindImageFigure }

// Dump writes the node for debugging.
func (n *ImageFigure) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Label": n.label, "Number": n.number, "Alt": n.alt}, nil)
}

// Counter returns "figure" for a figure labelled "fig-…", as Quarto
// numbers only those, or lettered as a subfigure of a MyST {figure}, and
// "" for another.
func (n *ImageFigure) Counter() string {
	if strings.HasPrefix(n.label, "fig-") || n.letter != "" {
		return CounterFigure
	}
	return ""
}

// Label returns the figure's id, "" for none.
func (n *ImageFigure) Label() string { return n.label }

// SetNumber records the figure's number.
func (n *ImageFigure) SetNumber(number string) { n.number = number }

// Span returns the paragraph's range in the source.
func (n *ImageFigure) Span() (start, stop int) { return n.start, n.stop }

// WritePost writes the figure as its anchor and image, with its
// alternative text, in one paragraph, then its caption, "*Figure 1:*"
// and the caption's text as written; the attributes no blog reads are
// left out.
func (n *ImageFigure) WritePost(w *strings.Builder, source []byte, body func(start, stop int)) {
	if n.label != "" {
		w.WriteString(`<a id="` + html.EscapeString(n.label) + `"></a>`)
	}
	dest := strings.NewReplacer("(", "%28", ")", "%29").Replace(string(util.URLEscape(n.image.Destination, true)))
	if n.width != "" && sanitize.SafeLink(dest) {
		// Markdown's image has no size; Hugo and Jekyll keep an <img>.
		w.WriteString(`<img src="` + html.EscapeString(dest) + `" alt="` + html.EscapeString(strings.Join(strings.Fields(n.alt), " ")) + `"` + sizeAttribute("width", n.width) + ">")
	} else {
		w.WriteString("![" + altEscaper.Replace(n.alt) + "](" + dest + ")")
	}
	c := n.caption
	if n.number == "" && c.start >= c.stop {
		return
	}
	w.WriteString("\n\n")
	lead := captionNumber(CounterFigure, n.number, n.letter)
	switch {
	case lead != "" && c.start < c.stop && n.letter == "":
		w.WriteString("*" + lead + ":* ")
	case lead != "" && c.start < c.stop:
		w.WriteString("*" + lead + "* ")
	case lead != "":
		w.WriteString("*" + lead + "*")
	}
	if c.start < c.stop {
		body(c.start, c.stop)
	}
}

// KindFigureCaption is the kind of a FigureCaption node.
var KindFigureCaption = ast.NewNodeKind("FigureCaption")

// A FigureCaption is an ImageFigure's caption: the image's text.
type FigureCaption struct {
	ast.BaseBlock
	figure      *ImageFigure
	start, stop int // the text in the source
}

// Kind returns KindFigureCaption.
func (*FigureCaption) Kind() ast.NodeKind { return KindFigureCaption }

// Dump writes the node for debugging.
func (n *FigureCaption) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

// imageFigure makes a paragraph that holds an image and attributes
// after it, and nothing else, an ImageFigure, reporting whether it did.
func imageFigure(p *ast.Paragraph, source []byte) bool {
	img, ok := p.FirstChild().(*ast.Image)
	if !ok || img.NextSibling() == nil || p.Lines().Len() == 0 {
		return false
	}
	// The attributes are read from the source: a quoted value may hold
	// what the inline parsers took for HTML or a reference.
	attrs := -1
	switch c := img.NextSibling().(type) {
	case *ast.Text:
		attrs = c.Segment.Start
	case *ast.RawHTML:
		if c.Segments.Len() > 0 {
			attrs = c.Segments.At(0).Start
		}
	}
	lines := p.Lines()
	stop := lines.At(lines.Len() - 1).Stop
	if attrs < 0 || attrs >= stop || stop > len(source) {
		return false
	}
	s := bytes.TrimRight(bytes.ReplaceAll(source[attrs:stop], []byte("\n"), []byte(" ")), " \t\r")
	if len(s) < 2 || s[0] != '{' || attributesEnd(s) != len(s)-1 {
		return false
	}
	a := parseAttributes(s[1:len(s)-1], -1)
	fig := &ImageFigure{start: lines.At(0).Start, stop: stop, image: img}
	for fig.stop > fig.start && (source[fig.stop-1] == '\n' || source[fig.stop-1] == '\r') {
		fig.stop--
	}
	if validLabel(a.id) {
		fig.label = a.id
	}
	for _, c := range a.classes {
		if validClass(c) {
			fig.classes = append(fig.classes, c)
		}
	}
	if w := a.value("width"); widthForm.MatchString(w) {
		fig.width = w
	}
	if al := a.value("fig-align"); al == "left" || al == "center" || al == "right" {
		fig.classes = append(fig.classes, "figure-"+al)
	}
	caption := &FigureCaption{figure: fig}
	if last := lastText(img); bytes.HasPrefix(source[fig.start:], []byte("![")) && last >= fig.start+2 && last <= attrs {
		if end := bytes.Index(source[last:attrs], []byte("](")); end >= 0 {
			caption.start, caption.stop = fig.start+2, last+end
		}
	}
	for c := img.FirstChild(); c != nil; {
		next := c.NextSibling()
		caption.AppendChild(caption, c)
		c = next
	}
	fig.alt = a.value("fig-alt")
	if fig.alt == "" {
		fig.alt = plainText(caption, source)
	}
	img.AppendChild(img, ast.NewString([]byte(fig.alt)))
	fig.caption = caption
	parent := p.Parent()
	parent.ReplaceChild(parent, p, fig)
	fig.AppendChild(fig, img)
	fig.AppendChild(fig, caption)
	return true
}

// lastText returns where the last text inside n ends in the source, or
// where n starts: the image's text ends at the first "](" after it.
func lastText(n *ast.Image) int {
	last := n.Pos()
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			last = max(last, t.Segment.Stop)
		}
		return ast.WalkContinue, nil
	})
	return last
}

// imageFigureHTML writes an ImageFigure's start and end tags; the image
// between them is the page's to write.
func imageFigureHTML(w util.BufWriter, n *ImageFigure, entering bool) {
	if !entering {
		w.WriteString("</figure>\n")
		return
	}
	openWith(w, "figure", n.label, sizeStyle(n.width, ""), append([]string{"figure"}, n.classes...)...)
	w.WriteString("\n")
}

// figureCaptionHTML writes a FigureCaption's tags and number.
func figureCaptionHTML(w util.BufWriter, n *FigureCaption, entering bool) {
	if !entering {
		w.WriteString("</figcaption>\n")
		return
	}
	w.WriteString("\n<figcaption>")
	if lead := captionNumber(CounterFigure, n.figure.number, n.figure.letter); lead != "" {
		w.WriteString(`<span class="caption-number">` + html.EscapeString(lead))
		if n.HasChildren() && n.figure.letter == "" {
			w.WriteString(":")
		}
		w.WriteString("</span> ")
	}
}
