package htmlpage

import (
	"encoding/base64"
	"html"
	"net/url"
	"path"
	"strings"

	"github.com/grundylab/grundy/internal/htmltext"
	"github.com/grundylab/grundy/pkg/report"
	xhtml "golang.org/x/net/html"
)

// A page holds its images as data: URIs. An image it shows once is the
// src of its <img>; one it shows more often (an attachment referred to
// 300 times, a figure shown in every cell) is written once, in a CSS rule
// of the page that gives its <img> elements their content (content:
// url(), which browsers apply to images since 2018), so that the page
// grows by the image once, not once a use.

// pageFiles are the files of a view as a page shows them.
type pageFiles struct {
	byPath map[string]*report.File
	// uses counts the places the page shows each file, by path.
	uses map[string]int
	// shared lists the files written as CSS rules, in the order the page
	// first shows them.
	shared     []*report.File
	sharedSeen map[string]bool
}

// newPageFiles indexes the files of v and counts where its blocks show
// them: image blocks by their file, Markdown and HTML by the names of
// the files in their text (a file's name, a hash of its content, is not
// written by chance).
func newPageFiles(v *report.View) *pageFiles {
	pf := &pageFiles{byPath: map[string]*report.File{}, uses: map[string]int{}, sharedSeen: map[string]bool{}}
	byName := map[string]string{}
	for i := range v.Files {
		f := &v.Files[i]
		pf.byPath[f.Path] = f
		byName[path.Base(f.Path)] = f.Path
	}
	for i := range v.Blocks {
		blk := &v.Blocks[i]
		switch blk.Kind {
		case report.KindImage:
			pf.uses[blk.File]++
		case report.KindMarkdown, report.KindHTML:
			countNames(blk.Text, byName, pf.uses)
		}
	}
	return pf
}

// countNames counts in uses the paths whose file names (a run of
// hexadecimal digits and an extension) occur in text.
func countNames(text string, byName map[string]string, uses map[string]int) {
	if len(byName) == 0 {
		return
	}
	for i := 0; i < len(text); {
		if !isHex(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && isHex(text[j]) {
			j++
		}
		k := j
		if k < len(text) && text[k] == '.' {
			k++
			for k < len(text) && (text[k] >= 'a' && text[k] <= 'z') {
				k++
			}
		}
		if p, ok := byName[text[i:k]]; ok {
			uses[p]++
		}
		i = max(j, i+1)
	}
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' }

// file returns the file of the view a link names, given as it is or
// percent-encoded, or nil.
func (pf *pageFiles) file(link string) *report.File {
	if pf == nil {
		return nil // the index shows no files
	}
	if f := pf.byPath[link]; f != nil {
		return f
	}
	if decoded, err := url.PathUnescape(link); err == nil {
		return pf.byPath[decoded]
	}
	return nil
}

// src returns the attribute that gives an <img> the file: its src, or,
// for a file the page shows more than once, the class whose CSS rule
// holds it, followed by the classes given.
func (pf *pageFiles) src(f *report.File, classes ...string) string {
	if !pf.shares(f) {
		return `src="` + dataURI(f) + `"`
	}
	if !pf.sharedSeen[f.Path] {
		pf.sharedSeen[f.Path] = true
		pf.shared = append(pf.shared, f)
	}
	return `class="` + html.EscapeString(strings.Join(append([]string{sharedClass(f)}, classes...), " ")) + `"`
}

// shares reports whether the page shows f more than once.
func (pf *pageFiles) shares(f *report.File) bool { return pf.uses[f.Path] > 1 }

// css returns the rules that hold the shared files.
func (pf *pageFiles) css() string {
	if pf == nil {
		return ""
	}
	var b strings.Builder
	for _, f := range pf.shared {
		b.WriteString("img." + sharedClass(f) + ` { content: url("` + dataURI(f) + `"); }` + "\n")
	}
	return b.String()
}

// sharedClass returns the class of the images of a shared file, made of
// its name, which is a hash of its content.
func sharedClass(f *report.File) string {
	name := path.Base(f.Path)
	return "file-" + strings.TrimSuffix(name, path.Ext(name))
}

func dataURI(f *report.File) string {
	return "data:" + f.MIME + ";base64," + base64.StdEncoding.EncodeToString(f.Data)
}

// inlineFiles returns HTML with each <img> whose src names a file of the
// view given that file inline, as src or shared class.
func (pf *pageFiles) inlineFiles(s string) string {
	if pf == nil || len(pf.byPath) == 0 || !strings.Contains(s, "_files/") {
		return s
	}
	return htmltext.RewriteTags(s, func(b *strings.Builder, tok xhtml.Token, selfClosing bool) bool {
		return tok.Data == "img" && pf.rewriteImg(b, tok, selfClosing)
	})
}

// rewriteImg writes an <img> tag whose src names a file of the view with
// the file inline, and reports whether it did.
func (pf *pageFiles) rewriteImg(b *strings.Builder, tok xhtml.Token, selfClosing bool) bool {
	var f *report.File
	var classes []string
	for _, a := range tok.Attr {
		switch {
		case a.Namespace == "" && a.Key == "src":
			f = pf.file(a.Val)
		case a.Namespace == "" && a.Key == "class":
			classes = append(classes, a.Val)
		}
	}
	if f == nil {
		return false
	}
	shared := pf.shares(f)
	b.WriteString("<img")
	for _, a := range tok.Attr {
		key := a.Key
		switch {
		case a.Namespace != "":
			key = a.Namespace + ":" + a.Key
		case key == "src":
			// In its place, the file's own attribute, which for a shared
			// file is the class holding it and the tag's classes.
			b.WriteString(" " + pf.src(f, classes...))
			continue
		case key == "class" && shared:
			continue
		}
		b.WriteString(" " + key + `="` + html.EscapeString(a.Val) + `"`)
	}
	if selfClosing {
		b.WriteString(" /")
	}
	b.WriteString(">")
	return true
}
