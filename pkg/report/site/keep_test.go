package site

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/grundylab/grundy/internal/notebooktest"
	"github.com/grundylab/grundy/pkg/report/internal/costly"
	"github.com/grundylab/grundy/pkg/report/manifest"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// openTestKeeper opens the keeper of the folder dir for a test.
func openTestKeeper(t *testing.T, dir string) *keeper {
	t.Helper()
	k, err := openKeeper(dir, func(format string, args ...any) { t.Logf(format, args...) })
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(k.close)
	return k
}

// plant writes a post and its page as someone who can write into the
// site's folder can, with a manifest that lists them as render's.
func plant(t *testing.T, dir, name, post string) {
	t.Helper()
	m, err := manifest.Read(dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	files := map[string]string{name + ".md": post, name + ".html": "<p>page</p>"}
	for f, data := range files {
		if err := os.WriteFile(filepath.Join(dir, f), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		m.Files[f] = []string{manifest.SumBytes([]byte(data))}
	}
	m.Pages[name] = manifest.Page{Notebook: name + ".ipynb", Files: slices.Sorted(maps.Keys(files))}
	if err := m.Write(dir); err != nil {
		t.Fatal(err)
	}
}

// withoutManifest returns a listing without the manifest's line.
func withoutManifest(list []string) []string {
	return slices.DeleteFunc(slices.Clone(list), func(f string) bool { return strings.HasPrefix(f, manifest.Name+" ") })
}

// neighbours returns the prev and next links of the page name in dir, ""
// where there is none.
func neighbours(t *testing.T, dir, name string) (prev, next string) {
	t.Helper()
	page, err := os.ReadFile(filepath.Join(dir, name+".html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`rel="(prev|next)" href="([^"]*)"`).FindAllStringSubmatch(string(page), -1) {
		if m[1] == "prev" {
			prev = m[2]
		} else {
			next = m[2]
		}
	}
	return prev, next
}

// siteState returns the non-hidden files of the site, the pages of its
// index, and the manifest's pages.
func siteState(t *testing.T, dir string) (files []string, index []string, pages []string) {
	t.Helper()
	for _, f := range withoutManifest(listing(t, dir)) {
		files = append(files, strings.Fields(f)[0])
	}
	for _, l := range indexLinks(t, dir) {
		index = append(index, l[0])
	}
	m, err := manifest.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	return files, index, slices.Sorted(maps.Keys(m.Pages))
}

// TestSiteFollowsNotebooks adds, renames and deletes notebooks of a
// folder between builds: the site's pages, files, index and links follow,
// and a user's file in the output folder, under Shared, stays as it is.
func TestSiteFollowsNotebooks(t *testing.T) {
	src := t.TempDir()
	out := filepath.Join(t.TempDir(), "site")
	write := func(name, text string, png []byte) {
		nb := notebook.New()
		nb.Cells = []*notebook.Cell{{Type: notebook.Markdown, Source: text}}
		if png != nil {
			n := 1
			o := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}, Metadata: notebook.Metadata{}}
			o.Data.SetText("image/png", encode(png))
			nb.Cells = append(nb.Cells, &notebook.Cell{Type: notebook.Code, Source: "show()", Metadata: notebook.Metadata{"tags": json.RawMessage(`["remove-input"]`)}, ExecutionCount: &n, Outputs: []*notebook.Output{o}})
		}
		if err := notebook.WriteFile(filepath.Join(src, name), nb); err != nil {
			t.Fatal(err)
		}
	}
	var warnings []string
	s := &Site{Dir: out, MathFont: noFont(t), Warn: func(m string) { warnings = append(warnings, m) }}
	build := func() {
		t.Helper()
		warnings = nil
		if err := s.Build(context.Background(), []string{src}); err != nil {
			t.Fatal(err)
		}
	}
	write("a.ipynb", "# A", costly.PNG(1000))
	write("b.ipynb", "# B", costly.PNG(2000))
	write("c.ipynb", "# C", nil)
	build()
	if _, next := neighbours(t, out, "a"); next != "b.html" {
		t.Errorf("a's next is %q, want b.html", next)
	}

	// b renamed to d: b's page, post and files go, the links follow.
	if err := os.Rename(filepath.Join(src, "b.ipynb"), filepath.Join(src, "d.ipynb")); err != nil {
		t.Fatal(err)
	}
	build()
	files, index, pages := siteState(t, out)
	if want := []string{"a.html", "c.html", "d.html"}; !slices.Equal(index, want) {
		t.Errorf("after the rename the index lists %q, want %q", index, want)
	}
	if want := []string{"a", "c", "d"}; !slices.Equal(pages, want) {
		t.Errorf("after the rename the manifest's pages are %q, want %q", pages, want)
	}
	for _, f := range files {
		if strings.HasPrefix(f, "b.") || strings.HasPrefix(f, "b_files") {
			t.Errorf("after the rename %s is still there", f)
		}
	}
	if len(postFiles(t, out, "d")) != 1 {
		t.Error("d_files does not hold d's image")
	}
	if _, next := neighbours(t, out, "a"); next != "c.html" {
		t.Errorf("after the rename a's next is %q, want c.html", next)
	}
	if !slices.ContainsFunc(warnings, func(w string) bool { return strings.Contains(w, "removing the page b") }) {
		t.Errorf("warnings %q do not say b's page was removed", warnings)
	}

	// a deleted, e added; a user's file beside the pages stays.
	if err := os.Remove(filepath.Join(src, "a.ipynb")); err != nil {
		t.Fatal(err)
	}
	write("e.ipynb", "# E", nil)
	userFile := filepath.Join(out, "CNAME")
	if err := os.WriteFile(userFile, []byte("example.org\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.Build(context.Background(), []string{src}); !errors.Is(err, ErrForeignFiles) || !strings.Contains(err.Error(), "CNAME") {
		t.Fatalf("a build into a folder with a user's file: error %v, want one naming CNAME", err)
	}
	s.Shared = true
	build()
	files, index, _ = siteState(t, out)
	if want := []string{"c.html", "d.html", "e.html"}; !slices.Equal(index, want) {
		t.Errorf("after the deletion the index lists %q, want %q", index, want)
	}
	want := []string{"CNAME", "c.html", "c.md", "d.html", "d.md", "d_files/" + postFiles(t, out, "d")[0], "e.html", "e.md", "index.html"}
	if !slices.Equal(files, want) {
		t.Errorf("after the deletion the site holds\n%q\nwant\n%q", files, want)
	}
	if data, err := os.ReadFile(userFile); err != nil || string(data) != "example.org\n" {
		t.Errorf("the user's CNAME is now %q, %v", data, err)
	}
	if prev, next := neighbours(t, out, "c"); prev != "" || next != "d.html" {
		t.Errorf("c links %q and %q, want none and d.html", prev, next)
	}

	// A build naming one notebook leaves the pages of the others.
	if err := os.Remove(filepath.Join(src, "c.ipynb")); err != nil {
		t.Fatal(err)
	}
	if err := s.Build(context.Background(), []string{filepath.Join(src, "e.ipynb")}); err != nil {
		t.Fatal(err)
	}
	if _, index, _ := siteState(t, out); !slices.Equal(index, []string{"c.html", "d.html", "e.html"}) {
		t.Errorf("a build of e alone left the index %q", index)
	}
}

// TestUserFilesUntouched renders notebooks into their own folder, which
// holds a paired analysis.md, analysis_files/data.csv and an index.html
// of the user's: without Shared the build refuses and writes nothing; with
// it the user's files stay byte for byte, the pages that would replace
// them are refused by name, and the others are written.
func TestUserFilesUntouched(t *testing.T) {
	dir := t.TempDir()
	notebooktest.WriteMarkdown(t, filepath.Join(dir, "analysis.ipynb"), "# Analysis")
	notebooktest.WriteMarkdown(t, filepath.Join(dir, "other.ipynb"), "# Other")
	user := map[string]string{
		"analysis.md":              "---\njupytext: paired\n---\n# Analysis\n",
		"analysis_files/data.csv":  "x,y\n1,2\n",
		"index.html":               "<p>my own index</p>\n",
		"notes/.hidden-but-mine":   "secret",
		"analysis_files/README.md": "data",
	}
	for p, data := range user {
		p = filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	before := listing(t, dir)
	s := &Site{Dir: dir, MathFont: noFont(t)}
	err := s.Build(context.Background(), []string{dir})
	if !errors.Is(err, ErrNotebooksFolder) || !strings.Contains(err.Error(), dir) {
		t.Errorf("a build into the notebooks' folder: error %v, want ErrNotebooksFolder naming it", err)
	}
	if got := listing(t, dir); !slices.Equal(got, before) {
		t.Errorf("a refused build changed the folder:\n%q\nwas\n%q", got, before)
	}

	s.Shared = true
	err = s.Build(context.Background(), []string{dir})
	for _, want := range []string{"analysis.md: render did not write it", "index.html: render did not write it"} {
		if !errors.Is(err, ErrNotOwned) || !strings.Contains(err.Error(), want) {
			t.Errorf("a shared build: error %v, want one saying %q", err, want)
		}
	}
	for p, data := range user {
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
		if err != nil || string(got) != data {
			t.Errorf("the user's %s is now %q, %v", p, got, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "other.html")); err != nil {
		t.Errorf("other's page: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "analysis.html")); err == nil {
		t.Error("analysis.html was written beside a post render could not write")
	}
}

// TestKilledBetweenSteps stops a page's write after each of its steps, as
// a kill would, with a new image in place of the old one: the post and
// page then in the folder always link images that are there, and the next
// build removes the old image.
func TestKilledBetweenSteps(t *testing.T) {
	for _, step := range []string{"record", "files", "pages"} {
		t.Run(step, func(t *testing.T) {
			src := t.TempDir()
			out := filepath.Join(t.TempDir(), "site")
			path := filepath.Join(src, "nb.ipynb")
			write := func(png []byte) {
				nb := notebook.New()
				n := 1
				o := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}, Metadata: notebook.Metadata{}}
				o.Data.SetText("image/png", encode(png))
				nb.Cells = []*notebook.Cell{{Type: notebook.Code, Source: "show()", Metadata: notebook.Metadata{}, ExecutionCount: &n, Outputs: []*notebook.Output{o}}}
				if err := notebook.WriteFile(path, nb); err != nil {
					t.Fatal(err)
				}
			}
			s := &Site{Dir: out, MathFont: noFont(t)}
			write(costly.PNG(1000))
			if err := s.Build(context.Background(), []string{src}); err != nil {
				t.Fatal(err)
			}
			old := postFiles(t, out, "nb")
			write(costly.PNG(2000))
			killed := errors.New("killed")
			interrupt = func(s string) error {
				if s == step {
					return killed
				}
				return nil
			}
			defer func() { interrupt = nil }()
			if err := s.Build(context.Background(), []string{src}); !errors.Is(err, killed) {
				t.Fatalf("error %v, want the kill", err)
			}
			interrupt = nil
			post, err := os.ReadFile(filepath.Join(out, "nb.md"))
			if err != nil {
				t.Fatal(err)
			}
			links := regexp.MustCompile(`nb_files/[0-9a-f]+\.png`).FindAllString(string(post), -1)
			if len(links) != 1 {
				t.Fatalf("the post links %q, want one image", links)
			}
			if _, err := os.Stat(filepath.Join(out, links[0])); err != nil {
				t.Errorf("the post links a missing image: %v", err)
			}
			if wantNew := step == "pages"; (links[0] != "nb_files/"+old[0]) != wantNew {
				t.Errorf("after a kill at %q the post links %s (the old image is %s)", step, links[0], old[0])
			}
			if err := s.Build(context.Background(), []string{src}); err != nil {
				t.Fatal(err)
			}
			now := postFiles(t, out, "nb")
			if len(now) != 1 || now[0] == old[0] {
				t.Errorf("after a whole build nb_files holds %q, want the new image alone (the old was %q)", now, old)
			}
		})
	}
}

// TestChangedFileKept edits a post render wrote: the next build refuses
// to replace it, and when its notebook is gone the edited post stays,
// with a warning, while the rest of the page goes.
func TestChangedFileKept(t *testing.T) {
	src := t.TempDir()
	out := filepath.Join(t.TempDir(), "site")
	notebooktest.WriteMarkdown(t, filepath.Join(src, "nb.ipynb"), "# Nb")
	var warnings []string
	s := &Site{Dir: out, MathFont: noFont(t), Warn: func(m string) { warnings = append(warnings, m) }}
	if err := s.Build(context.Background(), []string{src}); err != nil {
		t.Fatal(err)
	}
	post := filepath.Join(out, "nb.md")
	if err := os.WriteFile(post, []byte("my edits\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.Build(context.Background(), []string{src}); !errors.Is(err, ErrNotOwned) || !strings.Contains(err.Error(), post) {
		t.Errorf("error %v, want ErrNotOwned naming %s", err, post)
	}
	if err := os.Remove(filepath.Join(src, "nb.ipynb")); err != nil {
		t.Fatal(err)
	}
	notebooktest.WriteMarkdown(t, filepath.Join(src, "other.ipynb"), "# Other")
	warnings = nil
	s.Shared = true // the edited post is the user's now
	if err := s.Build(context.Background(), []string{src}); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(post); err != nil || string(data) != "my edits\n" {
		t.Errorf("the edited post is now %q, %v", data, err)
	}
	if _, err := os.Stat(filepath.Join(out, "nb.html")); err == nil {
		t.Error("the page of a notebook that is gone is still there")
	}
	if !slices.ContainsFunc(warnings, func(w string) bool { return strings.Contains(w, "leaving "+post) }) {
		t.Errorf("warnings %q do not say the edited post was left", warnings)
	}
}

// TestForgedManifest plants a manifest naming a file outside the site:
// the build refuses it and the file stays.
func TestForgedManifest(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "site")
	victim := filepath.Join(parent, "victim.txt")
	if err := os.WriteFile(victim, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	forged := `{"version":1,"files":{"../victim.txt":["` + manifest.SumBytes([]byte("mine")) + `"]},"pages":{"x":{"notebook":"x.ipynb","files":["../victim.txt"]}}}`
	if err := os.WriteFile(filepath.Join(out, manifest.Name), []byte(forged), 0o644); err != nil {
		t.Fatal(err)
	}
	src := t.TempDir()
	notebooktest.WriteMarkdown(t, filepath.Join(src, "nb.ipynb"), "# Nb")
	err := (&Site{Dir: out, MathFont: noFont(t)}).Build(context.Background(), []string{src})
	if !errors.Is(err, manifest.ErrInvalid) {
		t.Errorf("error %v, want manifest.ErrInvalid", err)
	}
	if data, err := os.ReadFile(victim); err != nil || string(data) != "mine" {
		t.Errorf("the file outside the site is now %q, %v", data, err)
	}
}

// TestLocalFilesCopied renders a notebook whose Markdown shows an image
// and links a data file beside it, and an image outside its folder: the
// two are copied into its files folder, linked from the post and shown
// in the page; the other is read by neither, with a warning naming the
// notebook and cell. An image changed beside the notebook replaces its
// copy at the next build.
func TestLocalFilesCopied(t *testing.T) {
	parent := t.TempDir()
	src := filepath.Join(parent, "notebooks")
	out := filepath.Join(parent, "site")
	private := []byte("PNG private")
	if err := os.WriteFile(filepath.Join(parent, "private.png"), private, 0o644); err != nil {
		t.Fatal(err)
	}
	notebooktest.WriteMarkdown(t, filepath.Join(src, "nb.ipynb"), "# Nb", "![plain alt](fig.png) and [the data](data/table.csv)", "![x](../private.png)")
	fig := costly.PNG(500)
	for name, data := range map[string][]byte{"fig.png": fig, "data/table.csv": []byte("x,y\n1,2\n")} {
		p := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var warnings []string
	s := &Site{Dir: out, MathFont: noFont(t), Warn: func(m string) { warnings = append(warnings, m) }}
	if err := s.Build(context.Background(), []string{src}); err != nil {
		t.Fatal(err)
	}
	post, err := os.ReadFile(filepath.Join(out, "nb.md"))
	if err != nil {
		t.Fatal(err)
	}
	links := regexp.MustCompile(`nb_files/[0-9a-f]{32}\.(png|csv)`).FindAllString(string(post), -1)
	if len(links) != 2 {
		t.Fatalf("the post links %q, want the image and the data", links)
	}
	for _, l := range links {
		got, err := os.ReadFile(filepath.Join(out, l))
		want := fig
		if strings.HasSuffix(l, ".csv") {
			want = []byte("x,y\n1,2\n")
		}
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s holds %q, %v", l, got, err)
		}
	}
	page, err := os.ReadFile(filepath.Join(out, "nb.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(page, []byte(`src="data:image/png;base64,`+encode(fig))) {
		t.Error("the page does not show the image beside the notebook")
	}
	for name, text := range map[string][]byte{"post": post, "page": page} {
		if bytes.Contains(text, []byte(`src="../private.png"`)) || bytes.Contains(text, []byte("![x](../private.png)")) || bytes.Contains(text, private) {
			t.Errorf("the %s loads the image outside the notebook's folder", name)
		}
	}
	if !slices.ContainsFunc(warnings, func(w string) bool {
		return strings.Contains(w, "nb.ipynb: cell 3: local file \"../private.png\" is outside the notebook's folder")
	}) {
		t.Errorf("warnings %q do not name the notebook and cell of ../private.png", warnings)
	}

	fig2 := costly.PNG(600)
	if err := os.WriteFile(filepath.Join(src, "fig.png"), fig2, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.Build(context.Background(), []string{src}); err != nil {
		t.Fatal(err)
	}
	if files := postFiles(t, out, "nb"); len(files) != 2 {
		t.Errorf("after the image changed nb_files holds %q, want the new image and the data", files)
	}
}
