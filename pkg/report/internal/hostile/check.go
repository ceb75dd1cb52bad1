package hostile

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"golang.org/x/net/html"
)

// loads lists, by attribute, the elements on which a browser loads the
// attribute's URL by itself; "*" is any element.
var loads = map[string][]string{
	"src":        {"img", "image", "iframe", "frame", "embed", "script", "video", "audio", "source", "track", "input"},
	"srcset":     {"img", "source"},
	"href":       {"link", "image", "use", "feimage"},
	"xlink:href": {"image", "use", "feimage"},
	"data":       {"object"},
	"poster":     {"video"},
	"background": {"*"},
	"lowsrc":     {"img"},
	"dynsrc":     {"img"},
	"ping":       {"a", "area"},
}

// documents are elements that hold another document or run code.
var documents = map[string]bool{
	"script": true, "iframe": true, "frame": true, "frameset": true, "object": true, "embed": true,
	"applet": true, "portal": true, "base": true,
}

// textAttributes hold text for people, never an address.
var textAttributes = map[string]bool{"alt": true, "title": true, "aria-label": true, "aria-description": true, "placeholder": true}

var (
	// cssURL finds the addresses a style sheet loads.
	cssURL = regexp.MustCompile(`(?i)(?:url\(\s*['"]?|@import\s*['"])([^'")\s]*)`)
	// scheme matches a URL scheme, as the URL standard reads one.
	scheme = regexp.MustCompile(`^[a-z][a-z0-9+.\-]*:`)
)

// Check parses HTML as a browser does and returns what in it could run
// script (script and other document elements, on* attributes,
// javascript: and vbscript: URLs, data: documents) or load from outside
// the page's folder (an absolute, rooted or protocol-relative address in
// an attribute a browser loads, a srcset, a style's url() or @import,
// a refresh).
func Check(doc []byte) []string {
	root, err := html.Parse(bytes.NewReader(doc))
	if err != nil {
		return []string{"does not parse: " + err.Error()}
	}
	var found []string
	add := func(format string, args ...any) { found = append(found, fmt.Sprintf(format, args...)) }
	for n := range root.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		name := strings.ToLower(n.Data)
		if documents[name] {
			add("<%s> element", name)
		}
		if name == "style" {
			var css strings.Builder
			for c := range n.Descendants() {
				if c.Type == html.TextNode {
					css.WriteString(c.Data)
				}
			}
			for _, u := range cssURL.FindAllStringSubmatch(css.String(), -1) {
				if Remote(u[1]) {
					add("<style> loads %q", u[1])
				}
			}
		}
		if name == "meta" && strings.EqualFold(attr(n, "http-equiv"), "refresh") {
			add("<meta http-equiv=refresh>")
		}
		for _, a := range n.Attr {
			key := strings.ToLower(a.Key)
			if a.Namespace != "" {
				key = a.Namespace + ":" + key
			}
			v := plain(a.Val)
			switch {
			case strings.HasPrefix(key, "on"):
				add("<%s %s=%q> handler", name, a.Key, a.Val)
			case textAttributes[key]:
			case strings.HasPrefix(v, "javascript:") || strings.HasPrefix(v, "vbscript:"):
				add("<%s %s=%q> script URL", name, a.Key, a.Val)
			case strings.HasPrefix(v, "data:") && !strings.HasPrefix(v, "data:image/"):
				add("<%s %s=%q> data: document", name, a.Key, a.Val)
			case key == "style":
				for _, u := range cssURL.FindAllStringSubmatch(a.Val, -1) {
					if Remote(u[1]) {
						add("<%s style=%q> loads %q", name, a.Val, u[1])
					}
				}
			}
			for _, el := range loads[key] {
				if el != "*" && el != name {
					continue
				}
				urls := []string{a.Val}
				if key == "srcset" {
					urls = srcset(a.Val)
				}
				for _, u := range urls {
					if Remote(u) {
						add("<%s %s=%q> loads from elsewhere", name, a.Key, a.Val)
					}
				}
			}
		}
	}
	return found
}

// plain returns an attribute's value as a URL parser reads its start:
// without ASCII whitespace and controls, in lower case.
func plain(v string) string {
	return strings.ToLower(strings.Map(func(r rune) rune {
		if r <= ' ' || r == 0x7f {
			return -1
		}
		return r
	}, v))
}

// Remote reports whether a browser loading the URL u (an attribute's value
// as the HTML parser gives it) leaves the page's folder: any scheme but
// data:, a host ("//", or "\\" which a browser reads as "//"), or a path
// from the root.
func Remote(u string) bool {
	v := strings.ReplaceAll(plain(u), `\`, "/")
	switch {
	case v == "" || strings.HasPrefix(v, "#") || strings.HasPrefix(v, "data:"):
		return false
	case scheme.MatchString(v) || strings.HasPrefix(v, "/"):
		return true
	}
	return false
}

// srcset returns the URLs of a srcset attribute.
func srcset(v string) []string {
	var urls []string
	for _, cand := range strings.Split(v, ",") {
		if f := strings.Fields(cand); len(f) > 0 {
			urls = append(urls, f[0])
		}
	}
	return urls
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if strings.EqualFold(a.Key, key) {
			return a.Val
		}
	}
	return ""
}
