package atom

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"testing"
	"time"
)

// parsed is a feed as a reader takes it back.
type parsed struct {
	XMLName xml.Name `xml:"http://www.w3.org/2005/Atom feed"`
	ID      string   `xml:"id"`
	Title   string   `xml:"title"`
	Updated string   `xml:"updated"`
	Authors []string `xml:"author>name"`
	Links   []struct {
		Rel  string `xml:"rel,attr"`
		Href string `xml:"href,attr"`
	} `xml:"link"`
	Entries []struct {
		ID      string   `xml:"id"`
		Title   string   `xml:"title"`
		Updated string   `xml:"updated"`
		Summary string   `xml:"summary"`
		Authors []string `xml:"author>name"`
		Link    struct {
			Href string `xml:"href,attr"`
		} `xml:"link"`
	} `xml:"entry"`
}

func TestWrite(t *testing.T) {
	hostile := "</title><script>alert(1)</script>\x00\x1b & ]]>"
	newest := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	f := Feed{
		Title: "Games " + hostile, Subtitle: "About", URL: "https://example.org/g/", Self: "https://example.org/g/feed.xml",
		Updated: newest,
		Entries: []Entry{
			{Title: "New " + hostile, URL: "https://example.org/g/new.html", Updated: newest, Summary: "S " + hostile, Authors: []string{"Ada"}, Tags: []string{"a&b"}},
			{Title: "Old", URL: "https://example.org/g/old%20one.html", Updated: newest.AddDate(-1, 0, 0)},
		},
	}
	data, err := Write(f)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(data, []byte("<script")) || bytes.Contains(data, []byte("\x00")) || bytes.Contains(data, []byte("\x1b")) {
		t.Errorf("markup or control characters written as they are:\n%s", data)
	}
	var p parsed
	if err := xml.Unmarshal(data, &p); err != nil {
		t.Fatalf("not XML: %v\n%s", err, data)
	}
	clean := "</title><script>alert(1)</script>\uFFFD\uFFFD & ]]>"
	if p.ID != f.URL || p.Title != "Games "+clean || p.Updated != "2025-03-01T12:00:00Z" {
		t.Errorf("feed id %q title %q updated %q", p.ID, p.Title, p.Updated)
	}
	// The feed has no author, and an entry has none: the site's title is.
	if len(p.Authors) != 1 || p.Authors[0] != "Games "+clean {
		t.Errorf("feed authors %q", p.Authors)
	}
	if len(p.Links) != 2 || p.Links[1].Rel != "self" || p.Links[1].Href != f.Self {
		t.Errorf("links %+v", p.Links)
	}
	if len(p.Entries) != 2 {
		t.Fatalf("%d entries", len(p.Entries))
	}
	e := p.Entries[0]
	if e.ID != "https://example.org/g/new.html" || e.Title != "New "+clean || e.Summary != "S "+clean || e.Link.Href != e.ID {
		t.Errorf("first entry %+v", e)
	}
	if p.Entries[1].ID != "https://example.org/g/old%20one.html" || p.Entries[1].Updated != "2024-03-01T12:00:00Z" {
		t.Errorf("second entry %+v", p.Entries[1])
	}
	for _, e := range p.Entries {
		if _, err := time.Parse(time.RFC3339, e.Updated); err != nil {
			t.Errorf("updated %q: %v", e.Updated, err)
		}
	}
}

func TestWriteRefusesRelativeURLs(t *testing.T) {
	for _, f := range []Feed{
		{URL: "/g/", Self: "https://example.org/g/feed.xml"},
		{URL: "https://example.org/g/", Self: "feed.xml"},
		{URL: "https://example.org/g/", Self: "https://example.org/g/feed.xml", Entries: []Entry{{URL: "nim.html"}}},
		{URL: "javascript:alert(1)", Self: "https://example.org/g/feed.xml"},
	} {
		if _, err := Write(f); !errors.Is(err, ErrURL) {
			t.Errorf("%+v: error %v, want ErrURL", f, err)
		}
	}
}

func ExampleWrite() {
	date := time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)
	data, err := Write(Feed{
		Title: "Games", URL: "https://example.org/g/", Self: "https://example.org/g/feed.xml", Updated: date,
		Authors: []string{"Ada"},
		Entries: []Entry{{Title: "Nim & sums", URL: "https://example.org/g/nim.html", Updated: date}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(data))
	// Output:
	// <?xml version="1.0" encoding="UTF-8"?>
	// <feed xmlns="http://www.w3.org/2005/Atom">
	//   <id>https://example.org/g/</id>
	//   <title type="text">Games</title>
	//   <updated>2025-03-01T00:00:00Z</updated>
	//   <link rel="alternate" type="text/html" href="https://example.org/g/"></link>
	//   <link rel="self" type="application/atom+xml" href="https://example.org/g/feed.xml"></link>
	//   <author>
	//     <name>Ada</name>
	//   </author>
	//   <entry>
	//     <id>https://example.org/g/nim.html</id>
	//     <title type="text">Nim &amp; sums</title>
	//     <updated>2025-03-01T00:00:00Z</updated>
	//     <link rel="alternate" type="text/html" href="https://example.org/g/nim.html"></link>
	//   </entry>
	// </feed>
}
