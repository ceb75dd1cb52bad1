package safeyaml

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// Limits on the input of Unmarshal for the YAML a notebook carries:
// Quarto's cell options take a few lines, front matter a screen or two,
// and a parser's time and memory grow with what it is given.
const (
	CellOptionsLimit = 64 << 10
	FrontMatterLimit = 1 << 20
)

// Growth and Slack bound what a document's aliases may expand it to:
// Growth times its size in bytes plus Slack. A cell's options are given
// the smaller CellOptionsSlack: a notebook holds thousands of cells, and
// what each may add beyond Growth times its text adds up.
const (
	Growth           = 4
	Slack            = 4 << 10
	CellOptionsSlack = 512
)

// Sentinel errors of Unmarshal, for errors.Is.
var (
	// ErrTooLarge reports input over the limit.
	ErrTooLarge = errors.New("too large")
	// ErrAliases reports aliases that expand the document beyond its
	// budget, or an anchor that contains an alias of itself.
	ErrAliases = errors.New("aliases expand too far")
	// ErrSyntax reports text that is not YAML, or not of the kind the
	// value decoded into wants.
	ErrSyntax = errors.New("not valid YAML")
)

// Unmarshal decodes the YAML document src into v, as yaml.Unmarshal
// does, when src is at most limit bytes and its aliases expand it to at
// most Growth*len(src)+Slack (see the package doc). Otherwise it leaves
// v as it was and returns an error wrapping ErrTooLarge or ErrAliases;
// text that is not YAML, or not of v's shape, gives one wrapping
// ErrSyntax, with the parser's first complaint.
func Unmarshal(src []byte, limit int, v any) error {
	return NewBudget(len(src), Slack).Unmarshal(src, limit, v)
}

// A Budget is what the documents of one file may expand to together. A
// file that holds many small documents (a cell's options each) would
// otherwise be granted a Slack for each, and a few bytes a document
// could expand a thousandfold.
type Budget struct {
	left int64
}

// NewBudget returns the budget of a file of size bytes: Growth*size
// plus slack.
func NewBudget(size, slack int) *Budget {
	return &Budget{left: int64(Growth)*int64(size) + int64(slack)}
}

// Unmarshal decodes src into v as the package's Unmarshal does, charging
// its expanded size to b; a document that does not fit in what is left
// is refused with an error wrapping ErrAliases, and charges nothing.
func (b *Budget) Unmarshal(src []byte, limit int, v any) error {
	if len(src) > limit {
		return fmt.Errorf("%w: %d bytes, more than the %d allowed", ErrTooLarge, len(src), limit)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return fmt.Errorf("%w: %w", ErrSyntax, short(err))
	}
	m := measure{sizes: map[*yaml.Node]int64{}, budget: b.left}
	size, err := m.size(&doc)
	if err != nil {
		return err
	}
	if size > b.left {
		return fmt.Errorf("%w: %d bytes of YAML expand to more than the %d left", ErrAliases, len(src), b.left)
	}
	if err := doc.Decode(v); err != nil {
		return fmt.Errorf("%w: %w", ErrSyntax, short(err))
	}
	b.left -= size
	return nil
}

// measure computes the expanded sizes of nodes, each anchor's once.
type measure struct {
	// sizes holds the size of each node an alias has led to, -1 while
	// it is being measured, so that an anchor holding an alias of
	// itself is found.
	sizes  map[*yaml.Node]int64
	budget int64
}

// size returns the expanded size of n: the length of its text and one
// byte for each node, aliases counted as what they stand for. It stops
// with an error as soon as the size passes the budget, so that it takes
// time linear in the input whatever the aliases.
func (m *measure) size(n *yaml.Node) (int64, error) {
	if n == nil {
		return 0, nil
	}
	if n.Kind == yaml.AliasNode {
		target := n.Alias
		switch s, seen := m.sizes[target]; {
		case seen && s < 0:
			return 0, fmt.Errorf("%w: anchor %q contains an alias of itself", ErrAliases, shorten(n.Value, 40))
		case seen:
			return s, nil
		}
		m.sizes[target] = -1
		s, err := m.size(target)
		if err != nil {
			return 0, err
		}
		m.sizes[target] = s
		return s, nil
	}
	total := int64(1 + len(n.Value))
	for _, c := range n.Content {
		s, err := m.size(c)
		if err != nil {
			return 0, err
		}
		total += s
		if total > m.budget {
			return 0, fmt.Errorf("%w: the document expands to more than %d bytes", ErrAliases, m.budget)
		}
	}
	return total, nil
}

// short returns a YAML error as one short line: its first problem,
// without the package's "yaml: " prefix, which the message around it
// makes plain.
func short(err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	msg = strings.TrimPrefix(msg, "unmarshal errors:\n")
	first, _, more := strings.Cut(strings.TrimSpace(msg), "\n")
	first = shorten(first, 200)
	if more {
		first += " (and more)"
	}
	return errors.New(first)
}

// shorten returns s cut to at most max bytes at a rune boundary, marked
// with an ellipsis where it was cut.
func shorten(s string, max int) string {
	if len(s) <= max {
		return s
	}
	for max > 0 && !utf8.RuneStart(s[max]) {
		max--
	}
	return s[:max] + " …"
}
