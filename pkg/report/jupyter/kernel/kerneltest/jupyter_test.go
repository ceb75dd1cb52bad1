package kerneltest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestInstall checks that Install leaves one kernel spec, "fake", on
// JUPYTER_PATH, that runs the test binary with ServeEnv set, and that
// Isolate's changes end with the test that made them.
func TestInstall(t *testing.T) {
	t.Setenv("JUPYTER_PREFER_ENV_PATH", "1")
	t.Setenv("VIRTUAL_ENV", "/venv")
	var dir string
	t.Run("install", func(t *testing.T) {
		dir = Install(t)
		if os.Getenv("JUPYTER_PATH") != dir || os.Getenv("VIRTUAL_ENV") != "" {
			t.Errorf("JUPYTER_PATH %q, VIRTUAL_ENV %q", os.Getenv("JUPYTER_PATH"), os.Getenv("VIRTUAL_ENV"))
		}
		if _, ok := os.LookupEnv("JUPYTER_PREFER_ENV_PATH"); ok {
			t.Error("JUPYTER_PREFER_ENV_PATH is still set")
		}
		data, err := os.ReadFile(filepath.Join(dir, "kernels", "fake", specFileName))
		if err != nil {
			t.Fatal(err)
		}
		var spec struct {
			Argv     []string
			Language string
			Env      map[string]string
		}
		if err := json.Unmarshal(data, &spec); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(spec.Argv, []string{os.Args[0], "{connection_file}"}) || spec.Language != "fake" || spec.Env[ServeEnv] != "1" {
			t.Errorf("kernel spec %s", data)
		}
		if entries, err := os.ReadDir(filepath.Join(dir, "kernels")); err != nil || len(entries) != 1 {
			t.Errorf("kernels folder holds %v, %v; want fake alone", entries, err)
		}
	})
	if os.Getenv("JUPYTER_PREFER_ENV_PATH") != "1" || os.Getenv("VIRTUAL_ENV") != "/venv" || os.Getenv("JUPYTER_PATH") == dir {
		t.Error("Isolate's changes outlived the test that made them")
	}
}
