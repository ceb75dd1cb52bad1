package sanitize

import (
	"regexp"
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// MathML returns s with everything removed that is not presentation
// MathML as MathML Core defines it: only MathML elements, only their
// presentational attributes with values of the expected form, and inline
// styles limited to presentational properties as in HTML. Any other
// markup, such as HTML or SVG placed inside a token element like <mtext>,
// is removed with its attributes, its text kept as text (the text of
// <script> and <style> is removed too). The attributes of each element, and
// the declarations of its style, are written in sorted order, so that the
// same MathML always gives the same bytes. It is safe for concurrent use.
//
// It is one pass of an HTML tokenizer over s, as bluemonday's policies
// are, with a fixed allowlist: the math of a page is converted formula by
// formula, and a general policy engine costs more than the conversion.
func MathML(s string) string {
	z := html.NewTokenizer(strings.NewReader(s))
	var b strings.Builder
	b.Grow(len(s))
	skip := 0 // inside <script> or <style>
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			// At the end, or at an error of reading (as on a string there
			// is none but io.EOF): what is written so far is clean.
			return b.String()
		case html.TextToken:
			if skip == 0 {
				b.WriteString(html.EscapeString(string(z.Text())))
			}
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			tok := z.Token()
			name := tok.Data
			if name == "script" || name == "style" {
				switch {
				case tt == html.StartTagToken:
					skip++
				case tt == html.EndTagToken && skip > 0:
					skip--
				}
				continue
			}
			attrs, ok := coreAttributes[name]
			if !ok || skip > 0 {
				continue
			}
			if tt == html.EndTagToken {
				b.WriteString("</" + name + ">")
				continue
			}
			b.WriteString("<" + name)
			// Sorted, keeping the first of an attribute given twice, as a
			// browser does.
			slices.SortStableFunc(tok.Attr, func(x, y html.Attribute) int { return strings.Compare(x.Key, y.Key) })
			for i, a := range tok.Attr {
				if a.Namespace != "" || i > 0 && tok.Attr[i-1].Key == a.Key {
					continue
				}
				val, ok := cleanMathAttribute(attrs, a.Key, a.Val)
				if !ok {
					continue
				}
				b.WriteString(" " + a.Key + `="` + html.EscapeString(val) + `"`)
			}
			if tt == html.SelfClosingTagToken {
				b.WriteString("/>")
			} else {
				b.WriteString(">")
			}
		}
	}
}

// cleanMathAttribute returns the value of an attribute as it may stay, or
// false if the attribute goes.
func cleanMathAttribute(attrs map[string]*regexp.Regexp, key, val string) (string, bool) {
	if key == "style" {
		s := cleanStyle(val)
		return s, s != ""
	}
	re, ok := attrs[key]
	if !ok {
		re, ok = globalMathAttributes[key]
	}
	if !ok || !re.MatchString(val) {
		return "", false
	}
	return val, true
}

// cleanStyle keeps the declarations of an inline style whose property is
// presentational and whose value is safe, sorted by property.
func cleanStyle(style string) string {
	var decls []string
	for d := range strings.SplitSeq(style, ";") {
		prop, val, ok := strings.Cut(d, ":")
		prop = strings.ToLower(strings.TrimSpace(prop))
		val = strings.TrimSpace(val)
		if !ok || val == "" || !slices.Contains(styleProperties, prop) || !safeValue(val) {
			continue
		}
		decls = append(decls, prop+": "+val)
	}
	slices.SortStableFunc(decls, func(a, b string) int {
		pa, _, _ := strings.Cut(a, ":")
		pb, _, _ := strings.Cut(b, ":")
		return strings.Compare(pa, pb)
	})
	if len(decls) == 0 {
		return ""
	}
	return strings.Join(decls, "; ") + ";"
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
	mathSpan     = regexp.MustCompile(`^[1-9][0-9]{0,3}$`)
)

// globalMathAttributes may be on every MathML element.
var globalMathAttributes = map[string]*regexp.Regexp{
	"dir":            regexp.MustCompile(`^(?:ltr|rtl)$`),
	"class":          mathClass,
	"displaystyle":   mathBoolean,
	"scriptlevel":    mathInteger,
	"mathcolor":      mathColour,
	"mathbackground": mathColour,
	"mathsize":       mathLength,
	"mathvariant":    mathWord,
}

// coreAttributes are the elements of MathML Core with the attributes each
// may have besides the global ones; <menclose> and <mlabeledtr>, which
// browsers render as <mrow> and <mtr>, are not among them. HTML's <a> is,
// with a link within the page only: an \eqref inside a formula links to
// its equation through an <a> in <mtext>, which a browser follows where
// it follows no href on a MathML element.
var coreAttributes = map[string]map[string]*regexp.Regexp{
	"a": {"href": regexp.MustCompile(`^#[A-Za-z0-9_]+(?:[-.:/][A-Za-z0-9_]+)*$`)},
	"math": {
		"xmlns":   regexp.MustCompile(`^http://www\.w3\.org/1998/Math/MathML$`),
		"display": regexp.MustCompile(`^(?:block|inline)$`),
	},
	"semantics":     {},
	"annotation":    {"encoding": mathEncoding},
	"merror":        {},
	"mfrac":         {"linethickness": mathLength},
	"mi":            {},
	"mmultiscripts": {},
	"mn":            {},
	"mo": {
		"form": regexp.MustCompile(`^(?:prefix|infix|postfix)$`), "fence": mathBoolean,
		"separator": mathBoolean, "stretchy": mathBoolean, "symmetric": mathBoolean,
		"largeop": mathBoolean, "movablelimits": mathBoolean, "lspace": mathLength,
		"rspace": mathLength, "minsize": mathLength, "maxsize": mathLength,
	},
	"mover": {"accent": mathBoolean},
	"mpadded": {
		"width": mathLength, "height": mathLength, "depth": mathLength,
		"lspace": mathLength, "voffset": mathLength,
	},
	"mphantom":    {},
	"mprescripts": {},
	"mroot":       {},
	"mrow":        {},
	"ms":          {},
	"mspace":      {"width": mathLength, "height": mathLength, "depth": mathLength},
	"msqrt":       {},
	"mstyle":      {},
	"msub":        {},
	"msubsup":     {},
	"msup":        {},
	"mtable": {
		"columnalign": mathAligns, "rowalign": mathAligns, "columnspacing": mathLengths,
		"rowspacing": mathLengths, "framespacing": mathLengths, "columnlines": mathLines,
		"rowlines": mathLines, "frame": mathLines, "width": mathLength,
	},
	"mtd":        {"columnalign": mathAligns, "rowalign": mathAligns, "columnspan": mathSpan, "rowspan": mathSpan},
	"mtext":      {},
	"mtr":        {"columnalign": mathAligns, "rowalign": mathAligns},
	"munder":     {"accentunder": mathBoolean},
	"munderover": {"accent": mathBoolean, "accentunder": mathBoolean},
	"none":       {},
}
