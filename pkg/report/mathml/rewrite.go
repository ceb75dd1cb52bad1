package mathml

import (
	"errors"
	"fmt"
	"html"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// marker and markerEnd enclose the number of a fragment in the TeX handed to
// treeblood, as \text{<marker>n<markerEnd>}; the MathML built here for the
// fragment replaces the <mtext> that treeblood makes of it. tokenize turns
// both characters in a formula into U+FFFD, so only markers carry them.
const (
	marker    = '\uE000'
	markerEnd = '\uE001'
)

type fragKind uint8

const (
	fragReplace fragKind = iota // replace the <mtext> by html
	fragRowTag                  // remove the <mtext>; give its table row a tag cell
	fragOpen                    // the first child of the group to become the element html
	fragClose                   // the last child of that group
)

// A fragment is MathML built here for TeX that treeblood does not convert,
// or converts unsafely.
type fragment struct {
	kind fragKind
	html string // for fragOpen, the start tag of the element
	// limits makes a base operator take its scripts under and over it.
	limits bool
	// partner is the index of the fragClose of a fragOpen.
	partner int
	// hlines are the rows of the table in a fragOpen's group that have a
	// line above them (\hline); the number of rows means a line below the
	// last.
	hlines []int
	// layout is the column specification of that table, if it has one.
	layout *columnLayout
}

// table is an environment being rewritten: the group depth of its body,
// the row being read, and the rows with a line above them.
type table struct {
	depth, row int
	hlines     []int
	layout     *columnLayout
}

// columnLayout is what an array's column specification says: the
// alignment of each column, as l, c or r, the line after each column but
// the last ("none", "solid" or "dashed"), and lines at the sides.
type columnLayout struct {
	aligns      []string
	lines       []string
	left, right string
}

// columnSpec reads an array's column specification: l, c and r, | and :
// for lines, and @{...} and !{...}, whose content is not shown here.
func columnSpec(spec []token) (*columnLayout, error) {
	l := &columnLayout{left: "none", right: "none"}
	line := "none"
	for i := 0; i < len(spec); i++ {
		t := spec[i]
		switch {
		case t.kind == tSpace:
		case t.kind == tChar && (t.text == "l" || t.text == "c" || t.text == "r"):
			if len(l.aligns) > 0 {
				l.lines = append(l.lines, line)
			} else {
				l.left = line
			}
			l.aligns = append(l.aligns, t.text)
			line = "none"
		case t.kind == tChar && (t.text == "|" || t.text == ":"):
			line = "solid"
			if t.text == ":" {
				line = "dashed"
			}
		case t.kind == tChar && (t.text == "@" || t.text == "!"):
			_, next, err := arg(spec, i+1)
			if err != nil {
				return nil, fmt.Errorf("column specification: %s: %w", t.text, err)
			}
			i = next - 1
		default:
			return nil, fmt.Errorf("column specification %q: %q is not a column", untokenize(spec), untokenize(spec[i:i+1]))
		}
	}
	if len(l.aligns) == 0 {
		return nil, fmt.Errorf("column specification %q has no column", untokenize(spec))
	}
	l.right = line
	return l, nil
}

// looseColumns reads a column specification that columnSpec cannot, as
// MathJax did before version 3.2 (Jupyter Notebook's and JupyterLab 3's):
// its l, c and r, and anything else ignored; one centred column if it has
// none. Notebooks written then show their arrays so.
func looseColumns(spec []token) *columnLayout {
	l := &columnLayout{left: "none", right: "none"}
	for _, t := range spec {
		if t.kind == tChar && (t.text == "l" || t.text == "c" || t.text == "r") {
			if len(l.aligns) > 0 {
				l.lines = append(l.lines, "none")
			}
			l.aligns = append(l.aligns, t.text)
		}
	}
	if len(l.aligns) == 0 {
		l.aligns = []string{"c"}
	}
	return l
}

// rowState is a numbered equation or row of a numbered environment.
type rowState struct {
	numbered bool   // numbered unless \notag
	tag      string // from \tag, with its parentheses
	label    string
}

// rewriter turns expanded TeX into TeX that treeblood converts safely,
// with fragments for the rest.
type rewriter struct {
	c       *Converter
	display bool
	out     strings.Builder
	frags   []fragment
	open    []int // fragOpen fragments not yet closed
	colours []string
	// tagsApart keeps the tags of table rows out of the table, in rowTags.
	tagsApart bool
	rowTags   []rowTag
	envs      int // environments and \substack open
	tables    []*table
	warnings  []string
	// row is the equation or row being numbered; nil for inline math.
	row *rowState
	// rows is true inside a top-level environment numbered by rows, whose
	// rows are numbered unless \notag when rowDefault.
	rows, rowDefault bool
	// tag is the tag of the whole display, set when it is not numbered by
	// rows.
	tag string
}

func (r *rewriter) emitFrag(f fragment) {
	if f.kind == fragClose {
		r.frags[r.open[len(r.open)-1]].partner = len(r.frags)
		r.open = r.open[:len(r.open)-1]
	}
	if f.kind == fragOpen {
		r.open = append(r.open, len(r.frags))
	}
	r.frags = append(r.frags, f)
	fmt.Fprintf(&r.out, `{\text{%c%d%c}}`, marker, len(r.frags)-1, markerEnd)
}

func (r *rewriter) emitMathML(s string) { r.emitFrag(fragment{kind: fragReplace, html: s}) }

func (r *rewriter) warn(format string, args ...any) {
	r.warnings = append(r.warnings, fmt.Sprintf(format, args...))
}

// arg reads a {...} group or one token at toks[i], after spaces, and
// returns it and the index after it.
func arg(toks []token, i int) ([]token, int, error) {
	for i < len(toks) && toks[i].kind == tSpace {
		i++
	}
	if i == len(toks) || toks[i].kind == tEnd {
		return nil, i, errors.New("missing argument")
	}
	if toks[i].kind != tBegin {
		return toks[i : i+1], i + 1, nil
	}
	depth := 0
	for j := i; j < len(toks); j++ {
		switch toks[j].kind {
		case tBegin:
			depth++
		case tEnd:
			depth--
			if depth == 0 {
				return toks[i+1 : j], j + 1, nil
			}
		}
	}
	return nil, i, errors.New("missing }")
}

// optArg reads a [...] argument if one follows at toks[i].
func optArg(toks []token, i int) ([]token, int, bool) {
	j := i
	for j < len(toks) && toks[j].kind == tSpace {
		j++
	}
	if j == len(toks) || !toks[j].is(tChar, "[") {
		return nil, i, false
	}
	depth := 0
	for k := j + 1; k < len(toks); k++ {
		switch {
		case toks[k].kind == tBegin:
			depth++
		case toks[k].kind == tEnd:
			depth--
		case depth == 0 && toks[k].is(tChar, "]"):
			return toks[j+1 : k], k + 1, true
		}
	}
	return nil, i, false
}

// star skips a * at toks[i].
func star(toks []token, i int) (int, bool) {
	if i < len(toks) && toks[i].is(tChar, "*") {
		return i + 1, true
	}
	return i, false
}

// plain returns tokens as the text they show, with TeX's escapes for
// special characters undone.
func plain(toks []token) string {
	var b strings.Builder
	for _, t := range toks {
		switch t.kind {
		case tCS:
			switch t.text {
			case "$", "%", "&", "_", "#", "{", "}", " ":
				b.WriteString(t.text)
			case ",", ":", ";", "quad", "qquad":
				b.WriteByte(' ')
			case "textbackslash", "backslash":
				b.WriteByte('\\')
			default:
				b.WriteString(`\` + t.text)
			}
		case tBegin, tEnd:
		case tChar:
			if t.text == "~" {
				b.WriteString("\u00a0")
			} else {
				b.WriteString(t.text)
			}
		default:
			b.WriteString(t.text)
		}
	}
	return b.String()
}

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

var bigCommand = regexp.MustCompile(`^(big|Big|bigg|Bigg)([lrm]?)$`)

var spaces = map[string]string{
	">": "0.222em", "enspace": "0.5em", "enskip": "0.5em", "thinspace": "0.167em", "medspace": "0.222em",
	"thickspace": "0.278em", "negthinspace": "-0.167em", "negmedspace": "-0.222em",
	"negthickspace": "-0.278em", "space": "0.25em", "nobreakspace": "0.25em",
}

var dimension = regexp.MustCompile(`^\s*([-+]?)\s*([0-9]*\.?[0-9]+)\s*(em|ex|pt|px|mu|cm|mm|in|pc|bp)`)

// ems is the size of a unit in em, with 1em = 10pt as in MathJax.
var ems = map[string]float64{
	"em": 1, "ex": 0.43, "pt": 0.1, "px": 1.0 / 16, "mu": 1.0 / 18, "cm": 2.845, "mm": 0.2845,
	"in": 7.227, "pc": 1.2, "bp": 0.1004,
}

// length reads a TeX dimension such as "1.5em" or "-3mu" and returns it in
// em, with the number of bytes read; a glue's "plus" and "minus" parts are
// not read.
func length(s string) (string, int, bool) {
	m := dimension.FindStringSubmatchIndex(s)
	if m == nil {
		return "", 0, false
	}
	v, err := strconv.ParseFloat(s[m[4]:m[5]], 64)
	if err != nil || v > 1000 {
		return "", 0, false
	}
	v *= ems[s[m[6]:m[7]]]
	if s[m[2]:m[3]] == "-" {
		v = -v
	}
	return strconv.FormatFloat(v, 'f', 3, 64) + "em", m[1], true
}

// space returns an <mspace> for a width in em; a negative one pulls the
// next element back, as MathJax does.
func space(width string) string {
	if strings.HasPrefix(width, "-") {
		return `<mspace style="margin-left: ` + width + `;" width="0em"></mspace>`
	}
	return `<mspace width="` + width + `"></mspace>`
}

// colourKey names the colour i of a formula for treeblood, in letters.
func colourKey(i int) string {
	key := []byte("grundycolour")
	for _, d := range strconv.Itoa(i) {
		key = append(key, byte('a'+d-'0'))
	}
	return string(key)
}

var colourName = regexp.MustCompile(`^[A-Za-z]{1,30}$`)
var colourHex = regexp.MustCompile(`^#?(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$`)

// colour checks a colour given to \color and its kind, with an optional
// model ([rgb], [RGB], [HTML], [gray]), and returns it as CSS.
func colour(model, spec string) (string, error) {
	spec = strings.TrimSpace(spec)
	switch model {
	case "":
		if colourName.MatchString(spec) {
			return spec, nil
		}
		if strings.HasPrefix(spec, "#") && colourHex.MatchString(spec) {
			return spec, nil
		}
	case "HTML":
		if colourHex.MatchString(spec) && !strings.HasPrefix(spec, "#") {
			return "#" + spec, nil
		}
	case "rgb", "RGB", "gray":
		parts := strings.Split(spec, ",")
		want, max := 3, 1.0
		if model == "gray" {
			want = 1
		}
		if model == "RGB" {
			max = 255
		}
		if len(parts) == want {
			var b strings.Builder
			b.WriteByte('#')
			ok := true
			for _, p := range parts {
				v, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
				if err != nil || v < 0 || v > max {
					ok = false
					break
				}
				fmt.Fprintf(&b, "%02x", int(v/max*255+0.5))
			}
			if ok {
				s := b.String()
				if model == "gray" {
					s += s[1:] + s[1:]
				}
				return s, nil
			}
		}
	}
	if model != "" {
		return "", fmt.Errorf("invalid colour [%s]{%s}", model, spec)
	}
	return "", fmt.Errorf("invalid colour %q", spec)
}

// An envTarget is how an environment is handed to treeblood, which knows
// only the matrix family, array, subarray, align, aligned and cases.
type envTarget struct {
	name string // "" for the body alone
	spec string // column specification given to array
	// arg is the kind of argument the environment takes: "columns" for
	// array's column specification, "count" for alignat's column count.
	arg string
	// display sets the table's cells in display style, as AMS displays.
	display bool
}

// environments are the environments converted, by name.
var environments = map[string]envTarget{
	"align": {name: "align"}, "align*": {name: "align*"}, "aligned": {name: "aligned"},
	"eqnarray": {name: "align"}, "eqnarray*": {name: "align*"},
	"flalign": {name: "align"}, "flalign*": {name: "align*"},
	"alignat": {name: "align", arg: "count"}, "alignat*": {name: "align*", arg: "count"},
	"alignedat": {name: "aligned", arg: "count"}, "split": {name: "aligned"},
	"gather": {name: "array", spec: "c", display: true}, "gather*": {name: "array", spec: "c", display: true},
	"gathered": {name: "array", spec: "c", display: true},
	"multline": {name: "array", spec: "c", display: true}, "multline*": {name: "array", spec: "c", display: true},
	"cases": {name: "cases"}, "dcases": {name: "cases"}, "rcases": {name: "cases"},
	"matrix": {name: "matrix"}, "pmatrix": {name: "pmatrix"}, "bmatrix": {name: "bmatrix"},
	"Bmatrix": {name: "Bmatrix"}, "vmatrix": {name: "vmatrix"}, "Vmatrix": {name: "Vmatrix"},
	"smallmatrix": {name: "matrix"},
	"array":       {name: "array", arg: "columns"}, "darray": {name: "array", arg: "columns", display: true},
	"subarray": {name: "subarray", arg: "columns"},
	"equation": {}, "equation*": {}, "subequations": {},
}

var rowNumbered = map[string]bool{"align": true, "gather": true, "alignat": true, "eqnarray": true, "flalign": true}
var singleNumbered = map[string]bool{"equation": true, "multline": true}

// arity is the number of arguments of the commands treeblood converts,
// checked by checkArguments.
var arity = map[string]int{
	"frac": 2, "dfrac": 2, "tfrac": 2, "cfrac": 2, "binom": 2, "tbinom": 2, "overset": 2,
	"underset": 2, "sqrt": 1, "vec": 1, "hat": 1, "bar": 1, "tilde": 1, "dot": 1, "ddot": 1,
	"dddot": 1, "widehat": 1, "widetilde": 1, "overline": 1, "underline": 1, "overbrace": 1,
	"underbrace": 1, "overrightarrow": 1, "overleftarrow": 1, "mathring": 1, "breve": 1,
	"check": 1, "acute": 1, "grave": 1, "mathrm": 1, "mathbb": 1, "mathbf": 1, "mathit": 1,
	"mathsf": 1, "mathtt": 1, "mathcal": 1, "mathfrak": 1, "mathscr": 1, "cancel": 1,
	"bcancel": 1, "xcancel": 1, "pmod": 1, "not": 1, "substack": 1, "boldsymbol": 1, "color": 1,
}

// bigOperators are the operators that take \limits and \nolimits.
var bigOperators = map[string]bool{
	"sum": true, "prod": true, "coprod": true, "int": true, "iint": true, "iiint": true,
	"oint": true, "bigcup": true, "bigcap": true, "bigoplus": true, "bigotimes": true,
	"bigodot": true, "biguplus": true, "bigvee": true, "bigwedge": true, "bigsqcup": true,
	"lim": true, "liminf": true, "limsup": true, "max": true, "min": true, "sup": true,
	"inf": true, "det": true, "gcd": true, "Pr": true, "injlim": true, "projlim": true,
	"varliminf": true, "varlimsup": true, "varinjlim": true, "varprojlim": true,
}

// afterOperator reports whether the token before toks[i] is an operator:
// a big operator, or a group given to \mathop.
func afterOperator(toks []token, i int) bool {
	j := i - 1
	for j >= 0 && toks[j].kind == tSpace {
		j--
	}
	if j < 0 {
		return false
	}
	if toks[j].kind == tCS {
		return bigOperators[toks[j].text]
	}
	if toks[j].kind != tEnd {
		return false
	}
	for depth := 0; j >= 0; j-- {
		switch toks[j].kind {
		case tEnd:
			depth++
		case tBegin:
			depth--
		}
		if depth == 0 {
			break
		}
	}
	return j > 0 && toks[j-1].is(tCS, "mathop")
}

// visible reports whether TeX shows anything: a character or a command
// that takes no argument, besides the separators of a table and the
// commands that join what is around them, such as \over.
func visible(tex string) bool {
	toks, err := tokenize(tex)
	if err != nil {
		return true
	}
	return slices.ContainsFunc(toks, func(t token) bool {
		return t.kind == tChar && t.text != "&" || t.kind == tCS && arity[t.text] == 0 && !notArgument(t)
	})
}

// accents are the commands of arity that treeblood cannot take with an
// empty argument.
var accents = map[string]bool{
	"vec": true, "hat": true, "bar": true, "tilde": true, "dot": true, "ddot": true, "dddot": true,
	"widehat": true, "widetilde": true, "mathring": true, "breve": true, "check": true,
	"acute": true, "grave": true, "overline": true, "underline": true, "overbrace": true,
	"underbrace": true, "overrightarrow": true, "overleftarrow": true,
}

// checkArguments checks the TeX handed to treeblood for what makes it
// fail, printing the panic it recovers from on standard output: a command
// or script without its argument, \right or \middle without \left, \left
// without \right. MathJax rejects these too.
func checkArguments(tex string) error {
	toks, err := tokenize(tex)
	if err != nil {
		return err
	}
	lefts := []int{0} // open \left per group
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.kind == tBegin:
			lefts = append(lefts, 0)
		case t.kind == tEnd:
			if lefts[len(lefts)-1] > 0 {
				return errors.New(`\left without \right`)
			}
			if len(lefts) == 1 {
				return errors.New("unmatched }")
			}
			lefts = lefts[:len(lefts)-1]
		case t.is(tCS, "left"):
			lefts[len(lefts)-1]++
		case t.is(tCS, "right") || t.is(tCS, "middle"):
			if lefts[len(lefts)-1] == 0 {
				return fmt.Errorf(`\%s without \left`, t.text)
			}
			if t.text == "right" {
				lefts[len(lefts)-1]--
			}
		}
		n := arity[t.text]
		if t.kind == tChar && (t.text == "^" || t.text == "_") {
			n = 1
		} else if t.kind != tCS {
			n = 0
		}
		j := i + 1
		if t.is(tCS, "sqrt") {
			_, j, _ = optArg(toks, j)
		}
		for k := range n {
			a, next, err := arg(toks, j)
			a = slices.DeleteFunc(slices.Clone(a), func(t token) bool { return t.kind == tSpace })
			if err == nil && (t.text == "substack" || accents[t.text]) && !slices.ContainsFunc(a, func(t token) bool {
				return t.kind == tChar || t.kind == tCS && arity[t.text] == 0
			}) {
				err = errors.New("empty")
			}
			if err == nil && len(a) == 1 && notArgument(a[0]) {
				err = fmt.Errorf("%q is not one", untokenize(a))
			}
			if err != nil {
				name := t.text
				if t.kind == tCS {
					name = `\` + name
				}
				return fmt.Errorf("%s: argument %d: %w", name, k+1, err)
			}
			j = next
		}
	}
	if lefts[len(lefts)-1] > 0 {
		return errors.New(`\left without \right`)
	}
	return nil
}

// notArgument reports whether a token cannot stand as an argument.
func notArgument(t token) bool {
	switch t.kind {
	case tChar:
		return t.text == "&" || t.text == "^" || t.text == "_"
	case tCS:
		if arity[t.text] > 0 {
			return true // its own arguments would be missing
		}
		switch t.text {
		case "\\", "over", "atop", "choose", "limits", "nolimits", "right", "middle", "left", "end", "begin":
			return true
		}
	}
	return false
}

// funcNames are operator names MathJax knows and treeblood does not.
var funcNames = map[string]bool{"arg": true}

var replacements = map[string]string{
	"dotsb": `\cdots`, "dotsm": `\cdots`, "dotsi": `\cdots`, "dotsc": `\ldots`, "dotso": `\ldots`,
	"Bbb": `\mathbb`, "xor": `\veebar`, "widecheck": `\check`,
	"stackrel": `\overset`, "underbracket": `\underbrace`, "overbracket": `\overbrace`,
	"dbinom": `\displaystyle\binom`, "mathnormal": ``,
	"mathbin": ``, "mathrel": ``, "mathord": ``, "mathpunct": ``, "mathopen": ``,
	"mathclose": ``, "mathinner": ``, "amp": `\&`, "idotsint": `\int\cdots\int`,
	"overparen": `\overset{\frown}`, "underparen": `\underset{\smile}`, "utilde": `\underset{\sim}`,
}

var dropped = map[string]int{
	// commands whose arguments are dropped, with their number
	"newline": 0, "nobreak": 0, "allowbreak": 0, "require": 1, "usepackage": 1, "label": 1,
	"notag": 0, "nonumber": 0, "hfill": 0, "hfil": 0, "leftroot": 1, "uproot": 1,
}

var switches = map[string]string{"it": `\mathit`, "cal": `\mathcal`, "tt": `\mathtt`, "sf": `\mathsf`}

var arrows = map[string]string{
	"xrightarrow": `\longrightarrow`, "xleftarrow": `\longleftarrow`,
	"xleftrightarrow": `\longleftrightarrow`, "xRightarrow": `\Longrightarrow`,
	"xLeftarrow": `\Longleftarrow`, "xLeftrightarrow": `\Longleftrightarrow`,
	"xmapsto": `\longmapsto`, "xhookrightarrow": `\hookrightarrow`, "xhookleftarrow": `\hookleftarrow`,
	"xtwoheadrightarrow": `\twoheadrightarrow`, "xtwoheadleftarrow": `\twoheadleftarrow`,
	"xrightharpoonup": `\rightharpoonup`, "xrightharpoondown": `\rightharpoondown`,
	"xleftharpoonup": `\leftharpoonup`, "xleftharpoondown": `\leftharpoondown`,
	"xrightleftharpoons": `\rightleftharpoons`, "xleftrightharpoons": `\leftrightharpoons`,
	"xlongequal": `=`,
}

// attributeCommands take a first argument that MathJax puts into the
// page (a class, an id, a style, a link, data): it is dropped, the second
// argument kept.
var attributeCommands = map[string]bool{
	"class": true, "cssId": true, "style": true, "href": true, "htmlClass": true, "htmlId": true,
	"htmlStyle": true, "htmlData": true, "data": true, "mmlToken": true,
}

// wraps are the commands whose argument becomes the content of an element
// built here.
var wraps = map[string]string{
	"phantom":  `<mphantom>`,
	"hphantom": `<mpadded height="0" depth="0"><mphantom>`,
	"vphantom": `<mpadded width="0"><mphantom>`,
	"smash":    `<mpadded height="0" depth="0">`,
	"boxed":    `<mrow style="border: 1px solid; padding: 0.2em;">`,
	"fbox":     `<mrow style="border: 1px solid; padding: 0.2em;">`,
}

// group rewrites toks, a group or a whole formula.
func (r *rewriter) group(toks []token, depth int) error {
	if depth > 200 {
		return fmt.Errorf("%w: groups nested more than 200 deep", ErrLimit)
	}
	for i := 0; i < len(toks); {
		t := toks[i]
		i++
		switch t.kind {
		case tBegin:
			a, next, err := arg(toks, i-1)
			if err != nil {
				return err
			}
			if emptyBase(a, toks[next:]) {
				// The empty base of a prescript, {}_{t+1}z, built here:
				// treeblood fails on it after a space such as \;.
				r.emitMathML("<mrow></mrow>")
				i = next
				continue
			}
			r.out.WriteByte('{')
			if err := r.group(a, depth+1); err != nil {
				return err
			}
			r.out.WriteByte('}')
			i = next
			continue
		case tEnd:
			return errors.New("unmatched }")
		case tParam:
			return fmt.Errorf("#%s outside a macro definition", t.text)
		case tChar, tSpace:
			r.out.WriteString(t.text)
			if (t.text == "^" || t.text == "_") && i < len(toks) {
				// One character is the script, as in TeX: x^12 is x^1 2,
				// where treeblood would read the number 12.
				j := i
				for j < len(toks) && toks[j].kind == tSpace {
					j++
				}
				switch {
				case j < len(toks) && toks[j].kind == tChar:
					r.out.WriteString("{" + toks[j].text + "}")
					i = j + 1
				case j < len(toks) && toks[j].kind == tCS && scriptCommand(toks[j].text):
					// A command with its arguments is the script, as
					// MathJax reads x^\frac12 or x_\mathrm{max}: braced
					// for treeblood, which takes only the command.
					next, err := r.script(toks, j, depth)
					if err != nil {
						return err
					}
					i = next
				}
			}
			continue
		}
		next, err := r.command(toks, i, t.text, depth)
		if err != nil {
			return err
		}
		i = next
	}
	return nil
}

// emptyBase reports whether a group of nothing, group, is the base of the
// script that starts rest.
func emptyBase(group, rest []token) bool {
	if slices.ContainsFunc(group, func(t token) bool { return t.kind != tSpace }) {
		return false
	}
	for _, t := range rest {
		if t.kind != tSpace {
			return t.is(tChar, "^") || t.is(tChar, "_")
		}
	}
	return false
}

// scriptCommand reports whether a command, and the arguments it takes,
// can stand as a script unbraced: not one that needs what is before it
// or that runs to the end of its group.
func scriptCommand(name string) bool {
	if _, ok := switches[name]; ok {
		return false
	}
	switch name {
	case "\\", "over", "atop", "choose", "limits", "nolimits", "right", "middle", "begin", "end":
		return false
	}
	return true
}

// script rewrites the command at toks[j], with its arguments, as a
// braced script, and returns the index after it. A \left takes all up to
// its \right and the delimiter after it.
func (r *rewriter) script(toks []token, j, depth int) (int, error) {
	r.out.WriteByte('{')
	defer r.out.WriteByte('}')
	if !toks[j].is(tCS, "left") {
		return r.command(toks, j+1, toks[j].text, depth+1)
	}
	open := 0
	for k := j; k < len(toks); k++ {
		switch {
		case toks[k].is(tCS, "left"):
			open++
		case toks[k].is(tCS, "right"):
			open--
		}
		if open > 0 {
			continue
		}
		_, end, err := arg(toks, k+1)
		if err != nil {
			return k, fmt.Errorf(`\right: %w`, err)
		}
		return end, r.group(toks[j:end], depth+1)
	}
	return len(toks), errors.New(`\left without \right`)
}

// command rewrites the control sequence name, whose arguments start at
// toks[i], and returns the index after them.
func (r *rewriter) command(toks []token, i int, name string, depth int) (int, error) {
	if v, ok := textVariants[name]; ok {
		i, _ = star(toks, i)
		a, next, err := arg(toks, i)
		if err != nil {
			return i, fmt.Errorf(`\%s: %w`, name, err)
		}
		return next, r.text(a, v)
	}
	if m := bigCommand.FindStringSubmatch(name); m != nil {
		a, next, err := arg(toks, i)
		d, ok := fences[untokenize(a)]
		if err != nil || !ok {
			return i, fmt.Errorf(`\%s must be followed by a delimiter`, name)
		}
		size := bigSizes[m[1]]
		r.emitMathML(`<mo fence="false" maxsize="` + size + `" minsize="` + size + `" stretchy="true" symmetric="true">` + html.EscapeString(d) + `</mo>`)
		return next, nil
	}
	if w, ok := spaces[name]; ok {
		r.emitMathML(space(w))
		return i, nil
	}
	if s, ok := replacements[name]; ok {
		r.out.WriteString(s)
		r.out.WriteByte(' ')
		return i, nil
	}
	if n, ok := dropped[name]; ok {
		switch name {
		case "notag", "nonumber":
			if r.row != nil {
				r.row.numbered = false
			}
		case "label":
			a, next, err := arg(toks, i)
			if err != nil {
				return i, fmt.Errorf(`\label: %w`, err)
			}
			if r.row != nil {
				r.row.label = plain(a)
			}
			return next, nil
		}
		for range n {
			_, next, err := arg(toks, i)
			if err != nil {
				return i, fmt.Errorf(`\%s: %w`, name, err)
			}
			i = next
		}
		return i, nil
	}
	if s, ok := switches[name]; ok {
		r.out.WriteString(s)
		r.out.WriteByte('{')
		if err := r.group(toks[i:], depth+1); err != nil {
			return i, err
		}
		r.out.WriteByte('}')
		return len(toks), nil
	}
	if s, ok := arrows[name]; ok {
		below, next, hasBelow := optArg(toks, i)
		above, next, err := arg(toks, next)
		if err != nil {
			return i, fmt.Errorf(`\%s: %w`, name, err)
		}
		r.out.WriteString(`\overset{`)
		if err := r.group(above, depth+1); err != nil {
			return i, err
		}
		r.out.WriteString(`}{`)
		if hasBelow {
			r.out.WriteString(`\underset{`)
			if err := r.group(below, depth+1); err != nil {
				return i, err
			}
			r.out.WriteString(`}{` + s + `}`)
		} else {
			r.out.WriteString(s)
		}
		r.out.WriteString(`}`)
		return next, nil
	}
	if attributeCommands[name] {
		_, next, err := arg(toks, i)
		if err != nil {
			return i, fmt.Errorf(`\%s: %w`, name, err)
		}
		a, next, err := arg(toks, next)
		if err != nil {
			return i, fmt.Errorf(`\%s: %w`, name, err)
		}
		if name == "mmlToken" {
			return next, r.text(a, "")
		}
		r.out.WriteByte('{')
		if err := r.group(a, depth+1); err != nil {
			return i, err
		}
		r.out.WriteByte('}')
		return next, nil
	}
	if open, ok := wraps[name]; ok {
		if name == "smash" {
			_, i, _ = optArg(toks, i)
		}
		a, next, err := arg(toks, i)
		if err != nil {
			return i, fmt.Errorf(`\%s: %w`, name, err)
		}
		r.out.WriteByte('{')
		r.emitFrag(fragment{kind: fragOpen, html: open})
		if name == "fbox" {
			if err := r.text(a, ""); err != nil {
				return i, err
			}
		} else if err := r.group(a, depth+1); err != nil {
			return i, err
		}
		r.emitFrag(fragment{kind: fragClose})
		r.out.WriteByte('}')
		return next, nil
	}
	if h, ok := commands[name]; ok {
		return h(r, toks, i, name, depth)
	}
	if name == "limits" || name == "nolimits" {
		// Only an operator takes limits (MathJax refuses the others, and
		// treeblood fails on some): elsewhere the command is dropped.
		if afterOperator(toks, i-1) {
			r.out.WriteString(`\` + name + ` `)
		}
		return i, nil
	}
	if name == "left" || name == "right" || name == "middle" {
		// treeblood takes the delimiter only right after the command.
		r.out.WriteString(`\` + name)
		for i < len(toks) && toks[i].kind == tSpace {
			i++
		}
		if i < len(toks) && toks[i].kind == tChar && isLetter(toks[i].text[0]) {
			r.out.WriteByte(' ')
		}
		return i, nil
	}
	if funcNames[name] {
		r.operator(toks[:0], false, depth)
		return i, nil
	}
	if n := arity[name]; n > 0 && name != "not" {
		// Each argument braced, so that treeblood reads \frac12 as TeX
		// does, one character an argument.
		r.out.WriteString(`\` + name)
		if name == "sqrt" {
			if a, next, ok := optArg(toks, i); ok {
				r.out.WriteByte('[')
				if err := r.group(a, depth+1); err != nil {
					return i, err
				}
				r.out.WriteByte(']')
				i = next
			}
		}
		for k := range n {
			a, next, err := arg(toks, i)
			if err != nil {
				return i, fmt.Errorf(`\%s: argument %d: %w`, name, k+1, err)
			}
			r.out.WriteByte('{')
			start := r.out.Len()
			if err := r.group(a, depth+1); err != nil {
				return i, err
			}
			base := accents[name] || name == "substack" || k == 1 && (name == "overset" || name == "underset")
			if base && !visible(r.out.String()[start:]) {
				// An accent over nothing, which treeblood cannot take
				// empty.
				r.emitMathML("<mtext></mtext>")
			}
			r.out.WriteByte('}')
			i = next
		}
		return i, nil
	}
	r.out.WriteString(`\` + name)
	if isLetter(name[0]) {
		r.out.WriteByte(' ')
	}
	return i, nil
}

// greek is the order of the Greek letters in Unicode's mathematical
// alphabets, by TeX name.
var greek = map[string]int{
	"alpha": 0, "beta": 1, "gamma": 2, "delta": 3, "varepsilon": 4, "zeta": 5, "eta": 6,
	"theta": 7, "iota": 8, "kappa": 9, "lambda": 10, "mu": 11, "nu": 12, "xi": 13, "pi": 15,
	"rho": 16, "varsigma": 17, "sigma": 18, "tau": 19, "upsilon": 20, "varphi": 21, "chi": 22,
	"psi": 23, "omega": 24, "partial": 25, "epsilon": 26, "vartheta": 27, "varkappa": 28,
	"phi": 29, "varrho": 30, "varpi": 31,
	"Gamma": 2, "Delta": 3, "Theta": 7, "Lambda": 10, "Xi": 13, "Pi": 15, "Sigma": 18,
	"Upsilon": 20, "Phi": 21, "Psi": 23, "Omega": 24,
}

// boldGreek returns the bold letter \boldsymbol makes of a Greek letter:
// bold italic for small letters, bold upright for capitals, as TeX sets
// them; treeblood has no bold Greek.
func boldGreek(name string) (rune, bool) {
	k, ok := greek[name]
	if !ok {
		return 0, false
	}
	if isLetter(name[0]) && name[0] >= 'A' && name[0] <= 'Z' {
		return 0x1D6A8 + rune(k), true
	}
	return 0x1D736 + rune(k), true
}

var simpleName = regexp.MustCompile(`^[\p{L}\p{N}'.\- ]+$`)

// operator converts \operatorname: a name shown upright as MathJax shows
// it, followed by a function application, or an operator whose scripts go
// under and over it (limits).
func (r *rewriter) operator(a []token, limits bool, depth int) error {
	s := strings.TrimSpace(plain(a))
	if !simpleName.MatchString(s) {
		r.out.WriteString(`\mathrm{`)
		err := r.group(a, depth+1)
		r.out.WriteString(`}`)
		return err
	}
	s = html.EscapeString(strings.ReplaceAll(s, " ", "\u00a0"))
	if limits {
		r.emitFrag(fragment{kind: fragReplace, html: `<mo largeop="false" lspace="0.167em" movablelimits="true" rspace="0.167em" stretchy="false">` + s + `</mo>`, limits: true})
		return nil
	}
	r.emitMathML(`<mrow><mi>` + s + `</mi><mo>&#x2061;</mo></mrow>`)
	return nil
}

// environment rewrites \begin{name}...\end{name} from toks[i], the name's
// argument.
func (r *rewriter) environment(toks []token, i, depth int) (int, error) {
	a, next, err := arg(toks, i)
	if err != nil {
		return i, fmt.Errorf(`\begin: %w`, err)
	}
	name := plain(a)
	env, ok := environments[name]
	if !ok {
		return i, fmt.Errorf(`unknown environment %q`, name)
	}
	// Find the matching \end, counting nested environments of any name.
	bodyStart, level, end := next, 1, -1
	for j := next; j < len(toks) && end < 0; j++ {
		if toks[j].kind != tCS || toks[j].text != "begin" && toks[j].text != "end" {
			continue
		}
		if toks[j].text == "begin" {
			level++
			continue
		}
		if level--; level == 0 {
			b, after, err := arg(toks, j+1)
			if err != nil || plain(b) != name {
				return i, fmt.Errorf(`\begin{%s} ended by \end{%s}`, name, plain(b))
			}
			end, next = j, after
		}
	}
	if end < 0 {
		return i, fmt.Errorf(`\begin{%s} without \end`, name)
	}
	body := toks[bodyStart:end]
	if len(strings.TrimSpace(untokenize(body))) == 0 {
		return next, nil // MathJax shows an empty environment as nothing
	}
	r.envs++
	defer func() { r.envs-- }()
	base, starred := strings.CutSuffix(name, "*")
	top := depth == 0 && r.display && !r.rows
	switch {
	case top && rowNumbered[base]:
		saved := r.row
		r.rows, r.rowDefault = true, !starred
		r.row = &rowState{numbered: !starred}
		defer func() { r.rows, r.row = false, saved }()
	case top && singleNumbered[base]:
		r.row.numbered = !starred
	}
	if env.name == "" {
		r.out.WriteByte('{')
		err := r.group(body, depth+1)
		r.out.WriteByte('}')
		return next, err
	}
	// The table is grouped, so that its lines can be drawn once it is
	// converted.
	wrapper := `<mrow>`
	if env.display {
		wrapper = `<mstyle displaystyle="true">`
	}
	r.out.WriteByte('{')
	open := len(r.frags)
	r.emitFrag(fragment{kind: fragOpen, html: wrapper})
	t := &table{}
	r.tables = append(r.tables, t)
	defer func() {
		r.tables = r.tables[:len(r.tables)-1]
		r.frags[open].hlines = t.hlines
		r.frags[open].layout = t.layout
		r.emitFrag(fragment{kind: fragClose})
		r.out.WriteByte('}')
	}()
	r.out.WriteString(`\begin{` + env.name + `}`)
	if env.arg != "" {
		spec, after, err := arg(body, 0)
		if err != nil {
			return i, fmt.Errorf(`\begin{%s}: %w`, name, err)
		}
		if clean := plain(spec); env.arg == "count" && (clean == "" || strings.Trim(clean, "0123456789 ") != "") {
			return i, fmt.Errorf(`\begin{%s}: invalid column count %q`, name, clean)
		}
		if env.arg == "columns" {
			// treeblood gets the columns' alignments only: it misplaces
			// the lines, which are drawn here.
			layout, err := columnSpec(spec)
			if err != nil {
				layout = looseColumns(spec)
				r.warn(`\begin{%s}: %v; read as {%s}`, name, err, strings.Join(layout.aligns, ""))
			}
			t.layout = layout
			r.out.WriteString("{" + strings.Join(layout.aligns, "") + "}")
		}
		body = body[after:]
	}
	if env.spec != "" {
		r.out.WriteString("{" + env.spec + "}")
	}
	// Rows count at the environment's own level, so the body is rewritten
	// at depth 0 when it numbers rows.
	d := depth + 1
	if r.rows && top {
		d = 0
	}
	t.depth = d
	before := r.out.Len()
	if err := r.group(body, d); err != nil {
		return i, err
	}
	if !visible(r.out.String()[before:]) {
		// treeblood fails on a table of nothing but empty groups.
		return i, fmt.Errorf(`\begin{%s}: nothing to show`, name)
	}
	if r.rows && top {
		r.endRow()
	}
	r.out.WriteString(`\end{` + env.name + `}`)
	return next, nil
}

// table returns the table whose body is being rewritten at depth, or nil.
func (r *rewriter) table(depth int) *table {
	if len(r.tables) == 0 || r.tables[len(r.tables)-1].depth != depth {
		return nil
	}
	return r.tables[len(r.tables)-1]
}

// number returns the tag of the current row or equation, numbering it if
// it takes a number, and records its label.
func (r *rewriter) number() string {
	row := r.row
	tag := row.tag
	if tag == "" && row.numbered {
		r.c.equations++
		tag = "(" + strconv.Itoa(r.c.equations) + ")"
	}
	if row.label != "" {
		r.c.labels[row.label] = strings.TrimSuffix(strings.TrimPrefix(tag, "("), ")")
	}
	return tag
}

// endRow ends a row of an environment numbered by rows.
func (r *rewriter) endRow() {
	r.emitFrag(fragment{kind: fragRowTag, html: r.number()})
}

// endEquation ends a displayed equation numbered as a whole.
func (r *rewriter) endEquation() {
	r.tag = r.number()
}
