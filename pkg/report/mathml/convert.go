package mathml

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/grundylab/grundy/internal/htmltext"
	"log"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
	_ "unsafe" // for go:linkname, to take treeblood's log

	"github.com/grundylab/grundy/pkg/report/sanitize"
	"github.com/wyatt915/treeblood"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// ErrTeX is wrapped by the errors of Converter for formulas that cannot be
// converted.
var ErrTeX = errors.New("cannot convert TeX to MathML")

// treebloodLog is treeblood's logger, which writes its warnings to
// standard error and offers no way to redirect them; they are taken here
// and returned as warnings instead.
//
//go:linkname treebloodLog github.com/wyatt915/treeblood.logger
var treebloodLog *log.Logger

// treebloodMu serialises the use of treeblood, whose log is global.
var (
	treebloodMu  sync.Mutex
	treebloodOut bytes.Buffer
)

func init() {
	treebloodLog.SetOutput(&treebloodOut)
	treebloodLog.SetFlags(0)
	treebloodLog.SetPrefix("")
}

// A Converter converts TeX formulas to MathML for one document, as MathJax
// does for one page: macros defined with \newcommand, \def or
// \DeclareMathOperator in one formula hold for the later ones, and
// equations are numbered through the document. A Converter is not safe for
// concurrent use; different Converters are.
type Converter struct {
	doc       *treeblood.Pitziil
	defs      map[string]*macro
	labels    map[string]string
	equations int
	warnings  []string
	nesting   int // \text{$...$} being converted inside one another
}

// New returns a Converter for a new document.
func New() *Converter {
	doc := treeblood.NewDocument(nil, false)
	doc.PrintOneLine = true
	return &Converter{doc: doc, defs: map[string]*macro{}, labels: map[string]string{}}
}

// Inline converts a formula set in the text, as $...$ is. Its warnings are
// kept for TakeWarnings.
func (c *Converter) Inline(tex string) (string, error) {
	return c.keep(c.Convert(tex, false))
}

// Display converts a formula displayed on its own line, as $$...$$ is. Its
// warnings are kept for TakeWarnings.
func (c *Converter) Display(tex string) (string, error) {
	return c.keep(c.Convert(tex, true))
}

func (c *Converter) keep(mml string, warnings []string, err error) (string, error) {
	c.warnings = append(c.warnings, warnings...)
	return mml, err
}

// TakeWarnings returns the warnings of the formulas converted by Inline,
// Display and the Extender since the last call, and forgets them.
func (c *Converter) TakeWarnings() []string {
	w := c.warnings
	c.warnings = nil
	return w
}

// Convert converts one formula, displayed or inline, to a <math> element
// that holds only what package sanitize's MathML policy allows, whatever
// the TeX. It returns the warnings of the conversion, such as a command it
// does not know, which it shows as MathJax does, in red. A formula that
// only defines macros gives no element. The errors wrap ErrTeX, and
// ErrLimit for TeX beyond the limits.
func (c *Converter) Convert(tex string, display bool) (mml string, warnings []string, err error) {
	mml, _, warnings, err = c.convert(tex, display, true)
	return mml, warnings, err
}

// convert is Convert, which returns the tag of a displayed equation apart
// when tagInside is false, for the page to lay out: a <math> element of
// the tag, such as "(1)", or of the tags of the rows of a numbered
// environment (see tagTable).
func (c *Converter) convert(tex string, display, tagInside bool) (mml, tag string, warnings []string, err error) {
	r, err := c.rewrite(tex, display)
	if err != nil {
		return "", "", nil, fmt.Errorf("%w %q: %w", ErrTeX, abbreviate(tex), err)
	}
	if strings.TrimSpace(r.out.String()) == "" && r.tag == "" {
		return "", "", r.warnings, nil
	}
	if !tagInside {
		tag, r.tag = r.tag, ""
		r.tagsApart = true
	}
	out, err := c.finish(r, tex)
	if err != nil {
		return "", "", nil, fmt.Errorf("%w %q: %w", ErrTeX, abbreviate(tex), err)
	}
	if len(r.rowTags) > 0 {
		tags, err := tagTable(r.rowTags)
		if err != nil {
			return "", "", nil, fmt.Errorf("%w %q: %w", ErrTeX, abbreviate(tex), err)
		}
		return out, tags, r.warnings, nil
	}
	if tag != "" {
		// MathML, to be in the font of the formula.
		tag = `<math display="inline"><mtext>` + html.EscapeString(tag) + `</mtext></math>`
	}
	return out, tag, r.warnings, nil
}

// abbreviate shortens a formula for an error message.
func abbreviate(tex string) string {
	const limit = 80
	if len(tex) <= limit {
		return tex
	}
	cut := limit
	for cut > 0 && !utf8.RuneStart(tex[cut]) {
		cut--
	}
	return tex[:cut] + "…"
}

// rewrite expands the macros of tex and rewrites what treeblood lacks.
func (c *Converter) rewrite(tex string, display bool) (*rewriter, error) {
	toks, err := tokenize(tex)
	if err != nil {
		return nil, err
	}
	toks, err = expand(toks, c.defs)
	if err != nil {
		return nil, err
	}
	r := &rewriter{c: c, display: display}
	if display {
		r.row = &rowState{}
	}
	if err := r.group(toks, 0); err != nil {
		return nil, err
	}
	if display {
		r.endEquation()
	}
	if err := checkArguments(r.out.String()); err != nil {
		return nil, err
	}
	return r, nil
}

// inner converts tokens of a formula inside \text{...$...$...} and returns
// the MathML of its content, without the <math> element.
func (c *Converter) inner(toks []token) (string, error) {
	r := &rewriter{c: c}
	if err := r.group(toks, 0); err != nil {
		return "", err
	}
	if err := checkArguments(r.out.String()); err != nil {
		return "", err
	}
	math, err := c.tree(r)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if sem := firstElement(math, "semantics"); sem != nil && sem.FirstChild != nil && sem.FirstChild.Data != "annotation" {
		if err := html.Render(&b, sem.FirstChild); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

// treeblood converts rewritten TeX, returning treeblood's log as warnings.
func (c *Converter) treeblood(tex string, display bool) (string, []string, error) {
	treebloodMu.Lock()
	defer treebloodMu.Unlock()
	treebloodOut.Reset()
	var out string
	var err error
	if display {
		out, err = c.doc.DisplayStyle(tex)
	} else {
		out, err = c.doc.TextStyle(tex)
	}
	var warnings []string
	for line := range strings.Lines(treebloodOut.String()) {
		line = strings.TrimSpace(line)
		switch {
		case line == "":
		case strings.HasPrefix(line, "WARN:") || strings.HasPrefix(line, "NOTE:") || len(warnings) == 0:
			warnings = append(warnings, line)
		default:
			warnings[len(warnings)-1] += " " + line
		}
	}
	// TeX pairs no delimiters but \left and \right, which are checked
	// before: [0, 1) is an interval, not a mistake, in MathJax as in TeX.
	warnings = slices.DeleteFunc(warnings, func(w string) bool {
		return strings.HasPrefix(w, "WARN: Potentially unmatched")
	})
	if err != nil {
		return "", warnings, errors.New(firstLine(err.Error()))
	}
	return out, warnings, nil
}

// firstLine returns the first line of treeblood's message, without the
// HTML excerpt that follows it.
func firstLine(msg string) string {
	msg, _, _ = strings.Cut(msg, "<pre>")
	msg, _, _ = strings.Cut(msg, "\n")
	return strings.TrimSpace(msg)
}

// tree converts the rewritten formula and returns its <math> element with
// the fragments in place.
func (c *Converter) tree(r *rewriter) (*html.Node, error) {
	out, err := c.run(r)
	if err != nil {
		return nil, err
	}
	return c.place(r, out)
}

// run converts the rewritten formula with treeblood, keeping its
// warnings.
func (c *Converter) run(r *rewriter) (string, error) {
	out, warnings, err := c.treeblood(r.out.String(), r.display)
	for i, w := range warnings {
		if !slices.Contains(warnings[:i], w) {
			r.warn("%s", w)
		}
	}
	return out, err
}

// place reads treeblood's MathML and puts the fragments in it.
func (c *Converter) place(r *rewriter, out string) (*html.Node, error) {
	nodes, err := html.ParseFragment(strings.NewReader(out), &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body})
	if err != nil {
		return nil, fmt.Errorf("reading the MathML: %w", err)
	}
	var math *html.Node
	for _, n := range nodes {
		if n.Type == html.ElementNode && n.Data == "math" {
			math = n
		}
	}
	if math == nil {
		return nil, errors.New("no <math> element made")
	}
	repairTables(math)
	var rows *[]rowTag
	if r.tagsApart {
		rows = &r.rowTags
	}
	if err := placeFragments(math, r.frags, rows); err != nil {
		return nil, err
	}
	if len(r.colours) > 0 {
		keys := make(map[string]string, len(r.colours))
		for i, c := range r.colours {
			keys[colourKey(i)] = c
		}
		for n := range math.Descendants() {
			for i, a := range n.Attr {
				if a.Key == "mathcolor" {
					n.Attr[i].Val = keys[a.Val]
				}
			}
		}
	}
	for n := range math.Descendants() {
		if n.Type == html.ElementNode && n.Data == "merror" {
			r.warn("unknown command \\%s", htmltext.Text(n))
		}
	}
	return math, nil
}

// finish converts the rewritten formula to its final, sanitised MathML.
func (c *Converter) finish(r *rewriter, source string) (string, error) {
	out, err := c.run(r)
	if err != nil {
		return "", err
	}
	if len(r.frags) == 0 && len(r.colours) == 0 && r.tag == "" && !strings.Contains(out, "<mtable") {
		// Nothing to place: the MathML is edited as text, which is much
		// faster than as a tree.
		return strings.TrimSpace(sanitize.MathML(plainFinish(r, out, source))), nil
	}
	math, err := c.place(r, out)
	if err != nil {
		return "", err
	}
	if a := firstElement(math, "annotation"); a != nil {
		for a.FirstChild != nil {
			a.RemoveChild(a.FirstChild)
		}
		a.AppendChild(&html.Node{Type: html.TextNode, Data: source})
	}
	if r.tag != "" {
		addTag(math, r.tag)
	}
	var b strings.Builder
	if err := html.Render(&b, math); err != nil {
		return "", err
	}
	return strings.TrimSpace(sanitize.MathML(b.String())), nil
}

// plainFinish reports the <merror> elements of treeblood's MathML as
// warnings and gives it the formula's own source as its annotation.
func plainFinish(r *rewriter, out, source string) string {
	for rest := out; ; {
		_, after, ok := strings.Cut(rest, "<merror>")
		if !ok {
			break
		}
		name, tail, _ := strings.Cut(after, "</merror>")
		r.warn("unknown command \\%s", html.UnescapeString(name))
		rest = tail
	}
	const open = `<annotation encoding="application/x-tex">`
	start := strings.LastIndex(out, open)
	end := strings.LastIndex(out, "</annotation>")
	if start < 0 || end < start {
		return out
	}
	return out[:start+len(open)] + html.EscapeString(source) + out[end:]
}
