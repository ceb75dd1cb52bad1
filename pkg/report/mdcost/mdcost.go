package mdcost

import (
	"fmt"
	"math"
	"strings"
)

// MaxNesting is the deepest nesting of block quotes and list items a
// line of Markdown may open. Documents rarely nest past 6; browsers
// flatten elements nested past 512.
const MaxNesting = 32

// Budget is the cost of Markdown a view hands to its writers for one
// notebook, in units of Of's Cost: about the number of steps a CommonMark
// parser takes at worst, a fraction of a second for goldmark. Ordinary
// notebooks spend less than a thousandth of it.
const Budget = 100_000_000

// A Measure is what Of finds in Markdown text.
type Measure struct {
	// nesting is the deepest nesting of quotes and lists a line opens, at
	// most: list items indented by two columns a level count too.
	nesting int
	// Cost bounds the steps a parser may take on the paragraphs.
	Cost int64
	// why names the count that made most of the cost, as "30000 emphasis
	// markers in one paragraph".
	why string
	// worst is the cost of the paragraph why describes.
	worst int64
}

// Of measures Markdown source in one pass over it, without
// parsing it. A paragraph here is a run of lines between blank lines,
// which holds one or more of a parser's paragraphs, so its counts bound
// theirs.
func Of(src string) Measure {
	var m Measure
	var p paragraphCounts
	// Footnotes are looked up in the whole text, not a paragraph.
	if f := int64(strings.Count(src, "[^")); f > 0 {
		m.worst = mulSat(mulSat(f, f), footnoteCost)
		m.Cost, m.why = m.worst, fmt.Sprintf("%d footnotes", f)
	}
	for len(src) > 0 {
		line := src
		if i := strings.IndexByte(src, '\n'); i >= 0 {
			line, src = src[:i], src[i+1:]
		} else {
			src = ""
		}
		if strings.TrimSpace(line) == "" {
			m.add(&p)
			continue
		}
		nesting, markers := lineNesting(line)
		m.nesting = max(m.nesting, nesting)
		p.markers += int64(markers)
		p.count(line)
	}
	m.add(&p)
	return m
}

// add adds the cost of a paragraph's counts and starts the next.
func (m *Measure) add(p *paragraphCounts) {
	terms := []struct {
		cost int64
		why  string
	}{
		{mulSat(p.emphasis, p.emphasis), fmt.Sprintf("%d emphasis markers in one paragraph", p.emphasis)},
		{p.nested, fmt.Sprintf("brackets nested %d deep in one paragraph", p.deepest)},
		{mulSat(p.openers, p.bytes), fmt.Sprintf("%d link destinations and HTML comments that may not close, in a paragraph of %d bytes", p.openers, p.bytes)},
		{mulSat(p.markers, markerCost), fmt.Sprintf("%d block quote and list markers in one paragraph", p.markers)},
	}
	for _, t := range terms {
		m.Cost = addSat(m.Cost, t.cost)
		if t.cost > m.worst {
			m.worst, m.why = t.cost, t.why
		}
	}
	*p = paragraphCounts{}
}

// paragraphCounts are the counts of one paragraph that its cost is made of.
type paragraphCounts struct {
	// emphasis counts runs of '*', '_' and '~'.
	emphasis int64
	// open counts the brackets '[' not yet closed, deepest the most of
	// them at once, and nested adds up open at each ']'.
	open, deepest, nested int64
	// openers counts "](", "<!" and "<?", each of which a parser may
	// follow to the end of the paragraph.
	openers int64
	// markers counts block quote and list markers.
	markers int64
	bytes   int64
}

// markerCost is the cost of a block quote or list marker.
const markerCost = 1000

// footnoteCost is the cost of a footnote reference looking at a
// definition: eight times that of an emphasis marker looking at another.
const footnoteCost = 8

func (p *paragraphCounts) count(line string) {
	p.bytes += int64(len(line)) + 1
	for i := 0; i < len(line); i++ {
		switch c := line[i]; c {
		case '\\':
			i++
		case '*', '_', '~':
			p.emphasis++
			for i+1 < len(line) && line[i+1] == c {
				i++
			}
		case '[':
			p.open++
			p.deepest = max(p.deepest, p.open)
		case ']':
			p.nested = addSat(p.nested, p.open)
			p.open = max(p.open-1, 0)
			if i+1 < len(line) && line[i+1] == '(' {
				p.openers++
			}
		case '<':
			if i+1 < len(line) && (line[i+1] == '!' || line[i+1] == '?') {
				p.openers++
			}
		}
	}
}

// lineNesting returns how deep the block quotes and list items that a
// line starts with nest, at most, and the number of their markers: each
// '>' and list marker is a level, and so are each two columns of
// indentation before a marker, the least a nested list item needs. A
// thematic break ("- - -") opens none.
func lineNesting(line string) (nesting, markers int) {
	indent := 0
	first := true
	i := 0
	for i < len(line) {
		// Spaces and tabs; the indentation before the first marker counts.
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			if first {
				if line[i] == '\t' {
					indent += 4 - indent%4
				} else {
					indent++
				}
			}
			i++
		}
		n := markerLen(line[i:])
		if n == 0 {
			break
		}
		first = false
		markers++
		i += n
	}
	if markers == 0 || thematicBreak(line) {
		return 0, 0
	}
	return markers + indent/2, markers
}

// markerLen returns the length of the block quote marker or list marker
// at the start of s, or 0.
func markerLen(s string) int {
	if s == "" {
		return 0
	}
	end := func(n int) int { // a list marker ends the line or is followed by a space
		if n == len(s) || s[n] == ' ' || s[n] == '\t' {
			return n
		}
		return 0
	}
	switch c := s[0]; {
	case c == '>':
		return 1
	case c == '-' || c == '+' || c == '*':
		return end(1)
	case c >= '0' && c <= '9':
		n := 1
		for n < len(s) && n < 10 && s[n] >= '0' && s[n] <= '9' {
			n++
		}
		if n < len(s) && (s[n] == '.' || s[n] == ')') {
			return end(n + 1)
		}
	}
	return 0
}

// thematicBreak reports whether a line is only '-', '*' or '_' (three or
// more of one of them) and spaces: a rule, not a nest of list items.
func thematicBreak(line string) bool {
	var mark byte
	n := 0
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c == ' ' || c == '\t':
		case (c == '-' || c == '*' || c == '_') && (mark == 0 || c == mark):
			mark = c
			n++
		default:
			return false
		}
	}
	return n >= 3
}

// mulSat returns a×b for non-negative a and b, or the largest int64 if
// that overflows.
func mulSat(a, b int64) int64 {
	if a != 0 && b > math.MaxInt64/a {
		return math.MaxInt64
	}
	return a * b
}

// addSat returns a+b for non-negative a and b, or the largest int64 if
// that overflows.
func addSat(a, b int64) int64 {
	if b > math.MaxInt64-a {
		return math.MaxInt64
	}
	return a + b
}

// TooCostly says why the Markdown measured is not to be parsed with a
// budget of budget left, or returns "" when it may be.
func (m Measure) TooCostly(budget int64) string {
	switch {
	case m.nesting > MaxNesting:
		return fmt.Sprintf("it nests block quotes and lists up to %d deep, more than the %d a page shows", m.nesting, MaxNesting)
	case m.Cost > budget:
		return fmt.Sprintf("it has %s, more than a Markdown parser reads in good time", m.why)
	}
	return ""
}
