package htmlpage

import (
	"net/url"
	"strings"

	"github.com/grundylab/grundy/pkg/report"
)

// headData are the tags of a page's head that describe it to search
// engines and to the preview cards of links shared (Open Graph), and the
// site's own stylesheet and feed. Every value is plain text or a URL, and
// the template escapes it for its attribute.
type headData struct {
	Description string
	Author      string
	// Type is Open Graph's og:type: article for a page, website for the
	// index.
	Type string
	// URL is the page's absolute URL, "" when the site has none.
	URL string
	// Image is the URL of the page's image: absolute when the page's URL
	// is known.
	Image      string
	Stylesheet string
	Feed       string
}

// headOf returns the head tags of a page with metadata m.
func headOf(m report.Meta, kind string, opts Options) headData {
	h := headData{
		Description: m.Summary, Author: strings.Join(m.Authors, ", "), Type: kind,
		URL: opts.URL, Stylesheet: opts.Stylesheet, Feed: opts.Feed,
	}
	if m.Image != "" {
		h.Image = report.LinkPath(m.Image)
		if base, err := url.Parse(opts.URL); err == nil && opts.URL != "" {
			if ref, err := url.Parse(h.Image); err == nil {
				h.Image = base.ResolveReference(ref).String()
			}
		}
	}
	return h
}

// headTags are the tags head's data gives, in the template's head.
const headTags = `
{{- with .Head}}
{{- with .Description}}
<meta name="description" content="{{.}}">
{{- end}}
{{- with .Author}}
<meta name="author" content="{{.}}">
{{- end}}
<meta property="og:title" content="{{$.Title}}">
<meta property="og:type" content="{{.Type}}">
{{- with .Description}}
<meta property="og:description" content="{{.}}">
{{- end}}
{{- with .URL}}
<meta property="og:url" content="{{.}}">
<link rel="canonical" href="{{.}}">
{{- end}}
{{- with .Image}}
<meta property="og:image" content="{{.}}">
{{- end}}
{{- with .Feed}}
<link rel="alternate" type="application/atom+xml" title="{{$.Title}}" href="{{.}}">
{{- end}}
{{- end}}`
