package authoring

import (
	"math"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// quartoTheorems maps the id prefixes of Quarto's theorem-like divs to
// the kinds of statement they start.
var quartoTheorems = map[string]string{
	"thm": "theorem", "lem": "lemma", "cor": "corollary", "prp": "proposition",
	"cnj": "conjecture", "def": "definition", "exm": "example", "exr": "exercise",
	"sol": "solution", "rem": "remark",
}

// quartoUnnumbered are the classes of Quarto's unnumbered statements.
var quartoUnnumbered = map[string]bool{"proof": true, "remark": true, "solution": true}

// proofTypes are sphinx-proof's directives, prf: and a kind of
// statement.
var proofTypes = map[string]bool{
	"theorem": true, "lemma": true, "definition": true, "proof": true, "corollary": true,
	"proposition": true, "conjecture": true, "example": true, "exercise": true, "solution": true,
	"remark": true, "axiom": true, "criterion": true, "algorithm": true, "property": true,
	"observation": true, "assumption": true,
}

// proofKind returns the kind of statement a directive's name starts,
// "" for none: sphinx-proof's "prf:theorem", mystmd's newer spelling
// "proof:theorem" and plain "proof", and the directives of
// sphinx-exercise and jupyter-book, "exercise", "solution" and "example".
func proofKind(name string) string {
	switch name {
	case "proof", "exercise", "solution", "example":
		return name
	}
	for _, prefix := range []string{"prf:", "proof:"} {
		if kind, ok := strings.CutPrefix(name, prefix); ok && proofTypes[kind] {
			return kind
		}
	}
	return ""
}

// calloutTypes are the kinds of callout and admonition, with their
// titles as Quarto's language file and mystmd 1.8.3 write them; Quarto
// knows the first five.
var calloutTypes = map[string]string{
	"note": "Note", "tip": "Tip", "warning": "Warning", "caution": "Caution", "important": "Important",
	"attention": "Attention", "danger": "Danger", "error": "Error", "hint": "Hint", "seealso": "See Also",
}

// typeNames are the names statements are shown by.
var typeNames = map[string]string{
	"theorem": "Theorem", "lemma": "Lemma", "corollary": "Corollary", "proposition": "Proposition",
	"conjecture": "Conjecture", "definition": "Definition", "example": "Example", "exercise": "Exercise",
	"solution": "Solution", "remark": "Remark", "proof": "Proof", "axiom": "Axiom", "criterion": "Criterion",
	"algorithm": "Algorithm", "property": "Property", "observation": "Observation", "assumption": "Assumption",
}

// title makes a Title node of the source range seg, empty for none.
func title(seg text.Segment) *Title {
	t := &Title{start: seg.Start, stop: seg.Stop}
	if seg.Len() > 0 {
		t.Lines().Append(seg)
	}
	return t
}

// directive makes the node of the directive f names, with its argument.
func (p *fenceParser) directive(f *fence, arg text.Segment, source []byte) ast.Node {
	name := f.name
	var node ast.Node
	switch {
	case calloutTypes[name] != "":
		node = &Callout{Variant: name}
		node.AppendChild(node, title(arg))
	case name == "admonition", name == "dropdown":
		node = &Callout{Folded: name == "dropdown"}
		node.AppendChild(node, title(arg))
	case proofKind(name) != "":
		t := &Theorem{Env: proofKind(name)}
		// jupyter-book's {example} shows a piece of MyST and what it
		// makes; mystmd gives it no number.
		t.Unnumbered = t.Env == "proof" || t.Env == "solution" || name == "example"
		if t.Env == "solution" {
			// The argument names the exercise solved.
			if of := string(arg.Value(source)); validLabel(of) {
				t.Of = of
				t.of = &Ref{Form: FormRef, Label: of, Source: of}
			} else if of != "" {
				p.b.warn(source, arg.Start, "solution of %s: not a label", short(of))
			}
			arg = text.NewSegment(arg.Start, arg.Start)
		}
		node = t
		node.AppendChild(node, title(arg))
	case name == "figure", name == "image":
		fig := &Figure{Image: name == "image"}
		if src := string(arg.Value(source)); localPath(src) {
			fig.Src = src
		} else if src != "" || fig.Image {
			// A {figure} may hold its images in its body alone.
			p.b.warn(source, arg.Start, "%s %s: only a relative path inside the notebook's folder is shown", name, short(src))
		}
		node = fig
	case name == "eval:figure":
		// MyST-NB's figure of an expression's value, which only its
		// kernel computes: the figure keeps its number and caption.
		expr := string(arg.Value(source))
		p.b.warn(source, arg.Start, "eval:figure %s: the expression is not evaluated here, the figure shows its caption alone", short(expr))
		node = &Figure{Eval: expr}
	case name == "index":
		node = &IndexEntry{}
	case name == "glossary":
		node = &Glossary{}
	case name == "table", name == "list-table":
		node = &Table{list: name == "list-table"}
		node.AppendChild(node, title(arg))
	case name == "tab-set":
		node = &Tabset{}
	case name == "tab-item":
		node = &Tab{}
		node.AppendChild(node, title(arg))
	case name == "math":
		node = &Equation{}
		if arg.Len() > 0 {
			node.Lines().Append(arg)
		}
	default:
		p.b.warn(source, arg.Start, "directive {%s} is not known: shown as written", name[:min(len(name), maxName)])
		node = &Unknown{Name: name}
	}
	f.b = blockOf(node)
	return node
}

// apply gives a directive's node its options.
func (p *fenceParser) apply(f *fence, source []byte) {
	opts := f.opts.options
	if f.name == "" || opts == nil {
		return
	}
	label := opts["label"]
	if label == "" {
		label = opts["name"]
	}
	if label != "" {
		if validLabel(label) {
			f.b.label = label
		} else {
			p.b.warn(source, f.b.start, "label %s of directive {%s} is not a label (letters, digits, \"_\", joined by \"-\", \".\", \":\" or \"/\"): dropped", short(label), f.name)
		}
	}
	classes := p.classes(strings.Fields(opts["class"]), source, f.b.start)
	switch n := f.node.(type) {
	case *Callout:
		for _, c := range classes {
			switch {
			case c == "dropdown":
				n.Folded = true
			case n.Variant == "" && calloutTypes[c] != "":
				n.Variant = c
			default:
				n.Classes = append(n.Classes, c)
			}
		}
		if _, ok := opts["open"]; ok && n.Folded {
			n.Open = true
		}
	case *Theorem:
		for _, c := range classes {
			if c == "dropdown" {
				n.Folded = true
			} else {
				n.Classes = append(n.Classes, c)
			}
		}
		if _, ok := opts["nonumber"]; ok {
			n.Unnumbered = true
		}
	case *Equation:
		n.Unnumbered = opts["enumerated"] == "false"
	case *Figure:
		// An {eval:figure}'s :class: is its image's, which is not shown.
		if n.Eval == "" {
			n.ImageClasses = classes
		}
		if !n.Image {
			n.Classes = append(n.Classes, p.classes(strings.Fields(opts["figclass"]), source, f.b.start)...)
		}
		if a := opts["align"]; a != "" {
			if a == "left" || a == "center" || a == "right" {
				n.Classes = append(n.Classes, "align-"+a)
			} else {
				p.b.warn(source, f.b.start, "align %s is not left, center or right: dropped", short(a))
			}
		}
		n.Alt = opts["alt"]
		p.imageSize(n, opts, source, f.b.start)
	case *Table:
		if h := opts["header-rows"]; h != "" {
			k, err := strconv.Atoi(h)
			if err != nil || k < 0 {
				p.b.warn(source, f.b.start, "header-rows %s is not a count: dropped", short(h))
			}
			n.HeaderRows = max(k, 0)
		}
	}
}

// widthForm matches an image width: a number of pixels or a percentage.
var widthForm = regexp.MustCompile(`^[0-9]{1,5}(?:\.[0-9]{1,3})?(?:px|%)?$`)

// heightForm matches an image height: a number of pixels.
var heightForm = regexp.MustCompile(`^[0-9]{1,5}(?:\.[0-9]{1,3})?(?:px)?$`)

// scaleForm matches a scale, a percentage, "%" optional as docutils
// reads it.
var scaleForm = regexp.MustCompile(`^([0-9]{1,4}(?:\.[0-9]{1,3})?)[ \t]*%?$`)

// imageSize gives a figure the sizes its options ask for, as docutils
// reads them: :width: and :height: of the image, each multiplied by
// :scale: (a percentage), and a figure's :figwidth:, "image" for the
// image's width. A scale with no width or height scales the image's own
// size, which is not read here: it is dropped with a warning, as is any
// size not in pixels (or, for a width, a percentage).
func (p *fenceParser) imageSize(n *Figure, opts map[string]string, source []byte, at int) {
	if w := opts["width"]; w != "" {
		if widthForm.MatchString(w) {
			n.Width = w
		} else {
			p.b.warn(source, at, "figure width %s is not a number of px or %%: dropped", short(w))
		}
	}
	if h := opts["height"]; h != "" {
		if heightForm.MatchString(h) {
			n.Height = h
		} else {
			p.b.warn(source, at, "figure height %s is not a number of px: dropped", short(h))
		}
	}
	if s, ok := opts["scale"]; ok {
		m := scaleForm.FindStringSubmatch(s)
		scale, err := 0.0, error(nil)
		if m != nil {
			scale, err = strconv.ParseFloat(m[1], 64)
		}
		switch {
		case m == nil || err != nil || scale <= 0:
			p.b.warn(source, at, "figure scale %s is not a percentage: dropped", short(s))
		case n.Width == "" && n.Height == "":
			p.b.warn(source, at, "figure scale %s: with no :width: or :height: it scales the image's own size, which is not read here: dropped", short(s))
		default:
			n.Width, n.Height = scaled(n.Width, scale), scaled(n.Height, scale)
		}
	}
	if n.Image {
		return
	}
	switch w := opts["figwidth"]; {
	case w == "":
	case w == "image":
		n.FigWidth = n.Width
	case widthForm.MatchString(w):
		n.FigWidth = w
	default:
		p.b.warn(source, at, "figwidth %s is not a number of px or %%: dropped", short(w))
	}
}

// scaled returns a size matched by widthForm multiplied by scale
// percent, its unit kept; "" stays "".
func scaled(size string, scale float64) string {
	num := strings.TrimRight(size, "px%")
	v, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return size
	}
	v = math.Round(v*scale*10) / 1000 // to 0.001
	return strconv.FormatFloat(v, 'f', -1, 64) + size[len(num):]
}

// localPath reports whether an image path names a file inside the
// notebook's folder: relative, with no step up, no scheme, no query.
func localPath(p string) bool {
	if p == "" || len(p) > 1024 || strings.ContainsAny(p, "\\?#\x00") || strings.HasPrefix(p, "/") {
		return false
	}
	for _, r := range p {
		if r < ' ' || r == 0x7f {
			return false
		}
	}
	if u, err := url.Parse(p); err != nil || u.Scheme != "" || u.Host != "" {
		return false
	}
	for _, part := range strings.Split(p, "/") {
		if part == ".." || part == "" {
			return false
		}
	}
	return true
}

// classes returns the valid class names among cs, warning about the rest.
func (p *fenceParser) classes(cs []string, source []byte, pos int) []string {
	var ok []string
	for _, c := range cs {
		if validClass(c) {
			ok = append(ok, c)
		} else {
			p.b.warn(source, pos, "class %s is not a class name: dropped", short(c))
		}
	}
	return ok
}

// div makes the node of a Quarto div whose fence has info, found at
// infoAt in the source: {#id .class key="value"} or a bare class.
func (p *fenceParser) div(f *fence, info []byte, infoAt int, source []byte) ast.Node {
	var a attributes
	if info[0] == '{' {
		end := attributesEnd(info)
		if end < 0 || strings.Trim(string(info[end+1:]), ": \t") != "" {
			p.b.warn(source, infoAt, "fence %s does not open a div (attributes in braces, then nothing but colons): shown as text", short(string(info)))
			return nil
		}
		a = parseAttributes(info[1:end], infoAt+1)
	} else {
		word, rest, _ := strings.Cut(string(info), " ")
		if strings.Trim(rest, ": \t") != "" {
			return nil
		}
		a.classes = []string{strings.TrimRight(word, ":")}
	}
	classes := p.classes(a.classes, source, infoAt)
	id := a.id
	if id != "" && !validLabel(id) {
		p.b.warn(source, infoAt, "id %s is not a label (letters, digits, \"_\", joined by \"-\", \".\", \":\" or \"/\"): dropped", short(id))
		id = ""
	}
	var node ast.Node
	prefix, _, _ := strings.Cut(id, "-")
	switch {
	case floatKinds[prefix] != "" && strings.Contains(id, "-"):
		node = p.float(&a, prefix, classes, source, infoAt)
	case quartoTheorems[prefix] != "" && strings.Contains(id, "-"):
		t := &Theorem{Env: quartoTheorems[prefix], Classes: classes}
		t.AppendChild(t, title(a.segment("name")))
		node = t
	case hasAny(classes, quartoUnnumbered):
		t := &Theorem{Unnumbered: true}
		for _, c := range classes {
			if quartoUnnumbered[c] && t.Env == "" {
				t.Env = c
			} else {
				t.Classes = append(t.Classes, c)
			}
		}
		t.AppendChild(t, title(a.segment("name")))
		node = t
	case calloutClass(classes) != "":
		c := &Callout{Variant: calloutClass(classes)}
		for _, cl := range classes {
			if !strings.HasPrefix(cl, "callout") {
				c.Classes = append(c.Classes, cl)
			}
		}
		switch a.value("collapse") {
		case "true":
			c.Folded = true
		case "false":
			c.Folded, c.Open = true, true
		}
		c.NoIcon = a.value("icon") == "false"
		if ap := a.value("appearance"); ap == "simple" || ap == "minimal" {
			c.Appearance = ap
		}
		c.AppendChild(c, title(a.segment("title")))
		node = c
	case hasAny(classes, map[string]bool{"panel-tabset": true}):
		node = &Tabset{}
	default:
		node = &Div{Classes: classes, lay: p.layoutAttrs(&a, source, infoAt)}
	}
	f.b = blockOf(node)
	f.b.label = id
	return node
}

// hasAny reports whether one of cs is in set.
func hasAny(cs []string, set map[string]bool) bool {
	for _, c := range cs {
		if set[c] {
			return true
		}
	}
	return false
}

// calloutClass returns the kind of callout classes ask for, "" for none.
func calloutClass(classes []string) string {
	for _, c := range classes {
		if kind, ok := strings.CutPrefix(c, "callout-"); ok && calloutTypes[kind] != "" {
			return kind
		}
	}
	return ""
}
