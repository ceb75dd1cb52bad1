package sanitize

import (
	"regexp"
	"sync"

	"github.com/microcosm-cc/bluemonday"
)

// MathML returns s with everything removed that is not presentation
// MathML as MathML Core defines it: only MathML elements, only their
// presentational attributes with values of the expected form, and inline
// styles limited as in HTML. Any other markup, such as HTML or SVG placed
// inside a token element like <mtext>, is removed with its attributes and
// its text kept as text. It is safe for concurrent use.
func MathML(s string) string {
	return mathPolicy().Sanitize(s)
}

var mathPolicy = sync.OnceValue(newMathPolicy)

// coreElements are the elements of MathML Core; <menclose> and
// <mlabeledtr>, which browsers render as <mrow> and <mtr>, are not among
// them.
var coreElements = []string{
	"math", "semantics", "annotation", "merror", "mfrac", "mi", "mmultiscripts", "mn", "mo",
	"mover", "mpadded", "mphantom", "mprescripts", "mroot", "mrow", "ms", "mspace", "msqrt",
	"mstyle", "msub", "msubsup", "msup", "mtable", "mtd", "mtext", "mtr", "munder",
	"munderover", "none",
}

var (
	mathBoolean  = regexp.MustCompile(`^(?:true|false)$`)
	mathColour   = regexp.MustCompile(`^(?:#[0-9A-Fa-f]{3,8}|[A-Za-z]{1,30})$`)
	mathLength   = regexp.MustCompile(`^[-+]?(?:[0-9]{1,6}(?:\.[0-9]{0,6})?|\.[0-9]{1,6})(?:em|ex|px|pt|pc|cm|mm|in|%)?$|^[a-z]{1,30}$`)
	mathLengths  = regexp.MustCompile(`^(?:[-+]?(?:[0-9]{1,6}(?:\.[0-9]{0,6})?|\.[0-9]{1,6})(?:em|ex|px|pt|pc|cm|mm|in|%)?\s*){1,64}$`)
	mathAligns   = regexp.MustCompile(`^(?:(?:left|center|right|top|bottom|baseline|axis)\s*){1,64}$`)
	mathLines    = regexp.MustCompile(`^(?:(?:none|solid|dashed)\s*){1,64}$`)
	mathWord     = regexp.MustCompile(`^[a-z][a-z-]{0,30}$`)
	mathInteger  = regexp.MustCompile(`^[-+]?[0-9]{1,3}$`)
	mathEncoding = regexp.MustCompile(`^[A-Za-z0-9/+.-]{1,60}$`)
	mathClass    = regexp.MustCompile(`^[A-Za-z][-\w]{0,40}(?: [A-Za-z][-\w]{0,40}){0,4}$`)
	mathDisplay  = regexp.MustCompile(`^(?:block|inline)$`)
	mathForm     = regexp.MustCompile(`^(?:prefix|infix|postfix)$`)
	mathDir      = regexp.MustCompile(`^(?:ltr|rtl)$`)
)

func newMathPolicy() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowNoAttrs().OnElements(coreElements...)
	p.AllowAttrs("xmlns").Matching(regexp.MustCompile(`^http://www\.w3\.org/1998/Math/MathML$`)).OnElements("math")
	p.AllowAttrs("display").Matching(mathDisplay).OnElements("math")
	p.AllowAttrs("dir").Matching(mathDir).OnElements(coreElements...)
	p.AllowAttrs("class").Matching(mathClass).OnElements(coreElements...)
	p.AllowAttrs("displaystyle").Matching(mathBoolean).OnElements(coreElements...)
	p.AllowAttrs("scriptlevel").Matching(mathInteger).OnElements(coreElements...)
	p.AllowAttrs("mathcolor", "mathbackground").Matching(mathColour).OnElements(coreElements...)
	p.AllowAttrs("mathsize").Matching(mathLength).OnElements(coreElements...)
	p.AllowAttrs("mathvariant").Matching(mathWord).OnElements(coreElements...)
	p.AllowAttrs("form").Matching(mathForm).OnElements("mo")
	p.AllowAttrs("fence", "separator", "stretchy", "symmetric", "largeop", "movablelimits").Matching(mathBoolean).OnElements("mo")
	p.AllowAttrs("lspace", "rspace", "minsize", "maxsize").Matching(mathLength).OnElements("mo", "mpadded")
	p.AllowAttrs("width", "height", "depth").Matching(mathLength).OnElements("mspace", "mpadded", "mtable")
	p.AllowAttrs("voffset").Matching(mathLength).OnElements("mpadded")
	p.AllowAttrs("linethickness").Matching(mathLength).OnElements("mfrac")
	p.AllowAttrs("accent").Matching(mathBoolean).OnElements("mover", "munderover")
	p.AllowAttrs("accentunder").Matching(mathBoolean).OnElements("munder", "munderover")
	p.AllowAttrs("columnalign", "rowalign").Matching(mathAligns).OnElements("mtable", "mtr", "mtd")
	p.AllowAttrs("columnspacing", "rowspacing", "framespacing").Matching(mathLengths).OnElements("mtable")
	p.AllowAttrs("columnlines", "rowlines", "frame").Matching(mathLines).OnElements("mtable")
	p.AllowAttrs("columnspan", "rowspan").Matching(regexp.MustCompile(`^[1-9][0-9]{0,3}$`)).OnElements("mtd")
	p.AllowAttrs("encoding").Matching(mathEncoding).OnElements("annotation")
	p.AllowStyles(styleProperties...).MatchingHandler(safeValue).OnElements(coreElements...)
	return p
}
