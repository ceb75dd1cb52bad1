package terminal

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// A Color is a terminal colour: NoColor, an index into the 256-colour
// palette (0–7 the named colours, 8–15 their bright forms), or a 24-bit
// colour made by RGB.
type Color int32

// NoColor is the terminal's default colour.
const NoColor Color = -1

const rgbFlag = 1 << 24

// RGB returns the 24-bit colour r, g, b.
func RGB(r, g, b uint8) Color { return rgbFlag | Color(r)<<16 | Color(g)<<8 | Color(b) }

// Palette returns the colour's palette index, if it is one.
func (c Color) Palette() (int, bool) { return int(c), c >= 0 && c < 256 }

// RGB returns the colour as red, green and blue, with xterm's values for
// the palette; NoColor gives black.
func (c Color) RGB() (r, g, b uint8) {
	switch {
	case c&rgbFlag != 0:
		return uint8(c >> 16), uint8(c >> 8), uint8(c)
	case c < 0:
		return 0, 0, 0
	case c < 16:
		v := basicRGB[c]
		return uint8(v >> 16), uint8(v >> 8), uint8(v)
	case c < 232:
		i := int(c) - 16
		level := func(n int) uint8 {
			if n == 0 {
				return 0
			}
			return uint8(55 + 40*n)
		}
		return level(i / 36), level(i / 6 % 6), level(i % 6)
	}
	v := uint8(8 + 10*(int(c)-232))
	return v, v, v
}

// basicRGB holds xterm's values of the 16 named colours.
var basicRGB = [16]uint32{
	0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd, 0xe5e5e5,
	0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff,
}

// A Style is how a terminal shows text.
type Style struct {
	FG, BG                  Color
	Bold, Italic, Underline bool
}

// plainStyle is the terminal's style before any escape.
var plainStyle = Style{FG: NoColor, BG: NoColor}

// A Span is text in one style.
type Span struct {
	Text string
	Style
}

type termCell struct {
	r     rune
	style Style
}

// terminal turns text written to a terminal into what it shows: colour
// and style escapes become spans, carriage returns and backspaces
// overwrite the line as Jupyter's output area does, other escapes are
// dropped and other control characters shown as their pictures.
type terminal struct {
	style  Style
	line   []termCell
	cursor int
	spans  []Span
	// span is the text of the span being written, in spanStyle.
	span      strings.Builder
	spanStyle Style
	text      strings.Builder
	styled    bool
}

// Text returns what a terminal shows for s: the plain text, and spans of
// styled text when any escape set a style (else nil). The time is linear
// in len(s); lines without carriage returns or backspaces are copied a
// run at a time.
func Text(s string) (string, []Span) {
	t := terminal{style: plainStyle}
	t.text.Grow(len(s))
	for len(s) > 0 {
		line, rest, found := strings.Cut(s, "\n")
		line = strings.TrimSuffix(line, "\r")
		if strings.ContainsAny(line, "\r\b") {
			t.overwriting(line)
		} else {
			t.direct(line)
		}
		if found {
			t.emitString("\n", t.style)
		}
		s = rest
	}
	t.endSpan()
	if !t.styled {
		return t.text.String(), nil
	}
	return t.text.String(), t.spans
}

// direct writes a line with no carriage return or backspace.
func (t *terminal) direct(line string) {
	start := 0
	for i := 0; i < len(line); {
		c := line[i]
		if c >= 0x20 && c < 0x7f || c == '\t' {
			i++
			continue
		}
		r, size := rune(c), 1
		if c >= 0x80 {
			r, size = utf8.DecodeRuneInString(line[i:])
			if visible(r) == r && (r != utf8.RuneError || size > 1) {
				i += size
				continue
			}
		}
		t.emitString(line[start:i], t.style)
		if c == 0x1b {
			i = t.escape(line, i)
		} else {
			t.emit(visible(r), t.style)
			i += size
		}
		start = i
	}
	t.emitString(line[start:], t.style)
}

// overwriting writes a line in which carriage returns and backspaces
// move the cursor back, one cell at a time.
func (t *terminal) overwriting(line string) {
	for i := 0; i < len(line); {
		c := line[i]
		switch c {
		case 0x1b:
			i = t.escape(line, i)
			continue
		case '\r':
			t.cursor = 0
		case '\b':
			if t.cursor > 0 {
				t.cursor--
				if t.cursor == len(t.line)-1 {
					t.line = t.line[:t.cursor]
				}
			}
		default:
			r, size := utf8.DecodeRuneInString(line[i:])
			t.put(visible(r))
			i += size
			continue
		}
		i++
	}
	t.flush()
}

// visible returns r, or the picture of a control character.
func visible(r rune) rune {
	switch {
	case r == '\t':
		return r
	case r < 0x20:
		return 0x2400 + r
	case r == 0x7f:
		return '\u2421'
	case r >= 0x80 && r < 0xa0:
		return utf8.RuneError
	}
	return r
}

func (t *terminal) put(r rune) {
	c := termCell{r, t.style}
	if t.cursor < len(t.line) {
		t.line[t.cursor] = c
	} else {
		t.line = append(t.line, c)
	}
	t.cursor++
}

// flush moves the current line into the spans.
func (t *terminal) flush() {
	for _, c := range t.line {
		t.emit(c.r, c.style)
	}
	t.line = t.line[:0]
	t.cursor = 0
}

func (t *terminal) emit(r rune, st Style) {
	var buf [utf8.UTFMax]byte
	t.emitString(string(buf[:utf8.EncodeRune(buf[:], r)]), st)
}

func (t *terminal) emitString(s string, st Style) {
	if s == "" {
		return
	}
	if st != t.spanStyle && t.span.Len() > 0 {
		t.endSpan()
	}
	t.spanStyle = st
	t.span.WriteString(s)
	t.text.WriteString(s)
	if st != plainStyle {
		t.styled = true
	}
}

// endSpan moves the text of the current span into the spans.
func (t *terminal) endSpan() {
	if t.span.Len() > 0 {
		t.spans = append(t.spans, Span{Text: t.span.String(), Style: t.spanStyle})
		t.span.Reset()
	}
}

// escape reads the escape sequence at s[i] and returns the index after it.
func (t *terminal) escape(s string, i int) int {
	if i+1 >= len(s) {
		return len(s)
	}
	switch s[i+1] {
	case '[': // CSI: parameters, intermediates, a final byte
		j := i + 2
		for j < len(s) && s[j] >= 0x30 && s[j] <= 0x3f {
			j++
		}
		params := s[i+2 : j]
		for j < len(s) && s[j] >= 0x20 && s[j] <= 0x2f {
			j++
		}
		if j >= len(s) {
			return len(s)
		}
		if s[j] == 'm' {
			t.sgr(params)
		}
		return j + 1
	case ']', 'P', '_', '^': // OSC and other strings, up to BEL or ST
		for j := i + 2; j < len(s); j++ {
			if s[j] == 0x07 {
				return j + 1
			}
			if s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\' {
				return j + 2
			}
		}
		return len(s)
	}
	return i + 2
}

// sgr applies Select Graphic Rendition parameters.
func (t *terminal) sgr(params string) {
	if params == "" {
		t.style = plainStyle
		return
	}
	codes := strings.FieldsFunc(params, func(r rune) bool { return r == ';' || r == ':' })
	nums := make([]int, len(codes))
	for k, c := range codes {
		n, err := strconv.Atoi(c)
		if err != nil || n > 1<<16 {
			return // not SGR as a kernel writes it
		}
		nums[k] = n
	}
	st := &t.style
	for k := 0; k < len(nums); k++ {
		n := nums[k]
		switch {
		case n == 0:
			*st = plainStyle
		case n == 1:
			st.Bold = true
		case n == 3:
			st.Italic = true
		case n == 4:
			st.Underline = true
		case n == 22:
			st.Bold = false
		case n == 23:
			st.Italic = false
		case n == 24:
			st.Underline = false
		case n >= 30 && n <= 39 && n != 38, n >= 90 && n <= 97:
			st.FG = basicColor(n - 30)
		case n >= 40 && n <= 49 && n != 48, n >= 100 && n <= 107:
			st.BG = basicColor(n - 40)
		case n == 38 || n == 48:
			c, used := extendedColor(nums[k+1:])
			k += used
			if c == NoColor {
				continue
			}
			if n == 38 {
				st.FG = c
			} else {
				st.BG = c
			}
		}
	}
}

// basicColor returns the colour of an SGR code less its base (30 for the
// foreground, 40 for the background): 0–7 the named colours, 60–67 their
// bright forms, 9 the default.
func basicColor(c int) Color {
	switch {
	case c == 9:
		return NoColor
	case c >= 60:
		return Color(c - 60 + 8)
	}
	return Color(c)
}

// extendedColor reads "5;N" or "2;R;G;B" and returns the colour and the
// number of parameters read.
func extendedColor(p []int) (Color, int) {
	switch {
	case len(p) >= 2 && p[0] == 5:
		if p[1] < 256 {
			return Color(p[1]), 2
		}
		return NoColor, 2
	case len(p) >= 4 && p[0] == 2:
		if p[1] < 256 && p[2] < 256 && p[3] < 256 {
			return RGB(uint8(p[1]), uint8(p[2]), uint8(p[3])), 4
		}
		return NoColor, 4
	}
	return NoColor, len(p)
}

// Strip returns text written to a terminal as the terminal shows it,
// without colours: escapes removed, carriage returns and backspaces
// applied, control characters shown as their pictures.
func Strip(s string) string {
	plain, _ := Text(s)
	return plain
}
