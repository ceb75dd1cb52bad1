package markdown

import (
	"bytes"
	"slices"
	"strings"

	"github.com/gohugoio/hugo-goldmark-extensions/passthrough"
	"github.com/grundylab/grundy/pkg/report/sanitize"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// blogMath is the math a blog's goldmark passes through to MathJax as it
// is written, the delimiters Hugo's documentation gives for its
// passthrough extension.
var blogMath = passthrough.Config{
	InlineDelimiters: []passthrough.Delimiters{{Open: "$", Close: "$"}, {Open: `\(`, Close: `\)`}},
	BlockDelimiters:  []passthrough.Delimiters{{Open: "$$", Close: "$$"}, {Open: `\[`, Close: `\]`}},
}

// blogReaders read a post as blogs do: goldmark with GitHub's Markdown,
// footnotes, definition lists and attributes on headings (Hugo's
// defaults), without and with math passed through raw. A blog that allows
// raw HTML (Hugo's unsafe = true) writes what these find as HTML.
var blogReaders = []parser.Parser{
	goldmark.New(
		goldmark.WithExtensions(extension.GFM, extension.Footnote, extension.DefinitionList),
		goldmark.WithParserOptions(parser.WithAttribute()),
	).Parser(),
	goldmark.New(
		goldmark.WithExtensions(extension.GFM, extension.Footnote, extension.DefinitionList, passthrough.New(blogMath)),
		goldmark.WithParserOptions(parser.WithAttribute()),
	).Parser(),
}

// maxDocumentPasses bounds the rounds of SanitizeDocument: a post of
// ordinary notebooks needs one round that changes nothing; hostile text
// that a cleaning turns into new markup needs a few more.
const maxDocumentPasses = 6

// SanitizeDocument returns a post's Markdown, the whole text after its
// front matter, clean as the document a blog's Markdown renderer makes of
// it with raw HTML allowed. Read by each of blogReaders, every piece of raw
// HTML is sanitised by package sanitize; a link whose destination
// sanitize.SafeLink refuses, and an autolink to one, stop being links; an
// image from the web becomes a link to it, and one that could run script
// stops being an image; a heading loses attributes other than an id and
// classes (a style could load from the web); and math passed through raw
// keeps no markup that is not already clean. The blogs' own syntax is
// broken too: "{:" outside code, which kramdown reads as attributes of any
// name, everywhere Hugo's shortcodes ("{{<", "{{%") and the end of a
// Liquid or Nunjucks raw block (see Render), and in text MathJax's
// commands that link or load. Cleaning can make new markup of the text
// around it, so the readers read the result again until neither finds
// anything to clean; text that keeps changing is hostile, and is made
// inert: every "<", "[" and "{" written as a character reference, which no
// Markdown reader takes for markup.
func SanitizeDocument(src string) string {
	cache := map[string]string{}
	for range maxDocumentPasses {
		changed := false
		for _, r := range blogReaders {
			edits, ok := documentEdits(r, []byte(src), cache)
			if !ok {
				return inert(src)
			}
			if len(edits) > 0 {
				src = applyEdits(src, edits)
				changed = true
			}
		}
		if !changed {
			return src
		}
	}
	return inert(src)
}

// inert writes every character that can open markup in Markdown as a
// character reference.
var inert = strings.NewReplacer("<", "&lt;", "[", "&#91;", "{", "&#123;").Replace

// documentEdits returns the edits that clean source as r reads it, with
// cache holding the sanitised form of HTML already seen. It reports false
// when a node it must clean is not where it expects it in the source.
func documentEdits(r parser.Parser, source []byte, cache map[string]string) ([]edit, bool) {
	doc := r.Parse(text.NewReader(source))
	edits := append(templateEdits(doc, source), mathjaxEdits(doc, source)...)
	ok := true
	// at replaces the byte at pos, which must be want.
	at := func(pos int, want byte, repl string) {
		if pos < 0 || pos >= len(source) || source[pos] != want {
			ok = false
			return
		}
		edits = append(edits, edit{pos, pos + 1, repl})
	}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.RawHTML:
			edits = append(edits, cleanHTML(source, n.Segments.Sliced(0, n.Segments.Len()), cache)...)
			return ast.WalkSkipChildren, nil
		case *ast.HTMLBlock:
			segs := n.Lines().Sliced(0, n.Lines().Len())
			if n.HasClosure() {
				segs = append(segs, n.ClosureLine)
			}
			edits = append(edits, cleanHTML(source, segs, cache)...)
			return ast.WalkSkipChildren, nil
		case *ast.Link:
			if !sanitize.SafeLink(string(n.Destination)) {
				at(n.Pos(), '[', "&#91;")
			}
		case *ast.Image:
			dest := string(n.Destination)
			switch {
			case sanitize.SafeSource(dest):
			case sanitize.SafeLink(dest):
				at(n.Pos(), '!', "")
			default:
				at(n.Pos()+1, '[', "&#91;")
			}
		case *ast.AutoLink:
			// Only "<...>" autolinks can hold an unsafe scheme; GitHub's
			// bare ones are web addresses.
			if !sanitize.SafeLink(string(n.URL(source))) {
				at(n.Pos(), '<', "&lt;")
			}
		case *ast.Heading:
			if e, found := headingAttributes(n, source); found {
				edits = append(edits, e)
			} else if hasAttributes(n) {
				ok = false
			}
		case *ast.Text:
			edits = append(edits, attributeLists(source, n.Segment)...)
		case *passthrough.PassthroughInline:
			edits = append(edits, cleanRaw(source, []text.Segment{n.Segment}, cache)...)
		case *passthrough.PassthroughBlock:
			edits = append(edits, cleanRaw(source, n.Lines().Sliced(0, n.Lines().Len()), cache)...)
		}
		return ast.WalkContinue, nil
	})
	return edits, ok
}

// cleanHTML returns the edits that sanitise raw HTML given as segments,
// leaving out those that change nothing.
func cleanHTML(source []byte, segs []text.Segment, cache map[string]string) []edit {
	var edits []edit
	for _, e := range sanitizeSegments(source, segs, func(s string) string {
		clean, ok := cache[s]
		if !ok {
			clean = breakMathJax(escapeTemplates(keepNewline(s)))
			cache[s] = clean
		}
		return clean
	}) {
		if e.text != string(source[e.start:e.stop]) {
			edits = append(edits, e)
		}
	}
	return edits
}

// attributeLists returns the edits that write "{:" in text as "&#123;:":
// kramdown (Jekyll's Markdown) reads {: ...} after a span or a block as
// its attributes, event handlers included, {:name: ...} as attributes to
// name and {::nomarkdown} as raw output. The character reference reads
// the same and is none of these.
func attributeLists(source []byte, s text.Segment) []edit {
	var edits []edit
	for i := s.Start; i+1 < s.Stop; i++ {
		if source[i] == '{' && source[i+1] == ':' {
			edits = append(edits, edit{i, i + 1, "&#123;"})
		}
	}
	return edits
}

// cleanRaw returns the edits for text that a blog writes out raw (math
// passed through): when it holds markup that sanitising would change, each
// "<" in it becomes "&lt;". Math holds no "<" (see MathAngles), and clean
// HTML between two dollars that are not math stays as it is.
func cleanRaw(source []byte, segs []text.Segment, cache map[string]string) []edit {
	var edits []edit
	for _, s := range segs {
		raw := string(source[s.Start:s.Stop])
		if !strings.Contains(raw, "<") {
			continue
		}
		clean, ok := cache[raw]
		if !ok {
			clean = sanitize.HTML(raw)
			cache[raw] = clean
		}
		if clean != raw {
			edits = append(edits, edit{s.Start, s.Stop, strings.ReplaceAll(raw, "<", "&lt;")})
		}
	}
	return edits
}

// hasAttributes reports whether a heading has attributes other than an id
// and classes, which the Markdown gave it ({...} at its end): goldmark
// writes style among others.
func hasAttributes(h *ast.Heading) bool {
	for _, a := range h.Attributes() {
		if !bytes.Equal(a.Name, []byte("id")) && !bytes.Equal(a.Name, []byte("class")) {
			return true
		}
	}
	return false
}

// headingAttributes returns the edit that makes a heading's attributes
// text: its "{" as a character reference. It reports false when the
// heading has no attributes to remove, or their "{" is not found after its
// text on its last line.
func headingAttributes(h *ast.Heading, source []byte) (edit, bool) {
	if !hasAttributes(h) || h.Lines().Len() == 0 {
		return edit{}, false
	}
	last := h.Lines().At(h.Lines().Len() - 1)
	end := bytes.IndexByte(source[last.Stop:], '\n')
	if end < 0 {
		end = len(source) - last.Stop
	}
	i := bytes.IndexByte(source[last.Stop:last.Stop+end], '{')
	if i < 0 {
		return edit{}, false
	}
	return edit{last.Stop + i, last.Stop + i + 1, "&#123;"}, true
}

// applyEdits applies edits to src, leaving out any that overlaps one
// before it in the source (the next round finds it again). It copies src
// once: copying the whole text again for each edit, of 100 000 tags, took
// minutes.
func applyEdits(src string, edits []edit) string {
	slices.SortFunc(edits, func(a, b edit) int { return a.start - b.start })
	var b strings.Builder
	b.Grow(len(src))
	pos := 0
	for _, e := range edits {
		if e.start < pos {
			continue
		}
		b.WriteString(src[pos:e.start])
		b.WriteString(e.text)
		pos = e.stop
	}
	b.WriteString(src[pos:])
	return b.String()
}
