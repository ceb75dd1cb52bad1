package siteconf

import (
	"fmt"
	"strings"
)

// render reads render's own _render.yml, whose every key is render's: an
// unknown one is most likely a typing mistake.
func (r *reader) render(doc map[string]any) {
	r.text("title", doc["title"], MaxText, &r.s.Title)
	if _, ok := doc["authors"]; ok {
		r.authors("authors", doc["authors"])
	} else {
		r.authors("author", doc["author"])
	}
	r.siteURL("site-url", doc["site-url"])
	r.text("description", doc["description"], MaxDescription, &r.s.Description)
	switch v := doc["order"].(type) {
	case nil:
	case []any:
		for i, p := range v {
			r.page(fmt.Sprintf("order[%d]", i), p)
		}
	case string:
		o, err := ParseOrder(v)
		if err != nil && r.err == nil {
			r.err = err
		}
		r.s.Order = o
	default:
		if r.err == nil {
			r.err = fmt.Errorf("order: %w: want date, name or a list of notebooks", ErrInvalid)
		}
	}
	if v, ok := doc["css"]; ok {
		r.stylesheets("css", v)
	}
	r.unread("", doc, "title", "author", "authors", "site-url", "description", "order", "css")
}

// quarto reads the site's part of a Quarto project's _quarto.yml.
func (r *reader) quarto(doc map[string]any) {
	website := r.fields("website", doc["website"])
	r.text("title", doc["title"], MaxText, &r.s.Title)
	r.text("website.title", website["title"], MaxText, &r.s.Title)
	r.authors("author", doc["author"])
	r.siteURL("website.site-url", website["site-url"])
	r.text("website.description", website["description"], MaxDescription, &r.s.Description)
	// A book's chapters are its reading order; the sidebar is a Quarto
	// site's, and the navbar, of one without a sidebar, names its main
	// pages.
	project := r.fields("project", doc["project"])
	if textOr(project["type"]) == "book" {
		r.book(r.fields("book", doc["book"]))
	}
	r.sidebar(website["sidebar"])
	if len(r.s.Pages) == 0 {
		if nav := r.fields("website.navbar", website["navbar"]); nav != nil {
			r.items("website.navbar.left", nav["left"], 0)
			r.items("website.navbar.right", nav["right"], 0)
			r.unread("website.navbar.", nav, "left", "right")
		}
	}
	format := r.fields("format", doc["format"])
	html := r.fields("format.html", format["html"])
	if v, ok := html["css"]; ok {
		r.stylesheets("format.html.css", v)
	}
	read := []string{"title", "author", "website", "format", "bibliography"}
	// A project's documents, a book's chapters or a website's pages, take
	// these keys as their own metadata.
	for _, k := range []string{"crossref", "language"} {
		if v, ok := doc[k]; ok {
			if r.s.Metadata == nil {
				r.s.Metadata = map[string]any{}
			}
			r.s.Metadata[k] = v
		}
	}
	read = append(read, "crossref", "language")
	if r.s.Book != nil {
		read = append(read, "project", "book")
		r.unread("project.", project, "type")
	}
	r.unread("", doc, read...)
	r.unread("website.", website, "title", "site-url", "description", "sidebar", "navbar")
	r.unread("format.", format, "html")
	r.unread("format.html.", html, "css")
}

// sidebar reads the contents of a Quarto sidebar, or of a list of them.
func (r *reader) sidebar(v any) {
	switch v := v.(type) {
	case nil:
	case []any:
		for i, s := range v {
			if m := r.fields(fmt.Sprintf("website.sidebar[%d]", i), s); m != nil {
				r.items(fmt.Sprintf("website.sidebar[%d].contents", i), m["contents"], 0)
			}
		}
	default:
		if m := r.fields("website.sidebar", v); m != nil {
			r.items("website.sidebar.contents", m["contents"], 0)
		}
	}
}

// maxDepth bounds the nesting of navigation a settings file may have.
const maxDepth = 32

// items reads the files of navigation items in order, Quarto's and
// MyST's: a file name, or a mapping with href or file and, in a section,
// menu or part, more items. Quarto's "auto" and globs, which it expands
// itself, and web addresses are passed over.
func (r *reader) items(key string, v any, depth int) {
	if depth > maxDepth {
		r.warnf("%s: nested more than %d deep; the rest is left out", key, maxDepth)
		return
	}
	list, ok := v.([]any)
	if !ok {
		list = []any{v}
	}
	for i, item := range list {
		k := fmt.Sprintf("%s[%d]", key, i)
		switch item := item.(type) {
		case nil:
		case string:
			if item != "auto" && !strings.ContainsAny(item, "*?[") {
				r.page(k, item)
			}
		case map[string]any:
			for _, f := range []string{"href", "file"} {
				if s, ok := item[f].(string); ok && !strings.Contains(s, ":") {
					r.page(k+"."+f, s)
				}
			}
			for _, sub := range []string{"contents", "menu", "children"} {
				if c, ok := item[sub]; ok {
					r.items(k+"."+sub, c, depth+1)
				}
			}
		}
	}
}

// myst reads the site's part of a MyST project's myst.yml.
func (r *reader) myst(doc map[string]any) {
	project := r.fields("project", doc["project"])
	site := r.fields("site", doc["site"])
	if v, ok := doc["version"]; ok && textOr(v) != "1" {
		r.warnf("version %s: render reads myst.yml of version 1", short(textOr(v)))
	}
	r.text("project.title", project["title"], MaxText, &r.s.Title)
	r.text("site.title", site["title"], MaxText, &r.s.Title)
	if _, ok := project["authors"]; ok {
		r.authors("project.authors", project["authors"])
	} else {
		r.authors("project.author", project["author"])
	}
	r.text("project.description", project["description"], MaxDescription, &r.s.Description)
	if toc, ok := project["toc"]; ok {
		r.items("project.toc", toc, 0)
	}
	options := r.fields("site.options", site["options"])
	if v, ok := options["style"]; ok {
		r.stylesheets("site.options.style", v)
	}
	r.unread("", doc, "version", "project", "site")
	r.unread("project.", project, "title", "authors", "author", "description", "toc", "bibliography")
	r.unread("site.", site, "title", "options")
	r.unread("site.options.", options, "style")
}
