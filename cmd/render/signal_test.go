//go:build linux

package main

import (
	"bufio"
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

// An ending is a way a run of render ends before its notebook is done.
type ending struct {
	name string
	// sig is sent while the cell's program runs; with pipe set, render's
	// standard output and error go to a pipe whose reader closes it
	// instead (render ... 2>&1 | head -c 1).
	sig  syscall.Signal
	pipe bool
	// args are more of render's arguments.
	args []string
	// code is render's exit status; -1 when a signal killed it.
	code int
	// says is what render's standard error must say, if anything.
	says string
}

// TestSignalEndsKernel runs the real render on a notebook whose cell loops
// forever, in GoNB, and ends the run in each way a run can end early: by
// SIGTERM, SIGHUP or SIGINT (render stops the run and exits with status
// 1), by standard error closing under it (as SIGINT), by SIGKILL, and by
// SIGQUIT (the Go runtime exits as on an unrecovered panic, with status 2,
// running no deferred call). Each time, every process render started
// (GoNB, the cell's program, the kernel's guard) must end, the kernel's
// temporary folder must go, and the site render was writing into must be
// left byte for byte as it was. render -serve ends by SIGTERM the same
// way, with status 0, and ends the browser of -pdf too.
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
	endings := []ending{
		{name: "SIGTERM", sig: syscall.SIGTERM, code: 1, says: "signal"},
		{name: "SIGHUP", sig: syscall.SIGHUP, code: 1, says: "signal"},
		{name: "SIGINT", sig: syscall.SIGINT, code: 1, says: "signal"},
		{name: "closed pipe", pipe: true, code: 1},
		{name: "SIGKILL", sig: syscall.SIGKILL, code: -1},
		{name: "SIGQUIT", sig: syscall.SIGQUIT, code: 2, says: "goroutine"},
	}
	// Serving ends by a signal as its normal end, the browser that prints
	// PDFs with the kernels.
	serve := ending{name: "serve", sig: syscall.SIGTERM, args: []string{"-serve", "127.0.0.1:0"}, code: 0, says: "stopped serving"}
	if _, err := exec.LookPath("chromium"); err == nil {
		serve.args = append(serve.args, "-pdf")
	}
	for _, e := range append(endings, serve) {
		t.Run(e.name, func(t *testing.T) { endRun(t, bin, root, src, e) })
	}
}

// endRun runs render on src and ends the run as e says.
func endRun(t *testing.T, bin, root, src string, e ending) {
	site := filepath.Join(t.TempDir(), "site")
	tmp := t.TempDir()
	// A site rendered before, which the interrupted run must leave alone.
	if out, err := exec.Command(bin, "-o", site, "-execute", "never", src).CombinedOutput(); err != nil {
		t.Fatalf("render -execute never: %v\n%s", err, out)
	}
	before := snapshot(t, site)

	cmd := exec.Command(bin, append(append([]string{"-o", site, "-execute", "always", "-timeout", "5m"}, e.args...), src)...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	var stderr syncBuffer
	var r, w *os.File
	if e.pipe {
		var err error
		if r, w, err = os.Pipe(); err != nil {
			t.Fatal(err)
		}
		cmd.Stdout, cmd.Stderr = w, w
	} else {
		cmd.Stderr = &stderr
	}
	err := cmd.Start()
	if w != nil {
		w.Close() // render holds its own copy
	}
	if err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	// Every process seen under render, by pid and start time.
	seen := map[proc]bool{}
	look := func() {
		for _, p := range descendants(cmd.Process.Pid) {
			seen[p] = true
		}
	}
	running := func(prefix string) bool {
		for p := range seen {
			if strings.HasPrefix(p.comm, prefix) {
				return true
			}
		}
		return false
	}

	done := false
	if e.pipe {
		// As head does, the reader goes away while render runs: here as
		// the kernel starts, so that render's next line, when the cell
		// starts in the kernel, finds the pipe closed.
		lines := bufio.NewReader(r)
		for {
			line, err := lines.ReadString('\n')
			if err != nil {
				t.Fatalf("render's output ended before the kernel started: %v", err)
			}
			stderr.Write([]byte(line))
			if strings.Contains(line, "starting the kernel") {
				break
			}
		}
		r.Close()
		deadline := time.After(4 * time.Minute)
		for !done {
			look()
			select {
			case err = <-exited:
				done = true
			case <-time.After(5 * time.Millisecond): // the kernel may live a tenth of a second
			case <-deadline:
				cmd.Process.Kill()
				t.Fatal("render still running 4 minutes after its output closed")
			}
		}
		if !running("gonb") {
			t.Fatalf("the kernel never started: saw %v", seen)
		}
	} else {
		// Wait for the cell's program (GoNB names it gonb_ID) to run.
		deadline := time.Now().Add(4 * time.Minute)
		for {
			look()
			if running("gonb_") && strings.Contains(stderr.String(), "cell 1/1") {
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
		look()
		if err := cmd.Process.Signal(e.sig); err != nil {
			t.Fatal(err)
		}
		select {
		case err = <-exited:
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			t.Fatalf("render still running 30s after %v; stderr:\n%s", e.sig, stderr.String())
		}
		if len(seen) < 2 {
			t.Errorf("saw %d processes under render, want GoNB and the cell's program: %v", len(seen), seen)
		}
	}
	if code := cmd.ProcessState.ExitCode(); code != e.code {
		t.Errorf("exit %d (%v), want %d; stderr:\n%s", code, err, e.code, stderr.String())
	}
	// Killed processes may take a moment to be torn down, and a guard to
	// do its work.
	deadline := time.Now().Add(10 * time.Second)
	for p := range seen {
		for alive(p) && time.Now().Before(deadline) {
			time.Sleep(50 * time.Millisecond)
		}
		if alive(p) {
			syscall.Kill(p.pid, syscall.SIGKILL)
			t.Errorf("process %d (%s) survived render", p.pid, p.comm)
		}
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
	if !strings.Contains(stderr.String(), e.says) {
		t.Errorf("stderr does not say %q:\n%s", e.says, stderr.String())
	}
}
