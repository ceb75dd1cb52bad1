package authoring

import (
	"html"
	"path"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// KindDownload is the kind of a Download node.
var KindDownload = ast.NewNodeKind("Download")

// A Download is MyST's {download} role, {download}`data.csv` or
// {download}`the data <data.csv>`: a link to a file beside the notebook
// that the reader downloads rather than opens. Only a relative path
// inside the notebook's folder is linked; any other is shown as written,
// marked, with a warning.
type Download struct {
	ast.BaseInline
	// Path is the file's path as written.
	Path string
	// Label is the link's text: the text given, else the file's name.
	Label string
	// Source is the role as written, shown when the path is refused.
	Source string

	start, stop int
}

// newDownload makes the node of a {download} role of content, "path" or
// "text <path>".
func newDownload(content, source string, start, stop int) *Download {
	d := &Download{Path: content, Source: source, start: start, stop: stop}
	if sm := roleText.FindStringSubmatch(content); sm != nil {
		d.Label, d.Path = sm[1], strings.TrimSpace(sm[2])
	}
	if d.Label == "" {
		d.Label = path.Base(d.Path)
	}
	return d
}

// Kind returns KindDownload.
func (*Download) Kind() ast.NodeKind { return KindDownload }

// Dump writes the node for debugging.
func (d *Download) Dump(source []byte, level int) {
	ast.DumpHelper(d, source, level, map[string]string{"Path": d.Path, "Label": d.Label}, nil)
}

// Span returns the role's range in the source.
func (d *Download) Span() (start, stop int) { return d.start, d.stop }

// Linked reports whether the path is linked: relative, inside the
// notebook's folder.
func (d *Download) Linked() bool { return localPath(d.Path) }

// downloadHTML writes a download as a link with the download attribute,
// or marked when its path is refused.
func downloadHTML(d *Download) string {
	if !d.Linked() {
		return `<mark class="download-refused" title="only a file inside the notebook's folder is linked">` + html.EscapeString(d.Source) + `</mark>`
	}
	return `<a class="download" href="` + html.EscapeString(pathURL(d.Path)) + `" download>` + html.EscapeString(d.Label) + `</a>`
}

// WritePost writes a download as a link, a blog's Markdown having no
// download attribute, or marked as the page shows it.
func (d *Download) WritePost(w *strings.Builder, source []byte, body func(start, stop int)) {
	if !d.Linked() {
		w.WriteString(`<mark class="download-refused">` + postText(d.Source) + `</mark>`)
		return
	}
	w.WriteString("[" + escapeMarkdown(d.Label) + "](" + pathURL(d.Path) + ")")
}
