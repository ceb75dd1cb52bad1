// Package safeyaml decodes the YAML a notebook carries (front matter,
// cell options) as gopkg.in/yaml.v3 does, but within bounds that a
// hostile notebook cannot stretch: a cap on the input's size, and
// aliases allowed only as long as what they expand to stays within a
// constant times the input.
//
//	var fields map[string]any
//	err := safeyaml.Unmarshal(src, safeyaml.FrontMatterLimit, &fields)
//	if errors.Is(err, safeyaml.ErrTooLarge) || errors.Is(err, safeyaml.ErrAliases) { ... }
//
// An alias repeats what its anchor holds: ten aliases of an anchor that
// holds ten aliases of a 10 kB text make a megabyte, and a few levels
// more make gigabytes from a page of YAML, each copy written again by
// whatever shows the value. Unmarshal measures the document as expanded
// (every text by its length, every node as one more byte), following
// aliases, before decoding it, and refuses one larger than Growth times
// the input plus Slack. A document without aliases always fits a budget
// of its own: its expanded size is at most about twice its text. In a
// shared Budget it fits unless earlier documents' aliases have used the
// budget up.
//
// A file that holds many documents, each cell's options say, shares one
// Budget among them, so that its Slack is granted once, not once a cell:
//
//	b := safeyaml.NewBudget(len(file), safeyaml.Slack)
//	for _, doc := range docs {
//		err := b.Unmarshal(doc, safeyaml.CellOptionsLimit, &opts)
//		...
//	}
//
// Errors are short, one line, and say what was refused; they wrap
// ErrTooLarge, ErrAliases or ErrSyntax.
package safeyaml
