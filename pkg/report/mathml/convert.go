package mathml

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/wyatt915/treeblood"
	"golang.org/x/net/html"
)

// ErrTeX is wrapped by the errors of Converter for formulas that cannot be
// converted.
var ErrTeX = errors.New("cannot convert TeX to MathML")

// macros adapt TeX that treeblood does not take as it is.
var macros = map[string]string{
	"operatorname": `\mathrm{#1}`,
}

// A Converter converts TeX formulas to MathML for one document: definitions
// made with \newcommand in one formula hold for the later ones. A Converter
// is not safe for concurrent use.
type Converter struct {
	doc *treeblood.Pitziil
}

// New returns a Converter for a new document.
func New() *Converter {
	doc := treeblood.NewDocument(macros, false)
	doc.PrintOneLine = true
	return &Converter{doc: doc}
}

// Inline converts a formula set in the text, as $...$ is.
func (c *Converter) Inline(tex string) (string, error) {
	return c.convert(tex, false)
}

// Display converts a formula displayed on its own line, as $$...$$ is.
func (c *Converter) Display(tex string) (string, error) {
	return c.convert(tex, true)
}

func (c *Converter) convert(tex string, display bool) (string, error) {
	var out string
	var err error
	if display {
		out, err = c.doc.DisplayStyle(tex)
	} else {
		out, err = c.doc.TextStyle(tex)
	}
	if err != nil {
		return "", fmt.Errorf("%w %q: %s", ErrTeX, tex, firstLine(err.Error()))
	}
	return normalize(out)
}

// firstLine returns the first line of treeblood's message, without the
// HTML excerpt that follows it.
func firstLine(msg string) string {
	msg, _, _ = strings.Cut(msg, "<pre>")
	msg, _, _ = strings.Cut(msg, "\n")
	return strings.TrimSpace(msg)
}

// sortDeclarations sorts the declarations of a style attribute by
// property, keeping the order of a property given twice; treeblood writes
// them in map order.
func sortDeclarations(style string) string {
	var decls []string
	for d := range strings.SplitSeq(style, ";") {
		if d = strings.TrimSpace(d); d != "" {
			decls = append(decls, d)
		}
	}
	slices.SortStableFunc(decls, func(a, b string) int {
		pa, _, _ := strings.Cut(a, ":")
		pb, _, _ := strings.Cut(b, ":")
		return strings.Compare(strings.TrimSpace(pa), strings.TrimSpace(pb))
	})
	return strings.Join(decls, ";") + ";"
}

// normalize rewrites MathML with every element's attributes, and the
// declarations of its style, in sorted order, without surrounding space.
func normalize(mml string) (string, error) {
	z := html.NewTokenizer(strings.NewReader(mml))
	var b bytes.Buffer
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			if z.Err() == io.EOF {
				break
			}
			return "", fmt.Errorf("%w: reading the MathML: %v", ErrTeX, z.Err())
		}
		tok := z.Token()
		if tt == html.StartTagToken || tt == html.SelfClosingTagToken {
			slices.SortFunc(tok.Attr, func(a, b html.Attribute) int { return strings.Compare(a.Key, b.Key) })
			for i, a := range tok.Attr {
				if a.Key == "style" {
					tok.Attr[i].Val = sortDeclarations(a.Val)
				}
			}
		}
		b.WriteString(tok.String())
	}
	return strings.TrimSpace(b.String()), nil
}
