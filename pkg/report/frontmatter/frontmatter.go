package frontmatter

import (
	"strings"

	"github.com/grundylab/grundy/pkg/report/notebook"
	"gopkg.in/yaml.v3"
)

// Find returns the index of the notebook's first cell if it is YAML
// front matter (a raw or markdown cell of "---" lines around a mapping,
// as Quarto and MyST write it), and its fields, parsed once; -1 and nil
// when it has none.
func Find(nb *notebook.Notebook) (int, map[string]any) {
	if len(nb.Cells) == 0 || nb.Cells[0] == nil {
		return -1, nil
	}
	c := nb.Cells[0]
	if c.Type != notebook.Raw && c.Type != notebook.Markdown {
		return -1, nil
	}
	fields := Parse(c.Source)
	if fields == nil {
		return -1, nil
	}
	return 0, fields
}

// Parse returns the mapping of YAML front matter that is the whole
// of src, or nil.
func Parse(src string) map[string]any {
	s := strings.TrimSpace(strings.ReplaceAll(src, "\r\n", "\n"))
	body, ok := strings.CutPrefix(s, "---\n")
	if !ok {
		return nil
	}
	body, ok = strings.CutSuffix(body, "\n---")
	if !ok {
		if body, ok = strings.CutSuffix(body, "\n..."); !ok {
			return nil
		}
	}
	var m map[string]any
	if yaml.Unmarshal([]byte(body), &m) != nil {
		return nil
	}
	// A Markdown cell between two rules that happens to read as YAML is
	// not front matter: front matter names a field these tools know.
	for k := range m {
		if knownKeys[strings.ToLower(k)] {
			return m
		}
	}
	return nil
}

// knownKeys are fields of Quarto's and MyST's front matter.
var knownKeys = map[string]bool{
	"title": true, "subtitle": true, "date": true, "author": true, "authors": true, "tags": true,
	"keywords": true, "categories": true, "description": true, "abstract": true, "jupyter": true,
	"format": true, "execute": true, "kernelspec": true, "bibliography": true, "lang": true,
	"number-sections": true, "numbering": true, "crossref": true,
}
