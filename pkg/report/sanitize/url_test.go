package sanitize

import (
	"strings"
	"testing"
)

// escapedURLs are ways to write a scheme or a host that a browser, or a
// Markdown renderer and then a browser, decode: each must be judged as the
// decoded URL.
var escapedURLs = []struct {
	raw  string
	link bool // may be followed as a link
}{
	{"javascript:alert(1)", false},
	{"JaVaScRiPt:alert(1)", false},
	{"javascript&colon;alert(1)", false},
	{"javascript&#58;alert(1)", false},
	{"javascript&#x3A;alert(1)", false},
	{"javascript&#x3a;alert(1)", false},
	{"javascript&#0000058alert(1)", false},
	{"&#106;avascript:alert(1)", false},
	{"&#x6A;avascript:alert(1)", false},
	{"&#X6A;avascript:alert(1)", false},
	{"&#106avascript:alert(1)", false},
	{"java&#9;script:alert(1)", false},
	{"java&Tab;script:alert(1)", false},
	{"java&NewLine;script:alert(1)", false},
	{"java&#x0D;script:alert(1)", false},
	{"java\tscript:alert(1)", false},
	{"java\nscript:alert(1)", false},
	{"java\x00script:alert(1)", false},
	{" \x01javascript:alert(1)", false},
	{"&#32;javascript:alert(1)", false},
	{"javascript\\:alert(1)", false},
	{"&amp;#106;avascript:alert(1)", false},
	{"&amp;amp;#106;avascript:alert(1)", false},
	{"&amp;amp;amp;amp;amp;#106;avascript:alert(1)", false},
	{"vbscript:msgbox(1)", false},
	{"VBScript&colon;msgbox(1)", false},
	{"data:text/html,<script>alert(1)</script>", false},
	{"data&colon;text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", false},
	{"file:///etc/passwd", false},
	{"FILE&colon;///etc/passwd", false},
	{"intent://x#Intent;end", false},
	{"http://example.com/x", true},
	{"http&colon;//example.com/x", true},
	{"http&#x3A;//example.com/x", true},
	{"http&#58;//example.com/x", true},
	{"&#104;ttp://example.com/x", true},
	{"&#x68;ttps://example.com/x", true},
	{"HTTPS://example.com/x", true},
	{"//example.com/x", true},
	{"&#47;/example.com/x", true},
	{"&sol;&sol;example.com/x", true},
	{"\\\\example.com/x", true},
	{"/\\example.com/x", true},
	{"\\/\\/example.com/x", true},
	{"&#92;&#92;example.com/x", true},
	{" //example.com/x", true},
	{"\t/\t/example.com/x", true},
	{"&#10;/&#10;/example.com/x", true},
	{"mailto:a@example.com", true},
	{"/root/x.png", true},
}

// TestSafeLinkDecodes: every escaped form is judged as what it decodes
// to; none passes as a local file.
func TestSafeLinkDecodes(t *testing.T) {
	for _, tt := range escapedURLs {
		if got := SafeLink(tt.raw); got != tt.link {
			t.Errorf("SafeLink(%q) = %v, want %v", tt.raw, got, tt.link)
		}
		if SafeSource(tt.raw) {
			t.Errorf("SafeSource(%q) = true: it is not a file beside the page", tt.raw)
		}
	}
}

// TestSafeSourceStaysInside: a source that climbs out of the page's
// folder, however written, is refused; a link there is the reader's
// choice.
func TestSafeSourceStaysInside(t *testing.T) {
	for _, raw := range []string{
		"../x.png", "..", "a/../../x.png", "./../x.png", `..\x.png`, "%2e%2e/x.png", ".%2E/x.png",
		"..%2fx.png", "a/..%2f..%2fx.png", "&#46;&#46;/x.png", "%252e%252e/x.png", "a/b/../../../x.png",
		"../../../../../../tmp/private.png", "..?q", "../#f",
	} {
		if SafeSource(raw) || !SafeLink(raw) {
			t.Errorf("%q: SafeSource %v, SafeLink %v; want false, true", raw, SafeSource(raw), SafeLink(raw))
		}
	}
	for _, raw := range []string{"a/../x.png", "a/b/../../x.png", "..x.png", "x..png", "a/..b/x.png", "./x.png", "x.png?p=../y", "x.png#../y"} {
		if !SafeSource(raw) {
			t.Errorf("SafeSource(%q) = false: it stays in the folder", raw)
		}
	}
}

// TestSafeSourceKeeps: what a page may load, written plainly or escaped.
func TestSafeSourceKeeps(t *testing.T) {
	for _, raw := range []string{
		"x.png", "figs/x.png", "my%20post%20%281%29_files/cell1-w.webp", "a%3Ab_files/x.png", "#frag", "?q=1",
		"data:image/png;base64,AAAA", "DATA:IMAGE/PNG;base64,AAAA", "data&colon;image/gif;base64,R0lG",
		"my notes: 1.png", "x.png?a=1&amp;b=2",
	} {
		if !SafeSource(raw) || !SafeLink(raw) {
			t.Errorf("%q: SafeSource %v, SafeLink %v; want both", raw, SafeSource(raw), SafeLink(raw))
		}
	}
	// An SVG image cannot run script where it is an image, but a link
	// opens it as a document.
	svg := "data:image/svg+xml,<svg onload=alert(1)>"
	if !SafeSource(svg) || SafeLink(svg) {
		t.Errorf("%q: SafeSource %v, SafeLink %v; want true, false", svg, SafeSource(svg), SafeLink(svg))
	}
}

// TestEscapedAttributes puts the escaped URLs in the attributes that hold
// one: none survives that a browser would load or run.
func TestEscapedAttributes(t *testing.T) {
	for _, tt := range escapedURLs {
		// Raw text in an attribute is read once by the HTML parser; the
		// attribute value given here is written as HTML, so a literal
		// control character or "<" is escaped first.
		v := strings.NewReplacer(`"`, "&quot;", "<", "&lt;").Replace(tt.raw)
		for _, in := range []string{
			`<img src="` + v + `">`,
			`<a href="` + v + `">x</a>`,
			`<blockquote cite="` + v + `">q</blockquote>`,
			`<svg><image href="` + v + `"/></svg>`,
		} {
			out := HTML(in)
			check(t, in, out)
			if strings.HasPrefix(in, "<a ") && !tt.link && strings.Contains(out, "href=") {
				t.Errorf("%q: href kept: %s", in, out)
			}
		}
	}
}

func TestDecodeURLBounded(t *testing.T) {
	if _, ok := decodeURL(strings.Repeat("&amp;", 3) + "x"); !ok {
		t.Error("three levels of &amp; do not settle")
	}
	if _, ok := decodeURL("&" + strings.Repeat("amp;", 6) + "#106;avascript:x"); ok {
		t.Error("six levels of &amp; settle")
	}
	long := strings.Repeat("&#106;", 100000)
	if s, ok := decodeURL(long); !ok || s != strings.Repeat("j", 100000) {
		t.Errorf("long URL decoded to %d bytes, %v", len(s), ok)
	}
}

func FuzzSafeLink(f *testing.F) {
	for _, tt := range escapedURLs {
		f.Add(tt.raw)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		s, ok := decodeURL(raw)
		if !ok {
			if SafeLink(raw) || SafeSource(raw) {
				t.Fatalf("%q does not decode, yet is judged safe", raw)
			}
			return
		}
		// What passes as a source is local once decoded: no scheme but
		// an inline image, no host.
		lower := strings.ReplaceAll(strings.ToLower(s), `\`, "/")
		if SafeSource(raw) {
			if scheme.MatchString(lower) && !strings.HasPrefix(lower, "data:image/") || strings.HasPrefix(lower, "/") || strings.HasPrefix(lower, "../") {
				t.Fatalf("SafeSource(%q): decoded %q loads from elsewhere", raw, s)
			}
		}
		if SafeLink(raw) && (strings.HasPrefix(lower, "javascript:") || strings.HasPrefix(lower, "vbscript:")) {
			t.Fatalf("SafeLink(%q): decoded %q runs script", raw, s)
		}
	})
}
