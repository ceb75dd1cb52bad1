package bib

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// A run is decoded text with its case protection: text inside braces in
// a BibTeX value keeps its case when a style changes the case of a title.
type run struct {
	text    string
	protect bool
}

// decodeText returns a field value as Unicode text: TeX accents and
// symbols resolved, braces removed, "~" a no-break space, "--" and "---"
// dashes, white space collapsed.
func decodeText(raw string) string {
	var b strings.Builder
	for _, r := range decode(raw) {
		b.WriteString(r.text)
	}
	return b.String()
}

// decode turns a raw value into runs. Output is never longer than a
// constant times the input: every construct writes at most a few bytes
// more than it reads.
func decode(raw string) []run {
	d := &decoder{src: raw}
	d.seq(0, false, false)
	d.flush()
	return collapse(d.runs)
}

type decoder struct {
	src  string
	pos  int
	runs []run
	cur  strings.Builder
	prot bool
	// accentDepth counts accents applied to accents (\"\'o), which
	// maxAccents bounds, so that a chain of them costs linear time.
	accentDepth int
}

const maxAccents = 3

func (d *decoder) emit(s string, protect bool) {
	if s == "" {
		return
	}
	if protect != d.prot && d.cur.Len() > 0 {
		d.flush()
	}
	d.prot = protect
	d.cur.WriteString(s)
}

func (d *decoder) flush() {
	if d.cur.Len() > 0 {
		d.runs = append(d.runs, run{d.cur.String(), d.prot})
		d.cur.Reset()
	}
}

// seq decodes text up to the "}" closing the group at depth (or the end),
// which it consumes. inMath is true inside $...$.
func (d *decoder) seq(depth int, protect, inMath bool) {
	for d.pos < len(d.src) {
		c := d.src[d.pos]
		switch {
		case c == '}':
			d.pos++
			if depth > 0 {
				return
			}
		case c == '{':
			d.pos++
			// At the top of a value, {\"o} is a special character, which
			// BibTeX does not protect; any other group is protected.
			special := depth == 0 && d.pos < len(d.src) && d.src[d.pos] == '\\'
			d.seq(depth+1, protect || !special, inMath)
		case c == '\\':
			d.command(depth, protect, inMath)
		case c == '$':
			d.pos++
			if d.pos < len(d.src) && d.src[d.pos] == '$' {
				d.pos++
			}
			if inMath {
				return
			}
			// Math is its text, protected from case changes.
			d.seq(depth, true, true)
		case c == '~':
			d.pos++
			d.emit("\u00a0", protect)
		case c == '-' && !inMath:
			n := 0
			for d.pos < len(d.src) && d.src[d.pos] == '-' && n < 3 {
				d.pos++
				n++
			}
			d.emit([]string{"", "-", "–", "—"}[n], protect)
		case c == '`' && !inMath:
			if strings.HasPrefix(d.src[d.pos:], "``") {
				d.pos += 2
				d.emit("“", protect)
			} else {
				d.pos++
				d.emit("‘", protect)
			}
		case c == '\'' && !inMath:
			if strings.HasPrefix(d.src[d.pos:], "''") {
				d.pos += 2
				d.emit("”", protect)
			} else {
				d.pos++
				d.emit("’", protect)
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			for d.pos < len(d.src) && strings.IndexByte(" \t\n\r\f\v", d.src[d.pos]) >= 0 {
				d.pos++
			}
			d.emit(" ", protect)
		default:
			r, size := utf8.DecodeRuneInString(d.src[d.pos:])
			d.pos += size
			if r == utf8.RuneError && size == 1 {
				r = unicode.ReplacementChar
			}
			d.emit(string(r), protect)
		}
	}
}

// accents maps TeX's accent commands to combining characters.
var accents = map[string]string{
	"`": "\u0300", "'": "\u0301", "^": "\u0302", "~": "\u0303", "=": "\u0304",
	"u": "\u0306", ".": "\u0307", "\"": "\u0308", "r": "\u030a", "H": "\u030b",
	"v": "\u030c", "d": "\u0323", "c": "\u0327", "k": "\u0328", "b": "\u0331",
	"t": "\u0361",
}

// symbols maps TeX commands without arguments to their text.
var symbols = map[string]string{
	"ss": "ß", "SS": "SS", "o": "ø", "O": "Ø", "aa": "å", "AA": "Å",
	"ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ", "l": "ł", "L": "Ł",
	"i": "ı", "j": "ȷ", "dh": "ð", "DH": "Ð", "th": "þ", "TH": "Þ",
	"ng": "ŋ", "NG": "Ŋ", "dj": "đ", "DJ": "Đ",
	"&": "&", "%": "%", "$": "$", "#": "#", "_": "_", "{": "{", "}": "}",
	" ": " ", ",": "\u2009", ";": " ", ":": " ", "!": "", "-": "", "/": "", "\\": " ",
	"@": "", "textendash": "–", "textemdash": "—", "ldots": "…", "dots": "…",
	"textellipsis": "…", "textquoteleft": "‘", "textquoteright": "’",
	"textquotedblleft": "“", "textquotedblright": "”", "textasciitilde": "~",
	"textbackslash": "\\", "textasciicircum": "^", "textunderscore": "_",
	"textbar": "|", "textless": "<", "textgreater": ">", "S": "§", "P": "¶",
	"copyright": "©", "textcopyright": "©", "textregistered": "®",
	"texttrademark": "™", "pounds": "£", "euro": "€", "dag": "†", "ddag": "‡",
	"guillemotleft": "«", "guillemotright": "»", "guillemetleft": "«",
	"guillemetright": "»", "quad": " ", "qquad": " ", "textdegree": "°",
	"TeX": "TeX", "LaTeX": "LaTeX", "BibTeX": "BibTeX", "relax": "",
	"textperiodcentered": "·", "textbullet": "•", "slash": "/",
}

// skipArg reads past one argument of a command and returns nothing: used
// for the URL of \href, whose text is what a reader sees.
func (d *decoder) skipArg() {
	d.skipSpace()
	if d.pos < len(d.src) && d.src[d.pos] == '{' {
		depth := 0
		for d.pos < len(d.src) {
			c := d.src[d.pos]
			d.pos++
			if c == '{' {
				depth++
			} else if c == '}' {
				depth--
				if depth == 0 {
					return
				}
			}
		}
		return
	}
	if d.pos < len(d.src) {
		_, size := utf8.DecodeRuneInString(d.src[d.pos:])
		d.pos += size
	}
}

func (d *decoder) skipSpace() {
	for d.pos < len(d.src) && (d.src[d.pos] == ' ' || d.src[d.pos] == '\n' || d.src[d.pos] == '\t' || d.src[d.pos] == '\r') {
		d.pos++
	}
}

// command decodes a TeX command at d.pos (a backslash).
func (d *decoder) command(depth int, protect, inMath bool) {
	d.pos++
	if d.pos >= len(d.src) {
		return
	}
	start := d.pos
	if isLetter(d.src[d.pos]) {
		for d.pos < len(d.src) && isLetter(d.src[d.pos]) {
			d.pos++
		}
	} else {
		_, size := utf8.DecodeRuneInString(d.src[d.pos:])
		d.pos += size
	}
	name := d.src[start:d.pos]
	letters := isLetter(name[0])
	if mark, ok := accents[name]; ok && !inMath {
		if letters {
			d.skipSpace()
		}
		base := d.accentBase(depth, protect)
		d.emit(norm.NFC.String(base+mark), protect)
		return
	}
	if s, ok := symbols[name]; ok {
		if letters {
			// A control word eats the spaces after it; "{}" after it is
			// the usual way to keep one, and means nothing.
			d.skipSpace()
			if strings.HasPrefix(d.src[d.pos:], "{}") {
				d.pos += 2
			}
		}
		d.emit(s, protect)
		return
	}
	if !letters {
		// An unknown control symbol stands for itself.
		if r, size := utf8.DecodeRuneInString(name); r == utf8.RuneError && size == 1 {
			name = string(unicode.ReplacementChar)
		}
		d.emit(name, protect)
		return
	}
	switch name {
	case "href":
		d.skipArg()
	case "url", "path", "doi":
		// A URL is verbatim: its "~" and "%" are part of it.
		d.skipSpace()
		if d.pos < len(d.src) && d.src[d.pos] == '{' {
			start := d.pos + 1
			d.skipArg()
			d.emit(strings.TrimSuffix(d.src[start:d.pos], "}"), true)
			return
		}
	}
	// Any other command is dropped, its braced arguments kept as text:
	// \emph{x}, \textsc{x}, \mbox{x}.
	d.skipSpace()
	for d.pos < len(d.src) && d.src[d.pos] == '{' {
		d.pos++
		d.seq(depth+1, protect, inMath)
	}
}

// accentBase reads the argument of an accent: a braced group or the next
// character (or a command such as \i), and returns it as text. The dotless
// i and j take the accent as i and j do.
func (d *decoder) accentBase(depth int, protect bool) string {
	sub := &decoder{src: d.src, pos: d.pos, accentDepth: d.accentDepth + 1}
	if sub.accentDepth > maxAccents {
		return ""
	}
	if d.pos < len(d.src) && d.src[d.pos] == '{' {
		sub.pos++
		sub.seq(depth+1, protect, false)
	} else if d.pos < len(d.src) && d.src[d.pos] == '\\' {
		sub.command(depth, protect, false)
	} else if d.pos < len(d.src) {
		_, size := utf8.DecodeRuneInString(d.src[d.pos:])
		sub.pos += size
		sub.cur.WriteString(d.src[d.pos:sub.pos])
	}
	d.pos = sub.pos
	sub.flush()
	var b strings.Builder
	for _, r := range sub.runs {
		b.WriteString(r.text)
	}
	s := b.String()
	switch {
	case strings.HasPrefix(s, "ı"):
		s = "i" + s[len("ı"):]
	case strings.HasPrefix(s, "ȷ"):
		s = "j" + s[len("ȷ"):]
	}
	return s
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// collapse merges runs of equal protection, collapses white space across
// runs and trims the ends.
func collapse(runs []run) []run {
	var out []run
	var b strings.Builder
	prot := false
	lastSpace := true // trims leading space
	for _, r := range runs {
		if r.protect != prot && b.Len() > 0 {
			out = append(out, run{b.String(), prot})
			b.Reset()
		}
		prot = r.protect
		for _, c := range r.text {
			if c == ' ' {
				if lastSpace {
					continue
				}
				lastSpace = true
			} else {
				lastSpace = false
			}
			b.WriteRune(c)
		}
	}
	if b.Len() > 0 {
		out = append(out, run{b.String(), prot})
	}
	if n := len(out); n > 0 {
		out[n-1].text = strings.TrimRight(out[n-1].text, " ")
		if out[n-1].text == "" {
			out = out[:n-1]
		}
	}
	return out
}
