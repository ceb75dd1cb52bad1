package authoring

import (
	"bytes"
	"fmt"
	"regexp"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// MaxDepth is how deep fenced divs and directives may nest. A fence
// deeper than that is read as the text it is, with a warning, so that
// a hostile cell cannot make parsing or rendering deep.
const MaxDepth = 16

// Blocks is the goldmark extension for the block constructs of Quarto,
// MyST and GitHub: fenced divs (theorems, proofs, callouts, tabsets,
// other divs), directives in colon and backtick fences (admonitions,
// sphinx-proof's statements, figures, tables, list tables, tab sets,
// dropdowns, equations), and alerts. Directives it does not know are
// shown as written, in a box that says so, and warned about.
//
//	md := goldmark.New(goldmark.WithExtensions(&authoring.Blocks{Warn: warn}))
type Blocks struct {
	// Warn receives a message for each thing written that is not shown as
	// its writer meant: an unknown directive, a refused label or path, a
	// fence nested too deep. Nil drops them.
	Warn func(msg string)
	// Math converts the TeX of a {math} directive into MathML; nil shows
	// the TeX as code.
	Math func(tex string) (string, error)

	// lines counts the lines of the source last warned about, up to a
	// position, so that warnings in order cost time in proportion to the
	// source, not to its size times their number; warned counts the
	// warnings about that source, which stop at maxWarnings.
	lines struct {
		source         []byte
		pos, n, warned int
	}
}

// Extend installs the parsers and HTML renderers of the constructs into m.
func (b *Blocks) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		parser.WithBlockParsers(
			// Before the definition list's parsers, which also start at
			// ":", and the fenced code block's, which a directive's
			// backtick fence would otherwise be.
			util.Prioritized(&fenceParser{b: b}, 90),
			// Before the list's, which a "+" also starts.
			util.Prioritized(gridParser{}, 95),
			util.Prioritized(&alertParser{}, 790),
		),
		parser.WithASTTransformers(
			util.Prioritized(&transformer{b: b}, 100),
			util.Prioritized(&floatTransformer{}, 110),
			// After Refs' transformer, which makes Markdown figures.
			util.Prioritized(&floatTransformer{last: true}, 950),
		),
	)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(
		util.Prioritized(&htmlRenderer{b: b}, 100),
		util.Prioritized(floatRenderer{}, 100),
	))
}

// warn reports a message about the text at pos.
func (b *Blocks) warn(source []byte, pos int, format string, args ...any) {
	if b == nil || b.Warn == nil {
		return
	}
	pos = min(max(pos, 0), len(source))
	c := &b.lines
	if len(c.source) != len(source) || len(source) == 0 || &c.source[0] != &source[0] || pos < c.pos {
		c.source, c.pos, c.n, c.warned = source, 0, 0, 0
	}
	// A hostile cell can hold a fault on every line: its first few are
	// named, and the reader is told that more were left out.
	c.warned++
	switch {
	case c.warned == maxWarnings+1:
		b.Warn("more warnings about the blocks of this Markdown are left out")
		return
	case c.warned > maxWarnings:
		return
	}
	c.n += bytes.Count(source[c.pos:pos], []byte("\n"))
	c.pos = pos
	b.Warn(fmt.Sprintf("line %d: ", c.n+1) + fmt.Sprintf(format, args...))
}

// labelForm matches a label a block may have, and so an element id:
// ASCII letters, digits and "_" in words joined by "-", ".", ":" or
// "/" (MyST's "(use/hiding)="): no character an id, a URL fragment or a
// Markdown link destination must escape.
var labelForm = regexp.MustCompile(`^[A-Za-z0-9_]+(?:[-.:/][A-Za-z0-9_]+)*$`)

// classForm matches a class name written into a page.
var classForm = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_-]*$`)

// maxName bounds labels and class names: longer ones are refused.
const maxName = 128

// validLabel reports whether s may be a label.
func validLabel(s string) bool { return len(s) <= maxName && labelForm.MatchString(s) }

// validClass reports whether s may be a class name.
func validClass(s string) bool { return len(s) <= maxName && classForm.MatchString(s) }

// short returns s cut to a length fit for a warning.
func short(s string) string {
	const n = 60
	if len(s) <= n {
		return fmt.Sprintf("%q", s)
	}
	r := []rune(s)
	if len(r) > n {
		r = r[:n]
	}
	return fmt.Sprintf("%q…", string(r))
}
