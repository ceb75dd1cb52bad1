package sanitize

import (
	"strings"

	"github.com/grundylab/grundy/internal/htmltext"
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
	return htmltext.RewriteTags(s, func(b *strings.Builder, tok html.Token, _ bool) bool {
		kept := tok.Attr[:0]
		for _, a := range tok.Attr {
			if check := urlCheck(tok.Data, a.Key); check == nil || check(a.Val) {
				kept = append(kept, a)
			}
		}
		if len(kept) == len(tok.Attr) {
			return false
		}
		if tok.Data != "img" { // an image with no source shows nothing, as bluemonday drops it
			tok.Attr = kept
			b.WriteString(tok.String())
		}
		return true
	})
}
