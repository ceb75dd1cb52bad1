package markdown

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/internal/safeyaml"
	"gopkg.in/yaml.v3"
)

// ErrNoFrontMatter is returned by ReadFrontMatter for a post that does not
// start with front matter.
var ErrNoFrontMatter = errors.New("no front matter")

// yamlScalar writes s as a YAML scalar, quoted only when YAML needs it or
// the Markdown around it does: a blog that does not know front matter
// reads it as Markdown, where "<" could open HTML, "[" a link and a "}"
// ending the line attributes of a heading. Those are written escaped in
// double quotes.
func yamlScalar(s string) string {
	if strings.ContainsAny(s, "<[]") || strings.HasSuffix(strings.TrimSpace(s), "}") {
		return yamlEscaped(s)
	}
	out, err := yaml.Marshal(s)
	if err != nil {
		return strconv.Quote(s)
	}
	return strings.TrimSuffix(string(out), "\n")
}

// yamlEscaped writes s as a double-quoted YAML scalar in which no
// character opens Markdown markup: "<", "[" and "]" are written as YAML
// escapes, and so is every character YAML does not allow as it is.
func yamlEscaped(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '<' || r == '[' || r == ']':
			fmt.Fprintf(&b, `\x%02X`, r)
		case r < 0x20 || 0x7f <= r && r <= 0x9f || r == 0x2028 || r == 0x2029 || r == 0xfeff || r == 0xfffe || r == 0xffff:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// FrontMatter returns the YAML front matter of a post, as Hexo and Hugo
// read it: title, date (in report.DateLayout), authors and tags as lists,
// mathjax: true, the summary as description, and the image, if any, as
// image and images (Jekyll's SEO tag and Hugo's Open Graph template read
// these), between "---" lines.
// ReadFrontMatter reads it back.
func FrontMatter(m report.Meta) string { return frontMatterWith(m, "") }

// frontMatterWith returns the front matter of m with more lines of YAML
// before its end.
func frontMatterWith(m report.Meta, more string) string {
	var b strings.Builder
	b.WriteString("---\ntitle: " + yamlScalar(breakMathJax(MathAngles(m.Title))) + "\n")
	b.WriteString("date: " + m.Date.Format(report.DateLayout) + "\n")
	list := func(key string, items []string) {
		if len(items) == 0 {
			return
		}
		b.WriteString(key + ":\n")
		for _, t := range items {
			b.WriteString("  - " + yamlScalar(breakMathJax(t)) + "\n")
		}
	}
	list("authors", m.Authors)
	list("tags", m.Tags)
	b.WriteString("mathjax: true\n")
	if m.Summary != "" {
		b.WriteString("description: " + yamlScalar(breakMathJax(MathAngles(m.Summary))) + "\n")
	}
	if m.Image != "" {
		// Jekyll's SEO tag reads image, Hugo's Open Graph template images.
		img := yamlScalar(m.Image)
		b.WriteString("image: " + img + "\nimages:\n  - " + img + "\n")
	}
	b.WriteString(more)
	b.WriteString("---\n")
	return b.String()
}

// frontMatter is what ReadFrontMatter reads; author and authors may each
// be one string or a list.
type frontMatter struct {
	Title       string      `yaml:"title"`
	Date        string      `yaml:"date"`
	Authors     yamlStrings `yaml:"authors"`
	Author      yamlStrings `yaml:"author"`
	Tags        yamlStrings `yaml:"tags"`
	Description string      `yaml:"description"`
	Image       string      `yaml:"image"`
}

// yamlStrings reads a YAML list of strings or one string.
type yamlStrings []string

func (s *yamlStrings) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		*s = []string{n.Value}
		return nil
	}
	var list []string
	if err := n.Decode(&list); err != nil {
		return err
	}
	*s = list
	return nil
}

// ReadFrontMatter reads the metadata back from the front matter of a post
// written by Render (or FrontMatter). It returns an error wrapping
// ErrNoFrontMatter when data does not start with front matter.
func ReadFrontMatter(data []byte) (report.Meta, error) {
	data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	rest, ok := bytes.CutPrefix(data, []byte("---\n"))
	end := bytes.Index(rest, []byte("\n---\n"))
	if !ok || end < 0 {
		if ok && bytes.HasSuffix(rest, []byte("\n---")) {
			end = len(rest) - 4
		} else {
			return report.Meta{}, ErrNoFrontMatter
		}
	}
	var fm frontMatter
	if err := safeyaml.Unmarshal(rest[:end], safeyaml.FrontMatterLimit, &fm); err != nil {
		return report.Meta{}, errorf("front matter: %w", err)
	}
	date, err := time.ParseInLocation(report.DateLayout, fm.Date, time.Local)
	if err != nil {
		return report.Meta{}, errorf("front matter: date %q: %w", fm.Date, err)
	}
	authors := fm.Authors
	if authors == nil {
		authors = fm.Author
	}
	return report.Meta{Title: fm.Title, Date: date, Authors: authors, Tags: fm.Tags, Summary: fm.Description, Image: fm.Image}, nil
}
