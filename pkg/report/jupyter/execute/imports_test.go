package execute

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

func TestCellImports(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{`import "fmt"`, []string{"fmt"}},
		{"import (\n\t\"fmt\"\n\tg \"example.com/m/games\"\n\t_ \"embed\"\n)\nfunc f() {}", []string{"fmt", "example.com/m/games", "embed"}},
		{"!*go mod edit -replace x=y\nimport \"os\"\n%%\nfmt.Println(1)", []string{"os"}},
		{"%%\nimport \"os\"", nil},
		{"var N = 1", nil},
		{"%%\nfmt.Println(\"import \\\"os\\\"\")", nil},
		{"import \"unterminated", nil},
		{"", nil},
	}
	for _, tt := range tests {
		if got := cellImports(tt.src); !slices.Equal(got, tt.want) {
			t.Errorf("cellImports(%q) = %q, want %q", tt.src, got, tt.want)
		}
	}
}

func FuzzCellImports(f *testing.F) {
	f.Add("import \"fmt\"\n%%\nfmt.Println(1)")
	f.Add("import (\n\t\"a\"\n\tb \"c\"\n)")
	f.Add("!x\nimport `raw`")
	f.Fuzz(func(t *testing.T, src string) {
		paths := cellImports(src)
		// The imports found, written as a cell of their own, are found again.
		var b strings.Builder
		b.WriteString("import (\n")
		for _, p := range paths {
			b.WriteString(strconv.Quote(p) + "\n")
		}
		b.WriteString(")\n")
		if again := cellImports(b.String()); len(paths) > 0 && !slices.Equal(again, paths) {
			t.Errorf("cellImports(%q) = %q, but written back they read %q", src, paths, again)
		}
		// What warm builds is each of them once, sorted, import paths only.
		want := slices.Sorted(slices.Values(paths))
		want = slices.Compact(want)
		built := listable(notebookImports(newNotebook(code(src)), kernelChoice{GoNBKernel, "go"}))
		if !slices.Equal(built, listable(want)) {
			t.Errorf("for %q warm builds %q, want %q", src, built, listable(want))
		}
		for _, p := range built {
			if strings.HasPrefix(p, "-") || strings.HasPrefix(p, ".") || filepath.IsAbs(p) || strings.Contains(p, "..") {
				t.Errorf("for %q warm builds %q, not an import path", src, p)
			}
		}
	})
}

// module writes a Go module with packages a (which imports c), b, c and
// u, and three notebooks: na imports a, nb imports b, nn imports nothing.
// It returns the module's folder.
func module(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	files := map[string]string{
		"go.mod":      "module example.com/m\n\ngo 1.22\n",
		"a/a.go":      "package a\n\nimport \"example.com/m/c\"\n\nfunc A() int { return c.C() }\n",
		"b/b.go":      "package b\n\nfunc B() int { return 2 }\n",
		"c/c.go":      "package c\n\nfunc C() int { return 3 }\n",
		"u/u.go":      "package u\n\nfunc U() int { return 4 }\n",
		"u/u_test.go": "package u\n",
	}
	for name, data := range files {
		path := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(root, "notebooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, cells := range map[string][]*notebook.Cell{
		"na": {markdown("# A"), code("import \"example.com/m/a\"\nprint a")},
		"nb": {code("import \"fmt\"\nimport \"example.com/m/b\""), code("print b")},
		"nn": {code("print n")},
	} {
		if err := notebook.WriteFile(filepath.Join(root, "notebooks", name+".ipynb"), newNotebook(cells...)); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestCacheFollowsImports edits the files of a module around renders of
// its notebooks: editing a package no notebook imports reruns nothing, and
// editing one a notebook imports, directly or through another package,
// reruns only the notebooks that import it.
func TestCacheFollowsImports(t *testing.T) {
	root := module(t)
	cache := t.TempDir()
	// render runs each notebook once per Executor, as a new render would.
	render := func() []string {
		t.Helper()
		var mu sync.Mutex
		var ran []string
		x := fakeExecutor(t, nil)
		x.CacheDir = cache
		x.Progress = func(p Progress) {
			if p.Event == Starting {
				mu.Lock()
				ran = append(ran, filepath.Base(p.Notebook))
				mu.Unlock()
			}
		}
		for _, name := range []string{"na", "nb", "nn"} {
			path := filepath.Join(root, "notebooks", name+".ipynb")
			nb, err := notebook.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := x.Execute(context.Background(), path, nb); err != nil {
				t.Fatal(err)
			}
		}
		slices.Sort(ran)
		return ran
	}
	edit := func(name, data string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(root, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	steps := []struct {
		what string
		edit func()
		want []string
	}{
		{"first render", func() {}, []string{"na.ipynb", "nb.ipynb", "nn.ipynb"}},
		{"nothing changed", func() {}, nil},
		{"a package no notebook imports", func() { edit("u/u.go", "package u\n\nfunc U() int { return 5 }\n") }, nil},
		{"a test file", func() { edit("u/u_test.go", "package u // changed\n") }, nil},
		{"a new package", func() { edit("u/v.go", "package u\n\nfunc V() {}\n") }, nil},
		{"a package one notebook imports", func() { edit("b/b.go", "package b\n\nfunc B() int { return 20 }\n") }, []string{"nb.ipynb"}},
		{"a dependency of an imported package", func() { edit("c/c.go", "package c\n\nfunc C() int { return 30 }\n") }, []string{"na.ipynb"}},
		{"a new file in an imported package", func() { edit("a/more.go", "package a\n\nfunc More() {}\n") }, []string{"na.ipynb"}},
		{"go.mod", func() { edit("go.mod", "module example.com/m\n\ngo 1.22\n\n// a comment\n") }, nil},
		{"go.sum", func() { edit("go.sum", "") }, []string{"na.ipynb", "nb.ipynb", "nn.ipynb"}},
	}
	for _, s := range steps {
		s.edit()
		if got := render(); !slices.Equal(got, s.want) {
			t.Errorf("after %s: ran %q, want %q", s.what, got, s.want)
		}
	}
}

// TestExecuteNothingToRun checks that a notebook with no code to run
// neither makes a kernel (GoNB would be provisioned) nor digests anything,
// even where no module is.
func TestExecuteNothingToRun(t *testing.T) {
	var kernels atomic.Int32
	x := &Executor{
		CacheDir:  filepath.Join(t.TempDir(), "cache"),
		ModuleDir: filepath.Join(t.TempDir(), "no module here"),
		Kernel: func(ctx context.Context, module string) (Kernel, error) {
			kernels.Add(1)
			return fakeKernel{t, nil}, nil
		},
	}
	nb := newNotebook(markdown("# Only words"), code("  \n"), code("print x", SkipTag))
	got, err := x.Execute(context.Background(), filepath.Join(t.TempDir(), "nb.ipynb"), nb)
	if err != nil {
		t.Fatal(err)
	}
	if marshal(t, got) != marshal(t, nb) {
		t.Errorf("the notebook changed:\n%s", marshal(t, got))
	}
	if kernels.Load() != 0 {
		t.Errorf("%d kernels made for a notebook with nothing to run", kernels.Load())
	}
	if _, err := os.Stat(x.CacheDir); !os.IsNotExist(err) {
		t.Errorf("the cache was touched: %v", err)
	}
}

// TestImportDigestPaths checks that only import paths reach go list: a
// notebook importing a folder by a relative or absolute path, or a flag,
// gets a digest of the text alone, which no file outside changes.
func TestImportDigestPaths(t *testing.T) {
	root := module(t)
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "x.go"), []byte("package x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(root, outside)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"./" + filepath.ToSlash(rel), filepath.ToSlash(rel), outside, "-toolexec=touch", "example.com/m/../../x"} {
		before, err := importDigest(context.Background(), root, []string{p})
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if err := os.WriteFile(filepath.Join(outside, "x.go"), []byte("package x // "+p+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		after, err := importDigest(context.Background(), root, []string{p})
		if err != nil || after != before {
			t.Errorf("import %q: the digest follows a file outside the module (%v)", p, err)
		}
	}
	// An import path of the module is followed.
	a1, err := importDigest(context.Background(), root, []string{"example.com/m/b"})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "b", "b.go"), []byte("package b\n\nfunc B() int { return 7 }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if a2, err := importDigest(context.Background(), root, []string{"example.com/m/b"}); err != nil || a2 == a1 {
		t.Errorf("editing an imported package left the digest as it was (%v)", err)
	}
}
