//go:build unix

package kernel

import (
	"io"
	"os"
	"os/exec"
	"strconv"
	"syscall"
)

// setProcessGroup starts the kernel in a process group of its own, so that
// signals reach the programs it runs too, as Jupyter does.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

func interruptGroup(p *os.Process) error { return syscall.Kill(-p.Pid, syscall.SIGINT) }

func terminateGroup(p *os.Process) { syscall.Kill(-p.Pid, syscall.SIGTERM) }

func killGroup(p *os.Process) { syscall.Kill(-p.Pid, syscall.SIGKILL) }

// A guard ends a kernel whose client died without doing so (killed, or
// crashed where no deferred call runs: a panic in another goroutine, a
// fatal error, SIGQUIT): a shell in a process group of its own that waits
// on a pipe only the client holds. When the client closes the kernel it
// writes "done" and the guard exits; when the client dies the pipe closes
// unread, and the guard kills the kernel's process group and removes its
// folder.
type guard struct {
	cmd *exec.Cmd
	w   *os.File // w is the client's end of the pipe.
}

// guardScript is the guard's shell script; $1 is the kernel's process
// group and $2 its folder, passed as arguments, never as script text.
const guardScript = `read -r line; [ "$line" = done ] && exit 0; kill -KILL "-$1" 2>/dev/null; rm -rf -- "$2"`

// startGuard starts the guard of the kernel whose process group is pgid
// and whose folder is dir.
func startGuard(pgid int, dir string) (*guard, error) {
	r, w, err := os.Pipe() // close-on-exec: no other child holds w
	if err != nil {
		return nil, err
	}
	defer r.Close()
	cmd := exec.Command("/bin/sh", "-c", guardScript, "kernel-guard", strconv.Itoa(pgid), dir)
	cmd.Stdin = r
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		w.Close()
		return nil, err
	}
	return &guard{cmd: cmd, w: w}, nil
}

// release tells the guard the kernel is cleaned up and waits for it to
// exit.
func (g *guard) release() {
	if g == nil {
		return
	}
	io.WriteString(g.w, "done\n")
	g.w.Close()
	g.cmd.Wait()
}
