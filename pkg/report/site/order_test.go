package site

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/grundylab/grundy/internal/notebooktest"
	"github.com/grundylab/grundy/pkg/report/manifest"
	"golang.org/x/net/html"
)

// pager returns the targets of a page's previous and next links, "" for
// none.
func pager(t *testing.T, page string) (prev, next string) {
	t.Helper()
	walk(parseHTML(t, page), func(n *html.Node) {
		if n.Data != "a" {
			return
		}
		var rel, href string
		for _, a := range n.Attr {
			switch a.Key {
			case "rel":
				rel = a.Val
			case "href":
				href = a.Val
			}
		}
		switch rel {
		case "prev":
			prev = href
		case "next":
			next = href
		}
	})
	return prev, next
}

// TestPrevNext checks the links between pages: in the index's order, over
// the pages of earlier builds too, skipping a notebook that failed and has
// no page, and leading to one that failed but kept its earlier page.
func TestPrevNext(t *testing.T) {
	src := t.TempDir()
	for _, name := range []string{"b", "d", "f"} {
		notebooktest.WriteMarkdown(t, filepath.Join(src, name+".ipynb"), "# Page "+strings.ToUpper(name))
	}
	out := t.TempDir()
	s := &Site{Dir: out, MathFont: noFont(t)}
	if err := s.Build(context.Background(), []string{src}); err != nil {
		t.Fatal(err)
	}
	check := func(what string, want map[string][2]string) {
		t.Helper()
		for name, w := range want {
			if prev, next := pager(t, filepath.Join(out, name+".html")); prev != w[0] || next != w[1] {
				t.Errorf("%s: %s links %q and %q, want %q and %q", what, name, prev, next, w[0], w[1])
			}
		}
	}
	check("first build", map[string][2]string{"b": {"", "d.html"}, "d": {"b.html", "f.html"}, "f": {"d.html", ""}})

	// A second build of other notebooks into the same site: its pages
	// fall between the earlier ones, and link them.
	other := t.TempDir()
	notebooktest.WriteMarkdown(t, filepath.Join(other, "a.ipynb"), "# Page A")
	notebooktest.WriteMarkdown(t, filepath.Join(other, "e f.ipynb"), "# Page E F")
	broken := filepath.Join(other, "c.ipynb")
	if err := os.WriteFile(broken, []byte(`{"nbformat": 4, "cells": [{"cell_type": "code"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.Build(context.Background(), []string{other}); err == nil {
		t.Fatal("no error for the broken notebook")
	}
	check("second build", map[string][2]string{"a": {"", "b.html"}, "e f": {"d.html", "f.html"}})
	if !bytes.Contains(readFile(t, filepath.Join(out, "a.html")), []byte(`<span>Next →</span> Page B</a>`)) {
		t.Error("a's link does not show b's title")
	}

	// d fails now, but keeps its page: it is still a neighbour.
	if err := os.WriteFile(filepath.Join(src, "d.ipynb"), []byte(`{"nbformat": 4, "cells": [{"cell_type": "code"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.Build(context.Background(), []string{src}); err == nil {
		t.Fatal("no error for d")
	}
	check("third build", map[string][2]string{"b": {"a.html", "d.html"}, "f": {"e%20f.html", ""}})
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestRebuild checks that Rebuild renders only the notebooks named, under
// the page names they have among all, and leaves the other pages alone.
func TestRebuild(t *testing.T) {
	src := t.TempDir()
	one, two := filepath.Join(src, "d1", "same.ipynb"), filepath.Join(src, "d2", "same.ipynb")
	notebooktest.WriteMarkdown(t, one, "# One")
	notebooktest.WriteMarkdown(t, two, "# Two")
	out := t.TempDir()
	s := &Site{Dir: out, MathFont: noFont(t)}
	paths := []string{filepath.Join(src, "d1"), filepath.Join(src, "d2")}
	if err := s.Build(context.Background(), paths); err != nil {
		t.Fatal(err)
	}
	before := listing(t, out)
	notebooktest.WriteMarkdown(t, one, "# One again")
	var rendered []string
	s.Progress = func(done, total int, path string) {
		if path != "" {
			rendered = append(rendered, path)
		}
	}
	if err := s.Rebuild(context.Background(), paths, []string{one}); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rendered, []string{one}) {
		t.Errorf("rendered %q, want only %s", rendered, one)
	}
	after := listing(t, out)
	var changed []string
	for _, f := range after {
		if !slices.Contains(before, f) && !strings.HasPrefix(f, manifest.Name) {
			changed = append(changed, strings.Fields(f)[0])
		}
	}
	slices.Sort(changed)
	if want := []string{"d1-same.html", "d1-same.md", "index.html"}; !slices.Equal(changed, want) {
		t.Errorf("changed %q, want %q", changed, want)
	}
	if err := s.Rebuild(context.Background(), paths, []string{}); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(withoutManifest(listing(t, out)), withoutManifest(after)) {
		t.Error("a rebuild of nothing changed files")
	}
}

// fakePrinter "prints" a page: it checks that the page's font link
// resolves beside it, and returns a PDF made of the page's bytes. One
// that fails names the file it was given, as package pdf does.
type fakePrinter struct {
	t     *testing.T
	pages []string
	fail  bool
}

func (p *fakePrinter) Print(ctx context.Context, page string) ([]byte, error) {
	p.pages = append(p.pages, page)
	if p.fail {
		return nil, fmt.Errorf("pdf: %s: no paper", page)
	}
	if !filepath.IsAbs(page) {
		p.t.Errorf("printer given %s, not an absolute path", page)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(page), AssetsDir, MathFontFile)); err != nil {
		p.t.Errorf("the font does not resolve beside %s: %v", page, err)
	}
	data, err := os.ReadFile(page)
	return append([]byte("%PDF-1.4 "), data...), err
}

// TestPDF checks that each page gets its PDF beside it, printed from the
// page as it is written, and that a failure to print loses neither the
// page nor the post.
func TestPDF(t *testing.T) {
	font := filepath.Join(t.TempDir(), "font.otf")
	if err := os.WriteFile(font, []byte("OTTO fake font"), 0o644); err != nil {
		t.Fatal(err)
	}
	src := copyNotebooks(t, "math.ipynb", "code.ipynb")
	out := t.TempDir()
	printer := &fakePrinter{t: t}
	s := &Site{Dir: out, MathFont: font, PDF: printer}
	if err := s.Build(context.Background(), []string{src}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"code", "math"} {
		pdf := readFile(t, filepath.Join(out, name+".pdf"))
		page := readFile(t, filepath.Join(out, name+".html"))
		if !bytes.Equal(pdf, append([]byte("%PDF-1.4 "), page...)) {
			t.Errorf("%s.pdf is not the print of %s.html", name, name)
		}
	}
	if len(printer.pages) != 2 {
		t.Errorf("printed %d pages, want 2", len(printer.pages))
	}
	for _, p := range printer.pages {
		if filepath.Dir(p) != out && filepath.Dir(p) != mustAbs(t, out) {
			t.Errorf("printed %s, not from the site's folder", p)
		}
		if _, err := os.Stat(p); err == nil {
			t.Errorf("the page printed, %s, was left behind", p)
		}
	}
	// A page that cannot be printed (too large, too slow, too costly:
	// issue 33.4, where a notebook's page and post were lost with its
	// PDF) is written with its post, without a PDF, and a warning.
	notebooktest.WriteMarkdown(t, filepath.Join(src, "math.ipynb"), "# Changed")
	var warnings []string
	s.PDF = &fakePrinter{t: t, fail: true}
	s.Warn = func(msg string) { warnings = append(warnings, msg) }
	if err := s.Build(context.Background(), []string{src}); err != nil {
		t.Fatalf("a build whose printing failed: %v", err)
	}
	if page := readFile(t, filepath.Join(out, "math.html")); !bytes.Contains(page, []byte("Changed")) {
		t.Error("the page of a notebook that could not be printed was not written")
	}
	for _, name := range []string{"code", "math"} {
		if _, err := os.Stat(filepath.Join(out, name+".pdf")); err == nil {
			t.Errorf("%s.pdf of the page before is left beside the new page", name)
		}
	}
	// Each warning names the notebook and its page, as the reader knows
	// them, not the temporary copy printed (.render-tmp-….html).
	for _, name := range []string{"code", "math"} {
		want := fmt.Sprintf("notebook %s: no PDF: pdf: %s: no paper", filepath.Join(src, name+".ipynb"), filepath.Join(out, name+".html"))
		if !slices.Contains(warnings, want) {
			t.Errorf("warnings %q, want %q", warnings, want)
		}
	}
	for _, w := range warnings {
		if strings.Contains(w, tmpPrefix) {
			t.Errorf("warning %q names a temporary file", w)
		}
	}
}

func mustAbs(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
