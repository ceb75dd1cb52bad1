package frontmatter

import (
	"errors"
	"fmt"
	"strings"

	"github.com/grundylab/grundy/pkg/report/internal/safeyaml"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// Find returns the index of the notebook's first cell if it is YAML
// front matter (a raw or markdown cell of "---" lines around a mapping,
// as Quarto and MyST write it), and its fields, parsed once; -1 and nil
// when it has none. The error is Parse's: the first cell has the form of
// front matter, but its YAML is refused as too large or expanding too
// far; it is then not front matter.
func Find(nb *notebook.Notebook) (int, map[string]any, error) {
	if len(nb.Cells) == 0 || nb.Cells[0] == nil {
		return -1, nil, nil
	}
	c := nb.Cells[0]
	if c.Type != notebook.Raw && c.Type != notebook.Markdown {
		return -1, nil, nil
	}
	fields, err := Parse(c.Source)
	if fields == nil {
		return -1, nil, err
	}
	return 0, fields, nil
}

// Parse returns the mapping of YAML front matter that is the whole of
// src, or nil. Text between "---" lines whose YAML is over
// safeyaml.FrontMatterLimit, or whose aliases expand it too far, is not
// read: Parse returns nil and an error saying why, wrapping
// safeyaml.ErrTooLarge or safeyaml.ErrAliases.
func Parse(src string) (map[string]any, error) {
	s := strings.TrimSpace(strings.ReplaceAll(src, "\r\n", "\n"))
	body, ok := strings.CutPrefix(s, "---\n")
	if !ok {
		return nil, nil
	}
	body, ok = strings.CutSuffix(body, "\n---")
	if !ok {
		if body, ok = strings.CutSuffix(body, "\n..."); !ok {
			return nil, nil
		}
	}
	var m map[string]any
	if err := safeyaml.Unmarshal([]byte(body), safeyaml.FrontMatterLimit, &m); err != nil {
		if errors.Is(err, safeyaml.ErrSyntax) {
			return nil, nil // text between rules, not YAML
		}
		return nil, fmt.Errorf("front matter: %w", err)
	}
	// A Markdown cell between two rules that happens to read as YAML is
	// not front matter: front matter names a field these tools know.
	for k := range m {
		if knownKeys[strings.ToLower(k)] {
			return m, nil
		}
	}
	return nil, nil
}

// knownKeys are fields of Quarto's and MyST's front matter.
var knownKeys = map[string]bool{
	"title": true, "subtitle": true, "date": true, "author": true, "authors": true, "tags": true,
	"keywords": true, "categories": true, "description": true, "abstract": true, "jupyter": true,
	"format": true, "execute": true, "kernelspec": true, "bibliography": true, "lang": true,
	"number-sections": true, "numbering": true, "crossref": true,
}
