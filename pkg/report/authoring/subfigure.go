package authoring

import (
	"bytes"
	"html"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/util"
)

// MyST's subfigures, as mystmd 1.8.3 reads them (checked with myst build
// --jats, TestMystSubfigures): the images in a {figure}'s body, each an
// image alone in its paragraph, an {image} or a {figure}, follow the
// figure's own image, if it has one, and when there are two or more in
// all they are its subfigures, lettered (a), (b)... in order, a
// reference to one reading "Figure 2a"; a {figure} inside another takes
// no number of its own. A figure with no image of its own and one in its
// body shows that one as its image, a reference to a target before it
// reading "Image". A subfigure with no label of its own is named by
// the figure's label and its letter, "fig-x-a", as mystmd names it; the
// images may stand one a line in one paragraph. The rest of the body is
// the figure's caption.

// subfigures gathers the images of a MyST {figure}'s body into a
// FloatBody, its first child, and letters them when they are its
// subfigures.
func subfigures(f *Figure, source []byte) {
	if f.Image || f.Eval != "" || !f.myst {
		return
	}
	for c := f.FirstChild(); c != nil; c = c.NextSibling() {
		if p, ok := c.(*ast.Paragraph); ok {
			c = splitImageLines(f, p, source)
		}
	}
	var items []ast.Node
	for c := f.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *Figure:
			if c.Eval == "" {
				items = append(items, c)
			}
		case *ImageFigure:
			items = append(items, c)
		case *ast.Paragraph:
			if bareImage(c) != nil {
				items = append(items, c)
			}
		}
	}
	if len(items) == 0 {
		return
	}
	lettered := len(items) > 1 || f.Src != ""
	body := &FloatBody{}
	k := 0
	if f.Src != "" {
		k = 1 // the figure's own image is (a)
	}
	f.owner.joined = true
	for _, it := range items {
		t, targeted := it.PreviousSibling().(*TargetNode)
		if targeted {
			f.RemoveChild(f, t)
			body.AppendChild(body, t)
		}
		f.RemoveChild(f, it)
		if p, ok := it.(*ast.Paragraph); ok {
			it = paragraphFigure(p, bareImage(p), source, !lettered)
		}
		body.AppendChild(body, it)
		f.captionStart = max(f.captionStart, stopOf(it))
		if !lettered {
			continue
		}
		k++
		s := it.(interface{ subOf() *sub }).subOf()
		s.parent, s.letter = &f.owner, Letter(k)
		if fig, ok := it.(*Figure); ok && !targeted && fig.label == "" && f.label != "" {
			// mystmd's implicit label: the figure's, with the letter.
			fig.label = f.label + "-" + s.letter
		}
	}
	f.subs = lettered
	for f.captionStart < f.bodyStop && bytes.IndexByte([]byte(" \t\r\n"), source[f.captionStart]) >= 0 {
		f.captionStart++
	}
	f.InsertBefore(f, f.FirstChild(), body)
}

// splitImageLines replaces a paragraph of images, one a line, by a
// paragraph for each, as mystmd reads each as an image of its own (its
// figures guide writes two subfigures so); it returns the last node put
// in the paragraph's place, the paragraph itself if it is not one.
func splitImageLines(f *Figure, p *ast.Paragraph, source []byte) ast.Node {
	var imgs []*ast.Image
	for c := p.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Image:
			imgs = append(imgs, c)
		case *ast.Text:
			if len(bytes.TrimSpace(c.Segment.Value(source))) > 0 {
				return p
			}
		default:
			return p
		}
	}
	// A line holds no image only if it is blank, which ends a paragraph:
	// as many images as lines is one a line.
	lines := p.Lines()
	if len(imgs) < 2 || len(imgs) != lines.Len() {
		return p
	}
	var last ast.Node = p
	for i, img := range imgs {
		np := ast.NewParagraph()
		np.Lines().Append(lines.At(i))
		p.RemoveChild(p, img)
		np.AppendChild(np, img)
		f.InsertAfter(f, last, np)
		last = np
	}
	f.RemoveChild(f, p)
	return last
}

// subOf returns what a subfloat knows of the float it is in.
func (s *sub) subOf() *sub { return s }

// stopOf returns where an image of a figure's body ends in the source.
func stopOf(n ast.Node) int {
	if p, ok := n.(PostNode); ok {
		_, stop := p.Span()
		return stop
	}
	return 0
}

// bareImage returns the image a paragraph holds alone, or nil.
func bareImage(p *ast.Paragraph) *ast.Image {
	img, ok := p.FirstChild().(*ast.Image)
	if !ok || img.NextSibling() != nil || p.Lines().Len() == 0 {
		return nil
	}
	return img
}

// paragraphFigure makes a paragraph that holds an image alone, in a
// {figure}'s body, a Figure of its own: its caption the image's text, or
// with image set an {image}, uncaptioned.
func paragraphFigure(p *ast.Paragraph, img *ast.Image, source []byte, image bool) *Figure {
	fig := &Figure{Image: image}
	fig.myst = true
	if src := string(img.Destination); localPath(src) {
		fig.Src = src
	}
	lines := p.Lines()
	fig.start, fig.stop = lines.At(0).Start, lines.At(lines.Len()-1).Stop
	for fig.stop > fig.start && (source[fig.stop-1] == '\n' || source[fig.stop-1] == '\r') {
		fig.stop--
	}
	fig.Alt = plainText(img, source)
	if last := lastText(img); !image && bytes.HasPrefix(source[fig.start:], []byte("![")) && last >= fig.start+2 {
		if end := bytes.Index(source[last:fig.stop], []byte("](")); end >= 0 {
			fig.bodyStart, fig.bodyStop = fig.start+2, last+end
		}
	}
	if !image && img.HasChildren() {
		caption := ast.NewParagraph()
		moveChildren(caption, img)
		fig.AppendChild(fig, caption)
	}
	return fig
}

// body returns the FloatBody holding a figure's images, nil for none.
func (f *Figure) body() *FloatBody {
	b, _ := f.FirstChild().(*FloatBody)
	return b
}

// captioned reports whether a figure shows a caption: an {image} none,
// unless it is a subfigure.
func (f *Figure) captioned() bool {
	if f.Image && f.letter == "" {
		return false
	}
	return f.captionText() || f.number != "" || f.letter != ""
}

// captionText reports whether a figure has caption text, beside its
// images.
func (f *Figure) captionText() bool {
	n := f.ChildCount()
	if f.body() != nil {
		n--
	}
	if f.legendOf() != nil {
		n--
	}
	return n > 0
}

// figcaption writes the start of a figure's caption and its lead:
// "Figure 2:" before text, "(a)" for a subfigure.
func figcaption(w util.BufWriter, f *Figure) {
	w.WriteString("<figcaption>")
	lead := captionNumber(CounterFigure, f.number, f.letter)
	if lead == "" {
		return
	}
	w.WriteString(`<span class="caption-number">` + html.EscapeString(lead))
	if f.captionText() && f.letter == "" {
		w.WriteString(":")
	}
	w.WriteString("</span>")
	if f.captionText() {
		w.WriteString(" ")
	}
}

// ownSubfigure writes a figure's own image as its first subfigure, (a).
func ownSubfigure(w util.BufWriter, f *Figure) {
	w.WriteString(`<figure class="figure subfigure">` + "\n")
	figureImage(w, f)
	w.WriteString(`<figcaption><span class="caption-number">(a)</span></figcaption>` + "\n</figure>\n")
}

// figureImage writes a figure's image, or why it has none.
func figureImage(w util.BufWriter, f *Figure) {
	switch {
	case f.Src != "":
		w.WriteString(`<img src="` + html.EscapeString(pathURL(f.Src)) + `" alt="` + html.EscapeString(f.Alt) + `"` + classAttribute(f.ImageClasses) + sizeStyle(f.Width, f.Height) + ">\n")
	case f.Eval != "":
		w.WriteString(`<p class="figure-refused">The image`)
		if f.Alt != "" {
			w.WriteString(", “" + html.EscapeString(f.Alt) + "”,")
		}
		w.WriteString(` is the value of <code>` + html.EscapeString(f.Eval) + `</code>, which is not evaluated here.</p>` + "\n")
	default:
		w.WriteString(`<p class="figure-refused">The image is not shown: its path is not a file beside the notebook.</p>` + "\n")
	}
}

// classAttribute returns a class attribute, with a space before it, of
// validated class names, "" for none.
func classAttribute(classes []string) string {
	if len(classes) == 0 {
		return ""
	}
	return ` class="` + html.EscapeString(strings.Join(classes, " ")) + `"`
}

// KindLegend is the kind of a Legend node.
var KindLegend = ast.NewNodeKind("Legend")

// A Legend is what a MyST {figure}'s body holds after its caption: as
// docutils reads a figure, its caption is the first paragraph after the
// images and the blocks after that are its legend, shown after the
// caption, never in it (mystmd takes the first block of any kind for the
// caption).
type Legend struct {
	ast.BaseBlock
}

// Kind returns KindLegend.
func (*Legend) Kind() ast.NodeKind { return KindLegend }

// Dump writes the node for debugging.
func (l *Legend) Dump(source []byte, level int) { dump(l, source, level) }

// legend moves the blocks after a figure's caption paragraph into a
// Legend, its last child; a figure whose caption does not start with a
// paragraph, and an {image}, which has no caption, keep theirs.
func legend(f *Figure) {
	if f.Image && f.letter == "" {
		return
	}
	first := f.FirstChild()
	if b := f.body(); b != nil {
		first = b.NextSibling()
	}
	p, ok := first.(*ast.Paragraph)
	if !ok || p.NextSibling() == nil {
		return
	}
	l := &Legend{}
	for c := p.NextSibling(); c != nil; {
		next := c.NextSibling()
		f.RemoveChild(f, c)
		l.AppendChild(l, c)
		c = next
	}
	f.AppendChild(f, l)
}

// legendOf returns a figure's legend, nil for none.
func (f *Figure) legendOf() *Legend {
	l, _ := f.LastChild().(*Legend)
	return l
}
