package markdown

import (
	"encoding/base64"
	"errors"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/sanitize"
	"gopkg.in/yaml.v3"
)

// ErrOutput is wrapped by Convert's errors for outputs that cannot be
// written, such as an image that is not valid base64.
var ErrOutput = errors.New("bad output")

// Options control Convert.
type Options struct {
	// Name is the post's base name: images go to Name+"_files/".
	Name string
	// Trust keeps raw HTML as it is instead of sanitising it.
	Trust bool
}

// A File is written next to the post.
type File struct {
	// Path is relative to the post's folder, as "NAME_files/cell3-1.png".
	Path string
	Data []byte
}

// A Post is a notebook converted to Markdown.
type Post struct {
	Text  []byte
	Files []File
}

// FilesDir returns the folder beside a post named name that holds its files.
func FilesDir(name string) string { return name + "_files" }

// Convert writes the notebook as a Markdown post. Errors name the cell
// (counted from 1) and output.
func Convert(nb *notebook.Notebook, meta report.Meta, opts Options) (*Post, error) {
	w := &writer{opts: opts, dir: FilesDir(opts.Name)}
	w.frontMatter(meta)
	for i, c := range nb.Cells {
		if err := w.cell(i+1, c); err != nil {
			return nil, fmt.Errorf("cell %d: %w", i+1, err)
		}
	}
	text := strings.TrimRight(w.b.String(), "\n") + "\n"
	return &Post{Text: []byte(text), Files: w.files}, nil
}

type writer struct {
	opts  Options
	dir   string
	b     strings.Builder
	files []File
}

// yamlScalar writes s as a YAML scalar, quoted only when YAML needs it.
func yamlScalar(s string) string {
	out, err := yaml.Marshal(s)
	if err != nil {
		return strconv.Quote(s)
	}
	return strings.TrimSuffix(string(out), "\n")
}

func (w *writer) frontMatter(m report.Meta) {
	w.b.WriteString("---\ntitle: " + yamlScalar(m.Title) + "\n")
	w.b.WriteString("date: " + m.Date.Format(report.DateLayout) + "\n")
	if len(m.Tags) > 0 {
		w.b.WriteString("tags:\n")
		for _, t := range m.Tags {
			w.b.WriteString("  - " + yamlScalar(t) + "\n")
		}
	}
	w.b.WriteString("mathjax: true\n")
	if m.Summary != "" {
		w.b.WriteString("description: " + yamlScalar(m.Summary) + "\n")
	}
	w.b.WriteString("---\n\n")
}

func (w *writer) cell(n int, c *notebook.Cell) error {
	source, outputs := report.Shown(c)
	if !source && !outputs {
		return nil
	}
	switch c.Type {
	case notebook.Markdown:
		src, err := w.attachments(n, c)
		if err != nil {
			return err
		}
		w.block(src)
	case notebook.Raw:
		switch report.RawFormat(c) {
		case "text/markdown":
			w.block(c.Source)
		case "text/html":
			w.html(c.Source)
		}
	case notebook.Code:
		if source && strings.TrimSpace(c.Source) != "" {
			w.fenced("go", c.Source)
		}
		if !outputs {
			return nil
		}
		for i, o := range report.Outputs(c) {
			if err := w.output(n, i+1, o); err != nil {
				return fmt.Errorf("output %d: %w", i+1, err)
			}
		}
	}
	return nil
}

// block writes Markdown text, its raw HTML sanitised unless trusted.
func (w *writer) block(text string) {
	if !w.opts.Trust {
		text = SanitizeHTML(text)
	}
	text = strings.Trim(text, "\n")
	if strings.TrimSpace(text) == "" {
		return
	}
	w.b.WriteString(text)
	w.b.WriteString("\n\n")
}

// fenced writes text as a fenced code block with a fence longer than any
// run of backticks in it.
func (w *writer) fenced(lang, text string) {
	w.b.WriteString(Fenced(lang, text) + "\n")
}

func longestRun(s string, c byte) int {
	best, run := 0, 0
	for i := range len(s) {
		if s[i] == c {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}

// blankLines matches the blank lines that would end an HTML block early.
var blankLines = regexp.MustCompile(`\n[ \t]*\n`)

// html writes HTML as a block, sanitised unless trusted, with blank lines
// removed so that Markdown keeps it as one HTML block.
func (w *writer) html(s string) {
	if !w.opts.Trust {
		s = sanitize.HTML(s)
	}
	s = strings.TrimSpace(s)
	for blankLines.MatchString(s) {
		s = blankLines.ReplaceAllString(s, "\n")
	}
	if s != "" {
		w.b.WriteString("<div>\n" + s + "\n</div>\n\n")
	}
}

// mimeOrder is the order in which a rich output's representations are
// preferred in a Markdown post.
var mimeOrder = []string{
	"text/markdown", "image/svg+xml", "image/png", "image/jpeg", "image/gif", "text/html",
	"text/latex", "application/json", "text/plain",
}

var imageExt = map[string]string{"image/png": ".png", "image/jpeg": ".jpg", "image/gif": ".gif", "image/svg+xml": ".svg"}

// SVGOnly matches HTML that is only an SVG image, possibly in a <div> and
// after an XML declaration and comments, as GoNB's DisplaySvg sends a
// gonum/plot figure; the first group is the SVG element.
var SVGOnly = regexp.MustCompile(`^\s*(?:<div>\s*)?(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*(<svg[\s>][\s\S]*</svg>)\s*(?:</div>)?\s*$`)

func (w *writer) output(cell, n int, o *notebook.Output) error {
	switch o.Type {
	case notebook.Stream:
		w.fenced("", o.Text)
	case notebook.ErrorOutput:
		w.fenced("", report.ErrorText(o))
	case notebook.DisplayData, notebook.ExecuteResult:
		mime := report.Preferred(o.Data, mimeOrder)
		value, _ := o.Data.Text(mime)
		file := fmt.Sprintf("%s/cell%d-%d", w.dir, cell, n)
		switch mime {
		case "":
		case "text/markdown":
			w.block(value)
		case "image/svg+xml":
			w.image(file+".svg", w.svg(value), o)
		case "image/png", "image/jpeg", "image/gif":
			data, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(value), ""))
			if err != nil {
				return fmt.Errorf("%w: %s is not base64: %v", ErrOutput, mime, err)
			}
			w.image(file+imageExt[mime], data, o)
		case "text/html":
			if m := SVGOnly.FindStringSubmatch(value); m != nil && strings.Count(value, "<svg") == 1 {
				w.image(file+".svg", w.svg(m[1]), o)
			} else {
				w.html(value)
			}
		case "text/latex":
			w.block(value)
		case "application/json":
			w.fenced("json", value)
		default:
			w.fenced("", value)
		}
	}
	return nil
}

func (w *writer) svg(s string) []byte {
	if w.opts.Trust {
		return []byte(s)
	}
	return []byte(sanitize.SVG(s))
}

func (w *writer) image(file string, data []byte, o *notebook.Output) {
	w.files = append(w.files, File{Path: file, Data: data})
	alt := "output"
	if plain, ok := o.Data.Text("text/plain"); ok && !strings.Contains(plain, "\n") {
		alt = altEscaper.Replace(plain)
	}
	w.b.WriteString("![" + alt + "](" + file + ")\n\n")
}

// altEscaper escapes the characters that have a meaning in image text.
var altEscaper = strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`, "<", `\<`, ">", `\>`, "*", `\*`, "_", `\_`, "`", "\\`")

var unsafeName = regexp.MustCompile(`[^\w.-]+`)

// attachments writes a markdown cell's attachments as files and points
// its attachment: links at them.
func (w *writer) attachments(cell int, c *notebook.Cell) (string, error) {
	src := c.Source
	names := make([]string, 0, len(c.Attachments))
	for name := range c.Attachments {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		bundle := c.Attachments[name]
		mime := report.Preferred(bundle, mimeOrder)
		value, _ := bundle.Text(mime)
		var data []byte
		switch mime {
		case "image/png", "image/jpeg", "image/gif":
			var err error
			if data, err = base64.StdEncoding.DecodeString(strings.Join(strings.Fields(value), "")); err != nil {
				return "", fmt.Errorf("%w: attachment %q is not base64: %v", ErrOutput, name, err)
			}
		case "image/svg+xml":
			data = w.svg(value)
		default:
			continue
		}
		file := fmt.Sprintf("%s/cell%d-%s", w.dir, cell, unsafeName.ReplaceAllString(path.Base(name), "_"))
		if ext := imageExt[mime]; path.Ext(file) != ext {
			file += ext
		}
		w.files = append(w.files, File{Path: file, Data: data})
		src = strings.ReplaceAll(src, "(attachment:"+name, "("+file)
	}
	return src, nil
}

// Fenced returns text as a fenced code block with the info string lang,
// fenced by more backticks than any run of them in text.
func Fenced(lang, text string) string {
	fence := strings.Repeat("`", max(3, longestRun(text, '`')+1))
	return fence + lang + "\n" + strings.TrimRight(text, "\n") + "\n" + fence + "\n"
}
