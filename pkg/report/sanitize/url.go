package sanitize

import (
	"html"
	"net/url"
	"regexp"
	"strings"
)

// A urlKind is what a browser does with a URL, once every decoding on its
// way from a notebook to the browser has been applied.
type urlKind int

const (
	// urlLocal is a path relative to the page, a query or a fragment.
	urlLocal urlKind = iota
	// urlRooted is a path from the root of the site ("/x"): a link may go
	// there, but on a page opened from disk it is a file elsewhere.
	urlRooted
	// urlClimbing is a relative path that climbs out of the page's
	// folder ("../x", "a/../../x"): a link may go there, but what a page
	// loads from there is no file of the site.
	urlClimbing
	// urlImage is an inline image: a data: URI of an image type.
	urlImage
	// urlWeb is an address on the web: a scheme a browser follows
	// without running anything, or a host ("//host/x").
	urlWeb
	// urlUnsafe is everything else: javascript:, vbscript:, file:, data:
	// of any other type, schemes a browser hands to other programs, and
	// text whose decoding does not settle.
	urlUnsafe
)

// maxDecodes bounds the rounds of decoding of one URL. A Markdown renderer
// decodes once and a browser once more; a URL still changing after four
// rounds is made to fool a checker, and is unsafe.
const maxDecodes = 4

var (
	// scheme matches a URL scheme, as the URL standard reads one.
	scheme = regexp.MustCompile(`^[a-z][a-z0-9+.\-]*:`)
	// inlineImage matches data: URIs of image types a browser draws
	// without running anything; rasterImage those goldmark also lets a
	// link name.
	inlineImage = regexp.MustCompile(`^data:image/(?:png|jpeg|gif|webp|svg\+xml)[;,]`)
	rasterImage = regexp.MustCompile(`^data:image/(?:png|jpeg|gif|webp)[;,]`)
)

// webSchemes are the schemes a link may have: following one opens a page
// or a mail or phone program, and runs nothing.
var webSchemes = map[string]bool{"http:": true, "https:": true, "ftp:": true, "mailto:": true, "tel:": true}

// SafeLink reports whether raw, as the destination of a link (an href),
// can be followed without running anything: a path, a query or a fragment,
// an address on the web (http, https, ftp, mailto, tel, or a host after
// "//"), or an inline raster image. Following a link is the reader's
// choice, so a link may lead off the site; it may never be javascript:,
// vbscript:, file: or data: of another type.
//
// raw is judged as a browser finally reads it: after the backslash
// escapes of Markdown and HTML character references (named, decimal, hex,
// with or without ";"), decoded until nothing changes; without control
// characters or spaces at its ends and tabs or newlines inside, which a
// browser strips; in lower case; and with backslashes read as slashes, as
// a browser reads them in web addresses.
func SafeLink(raw string) bool {
	switch k, s := classify(raw); k {
	case urlLocal, urlRooted, urlClimbing, urlWeb:
		return true
	case urlImage:
		return rasterImage.MatchString(s)
	}
	return false
}

// SafeSource reports whether raw, as the source of an image or anything
// else a browser loads by itself, stays in the page's folder: a path
// relative to the page that does not climb out of its folder (not "/x",
// which on a page opened from disk is a file elsewhere, nor "../x" or
// "a/../../x", however its dots and slashes are escaped), a query or a
// fragment, or an inline image (a data: URI of type PNG, JPEG, GIF, WebP
// or SVG). raw is decoded as for SafeLink first, so no escape hides a
// scheme or a host.
func SafeSource(raw string) bool {
	k, _ := classify(raw)
	return k == urlLocal || k == urlImage
}

// classify returns the kind of raw and raw decoded, in lower case.
func classify(raw string) (urlKind, string) {
	s, ok := decodeURL(raw)
	if !ok {
		return urlUnsafe, ""
	}
	s = strings.ToLower(s)
	if m := scheme.FindString(s); m != "" {
		switch {
		case webSchemes[m]:
			return urlWeb, s
		case m == "data:" && inlineImage.MatchString(s):
			return urlImage, s
		}
		return urlUnsafe, s
	}
	slashed := strings.ReplaceAll(s, `\`, "/")
	switch {
	case strings.HasPrefix(slashed, "//"):
		return urlWeb, s
	case strings.HasPrefix(slashed, "/"):
		return urlRooted, s
	case climbs(slashed):
		return urlClimbing, s
	}
	return urlLocal, s
}

// climbs reports whether the relative path p, its query or fragment
// aside, leads out of the folder it starts in, with its segments
// percent-decoded as a browser reads "%2e%2e" and a file system "%2f".
func climbs(p string) bool {
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		p = p[:i]
	}
	for range maxDecodes {
		next, err := url.PathUnescape(p)
		if err != nil || next == p {
			break
		}
		p = strings.ReplaceAll(next, `\`, "/")
	}
	depth := 0
	for seg := range strings.SplitSeq(p, "/") {
		switch seg {
		case "..":
			if depth--; depth < 0 {
				return true
			}
		case ".", "":
		default:
			depth++
		}
	}
	return false
}

// decodeURL returns raw as a browser reads it after a Markdown renderer
// and an HTML parser have decoded it: backslash escapes and character
// references decoded until the text stops changing, then control
// characters removed and spaces trimmed. It reports false when the text
// still changes after maxDecodes rounds.
func decodeURL(raw string) (string, bool) {
	s := raw
	for range maxDecodes {
		// html.UnescapeString reads references as a browser does in
		// text: every named one with ";", the old ones without, and
		// numeric ones with or without ";".
		next := html.UnescapeString(unescapePunctuation(s))
		if next == s {
			return strings.TrimSpace(strings.Map(dropControl, s)), true
		}
		s = next
	}
	return "", false
}

// dropControl removes C0 control characters and DEL. A browser removes
// tabs and newlines anywhere in a URL and controls at its ends; removing
// every control reads "java\x01script:" as a scheme, which is the safe
// mistake.
func dropControl(r rune) rune {
	if r < 0x20 || r == 0x7f {
		return -1
	}
	return r
}

// unescapePunctuation removes the backslash before ASCII punctuation, as
// CommonMark reads a link destination.
func unescapePunctuation(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && isPunct(s[i+1]) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// isPunct reports whether c is ASCII punctuation, as CommonMark defines it.
func isPunct(c byte) bool {
	return '!' <= c && c <= '/' || ':' <= c && c <= '@' || '[' <= c && c <= '`' || '{' <= c && c <= '~'
}
