package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/jupyter/kernel"
	"github.com/grundylab/grundy/pkg/report/jupyter/kernelspec"
)

// writeNotebook writes a notebook of the kernel spec and code cells (with
// a markdown cell first) to dir/name.
func writeNotebook(t *testing.T, dir, name, kernel, language string, cells ...string) string {
	t.Helper()
	nb := map[string]any{
		"nbformat": 4, "nbformat_minor": 5,
		"metadata": map[string]any{"kernelspec": map[string]string{"name": kernel, "language": language, "display_name": kernel}},
	}
	list := []map[string]any{{"cell_type": "markdown", "id": "title", "metadata": map[string]any{}, "source": "# " + name}}
	for i, src := range cells {
		list = append(list, map[string]any{"cell_type": "code", "id": "c" + string(rune('a'+i)), "metadata": map[string]any{},
			"execution_count": nil, "outputs": []any{}, "source": src})
	}
	nb["cells"] = list
	data, err := json.Marshal(nb)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// repoRoot is the checkout this test runs in.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// absolutePath matches what looks like an absolute path in a page or a
// post: a slash, then two or more folder names.
var absolutePath = regexp.MustCompile(`(?:^|[\s"'(=>:])(/[A-Za-z0-9._-]+){2,}`)

// checkNoPrivatePaths fails if a file of the site shows the checkout's
// path, the home folder's, or the folder of the notebooks, and logs every
// other absolute path it finds.
func checkNoPrivatePaths(t *testing.T, site string, private ...string) {
	t.Helper()
	home, _ := os.UserHomeDir()
	private = append(private, repoRoot(t), home)
	err := filepath.WalkDir(site, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".html") && !strings.HasSuffix(path, ".md") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, p := range private {
			if p != "" && p != "/" && bytes.Contains(data, []byte(p)) {
				t.Errorf("%s shows %s", path, p)
			}
		}
		for _, m := range absolutePath.FindAllString(string(data), -1) {
			t.Logf("%s: absolute path %q", filepath.Base(path), strings.TrimSpace(m))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// render runs render and returns its standard error, failing on another
// exit status than want.
func render(t *testing.T, want int, args ...string) string {
	t.Helper()
	var stderr bytes.Buffer
	if code := run(context.Background(), args, io.Discard, &stderr); code != want {
		t.Fatalf("render %q: exit %d, want %d\n%s", args, code, want, stderr.String())
	}
	return stderr.String()
}

// needPython skips the test where Jupyter finds no python3 kernel,
// except in CI, which installs python3-ipykernel, and gives it a cache of
// its own.
func needPython(t *testing.T) {
	t.Helper()
	if _, err := kernelspec.Find("python3"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI installs python3-ipykernel, but: %v", err)
		}
		t.Skipf("no python3 kernel: %v", err)
	}
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
}

// TestPythonNotebookAnywhere renders a Python notebook in a folder outside
// the repository with the default -execute auto: ipykernel runs it, as
// Jupyter finds it, and a second render takes it from the cache.
func TestPythonNotebookAnywhere(t *testing.T) {
	needPython(t)
	dir := t.TempDir()
	writeNotebook(t, dir, "squares.ipynb", "python3", "python",
		"N = 5",
		"squares = [n * n for n in range(N)]\nprint('squares:', squares)",
		"import os\nprint(os.path.expanduser('~'), len(os.getcwd()) > 0)",
		"sum(squares)")
	out := filepath.Join(t.TempDir(), "site")
	first := render(t, 0, "-o", out, dir)
	if !strings.Contains(first, "1 page written") || !strings.Contains(first, "1 notebook run, 0 from the cache") {
		t.Errorf("first render:\n%s", first)
	}
	post, err := os.ReadFile(filepath.Join(out, "squares.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"squares: [0, 1, 4, 9, 16]", "30", "~ True"} {
		if !strings.Contains(string(post), want) {
			t.Errorf("the post lacks %q:\n%s", want, post)
		}
	}
	checkNoPrivatePaths(t, out)
	again := render(t, 0, "-o", out, dir)
	if !strings.Contains(again, "0 notebooks run, 1 from the cache") || strings.Contains(again, "starting the kernel") {
		t.Errorf("second render:\n%s", again)
	}
}

// TestPythonCellOptions runs a Python notebook whose cells ask, in
// Quarto's options, not to be run (eval: false), to go on past their
// error (error: true) and to hide their warnings (warning: false), and
// checks the post: the first cell's code without its output, the
// traceback, no warning and no temporary path.
func TestPythonCellOptions(t *testing.T) {
	needPython(t)
	dir := t.TempDir()
	writeNotebook(t, dir, "opts.ipynb", "python3", "python",
		"#| eval: false\nprint('never', 'ran')",
		"#| error: true\n1/0",
		"#| warning: false\nimport warnings\nwarnings.warn('care' + 'ful')\nprint('after', 'the warning')",
		"print('still', 'running')")
	out := filepath.Join(t.TempDir(), "site")
	render(t, 0, "-o", out, dir)
	post, err := os.ReadFile(filepath.Join(out, "opts.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"print('never', 'ran')", "ZeroDivisionError", "after the warning", "still running"} {
		if !strings.Contains(string(post), want) {
			t.Errorf("the post lacks %q:\n%s", want, post)
		}
	}
	for _, unwanted := range []string{"never ran", "careful", "UserWarning", "/tmp/", "```python\n#|"} {
		if strings.Contains(string(post), unwanted) {
			t.Errorf("the post shows %q:\n%s", unwanted, post)
		}
	}
}

// TestGoNotebookAnywhere renders a Go notebook in a folder that no Go
// module holds: render provisions GoNB at its own versions.
func TestGoNotebookAnywhere(t *testing.T) {
	if testing.Short() {
		t.Skip("runs GoNB; skipped in -short mode")
	}
	dir := t.TempDir()
	writeNotebook(t, dir, "anywhere.ipynb", "gonb", "go",
		"import \"fmt\"\n\nfunc cube(n int) int { return n * n * n }",
		"%%\nfmt.Println(\"cube:\", cube(7))",
		"!go env GOMODCACHE GOROOT")
	out := filepath.Join(t.TempDir(), "site")
	stderr := render(t, 0, "-o", out, dir)
	if !strings.Contains(stderr, "1 page written") {
		t.Errorf("render:\n%s", stderr)
	}
	post, err := os.ReadFile(filepath.Join(out, "anywhere.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(post), "cube: 343") {
		t.Errorf("the post lacks the cell's output:\n%s", post)
	}
	checkNoPrivatePaths(t, out, dir)
}

// TestInstallKernel installs render's GoNB for Jupyter into an empty data
// folder, finds it as Jupyter would, runs a cell in it (goimports on the
// kernel's PATH adds the missing import), and where Jupyter is installed
// (always in CI) runs a notebook in it with nbconvert.
func TestInstallKernel(t *testing.T) {
	if testing.Short() {
		t.Skip("builds GoNB; skipped in -short mode")
	}
	data := t.TempDir()
	t.Setenv("JUPYTER_DATA_DIR", data)
	t.Setenv("JUPYTER_PATH", "")
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"-install-kernel"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr.String())
	}
	kdir := filepath.Join(data, "kernels", "gonb")
	if !strings.Contains(stdout.String(), "installed the Jupyter kernel gonb (GoNB v") || !strings.Contains(stdout.String(), kdir) {
		t.Errorf("stdout: %s", stdout.String())
	}
	spec, err := kernelspec.Find("gonb")
	if err != nil || spec.ResourceDir != kdir {
		t.Fatalf("Find(gonb) = %+v, %v", spec, err)
	}
	ctx := context.Background()
	k, err := spec.Start(ctx, t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	reply, err := k.Execute(ctx, "%%\nfmt.Println(\"no import needed\")", func(m *kernel.Message) { collectStdout(m, &text) })
	k.Close()
	if err != nil || reply.Status != "ok" || text.String() != "no import needed\n" {
		t.Errorf("cell in the installed kernel: %v, %+v, %q", err, reply, text.String())
	}

	jupyter, err := exec.LookPath("jupyter")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("CI installs Jupyter, but jupyter is not on PATH")
		}
		t.Skip("jupyter is not installed")
	}
	dir := t.TempDir()
	path := writeNotebook(t, dir, "jupyter.ipynb", "gonb", "go", "%%\nfmt.Println(6 * 7)")
	cmd := exec.Command(jupyter, "nbconvert", "--to", "notebook", "--execute", "--output", "done.ipynb", path)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nbconvert: %v\n%s", err, out)
	}
	done, err := os.ReadFile(filepath.Join(dir, "done.ipynb"))
	if err != nil || !strings.Contains(string(done), `"42\n"`) {
		t.Errorf("nbconvert with the installed kernel: %v\n%s", err, done)
	}
}

// collectStdout adds a stdout stream message's text to b.
func collectStdout(m *kernel.Message, b *strings.Builder) {
	var s kernel.Stream
	if m.Type() == kernel.StreamType && m.DecodeContent(&s) == nil && s.Name == "stdout" {
		b.WriteString(s.Text)
	}
}
