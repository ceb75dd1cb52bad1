package sanitize

import (
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// attacks are inputs that try to run code or load from the network.
var attacks = []string{
	`<script>alert(1)</script>`,
	`<SCRIPT SRC=//evil.example/x.js></SCRIPT>`,
	`<img src=x onerror=alert(1)>`,
	`<img src="http://evil.example/pixel.png">`,
	`<img src="//evil.example/pixel.png">`,
	`<img src="https://evil.example/pixel.png" srcset="https://evil.example/2x.png 2x">`,
	`<a href="javascript:alert(1)">x</a>`,
	`<a href="JaVaScRiPt:alert(1)">x</a>`,
	`<a href="jav&#x09;ascript:alert(1)">x</a>`,
	`<body onload=alert(1)>`,
	`<svg onload=alert(1)><circle r="1"/></svg>`,
	`<svg><script>alert(1)</script></svg>`,
	`<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>`,
	`<svg><use href="https://evil.example/sprite.svg#a"/></svg>`,
	`<svg><use xlink:href="data:image/svg+xml,<svg onload=alert(1)>"/></svg>`,
	`<svg><image href="https://evil.example/i.png"/></svg>`,
	`<svg><rect fill="url(https://evil.example/p.svg#g)" width="1"/></svg>`,
	`<svg><rect fill="url(//evil.example/p.svg#g)" width="1"/></svg>`,
	`<svg><animate attributeName="href" to="javascript:alert(1)"/></svg>`,
	`<svg><set attributeName="onmouseover" to="alert(1)"/></svg>`,
	`<svg><foreignObject><iframe src="https://evil.example"></iframe></foreignObject></svg>`,
	`<div style="background-image: url(https://evil.example/x.png)">x</div>`,
	`<div style="background: url(//evil.example/x.png)">x</div>`,
	`<div style="width: expression(alert(1))">x</div>`,
	`<div style="color: red; behavior: url(x.htc)">x</div>`,
	`<style>@import url(https://evil.example/x.css);</style>`,
	`<link rel="stylesheet" href="https://evil.example/x.css">`,
	`<iframe src="https://evil.example"></iframe>`,
	`<object data="https://evil.example/x.swf"></object>`,
	`<embed src="https://evil.example/x.swf">`,
	`<form action="https://evil.example"><input name="p"></form>`,
	`<meta http-equiv="refresh" content="0;url=https://evil.example">`,
	`<base href="https://evil.example/">`,
	`<video src="https://evil.example/v.mp4" poster="https://evil.example/p.png"></video>`,
	`<math><mi xlink:href="javascript:alert(1)">x</mi></math>`,
	`<math href="javascript:alert(1)"><mi>x</mi></math>`,
	`<p onclick="alert(1)" onmouseover='alert(2)'>text</p>`,
	`<table background="https://evil.example/x.png"><tr><td>x</td></tr></table>`,
	`<svg><text style="font-family: x; fill: url(https://evil.example/#a)">t</text></svg>`,
	`<img src="data:text/html,<script>alert(1)</script>">`,
	`<details open ontoggle=alert(1)><summary>s</summary></details>`,
	`<svg><rect transform="url(https://evil.example/x)"/></svg>`,
	`<svg><rect fill="u&#114;l(//evil.example/x)"/></svg>`,
}

// check parses out as a browser would and reports anything that can run
// code or load from the network. It does not share code with the policy.
func check(t *testing.T, in, out string) {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(out))
	if err != nil {
		t.Fatalf("%q: output does not parse: %v", in, err)
	}
	remote := regexp.MustCompile(`(?i)url\(\s*['"]?[^#'"\s]`)
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		switch strings.ToLower(n.Data) {
		case "script", "style", "iframe", "object", "embed", "link", "meta", "base", "form",
			"input", "video", "audio", "foreignobject", "animate", "set", "frame", "frameset", "applet":
			t.Errorf("%q: element <%s> survived in %q", in, n.Data, out)
		}
		for _, a := range n.Attr {
			key, val := strings.ToLower(a.Key), strings.ToLower(strings.TrimSpace(a.Val))
			switch {
			case strings.HasPrefix(key, "on"):
				t.Errorf("%q: handler %s survived in %q", in, a.Key, out)
			case strings.Contains(strings.Join(strings.Fields(val), ""), "javascript:"):
				t.Errorf("%q: javascript URL survived in %q", in, out)
			case remote.MatchString(val):
				t.Errorf("%q: url() survived in %q", in, out)
			case key == "srcset" || key == "poster" || key == "background" || key == "action":
				t.Errorf("%q: attribute %s survived in %q", in, key, out)
			case key == "src" || key == "href" && n.Data != "a" || key == "xlink:href":
				if !strings.HasPrefix(val, "data:image/") && remoteURL(val) {
					t.Errorf("%q: %s=%q loads from elsewhere, in %q", in, key, a.Val, out)
				}
			}
		}
	}
}

// remoteURL reports whether a browser would fetch the URL from another
// place than the page's folder: it removes tabs and newlines and trims
// controls and spaces as the URL standard says, then looks for a scheme or
// a host.
func remoteURL(s string) bool {
	s = strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, s)
	s = strings.TrimFunc(s, func(r rune) bool { return r <= ' ' })
	if strings.HasPrefix(s, "//") || strings.HasPrefix(s, `\\`) || strings.HasPrefix(s, "/") {
		return true
	}
	u, err := url.Parse(s)
	return err != nil || u.Scheme != "" || u.Host != ""
}

func TestAttacks(t *testing.T) {
	for _, in := range attacks {
		check(t, in, HTML(in))
	}
}

func TestKeeps(t *testing.T) {
	tests := []struct{ in, want string }{
		{`<b>bold</b> <i>it</i>`, `<b>bold</b> <i>it</i>`},
		{`<table class="dataframe"><tr><td style="text-align: right">1</td></tr></table>`, `<table class="dataframe"><tr><td style="text-align: right">1</td></tr></table>`},
		{`<a href="https://go.dev">Go</a>`, `<a href="https://go.dev" rel="nofollow">Go</a>`},
		{`<img src="data:image/png;base64,iVBORw0KGgo=" alt="plot">`, `<img src="data:image/png;base64,iVBORw0KGgo=" alt="plot">`},
		{`<img src="post_files/fig1.png">`, `<img src="post_files/fig1.png">`},
		{`<svg width="288pt" height="216pt" viewBox="0 0 288 216" xmlns="http://www.w3.org/2000/svg"><g transform="scale(1, -1) translate(0, -216)"><path d="M0,0L288,0Z" style="fill:#FFFFFF;stroke-width:0.5"/><text x="1" style="font-family:Liberation Serif;font-size:12px">Hi</text></g></svg>`,
			`<svg width="288pt" height="216pt" viewbox="0 0 288 216" xmlns="http://www.w3.org/2000/svg"><g transform="scale(1, -1) translate(0, -216)"><path d="M0,0L288,0Z" style="fill: #FFFFFF; stroke-width: 0.5"/><text x="1" style="font-family: Liberation Serif; font-size: 12px">Hi</text></g></svg>`},
		{`<svg><defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs><rect fill="url(#g)" width="1"/><use href="#g"/></svg>`,
			`<svg><defs><lineargradient id="g"><stop offset="0" stop-color="red"/></lineargradient></defs><rect fill="url(#g)" width="1"/><use href="#g"/></svg>`},
		{`<math display="block"><mfrac><mi>a</mi><mn>2</mn></mfrac></math>`, `<math display="block"><mfrac><mi>a</mi><mn>2</mn></mfrac></math>`},
		{`<details><summary>more</summary>text</details>`, `<details><summary>more</summary>text</details>`},
	}
	for _, tt := range tests {
		got := HTML(tt.in)
		if got != tt.want {
			t.Errorf("HTML(%q)\n got  %q\n want %q", tt.in, got, tt.want)
		}
		check(t, tt.in, got)
	}
}

func FuzzHTML(f *testing.F) {
	for _, a := range attacks {
		f.Add(a)
	}
	f.Fuzz(func(t *testing.T, in string) {
		check(t, in, HTML(in))
	})
}

func BenchmarkHTML(b *testing.B) {
	unit := `<p class="x" onclick="y()">Some <b>text</b> and <svg viewBox="0 0 10 10"><path d="M0,0L1,1" style="fill:none"/></svg></p>`
	for _, n := range []int{1, 100, 10000} {
		in := strings.Repeat(unit, n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				HTML(in)
			}
		})
	}
}

func TestSVG(t *testing.T) {
	in := `<?xml version="1.0"?><!-- c --><svg viewBox="0 0 2 2" onload="x()"><defs><linearGradient id="g" gradientUnits="userSpaceOnUse"/></defs><rect fill="url(#g)" width="2" height="2"/><script>x()</script></svg>`
	want := `<svg viewBox="0 0 2 2" xmlns="http://www.w3.org/2000/svg"><defs><linearGradient id="g" gradientUnits="userSpaceOnUse"/></defs><rect fill="url(#g)" width="2" height="2"/></svg>`
	if got := SVG(in); got != want {
		t.Errorf("SVG:\n got  %s\n want %s", got, want)
	}
}

// TestImageSourceWhitespace is the reviewer's finding: a source with
// spaces or controls around or inside it, which a browser strips, must not
// pass as a local file and load from the web.
func TestImageSourceWhitespace(t *testing.T) {
	for _, src := range []string{
		` //evil.example/x.png`, `&#x20;//evil.example/x.png`, `&#9;//evil.example/x.png`,
		"\f//evil.example/x.png", "\t/\t/evil.example/x.png", `&#10;/&#10;/evil.example/x.png`,
		` https://evil.example/x.png`,
	} {
		out := HTML(`<img src="` + src + `">`)
		if strings.Contains(out, "src=") {
			t.Errorf("%q: kept as %s", src, out)
		}
	}
	for _, src := range []string{"x.png", "figs/x.png", "#frag", "data:image/png;base64,AAAA"} {
		if out := HTML(`<img src="` + src + `">`); !strings.Contains(out, "src=") {
			t.Errorf("%q: local image dropped: %s", src, out)
		}
	}
}
