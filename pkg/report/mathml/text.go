package mathml

import (
	"errors"
	"fmt"
	"html"
	"strconv"
	"strings"
	"unicode/utf8"
)

// textElement returns an <mtext> showing s, keeping spaces at its ends,
// which MathML would otherwise drop.
func textElement(s, variant string) string {
	s = strings.ReplaceAll(s, " ", "\u00a0")
	attr := ""
	if variant != "" {
		attr = ` mathvariant="` + variant + `"`
	}
	return "<mtext" + attr + ">" + html.EscapeString(s) + "</mtext>"
}

// maxTextNesting is how deep \text{...$...$...} may nest: each level is
// converted on its own.
const maxTextNesting = 20

// textVariants are \text and its kind, by the mathvariant of their text.
var textVariants = map[string]string{
	"text": "", "textrm": "", "textnormal": "", "textup": "", "textmd": "", "mbox": "", "hbox": "",
	"textit": "italic", "textsl": "italic", "emph": "italic", "textbf": "bold",
	"textsf": "sans-serif", "texttt": "monospace", "textsc": "", "intertext": "",
}

// text converts the argument of \text and its kind: text, with any $...$
// in it as math.
func (r *rewriter) text(toks []token, variant string) error {
	var parts []string
	start := 0
	flush := func(end int) {
		if s := plain(toks[start:end]); s != "" {
			parts = append(parts, textElement(s, variant))
		}
	}
	depth := 0
	for i := 0; i < len(toks); i++ {
		switch toks[i].kind {
		case tBegin:
			depth++
		case tEnd:
			depth--
		}
		if depth != 0 || !toks[i].is(tChar, "$") {
			continue
		}
		// The closing dollar is the next one outside braces, so that a
		// formula may hold \text with dollars of its own.
		j, d := i+1, 0
		for ; j < len(toks) && (d != 0 || !toks[j].is(tChar, "$")); j++ {
			switch toks[j].kind {
			case tBegin:
				d++
			case tEnd:
				d--
			}
		}
		if j == len(toks) {
			break
		}
		if r.c.nesting >= maxTextNesting {
			return fmt.Errorf("%w: \\text and math nested more than %d deep", ErrLimit, maxTextNesting)
		}
		flush(i)
		r.c.nesting++
		inner, err := r.c.inner(toks[i+1 : j])
		r.c.nesting--
		if err != nil {
			return err
		}
		parts = append(parts, inner)
		start, i = j+1, j
	}
	flush(len(toks))
	switch len(parts) {
	case 0:
		r.emitMathML("<mtext></mtext>")
	case 1:
		r.emitMathML(parts[0])
	default:
		r.emitMathML("<mrow>" + strings.Join(parts, "") + "</mrow>")
	}
	return nil
}

// cmdVerb converts \verb|...|, text set as it is written.
func (r *rewriter) cmdVerb(toks []token, i int, name string, depth int) (int, error) {
	if i >= len(toks) || toks[i].kind != tChar {
		return i, errors.New(`\verb: missing its delimiter`)
	}
	delim := toks[i].text
	for j := i + 1; j < len(toks); j++ {
		if toks[j].is(tChar, delim) {
			r.emitMathML(textElement(untokenize(toks[i+1:j]), "monospace"))
			return j + 1, nil
		}
	}
	return i, errors.New(`\verb: missing its closing delimiter`)
}

// cmdUnicode converts \unicode{n}, a character by its number.
func (r *rewriter) cmdUnicode(toks []token, i int, name string, depth int) (int, error) {
	a, next, err := arg(toks, i)
	if err != nil {
		return i, fmt.Errorf(`\unicode: %w`, err)
	}
	s := strings.TrimSpace(plain(a))
	base := 10
	if rest, ok := strings.CutPrefix(strings.ToLower(s), "x"); ok {
		s, base = rest, 16
	}
	n, err := strconv.ParseUint(s, base, 32)
	if err != nil || !utf8.ValidRune(rune(n)) || n < 0x20 || n == marker || n == markerEnd {
		return i, fmt.Errorf(`\unicode{%s}: not a character`, plain(a))
	}
	r.emitMathML("<mi>" + html.EscapeString(string(rune(n))) + "</mi>")
	return next, nil
}

// textCommand converts \text and its kind, starred or not, in the
// variant v.
func (r *rewriter) textCommand(toks []token, i int, name, v string) (int, error) {
	i, _ = star(toks, i)
	a, next, err := arg(toks, i)
	if err != nil {
		return i, fmt.Errorf(`\%s: %w`, name, err)
	}
	return next, r.text(a, v)
}
