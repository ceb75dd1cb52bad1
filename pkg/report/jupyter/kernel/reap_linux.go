package kernel

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// runKey is the environment variable that marks every process of one
// kernel's run: the kernel sets it and its programs inherit it, also those
// that leave its process group and session.
const runKey = "GRUNDY_KERNEL_RUN"

// subreaper makes this process, once, the parent of every orphan among
// its descendants (PR_SET_CHILD_SUBREAPER), so that a program a kernel
// starts in a session of its own (setsid -f, Popen(start_new_session=
// True), a double fork) stays in this process's tree instead of passing
// to init.
var subreaper sync.Once

// holdTree marks the kernel's run with marker and makes this process the
// subreaper of its tree.
func holdTree(cmd *exec.Cmd, marker string) {
	subreaper.Do(func() { unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) })
	if cmd.Env == nil {
		cmd.Env = os.Environ()
	}
	cmd.Env = append(cmd.Env, runKey+"="+marker)
}

// endTree kills every process of the kernel's run but the kernel, whose
// pid is given: the processes marked with marker and their descendants,
// and the kernel's descendants. A program may fork while it is being
// killed, so it looks again until none is left, for at most a few
// seconds. Those that had become this process's children are reaped.
func endTree(pid int, marker string) {
	self := os.Getpid()
	want := []byte(runKey + "=" + marker + "\x00")
	var reap []int
	deadline := time.Now().Add(3 * time.Second)
	for time.Now().Before(deadline) {
		procs := liveProcesses()
		children := map[int][]int{}
		var roots []int
		for p, info := range procs {
			children[info.ppid] = append(children[info.ppid], p)
			if p != pid && p != self && marked(p, want) {
				roots = append(roots, p)
			}
		}
		doomed := map[int]bool{}
		var walk func(p int)
		walk = func(p int) {
			for _, c := range children[p] {
				if !doomed[c] && c != self {
					doomed[c] = true
					walk(c)
				}
			}
		}
		for _, r := range roots {
			doomed[r] = true
			walk(r)
		}
		walk(pid)
		if len(doomed) == 0 {
			break
		}
		for p := range doomed {
			unix.Kill(p, unix.SIGKILL)
			if procs[p].ppid == self {
				reap = append(reap, p)
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	for _, p := range reap {
		var status unix.WaitStatus
		unix.Wait4(p, &status, 0, nil) // killed: it ends at once
	}
}

// procInfo is what endTree needs of a process.
type procInfo struct{ ppid int }

// liveProcesses returns the processes in /proc that are not zombies, by
// pid.
func liveProcesses() map[int]procInfo {
	entries, _ := os.ReadDir("/proc")
	procs := make(map[int]procInfo, len(entries))
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// The name, in parentheses, may hold anything: the fields
		// after the last ')' are the state and the parent.
		i := bytes.LastIndexByte(stat, ')')
		if i < 0 {
			continue
		}
		f := bytes.Fields(stat[i+1:])
		if len(f) < 2 || string(f[0]) == "Z" || string(f[0]) == "X" {
			continue
		}
		ppid, err := strconv.Atoi(string(f[1]))
		if err != nil {
			continue
		}
		procs[p] = procInfo{ppid: ppid}
	}
	return procs
}

// marked reports whether the environment of process p holds the
// variable want ("KEY=VALUE\x00"). A process of another user cannot be
// read, and is none of the run's.
func marked(p int, want []byte) bool {
	env, err := os.ReadFile("/proc/" + strconv.Itoa(p) + "/environ")
	return err == nil && (bytes.HasPrefix(env, want) || bytes.Contains(env, append([]byte{0}, want...)))
}
