package terminal

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func TestText(t *testing.T) {
	tests := []struct{ in, plain string }{
		{"\x1b[31mred\x1b[0m", "red"},
		{"\x1b[1;32mbold green\x1b[m!", "bold green!"},
		{"\x1b]8;;http://x\x07link\x1b]8;;\x07", "link"},
		{"plain [31m", "plain [31m"},
		{"10%\r50%\r100%\n", "100%\n"},
		{"long line\rab\n", "abng line\n"},
		{"abc\b\bX\n", "aX\n"},
		{"\x1b[2K\x1b[1Gcleared", "cleared"},
		{"unfinished \x1b[3", "unfinished "},
	}
	for _, tt := range tests {
		if got := Strip(tt.in); got != tt.plain {
			t.Errorf("Strip(%q) = %q, want %q", tt.in, got, tt.plain)
		}
	}
	_, spans := Text("a\x1b[38;5;196mb\x1b[48;2;1;2;3mc\x1b[91;4md\x1b[39;24me")
	want := []Span{
		{"a", plainStyle},
		{"b", Style{FG: 196, BG: NoColor}},
		{"c", Style{FG: 196, BG: RGB(1, 2, 3)}},
		{"d", Style{FG: 9, BG: RGB(1, 2, 3), Underline: true}},
		{"e", Style{FG: NoColor, BG: RGB(1, 2, 3)}},
	}
	if !reflect.DeepEqual(spans, want) {
		t.Errorf("spans\n got %+v\nwant %+v", spans, want)
	}
	if r, g, b := Color(196).RGB(); r != 255 || g != 0 || b != 0 {
		t.Errorf("colour 196 is %d,%d,%d", r, g, b)
	}
	if r, g, b := Color(244).RGB(); r != 128 || g != 128 || b != 128 {
		t.Errorf("colour 244 is %d,%d,%d", r, g, b)
	}
}

// FuzzText: what a terminal shows holds no control character but
// tab and newline, and its spans spell the plain text.
func FuzzText(f *testing.F) {
	for _, s := range []string{"\x1b[31mred\x1b[0m", "a\rb\bc\n", "\x1b]8;;x\x07l", "\x1b[38;5;300m", "\x1b[", "\u009b2J", "\xff\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		plain, spans := Text(s)
		for _, r := range plain {
			if r < 0x20 && r != '\n' && r != '\t' || r >= 0x7f && r < 0xa0 {
				t.Fatalf("control character %U in %q", r, plain)
			}
		}
		if spans != nil {
			var b strings.Builder
			for _, sp := range spans {
				b.WriteString(sp.Text)
			}
			if b.String() != plain {
				t.Fatalf("spans spell %q, plain text is %q", b.String(), plain)
			}
		}
		if len(plain) > 3*len(s)+3 {
			t.Fatalf("%d bytes of text from %d", len(plain), len(s))
		}
	})
}

// TestSGRColors: every foreground and background code of the 16 named
// colours and the defaults, each after a colour is set.
func TestSGRColors(t *testing.T) {
	for code := 30; code <= 107; code++ {
		want, bg := NoColor, false
		switch {
		case code >= 30 && code <= 37:
			want = Color(code - 30)
		case code >= 90 && code <= 97:
			want = Color(code - 82)
		case code >= 40 && code <= 47:
			want, bg = Color(code-40), true
		case code >= 100 && code <= 107:
			want, bg = Color(code-92), true
		case code == 49:
			bg = true
		case code != 39:
			continue
		}
		_, spans := Text("\x1b[38;5;200;48;5;200mx\x1b[" + strconv.Itoa(code) + "my")
		if len(spans) != 2 {
			t.Fatalf("code %d: spans %+v", code, spans)
		}
		got, other := spans[1].FG, spans[1].BG
		if bg {
			got, other = other, got
		}
		if got != want || other != 200 {
			t.Errorf("code %d: style %+v, want colour %d", code, spans[1].Style, want)
		}
	}
}
