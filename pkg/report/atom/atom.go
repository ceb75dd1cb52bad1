package atom

import (
	"encoding/xml"
	"errors"
	"fmt"
	"net/url"
	"time"
)

// A Feed is a site's feed.
type Feed struct {
	// Title is the site's title, plain text.
	Title string
	// Subtitle says what the site is about; "" for none.
	Subtitle string
	// URL is the site's absolute URL: the feed's id and its alternate
	// link.
	URL string
	// Self is the feed's own absolute URL.
	Self string
	// Authors are the site's authors.
	Authors []string
	// Updated is when the feed last changed: the newest entry's date.
	Updated time.Time
	Entries []Entry
}

// An Entry is one writeup in the feed.
type Entry struct {
	// Title is plain text.
	Title string
	// URL is the page's absolute URL, also the entry's id.
	URL     string
	Updated time.Time
	Authors []string
	// Summary is plain text; "" for none.
	Summary string
	Tags    []string
}

// ErrURL is wrapped by Write's error for a feed or entry URL that is not
// absolute.
var ErrURL = errors.New("not an absolute URL")

// Namespace is Atom's XML namespace.
const Namespace = "http://www.w3.org/2005/Atom"

type xmlFeed struct {
	XMLName  xml.Name    `xml:"feed"`
	NS       string      `xml:"xmlns,attr"`
	ID       string      `xml:"id"`
	Title    xmlText     `xml:"title"`
	Subtitle *xmlText    `xml:"subtitle,omitempty"`
	Updated  string      `xml:"updated"`
	Links    []xmlLink   `xml:"link"`
	Authors  []xmlPerson `xml:"author"`
	Entries  []xmlEntry  `xml:"entry"`
}

type xmlText struct {
	Type string `xml:"type,attr"`
	Text string `xml:",chardata"`
}

type xmlLink struct {
	Rel  string `xml:"rel,attr"`
	Type string `xml:"type,attr,omitempty"`
	Href string `xml:"href,attr"`
}

type xmlPerson struct {
	Name string `xml:"name"`
}

type xmlCategory struct {
	Term string `xml:"term,attr"`
}

type xmlEntry struct {
	ID         string        `xml:"id"`
	Title      xmlText       `xml:"title"`
	Updated    string        `xml:"updated"`
	Links      []xmlLink     `xml:"link"`
	Authors    []xmlPerson   `xml:"author"`
	Categories []xmlCategory `xml:"category"`
	Summary    *xmlText      `xml:"summary,omitempty"`
}

// Write returns the feed as an Atom document, or an error wrapping ErrURL
// for a URL that is not absolute.
func Write(f Feed) ([]byte, error) {
	for _, u := range []string{f.URL, f.Self} {
		if err := absolute(u); err != nil {
			return nil, fmt.Errorf("feed: %w", err)
		}
	}
	x := xmlFeed{
		NS: Namespace, ID: f.URL, Title: text(f.Title), Updated: stamp(f.Updated),
		Links: []xmlLink{
			{Rel: "alternate", Type: "text/html", Href: f.URL},
			{Rel: "self", Type: "application/atom+xml", Href: f.Self},
		},
		Authors: people(f.Authors),
	}
	if f.Subtitle != "" {
		s := text(f.Subtitle)
		x.Subtitle = &s
	}
	anonymous := false
	for _, e := range f.Entries {
		if err := absolute(e.URL); err != nil {
			return nil, fmt.Errorf("feed entry %q: %w", e.Title, err)
		}
		xe := xmlEntry{
			ID: e.URL, Title: text(e.Title), Updated: stamp(e.Updated),
			Links: []xmlLink{{Rel: "alternate", Type: "text/html", Href: e.URL}}, Authors: people(e.Authors),
		}
		anonymous = anonymous || len(xe.Authors) == 0
		for _, t := range e.Tags {
			xe.Categories = append(xe.Categories, xmlCategory{Term: t})
		}
		if e.Summary != "" {
			s := text(e.Summary)
			xe.Summary = &s
		}
		x.Entries = append(x.Entries, xe)
	}
	if len(x.Authors) == 0 && (anonymous || len(f.Entries) == 0) {
		x.Authors = people([]string{f.Title})
	}
	out, err := xml.MarshalIndent(x, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("feed: %w", err)
	}
	return append([]byte(xml.Header), append(out, '\n')...), nil
}

// absolute returns an error for a URL that is not absolute.
func absolute(s string) error {
	u, err := url.Parse(s)
	if err != nil || !u.IsAbs() || u.Host == "" {
		return fmt.Errorf("%q: %w", s, ErrURL)
	}
	return nil
}

func text(s string) xmlText { return xmlText{Type: "text", Text: s} }

// stamp writes a time as RFC 3339, which Atom's dates are.
func stamp(t time.Time) string { return t.Format(time.RFC3339) }

func people(names []string) []xmlPerson {
	var out []xmlPerson
	for _, n := range names {
		if n != "" {
			out = append(out, xmlPerson{Name: n})
		}
	}
	return out
}
