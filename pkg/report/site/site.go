package site

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/htmlpage"
	"github.com/grundylab/grundy/pkg/report/markdown"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"gopkg.in/yaml.v3"
)

// Where Debian's fonts-lmodern package installs Latin Modern Math and its
// licence.
const (
	DefaultMathFont        = "/usr/share/texmf/fonts/opentype/public/lm-math/latinmodern-math.otf"
	DefaultMathFontLicense = "/usr/share/texmf/doc/fonts/lm-math/GUST-FONT-LICENSE.txt"
)

// Where the site keeps the math font, relative to Dir.
const (
	AssetsDir    = "assets"
	MathFontFile = "latinmodern-math.otf"
)

// ErrNoNotebooks is returned by Notebooks when a path holds no notebook.
var ErrNoNotebooks = errors.New("no notebooks")

// An Executor runs a notebook's code cells and returns the notebook with
// their fresh outputs. path is the notebook's file, whose folder is the
// working directory of its code. Its errors are reported as they are, so
// they should name the notebook and the cell that failed.
type Executor interface {
	Execute(ctx context.Context, path string, nb *notebook.Notebook) (*notebook.Notebook, error)
}

// A Site renders notebooks into the folder Dir.
type Site struct {
	// Dir is the output folder, created if missing.
	Dir string
	// Title is the index page's title; empty means "Writeups".
	Title string
	// Trust keeps raw HTML in notebooks as it is instead of sanitising it.
	Trust bool
	// Executor runs each notebook before rendering; nil renders the
	// outputs stored in the notebooks.
	Executor Executor
	// MathFont is the Latin Modern Math file to ship; empty means
	// DefaultMathFont.
	MathFont string
	// Progress, if set, is called before each notebook is rendered.
	Progress func(done, total int, path string)
	// Warn, if set, receives warnings such as a missing math font.
	Warn func(msg string)
}

// Notebooks expands paths into the notebooks to render: a file is taken as
// it is, a folder gives its *.ipynb files (not those of its subfolders) in
// name order; a notebook named twice is rendered once. It returns an error wrapping ErrNoNotebooks for a folder with
// none.
func Notebooks(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			out = append(out, p)
			continue
		}
		matches, err := filepath.Glob(filepath.Join(p, "*.ipynb"))
		if err != nil {
			return nil, err
		}
		if len(matches) == 0 {
			return nil, fmt.Errorf("%w in %s", ErrNoNotebooks, p)
		}
		slices.Sort(matches)
		out = append(out, matches...)
	}
	seen := map[string]bool{}
	return slices.DeleteFunc(out, func(p string) bool {
		dup := seen[filepath.Clean(p)]
		seen[filepath.Clean(p)] = true
		return dup
	}), nil
}

// Build renders every notebook the paths name (see Notebooks), ships the
// math font and rewrites the index. A notebook that fails does not stop the
// others; the error joins the failures.
func (s *Site) Build(ctx context.Context, paths []string) error {
	files, err := Notebooks(paths)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(s.Dir, 0o755); err != nil {
		return err
	}
	fontURL := s.shipFont()
	var errs []error
	for i, path := range files {
		if err := ctx.Err(); err != nil {
			errs = append(errs, err)
			break
		}
		if s.Progress != nil {
			s.Progress(i, len(files), path)
		}
		if err := s.render(ctx, path, fontURL); err != nil {
			errs = append(errs, err)
		}
	}
	if s.Progress != nil {
		s.Progress(len(files), len(files), "")
	}
	if err := s.WriteIndex(fontURL); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// Render renders one notebook into the site, shipping the math font, and
// does not touch the index.
func (s *Site) Render(ctx context.Context, path string) error {
	if err := os.MkdirAll(s.Dir, 0o755); err != nil {
		return err
	}
	return s.render(ctx, path, s.shipFont())
}

func (s *Site) warn(format string, args ...any) {
	if s.Warn != nil {
		s.Warn(fmt.Sprintf(format, args...))
	}
}

// Name returns the base name of a notebook file: "notebooks/pe310.ipynb"
// gives "pe310".
func Name(path string) string {
	return strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
}

func (s *Site) render(ctx context.Context, path, fontURL string) error {
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	nb, err := notebook.ReadFile(path)
	if err != nil {
		return err // names the file
	}
	if s.Executor != nil {
		if nb, err = s.Executor.Execute(ctx, path, nb); err != nil {
			return err
		}
	}
	name := Name(path)
	meta, err := report.MetaOf(nb, name, info.ModTime())
	if err != nil {
		return fmt.Errorf("notebook %s: %w", path, err)
	}
	post, err := markdown.Convert(nb, meta, markdown.Options{Name: name, Trust: s.Trust})
	if err != nil {
		return fmt.Errorf("notebook %s: %w", path, err)
	}
	page, err := htmlpage.Convert(nb, meta, htmlpage.Options{Trust: s.Trust, MathFont: fontURL, Home: "index.html"})
	if err != nil {
		return fmt.Errorf("notebook %s: %w", path, err)
	}
	if err := s.write(name, post, page); err != nil {
		return fmt.Errorf("notebook %s: writing: %w", path, err)
	}
	return nil
}

// write puts a notebook's files in place: all are written into a temporary
// folder first, then renamed over the old ones.
func (s *Site) write(name string, post *markdown.Post, page []byte) error {
	tmp, err := os.MkdirTemp(s.Dir, "."+name+".tmp-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	filesDir := markdown.FilesDir(name)
	for _, f := range post.Files {
		dst := filepath.Join(tmp, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, f.Data, 0o644); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(tmp, name+".md"), post.Text, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, name+".html"), page, 0o644); err != nil {
		return err
	}
	// Replace the files folder: move the old one into tmp, to be removed
	// with it, then move the new one out.
	target := filepath.Join(s.Dir, filesDir)
	if err := os.Rename(target, filepath.Join(tmp, "old"+filesDir)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if len(post.Files) > 0 {
		if err := os.Rename(filepath.Join(tmp, filesDir), target); err != nil {
			return err
		}
	}
	for _, ext := range []string{".md", ".html"} {
		if err := os.Rename(filepath.Join(tmp, name+ext), filepath.Join(s.Dir, name+ext)); err != nil {
			return err
		}
	}
	return nil
}

// shipFont copies the math font into the assets folder if it is not there
// yet and returns its URL relative to the pages, or "" if there is no font
// to ship.
func (s *Site) shipFont() string {
	src := s.MathFont
	if src == "" {
		src = DefaultMathFont
	}
	url := AssetsDir + "/" + MathFontFile
	dst := filepath.Join(s.Dir, AssetsDir, MathFontFile)
	in, err := os.Stat(src)
	if err != nil {
		if _, err := os.Stat(dst); err == nil {
			return url // shipped by an earlier run
		}
		s.warn("math font %s not found (install the Debian package fonts-lmodern); pages fall back to installed math fonts", src)
		return ""
	}
	if out, err := os.Stat(dst); err == nil && out.Size() == in.Size() && !out.ModTime().Before(in.ModTime()) {
		return url
	}
	if err := copyFile(dst, src); err != nil {
		s.warn("cannot ship the math font: %v", err)
		return ""
	}
	if s.MathFont == "" {
		if err := copyFile(filepath.Join(s.Dir, AssetsDir, "GUST-FONT-LICENSE.txt"), DefaultMathFontLicense); err != nil {
			s.warn("cannot ship the math font licence: %v", err)
		}
	}
	return url
}

// copyFile copies src to dst atomically, creating dst's folder.
func copyFile(dst, src string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return writeAtomic(dst, data)
}

// writeAtomic writes data to a temporary file beside path and renames it
// over path.
func writeAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // no-op after the rename
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// frontMatter is what the index reads back from a post.
type frontMatter struct {
	Title       string   `yaml:"title"`
	Date        string   `yaml:"date"`
	Tags        []string `yaml:"tags"`
	Description string   `yaml:"description"`
}

// WriteIndex writes Dir/index.html listing every post in Dir that has its
// page, in name order, from the posts' front matter. fontURL is the math
// font's URL relative to the index, or "".
func (s *Site) WriteIndex(fontURL string) error {
	posts, err := filepath.Glob(filepath.Join(s.Dir, "*.md"))
	if err != nil {
		return err
	}
	slices.Sort(posts)
	var entries []htmlpage.Entry
	for _, post := range posts {
		name := Name(post)
		if _, err := os.Stat(filepath.Join(s.Dir, name+".html")); err != nil {
			continue
		}
		meta, err := readFrontMatter(post)
		if err != nil {
			return fmt.Errorf("index: %s: %w", post, err)
		}
		entries = append(entries, htmlpage.Entry{URL: name + ".html", Meta: meta})
	}
	title := s.Title
	if title == "" {
		title = "Writeups"
	}
	page, err := htmlpage.Index(title, entries, htmlpage.Options{Trust: s.Trust, MathFont: fontURL})
	if err != nil {
		return fmt.Errorf("index: %w", err)
	}
	return writeAtomic(filepath.Join(s.Dir, "index.html"), page)
}

// readFrontMatter reads the YAML front matter of a post written by
// package markdown.
func readFrontMatter(path string) (report.Meta, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return report.Meta{}, err
	}
	rest, ok := bytes.CutPrefix(data, []byte("---\n"))
	end := bytes.Index(rest, []byte("\n---\n"))
	if !ok || end < 0 {
		return report.Meta{}, errors.New("no front matter")
	}
	var fm frontMatter
	if err := yaml.Unmarshal(rest[:end], &fm); err != nil {
		return report.Meta{}, err
	}
	date, err := time.ParseInLocation(report.DateLayout, fm.Date, time.Local)
	if err != nil {
		return report.Meta{}, fmt.Errorf("date: %w", err)
	}
	return report.Meta{Title: fm.Title, Date: date, Tags: fm.Tags, Summary: fm.Description}, nil
}
