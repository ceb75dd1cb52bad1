package site

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// copyNotebooks copies the shared test notebooks into a fresh folder.
func copyNotebooks(t *testing.T, names ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range names {
		data, err := os.ReadFile(filepath.Join("..", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// listing returns the files under dir, relative, with their sizes.
func listing(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		out = append(out, fmt.Sprintf("%s %d %x", rel, len(data), sha256.Sum256(data)))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// postFiles returns the files of a post's folder, checking that they are
// the files its Markdown links to, each named by the SHA-256 hash of its
// content.
func postFiles(t *testing.T, dir, name string) []string {
	t.Helper()
	post, err := os.ReadFile(filepath.Join(dir, name+".md"))
	if err != nil {
		t.Fatal(err)
	}
	linked := map[string]bool{}
	for _, m := range regexp.MustCompile(`\]\(`+regexp.QuoteMeta(name)+`_files/([^)]+)\)`).FindAllStringSubmatch(string(post), -1) {
		linked[m[1]] = true
	}
	entries, err := os.ReadDir(filepath.Join(dir, name+"_files"))
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, e := range entries {
		files = append(files, e.Name())
		data, err := os.ReadFile(filepath.Join(dir, name+"_files", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(data)
		if want := fmt.Sprintf("%x", sum[:16]); !strings.HasPrefix(e.Name(), want+".") {
			t.Errorf("%s_files/%s holds content whose hash is %s", name, e.Name(), want)
		}
		if !linked[e.Name()] {
			t.Errorf("%s_files/%s is not linked from %s.md", name, e.Name(), name)
		}
		delete(linked, e.Name())
	}
	for f := range linked {
		t.Errorf("%s.md links %s_files/%s, which is missing", name, name, f)
	}
	return files
}

func noFont(t *testing.T) string { return filepath.Join(t.TempDir(), "missing.otf") }

func TestBuild(t *testing.T) {
	src := copyNotebooks(t, "outputs.ipynb", "math.ipynb", "untitled.ipynb")
	out := filepath.Join(t.TempDir(), "site")
	var warnings []string
	s := &Site{Dir: out, MathFont: noFont(t), Warn: func(m string) { warnings = append(warnings, m) }}
	if err := s.Build(context.Background(), []string{src}); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"math.md", "math.html", "outputs.md", "outputs.html", "untitled.md", "untitled.html", "index.html"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("missing %s", f)
		}
	}
	// The attached dot and the first figure are one image: one file.
	if files := postFiles(t, out, "outputs"); len(files) != 3 {
		t.Errorf("outputs_files holds %q, want the 3 images of outputs.ipynb", files)
	}
	if _, err := os.Stat(filepath.Join(out, "math_files")); err == nil {
		t.Error("math_files/ made for a post without files")
	}
	// math.ipynb has a broken formula on purpose, and the three figures
	// of outputs.ipynb have no alt text: the warnings name the notebook
	// and the cell.
	var alt []string
	warnings = slices.DeleteFunc(warnings, func(w string) bool {
		if strings.Contains(w, "figure has no alt text") {
			alt = append(alt, w)
			return true
		}
		return false
	})
	if len(warnings) != 2 || !strings.Contains(warnings[0], "fonts-lmodern") ||
		!strings.Contains(warnings[1], "math.ipynb: cell 3: cannot convert TeX") {
		t.Errorf("warnings %q, want one about the missing font and one about the broken formula", warnings)
	}
	if len(alt) != 3 || !strings.Contains(alt[0], "outputs.ipynb: cell 2: output 1: figure has no alt text") {
		t.Errorf("alt text warnings %q, want three for outputs.ipynb cell 2", alt)
	}
	index, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`href="math.html">Nim sums and the mex rule</a>`, `href="outputs.html">Every output type</a>`, `href="untitled.html">untitled</a>`, "Just a paragraph"} {
		if !bytes.Contains(index, []byte(want)) {
			t.Errorf("index lacks %q", want)
		}
	}
	if bytes.Contains(index, []byte("@font-face")) {
		t.Error("index loads a font that was not shipped")
	}
	if i, j := bytes.Index(index, []byte("math.html")), bytes.Index(index, []byte("outputs.html")); i > j {
		t.Error("index not in name order")
	}
	entries, _ := os.ReadDir(out)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), tmpPrefix) {
			t.Errorf("temporary %s left behind", e.Name())
		}
	}
	info, err := os.Stat(filepath.Join(out, "index.html"))
	if err != nil || info.Mode().Perm() != 0o644 {
		t.Errorf("index.html mode %v, want 0644", info.Mode().Perm())
	}
}

func TestMathFontShipped(t *testing.T) {
	font := filepath.Join(t.TempDir(), "font.otf")
	if err := os.WriteFile(font, []byte("OTTO fake font"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	s := &Site{Dir: out, MathFont: font}
	if err := s.Build(context.Background(), []string{filepath.Join(copyNotebooks(t, "math.ipynb"), "math.ipynb")}); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(out, AssetsDir, MathFontFile))
	if err != nil || string(got) != "OTTO fake font" {
		t.Fatalf("font not shipped: %q, %v", got, err)
	}
	for _, page := range []string{"math.html", "index.html"} {
		data, _ := os.ReadFile(filepath.Join(out, page))
		if !bytes.Contains(data, []byte(`url("assets/latinmodern-math.otf")`)) {
			t.Errorf("%s does not load the shipped font", page)
		}
	}
	// Without the source a later run keeps using the font already shipped.
	s.MathFont = noFont(t)
	if url, err := s.shipFont(openTestKeeper(t, out)); err != nil || url != "assets/latinmodern-math.otf" {
		t.Errorf("shipFont = %q, %v after the source went away", url, err)
	}
}

// TestFailingNotebookLeavesOldFiles renders a notebook, breaks it, renders
// again: the error names the notebook and cell, and the first run's files
// are untouched.
func TestFailingNotebookLeavesOldFiles(t *testing.T) {
	src := copyNotebooks(t, "outputs.ipynb", "math.ipynb")
	out := t.TempDir()
	s := &Site{Dir: out, MathFont: noFont(t)}
	if err := s.Build(context.Background(), []string{src}); err != nil {
		t.Fatal(err)
	}
	before := listing(t, out)
	beforeMD, _ := os.ReadFile(filepath.Join(out, "outputs.md"))

	path := filepath.Join(src, "outputs.ipynb")
	nb, err := notebook.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	nb.Cells[1].Outputs[0].Data.SetText("image/png", "not base64 at all!")
	if err := notebook.WriteFile(path, nb); err != nil {
		t.Fatal(err)
	}
	err = s.Build(context.Background(), []string{src})
	if err == nil || !strings.Contains(err.Error(), "notebook "+path+": cell 2: output 1: ") {
		t.Fatalf("error %v does not name the notebook, cell and output", err)
	}
	if after := listing(t, out); !slices.Equal(before, after) {
		t.Errorf("files changed:\nbefore %q\nafter  %q", before, after)
	}
	afterMD, _ := os.ReadFile(filepath.Join(out, "outputs.md"))
	if !bytes.Equal(beforeMD, afterMD) {
		t.Error("outputs.md changed")
	}
}

func TestMalformedNotebook(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.ipynb")
	if err := os.WriteFile(bad, []byte(`{"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [{"cell_type": "code"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	err := (&Site{Dir: out, MathFont: noFont(t)}).Build(context.Background(), []string{bad})
	if !errors.Is(err, notebook.ErrInvalid) || !strings.Contains(err.Error(), "notebook "+bad+": cell 1: ") {
		t.Errorf("error %v", err)
	}
	if _, err := os.Stat(filepath.Join(out, "bad.md")); err == nil {
		t.Error("bad.md written for a malformed notebook")
	}
}

type fakeExecutor struct{ paths []string }

func (f *fakeExecutor) Execute(ctx context.Context, path string, nb *notebook.Notebook) (*notebook.Notebook, error) {
	f.paths = append(f.paths, path)
	out := nb.Clone()
	count := 1
	out.Cells = append(out.Cells, &notebook.Cell{Type: notebook.Code, Source: "run()", ExecutionCount: &count,
		Outputs: []*notebook.Output{{Type: notebook.Stream, Name: "stdout", Text: "executed\n"}}})
	return out, nil
}

func TestExecutor(t *testing.T) {
	src := copyNotebooks(t, "untitled.ipynb")
	out := t.TempDir()
	exec := &fakeExecutor{}
	if err := (&Site{Dir: out, Executor: exec, MathFont: noFont(t)}).Build(context.Background(), []string{src}); err != nil {
		t.Fatal(err)
	}
	if len(exec.paths) != 1 || exec.paths[0] != filepath.Join(src, "untitled.ipynb") {
		t.Errorf("executor called with %q", exec.paths)
	}
	md, _ := os.ReadFile(filepath.Join(out, "untitled.md"))
	if !bytes.Contains(md, []byte("executed")) {
		t.Errorf("rendered post lacks the executed output:\n%s", md)
	}
}

func TestNotebooks(t *testing.T) {
	dir := copyNotebooks(t, "math.ipynb", "code.ipynb")
	if err := os.Mkdir(filepath.Join(dir, ".ipynb_checkpoints"), 0o755); err != nil {
		t.Fatal(err)
	}
	got, err := Notebooks([]string{dir, filepath.Join(dir, "math.ipynb")})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(dir, "code.ipynb"), filepath.Join(dir, "math.ipynb")}
	if !slices.Equal(got, want) {
		t.Errorf("Notebooks = %q, want %q", got, want)
	}
	if _, err := Notebooks([]string{t.TempDir()}); !errors.Is(err, ErrNoNotebooks) {
		t.Errorf("empty folder: %v", err)
	}
	if _, err := Notebooks([]string{filepath.Join(dir, "missing.ipynb")}); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}
