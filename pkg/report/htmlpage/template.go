package htmlpage

import (
	"bytes"
	"html/template"

	"github.com/grundylab/grundy/pkg/report"
)

type pageData struct {
	Title string
	Head  headData
	// Heading is the title as the header shows it, its formulas typeset.
	Heading template.HTML
	// HeadingID is the id of the title's heading, "" for none; Number
	// is its number, a book chapter's, "" for none.
	HeadingID, Number string
	Meta              report.Meta
	Date              string
	Contents          template.HTML
	Body              template.HTML
	CSS               template.CSS
	FontFace          template.CSS
	Home              string
	// Prev and Next link the neighbouring pages, Made says how the page
	// was made; each is shown if set.
	Prev, Next *linkData
	Made       []report.ProvenanceItem
}

// linkData is a Link as a page shows it.
type linkData struct {
	URL     string
	Heading template.HTML
}

func pagerLink(l *Link) *linkData {
	if l == nil {
		return nil
	}
	return &linkData{URL: l.URL, Heading: Summary(l.Title)}
}

func provenanceItems(p *report.Provenance) []report.ProvenanceItem {
	if p == nil {
		return nil
	}
	return p.Items()
}

const head = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>{{.Title}}</title>` + headTags + `
<style>
{{.FontFace}}{{.CSS}}</style>
{{- with .Head.Stylesheet}}
<link rel="stylesheet" href="{{.}}">
{{- end}}
</head>
`

var pageTemplate = template.Must(template.New("page").Parse(head + `<body>
<header class="page">
{{- if .Home}}
<nav><a href="{{.Home}}">← All writeups</a></nav>
{{- end}}
<h1{{with .HeadingID}} id="{{.}}"{{end}}>{{with .Number}}<span class="header-section-number">{{.}}</span> {{end}}{{.Heading}}</h1>
<p class="meta"><time datetime="{{.Date}}">{{.Date}}</time>{{with .Meta.Authors}} <span class="author">{{range $i, $a := .}}{{if $i}}, {{end}}{{$a}}{{end}}</span>{{end}}{{range .Meta.Tags}} <span class="tag">{{.}}</span>{{end}}</p>
</header>
{{- if .Contents}}
<nav class="toc" aria-label="Contents"><details open><summary>Contents</summary>
{{.Contents}}</details></nav>
{{- end}}
<main>
{{.Body}}</main>
{{- if or .Prev .Next}}
<nav class="pager" aria-label="Pages">
{{- with .Prev}}
<a class="prev" rel="prev" href="{{.URL}}"><span>← Previous</span> {{.Heading}}</a>
{{- end}}
{{- with .Next}}
<a class="next" rel="next" href="{{.URL}}"><span>Next →</span> {{.Heading}}</a>
{{- end}}
</nav>
{{- end}}
{{- with .Made}}
<footer class="provenance">
<p class="provenance-title">` + report.ProvenanceTitle + `</p>
<dl>
{{- range .}}
<dt>{{.Label}}</dt><dd>{{range .Parts}}{{if .Code}}<code>{{.Text}}</code>{{else}}{{.Text}}{{end}}{{end}}</dd>
{{- end}}
</dl>
</footer>
{{- end}}
</body>
</html>
`))

type indexData struct {
	Title    string
	Head     headData
	Entries  []indexEntry
	CSS      template.CSS
	FontFace template.CSS
}

type indexEntry struct {
	URL  string
	Meta report.Meta
	// Heading is the title, its formulas typeset.
	Heading template.HTML
	Date    string
	Summary template.HTML
}

var indexTemplate = template.Must(template.New("index").Parse(head + `<body>
<header class="page">
<h1>{{.Title}}</h1>
</header>
<main>
<ul class="index">
{{- range .Entries}}
<li>
<h2><a href="{{.URL}}">{{.Heading}}</a></h2>
<p class="meta"><time datetime="{{.Date}}">{{.Date}}</time>{{with .Meta.Authors}} <span class="author">{{range $i, $a := .}}{{if $i}}, {{end}}{{$a}}{{end}}</span>{{end}}{{range .Meta.Tags}} <span class="tag">{{.}}</span>{{end}}</p>
{{.Summary}}</li>
{{- end}}
</ul>
</main>
</body>
</html>
`))

// An Entry is one writeup in the site index.
type Entry struct {
	// URL is the page's address relative to the index, as "pe310.html",
	// percent-encoded.
	URL  string
	Meta report.Meta
}

// Index writes the site's index page: for each entry its title (a link),
// date, authors, tags and summary, in the order given. Its head describes
// the site by opts.Description and opts.Authors, and links opts.Feed. The summaries are shown as
// Summary shows them, plain text and formulas, whatever opts.Trust says:
// trust belongs to a notebook's own page, while the index gathers pages
// of many builds, and front matter anyone may have edited.
func Index(title string, entries []Entry, opts Options) ([]byte, error) {
	data := indexData{
		Title: title, CSS: template.CSS(css()), FontFace: fontFace(opts.MathFont),
		Head: headOf(report.Meta{Summary: opts.Description, Authors: opts.Authors}, "website", opts),
	}
	for _, e := range entries {
		data.Entries = append(data.Entries, indexEntry{
			URL: e.URL, Meta: e.Meta, Heading: Summary(e.Meta.Title), Date: e.Meta.Date.Format("2006-01-02"),
			Summary: Summary(e.Meta.Summary),
		})
	}
	var b bytes.Buffer
	if err := indexTemplate.Execute(&b, data); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
