package authoring

import (
	"fmt"
	"maps"
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// A Project holds the labelled targets of the pages of a site, so that a
// reference in one page to a label another page defines resolves to it,
// as labels are project-wide in mystmd: a link to that page's address and
// the label, with the text the target's own page gives it ("Figure 2"
// when it is its page's second figure).
//
// Each page's Index is recorded whole (Add), then joined to the project
// (Index.Join) before the writers render it:
//
//	p := authoring.NewProject()
//	for _, pg := range pages {
//		warnings = append(warnings, p.Add(pg.Page, pg.Index)...)
//	}
//	for _, pg := range pages {
//		pg.Index.Join(p, pg.Page.Name)
//	}
//
// A label a page defines is always its own target in that page; a label
// two other pages define names neither, with a warning naming both, as
// mystmd warns of it. At most MaxProjectTargets labels are held.
type Project struct {
	// Book makes the project a Quarto book, whose documents' references
	// in Quarto's form ("@fig-x") resolve across them too.
	Book bool

	targets map[string]projectTarget
	dup     map[string][]string // a label defined on two pages or more: their names
	pages   map[string]Page
	files   map[string]string // the pages by File
	labels  map[string]*Index // each page's own targets, by name
}

// A Page is a page of a Project.
type Page struct {
	// Name names the page in messages and among the project's pages.
	Name string
	// URL is the page's address, relative to the other pages, as an
	// HTML attribute may hold it once escaped ("b.html").
	URL string
	// Post is the address of the page's post, relative to the other
	// posts, as a Markdown link destination may hold it ("b.md").
	Post string
	// File is the page's notebook, its path relative to the project's
	// folder with "/" between folders ("sub/b.md"): a link from another
	// page to it ("[text](b.md)", "[](../sub/b.md#label)") links the page
	// instead. "" for none.
	File string
	// Title is the page's title, which a link with no text to the page
	// reads, as mystmd writes it.
	Title string
}

// projectTarget is a target of a page of the project.
type projectTarget struct {
	Target
	page string
}

// MaxProjectTargets is the number of labels a Project holds; the labels
// of pages after it are their pages' own.
const MaxProjectTargets = 100_000

// NewProject returns an empty Project.
func NewProject() *Project {
	return &Project{targets: map[string]projectTarget{}, dup: map[string][]string{}, pages: map[string]Page{},
		files: map[string]string{}, labels: map[string]*Index{}}
}

// Add records the labelled targets of a page, whose Index has recorded
// the whole page. A label that two pages define is each page's own, and
// Check warns of a reference to it from a third page, naming both: a
// label repeated in pages that never refer to each other, as Quarto's
// websites cannot, is no fault. A page added twice under one name
// replaces nothing: its second recording is ignored. A page whose URL or
// Post is not a relative address of safe characters (ASCII letters,
// digits, "-", ".", "_", "~", "/" and "%") is not recorded, with a
// message: no reference leads to it.
func (p *Project) Add(pg Page, x *Index) []string {
	if _, ok := p.pages[pg.Name]; ok {
		return nil
	}
	if !safeAddress(pg.URL) || !safeAddress(pg.Post) {
		return []string{fmt.Sprintf("page %s: its address %q or its post's %q is not a relative address of safe characters; references to its labels from other pages are left unresolved", clip(pg.Name), clip(pg.URL), clip(pg.Post))}
	}
	p.pages[pg.Name] = pg
	p.labels[pg.Name] = x
	if pg.File != "" {
		p.files[path.Clean(pg.File)] = pg.Name
	}
	var out []string
	// In label order, so that the messages come in an order of their own
	// whatever the map's.
	for _, label := range slices.Sorted(maps.Keys(x.targets)) {
		if names, ok := p.dup[label]; ok {
			p.dup[label] = append(names, pg.Name)
			continue
		}
		if prev, ok := p.targets[label]; ok {
			delete(p.targets, label)
			p.dup[label] = []string{prev.page, pg.Name}
			continue
		}
		if len(p.targets) >= MaxProjectTargets {
			out = append(out, fmt.Sprintf("page %s: more than %d labels in the project; the rest are each page's own", pg.Name, MaxProjectTargets))
			break
		}
		p.targets[label] = projectTarget{Target: *x.targets[label], page: pg.Name}
	}
	return out
}

// safeAddress reports whether s is a relative address that an HTML
// attribute and a Markdown link destination hold as it is, and that no
// reader takes for a scheme, a host or a query: a percent-encoded path.
func safeAddress(s string) bool {
	if s == "" || s[0] == '/' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~/%", c) >= 0) {
			return false
		}
	}
	return true
}

// Join makes the targets of the project's other pages known to the
// index, as those of page, so that the writers resolve references to
// them and Check warns only of references to no page's target. A nil
// project leaves the index on its own.
func (x *Index) Join(p *Project, page string) {
	x.project, x.page = p, page
}

// lookup returns the target labelled label: the document's own, else
// one of another page of the project it joined, with that page. A
// reference in Quarto's form (quarto) names only the document's own
// targets unless the document is MyST's: Quarto resolves cross-references
// across documents in a book alone (quarto.org, "Book Crossrefs";
// Project.Book), and a website leaves them unresolved, where mystmd's
// labels are project-wide.
func (x *Index) lookup(label string, quarto bool) (Target, *Page, bool) {
	if t := x.targets[label]; t != nil {
		return *t, nil, true
	}
	if x.project == nil || quarto && !x.MyST && !x.inBook() {
		return Target{}, nil, false
	}
	t, ok := x.project.targets[label]
	if !ok || t.page == x.page {
		return Target{}, nil, false
	}
	pg := x.project.pages[t.page]
	return t.Target, &pg, true
}

// inBook reports whether the document is a page of a Quarto book.
func (x *Index) inBook() bool { return x.project != nil && x.project.Book }

// elsewhere reports whether another page of the project defines label,
// which a reference in Quarto's form in a document not MyST's does not
// reach (see lookup).
func (x *Index) elsewhere(label string) bool {
	if x.project == nil {
		return false
	}
	t, ok := x.project.targets[label]
	return ok && t.page != x.page
}

// duplicated returns the pages of the project that define label, when
// two or more do and this document does not; nil otherwise.
func (x *Index) duplicated(label string) []string {
	if x.project == nil || x.targets[label] != nil {
		return nil
	}
	return x.project.dup[label]
}

// pageLink returns the page of the project a link's destination names by
// its notebook's file, relative to this document's ("b.md",
// "../sub/c.ipynb#label"), and the label after "#"; nil for a destination
// that names none, or this document.
func (x *Index) pageLink(dest string) (*Page, string) {
	file, label, _ := strings.Cut(dest, "#")
	if x.project == nil || file == "" || strings.ContainsAny(file, ":?\\") || file[0] == '/' {
		return nil, ""
	}
	if unescaped, err := url.PathUnescape(file); err == nil {
		file = unescaped
	}
	name, ok := x.project.files[path.Join(path.Dir(x.project.pages[x.page].File), file)]
	if !ok || name == x.page {
		return nil, ""
	}
	pg := x.project.pages[name]
	return &pg, label
}

// linkPage points a link to another page's notebook at that page, and
// its post at the other post, with the label after "#" when it is one; a
// link with no text reads as mystmd writes it, the reference text of the
// target the label names there, else the page's title. It reports
// whether the link names a page.
func (e *Refs) linkPage(n *ast.Link, source []byte, after *[]func()) bool {
	x := e.Index
	dest := string(n.Destination)
	pg, label := x.pageLink(dest)
	if pg == nil {
		return false
	}
	text := pg.Title
	href, post := pg.URL, pg.Post
	if ValidLabel(label) {
		href, post = href+"#"+label, post+"#"+label
		if t := x.project.labels[pg.Name].targets[label]; t != nil {
			text = x.refText(FormLink, "", *t)
		}
	}
	n.Destination = []byte(href)
	empty := n.ChildCount() == 0
	if empty {
		n.AppendChild(n, ast.NewString([]byte(text)))
	}
	if at := destinationAt(n, source, dest); at >= 0 {
		d := &labelDestination{label: dest, post: post, at: at}
		if start := n.Pos(); empty && start >= 0 && at == start+3 {
			// "[](b.md)": the post writes the text too.
			d.start, d.lead = start, "["+escapeMarkdown(text)+"]("
		}
		*after = append(*after, func() { n.AppendChild(n, d) })
	}
	return true
}
