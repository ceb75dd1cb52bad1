package report

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

const svgNS = "http://www.w3.org/2000/svg"

// svgOnly reports whether HTML is nothing but one SVG image, perhaps in
// <div> elements and after an XML declaration and comments, as GoNB's
// DisplaySVG sends a figure, and returns the SVG as a document of its
// own. The HTML is parsed as a browser parses it, so text or markup
// around the SVG makes it HTML.
func svgOnly(s string) (string, bool) {
	if !strings.Contains(s, "<svg") && !strings.Contains(s, "<SVG") {
		return "", false
	}
	body := &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body}
	nodes, err := html.ParseFragment(strings.NewReader(s), body)
	if err != nil {
		return "", false
	}
	var svg *html.Node
	var only func(ns []*html.Node) bool
	only = func(ns []*html.Node) bool {
		for _, n := range ns {
			switch {
			case n.Type == html.CommentNode || n.Type == html.DoctypeNode:
			case n.Type == html.TextNode:
				if strings.TrimSpace(n.Data) != "" {
					return false
				}
			case n.Type == html.ElementNode && n.DataAtom == atom.Svg && n.Namespace == "svg":
				if svg != nil {
					return false
				}
				svg = n
			case n.Type == html.ElementNode && n.DataAtom == atom.Div && n.Namespace == "":
				var kids []*html.Node
				for c := n.FirstChild; c != nil; c = c.NextSibling {
					kids = append(kids, c)
				}
				if !only(kids) {
					return false
				}
			default:
				return false
			}
		}
		return true
	}
	if !only(nodes) || svg == nil {
		return "", false
	}
	if svg.Parent != nil {
		svg.Parent.RemoveChild(svg)
	}
	hasNS, hasXlink := false, false
	for _, a := range svg.Attr {
		hasNS = hasNS || a.Namespace == "" && a.Key == "xmlns"
		hasXlink = hasXlink || a.Key == "xmlns:xlink" || a.Namespace == "xmlns" && a.Key == "xlink"
	}
	if !hasNS {
		svg.Attr = append(svg.Attr, html.Attribute{Key: "xmlns", Val: svgNS})
	}
	var b bytes.Buffer
	if err := html.Render(&b, svg); err != nil {
		return "", false
	}
	out := b.String()
	if !hasXlink && strings.Contains(out, "xlink:") {
		out = strings.Replace(out, "<svg", `<svg xmlns:xlink="http://www.w3.org/1999/xlink"`, 1)
	}
	return out, true
}

// withSVGNamespace returns an SVG document with the SVG namespace on its
// root, which an image file needs.
func withSVGNamespace(data []byte) []byte {
	if bytes.Contains(data, []byte(svgNS)) {
		return data
	}
	i := bytes.Index(data, []byte("<svg"))
	if i < 0 {
		return data
	}
	return bytes.Join([][]byte{data[:i+4], []byte(` xmlns="` + svgNS + `"`), data[i+4:]}, nil)
}

// latex returns the block of a text/latex value: one formula (between $
// or $$, \( \) or \[ \], or an environment) as math, anything else as
// Markdown, whose formulas the writers find as in a markdown cell.
func (b *builder) latex(cell, out int, s string) []Block {
	// A formula is Markdown too, to a blog that does not know math.
	if text, ok := b.afford(cell, out, s); !ok {
		return text
	}
	if tex, display, ok := oneFormula(s); ok {
		return []Block{{Kind: KindMath, Cell: cell, Output: out, Text: tex, Display: display}}
	}
	return []Block{{Kind: KindMarkdown, Cell: cell, Output: out, Text: s}}
}

// oneFormula reports whether s is one formula and returns its TeX.
func oneFormula(s string) (tex string, display, ok bool) {
	t := strings.TrimSpace(s)
	for _, d := range []struct {
		open, close string
		display     bool
	}{{"$$", "$$", true}, {`\[`, `\]`, true}, {`\(`, `\)`, false}, {"$", "$", false}} {
		inner, found := strings.CutPrefix(t, d.open)
		if !found {
			continue
		}
		inner, found = strings.CutSuffix(inner, d.close)
		if !found || strings.TrimSpace(inner) == "" || strings.Contains(unescapedDollars(inner), "$") ||
			d.open != "$" && d.open != "$$" && strings.Contains(inner, d.close) {
			return "", false, false
		}
		return strings.TrimSpace(inner), d.display, true
	}
	if strings.HasPrefix(t, `\begin{`) && strings.HasSuffix(t, "}") && !strings.Contains(t, "$") {
		name := t[len(`\begin{`):]
		if i := strings.IndexByte(name, '}'); i > 0 && strings.HasSuffix(t, `\end{`+name[:i]+"}") {
			return t, true, true
		}
	}
	return "", false, false
}

// unescapedDollars returns s with its escaped dollars removed.
func unescapedDollars(s string) string {
	return strings.ReplaceAll(s, `\$`, "")
}
