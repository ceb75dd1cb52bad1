//go:build linux

package kernel_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// sleepers returns the pids of the running "sleep ARG" processes.
func sleepers(arg string) []string {
	var pids []string
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, d := range dirs {
		cmdline, err := os.ReadFile(filepath.Join(d, "cmdline"))
		stat, _ := os.ReadFile(filepath.Join(d, "stat"))
		i := bytes.LastIndexByte(stat, ')')
		if err == nil && i > 0 && !bytes.HasPrefix(stat[i+1:], []byte(" Z")) && bytes.Equal(cmdline, []byte("sleep\x00"+arg+"\x00")) {
			pids = append(pids, filepath.Base(d))
		}
	}
	return pids
}

// TestRunEndsItsProcesses starts programs from a cell that leave the
// kernel's process group and session as a cell can: setsid -f, a double
// fork, Python's Popen(start_new_session=True), a new session that forks
// again. Before, 3 of 4 such children outlived a successful render with
// init as their parent; now every one ends with the kernel, whether it is
// closed or killed.
func TestRunEndsItsProcesses(t *testing.T) {
	tag := fmt.Sprintf("%d", 7000+rand.IntN(1000))
	cell := fmt.Sprintf(`sh setsid -f sleep %[1]s1
sh sh -c 'sleep %[1]s2 &'
sh setsid -f sh -c 'sleep %[1]s3 & sleep %[1]s4'
sh (setsid sleep %[1]s5 &) &`, tag)
	args := []string{tag + "1", tag + "2", tag + "3", tag + "4", tag + "5"}
	if _, err := exec.LookPath("python3"); err == nil {
		cell += fmt.Sprintf("\nsh python3 -c 'import subprocess; subprocess.Popen([\"sleep\", \"%s6\"], start_new_session=True)'", tag)
		args = append(args, tag+"6")
	}
	for _, end := range []string{"close", "kill"} {
		t.Run(end, func(t *testing.T) {
			k := startFake(t, "message")
			if _, _, err := run(t, k, cell, 20*time.Second); err != nil {
				t.Fatal(err)
			}
			time.Sleep(100 * time.Millisecond) // setsid -f returns before its child runs
			for _, a := range args {
				if len(sleepers(a)) == 0 {
					t.Fatalf("sleep %s is not running: the test starts nothing", a)
				}
			}
			if end == "kill" {
				k.Kill()
			}
			k.Close()
			for _, a := range args {
				if pids := sleepers(a); len(pids) > 0 {
					t.Errorf("sleep %s outlived the kernel (pids %v)", a, pids)
					for _, p := range pids {
						exec.Command("kill", "-KILL", p).Run()
					}
				}
			}
		})
	}
}
