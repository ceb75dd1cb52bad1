package sanitize

import (
	"regexp"
	"strings"
	"sync"

	"github.com/microcosm-cc/bluemonday"
)

// HTML returns s with everything removed that could run code or load
// anything from the network; see the package documentation for the policy.
// It is safe for concurrent use.
func HTML(s string) string {
	return checkURLs(policy().Sanitize(s))
}

var policy = sync.OnceValue(newPolicy)

// Element and attribute names are lower case: the HTML tokenizer lowers
// them, and the HTML parser of a browser restores SVG's mixed case.
var (
	svgElements = []string{
		"svg", "g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
		"text", "tspan", "defs", "clippath", "lineargradient", "radialgradient", "stop",
		"pattern", "mask", "symbol", "use", "image", "title", "desc", "marker",
	}
	svgAttributes = []string{
		"width", "height", "viewbox", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry",
		"d", "points", "transform", "fill", "stroke", "stroke-width", "stroke-dasharray",
		"stroke-dashoffset", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit",
		"stroke-opacity", "fill-opacity", "fill-rule", "clip-rule", "opacity", "font-family",
		"font-size", "font-weight", "font-style", "font-variant", "text-anchor",
		"dominant-baseline", "alignment-baseline", "baseline-shift", "clip-path", "mask",
		"marker-start", "marker-mid", "marker-end", "version",
		"preserveaspectratio", "gradientunits", "gradienttransform", "spreadmethod", "offset",
		"stop-color", "stop-opacity", "patternunits", "patterncontentunits",
		"patterntransform", "clippathunits", "maskunits", "maskcontentunits", "markerwidth",
		"markerheight", "markerunits", "refx", "refy", "orient", "dx", "dy", "rotate",
		"textlength", "lengthadjust", "visibility", "display", "color", "vector-effect",
		"shape-rendering", "text-rendering", "image-rendering", "letter-spacing", "word-spacing",
	}
	mathElements = []string{
		"math", "semantics", "annotation", "mrow", "mi", "mo", "mn", "ms", "mtext", "mspace",
		"msup", "msub", "msubsup", "mfrac", "msqrt", "mroot", "mstyle", "mpadded", "mphantom",
		"menclose", "merror", "mtable", "mtr", "mtd", "mlabeledtr", "munder", "mover",
		"munderover", "mmultiscripts", "mprescripts", "none",
	}
	mathAttributes = []string{
		"display", "displaystyle", "mathvariant", "stretchy", "fence", "separator", "lspace",
		"rspace", "columnalign", "rowalign", "columnspacing", "rowspacing", "columnlines",
		"rowlines", "frame", "framespacing", "width", "height", "depth", "voffset", "accent",
		"accentunder", "linethickness", "scriptlevel", "movablelimits", "largeop", "symmetric",
		"minsize", "maxsize", "form", "encoding", "notation", "mathcolor",
		"mathbackground", "mathsize", "columnspan", "rowspan", "align",
	}
	styleProperties = []string{
		"color", "background-color", "fill", "fill-opacity", "fill-rule", "stroke",
		"stroke-width", "stroke-opacity", "stroke-dasharray", "stroke-dashoffset",
		"stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "opacity", "font-family",
		"font-size", "font-style", "font-weight", "font-variant", "font-feature-settings",
		"text-anchor", "dominant-baseline", "text-align", "text-decoration", "vertical-align",
		"white-space", "line-height", "letter-spacing", "width", "height", "max-width",
		"min-width", "max-height", "min-height", "margin", "margin-top", "margin-right",
		"margin-bottom", "margin-left", "padding", "padding-top", "padding-right",
		"padding-bottom", "padding-left", "border", "border-top", "border-right",
		"border-bottom", "border-left", "border-color", "border-style", "border-width",
		"border-collapse", "border-spacing", "border-radius", "display", "overflow",
		"overflow-x", "text-indent", "list-style-type",
	}
)

var (
	namespace = regexp.MustCompile(`^http://www\.w3\.org/(?:2000/svg|1998/Math/MathML|1999/xlink)$`)
	fragment  = regexp.MustCompile(`^#[-\w.:]*$`)
	// safeAttribute matches presentational SVG and MathML values: no colon
	// (no URL scheme), no escapes, and a parenthesis only after a transform
	// or colour function or in url(#id), a reference within the page.
	safeAttribute = regexp.MustCompile(`^(?:[^:\\;<>@&()` + "`" + `]|\)|(?i:matrix|translate|translatex|translatey|scale|rotate|skewx|skewy|rgb|rgba|hsl|hsla|calc)\(|(?i:url)\(\s*['"]?#)*$`)
)

// safeValue reports whether an attribute or CSS value can neither name a
// script nor load from elsewhere: no colon (so no URL scheme), no
// backslash escapes, no url() except a reference within the page.
func safeValue(v string) bool {
	if strings.ContainsAny(v, ":\\;<>@&`") {
		return false
	}
	lower := strings.ToLower(v)
	for i := strings.Index(lower, "url("); i >= 0; i = strings.Index(lower, "url(") {
		rest := strings.TrimLeft(lower[i+4:], " '\"")
		if !strings.HasPrefix(rest, "#") {
			return false
		}
		lower = rest
	}
	return !strings.Contains(lower, "expression(") && !strings.Contains(lower, "image(") && !strings.Contains(lower, "image-set(")
}

func newPolicy() *bluemonday.Policy {
	// The ordinary markup of bluemonday.UGCPolicy, except images from the web.
	p := bluemonday.NewPolicy()
	p.AllowStandardAttributes()
	p.AllowStandardURLs()
	p.AllowElements("article", "aside", "figure", "section", "summary", "h1", "h2", "h3", "h4", "h5", "h6",
		"hgroup", "br", "div", "hr", "p", "span", "wbr", "abbr", "acronym", "cite", "code", "dfn", "em",
		"figcaption", "mark", "s", "samp", "strong", "sub", "sup", "var", "b", "i", "pre", "small",
		"strike", "tt", "u", "rp", "rt", "ruby", "kbd", "q", "blockquote", "del", "ins", "details")
	p.AllowAttrs("open").Matching(regexp.MustCompile(`(?i)^(|open)$`)).OnElements("details")
	p.AllowAttrs("href").OnElements("a")
	p.AllowAttrs("cite").OnElements("blockquote", "q", "del", "ins")
	p.AllowAttrs("datetime").Matching(bluemonday.ISO8601).OnElements("time", "del", "ins")
	p.AllowAttrs("dir").Matching(bluemonday.Direction).OnElements("bdi", "bdo")
	p.AllowLists()
	p.AllowTables()
	p.AllowAttrs("class").Globally()
	p.AllowStyles(styleProperties...).MatchingHandler(safeValue).Globally()

	// Images: inline data and files next to the page only.
	p.AllowDataURIImages()
	// Alt text is any text: the sanitiser escapes attribute values, and a
	// figure's description has colons, quotes and signs that
	// bluemonday.Paragraph would refuse, losing the whole description.
	p.AllowAttrs("alt").OnElements("img")
	p.AllowAttrs("height", "width").Matching(bluemonday.NumberOrPercent).OnElements("img")
	p.AllowAttrs("src").OnElements("img")

	p.AllowNoAttrs().OnElements(svgElements...)
	p.AllowAttrs(svgAttributes...).Matching(safeAttribute).OnElements(svgElements...)
	p.AllowAttrs("href", "xlink:href").Matching(fragment).OnElements("use")
	p.AllowAttrs("href", "xlink:href").OnElements("image")

	p.AllowNoAttrs().OnElements(mathElements...)
	p.AllowAttrs(mathAttributes...).Matching(safeAttribute).OnElements(mathElements...)
	p.AllowAttrs("xmlns").Matching(namespace).OnElements("svg", "math")
	p.AllowAttrs("xmlns:xlink").Matching(namespace).OnElements("svg")
	return p
}
