//go:build linux

package main

import (
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// loopNotebook is a notebook whose only cell never ends.
const loopNotebook = `{"nbformat": 4, "nbformat_minor": 5, "metadata": {"title": "Loop"},
 "cells": [{"cell_type": "code", "id": "loop", "metadata": {}, "execution_count": null, "outputs": [],
  "source": "%%\nfor n := 0; ; n++ {\n}\n"}]}`

// proc identifies a process: a pid and its start time, so that a reused
// pid is not mistaken for the process seen before.
type proc struct {
	pid   int
	start string
	comm  string
}

// stat returns a process's parent, state, start time and command name
// from /proc/PID/stat; ok is false when there is no such process.
func stat(pid int) (ppid int, state, start, comm string, ok bool) {
	data, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return 0, "", "", "", false
	}
	s := string(data)
	open, end := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
	if open < 0 || end < open {
		return 0, "", "", "", false
	}
	comm = s[open+1 : end]
	f := strings.Fields(s[end+1:])
	if len(f) < 20 {
		return 0, "", "", "", false
	}
	ppid, _ = strconv.Atoi(f[1])
	return ppid, f[0], f[19], comm, true
}

// descendants returns the processes below pid.
func descendants(pid int) []proc {
	entries, _ := os.ReadDir("/proc")
	children := map[int][]proc{}
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if ppid, _, start, comm, ok := stat(p); ok {
			children[ppid] = append(children[ppid], proc{p, start, comm})
		}
	}
	var out []proc
	queue := []int{pid}
	for len(queue) > 0 {
		for _, c := range children[queue[0]] {
			out = append(out, c)
			queue = append(queue, c.pid)
		}
		queue = queue[1:]
	}
	return out
}

// alive reports whether p still runs: it exists, is the same process and
// is not a zombie (a zombie is dead, waiting for a parent to reap it).
func alive(p proc) bool {
	_, state, start, _, ok := stat(p.pid)
	return ok && start == p.start && state != "Z"
}

// TestSignalEndsKernel runs the real render on a notebook whose cell loops
// forever, in GoNB, and sends it SIGTERM, SIGHUP or SIGINT while the cell's
// program runs: render must exit with status 1 having ended every process
// it started (GoNB and the cell's program), removed the kernel's temporary
// folder, and left the site it was writing into as it was. render -serve
// ends the same way, with status 0, and ends the browser of -pdf too.
func TestSignalEndsKernel(t *testing.T) {
	if testing.Short() {
		t.Skip("builds render and runs GoNB; skipped in -short mode")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "render")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	src := filepath.Join(t.TempDir(), "loop.ipynb")
	if err := os.WriteFile(src, []byte(loopNotebook), 0o644); err != nil {
		t.Fatal(err)
	}
	type signalCase struct {
		name string
		sig  syscall.Signal
		args []string
		// code is the exit status, says what stderr says last.
		code int
		says string
	}
	var cases []signalCase
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT} {
		cases = append(cases, signalCase{sig.String(), sig, nil, 1, "signal"})
	}
	// Serving ends by a signal as its normal end, the browser that prints
	// PDFs with the kernels.
	serve := []string{"-serve", "127.0.0.1:0"}
	if _, err := exec.LookPath("chromium"); err == nil {
		serve = append(serve, "-pdf")
	}
	cases = append(cases, signalCase{"serve", syscall.SIGTERM, serve, 0, "stopped serving"})
	for _, tc := range cases {
		sig := tc.sig
		t.Run(tc.name, func(t *testing.T) {
			site := filepath.Join(t.TempDir(), "site")
			tmp := t.TempDir()
			// A site rendered before, which the interrupted run must leave alone.
			if out, err := exec.Command(bin, "-o", site, "-execute", "never", src).CombinedOutput(); err != nil {
				t.Fatalf("render -execute never: %v\n%s", err, out)
			}
			before := snapshot(t, site)

			cmd := exec.Command(bin, append(append([]string{"-o", site, "-execute", "always", "-timeout", "5m"}, tc.args...), src)...)
			cmd.Dir = root
			cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
			var stderr syncBuffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()

			// Wait for the cell's program (GoNB names it gonb_ID) to run.
			var seen []proc
			deadline := time.Now().Add(4 * time.Minute)
			for {
				seen = descendants(cmd.Process.Pid)
				running := false
				for _, p := range seen {
					running = running || strings.HasPrefix(p.comm, "gonb_")
				}
				if running && strings.Contains(stderr.String(), "cell 1/1") {
					break
				}
				select {
				case err := <-exited:
					t.Fatalf("render exited before the signal: %v\n%s", err, stderr.String())
				case <-time.After(100 * time.Millisecond):
				}
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					t.Fatalf("the cell's program did not start; stderr:\n%s", stderr.String())
				}
			}
			time.Sleep(300 * time.Millisecond) // let the loop spin
			seen = descendants(cmd.Process.Pid)

			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			select {
			case err := <-exited:
				if code := cmd.ProcessState.ExitCode(); code != tc.code {
					t.Errorf("exit %d (%v), want %d; stderr:\n%s", code, err, tc.code, stderr.String())
				}
			case <-time.After(30 * time.Second):
				cmd.Process.Kill()
				t.Fatalf("render still running 30s after %v; stderr:\n%s", sig, stderr.String())
			}
			// Killed processes may take a moment to be torn down.
			deadline = time.Now().Add(5 * time.Second)
			for _, p := range seen {
				for alive(p) && time.Now().Before(deadline) {
					time.Sleep(50 * time.Millisecond)
				}
				if alive(p) {
					syscall.Kill(p.pid, syscall.SIGKILL)
					t.Errorf("process %d (%s) survived render", p.pid, p.comm)
				}
			}
			if len(seen) < 2 {
				t.Errorf("saw %d processes under render, want GoNB and the cell's program: %v", len(seen), seen)
			}
			left, err := os.ReadDir(tmp)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range left {
				t.Errorf("left in the temporary folder: %s", e.Name())
			}
			if after := snapshot(t, site); !maps.Equal(before, after) {
				t.Errorf("the site changed:\nbefore %v\nafter  %v", keys(before), keys(after))
			}
			if !strings.Contains(stderr.String(), tc.says) {
				t.Errorf("stderr does not say %q:\n%s", tc.says, stderr.String())
			}
		})
	}
}
