//go:build unix

package kernel

import (
	"os"
	"os/exec"
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
