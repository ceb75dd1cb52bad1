package show_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/grundylab/grundy/internal/browsertest"
	"github.com/grundylab/grundy/pkg/report/jupyter/gonb"
	"github.com/grundylab/grundy/pkg/report/jupyter/kernelspec"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// frontEndCells are the notebook the front-end test opens: Kayles from a
// row of three pins, and a slider redrawing Kayles' values.
var frontEndCells = []string{
	`!*go mod edit -replace github.com/grundylab/grundy=%s && go mod edit -require github.com/grundylab/grundy@v0.0.0-00010101000000-000000000000`,
	`import (
	"fmt"
	"time"

	"github.com/grundylab/grundy/pkg/games/heap"
	"github.com/grundylab/grundy/pkg/games/play"
	"github.com/grundylab/grundy/pkg/report/show"
)

%%
g, err := play.NewHeapGame(heap.Kayles, play.Normal, 0)
if err != nil {
	panic(err)
}
start, err := play.NewHeaps(3)
if err != nil {
	panic(err)
}
if err := show.Play(g, start, show.PlayOptions{Name: "Kayles", Idle: 3 * time.Minute}); err != nil {
	panic(err)
}`,
	`%%
err := show.Slider("pins", 5, 40, 10, 3*time.Minute, func(n int) (show.Display, error) {
	s, err := heap.Octal(heap.Kayles, n)
	if err != nil {
		return show.Display{}, err
	}
	return show.Sequence(s, show.SequenceOptions{Caption: fmt.Sprintf("Kayles to %d", n)})
})
if err != nil {
	panic(err)
}`,
}

// jupyterNotebook returns Debian's jupyter-notebook, skipping the test
// without it, or failing it in CI, which installs it.
func jupyterNotebook(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("jupyter-notebook")
	if err == nil {
		return path
	}
	if os.Getenv("CI") != "" {
		t.Fatal("no jupyter-notebook on PATH; CI must install the Debian package jupyter-notebook")
	}
	t.Skip("no jupyter-notebook on PATH (apt-get install jupyter-notebook); the test runs in CI")
	return ""
}

// TestFrontEnd opens a notebook in Debian's jupyter-notebook, driven by
// headless Chromium: it runs a cell playing Kayles, clicks a move and sees
// the perfect player's reply, then moves a slider and sees the display
// redrawn for the new size.
func TestFrontEnd(t *testing.T) {
	b := browsertest.Start(t, 8*time.Minute)
	server := jupyterNotebook(t)
	ctx := context.Background()
	root, err := gonb.ModuleRoot(ctx, ".")
	if err != nil {
		t.Fatal(err)
	}
	t.Log("provisioning GoNB")
	tools, err := gonb.Provision(ctx, root, "", io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	data := filepath.Join(tmp, "data")
	if _, err := kernelspec.Install(data, tools.KernelSpec()); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(tmp, "nb")
	nb := notebook.New()
	nb.Metadata["kernelspec"] = []byte(`{"name": "gonb", "display_name": "Go (gonb)", "language": "go"}`)
	for i, src := range frontEndCells {
		if i == 0 {
			src = fmt.Sprintf(src, root)
		}
		nb.Cells = append(nb.Cells, &notebook.Cell{Type: notebook.Code, Source: src, Metadata: notebook.Metadata{}})
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := notebook.WriteFile(filepath.Join(dir, "play.ipynb"), nb); err != nil {
		t.Fatal(err)
	}

	port := freePort(t)
	token := "grundy-front-end-test"
	cmd := exec.Command(server, "--no-browser", "--allow-root", "--ip=127.0.0.1", fmt.Sprintf("--port=%d", port),
		"--NotebookApp.token="+token, "--notebook-dir="+dir)
	cmd.Env = append(os.Environ(), "JUPYTER_DATA_DIR="+data, "JUPYTER_PATH="+data,
		"JUPYTER_CONFIG_DIR="+filepath.Join(tmp, "config"), "JUPYTER_RUNTIME_DIR="+filepath.Join(tmp, "runtime"))
	// A file, not a pipe: the kernels the server starts inherit it, and
	// Wait would wait for them to close a pipe.
	logPath := filepath.Join(tmp, "jupyter.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	t.Cleanup(func() {
		// The server's own shutdown ends its kernels too, which a kill
		// would leave running.
		if resp, err := http.Post(base+"/api/shutdown?token="+token, "", nil); err == nil {
			resp.Body.Close()
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			<-done
		}
		logFile.Close()
		if t.Failed() {
			out, _ := os.ReadFile(logPath)
			t.Logf("jupyter-notebook:\n%s", out)
		}
	})
	waitHTTP(t, base+"/api/status?token="+token)
	t.Log("jupyter-notebook answers")

	// run evaluates js, which must end in a value, in the notebook's tab.
	run := func(what, js string) {
		t.Helper()
		if _, err := chromedp.Run(b.Context(), chromedp.Evaluate[bool](js)); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	if err := chromedp.Do(b.Context(), chromedp.Navigate(base+"/notebooks/play.ipynb?token="+token)); err != nil {
		t.Fatal(err)
	}
	poll := func(what, js string) {
		t.Helper()
		t.Logf("waiting for %s", what)
		if _, err := chromedp.Run(b.Context(), chromedp.Poll[bool](js, chromedp.WithPollingTimeout(4*time.Minute), chromedp.WithPollingInterval(500*time.Millisecond))); err != nil {
			page, _ := chromedp.Run(b.Context(), chromedp.Evaluate[string](`document.querySelector('#notebook-container').innerText`))
			t.Fatalf("%s: %v\nthe notebook shows:\n%s", what, err, page)
		}
	}
	poll("kernel ready", `!!(window.Jupyter && Jupyter.notebook && Jupyter.notebook.kernel && Jupyter.notebook.kernel.is_connected())`)
	run("run the play cell", `Jupyter.notebook.get_cell(0).execute(), Jupyter.notebook.get_cell(1).execute(), true`)

	cell := func(i int) string { return fmt.Sprintf(`Jupyter.notebook.get_cell(%d).element[0]`, i) }
	button := func(i int, label string) string {
		return fmt.Sprintf(`[...%s.querySelectorAll('button')].find(b => b.textContent.trim() === %q)`, cell(i), label)
	}
	// From a row of three pins the moves leave 2, 1 + 1 or 1 pins; after
	// 2 the perfect player takes both and wins.
	poll("the moves of a row of 3 as buttons", "!!"+button(1, "→ 2")+" && !!"+button(1, "→ 1 + 1"))
	run("click → 2", "("+button(1, "→ 2")+".click(), true)")
	poll("the perfect player's reply", cell(1)+`.textContent.includes("You moved from 3 to 2. The perfect player moved from 2 to 0.")`)
	poll("the end of the game", cell(1)+`.textContent.includes("No move is left: the perfect player wins.")`)

	run("run the slider cell", `(Jupyter.notebook.get_cell(2).execute(), true)`)
	slider := cell(2) + `.querySelector('input[type=range]')`
	poll("the slider and its first drawing", "!!"+slider+` && `+cell(2)+`.textContent.includes("Kayles to 10")`)
	run("move the slider to 23", `(() => { const s = `+slider+`; s.value = "23"; s.dispatchEvent(new Event("input")); s.dispatchEvent(new Event("change")); return true })()`)
	poll("the drawing for 23", cell(2)+`.textContent.includes("Kayles to 23")`)
	run("stop", "("+button(2, "Stop")+".click(), true)")
	poll("the slider cell ends", `typeof Jupyter.notebook.get_cell(2).input_prompt_number === "number"`)
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func waitHTTP(t *testing.T, url string) {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		if resp, err := http.Get(url); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(300 * time.Millisecond)
	}
	t.Fatalf("jupyter-notebook did not answer at %s", url)
}
