package execute

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// stale reports whether `go list` finds the package path of the module at
// root stale: not in the Go build cache as it is now.
func stale(t *testing.T, root, path string) bool {
	t.Helper()
	out, err := exec.Command("go", "-C", root, "list", "-f", "{{.Stale}}", path).CombinedOutput()
	if err != nil {
		t.Fatalf("go list %s: %v\n%s", path, err, out)
	}
	return strings.TrimSpace(string(out)) == "true"
}

// TestWarm checks that warm compiles a notebook's imports into the build
// cache once, builds only import paths, and writes nothing in the module.
func TestWarm(t *testing.T) {
	root := module(t)
	// A package no cache holds yet, and a command, whose build would
	// write a program into the folder if warm built it there.
	fresh := "package w\n\nconst Made = " + strconv.Quote(time.Now().String()) + "\n"
	for name, data := range map[string]string{"w/w.go": fresh, "cmd/tool/main.go": "package main\n\nfunc main() {}\n"} {
		if err := os.MkdirAll(filepath.Join(root, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if !stale(t, root, "example.com/m/w") {
		t.Fatal("a package written now is not stale")
	}
	marker := filepath.Join(t.TempDir(), "marker")
	imports := []string{"example.com/m/cmd/tool", "example.com/m/w", "fmt", "-toolexec=touch " + marker, "./w", root + "/w", "example.com/m/../m/w", ""}
	x := &Executor{}
	if got, want := x.warm(context.Background(), root, imports), []string{"example.com/m/cmd/tool", "example.com/m/w", "fmt"}; !slices.Equal(got, want) {
		t.Errorf("warm built %q, want %q", got, want)
	}
	if stale(t, root, "example.com/m/w") {
		t.Error("after warm, the imported package is not in the build cache")
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("an import like a flag reached the go command")
	}
	for _, name := range []string{"tool", "m"} {
		if _, err := os.Stat(filepath.Join(root, name)); err == nil {
			t.Errorf("warm wrote %s in the module's folder", name)
		}
	}
	if got := x.warm(context.Background(), root, []string{"fmt", "example.com/m/w"}); got != nil {
		t.Errorf("a second warm of the same packages built %q", got)
	}
	if got := x.warm(context.Background(), "", []string{"fmt"}); got != nil {
		t.Errorf("warm with no module built %q", got)
	}
}

// TestWarmSideBySide warms the same packages from several notebooks at
// once: one of them builds, the others wait for it and build nothing.
func TestWarmSideBySide(t *testing.T) {
	root := module(t)
	x := &Executor{}
	var mu sync.Mutex
	var built [][]string
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			got := x.warm(context.Background(), root, []string{"example.com/m/a", "example.com/m/b"})
			mu.Lock()
			defer mu.Unlock()
			if got != nil {
				built = append(built, got)
			}
		})
	}
	wg.Wait()
	if len(built) != 1 || !slices.Equal(built[0], []string{"example.com/m/a", "example.com/m/b"}) {
		t.Errorf("builds %q, want one of both packages", built)
	}
}
