package site

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// TestBibliography reads the files a front matter names, and refuses
// those outside the notebook's folder, however named or linked.
func TestBibliography(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "nb")
	if err := os.MkdirAll(filepath.Join(dir, "refs"), 0o755); err != nil {
		t.Fatal(err)
	}
	entry := "@book{k, author = {Knuth, Donald}, title = {T}, year = {1984}}\n"
	for name, data := range map[string]string{
		filepath.Join(dir, "a.bib"):         entry,
		filepath.Join(dir, "refs", "b.bib"): strings.ReplaceAll(entry, "{k,", "{b,"),
		filepath.Join(root, "outside.bib"):  strings.ReplaceAll(entry, "{k,", "{o,"),
	} {
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(root, "outside.bib"), filepath.Join(dir, "link.bib")); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		field    string
		keys     []string
		warnings int
	}{
		{"a.bib", []string{"k"}, 0},
		{"[a.bib, refs/b.bib]", []string{"k", "b"}, 0},
		{"../outside.bib", nil, 1},
		{filepath.Join(root, "outside.bib"), nil, 1},
		{"link.bib", nil, 1},
		{"refs/../../outside.bib", nil, 1},
		{"[missing.bib, a.bib]", []string{"k"}, 1},
		{"refs", nil, 1},
	}
	local, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer local.Close()
	for _, tt := range tests {
		nb := notebook.New()
		nb.Cells = []*notebook.Cell{{Type: notebook.Raw, Source: "---\nbibliography: " + tt.field + "\n---\n"}}
		db, warnings := bibliography(local, nb)
		var keys []string
		if db != nil {
			keys = db.Keys()
		}
		if strings.Join(keys, " ") != strings.Join(tt.keys, " ") || len(warnings) != tt.warnings {
			t.Errorf("bibliography: %s: keys %q and warnings %q, want %q and %d", tt.field, keys, warnings, tt.keys, tt.warnings)
		}
	}
}

// TestProjectBibliography reads the files the nearest project file names
// for a notebook with no bibliography of its own, through a root at the
// site's top folder: a link that leads out of it is not read, nor one
// among the .bib files a MyST project takes when it names none.
func TestProjectBibliography(t *testing.T) {
	outer := t.TempDir()
	top := filepath.Join(outer, "site")
	entry := "@book{k, author = {Knuth, Donald}, title = {T}, year = {1984}}\n"
	for name, data := range map[string]string{
		"book/_config.yml":     "bibtex_bibfiles: [refs.bib]\n",
		"book/refs.bib":        entry,
		"quarto/_quarto.yml":   "bibliography: [link.bib, ../book/refs.bib]\n",
		"myst/myst.yml":        "project: {bibliography: [missing.bib]}\n",
		"mystall/myst.yml":     "version: 1\nproject: {title: T}\n",
		"mystall/refs/a.bib":   strings.ReplaceAll(entry, "{k,", "{a,"),
		"mystall/ch/b.bib":     strings.ReplaceAll(entry, "{k,", "{b,"),
		"../outside/evil.bib":  strings.ReplaceAll(entry, "{k,", "{o,"),
		"plain/notebook.ipynb": "{}",
	} {
		p := filepath.Join(top, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, link := range []string{"quarto/link.bib", "mystall/link.bib"} {
		if err := os.Symlink(filepath.Join(outer, "outside", "evil.bib"), filepath.Join(top, filepath.FromSlash(link))); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		dir      string
		keys     []string
		warnings []string
	}{
		{"book/part/ch1", []string{"k"}, nil},
		{"quarto", nil, []string{`"../book/refs.bib": outside`, `"quarto/link.bib"`}},
		{"myst", nil, []string{`"myst/missing.bib"`}},
		{"mystall/ch", []string{"b", "a"}, nil}, // every .bib of a myst.yml that names none, as mystmd reads them
		{"plain", nil, nil},
		{"../outside", nil, nil},
	}
	for _, tt := range tests {
		db, warnings := projectBibliography(top, filepath.Join(top, filepath.FromSlash(tt.dir)))
		var keys []string
		if db != nil {
			keys = db.Keys()
		}
		if strings.Join(keys, " ") != strings.Join(tt.keys, " ") || len(warnings) != len(tt.warnings) {
			t.Errorf("%s: keys %q and warnings %q, want %q and %q", tt.dir, keys, warnings, tt.keys, tt.warnings)
			continue
		}
		for i, w := range tt.warnings {
			if !strings.Contains(warnings[i], w) {
				t.Errorf("%s: warning %q lacks %s", tt.dir, warnings[i], w)
			}
		}
	}
}

// TestTopFolder checks the folder that holds all of a build's notebooks.
func TestTopFolder(t *testing.T) {
	for _, tt := range []struct {
		files []string
		want  string
	}{
		{[]string{"/a/b/x.ipynb"}, "/a/b"},
		{[]string{"/a/b/x.ipynb", "/a/b/c/y.ipynb", "/a/b/d/z.md"}, "/a/b"},
		{[]string{"/a/b/c/y.ipynb", "/a/d/z.md"}, "/a"},
		{[]string{"/a/x.ipynb", "/b/y.ipynb"}, "/"},
	} {
		if got := topFolder(tt.files); got != tt.want {
			t.Errorf("%q: %q, want %q", tt.files, got, tt.want)
		}
	}
}

// TestProjectBibliographyRendered builds a project whose notebook names
// no bibliography but cites a work of the project's: a MyST project's
// myst.yml that names none, with a .bib two folders down, and a Quarto
// project's _quarto.yml that names one. The page and the post show the
// citation resolved and the work in References, nothing marked missing,
// and the build warns of nothing.
func TestProjectBibliographyRendered(t *testing.T) {
	entry := "@article{knuth1984, author = {Knuth, Donald E.}, title = {Literate Programming}, journal = {The Computer Journal}, year = {1984}}\n"
	for _, tt := range []struct {
		name  string
		files map[string]string
	}{
		{"myst", map[string]string{
			"myst.yml":           "version: 1\nproject:\n  title: Games\n",
			"refs/games/all.bib": entry,
			"nb.md": "---\njupytext:\n  text_representation:\n    format_name: myst\nkernelspec:\n  name: python3\n  display_name: Python 3\n---\n\n" +
				"# Games\n\nAs {cite:t}`knuth1984` shows, and {cite:p}`knuth1984`.\n",
		}},
		{"quarto", map[string]string{
			"_quarto.yml": "project:\n  type: website\nbibliography: refs.bib\n",
			"refs.bib":    entry,
			"nb.qmd":      "---\ntitle: Games\njupyter: python3\n---\n\nAs @knuth1984 shows, and [@knuth1984].\n",
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := t.TempDir()
			writeFiles(t, src, tt.files)
			out := t.TempDir()
			var warnings []string
			s := &Site{Dir: out, Warn: func(m string) { warnings = append(warnings, m) }}
			if err := s.Build(context.Background(), []string{src}); err != nil {
				t.Fatal(err)
			}
			if len(warnings) > 0 {
				t.Errorf("warnings %q", warnings)
			}
			for file, want := range map[string][]string{
				"nb.html": {`As <span class="citation">Knuth (<a href="#ref-knuth1984">1984</a>)</span> shows, and <span class="citation">(<a href="#ref-knuth1984">Knuth 1984</a>)</span>.`,
					"<h2>References</h2>\n<div class=\"csl-entry\" id=\"ref-knuth1984\">Knuth, Donald E. 1984. “Literate Programming.” <em>The Computer Journal</em>."},
				"nb.md": {"As Knuth ([1984](#ref-knuth1984)) shows, and ([Knuth 1984](#ref-knuth1984)).",
					"## References\n\n<a id=\"ref-knuth1984\"></a>Knuth, Donald E. 1984. “Literate Programming.” *The Computer Journal*."},
			} {
				data, err := os.ReadFile(filepath.Join(out, file))
				if err != nil {
					t.Fatal(err)
				}
				for _, w := range want {
					if !strings.Contains(string(data), w) {
						t.Errorf("%s lacks\n%s\n%s", file, w, data)
					}
				}
				if strings.Contains(string(data), `<mark class="cite-missing"`) {
					t.Errorf("%s marks a citation missing:\n%s", file, data)
				}
			}
		})
	}
}
