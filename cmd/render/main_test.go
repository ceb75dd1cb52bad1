package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

func notebooks(t *testing.T, names ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range names {
		data, err := os.ReadFile(filepath.Join("..", "..", "pkg", "report", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestRun(t *testing.T) {
	src := notebooks(t, "math.ipynb", "code.ipynb")
	bad := filepath.Join(src, "broken.ipynb")
	if err := os.WriteFile(bad, []byte(`{"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [{"cell_type": "markdown", "metadata": {}}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "site")
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"render stored outputs", []string{"-o", out, "-execute", "never", filepath.Join(src, "math.ipynb"), filepath.Join(src, "code.ipynb")}, 0, ""},
		{"bad notebook", []string{"-o", out, "-execute", "never", src}, 1, "render: notebook " + bad + ": cell 1: markdown cell has no \"source\" field"},
		{"parameter without a parameters cell", []string{"-o", out, "-p", "N=5", filepath.Join(src, "math.ipynb")}, 1, `no code cell is tagged "parameters"`},
		{"parameter without execution", []string{"-o", out, "-execute", "never", "-p", "N=5", src}, 1, "-p needs the notebooks to run"},
		{"bad mode", []string{"-execute", "sometimes"}, 2, `mode "sometimes": want auto, always or never`},
		{"bad parameter", []string{"-p", "1N=5"}, 2, `"1N" is not a Go identifier`},
		{"parameter on two lines", []string{"-p", "N=1\n!touch x"}, 2, "the value must be one line"},
		{"parameter keyword", []string{"-p", "func=1"}, 2, `"func" is not a Go identifier`},
		{"negative timeout", []string{"-timeout", "-1s"}, 2, "-timeout -1s: want a positive duration"},
		{"bad timeout", []string{"-timeout", "soon"}, 2, `invalid value "soon" for flag -timeout: "soon": want seconds (10) or a Go duration (90s, 2m)`},
		{"zero output limit", []string{"-max-output", "0"}, 2, "-max-output 0: want a positive number"},
		{"unknown flag", []string{"-x"}, 2, "usage: render"},
		{"missing path", []string{"-o", out, "-execute", "never", filepath.Join(src, "nope")}, 1, "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(context.Background(), tt.args, &stdout, &stderr)
			if code != tt.code {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, tt.code, stderr.String())
			}
			// math.ipynb has a broken formula on purpose; its warning,
			// the missing font's and the summary are the only lines
			// expected.
			for _, line := range strings.Split(strings.TrimSpace(stderr.String()), "\n") {
				if tt.stderr == "" && line != "" && !strings.Contains(line, "warning: math font") &&
					!strings.Contains(line, "math.ipynb: cell 3: cannot convert TeX") && !strings.HasPrefix(line, "render: 2 pages written in ") {
					t.Errorf("unexpected stderr: %s", line)
				}
			}
			if !strings.Contains(stderr.String(), tt.stderr) {
				t.Errorf("stderr %q lacks %q", stderr.String(), tt.stderr)
			}
			if strings.Contains(stderr.String(), "\r") {
				t.Error("progress written to a stderr that is not a terminal")
			}
		})
	}
	for _, f := range []string{"math.md", "math.html", "code.md", "code.html", "index.html"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("missing %s", f)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "broken.md")); err == nil {
		t.Error("broken.md written")
	}
}

// TestRunHostileNames checks that a notebook's name and error text reach
// the terminal without their escape sequences (OSC 52 sets the clipboard,
// OSC 0 the window title).
func TestRunHostileNames(t *testing.T) {
	src := t.TempDir()
	name := filepath.Join(src, "evil\x1b]52;c;cm0gLXJmIH4K\x07\x1b]0;title\x07\x9b2J.ipynb")
	if err := os.WriteFile(name, []byte(`{"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [{"cell_type": "\x1b]0;t\x07"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	if code := run(context.Background(), []string{"-o", filepath.Join(t.TempDir(), "site"), "-execute", "never", src}, io.Discard, &stderr); code != 1 {
		t.Errorf("exit %d, want 1; stderr:\n%s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "evil") {
		t.Errorf("stderr does not name the notebook:\n%q", stderr.String())
	}
	if strings.ContainsAny(stderr.String(), "\x1b\x07") || strings.Contains(stderr.String(), "\u009b") || !utf8.Valid(stderr.Bytes()) {
		t.Errorf("stderr has control characters: %q", stderr.String())
	}
}
