package siteconf

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestBibliography checks the project bibliography a folder takes: from
// each project file, from the nearest folder that names one, relative to
// that folder, never outside the root.
func TestBibliography(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string // path in the root: content
		dir   string
		want  []string
		warn  []string // each in some warning
	}{
		{"quarto", map[string]string{QuartoFile: "project: {type: website}\nbibliography: references.bib\n"}, ".",
			[]string{"references.bib"}, nil},
		{"myst list", map[string]string{MystFile: "version: 1\nproject:\n  bibliography: [a.bib, refs/b.bib]\n"}, ".",
			[]string{"a.bib", "refs/b.bib"}, nil},
		{"jupyter book", map[string]string{BookFile: "title: Book\nbibtex_bibfiles:\n  - references.bib\n"}, ".",
			[]string{"references.bib"}, nil},
		{"jekyll's _config.yml names none", map[string]string{BookFile: "title: Blog\ntheme: minima\n"}, ".", nil, nil},
		{"from an ancestor, relative to it", map[string]string{"book/" + BookFile: "bibtex_bibfiles: [refs.bib]\n"}, "book/part/ch1",
			[]string{"book/refs.bib"}, nil},
		{"the nearest wins", map[string]string{QuartoFile: "bibliography: top.bib\n", "sub/" + MystFile: "project: {bibliography: near.bib}\n"}, "sub",
			[]string{"sub/near.bib"}, nil},
		{"a folder's first file that names one", map[string]string{QuartoFile: "title: T\n", MystFile: "project: {bibliography: m.bib}\n"}, ".",
			[]string{"m.bib"}, nil},
		{"none", map[string]string{"x.md": "x"}, "a/b", nil, nil},
		{"hostile paths", map[string]string{QuartoFile: "bibliography: [../../etc/passwd, /etc/passwd, 'https://x.org/a.bib', .hidden.bib, 'a\\b.bib', ok.bib]\n"}, ".",
			[]string{"ok.bib"}, []string{`"../../etc/passwd": outside`, `"/etc/passwd": outside`, "https://x.org/a.bib", "a hidden file", `a\\b.bib`}},
		{"not YAML", map[string]string{QuartoFile: "bibliography: [a.bib\n"}, ".", nil, []string{"bibliography: _quarto.yml:"}},
		{"too many", map[string]string{MystFile: "project:\n  bibliography: [" + strings.Repeat("a.bib, ", 20) + "a.bib]\n"}, ".",
			strings.Split(strings.Repeat("a.bib ", MaxBibFiles), " ")[:MaxBibFiles], []string{"names 21 files; the first 16 are read"}},
		{"not a string", map[string]string{QuartoFile: "bibliography: {a: b}\n"}, ".", nil, []string{"not a file name"}},
		// mystmd reads every .bib file of a project whose myst.yml names
		// none (checked with myst build --jats, mystmd 1.8.3).
		{"myst: every .bib below", map[string]string{MystFile: "version: 1\nproject: {title: T}\n", "refs.bib": "", "sub/deep/more.BIB": "",
			"sub/a.md": "", ".hidden/x.bib": "", "_build/y.bib": "", "node_modules/z.bib": "", "sub/.h.bib": ""}, "sub",
			[]string{"refs.bib", "sub/deep/more.BIB"}, nil},
		{"myst: named ones only", map[string]string{MystFile: "project:\n  bibliography: [a.bib]\n", "b.bib": ""}, ".",
			[]string{"a.bib"}, nil},
		{"myst: named as none", map[string]string{MystFile: "project:\n  bibliography: []\n", "b.bib": ""}, ".", nil, nil},
		{"myst: from its own folder", map[string]string{"book/" + MystFile: "version: 1\n", "top.bib": "", "book/ch/c.bib": ""}, "book/ch",
			[]string{"book/ch/c.bib"}, nil},
		{"myst: too many", mystBibs(MaxBibFiles + 3), ".", mystBibNames(MaxBibFiles), []string{"the first 16 are read"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, content := range tt.files {
				p := filepath.Join(dir, filepath.FromSlash(name))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			root, err := os.OpenRoot(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer root.Close()
			got, warnings := Bibliography(root, tt.dir)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("files %q, want %q (warnings %q)", got, tt.want, warnings)
			}
			for _, w := range tt.warn {
				if !strings.Contains(strings.Join(warnings, "\n"), w) {
					t.Errorf("no warning holds %q: %q", w, warnings)
				}
			}
			if tt.warn == nil && len(warnings) > 0 {
				t.Errorf("warnings %q, want none", warnings)
			}
		})
	}
}

// TestBibliographyRoot checks that a folder outside the root is refused,
// and that a project file that is too large is left out with a warning.
func TestBibliographyRoot(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, QuartoFile), []byte("bibliography: a.bib\n#"+strings.Repeat("x", MaxSize)), 0o644); err != nil {
		t.Fatal(err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	for _, d := range []string{"..", "../x", "/etc"} {
		if files, warnings := Bibliography(root, d); files != nil || len(warnings) != 1 {
			t.Errorf("%q: files %q, warnings %q; want none and one warning", d, files, warnings)
		}
	}
	if files, warnings := Bibliography(root, "."); files != nil || len(warnings) != 1 || !strings.Contains(warnings[0], "more than") {
		t.Errorf("large file: files %q, warnings %q", files, warnings)
	}
}

// TestLoadReadsBibliography checks that Load does not call a project's
// bibliography a key render does not use.
func TestLoadReadsBibliography(t *testing.T) {
	for file, yaml := range map[string]string{QuartoFile: "title: T\nbibliography: a.bib\n", MystFile: "project: {title: T, bibliography: a.bib}\n"} {
		_, warnings, err := Parse(file, []byte(yaml))
		if err != nil || len(warnings) > 0 {
			t.Errorf("%s: warnings %q, error %v", file, warnings, err)
		}
	}
}

// FuzzBibliography checks that no project file makes the bibliography's
// reading panic, and that every file it names lies in the project file's
// folder and is not hidden.
func FuzzBibliography(f *testing.F) {
	f.Add("book/"+BookFile, "bibtex_bibfiles: [a.bib, ../b.bib, /c.bib]\n")
	f.Add(MystFile, "project: {bibliography: [a.bib, {x: y}, .h.bib, 'x/../../y.bib']}\n")
	f.Add(QuartoFile, "a: &a [x, x]\nb: [*a, *a]\nbibliography: *a\n")
	f.Fuzz(func(t *testing.T, name, data string) {
		name = path.Clean("/" + name)[1:]
		if name == "" {
			return
		}
		for _, k := range bibKeys {
			files, _, _ := parseBibliography(name, []byte(data), k.key)
			for _, p := range files {
				rel := strings.TrimPrefix(p, path.Dir(name)+"/")
				if path.Dir(name) == "." {
					rel = p
				}
				if !filepath.IsLocal(rel) || rel == p && path.Dir(name) != "." || strings.HasPrefix(rel, ".") || strings.Contains(rel, "/.") {
					t.Errorf("%s names %q", name, p)
				}
			}
		}
	})
}

// mystBibs returns a MyST project that holds n .bib files and names none.
func mystBibs(n int) map[string]string {
	files := map[string]string{MystFile: "version: 1\n"}
	for _, name := range mystBibNames(n) {
		files[name] = ""
	}
	return files
}

// mystBibNames returns n .bib file names in lexical order.
func mystBibNames(n int) []string {
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("r%03d.bib", i)
	}
	return names
}

// TestProjectBibFilesLinks: a link to a folder outside the project is not
// followed, nor is a link to a .bib file read as one.
func TestProjectBibFilesLinks(t *testing.T) {
	outside, dir := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.bib"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "own.bib"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, link := range []struct{ name, target string }{{"out", outside}, {"link.bib", filepath.Join(outside, "secret.bib")}} {
		if err := os.Symlink(link.target, filepath.Join(dir, link.name)); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	files, warnings := ProjectBibFiles(root, ".")
	if !reflect.DeepEqual(files, []string{"own.bib"}) || len(warnings) > 0 {
		t.Errorf("got %q, warnings %q; want [own.bib]", files, warnings)
	}
}

// TestProjectBibFilesBounded: a tree of more than MaxBibWalk entries is
// searched that far, with a warning.
func TestProjectBibFilesBounded(t *testing.T) {
	dir := t.TempDir()
	for i := range MaxBibWalk + 10 {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%05d.txt", i)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "z.bib"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	files, warnings := ProjectBibFiles(root, ".")
	if len(files) != 0 || len(warnings) != 1 || !strings.Contains(warnings[0], "more than 20000 files and folders") {
		t.Errorf("got %q, warnings %q", files, warnings)
	}
}
