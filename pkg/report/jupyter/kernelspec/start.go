package kernelspec

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/grundylab/grundy/pkg/report/jupyter/kernel"
)

// placeholder matches a "{name}" in a kernel's command line, as
// jupyter_client's format_kernel_cmd finds them.
var placeholder = regexp.MustCompile(`\{([A-Za-z0-9_]+)\}`)

// Command returns the command line with "{resource_dir}" replaced by
// ResourceDir. "{connection_file}" stays for package kernel to replace, and
// so does any other name, as Jupyter leaves the names it does not know.
func (s *Spec) Command() []string {
	argv := make([]string, len(s.Argv))
	for i, a := range s.Argv {
		argv[i] = placeholder.ReplaceAllStringFunc(a, func(m string) string {
			if m == "{resource_dir}" {
				return s.ResourceDir
			}
			return m
		})
	}
	return argv
}

// templateVar matches what Python's string.Template replaces: "$$", and
// "$NAME" or "${NAME}" where NAME is an identifier of ASCII letters,
// digits and underscores.
var templateVar = regexp.MustCompile(`\$(?:(\$)|([_A-Za-z][_A-Za-z0-9]*)|\{([_A-Za-z][_A-Za-z0-9]*)\})`)

// Expand replaces "$NAME" and "${NAME}" in s by the value lookup gives, and
// "$$" by "$", as Python's string.Template.safe_substitute does for
// Jupyter: a name lookup does not know, and any other "$", stay as they are.
func Expand(s string, lookup func(string) (string, bool)) string {
	if !strings.Contains(s, "$") {
		return s
	}
	return templateVar.ReplaceAllStringFunc(s, func(m string) string {
		g := templateVar.FindStringSubmatch(m)
		if g[1] != "" {
			return "$"
		}
		if v, ok := lookup(g[2] + g[3]); ok {
			return v
		}
		return m
	})
}

// Environ returns the kernel's environment: the current one, with the
// spec's variables set after Expand replaced references to the current
// ones, as Jupyter's kernel provisioner does (which also drops
// PYTHONEXECUTABLE for a Python kernel).
func (s *Spec) Environ() []string {
	current := os.Environ()
	values := make(map[string]string, len(current))
	for _, kv := range current {
		if k, v, ok := strings.Cut(kv, "="); ok {
			values[k] = v
		}
	}
	lookup := func(name string) (string, bool) {
		v, ok := values[name]
		return v, ok
	}
	set := make(map[string]string, len(s.Env))
	for k, v := range s.Env {
		set[k] = Expand(v, lookup)
	}
	python := strings.HasPrefix(strings.ToLower(s.Language), "python")
	env := make([]string, 0, len(current)+len(set))
	for _, kv := range current {
		k, _, _ := strings.Cut(kv, "=")
		if _, ok := set[k]; ok || python && k == "PYTHONEXECUTABLE" {
			continue
		}
		env = append(env, kv)
	}
	for k, v := range set {
		env = append(env, k+"="+v)
	}
	return env
}

// KernelSpec returns what package kernel needs to start the kernel with
// dir as its working directory, in a private temporary folder.
func (s *Spec) KernelSpec(dir string) kernel.Spec {
	return kernel.Spec{
		Argv:          s.Command(),
		Dir:           dir,
		Env:           s.Environ(),
		InterruptMode: s.InterruptMode,
		PrivateTemp:   true,
	}
}

// Start starts the kernel with dir as its working directory, as Jupyter
// starts a notebook's kernel in the notebook's folder.
func (s *Spec) Start(ctx context.Context, dir string, opts *kernel.Options) (*kernel.Kernel, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("kernelspec: %w", err)
	}
	k, err := kernel.Start(ctx, s.KernelSpec(abs), opts)
	if err != nil {
		return nil, fmt.Errorf("kernelspec: start the %q kernel (%s) in %s: %w", s.Name, filepath.Join(s.ResourceDir, FileName), abs, err)
	}
	return k, nil
}

// ID names the kernel for the execution cache: its name, and a digest of
// its kernel.json, its folder and the program it runs (the file the
// command's first word resolves to, with its size and modification time),
// so that a new kernel.json or a new interpreter reruns the notebooks.
// Libraries the kernel loads count only through -execute always.
func (s *Spec) ID() string {
	h := sha256.New()
	fmt.Fprintf(h, "%d %s\n%s\n", len(s.data), s.data, s.ResourceDir)
	argv := s.Command()
	if prog, err := exec.LookPath(argv[0]); err == nil {
		if real, err := filepath.EvalSymlinks(prog); err == nil {
			prog = real
		}
		if fi, err := os.Stat(prog); err == nil {
			fmt.Fprintf(h, "%s %d %d\n", prog, fi.Size(), fi.ModTime().UnixNano())
		}
	}
	return "kernelspec-" + s.Name + "-" + hex.EncodeToString(h.Sum(nil))[:16]
}

// IsFailureReport reports false: a Jupyter kernel reports a failing cell
// by its execute_reply, which package execute reads.
func (s *Spec) IsFailureReport(string) bool { return false }
