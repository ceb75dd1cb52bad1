package execute

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/report/jupyter/kernel/kerneltest"
	"github.com/grundylab/grundy/pkg/report/jupyter/kernelspec"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

func TestMain(m *testing.M) { kerneltest.RunTests(m) }

// withMetadata returns a notebook of the cells with the metadata, given as
// JSON.
func withMetadata(t *testing.T, metadata string, cells ...*notebook.Cell) *notebook.Notebook {
	t.Helper()
	nb := notebook.New()
	if err := json.Unmarshal([]byte(metadata), &nb.Metadata); err != nil {
		t.Fatal(err)
	}
	nb.Cells = cells
	return nb
}

func TestChooseKernel(t *testing.T) {
	tests := []struct {
		metadata, override string
		name, language     string
		err                string
		code               string // code is the only cell's; "x = 1" when empty
	}{
		{`{"kernelspec": {"name": "gonb", "language": "go", "display_name": "Go (gonb)"}}`, "", "gonb", "go", "", ""},
		{`{"kernelspec": {"name": "GoNB"}}`, "", "gonb", "go", "", ""},
		{`{"language_info": {"name": "go"}}`, "", "gonb", "go", "", ""},
		{`{"kernelspec": {"name": "python3", "language": "python"}}`, "", "python3", "python", "", ""},
		{`{"kernelspec": {"name": "python2", "language": "python"}}`, "", "python2", "python", "", ""},
		{`{"kernelspec": {"name": "python3"}}`, "", "python3", "python", "", ""},
		{`{"kernelspec": {"name": "ir", "language": "R"}}`, "", "ir", "r", "", ""},
		{`{"kernelspec": {"name": "julia-1.10"}, "language_info": {"name": "julia"}}`, "", "julia-1.10", "julia", "", ""},
		{`{"language_info": {"name": "python"}}`, "", "python3", "python", "", ""},
		{`{}`, "", "python3", "python", "", ""},
		{`{"kernelspec": "gonb"}`, "", "python3", "python", "", ""},
		{`{"language_info": {"name": "R"}}`, "", "", "", `no kernel (kernelspec.name) for its language "r"`, ""},
		{`{}`, "", "gonb", "go", "", "%%\nfmt.Println(1)"},
		{`{}`, "", "gonb", "go", "", "n := 3"},
		{`{"kernelspec": {"name": "python3"}}`, "", "python3", "python", "", "n := 3"},
		{`{"kernelspec": {"name": "python2", "language": "python"}}`, "python3", "python3", "python", "", ""},
		{`{"kernelspec": {"name": "python3", "language": "python"}}`, "gonb", "gonb", "go", "", ""},
	}
	for _, tt := range tests {
		got, err := chooseKernel(withMetadata(t, tt.metadata, code(cmp.Or(tt.code, "x = 1"))), tt.override)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: error %v, want %q", tt.metadata, err, tt.err)
			}
			continue
		}
		if err != nil || got.name != tt.name || got.language != tt.language {
			t.Errorf("%s (override %q) = %+v, %v; want %s, %s", tt.metadata, tt.override, got, err, tt.name, tt.language)
		}
	}
}

// TestKernelSpecFromJupyterPath runs a notebook whose metadata names a
// kernel that only a folder on JUPYTER_PATH has, through the default
// lookup, then from the cache; and fails clearly for a kernel that is
// nowhere.
func TestKernelSpecFromJupyterPath(t *testing.T) {
	kerneltest.Install(t)
	var events []Event
	x := &Executor{CacheDir: t.TempDir(), Progress: func(p Progress) { events = append(events, p.Event) }}
	nb := withMetadata(t, `{"kernelspec": {"name": "fake", "language": "fake", "display_name": "Fake"}}`,
		markdown("# Fake"), code("print hello\nresult 42"), code("import fmt"))
	path := filepath.Join(t.TempDir(), "fake.ipynb")
	ctx := context.Background()
	got, err := x.Execute(ctx, path, nb)
	if err != nil {
		t.Fatal(err)
	}
	outs := got.Cells[1].Outputs
	if len(outs) != 2 || outs[0].Text != "hello\n" || text(t, outs[1].Data, "text/plain") != "42" {
		t.Fatalf("outputs %s", marshal(t, got))
	}
	again, err := (&Executor{CacheDir: x.CacheDir, Progress: x.Progress}).Execute(ctx, path, nb)
	if err != nil || marshal(t, again) != marshal(t, got) || events[len(events)-1] != Cached {
		t.Errorf("second run: %v, events %v", err, events)
	}
	if _, err := x.Execute(ctx, path, withMetadata(t, `{"kernelspec": {"name": "fake", "language": "fake"}}`, code("print x"))); err != nil {
		t.Errorf("the kernel made once is used again: %v", err)
	}

	missing := withMetadata(t, `{"kernelspec": {"name": "nowhere", "language": "fake"}}`, code("print x"))
	_, err = x.Execute(ctx, path, missing)
	if !errors.Is(err, kernelspec.ErrNotFound) || !strings.Contains(err.Error(), `"nowhere"`) ||
		!strings.Contains(err.Error(), "Installed for fake: fake") || !strings.Contains(err.Error(), "jupyter kernelspec list") {
		t.Errorf("missing kernel: %v", err)
	}
	hostile := withMetadata(t, `{"kernelspec": {"name": "../kernels/fake"}}`, code("print x"))
	if _, err := x.Execute(ctx, path, hostile); !errors.Is(err, kernelspec.ErrInvalid) {
		t.Errorf("kernel name with a path: %v", err)
	}
	// -kernel runs any notebook in the kernel it names.
	x.KernelName = "fake"
	if got, err := x.Execute(ctx, path, withMetadata(t, `{"kernelspec": {"name": "python3"}}`, code("print overridden"))); err != nil || got.Cells[0].Outputs[0].Text != "overridden\n" {
		t.Errorf("-kernel fake: %v", err)
	}
}

// pythonExecutor returns an executor for Python notebooks through the
// python3 kernel spec as Jupyter finds it; the test is skipped where there
// is none, except in CI, which installs python3-ipykernel.
func pythonExecutor(t *testing.T) *Executor {
	t.Helper()
	if _, err := kernelspec.Find("python3"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI installs python3-ipykernel, but: %v", err)
		}
		t.Skipf("no python3 kernel: %v", err)
	}
	return &Executor{CacheDir: t.TempDir(), CellTimeout: time.Minute}
}

// TestPythonNotebook runs a Python notebook outside the repository in
// ipykernel, as Jupyter finds it: outputs of every kind, papermill-style
// parameters, an error that stops the run, a timeout, and no home folder
// in the outputs.
func TestPythonNotebook(t *testing.T) {
	x := pythonExecutor(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "analysis.ipynb")
	if err := os.WriteFile(filepath.Join(dir, "data.txt"), []byte("3 4 5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	home, _ := os.UserHomeDir()
	meta := `{"kernelspec": {"name": "python3", "language": "python", "display_name": "Python 3"}}`
	cells := []*notebook.Cell{
		markdown("# Analysis"),
		code("N = 10\nlabel = 'small'", ParametersTag),
		code("import os\nnums = [int(w) for w in open('data.txt').read().split()]\nprint(label, N * sum(nums))"),
		code("from IPython.display import display, Markdown\ndisplay(Markdown('**bold**'))\nN + 1"),
		code("import sys\nprint('warn', file=sys.stderr)\nprint(os.path.expanduser('~'))"),
	}
	ctx := context.Background()
	got, err := x.Execute(ctx, path, withMetadata(t, meta, cells...))
	if err != nil {
		t.Fatal(err)
	}
	if s := stdoutOf(got.Cells[2]); s != "small 120\n" {
		t.Errorf("cell 3 printed %q", s)
	}
	outs := got.Cells[3].Outputs
	if len(outs) != 2 || text(t, outs[0].Data, "text/markdown") != "**bold**" || text(t, outs[1].Data, "text/plain") != "11" || outs[1].Type != notebook.ExecuteResult {
		t.Errorf("cell 4 outputs %s", marshal(t, got))
	}
	var stderr string
	for _, o := range got.Cells[4].Outputs {
		if o.Name == "stderr" {
			stderr += o.Text
		}
	}
	if stderr != "warn\n" {
		t.Errorf("cell 5 wrote %q to stderr", stderr)
	}
	if home != "" && strings.Contains(marshal(t, got), home+"\n") {
		t.Errorf("the home folder %s is in the outputs", home)
	}
	if home != "" && stdoutOf(got.Cells[4]) != "~\n" {
		t.Errorf("the home folder printed as %q, want ~", stdoutOf(got.Cells[4]))
	}

	// Text with quotes, a backslash and a non-ASCII letter reaches Python
	// as it was typed.
	x.Params = []Param{{Name: "N", Value: "100"}, {Name: "label", Value: `big "one" \ it's é`}}
	got, err = x.Execute(ctx, path, withMetadata(t, meta, cells...))
	if err != nil {
		t.Fatal(err)
	}
	if s := stdoutOf(got.Cells[3]); s != `big "one" \ it's é 1200`+"\n" || !got.Cells[2].HasTag(InjectedTag) {
		t.Errorf("with parameters cell 3 printed %q:\n%s", s, marshal(t, got))
	}

	x.Params = nil
	failing := append(cells[:3:3], code("1/0"), code("print('never')"))
	_, err = x.Execute(ctx, path, withMetadata(t, meta, failing...))
	var ce *CellError
	if !errors.As(err, &ce) || ce.Cell != 4 || !errors.Is(err, ErrCellFailed) || !strings.Contains(ce.Detail, "ZeroDivisionError") {
		t.Errorf("failing cell: %v", err)
	}

	x.CellTimeout = 2 * time.Second
	slow := withMetadata(t, meta, code("import time\ntime.sleep(60)"), code("print('after')"))
	start := time.Now()
	_, err = x.Execute(ctx, path, slow)
	if !errors.Is(err, ErrTimeout) || time.Since(start) > 30*time.Second {
		t.Errorf("timeout: %v after %v", err, time.Since(start))
	}
}

// stdoutOf returns the text a cell wrote to stdout.
func stdoutOf(c *notebook.Cell) string {
	var b strings.Builder
	for _, o := range c.Outputs {
		if o.Type == notebook.Stream && o.Name == "stdout" {
			b.WriteString(o.Text)
		}
	}
	return b.String()
}

// TestJupyterAgrees runs the same Python notebook through stock Jupyter
// (nbconvert) where it is installed, and compares the outputs with
// render's: the same kernel chosen the same way gives the same text.
func TestJupyterAgrees(t *testing.T) {
	x := pythonExecutor(t)
	jupyter, err := exec.LookPath("jupyter")
	if err != nil {
		t.Skip("jupyter is not installed")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "same.ipynb")
	nb := withMetadata(t, `{"kernelspec": {"name": "python3", "language": "python", "display_name": "Python 3"}}`,
		code("print(sum(range(10)))"), code("{'a': 1}"), code("import sys\nsys.version_info[0]"))
	if err := notebook.WriteFile(path, nb); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(jupyter, "nbconvert", "--to", "notebook", "--execute", "--output", "jupyter.ipynb", path)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nbconvert: %v\n%s", err, out)
	}
	want, err := notebook.ReadFile(filepath.Join(dir, "jupyter.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := x.Execute(context.Background(), path, nb)
	if err != nil {
		t.Fatal(err)
	}
	for i := range nb.Cells {
		g, _ := json.Marshal(got.Cells[i].Outputs)
		w, _ := json.Marshal(want.Cells[i].Outputs)
		if string(g) != string(w) {
			t.Errorf("cell %d: render\n%s\nJupyter\n%s", i+1, g, w)
		}
	}
}
