package site

import (
	"cmp"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/atom"
	"github.com/grundylab/grundy/pkg/report/siteconf"
	"github.com/grundylab/grundy/pkg/report/textnotebook"
)

// Where the site keeps its own stylesheet and its feed, relative to Dir.
const (
	StylesheetFile = AssetsDir + "/site.css"
	FeedFile       = "feed.xml"
)

// shipStylesheet writes the site's stylesheet into the assets folder, or
// removes the one an earlier build wrote when the site has none now.
func (s *Site) shipStylesheet(k *keeper) error {
	if len(s.Stylesheet) == 0 {
		return k.drop(StylesheetFile)
	}
	return k.writeFile(StylesheetFile, s.Stylesheet)
}

// stylesheetURL is the URL of the site's stylesheet from a page, "" if
// it has none.
func (s *Site) stylesheetURL() string {
	if len(s.Stylesheet) == 0 {
		return ""
	}
	return StylesheetFile
}

// pageURL is the absolute URL of the page name, "" if the site has no
// URL.
func (s *Site) pageURL(name string) string {
	if s.URL == "" {
		return ""
	}
	return s.URL + PageURL(name)
}

// drop removes the file p that an earlier build wrote, if the manifest
// records it, and saves the manifest.
func (k *keeper) drop(p string) error {
	if !k.m.Has(p) {
		return nil
	}
	k.remove([]string{p})
	return k.save()
}

// A rank is what a page's place in the site's order depends on.
type rank struct {
	name string
	date time.Time
	// notebook is the absolute path of the page's notebook, "" if not
	// known.
	notebook string
}

// compare orders two pages as Order says: by their place in Pages (those
// it does not list after those it does), or by date, newest first; then
// by name. listed maps a notebook's path, without its extension, to its
// place.
func (s *Site) compare(listed map[string]int, a, b rank) int {
	switch s.Order {
	case siteconf.Listed:
		pa, oka := listed[stem(a.notebook)]
		pb, okb := listed[stem(b.notebook)]
		switch {
		case oka && okb && pa != pb:
			return cmp.Compare(pa, pb)
		case oka != okb:
			if oka {
				return -1
			}
			return 1
		}
	case siteconf.ByDate:
		if c := b.date.Compare(a.date); c != 0 {
			return c
		}
	}
	// As the index has always listed Dir's posts: by their file names.
	return strings.Compare(a.name+".md", b.name+".md")
}

// listed maps each notebook of Pages, by its absolute path without its
// extension (a course lists guide.qmd or guide.ipynb alike), to its
// place in the order.
func (s *Site) listed() map[string]int {
	m := map[string]int{}
	for i, p := range s.Pages {
		if abs, err := filepath.Abs(p); err == nil {
			if _, ok := m[stem(abs)]; !ok {
				m[stem(abs)] = i
			}
		}
	}
	return m
}

// stem is a path without its extension.
func stem(p string) string {
	return strings.TrimSuffix(p, filepath.Ext(p))
}

// sortEntries puts the pages of a build in the site's order. A notebook
// of the build is dated as its page will be (see notebookDate); a page
// of an earlier build by its post.
func (s *Site) sortEntries(k *keeper, entries []entry) {
	listed := s.listed()
	ranks := make(map[string]rank, len(entries))
	git := ""
	if s.Order == siteconf.ByDate {
		git, _ = exec.LookPath("git")
	}
	for _, e := range entries {
		r := rank{name: e.name, date: e.date, notebook: s.recordedNotebook(k, e.name)}
		if e.file != "" {
			r.notebook, _ = filepath.Abs(e.file)
			if s.Order == siteconf.ByDate {
				r.date = notebookDate(git, e.file)
			}
		}
		ranks[e.name] = r
	}
	slices.SortStableFunc(entries, func(a, b entry) int { return s.compare(listed, ranks[a.name], ranks[b.name]) })
}

// sortPosts puts the posts of Dir in the site's order, by the dates of
// their front matter.
func (s *Site) sortPosts(k *keeper, posts []post) {
	listed := s.listed()
	slices.SortStableFunc(posts, func(a, b post) int {
		return s.compare(listed,
			rank{name: a.name, date: a.meta.Date, notebook: s.recordedNotebook(k, a.name)},
			rank{name: b.name, date: b.meta.Date, notebook: s.recordedNotebook(k, b.name)})
	})
}

// recordedNotebook is the absolute path of the notebook the manifest
// records for the page name, "" if none.
func (s *Site) recordedNotebook(k *keeper, name string) string {
	if pg, ok := k.m.Pages[name]; ok && pg.Notebook != "" {
		return s.absNotebook(pg.Notebook)
	}
	return ""
}

// notebookDate returns the date a notebook's page will have, as prepare
// finds it: its front matter's or metadata's, else its last commit's,
// else its file's; zero for a notebook that cannot be read.
func notebookDate(git, path string) time.Time {
	info, err := os.Stat(path)
	if err != nil {
		return time.Time{}
	}
	if f, err := textnotebook.ReadFile(path); err == nil {
		if d, ok := report.DateOf(f.Notebook); ok {
			return d
		}
	}
	if git != "" {
		if g, _ := gitInfo(context.Background(), git, path); g.Commit != "" {
			return g.Date
		}
	}
	return info.ModTime()
}

// writeFeed writes the site's Atom feed of posts, newest first, when the
// site has a URL and a page; otherwise it removes the feed an earlier
// build wrote. It returns the feed's URL from the index, or "".
func (s *Site) writeFeed(k *keeper, title string, posts []post) (string, error) {
	if s.URL == "" || len(posts) == 0 {
		return "", k.drop(FeedFile)
	}
	byDate := slices.Clone(posts)
	slices.SortStableFunc(byDate, func(a, b post) int {
		return cmp.Or(b.meta.Date.Compare(a.meta.Date), strings.Compare(a.name, b.name))
	})
	f := atom.Feed{
		Title: title, Subtitle: s.Description, URL: s.URL, Self: s.URL + FeedFile,
		Authors: s.Authors, Updated: byDate[0].meta.Date,
	}
	for _, p := range byDate {
		f.Entries = append(f.Entries, atom.Entry{
			Title: p.meta.Title, URL: s.pageURL(p.name), Updated: p.meta.Date,
			Authors: p.meta.Authors, Summary: p.meta.Summary, Tags: p.meta.Tags,
		})
	}
	data, err := atom.Write(f)
	if err != nil {
		return "", err
	}
	if err := k.writeFile(FeedFile, data); err != nil {
		return "", err
	}
	return FeedFile, nil
}
