package sanitize

import (
	"strings"

	"golang.org/x/net/html"
)

// urlCheck returns the test that the URL in attribute key of element tag
// must pass, or nil for an attribute that holds no URL. bluemonday judges
// a URL's scheme as it is written; these judge it decoded, as a browser
// finally reads it (see SafeLink).
func urlCheck(tag, key string) func(string) bool {
	switch {
	case key == "href" && tag == "a", key == "cite":
		return SafeLink
	case key == "src" && tag == "img":
		return SafeSource
	case (key == "href" || key == "xlink:href") && tag == "image":
		// An SVG document in an SVG <image> could reference others.
		return inlineRaster
	}
	return nil
}

// inlineRaster reports whether v is an inline raster image.
func inlineRaster(v string) bool {
	k, s := classify(v)
	return k == urlImage && rasterImage.MatchString(s)
}

// checkURLs removes from HTML, as bluemonday wrote it, each URL attribute
// that fails its urlCheck, and an image whose source fails. Tags with
// nothing to remove are kept byte for byte.
func checkURLs(s string) string {
	if !strings.Contains(s, "href=") && !strings.Contains(s, "src=") && !strings.Contains(s, "cite=") {
		return s
	}
	var b strings.Builder
	z := html.NewTokenizer(strings.NewReader(s))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return b.String()
		}
		raw := string(z.Raw()) // Token reuses the buffer that Raw returns
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			b.WriteString(raw)
			continue
		}
		tok := z.Token()
		kept := tok.Attr[:0]
		for _, a := range tok.Attr {
			if check := urlCheck(tok.Data, a.Key); check == nil || check(a.Val) {
				kept = append(kept, a)
			}
		}
		if len(kept) == len(tok.Attr) {
			b.WriteString(raw)
			continue
		}
		if tok.Data == "img" {
			continue // an image with no source shows nothing, as bluemonday drops it
		}
		tok.Attr = kept
		b.WriteString(tok.String())
	}
}
