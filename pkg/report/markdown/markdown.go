package markdown

import (
	"fmt"
	"html"
	"regexp"
	"strings"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/authoring"
	"github.com/grundylab/grundy/pkg/report/internal/codefence"
	"github.com/grundylab/grundy/pkg/report/mathml"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// Options control Convert.
type Options struct {
	// Name is the post's base name: images go to Name+"_files/".
	Name string
	// Trust keeps raw HTML as it is instead of sanitising it.
	Trust bool
	// MaxOutput is the number of bytes of text an output keeps (see
	// report.ViewOptions); zero means report.DefaultMaxOutput.
	MaxOutput int
}

// A File is written next to the post.
type File = report.File

// A Post is a notebook converted to Markdown.
type Post struct {
	Text  []byte
	Files []File
}

// FilesDir returns the folder beside a post named name that holds its files.
func FilesDir(name string) string { return report.FilesDir(name) }

// Convert writes the notebook as a Markdown post with the front matter of
// meta: it is report.NewView followed by Render.
func Convert(nb *notebook.Notebook, meta report.Meta, opts Options) (*Post, error) {
	v, err := report.NewView(nb, report.ViewOptions{Name: opts.Name, Trust: opts.Trust, MaxOutput: opts.MaxOutput})
	if err != nil {
		return nil, err
	}
	v.Meta = meta
	return Render(v), nil
}

// Render writes a view as a Markdown post: front matter, then each block
// in order. Its files are the view's.
func Render(v *report.View) *Post {
	w := &writer{trust: v.Trusted, refs: &authoring.Refs{Index: v.Index}}
	for i := 0; i < len(v.Blocks); {
		i = w.part(v.Blocks, i)
	}
	w.b.WriteString(authoring.ReferencesPost(v.Index))
	if v.Provenance != nil {
		w.b.WriteString(provenanceFooter(v.Provenance))
	}
	body := strings.TrimRight(w.b.String(), "\n") + "\n"
	if !v.Trusted {
		body = liquidRaw(SanitizeDocument(body))
	}
	return &Post{Text: []byte(frontMatterWith(v.Meta, provenanceFrontMatter(v.Provenance)) + "\n" + body), Files: v.Files}
}

type writer struct {
	trust bool
	// refs numbers and resolves the Markdown blocks' references, in
	// order, from the view's index.
	refs *authoring.Refs
	b    strings.Builder
}

// block writes one block by its kind.
func (w *writer) block(blk *report.Block) {
	if blk.Rest {
		w.rest(blk)
		return
	}
	if blk.Kind == report.KindImage || blk.Caption != "" || blk.Legend != "" {
		w.figure(blk)
		return
	}
	switch blk.Kind {
	case report.KindMarkdown:
		if blk.Dialect != "" {
			w.markdownAsIs(blk.Text)
		} else {
			w.markdown(blk.Text)
		}
	case report.KindCode:
		lang := blk.Lang
		if lang == "text" {
			lang = ""
		}
		w.b.WriteString(Fenced(lang, blk.Text) + "\n")
	case report.KindStream, report.KindError, report.KindText:
		w.b.WriteString(Fenced("", blk.Text) + "\n")
	case report.KindJSON:
		w.b.WriteString(Fenced("json", blk.Text) + "\n")
	case report.KindHTML:
		w.html(blk.Text)
	case report.KindMath:
		// TeX's own \lt and \gt, so that no line of a formula can start
		// an HTML block in the post.
		tex := texAngles.Replace(blankLines.ReplaceAllString(blk.Text, "\n"))
		if blk.Label != "" {
			w.b.WriteString(`<a id="` + html.EscapeString(blk.Label) + `"></a>` + "\n\n")
		}
		if blk.Display {
			w.b.WriteString("$$\n" + tex + "\n$$\n\n")
		} else {
			w.b.WriteString("$" + tex + "$\n\n")
		}
	case report.KindNote:
		w.b.WriteString("> *" + noteEscaper.Replace(blk.Text) + "*\n\n")
	}
}

// markdown writes Markdown text, its raw HTML sanitised unless trusted.
func (w *writer) markdown(text string) {
	// Quarto's and MyST's blocks, references and citations in forms a
	// blog reads; the page warns about what they cannot show, from the
	// same text.
	w.markdownAsIs(string(authoring.Post(joinFormulas(text), &mathml.Extender{}, &authoring.Blocks{}, w.refs)))
}

// joinFormulas returns Markdown text with each formula whose lines
// Markdown would read as blocks of their own ("+ b" a list item) on one
// line, as the page reads it (mathml.JoinLines): so the post numbers the
// formula the page numbers, and a blog, which reads the post's Markdown
// before its math, keeps it whole too. The bars JoinLines masks in a
// table's row are bars again, as written.
func joinFormulas(text string) []byte {
	joined := mathml.JoinLines([]byte(text))
	if len(joined) != len(text) {
		return []byte(text) // JoinLines keeps offsets; nothing to join otherwise
	}
	for i := range joined {
		if text[i] == '|' {
			joined[i] = '|'
		}
	}
	return joined
}

// markdownAsIs writes Markdown text without reading Quarto's and MyST's
// constructs in it (a text/markdown output in a report.Block.Dialect),
// its raw HTML sanitised unless trusted.
func (w *writer) markdownAsIs(text string) {
	if !w.trust {
		text = SanitizeHTML(text)
	}
	text = strings.Trim(text, "\n")
	if strings.TrimSpace(text) == "" {
		return
	}
	w.b.WriteString(text)
	w.b.WriteString("\n\n")
}

// blankLines matches the blank lines that would end an HTML block or a
// formula early.
var blankLines = regexp.MustCompile(`\n[ \t]*\n(?:[ \t]*\n)*`)

// html writes HTML, sanitised by the view unless trusted, as a block with
// blank lines removed so that Markdown keeps it as one HTML block.
func (w *writer) html(s string) {
	s = blankLines.ReplaceAllString(strings.TrimSpace(s), "\n")
	if s != "" {
		w.b.WriteString("<div>\n" + s + "\n</div>\n\n")
	}
}

// texAngles writes angle brackets in TeX as its commands.
var texAngles = strings.NewReplacer("<", `\lt `, ">", `\gt `)

// altEscaper escapes the characters that have a meaning in image text.
var altEscaper = strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`, "<", `\<`, ">", `\>`, "*", `\*`, "_", `\_`, "`", "\\`", "\n", " ")

// noteEscaper escapes the characters of a note that have a meaning in
// Markdown text.
var noteEscaper = strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "<", `\<`, "[", `\[`, "`", "\\`", "$", `\$`)

// Fenced returns text as a fenced code block with the info string lang,
// fenced by more backticks than any run of them in text.
func Fenced(lang, text string) string {
	f := codefence.Block(text)
	return f + lang + "\n" + strings.TrimRight(text, "\n") + "\n" + f + "\n"
}

// errorf keeps error messages of this package in one form.
func errorf(format string, args ...any) error { return fmt.Errorf("markdown: "+format, args...) }
