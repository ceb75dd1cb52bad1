package sanitize

import (
	"io"
	"strings"

	"golang.org/x/net/html"
)

// svgNames restores the mixed case of the SVG names the policy allows; the
// HTML tokenizer lowers them, and a browser's HTML parser raises them again,
// but a stand-alone .svg file is XML, where case matters.
var svgNames = map[string]string{
	"clippath": "clipPath", "lineargradient": "linearGradient", "radialgradient": "radialGradient",
	"viewbox": "viewBox", "preserveaspectratio": "preserveAspectRatio",
	"gradientunits": "gradientUnits", "gradienttransform": "gradientTransform",
	"spreadmethod": "spreadMethod", "patternunits": "patternUnits",
	"patterncontentunits": "patternContentUnits", "patterntransform": "patternTransform",
	"clippathunits": "clipPathUnits", "maskunits": "maskUnits", "maskcontentunits": "maskContentUnits",
	"markerwidth": "markerWidth", "markerheight": "markerHeight", "markerunits": "markerUnits",
	"refx": "refX", "refy": "refY", "textlength": "textLength", "lengthadjust": "lengthAdjust",
}

// SVG cleans an SVG image like HTML and returns it as a stand-alone SVG
// document, for a .svg file: names in their SVG case and the SVG namespace
// on the root element.
func SVG(s string) string {
	clean := HTML(s)
	z := html.NewTokenizer(strings.NewReader(clean))
	var b strings.Builder
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			if z.Err() != io.EOF {
				return b.String()
			}
			break
		}
		tok := z.Token()
		if name, ok := svgNames[tok.Data]; ok && tt != html.TextToken {
			tok.Data = name
		}
		hasNS := false
		for i, a := range tok.Attr {
			if name, ok := svgNames[a.Key]; ok {
				tok.Attr[i].Key = name
			}
			hasNS = hasNS || a.Key == "xmlns"
		}
		if tok.Data == "svg" && tt != html.EndTagToken && tt != html.TextToken && !hasNS {
			tok.Attr = append(tok.Attr, html.Attribute{Key: "xmlns", Val: "http://www.w3.org/2000/svg"})
		}
		b.WriteString(tok.String())
	}
	return b.String()
}
