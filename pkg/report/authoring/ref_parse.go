package authoring

import (
	"github.com/grundylab/grundy/pkg/report/bib"
	"regexp"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// keyForm matches a citation key or a label after "@", as Pandoc reads
// one: words of letters, digits and "_" joined by single punctuation,
// never ending in it (so "@fig-x." ends before the full stop).
var keyForm = regexp.MustCompile(`^[A-Za-z0-9_]+(?:[-.:/][A-Za-z0-9_]+)*`)

// crossrefPrefixes are Quarto's label prefixes: "@fig-x" is a reference
// to a figure whatever the document holds, never a citation.
var crossrefPrefixes = map[string]bool{
	"fig": true, "tbl": true, "eq": true, "sec": true, "lst": true,
	"thm": true, "lem": true, "cor": true, "prp": true, "cnj": true,
	"def": true, "exm": true, "exr": true, "sol": true, "rem": true,
}

// isCrossref reports whether key has one of Quarto's label prefixes,
// "fig-", or "Fig-" written at the start of a sentence.
func isCrossref(key string) bool {
	prefix, _, ok := strings.Cut(key, "-")
	return ok && (crossrefPrefixes[prefix] || crossrefPrefixes[strings.ToLower(prefix[:1])+prefix[1:]])
}

// atParser reads Quarto's references and Pandoc's citations in text:
// "@key", "-@key", and "[...]" groups of them.
type atParser struct{}

func (atParser) Trigger() []byte { return []byte{'@', '-', '['} }

func (atParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, seg := block.PeekLine()
	if len(line) == 0 {
		return nil
	}
	if isWordRune(block.PrecendingCharacter()) {
		return nil // an e-mail address, a word-internal "@" or "-"
	}
	switch line[0] {
	case '[':
		return parseGroup(block)
	case '-':
		if len(line) < 2 || line[1] != '@' {
			return nil
		}
	}
	suppress := line[0] == '-'
	at := 1
	if suppress {
		at = 2
	}
	key := keyForm.Find(line[at:])
	if key == nil {
		return nil
	}
	end := at + len(key)
	block.Advance(end)
	n := atNode(string(key), suppress, string(line[:end]), seg.Start, seg.Start+end)
	if c, ok := n.(*Cite); ok && !suppress {
		narrativeSuffix(c, block, line[end:])
	}
	return n
}

// narrativeSuffix reads the bracketed text after a narrative citation,
// "@key [p. 33]", as Pandoc does: the citation's suffix, after a comma
// when it starts with neither one nor a space, so that it reads "Knuth
// (1984, 33)" and "Knuth (1984, see also)" as pandoc writes them. Text
// with a citation in it is a citation of its own, and a link is a link.
func narrativeSuffix(c *Cite, block text.Reader, rest []byte) {
	skip := 0
	if len(rest) > 0 && rest[0] == ' ' {
		skip = 1
	}
	if len(rest) <= skip || rest[skip] != '[' {
		return
	}
	line, pos := block.Position()
	block.Advance(skip)
	inner, _, stop, ok := readGroup(block)
	if !ok || strings.Contains(inner, "@") || strings.TrimSpace(inner) == "" {
		block.SetPosition(line, pos)
		return
	}
	suffix := strings.TrimSpace(inner)
	if !strings.HasPrefix(inner, ",") && !strings.HasPrefix(inner, " ") {
		suffix = ", " + suffix
	}
	c.Items[0].Suffix = suffix
	c.Source += string(rest[:skip]) + "[" + inner + "]"
	c.stop = stop
}

// atNode returns the node of "@key" or "-@key" outside brackets: a
// reference for a key with a label prefix, else a narrative citation
// (which the transformer makes a reference if a target has the key as
// its label, or text if the document has no bibliography).
func atNode(key string, suppress bool, source string, start, stop int) ast.Node {
	if isCrossref(key) {
		r := &Ref{Form: FormAt, Label: key, Source: source, start: start, stop: stop}
		if suppress {
			r.Form = FormNumber
		}
		if key[0] >= 'A' && key[0] <= 'Z' {
			r.Capital = true
			r.Label = strings.ToLower(key[:1]) + key[1:]
		}
		return r
	}
	c := &Cite{Mode: bib.Narrative, Source: source, start: start, stop: stop}
	c.Items = []bib.Item{{Key: key, SuppressAuthor: suppress}}
	if suppress {
		c.Mode = bib.Parenthetical // Pandoc's "-@key" in text: the year alone
		c.Bare = true
	}
	return c
}

// parseGroup reads "[see @a, p. 3; @b]", on one line or more: a
// reference when it holds one reference alone, "[@fig-x]", else a
// citation whose every item holds one key. Anything else (a link, a
// footnote) is left to the other parsers.
func parseGroup(block text.Reader) ast.Node {
	line, pos := block.Position()
	inner, start, stop, ok := readGroup(block)
	if !ok || !strings.Contains(inner, "@") {
		block.SetPosition(line, pos)
		return nil
	}
	parts := strings.Split(inner, ";")
	items := make([]bib.Item, 0, len(parts))
	for _, part := range parts {
		it, ok := groupItem(part)
		if !ok {
			block.SetPosition(line, pos)
			return nil
		}
		items = append(items, it)
	}
	source := "[" + inner + "]"
	if len(items) == 1 && isCrossref(items[0].Key) && items[0].Prefix == "" && items[0].Suffix == "" {
		return atNode(items[0].Key, items[0].SuppressAuthor, source, start, stop)
	}
	for _, it := range items {
		if isCrossref(it.Key) {
			return refList(items, parts, source, start, stop)
		}
	}
	return &Cite{Mode: bib.Parenthetical, Items: items, Source: source, start: start, stop: stop}
}

// readGroup reads the bracketed text at the reader's position, "[...]",
// with brackets nested and backslash escapes skipped, over as many lines
// as it takes, and advances past it. It returns the text inside, its
// lines joined by spaces, and the group's range in the source. It fails
// for a group with code in it, one followed by "(", "[" or ":" (a link,
// a link reference definition), and one longer than maxGroup bytes or
// maxGroupLines lines, so that a paragraph of many "[" costs linear time.
func readGroup(block text.Reader) (inner string, start, stop int, ok bool) {
	var lines []text.Segment // the lines before the one that closes the group
	depth, scanned := 0, 0
	for len(lines) < maxGroupLines && scanned < maxGroup {
		line, seg := block.PeekLine()
		if len(line) == 0 {
			return "", 0, 0, false
		}
		for i := 0; i < len(line) && scanned+i < maxGroup; i++ {
			switch line[i] {
			case '\\':
				i++
			case '[':
				depth++
			case ']':
				depth--
				if depth > 0 {
					continue
				}
				if i+1 < len(line) && (line[i+1] == '(' || line[i+1] == '[' || line[i+1] == ':') {
					return "", 0, 0, false
				}
				var b strings.Builder
				for _, l := range lines {
					b.Write(l.Value(block.Source()))
				}
				b.Write(line[:i])
				block.Advance(i + 1)
				start = seg.Start
				if len(lines) > 0 {
					start = lines[0].Start
				}
				return lineBreaks.Replace(b.String()[1:]), start, seg.Start + i + 1, true
			case '`':
				return "", 0, 0, false // code in a group: not a citation
			}
		}
		lines = append(lines, seg)
		scanned += len(line)
		block.AdvanceLine()
	}
	return "", 0, 0, false
}

// groupItem reads one item of a bracketed citation: a prefix, "@key" or
// "-@key", and a suffix.
func groupItem(part string) (bib.Item, bool) {
	i := strings.Index(part, "@")
	for i >= 0 && i > 0 && isWordByte(part[i-1]) {
		next := strings.Index(part[i+1:], "@")
		if next < 0 {
			return bib.Item{}, false
		}
		i += 1 + next
	}
	if i < 0 {
		return bib.Item{}, false
	}
	key := keyForm.FindString(part[i+1:])
	if key == "" {
		return bib.Item{}, false
	}
	it := bib.Item{Key: key, Prefix: strings.TrimSpace(part[:i]), Suffix: strings.TrimSpace(part[i+1+len(key):])}
	if strings.HasSuffix(it.Prefix, "-") {
		it.Prefix = strings.TrimSpace(strings.TrimSuffix(it.Prefix, "-"))
		it.SuppressAuthor = true
	}
	if strings.Contains(it.Suffix, "@") {
		return bib.Item{}, false // two keys in one item: not Pandoc's form
	}
	return it, true
}

// lineBreaks joins the lines of a group.
var lineBreaks = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ")

// maxGroup and maxGroupLines bound the bracketed citations read: bytes
// and lines.
const (
	maxGroup      = 2048
	maxGroupLines = 16
)

// isWordByte reports whether c is an ASCII letter or digit or "_".
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// isWordRune reports whether r would join "@" to the word before it.
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_'
}
