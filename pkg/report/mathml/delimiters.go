package mathml

import (
	"fmt"
	"html"
	"regexp"
	"strings"
)

// fences are the characters \big and its kind enlarge.
var fences = map[string]string{
	"(": "(", ")": ")", "[": "[", "]": "]", "|": "|", "/": "/", "<": "⟨", ">": "⟩", ".": "",
	`\{`: "{", `\}`: "}", `\|`: "‖", `\lbrace`: "{", `\rbrace`: "}", `\langle`: "⟨", `\rangle`: "⟩",
	`\lfloor`: "⌊", `\rfloor`: "⌋", `\lceil`: "⌈", `\rceil`: "⌉", `\vert`: "|", `\Vert`: "‖",
	`\lvert`: "|", `\rvert`: "|", `\lVert`: "‖", `\rVert`: "‖", `\backslash`: "∖", `\lbrack`: "[",
	`\rbrack`: "]", `\uparrow`: "↑", `\downarrow`: "↓", `\updownarrow`: "↕", `\Uparrow`: "⇑",
	`\Downarrow`: "⇓", `\Updownarrow`: "⇕", `\mid`: "|",
}

// bigSizes are the heights of \big, \Big, \bigg and \Bigg, as MathJax sets
// them.
var bigSizes = map[string]string{"big": "1.2em", "Big": "1.623em", "bigg": "2.047em", "Bigg": "2.470em"}

// bigCommand matches \big and its kind, with the l, r or m of a left,
// right or middle delimiter.
var bigCommand = regexp.MustCompile(`^(big|Big|bigg|Bigg)([lrm]?)$`)

// cmdBra converts \bra, \ket and \braket of the braket package.
func (r *rewriter) cmdBra(toks []token, i int, name string, depth int) (int, error) {
	a, next, err := arg(toks, i)
	if err != nil {
		return i, fmt.Errorf(`\%s: %w`, name, err)
	}
	open, close := `\langle `, ` \rangle `
	switch name {
	case "bra":
		close = ` \vert `
	case "ket":
		open = ` \vert `
	}
	return next, r.braced("{"+open, a, depth, close+"}")
}

// cmdGenfrac converts \genfrac{left}{right}{thickness}{style}{num}{den}: a
// fraction, without its bar when the thickness is zero, between
// delimiters.
func (r *rewriter) cmdGenfrac(toks []token, i int, name string, depth int) (int, error) {
	var args [6][]token
	next := i
	for k := range args {
		a, n, err := arg(toks, next)
		if err != nil {
			return i, fmt.Errorf(`\genfrac: argument %d: %w`, k+1, err)
		}
		args[k], next = a, n
	}
	delim := func(a []token) (string, error) {
		s := strings.TrimSpace(untokenize(a))
		if s == "" {
			return ".", nil
		}
		if _, ok := fences[s]; !ok {
			return "", fmt.Errorf(`\genfrac: %q is not a delimiter`, s)
		}
		return s, nil
	}
	left, err := delim(args[0])
	if err != nil {
		return i, err
	}
	right, err := delim(args[1])
	if err != nil {
		return i, err
	}
	style := map[string]string{"0": `\displaystyle`, "1": `\textstyle`, "2": `\scriptstyle`, "3": `\scriptscriptstyle`}[strings.TrimSpace(plain(args[3]))]
	bar := strings.TrimSpace(plain(args[2]))
	r.out.WriteString(`{` + style + `\left` + left + `{`)
	if err := r.group(args[4], depth+1); err != nil {
		return i, err
	}
	if w, _, ok := length(bar); ok && strings.Trim(w, "0.em") == "" {
		r.out.WriteString(`\atop `)
	} else {
		r.out.WriteString(`\over `)
	}
	if err := r.group(args[5], depth+1); err != nil {
		return i, err
	}
	r.out.WriteString(`}\right` + right + `}`)
	return next, nil
}

// big converts \big and its kind: the delimiter after it, as high as
// size says (big, Big, bigg or Bigg).
func (r *rewriter) big(toks []token, i int, name, size string) (int, error) {
	a, next, err := arg(toks, i)
	d, ok := fences[untokenize(a)]
	if err != nil || !ok {
		return i, fmt.Errorf(`\%s must be followed by a delimiter`, name)
	}
	h := bigSizes[size]
	r.emitMathML(`<mo fence="false" maxsize="` + h + `" minsize="` + h + `" stretchy="true" symmetric="true">` + html.EscapeString(d) + `</mo>`)
	return next, nil
}

// fence rewrites \left, \right or \middle, whose delimiter treeblood
// takes only right after the command.
func (r *rewriter) fence(toks []token, i int, name string) int {
	r.out.WriteString(`\` + name)
	for i < len(toks) && toks[i].kind == tSpace {
		i++
	}
	if i < len(toks) && toks[i].kind == tChar && isLetter(toks[i].text[0]) {
		r.out.WriteByte(' ')
	}
	return i
}
