package siteconf

import (
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// FuzzParse checks that no settings file makes Parse panic, and that what
// it keeps holds: an http(s) site URL, local paths, one-line texts.
func FuzzParse(f *testing.F) {
	f.Add(RenderFile, "title: T\nauthor: [A, {name: B}]\nsite-url: https://x.org\norder: [a.ipynb]\ncss: a.css\n")
	f.Add(QuartoFile, "website:\n  sidebar:\n    contents:\n      - section: S\n        contents: [a.qmd]\nformat: {html: {css: [s.css]}}\n")
	f.Add(MystFile, "version: 1\nproject:\n  toc:\n    - file: a.md\n      children: [{file: b.ipynb}]\nsite: {options: {style: s.css}}\n")
	f.Add(QuartoFile, "project: {type: book}\nbook:\n  chapters: [index.qmd, {part: p.qmd, chapters: [../a.qmd, b.ipynb]}]\n  appendices: [c.qmd, c.qmd]\n")
	f.Add(RenderFile, "a: &a [x, x]\nb: [*a, *a]\ntitle: \"<script>\\u0000\"\n")
	f.Fuzz(func(t *testing.T, name, data string) {
		s, _, err := Parse(name, []byte(data))
		if err != nil {
			return
		}
		if s.URL != "" {
			u, err := url.Parse(s.URL)
			if err != nil || u.Scheme != "http" && u.Scheme != "https" || !strings.HasSuffix(s.URL, "/") {
				t.Errorf("site URL %q", s.URL)
			}
		}
		for _, c := range s.Book {
			if !slices.Contains(s.Pages, c.File) {
				t.Errorf("chapter %q not among the pages %q", c.File, s.Pages)
			}
		}
		for _, p := range append(s.Pages, s.Stylesheets...) {
			if !filepath.IsLocal(p) || strings.HasPrefix(p, ".") || strings.Contains(p, "/.") {
				t.Errorf("path %q kept", p)
			}
		}
		for _, text := range append([]string{s.Title, s.Description}, s.Authors...) {
			if strings.IndexFunc(text, unicode.IsControl) >= 0 || len(text) > MaxDescription {
				t.Errorf("text %q kept", text)
			}
		}
	})
}
