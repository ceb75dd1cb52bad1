package textnotebook

import (
	"encoding/json"
	"regexp"
	"strings"

	"github.com/grundylab/grundy/pkg/report/codelang"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

var (
	// chunkStart matches the line that opens a code chunk, "```{python}"
	// or "```{r, echo=FALSE}", as Quarto finds the languages of a file.
	chunkStart = regexp.MustCompile("^([ \t]*)(```+)[ \t]*\\{([a-zA-Z][a-zA-Z0-9_.]*)([^}]*)\\}[ \t]*$")
	// fenceStart matches the line that opens any other fenced block.
	fenceStart = regexp.MustCompile("^([ \t]*)(```+|~~~+)")
	// optionLine matches a cell option line, in the comment syntax of any
	// language Quarto knows: "#|", "//|" or "--|".
	optionLine = regexp.MustCompile(`^[ \t]*(#|//|--)\|`)
)

// quartoOptions are the cell options Quarto keeps in a code cell's source
// when it makes a notebook of a .qmd file; it moves any other option
// (tags, for one) into the cell's metadata.
var quartoOptions = map[string]bool{
	"eval": true, "echo": true, "warning": true, "error": true, "output": true, "include": true,
	"label": true, "classes": true, "panel": true, "column": true, "fig-cap": true, "fig-subcap": true,
	"fig-scap": true, "fig-cap-location": true, "tbl-cap-location": true, "cap-location": true,
	"fig-column": true, "tbl-column": true, "fig-link": true, "fig-align": true, "fig-alt": true,
	"fig-env": true, "fig-pos": true, "lst-label": true, "lst-cap": true, "out-width": true,
	"out-height": true, "md-indent": true, "code-fold": true, "code-line-numbers": true,
	"code-summary": true, "code-overflow": true, "html-table-processing": true, "layout-align": true,
	"layout-valign": true, "layout-ncol": true, "layout-nrow": true, "layout": true, "tbl-cap": true,
	"tbl-colwidths": true, "id": true,
}

// quartoOwn are chunk languages that Quarto renders itself, never in a
// Jupyter kernel.
var quartoOwn = map[string]bool{"ojs": true, "mermaid": true, "dot": true}

// quarto reads a .qmd file as Quarto makes a notebook of it to run in
// Jupyter (quartoMdToJupyter): the YAML front matter, without its
// jupyter key, is a first raw cell; the chunks of the kernel's language
// are code cells, their "#|" option lines kept in the source and options
// Quarto does not know (tags) copied into the cell's metadata; chunks of
// other languages stay in the Markdown, as does everything between; later
// YAML blocks are raw cells. The kernel is the one the jupyter key names
// (a name, {kernelspec: ...} or {kernel: name}), else the language of
// the first chunk Jupyter could run.
func (r *reader) quarto() error {
	body, err := r.quartoHeader()
	if err != nil {
		return err
	}
	lang := r.quartoLanguage()
	var buf []string
	bufStart := 0
	flush := func(typ notebook.CellType, meta notebook.Metadata) {
		lines, first := buf, bufStart
		buf = nil
		for len(lines) > 0 && blank(lines[0]) {
			lines, first = lines[1:], first+1
		}
		lines = trimBlank(lines)
		if len(lines) == 0 {
			return
		}
		c := &notebook.Cell{Type: typ, Source: strings.Join(lines, "\n"), Metadata: meta}
		if typ == notebook.Code {
			// A code cell starts at its chunk's fence.
			first = bufStart - 1
			r.copyOptions(c, first)
		}
		r.add(c, first)
	}
	push := func(i int) {
		if buf == nil {
			bufStart = i
		}
		buf = append(buf, r.lines[i])
	}
	for i := body; i < len(r.lines); i++ {
		line := r.lines[i]
		switch {
		case frontMatterRule.MatchString(line) && i+1 < len(r.lines) && !blank(r.lines[i+1]):
			end := i + 1
			for end < len(r.lines) && !frontMatterRule.MatchString(r.lines[end]) {
				end++
			}
			if end == len(r.lines) {
				// Never closed: Markdown, as Quarto leaves it.
				push(i)
				continue
			}
			flush(notebook.Markdown, nil)
			for j := i; j <= end; j++ {
				push(j)
			}
			flush(notebook.Raw, nil)
			i = end
		case chunkStart.MatchString(line):
			m := chunkStart.FindStringSubmatch(line)
			end := closingFence(r.lines, i+1, m[1], len(m[2]))
			if m[3] != lang {
				for j := i; j < min(end+1, len(r.lines)); j++ {
					push(j)
				}
				i = end
				continue
			}
			if end == len(r.lines) {
				return r.errorAt(i, nil, "code chunk opened here is never closed by a line of %d backticks", len(m[2]))
			}
			if strings.TrimSpace(m[4]) != "" {
				r.warn(i, "chunk options in the header (%s) are knitr's: Quarto's Jupyter engine reads only #| lines", strings.TrimSpace(m[4]))
			}
			flush(notebook.Markdown, nil)
			var meta notebook.Metadata
			indent := m[1]
			if indent != "" {
				meta = notebook.Metadata{}
				meta.Set("md-indent", indent)
			}
			bufStart = i + 1
			for j := i + 1; j < end; j++ {
				buf = append(buf, strings.Replace(r.lines[j], indent, "", 1))
			}
			if buf == nil {
				buf = []string{}
			}
			flush(notebook.Code, meta)
			i = end
		case fenceStart.MatchString(line):
			m := fenceStart.FindStringSubmatch(line)
			end := closingFence(r.lines, i+1, m[1], len(m[2]))
			for j := i; j < min(end+1, len(r.lines)); j++ {
				push(j)
			}
			i = end
		default:
			push(i)
		}
		if len(r.nb.Cells) > MaxCells {
			return nil
		}
	}
	flush(notebook.Markdown, nil)
	return nil
}

// closingFence returns the line of the fence that closes a block opened
// with the indent and a fence of size characters (the same character as
// the opening one, as many, then only white space), or len(lines).
func closingFence(lines []string, from int, indent string, size int) int {
	for i := from; i < len(lines); i++ {
		rest, ok := strings.CutPrefix(lines[i], indent)
		if !ok || len(rest) < size {
			continue
		}
		c := rest[0]
		if c != '`' && c != '~' {
			continue
		}
		run := len(rest) - len(strings.TrimLeft(rest, string(c)))
		if run == size && blank(rest[run:]) {
			return i
		}
	}
	return len(lines)
}

// quartoHeader reads the front matter: its jupyter key names the kernel
// and other notebook metadata; the rest becomes a first raw cell. It
// returns the line after the front matter.
func (r *reader) quartoHeader() (int, error) {
	start := 0
	for start < len(r.lines) && blank(r.lines[start]) {
		start++
	}
	if start == len(r.lines) || !frontMatterRule.MatchString(r.lines[start]) {
		return 0, nil
	}
	end := start + 1
	for end < len(r.lines) && !frontMatterRule.MatchString(r.lines[end]) {
		end++
	}
	if end == len(r.lines) {
		return 0, r.errorAt(start, nil, "front matter opened here is never closed by a --- line")
	}
	yamlLines := r.lines[start+1 : end]
	m, err := yamlMapping(r.yaml, strings.Join(yamlLines, "\n"))
	if err != nil {
		return 0, r.errorAt(start, err, "front matter")
	}
	if err := r.quartoKernel(m["jupyter"], start); err != nil {
		return 0, err
	}
	rest := withoutKey(yamlLines, "jupyter")
	if len(trimBlank(rest)) > 0 {
		src := "---\n" + strings.Join(rest, "\n") + "\n---"
		r.add(&notebook.Cell{Type: notebook.Raw, Source: src}, start)
	}
	return end + 1, nil
}

// quartoKernel sets the notebook's kernelspec and metadata from the
// front matter's jupyter value.
func (r *reader) quartoKernel(v any, line int) error {
	switch v := v.(type) {
	case nil:
		return nil
	case string:
		return r.nb.Metadata.Set("kernelspec", kernelspecOf(v))
	case map[string]any:
		other := map[string]any{}
		for k, e := range v {
			other[k] = e
		}
		switch ks := v["kernelspec"].(type) {
		case map[string]any:
			if name, _ := ks["name"].(string); name == "" {
				return r.errorAt(line, nil, "jupyter.kernelspec has no name")
			}
			delete(other, "kernelspec")
			if err := r.nb.Metadata.Set("kernelspec", ks); err != nil {
				return r.errorAt(line, err, "jupyter.kernelspec")
			}
		default:
			name, ok := v["kernel"].(string)
			if !ok || name == "" {
				return r.errorAt(line, nil, "jupyter names no kernel: write jupyter: NAME, or a kernelspec with a name")
			}
			delete(other, "kernel")
			r.nb.Metadata.Set("kernelspec", kernelspecOf(name))
		}
		md, err := metadataOf(other)
		if err != nil {
			return r.errorAt(line, err, "jupyter")
		}
		for k, raw := range md {
			r.nb.Metadata[k] = raw
		}
		return nil
	}
	return r.errorAt(line, nil, "jupyter is a %s: it must name a kernel, or hold a kernelspec", kindOf(v))
}

// kernelspecOf returns the kernelspec of a kernel known by name only,
// with its language where the name tells it.
func kernelspecOf(name string) map[string]string {
	ks := map[string]string{"name": name, "display_name": name}
	// Normal maps a kernel's name to its language: gonb to go, ir to r.
	if l := codelang.Normal(name); l != strings.ToLower(name) {
		ks["language"] = l
	}
	return ks
}

// quartoLanguage returns the language whose chunks are the notebook's
// code: the kernelspec's, else that of the first chunk a Jupyter kernel
// could run, which then becomes the notebook's language.
func (r *reader) quartoLanguage() string {
	var ks struct {
		Name     string `json:"name"`
		Language string `json:"language"`
	}
	if raw, ok := r.nb.Metadata["kernelspec"]; ok {
		json.Unmarshal(raw, &ks) // a kernelspec that is not an object names nothing
	}
	if ks.Language != "" {
		return strings.ToLower(ks.Language)
	}
	first := ""
	for _, l := range r.lines {
		if m := chunkStart.FindStringSubmatch(l); m != nil && !quartoOwn[strings.ToLower(m[3])] {
			first = strings.ToLower(m[3])
			break
		}
	}
	if ks.Name == "" {
		r.setLanguage(first)
	}
	return first
}

// withoutKey returns YAML lines without the top-level key and the lines
// of its value (those after it that are indented or blank).
func withoutKey(lines []string, key string) []string {
	var out []string
	skipping := false
	for _, l := range lines {
		top := l != "" && l[0] != ' ' && l[0] != '\t'
		if top {
			name, _, _ := strings.Cut(l, ":")
			skipping = strings.TrimSpace(name) == key
		}
		if !skipping {
			out = append(out, l)
		}
	}
	return out
}

// copyOptions copies into a code cell's metadata the cell options at the
// top of its source that Quarto does not keep as options, as it moves
// tags; the option lines stay in the source, where the view reads the
// others.
func (r *reader) copyOptions(c *notebook.Cell, line int) {
	lines := strings.Split(c.Source, "\n")
	var opts []string
	for _, l := range lines {
		m := optionLine.FindStringIndex(l)
		if m == nil {
			break
		}
		opts = append(opts, l[m[1]:])
	}
	if len(opts) == 0 {
		return
	}
	m, err := yamlMapping(r.yaml, dedent(opts))
	if err != nil {
		// The view reports option lines that are not YAML, naming the cell.
		return
	}
	if c.Metadata == nil {
		c.Metadata = notebook.Metadata{}
	}
	for k, v := range m {
		if quartoOptions[k] {
			continue
		}
		if err := c.Metadata.Set(k, v); err != nil {
			r.warn(line, "cell option %s: %v", k, err)
		}
	}
}
