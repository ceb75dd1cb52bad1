package authoring

import (
	"cmp"
	"regexp"
	"strings"

	"github.com/grundylab/grundy/pkg/report/mathml"
	"github.com/yuin/goldmark/ast"
)

// plainText returns the text of a node's inline content, its formulas
// as $TeX$, for a title.
func plainText(n ast.Node, source []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(source))
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.CodeSpan:
			for t := c.FirstChild(); t != nil; t = t.NextSibling() {
				if s, ok := t.(*ast.Text); ok {
					b.Write(s.Segment.Value(source))
				}
			}
			return ast.WalkSkipChildren, nil
		case *mathml.Math:
			b.WriteString("$" + string(c.TeX) + "$")
			return ast.WalkSkipChildren, nil
		case *Ref:
			b.WriteString(c.Source)
			return ast.WalkSkipChildren, nil
		case *Cite:
			b.WriteString(c.Source)
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return strings.TrimSpace(b.String())
}

// plainRef matches a reference in plain text: "@fig-x", "-@fig-x",
// "[@fig-x]".
var plainRef = regexp.MustCompile(`(\[?)(-?)@([A-Za-z0-9_]+(?:[-.:][A-Za-z0-9_]+)*)(\]?)`)

// plainRefList matches a bracketed list of references in plain text,
// "[@fig-a; -@tbl-b]".
var plainRefList = regexp.MustCompile(`\[\s*-?@[A-Za-z0-9_]+(?:[-.:][A-Za-z0-9_]+)*(?:\s*;\s*-?@[A-Za-z0-9_]+(?:[-.:][A-Za-z0-9_]+)*)+\s*\]`)

// plainRole matches a MyST reference role in plain text, as package
// plaintext keeps it: "{numref}`label`".
var plainRole = regexp.MustCompile("\\{(ref|numref|eq|prf:ref|proof:ref)\\}`([^`]+)`")

// PlainText returns plain text (a summary) with each of Quarto's
// references and MyST's reference roles to a target written as its
// text, "Figure 1", as a page shows it; a role to no target as its own
// text, else its label. Other text is left as it is.
func (x *Index) PlainText(s string) string {
	if strings.Contains(s, "}`") {
		s = replaceAllSubmatchFunc(plainRole, s, func(m []int) string {
			r := &Ref{Form: roleForm(s[m[2]:m[3]]), Label: strings.TrimSpace(s[m[4]:m[5]])}
			if sm := roleText.FindStringSubmatch(r.Label); sm != nil {
				r.Own, r.Label = sm[1], strings.TrimSpace(sm[2])
			}
			r.resolve(x)
			if !r.found {
				return cmp.Or(r.Own, r.Label)
			}
			return strings.ReplaceAll(r.resolved, "\u00a0", " ")
		})
	}
	if !strings.Contains(s, "@") {
		return s
	}
	s = replaceAllSubmatchFunc(plainRefList, s, func(m []int) string {
		// "[@fig-a; -@fig-b]": each reference's text, joined as Quarto
		// joins them, when all resolve.
		whole := s[m[0]:m[1]]
		var texts []string
		for _, part := range strings.Split(whole[1:len(whole)-1], ";") {
			text := x.PlainText(strings.TrimSpace(part))
			if strings.Contains(text, "@") {
				return whole
			}
			texts = append(texts, text)
		}
		return strings.Join(texts, ", ")
	})
	return replaceAllSubmatchFunc(plainRef, s, func(m []int) string {
		whole := s[m[0]:m[1]]
		if m[0] > 0 && isWordByte(s[m[0]-1]) {
			return whole
		}
		label := s[m[6]:m[7]]
		capital := label[0] >= 'A' && label[0] <= 'Z'
		if capital {
			label = strings.ToLower(label[:1]) + label[1:]
		}
		t, _, ok := x.lookup(label, true)
		if !ok {
			return whole
		}
		form := FormAt
		if m[5] > m[4] {
			form = FormNumber
		}
		text := strings.ReplaceAll(x.refText(form, "", t), "\u00a0", " ")
		if capital {
			text = capitalize(text)
		}
		open, closing := s[m[2]:m[3]], s[m[8]:m[9]]
		if open != "" && closing != "" {
			return text
		}
		return open + text + closing
	})
}

// replaceAllSubmatchFunc replaces each match of re in s by repl of its
// submatch indexes.
func replaceAllSubmatchFunc(re *regexp.Regexp, s string, repl func(m []int) string) string {
	var b strings.Builder
	last := 0
	for _, m := range re.FindAllStringSubmatchIndex(s, -1) {
		b.WriteString(s[last:m[0]])
		b.WriteString(repl(m))
		last = m[1]
	}
	b.WriteString(s[last:])
	return b.String()
}
