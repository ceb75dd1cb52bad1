package site

import (
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/htmlpage"
	"github.com/grundylab/grundy/pkg/report/markdown"
)

// writeIndex writes Dir/index.html listing every post in Dir that has its
// page, in name order, from the posts' front matter. fontURL is the math
// font's URL relative to the index, or "". A post whose front matter
// cannot be read is left out with a warning.
//
// The posts may come from earlier builds, trusted or not, or from anyone
// who can write to Dir, so their summaries are shown as untrusted, however
// this build trusts its own notebooks.
func (s *Site) writeIndex(k *keeper, fontURL string) error {
	posts, err := s.posts(k, true)
	if err != nil {
		return fmt.Errorf("index: %w", err)
	}
	var entries []htmlpage.Entry
	for _, p := range posts {
		entries = append(entries, htmlpage.Entry{URL: PageURL(p.name), Meta: p.meta})
	}
	title := s.Title
	if title == "" {
		title = "Writeups"
	}
	page, err := htmlpage.Index(title, entries, htmlpage.Options{MathFont: fontURL})
	if err != nil {
		return fmt.Errorf("index: %w", err)
	}
	if err := k.writeFile(IndexName+".html", page); err != nil {
		return fmt.Errorf("index: %w", err)
	}
	return nil
}

// A post is a writeup in Dir: its page name and its front matter.
type post struct {
	name string
	meta report.Meta
}

// posts returns the pages render wrote in Dir whose post and page are
// there, in name order, titled by their name when their front matter has
// no title. A post whose front matter cannot be read is left out, with a
// warning if warn is set.
func (s *Site) posts(k *keeper, warn bool) ([]post, error) {
	var out []post
	for _, name := range slices.Sorted(maps.Keys(k.m.Pages)) {
		if !k.m.Has(name+".md") || !k.m.Has(name+".html") {
			continue
		}
		if info, err := k.root.Stat(name + ".html"); err != nil || !info.Mode().IsRegular() {
			continue
		}
		meta, err := readFrontMatter(k.root, name+".md")
		if err != nil {
			if warn {
				s.warn("index: leaving out %s.md: %v", name, err)
			}
			continue
		}
		if strings.TrimSpace(meta.Title) == "" {
			meta.Title = name // a link needs text to be followed
		}
		out = append(out, post{name: name, meta: meta})
	}
	return out, nil
}

// maxFrontMatter bounds the front matter the index reads from a post.
const maxFrontMatter = 1 << 20

// readFrontMatter reads the front matter of a post written by package
// markdown, reading no more than maxFrontMatter bytes of it.
func readFrontMatter(root *os.Root, path string) (report.Meta, error) {
	f, err := root.Open(path)
	if err != nil {
		return report.Meta{}, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxFrontMatter))
	if err != nil {
		return report.Meta{}, err
	}
	return markdown.ReadFrontMatter(data)
}
