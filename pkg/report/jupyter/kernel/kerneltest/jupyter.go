package kerneltest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// RunTests is the TestMain of a package whose tests start the fake kernel
// as a process: the test binary serves as the kernel when asked (see
// ServeIfAsked), and otherwise runs the tests and exits with their status.
func RunTests(m *testing.M) {
	ServeIfAsked()
	os.Exit(m.Run())
}

// specFileName is the name Jupyter gives a kernel spec's file. It is
// kernelspec.FileName, which this package cannot import: the tests of
// package kernelspec import this one.
const specFileName = "kernel.json"

// Isolate points every variable that decides where Jupyter looks for
// kernel specs at fresh folders, or clears it, for the rest of the test,
// so that no kernel of the machine's user or environment takes part. It
// returns the user's data folder (JUPYTER_DATA_DIR), not yet made.
func Isolate(t testing.TB) string {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	data := filepath.Join(home, "data")
	t.Setenv("JUPYTER_DATA_DIR", data)
	for _, v := range []string{"JUPYTER_PATH", "XDG_DATA_HOME", "VIRTUAL_ENV", "CONDA_PREFIX", "PYTHONUSERBASE", "IPYTHONDIR"} {
		t.Setenv(v, "")
	}
	// Set first, so that the test's end restores it.
	t.Setenv("JUPYTER_PREFER_ENV_PATH", "")
	os.Unsetenv("JUPYTER_PREFER_ENV_PATH")
	return data
}

// WriteSpec writes content as the kernel spec name in the kernels folder
// dir, making the folders, and returns the spec's folder.
func WriteSpec(t testing.TB, dir, name, content string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.MkdirAll(path, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(path, specFileName), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Spec returns a kernel spec, as kernel.json holds it, that runs the test
// binary as the fake kernel of the language "fake" (see RunTests).
func Spec(t testing.TB) string {
	t.Helper()
	data, err := json.Marshal(map[string]any{
		"argv":           []string{os.Args[0], "{connection_file}"},
		"display_name":   "Fake",
		"language":       "fake",
		"interrupt_mode": "signal",
		"env":            map[string]string{ServeEnv: "1"},
	})
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// Install isolates the test from the machine's kernels (see Isolate) and
// installs Spec as the kernel "fake", in a fresh folder that it puts on
// JUPYTER_PATH and returns.
func Install(t testing.TB) string {
	t.Helper()
	Isolate(t)
	dir := t.TempDir()
	t.Setenv("JUPYTER_PATH", dir)
	WriteSpec(t, filepath.Join(dir, "kernels"), "fake", Spec(t))
	return dir
}
