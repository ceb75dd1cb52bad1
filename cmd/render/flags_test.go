package main

import (
	"bytes"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/report/jupyter/execute"
)

func TestParseDuration(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
		err  string
	}{
		{"10", 10 * time.Second, ""},
		{"2.5", 2500 * time.Millisecond, ""},
		{".5", 500 * time.Millisecond, ""},
		{"600", 10 * time.Minute, ""},
		{" 7 ", 7 * time.Second, ""},
		{"-1", -time.Second, ""},
		{"0", 0, ""},
		{"90s", 90 * time.Second, ""},
		{"2m", 2 * time.Minute, ""},
		{"1h30m", 90 * time.Minute, ""},
		{"250ms", 250 * time.Millisecond, ""},
		{"1e3", 0, "want seconds"},
		{"ten", 0, "want seconds"},
		{"", 0, "want seconds"},
		{"10 s", 0, "want seconds"},
		{"99999999999999999999", 0, "too many seconds"},
	}
	for _, tt := range tests {
		got, err := parseDuration(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("parseDuration(%q) = %v, %v; want an error with %q", tt.in, got, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("parseDuration(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
}

func FuzzParseDuration(f *testing.F) {
	for _, s := range []string{"10", "2.5", "90s", "1h2m3s", "-0", "1.", "9223372036"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := parseDuration(s)
		if err != nil {
			return
		}
		// A number of seconds and the same as a Go duration agree.
		if plainSeconds.MatchString(strings.TrimSpace(s)) {
			if g, err := time.ParseDuration(strings.TrimSpace(s) + "s"); err == nil && (g-d > time.Microsecond || d-g > time.Microsecond) {
				t.Errorf("parseDuration(%q) = %v, but %ss is %v", s, d, s, g)
			}
		}
	})
}

func TestParse(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string // stdout holds this
		stderr string // stderr holds this
		check  func(*options) bool
	}{
		{"defaults", nil, -1, "", "", func(o *options) bool {
			return o.x.CellTimeout == execute.DefaultCellTimeout && o.jobs == runtime.NumCPU() && o.dir == "site" && len(o.paths) == 1 && o.paths[0] == "notebooks" && !o.maxOutputSet
		}},
		{"-h", []string{"-h"}, 0, "usage: render", "", nil},
		{"-help", []string{"-help"}, 0, "-timeout seconds", "", nil},
		{"--help with others", []string{"-o", "x", "--help", "a.ipynb"}, 0, "-install-kernel", "", nil},
		{"timeout in seconds", []string{"-timeout", "10"}, -1, "", "", func(o *options) bool { return o.x.CellTimeout == 10*time.Second }},
		{"timeout in fractional seconds", []string{"-timeout=1.5"}, -1, "", "", func(o *options) bool { return o.x.CellTimeout == 1500*time.Millisecond }},
		{"timeout as a Go duration", []string{"-timeout", "90s"}, -1, "", "", func(o *options) bool { return o.x.CellTimeout == 90*time.Second }},
		{"timeout in minutes", []string{"-timeout", "2m"}, -1, "", "", func(o *options) bool { return o.x.CellTimeout == 2*time.Minute }},
		{"zero timeout", []string{"-timeout", "0"}, 2, "", "-timeout 0s: want a positive duration", nil},
		{"negative seconds", []string{"-timeout", "-1"}, 2, "", "-timeout -1s: want a positive duration", nil},
		{"bad timeout", []string{"-timeout", "10 minutes"}, 2, "", "want seconds (10) or a Go duration", nil},
		{"unknown flag", []string{"-x"}, 2, "", "render: flag provided but not defined: -x\nusage: render", nil},
		{"kernel", []string{"-kernel", "python3", "a.ipynb"}, -1, "", "", func(o *options) bool { return o.x.KernelName == "python3" && o.paths[0] == "a.ipynb" }},
		{"kernel with a path", []string{"-kernel", "../x"}, 2, "", `-kernel "../x"`, nil},
		{"install kernel", []string{"-install-kernel"}, -1, "", "", func(o *options) bool { return o.installKernel }},
		{"install kernel and paths", []string{"-install-kernel", "a.ipynb"}, 2, "", "renders nothing", nil},
		{"jobs", []string{"-j", "3"}, -1, "", "", func(o *options) bool { return o.jobs == 3 }},
		{"no jobs", []string{"-j", "0"}, 2, "", "-j 0: want at least one notebook at a time", nil},
		{"max output", []string{"-max-output", "100"}, -1, "", "", func(o *options) bool { return o.maxOutputSet && o.x.MaxOutput == 100 }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			o, code := parse(tt.args, &stdout, &stderr)
			if code != tt.code || (code == -1) != (o != nil) {
				t.Fatalf("parse(%q) = %v, %d; want status %d\nstderr: %s", tt.args, o, code, tt.code, stderr.String())
			}
			if !strings.Contains(stdout.String(), tt.stdout) || tt.stdout == "" && stdout.Len() > 0 {
				t.Errorf("stdout %q, want %q", stdout.String(), tt.stdout)
			}
			if !strings.Contains(stderr.String(), tt.stderr) || tt.stderr == "" && stderr.Len() > 0 {
				t.Errorf("stderr %q, want %q", stderr.String(), tt.stderr)
			}
			if tt.check != nil && !tt.check(o) {
				t.Errorf("parse(%q) = %+v", tt.args, o)
			}
		})
	}
}
