package textnotebook

import (
	"errors"
	"math"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/grundylab/grundy/pkg/report/internal/safeyaml"
	"github.com/grundylab/grundy/pkg/report/mdcost"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// directiveFence matches a line that opens a MyST cell directive.
var directiveFence = regexp.MustCompile("(?m)^[ \t]*(```+|~~~+)[ \t]*\\{(code|raw)-cell\\}")

// IsNotebook reports whether a file found in a folder is a notebook, by
// its extension and, for text, its content: an .ipynb file; a MyST
// notebook (.md with MyST-NB's or jupytext's front matter saying so, or a
// {code-cell} or {raw-cell} block; any .myst, .mystnb or .mnb file); a
// .qmd file with a code chunk or a jupyter key in its front matter (one
// with neither is a document, not a notebook); a script with a percent
// cell marker ("# %%", "// %%" in Go), so that no other source file is
// taken for a notebook. A file larger than MaxSize is a notebook if its
// extension says it may be, so that reading it reports its size.
func IsNotebook(path string) (bool, error) {
	format, err := FormatOf(path)
	if errors.Is(err, ErrFormat) {
		return false, nil
	}
	switch ext := strings.ToLower(filepath.Ext(path)); {
	case format == IPynb, ext == ".myst", ext == ".mystnb", ext == ".mnb":
		return true, nil
	}
	data, err := readLimited(path)
	if errors.Is(err, ErrTooLarge) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	lines := splitLines(data)
	switch format {
	case MyST:
		return mystFrontMatterSaysNotebook(lines) || directiveFence.Match(data) && hasDirective(data), nil
	case Quarto:
		for _, l := range lines {
			if m := chunkStart.FindStringSubmatch(l); m != nil && !quartoOwn[strings.ToLower(m[3])] {
				return true, nil
			}
		}
		m := frontMatterOf(lines)
		_, ok := m["jupyter"]
		return ok, nil
	}
	s := scriptSyntax[scripts[filepath.Ext(path)].comment]
	for _, l := range lines {
		if s.start.MatchString(l) || s.bare.MatchString(l) {
			return true, nil
		}
	}
	return false, nil
}

// hasDirective reports whether Markdown has a {code-cell} or {raw-cell}
// block at its top level, where it makes a cell: one shown inside another
// fence, as a page about MyST shows one, does not.
func hasDirective(data []byte) bool {
	if mdcost.Of(string(data)).TooCostly(math.MaxInt64) != "" {
		// Too deep to parse here; reading it says why.
		return true
	}
	doc := mystParser().Parse(text.NewReader(data))
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if f, ok := n.(*ast.FencedCodeBlock); ok && f.Info != nil {
			if _, ok := directiveType(string(f.Info.Segment.Value(data))); ok {
				return true
			}
		}
	}
	return false
}

// mystFrontMatterSaysNotebook reports whether front matter makes a .md
// file a notebook, as MyST-NB decides: file_format mystnb, or jupytext's
// text_representation with format_name myst.
func mystFrontMatterSaysNotebook(lines []string) bool {
	m := frontMatterOf(lines)
	if m["file_format"] == "mystnb" {
		return true
	}
	return jupytextFormat(m) == mystFormatName
}

// mystFormatName is jupytext's name for MyST Markdown notebooks.
const mystFormatName = "myst"

// jupytextFormat returns the format_name of front matter's jupytext
// text_representation, or "".
func jupytextFormat(m map[string]any) string {
	j, _ := object(m, "jupytext")
	tr, _ := object(j, "text_representation")
	name, _ := tr["format_name"].(string)
	return name
}

// frontMatterOf returns the mapping of the YAML front matter that starts
// at the first line, or nil.
func frontMatterOf(lines []string) map[string]any {
	if len(lines) == 0 || !frontMatterRule.MatchString(lines[0]) {
		return nil
	}
	for i := 1; i < len(lines); i++ {
		if frontMatterRule.MatchString(lines[i]) {
			text := strings.Join(lines[1:i], "\n")
			m, _ := yamlMapping(safeyaml.NewBudget(len(text), safeyaml.Slack), text)
			return m
		}
	}
	return nil
}

// Unpaired returns files without the text notebooks that jupytext pairs
// with an .ipynb file among them (same folder, same base name): the
// .ipynb holds the outputs, so it is the one read. dropped lists the
// text notebooks left out, each with its .ipynb.
func Unpaired(files []string) (kept []string, dropped [][2]string) {
	ipynb := map[string]string{}
	for _, f := range files {
		if strings.EqualFold(filepath.Ext(f), ".ipynb") {
			ipynb[stem(f)] = f
		}
	}
	for _, f := range files {
		if pair, ok := ipynb[stem(f)]; ok && pair != f {
			dropped = append(dropped, [2]string{f, pair})
			continue
		}
		kept = append(kept, f)
	}
	return kept, dropped
}

// stem returns the path without its extension, cleaned.
func stem(path string) string {
	p := filepath.Clean(path)
	return strings.TrimSuffix(p, filepath.Ext(p))
}
